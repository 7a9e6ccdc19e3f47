"""The scoreboard: the game page, its poll, and the history of rounds."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from play import chart, recent, services
from play.models import Game
from play.views.common import board_etag, game_of, page_context, poll_etag, render_game
from unosite.htmx import HtmxHttpRequest


@require_safe
def game(request: HttpRequest, code, spectator=False) -> HttpResponse:
    game_ = game_of(code, spectator, for_board=True, page=True, request=request)
    recent.remember(request, game_, spectator)
    return render_game(request, services.board(game_), spectator)


@require_safe
def events(request: HttpRequest, code) -> HttpResponse:
    """The stream of a game's changes, for every phone on its board (see play/push.py).
    Behind nginx's Nchan the engine holds the stream and asks here only whether the game
    exists: 200, or 404 as its pages. Reached without the engine, the stream ends at once
    (a plain answer, which a browser does not retry) and the phone keeps polling."""
    if not Game.objects.filter(spectator_code=code).exists():  # once per phone's stream
        raise Http404(_("No game has this link."))
    response = HttpResponse(content_type="text/plain; charset=utf-8")
    patch_cache_control(response, private=True, no_store=True)
    return response


@require_safe
@condition(etag_func=poll_etag)
def board(request: HtmxHttpRequest, code, spectator=False) -> HttpResponse:
    """The scoreboard alone, for polling: a 304 when nothing changed since the ETag. A phone
    that may no longer keep score (the card on the table was renewed) is told why, in a
    line its script shows."""
    try:
        game_ = game_of(code, spectator, for_board=True, request=request)
    except PermissionDenied as exc:
        if request.htmx:
            return HttpResponseForbidden(str(exc), content_type="text/plain; charset=utf-8")
        raise
    b = services.board(game_)
    context = page_context(request, b, spectator, fragment=True)
    response = render(request, "play/game.html#board", context)
    patch_cache_control(response, private=True, no_cache=True)
    # The ETag of the board as rendered, not the one the cache may hold by now.
    response["ETag"] = board_etag(code, b.game.version, spectator)
    return response


@require_safe
def history(request: HttpRequest, code, spectator=False) -> HttpResponse:
    b = services.board(game_of(code, spectator, request=request))
    names = [s.name for s in b.sides]
    context = page_context(
        request,
        b,
        spectator,
        chart=chart.build(names, [r.totals for r in b.rounds], b.rules.goal),
        rows=list(reversed(b.rounds)),
        # The chart's description: each side's name and total ("After N rounds: Ann 40, ...").
        totals=", ".join(f"{s.name} {s.total}" for s in b.sides),
    )
    return render(request, "play/history.html", context)
