"""What a scenario sees, and the table it is played at: the words the checks of the rules
page read (``Seen``), the registry of the questions' scenarios (``SCENARIOS``, filled by
scenarios.py and deal_scenarios.py), and the helpers that set the table.

Seat 0 is "you" unless a scenario says otherwise; the other seats hold a few number cards
they cannot play or answer with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from engine.cards import card
from engine.rules import Knobs, Rules
from tests.engine_scenarios.ask import Facts, Position

RED, YELLOW, GREEN, BLUE = range(4)
OTHERS = (card(YELLOW, 1), card(YELLOW, 2), card(GREEN, 3))  # nothing to answer or jump in with
RED_3 = card(RED, 3)
CHOICES = {f.name for f in fields(Knobs)}  # the choices the engine's players can make


@dataclass(frozen=True)
class Seen:
    """What the engine did, in the words an answer uses."""

    verdict: bool | None = None  # the yes or no of the question; None: not a yes/no one
    cards: frozenset[int] = frozenset()  # the numbers of cards the answer may quote
    misses: bool | None = None  # the player spoken to misses their turn
    next: frozenset[str] = frozenset()  # who plays next: "you", "other", "after you"
    must: bool | None = None  # a playable drawn card must be played (keeping it is no choice)
    # Named facts the engine was asked about, and whether they held: ("colour stands", True).
    # A sentence that claims one (tests/rulesets/test_answers_engine.py's CLAIMS) must find
    # it held.
    holds: frozenset[tuple[str, bool]] = frozenset()


Scenario = Callable[[Rules, int], Seen]
SCENARIOS: dict[str, Scenario] = {}  # question id -> its scenario


def holding(**facts: bool) -> frozenset[tuple[str, bool]]:
    """The named facts of ``Seen.holds``: holding(colour_stands=True)."""
    return frozenset(facts.items())


def scenario(question_id: str) -> Callable[[Scenario], Scenario]:
    def register(play: Scenario) -> Scenario:
        SCENARIOS[question_id] = play
        return play

    return register


# --- Setting the table ----------------------------------------------------------------


def table(players: int, you: tuple[int, ...], **position: Any) -> Position:
    """Seat 0 holds ``you``, every other seat OTHERS."""
    return Position(hands=(you, *([OTHERS] * (players - 1))), **position)


def direction(rules: Rules) -> int:
    return -1 if rules.counterclockwise else 1


def next_seat(rules: Rules, players: int) -> int:
    """The seat after seat 0 in the direction of play."""
    return direction(rules) % players


def role(facts: Facts, you: int, players: int) -> str:
    """Who plays next, seen from seat ``you``: "you", "after you", or "other"."""
    if facts.next == you:
        return "you"
    if players > 2 and facts.next == (you + facts.direction) % players:
        return "after you"
    return "other"


def drew(facts: Facts, *seats: int) -> frozenset[int]:
    """The numbers of cards these seats drew (every seat that drew, when none is named)."""
    if seats:
        return frozenset(facts.drew[s] for s in seats)
    return frozenset(k for k in facts.drew if k)
