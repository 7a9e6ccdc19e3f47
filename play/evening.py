"""The evening: the games one table plays in a row, and how many each player has won.

Games form a series when each was started from the one before, with the same rule set,
and began within ``EVENING_GAP`` of the previous game's last change (a table that plays
again next week starts a new evening). A game follows another when it was started with
"Play again", or afresh from the start page by a phone of that table with the same
players (``continues``): a family that closes the tab and starts again from the card
keeps its evening. A phone "of that table" is one that had the earlier game's game link
(its recent games, kept in its own session): a rule set's link is public, and another
family with the same names on the same rules the same evening never joins this one.

The rules are plain functions on ``PlayedGame``; ``of_game`` and ``continued_by`` read
them from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from django.core.cache import cache
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play import services
from play.models import Game, Player
from unosite import cache as cache_keys

EVENING_GAP = timedelta(hours=4)
MAX_GAMES = 30  # an evening longer than this counts its last thirty games


@dataclass(frozen=True)
class PlayedGame:
    pk: int
    previous: int | None
    ruleset: int
    started: datetime
    last_change: datetime
    finished: bool
    players: tuple[str, ...] = ()  # in seat order
    winners: tuple[str, ...] = ()  # the players of the winning side(s); empty until it ends
    at_table: tuple[str, ...] = ()  # the players still at the table at its end
    followed: bool = False  # a next game was started from it already


@dataclass(frozen=True)
class Series:
    games: list[PlayedGame]  # oldest first, the current game last
    tally: list[tuple[str, int]]  # (name, games won), most wins first

    @property
    def number(self) -> int:
        """Which game of the evening the current one is."""
        return len(self.games)

    @property
    def finished_games(self) -> int:
        return sum(1 for g in self.games if g.finished)

    @property
    def text(self) -> str:
        """ "After 2 games: Ann 2, Ben 0." """
        n = self.finished_games
        scores = ", ".join(f"{name} {wins}" for name, wins in self.tally)
        return ngettext(
            "After %(count)s game: %(scores)s.", "After %(count)s games: %(scores)s.", n
        ) % {"count": n, "scores": scores}

    @property
    def title(self) -> str:
        return _("Game %(number)s of the evening") % {"number": self.number}


def chain(current: PlayedGame, earlier: Sequence[PlayedGame]) -> list[PlayedGame]:
    """The games of ``current``'s evening, oldest first, from candidates ``earlier``.

    Walks back along "Play again" while the game before has the same rule set and this one
    began within EVENING_GAP of the other's last change.
    """
    by_pk = {g.pk: g for g in earlier}
    games = [current]
    while len(games) < MAX_GAMES:
        after = games[-1]
        before = by_pk.get(after.previous) if after.previous is not None else None
        if before is None or before.ruleset != after.ruleset:
            break
        if after.started - before.last_change > EVENING_GAP:
            break
        games.append(before)
    return games[::-1]


def tally(games: Sequence[PlayedGame]) -> list[tuple[str, int]]:
    """Games won per player over the evening, most first (then in order of first seat).

    A shared win counts for each who shared it; in pairs, for both partners. Everyone who
    played a game of the evening is listed, with 0 if they have not won yet. Names are
    matched without regard to case (the names of a game are unique that way).
    """
    wins: dict[str, int] = {}
    shown: dict[str, str] = {}
    for game in games:
        for name in game.players:
            key = name.casefold()
            wins.setdefault(key, 0)
            shown[key] = name  # the latest spelling
        for name in game.winners:
            key = name.casefold()
            wins[key] = wins.get(key, 0) + 1
            shown.setdefault(key, name)
    order = list(wins)
    ranked = sorted(order, key=lambda key: (-wins[key], order.index(key)))
    return [(shown[key], wins[key]) for key in ranked]


def series(current: PlayedGame, earlier: Sequence[PlayedGame]) -> Series | None:
    """The evening's series, or None while this is its first game."""
    games = chain(current, earlier)
    if len(games) < 2:
        return None
    return Series(games=games, tally=tally(games))


def _same_players(a: Sequence[str], b: Sequence[str]) -> bool:
    """The same people, in any seat order; names are matched without regard to case."""
    return sorted(n.casefold() for n in a) == sorted(n.casefold() for n in b)


