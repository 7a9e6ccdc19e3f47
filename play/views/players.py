"""Players who come and go: add, rename, move and remove players mid-game."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from play import services, table
from play.boards import Side
from play.models import Player, StartFrom
from play.views.common import game_of, page_context, reload, render_game


def _players_page(request, game_, status=200, problem="", typed=None):
    b = services.board(reload(game_))
    context = page_context(
        request,
        b,
        False,
        problem=problem,
        typed=typed or {},
        lowest=min((s.total for s in b.playing_sides), default=0),
        seats=[(p, table.can_move_up(b, i), table.partner(b, p)) for i, p in enumerate(b.active)],
        sits_after=table.new_seats_after(b),
        start_choices=StartFrom,
    )
    return render(request, "play/players.html", context, status=status)


@require_safe
def players(request: HttpRequest, code) -> HttpResponse:
    """Add, remove and rename players, and fix the seat order (members only)."""
    return _players_page(request, game_of(code, request=request))


def _refused(request, game_, exc, typed=None):
    return _players_page(request, game_, status=409, problem=str(exc), typed=typed)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@require_POST
def add_player(request: HttpRequest, code) -> HttpResponse:
    """Adds a player, or with pairs a pair (``name`` and ``partner``)."""
    game_ = game_of(code, request=request)
    typed = {
        "name": request.POST.get("name", "")[:200],
        "partner": request.POST.get("partner", "")[:200],
        "start_from": request.POST.get("start_from", ""),
        "amount": request.POST.get("amount", "")[:20],
    }
    amount = _int(typed["amount"]) if typed["start_from"] == StartFrom.AGREED else None
    pairs = services.rules_of(game_.revision).pairs
    joined: Sequence[Player]
    try:
        if pairs:
            joined = table.add_pair(
                game_, [typed["name"], typed["partner"]], typed["start_from"], amount
            )
        else:
            joined = [table.add_player(game_, typed["name"], typed["start_from"], amount)]
    except table.Refused as exc:
        return _refused(request, game_, exc, typed)
    points = joined[0].start_points
    if pairs:
        text = ngettext(
            "%(name)s join the game from the next round, starting from %(points)s point.",
            "%(name)s join the game from the next round, starting from %(points)s points.",
            points,
        )
    else:
        text = ngettext(
            "%(name)s joins the game from the next round, starting from %(points)s point.",
            "%(name)s joins the game from the next round, starting from %(points)s points.",
            points,
        )
    messages.success(request, text % {"name": Side.name_of(joined), "points": points})
    return redirect("play:players", code=code)


@require_POST
def rename_player(request: HttpRequest, code, player_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    name = request.POST.get("name", "")[:200]
    try:
        player = table.rename_player(game_, player_id, name)
    except table.Refused as exc:
        return _refused(request, game_, exc, {"rename": player_id, "rename_name": name})
    messages.success(request, _("Renamed: %(name)s.") % {"name": player.name})
    return redirect("play:players", code=code)


@require_POST
def move_player(request: HttpRequest, code, player_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    try:
        player = table.move_up(game_, player_id, _int(request.POST.get("seat")))
    except table.Refused as exc:
        return _refused(request, game_, exc)
    messages.success(
        request, _("%(name)s moved one seat up; the deal follows.") % {"name": player.name}
    )
    return redirect("play:players", code=code)


@require_http_methods(["GET", "POST"])
def remove_player(request: HttpRequest, code, player_id) -> HttpResponse:
    """Removes a player, or with pairs the player's pair (asking first)."""
    game_ = game_of(code, request=request)
    if request.method == "GET":
        b = services.board(game_)
        player = next((p for p in b.active if p.pk == player_id), None)
        if player is None:
            raise Http404(_("This player is not at the table."))
        side = b.side_of(player) if b.rules.pairs else None
        name = side.name if side else player.name
        context = page_context(request, b, False, player=player, name=name, pair=bool(side))
        return render(request, "play/remove_player.html", context)
    try:
        leaving = table.remove_player(game_, player_id)
    except table.Refused as exc:
        return _refused(request, game_, exc)
    name = Side.name_of(leaving)
    if len(leaving) > 1:
        text = _("%(name)s have left the game; their rounds stay in the history.") % {"name": name}
    else:
        text = _("%(name)s has left the game; their rounds stay in the history.") % {"name": name}
    messages.success(request, text)
    return redirect("play:players", code=code)


@require_POST
def choose_dealer(request: HttpRequest, code) -> HttpResponse:
    """Who deals the next round, chosen on the board; the deal passes on from them."""
    game_ = game_of(code, request=request)
    number = _int(request.POST.get("round"))
    try:
        player = table.choose_dealer(game_, _int(request.POST.get("player")), number)
    except table.Refused as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return render_game(request, b, status=409, problem=str(exc))
    messages.success(
        request,
        _("%(name)s deals round %(number)s; the deal passes on from there.")
        % {"name": player.name, "number": number},
    )
    return redirect(reverse("play:game", args=[code]) + "#board")
