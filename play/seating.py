"""Who sits at the table when: what scoring and the board need to know of players who come
and go (changing the players is play.table's)."""

from __future__ import annotations

from collections.abc import Sequence

from domain import scoring
from play.models import Player


def playing(players: Sequence[Player]) -> list[Player]:
    """The players still at the table, in seat order."""
    return [p for p in players if p.left_after is None]


def in_round(players: Sequence[Player], number: int) -> list[Player]:
    """The players who took part in round ``number``: seated by then and not gone yet."""
    return [
        p
        for p in players
        if p.joined_after < number and (p.left_after is None or p.left_after >= number)
    ]


def starts(players: Sequence[Player], rules: scoring.Rules) -> list[tuple[int, int]]:
    """Each side's starting points and after how many rounds (for scoring.standing)."""
    result = [(0, 0)] * scoring.side_count(len(players), rules)
    for p in players:  # partners join together, with the same start
        result[scoring.side_of(p.seat, len(players), rules)] = (p.start_points, p.joined_after)
    return result
