"""One game for the whole table: finding it from the card, more scorers, the big screen.

- The table link (``/r/<rules code>/t/<table code>/``, carried by the printed card) is the
  rules page with the games of that table in progress on top (see play.tables).
- "Let another phone keep score" (``/g/<code>/scorer/``): the game link's QR code, large,
  on a phone that already keeps score; there, the host's phone can renew the table's card
  (``/g/<code>/new-card/``), which ends scoring through the old one.
- The table display (``/w/<spectator code>/table/``): a read-only big screen for a tablet
  or a TV in the middle of the table, updating by itself.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST, require_safe

from play import services, tables
from play.boards import Board
from play.views.common import Links, game_of, page_context, poll_etag, scoring_link
from rulesets import access, sharing
from rulesets.views import reference_html


@require_safe
def table(request: HttpRequest, code, table) -> HttpResponse:
    """The rules page as the table card's QR code opens it: with this table's games."""
    ruleset = access.load(code)
    tables.remember(request, ruleset, table)
    revision = ruleset.current_revision
    can_edit = access.can_edit(request, ruleset)
    context = {
        "ruleset": ruleset,
        "revision": revision,
        "can_edit": can_edit,
        "edit_link": None,
        "reference_html": reference_html(revision),
        "in_progress": tables.in_progress(ruleset, table),
    }
    response = render(request, "rulesets/rules.html", context)
    # Who is playing at this table is for this table: no shared cache (and, as every page but
    # the home page, no search engine: unosite.guard).
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_safe
def scorer(request: HttpRequest, code) -> HttpResponse:
    """The game link's QR code, large: another phone scans it to keep score too."""
    game = game_of(code, request=request)
    links = Links(game, False)
    context = {
        "game": game,
        "links": links,
        "game_url": scoring_link(request, game),
        "local": sharing.is_local(request),
    }
    return render(request, "play/scorer.html", context)


@require_POST
def new_card(request: HttpRequest, code) -> HttpResponse:
    """A new table link for this game's table (a new card to print): phones that kept
    score through the old card no longer can. Only a phone with the game link may."""
    game = game_of(code, request=request)
    if game.through_table:
        raise PermissionDenied(
            _(
                "Only a phone that keeps score with the game link can renew the card on the "
                "table. Nothing was changed."
            )
        )
    if request.POST.get("table", "") != game.table:
        # A second tap, or a page from before another phone renewed it: this browser
        # prints the card as it is now.
        tables.remember(request, game.revision.ruleset, game.table)
        messages.info(
            request,
            _("The card had already been renewed: here it is. Nothing was changed."),
        )
    else:
        tables.renew(request, game)
        messages.success(
            request,
            _(
                "This table has a new card: print it and put it on the table. Phones that "
                "kept score through the old card can no longer; the game link still works."
            ),
        )
    return redirect("rulesets:card", code=game.revision.ruleset.code)


def _display_etag_of(board_etag: str | None) -> str | None:
    """The big screen's ETag from the scoreboard's: the same game and version, another
    fragment."""
    return board_etag and '"display-' + board_etag.strip('"') + '"'


def _display_context(request, b: Board) -> dict:
    # The places, the leader and what each side needs are the phones' own rows
    # (page_context: standings.rows of the sides still playing).
    context = page_context(request, b, True)
    context["etag"] = _display_etag_of(context["etag"])
    return context


def _display_etag(request, code):
    return _display_etag_of(poll_etag(request, code, spectator=True))


@require_safe
def display(request: HttpRequest, code) -> HttpResponse:
    b = services.board(game_of(code, spectator=True, for_board=True))
    return render(request, "play/display.html", _display_context(request, b))


@require_safe
@condition(etag_func=_display_etag)
def display_board(request: HttpRequest, code) -> HttpResponse:
    """The big screen's scores alone, for polling: a 304 when nothing changed."""
    b = services.board(game_of(code, spectator=True, for_board=True))
    context = _display_context(request, b)
    response = render(request, "play/display.html#scores", context)
    patch_cache_control(response, private=True, no_cache=True)
    response["ETag"] = context["etag"]  # the board as rendered, not what the cache holds now
    return response
