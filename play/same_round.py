"""The same round entered on two phones: when a phone's entry is the round another phone
saved first, it is merged with it (play.services.record_round), never recorded twice.

Two entries are the same round when the same player went out and every hand that scores
holds the same points (a form sends points, whether they were typed or added up card by
card). Only the round the phone's form was filled in for is compared.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import scoring
from play.models import Game, Player, Round


def same_result(
    rules: scoring.Rules, seats: int, a: scoring.RoundResult, b: scoring.RoundResult
) -> bool:
    """Whether two entries of a round are the same: the same player went out, and every
    hand that scores holds the same points. A hand that does not score (the partner's of
    the player who went out, with pairs) may be filled in or not."""
    if a.went_out != b.went_out:
        return False
    if not rules.counts_points:
        return True
    counted = scoring.counted_seats(a.went_out, seats, rules)
    return all(a.hands.get(seat) == b.hands.get(seat) for seat in counted)


def saved(
    game: Game,
    players: Sequence[Player],
    number: int | None,
    played: scoring.RoundResult,
    rules: scoring.Rules,
) -> Round | None:
    """Round ``number`` of the locked ``game``, when it is the same as ``played``: a second
    phone entered the round another phone saved first. Anything else: None."""
    round_ = game.rounds.filter(number=number).first() if number else None
    if round_ is None:
        return None
    seat_of = {p.pk: p.seat for p in players}
    hands = {seat_of[h.player_id]: h.points for h in round_.hands.all()}
    entered = scoring.RoundResult(went_out=seat_of[round_.went_out_id], hands=hands)
    return round_ if same_result(rules, len(players), entered, played) else None
