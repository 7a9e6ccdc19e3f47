"""The deal and the first card turned up, played by the engine: the questions of
domain/reference/dealing.py (and the draw pile made again), as scenarios.py plays
the others; scenarios.py imports this module, so they are registered with the rest.
"""

from __future__ import annotations

from random import Random

from domain import scoring
from engine.cards import DECK, DRAW_TWO, REVERSE, SKIP, W, card
from engine.round import deal
from engine.rules import Rules
from engine.turn import State, give, new_state
from tests.engine_scenarios.ask import NO_CHOICES, Facts, Position, turned_up
from tests.engine_scenarios.seen import (
    BLUE,
    GREEN,
    OTHERS,
    RED,
    RED_3,
    YELLOW,
    Seen,
    drew,
    holding,
    next_seat,
    scenario,
)

YELLOWS = (card(YELLOW, 8), card(YELLOW, 9))


def turns_up(
    rules: Rules, players: int, c: int, hand: tuple[int, ...] = YELLOWS, **choices: float
) -> tuple[Facts, int]:
    """The dealer (seat 0) turns up c, blue 9s under it; the first player holds ``hand``
    (yellow cards unless told) and makes ``choices``: (what happened, the first player)."""
    first = next_seat(rules, players)
    hands: list[tuple[int, ...]] = [OTHERS] * players
    hands[first] = hand
    position = Position(hands=tuple(hands), top=RED_3, pile=(card(BLUE, 9),) * 10)
    return turned_up(rules, position, c, dealer=0, choices=choices), first


def first_plays_on(facts: Facts, first: int, colour: int) -> bool:
    """The first player takes their turn on ``colour``, nobody having drawn."""
    return facts.colour == colour and facts.next == first and not any(facts.drew)


def blue_nine_instead(facts: Facts, first: int) -> bool:
    """The card turned up went back and the blue 9 under it is played on."""
    return first_plays_on(facts, first, BLUE)


@scenario("first_card_wild")
def _first_card_wild(rules: Rules, players: int) -> Seen:
    """A Wild turned up first: the blue 9 under it in play instead, or the first player's
    colour (yellow); either way they take their turn, having drawn nothing."""
    facts, first = turns_up(rules, players, W)
    colour = BLUE if rules.first_wild_redraw else YELLOW
    return Seen(first_plays_on(facts, first, colour), misses=facts.next != first)


@scenario("first_card_action")
def _first_card_action(rules: Rules, players: int) -> Seen:
    """A Skip, a Draw Two and a Reverse turned up first: what each does to the first
    player (who cannot answer the Draw Two), or that each goes back for the blue 9."""
    skip, first = turns_up(rules, players, card(RED, SKIP))
    two, _ = turns_up(rules, players, card(RED, DRAW_TWO))
    back, _ = turns_up(rules, players, card(RED, REVERSE))
    if rules.first_action_redraw:
        buried = all(blue_nine_instead(f, first) for f in (skip, two, back))
        return Seen(holds=holding(action_buried=buried))
    skip_misses, two_misses = skip.next != first, first in two.lost_turn
    dealer_first = back.next == 0
    return Seen(
        cards=drew(two, first),
        misses=two_misses if two_misses == skip_misses else None,
        holds=holding(
            # A Reverse does not act on the player to the dealer's left: the dealer plays
            # first instead ("it works on the first player" says otherwise of all three).
            all_act_on_first_player=skip_misses and two.drew[first] > 0 and not dealer_first,
            skip_first_misses=skip_misses,
            two_first_keeps_turn=not two_misses,
            reverse_dealer_first_right=dealer_first and back.direction == -1,
            reverse_dealer_first_left=dealer_first and back.direction == 1,
        ),
    )


@scenario("who_deals")
def _who_deals(rules: Rules, players: int) -> Seen:
    """The dealer (seat 0) turns up a number: who plays first and which way play goes (in
    the engine and in the scorekeeper), and who deals the next round (the scorekeeper's
    domain.scoring). Seats go clockwise: the dealer's left is seat 1."""
    facts, _ = turns_up(rules, players, card(BLUE, 9))
    kept = scoring.Rules(direction="counterclockwise" if rules.counterclockwise else "clockwise")
    left, right = 1 % players, -1 % players
    first = {facts.next, scoring.first_player(0, players, kept)}
    next_dealer = scoring.dealer(0, 2, players, kept)
    return Seen(
        holds=holding(
            left_plays_first=first == {left},
            right_plays_first=first == {right},
            play_goes_left=facts.direction == 1 and kept.step == 1,
            play_goes_right=facts.direction == -1 and kept.step == -1,
            deal_passes_left=next_dealer == left,
            deal_passes_right=next_dealer == right,
        )
    )


def dealt(rules: Rules, players: int) -> State:
    """A round's deal, from a whole deck (the dealer seat 0)."""
    s = new_state(rules, NO_CHOICES, Random(0), [[] for _ in range(players)], list(DECK), [])
    deal(s, 0)
    return s


@scenario("hand_size")
def _hand_size(rules: Rules, players: int) -> Seen:
    """A round's deal: the cards in each hand."""
    return Seen(cards=frozenset(len(hand) for hand in dealt(rules, players).hands))


@scenario("draw_pile_empty")
def _draw_pile_empty(rules: Rules, players: int) -> Seen:
    """Seat 0 draws from an empty draw pile: the discard pile but its top card becomes the
    draw pile."""
    under = [card(colour, value) for colour in (GREEN, BLUE) for value in range(1, 10)]
    s = new_state(rules, NO_CHOICES, Random(0), [[] for _ in range(players)], [], [*under, RED_3])
    give(s, 0, 1)
    again = s.discard == [RED_3] and sorted(s.pile + s.hands[0]) == sorted(under)
    return Seen(holds=holding(reshuffled_but_top=again))
