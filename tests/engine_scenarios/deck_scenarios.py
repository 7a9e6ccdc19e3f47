"""The positions the rules page's sentences on the 112-card deck speak of (its Wild
Shuffle Hands and blank Wilds), played by the engine: ``RULES`` (rule id -> scenario) joins
rule_scenarios.py's RULE_SCENARIOS; the "Can I ...?" answers' are in scenarios.py."""

from __future__ import annotations

from random import Random

from engine.cards import SH, card
from engine.round import play_round
from engine.rules import Rules
from tests.engine_scenarios.ask import Facts, Position, after, may_play
from tests.engine_scenarios.scenarios import (
    blank_wild_played_as_a_wild,
    shuffle_hands_last_card,
    special_wild_answers_a_stack,
)
from tests.engine_scenarios.seen import (
    GREEN,
    OTHERS,
    RED,
    RED_3,
    YELLOW,
    Scenario,
    Seen,
    holding,
    next_seat,
    table,
)


def deck_size(rules: Rules, players: int) -> Seen:
    """The cards of a whole round: 108, or 112 with the modern deck."""
    held: list[int] = []

    def count(hands: list[list[int]], pile: list[int], discard: list[int]) -> None:
        held[:] = [sum(map(len, hands)) + len(pile) + len(discard)]

    play_round(rules, players, Random(0), check=count)
    return Seen(cards=frozenset(held))


def dealt_from_the_left(facts: Facts, players: int, total: int) -> bool:
    """The hands after seat 0's Wild Shuffle Hands: ``total`` cards dealt one at a time
    from seat 1 (the player to the left) round the table."""
    expected = [0] * players
    for i in range(total):
        expected[(1 + i) % players] += 1
    return [len(h) for h in facts.hands] == expected


def shuffle_hands(rules: Rules, players: int) -> Seen:
    """A Wild Shuffle Hands beside a playable red 5 on a red 3: it may be played; every
    card held is dealt out again from the player to the left, seat 0 names a colour they
    hold, and play goes on with the next player in the direction of play."""
    hand = (SH, card(RED, 5), card(GREEN, 8))
    position = table(players, hand, top=RED_3)
    facts = after(rules, position, SH)
    total = len(hand) - 1 + len(OTHERS) * (players - 1)
    colours = {c >> 4 for c in facts.hands[0] if c < 64}
    return Seen(
        may_play(rules, table(players, (SH, card(RED, 5)), top=RED_3), SH)
        and dealt_from_the_left(facts, players, total)
        and (facts.colour in colours or not colours)
        and facts.next == next_seat(rules, players)
    )


def uno_after_the_deal(rules: Rules, players: int) -> bool:
    """Everyone is dealt a single card by seat 0's Wild Shuffle Hands; all forget UNO and
    are caught: each draws the penalty at once."""
    hands = ((SH, card(RED, 5)), *[(card(YELLOW, 1),)] * (players - 1))
    position = Position(hands=hands, top=RED_3)
    facts = after(rules, position, SH, {"forget_uno": 1.0, "catch": 1.0})
    return all(len(h) == 1 + rules.uno_penalty for h in facts.hands)


def shuffle_hands_last(rules: Rules, players: int) -> Seen:
    return Seen(
        True,
        holds=holding(
            round_goes_on=shuffle_hands_last_card(rules, players),
            uno_after_deal=uno_after_the_deal(rules, players),
        ),
    )


def custom_wild(rules: Rules, players: int) -> Seen:
    return Seen(True, holds=holding(plays_as_wild=blank_wild_played_as_a_wild(rules, players)))


def special_wilds_stack(rules: Rules, players: int) -> Seen:
    return Seen(not special_wild_answers_a_stack(rules, players))


RULES: dict[str, Scenario] = {
    "deck": deck_size,
    "base.shuffle_hands": shuffle_hands,
    "base.shuffle_hands_last": shuffle_hands_last,
    "base.custom_wild": custom_wild,
    "base.special_wilds_stack": special_wilds_stack,
}
