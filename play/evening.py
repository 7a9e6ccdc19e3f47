"""The evening: the games one table plays in a row, and how many each player has won.

Games form a series when each was started with "Play again" from the one before, with
the same rule set, and began within ``EVENING_GAP`` of the previous game's last change (a
table that plays again next week starts a new evening). The rules are plain functions on
``PlayedGame``; ``of_game`` reads them from the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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


# --- From the database -------------------------------------------------------------


def _winners(pk: int, version: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A game's players and the players of its winning sides, kept per version."""
    from play import services  # services builds boards; evening is used by views only

    def compute():
        b = services.board(services.load_game(pk=pk))
        won = tuple(p.name for side in b.winners for p in side.players)
        return tuple(p.name for p in b.players), won

    return cache.get_or_set(f"play:winners:{pk}:{version}", compute, 24 * 3600)


def of_game(game) -> Series | None:
    """The series ``game`` belongs to. One query for the candidates; each game's players
    and winners are kept in the cache per game version (a finished game rarely changes)."""
    from play.models import Game

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
