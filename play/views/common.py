"""What every page of one game needs: its game from the link, its links, the page's
context and the scoreboard page itself."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from domain import scoring
from play import evening, removed_rounds, services, standings, table, tables, versions
from play.boards import Board
from play.forms import RoundForm, new_submission_id
from play.models import Game
from rulesets.models import RuleSet
from unosite.links import absolute_url, is_local

POLL_SECONDS = 3


def _load(lookup: dict, for_board: bool, page: bool) -> Game:
    if for_board:
        return services.load_game_for_board(current=page, **lookup)
    return services.load_game(**lookup)


def game_of(
    code: str,
    spectator: bool = False,
    for_board: bool = False,
    page: bool = False,
    request=None,
) -> Game:
    """The game of a link; ``for_board``: with only what the scoreboard shows of its rules
    (the scoreboard, its poll and recording a round: see services.load_game_for_board),
    and with ``page``, what the whole page shows (whether the rules have changed since).

    Under the game link (not ``spectator``), a spectator code keeps score too when
    ``request`` comes from a phone at the game's table, through its card (see
    play.tables); anywhere else it is refused, saying why."""
    lookup = {"spectator_code": code} if spectator else {"code": code}
    try:
        return _load(lookup, for_board, page)
    except Game.DoesNotExist:
        pass
    if not spectator:
        try:
            game = _load({"spectator_code": code}, for_board, page)
        except Game.DoesNotExist:
            game = None
        if game is not None and request is not None and tables.scores_here(request, game):
            game.link_code = code
            return game
        if game is not None:
            raise PermissionDenied(tables.refusal(request, game))
        if RuleSet.objects.filter(code=code).exists():
            raise PermissionDenied(
                _(
                    "This is the link of the rules, not of a game: it never lets a phone keep "
                    "score. Scan the card on the table to keep score."
                )
            )
    raise Http404(_("No game has this link."))


def reload(game: Game) -> Game:
    """The game read again (after a change or a refusal), reached by the same link."""
    again = services.load_game(pk=game.pk)
    again.link_code = game.link_code
    return again


def scoring_link(request, game: Game) -> str:
    """What this phone shows another phone to keep score: the game link, or on a phone
    that keeps score through the table's card, the card's table link."""
    if game.through_table:
        return absolute_url(request, tables.table_path(game.revision.ruleset, game.table))
    return absolute_url(request, reverse("play:game", args=[game.code]))


@dataclass(frozen=True)
class Links:
    """The URLs a page of one game links to, under the game link or the spectator link."""

    game: Game
    spectator: bool

    def _url(self, name: str, *args) -> str:
        if self.spectator:
            return reverse(f"play:watch_{name}", args=[self.game.spectator_code, *args])
        return reverse(f"play:{name}", args=[self.game.url_code, *args])

    @property
    def page(self):
        return self._url("game")

    @property
    def board(self):
        return self._url("board")

    @property
    def history(self):
        return self._url("history")

    @property
    def rules(self):
        """The rules the game plays by (its revision), not the rule set's current ones."""
        return self._url("rules")

    @property
    def csv(self):
        return self._url("csv")

    @property
    def json(self):
        return self._url("json")

    @property
    def qr_svg(self):
        return self._url("qr_svg")

    @property
    def events(self):
        return reverse("play:events", args=[self.game.spectator_code])

    @property
    def watch(self):
        return reverse("play:watch_game", args=[self.game.spectator_code])

    @property
    def watch_qr_svg(self):
        return reverse("play:watch_qr_svg", args=[self.game.spectator_code])


def board_etag(code: str, version: int, spectator: bool) -> str:
    """The scoreboard's ETag: the game, by the code of the link it was asked for (a
    spectator's never holds the players' code), its version, which every change bumps, and
    the language it is written in (no query: the middleware chose it from the request)."""
    return f'"{code}-{"s" if spectator else "m"}{version}-{translation.get_language()}"'


def page_context(request, b: Board, spectator: bool, **extra) -> dict:
    links = Links(b.game, spectator)
    etag = board_etag(
        b.game.spectator_code if spectator else b.game.url_code, b.game.version, spectator
    )
    standing_rows = standings.rows(b.playing_sides, b.rules, b.standing.finished)
    context = {
        "b": b,
        "game": b.game,
        "spectator": spectator,
        "links": links,
        "etag": etag,
        "poll_seconds": POLL_SECONDS,
        # The game's stream of changes, where a push engine holds it (play/push.py).
        "events": links.events if settings.PUSH_URL else "",
        "rendered_at": int(time.time()),  # for the page's script: when this copy was made
        "unscored_partners": _unscored_partners(b),
        "watch_url": absolute_url(request, links.watch),
        "local": is_local(request),
        "cards": _keypad(b.rules),
        "standing_rows": standing_rows,
        "standing_summary": standings.summary(b.playing_sides, b.rules, len(b.rounds)),
        "table_notes": table.notes(b.players, b.standing.totals, b.rules),
        "series": evening.of_game(b.game),
    }
    if b.standing.finished:
        # The end of the game, to share: the final places in words and their picture,
        # behind the read-only link.
        context["result_text"] = standings.result_text(
            b.revision.name, b.winner_text, standing_rows, b.rules
        )
        image = reverse("play:result_image", args=[b.game.spectator_code])
        context["result_image_url"] = absolute_url(
            request, f"{image}?lang={translation.get_language()}"
        )
    if b.removed is not None:
        context["removed"] = b.removed
        context["removed_text"] = removed_rounds.offer_text(b.removed, b.players)
    if not spectator:
        context["game_url"] = scoring_link(request, b.game)
    context.update(extra)
    return context


def _unscored_partners(b: Board) -> str:
    """For the round form's script, as JSON: who went out -> the seat whose hand does not
    score then (see scoring.unscored_partner)."""
    n = len(b.players)
    partners = {seat: scoring.unscored_partner(seat, n, b.rules) for seat in range(n)}
    return json.dumps({seat: other for seat, other in partners.items() if other is not None})


def _keypad(rules: scoring.Rules) -> list[dict]:
    return [
        {"key": key, "label": label, "points": scoring.card_points(key, rules)}
        for key, label in rules.cards
    ]


def _next_round(b: Board) -> int:
    """The number the round a new record form records is expected to get."""
    return len(b.rounds) + 1


def record_form(b: Board, data=None, submission_id=None) -> RoundForm:
    initial = {
        "submission_id": submission_id or new_submission_id(),
        "expected_round": _next_round(b),
    }
    return RoundForm(
        data,
        players=b.active,
        rules=b.rules,
        editing=False,
        seat_count=len(b.players),
        initial=initial,
    )


def render_game(request, b: Board, spectator=False, form=None, status=200, **extra):
    """The scoreboard page. ``form``: the record form sent back (with errors, or after a
    conflict); None for a new one (under the game link, while the game goes on); False for
    none."""
    if form is None and not spectator and not b.standing.finished:
        form = record_form(b)
    context = page_context(request, b, spectator, form=form or None, **extra)
    return render(request, "play/game.html", context, status=status)


def poll_etag(request, code, spectator=False) -> str | None:
    """The ETag of the board as it is now, from the cache (no query) while it has it."""
    version = versions.poll_version(code, spectator)
    return None if version is None else board_etag(code, version, spectator)
