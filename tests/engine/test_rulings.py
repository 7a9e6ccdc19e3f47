"""The catalogue's base rulings, each on a deck laid out by hand (no chance involved)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from domain import options as opts
from engine import Knobs, Rules, play_round
from engine.cards import DECK, DRAW_TWO, REVERSE, SKIP, W4, card

RED, YELLOW, GREEN, BLUE = range(4)
# Players who always play a card they can (no drawing instead, no keeping a drawn card).
NEVER = Knobs(
    stack=0.0,
    challenge=0.0,
    bluff=0.0,
    forget_uno=0.0,
    catch=0.0,
    jump_in=0.0,
    draw_instead=0.0,
    keep_drawn=0.0,
)
SURE = replace(NEVER, stack=1.0, challenge=1.0, bluff=1.0, jump_in=1.0)


def laid_out(hands: list[list[int]], first: int, draws: list[int] = ()) -> list[int]:
    """A deck that deals these hands (seat 0 first), turns up ``first``, then ``draws``."""
    used = [c for hand in hands for c in hand] + [first, *draws]
    rest = Counter(DECK) - Counter(used)
    assert sum(rest.values()) == 108 - len(used), "more copies of a card than the deck holds"
    # Cards are taken from the end of the list; the rest come after the cards given.
    rest_cards = sorted(rest.elements(), key=lambda c: (c & 15 >= 10, c))
    return rest_cards[::-1] + list(reversed(used))


def run(hands, first, draws=(), knobs=NEVER, players=None, **changes):
    options = {**opts.official(), "hand_size": len(hands[0]), **changes}
    trace: list = []
    out = play_round(
        Rules.from_options(options),
        players or len(hands),
        random.Random(0),
        knobs,
        trace=trace,
        deck=laid_out(hands, first, draws),
    )
    return out, trace


def plays(trace):
    return [(e[1], e[2]) for e in trace if e[0] == "play"]


def test_two_players_after_your_skip_you_play_again():
    hands = [
        [card(BLUE, n) for n in range(1, 6)],
        [card(RED, SKIP), card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    _out, trace = run(hands, card(RED, 9))
    assert plays(trace)[:2] == [(1, card(RED, SKIP)), (1, card(RED, 4))]


@pytest.mark.parametrize(("reverse_skips", "next_seat"), [(True, 1), (False, 0)])
def test_two_players_reverse_follows_the_option(reverse_skips, next_seat):
    hands = [
        [card(BLUE, n) for n in range(1, 6)] + [card(RED, 7)],
        [card(RED, REVERSE), card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)]
        + [card(YELLOW, 3)],
    ]
    _out, trace = run(hands, card(RED, 9), two_player_reverse_skips=reverse_skips)
    assert plays(trace)[0] == (1, card(RED, REVERSE))
    assert plays(trace)[1][0] == next_seat


def test_first_card_reverse_the_dealer_plays_first_the_other_way():
    hands = [
        [card(RED, 1), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [card(GREEN, n) for n in range(1, 6)],
        [card(YELLOW, n) for n in range(1, 6)],
    ]
    _out, trace = run(hands, card(RED, REVERSE))  # seat 0 deals
    assert plays(trace)[:2] == [(0, card(RED, 1)), (2, card(YELLOW, 1))]


def test_guilty_wild_draw_four_its_player_draws_four_and_the_challenger_plays():
    hands = [
        [card(GREEN, 5)] + [card(BLUE, n) for n in range(1, 5)],
        [W4, card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    knobs = replace(NEVER, bluff=1.0, challenge=1.0)
    _out, trace = run(hands, card(RED, 9), knobs=knobs)
    challenge = next(e for e in trace if e[0] == "challenge")
    _, challenger, accused, guilty, total, got, accused_drew, loses, _left = challenge
    assert (challenger, accused, guilty, total) == (0, 1, True, 4)
    assert (got, accused_drew, loses) == (0, 4, False)
    after = trace[trace.index(challenge) + 1 :]
    # The colour named stands (green, the most held), and the challenger takes the turn.
    assert next((e[1], e[2]) for e in after if e[0] == "play") == (0, card(GREEN, 5))


def test_innocent_wild_draw_four_the_challenger_draws_six_and_loses_the_turn():
    hands = [
        [card(BLUE, n) for n in range(1, 6)],
        [W4, card(YELLOW, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    knobs = replace(NEVER, challenge=1.0)
    _out, trace = run(hands, card(RED, 9), knobs=knobs)
    challenge = next(e for e in trace if e[0] == "challenge")
    assert challenge[3:8] == (False, 4, 6, 0, True)
    after = trace[trace.index(challenge) + 1 :]
    # Two players: the challenger loses the turn, so the Wild Draw Four's player goes again.
    assert next((e[1], e[2]) for e in after if e[0] == "play") == (1, card(GREEN, 3))


def test_a_challenge_inside_a_stack_concerns_the_last_wild_draw_four():
    """Draw Two, then a guilty Wild Draw Four: its player draws 4, the challenger the rest."""
    hands = [
        [card(YELLOW, n) for n in range(1, 6)],
        [card(RED, DRAW_TWO), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [W4, card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    knobs = replace(NEVER, bluff=1.0, challenge=1.0, stack=1.0)
    _out, trace = run(hands, card(RED, 9), knobs=knobs, stack_draw_four_on_draw_two=True)
    assert plays(trace)[:2] == [(1, card(RED, DRAW_TWO)), (2, W4)]
    challenge = next(e for e in trace if e[0] == "challenge")
    _, challenger, accused, guilty, total, got, accused_drew, loses, _left = challenge
    assert (challenger, accused, guilty, total) == (0, 2, True, 6)
    assert (got, accused_drew, loses) == (2, 4, True)
    after = trace[trace.index(challenge) + 1 :]
    assert after[0][1] == 1  # seat 0 lost the turn: seat 1 acts next


def test_without_stacking_the_draw_two_is_drawn():
    hands = [
        [card(YELLOW, n) for n in range(1, 6)],
        [card(RED, DRAW_TWO), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [card(RED, DRAW_TWO), card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    _out, trace = run(hands, card(RED, 9), knobs=SURE)
    assert plays(trace)[0] == (1, card(RED, DRAW_TWO))
    drew = trace.index(("draw", 2, 2))  # seat 2 draws two and loses the turn
    assert trace[drew - 1][0] == "play" and trace[drew + 1][1] == 0
