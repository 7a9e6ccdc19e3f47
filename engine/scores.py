"""A simulated round in the scoring module's terms: its functions, never a copy of them."""

from __future__ import annotations

from domain import scoring
from engine.cards import scoring_key
from engine.round import Outcome


def hand_points(hand: list[int], rules: scoring.Rules) -> int:
    return scoring.hand_points([scoring_key(c) for c in hand], rules)


def round_result(outcome: Outcome, rules: scoring.Rules) -> scoring.RoundResult:
    """Who went out and the points left in every other hand."""
    return scoring.RoundResult(
        went_out=outcome.went_out,
        hands={
            seat: hand_points(hand, rules)
            for seat, hand in enumerate(outcome.hands)
            if seat != outcome.went_out
        },
    )