def continues(
    candidates: Sequence[PlayedGame], ruleset: int, names: Sequence[str], now: datetime
) -> PlayedGame | None:
    """The earlier game that a game started afresh now, with ``names`` under ``ruleset``,
    continues (its evening goes on), or None.

    ``candidates`` are the games the starting phone had the game link of. One qualifies
    when it has the same rule set, is over, has no next game yet, had the same players at
    the table at its end (in any order, case ignored) and changed last within EVENING_GAP.
    The latest of them wins. A game abandoned half-way is not continued: a table that
    starts again because something was wrong does not make it game 2 of an evening.
    """
    fitting = [
        g
        for g in candidates
        if g.ruleset == ruleset
        and g.finished
        and not g.followed
        and _same_players(g.at_table, names)
        and timedelta(0) <= now - g.last_change <= EVENING_GAP
    ]
    return max(fitting, key=lambda g: (g.last_change, g.pk), default=None)


# --- From the database -------------------------------------------------------------


def _winners(pk: int, version: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A game's players and the players of its winning sides, kept per version."""

    def compute():
        b = services.board(services.load_game(pk=pk))
        won = tuple(p.name for side in b.winners for p in side.players)
        return tuple(p.name for p in b.players), won

    key = cache_keys.key("winners", pk, version)
    return cast(tuple[tuple[str, ...], tuple[str, ...]], cache.get_or_set(key, compute, 24 * 3600))


def of_game(game) -> Series | None:
    """The series ``game`` belongs to. One query for the candidates; each game's players
    and winners are kept in the cache per game version (a finished game rarely changes)."""
    if game.previous_id is None:  # the first game of its evening: no query
        return None
    ruleset = game.revision.ruleset_id
    since = game.created_at - MAX_GAMES * EVENING_GAP
    rows = (
        Game.objects.filter(revision__ruleset_id=ruleset, created_at__gte=since, pk__lte=game.pk)
        .order_by("-pk")
        .values_list("pk", "previous_id", "created_at", "updated_at", "finished_at", "version")[
            : MAX_GAMES * 4
        ]
    )
    found = {}
    versions = {}
    for pk, previous, created, updated, finished, version in rows:
        versions[pk] = version
        found[pk] = PlayedGame(
            pk=pk,
            previous=previous,
            ruleset=ruleset,
            started=created,
            last_change=updated,
            finished=finished is not None,
        )
    if game.pk not in found:
        return None
    games = chain(found[game.pk], list(found.values()))
    if len(games) < 2:
        return None
    full = []
    for g in games:
        players, won = _winners(g.pk, versions[g.pk])
        full.append(
            PlayedGame(
                pk=g.pk,
                previous=g.previous,
                ruleset=g.ruleset,
                started=g.started,
                last_change=g.last_change,
                finished=g.finished,
                players=players,
                winners=won if g.finished else (),
            )
        )
    return series(full[-1], full[:-1])


def continued_by(ruleset_id: int, names: Sequence[str], known: Sequence[int], now=None):
    """The game that a game started afresh with ``names`` continues (see ``continues``),
    among ``known``, the games whose game link the starting phone had; or None. One query."""
    if not known:
        return None
    now = now or timezone.now()
    seated = Prefetch(
        "players", queryset=Player.objects.filter(left_after=None).only("game", "name")
    )
    games = {
        g.pk: g
        for g in Game.objects.filter(
            pk__in=list(known)[:MAX_GAMES],
            revision__ruleset_id=ruleset_id,
            finished_at__isnull=False,
            next_game__isnull=True,
            updated_at__gte=now - EVENING_GAP,
        )
        .only("pk", "previous_id", "created_at", "updated_at", "finished_at", "revision")
        .prefetch_related(seated)
    }
    candidates = [
        PlayedGame(
            pk=g.pk,
            previous=g.previous_id,
            ruleset=ruleset_id,
            started=g.created_at,
            last_change=g.updated_at,
            finished=True,
            at_table=tuple(p.name for p in g.players.all()),
        )
        for g in games.values()
    ]
    found = continues(candidates, ruleset_id, names, now)
    return games[found.pk] if found else None
