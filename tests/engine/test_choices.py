"""Every option that leaves a player a choice, and every choice, on decks laid out by hand.

The choice is a knob at 0.0 or 1.0 (or ``State.swap_with``), so nothing is left to chance;
the rule is the catalogue's and the rules page's (domain/reference/turns.py). Seat 0
deals, so seat 1 plays first; the cards drawn after ``draws`` are red numbers, lowest first.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

import pytest

from domain import options as opts
from engine import KNOBS, RoundDidNotEnd, Rules, play_round
from engine.cards import DRAW_TWO, W4, W, card
from engine.turn import State, lay, new_state
from tests.engine.test_rulings import NEVER, laid_out, run

RED, YELLOW, GREEN, BLUE = range(4)
RED_D2 = card(RED, DRAW_TWO)


def steps(trace, players, count):
    """The first ``count`` events after the deal: ("play", seat, card) or ("draw", seat, k)."""
    return [e[:3] for e in trace[players : players + count]]


def jump_ins(trace):
    return [(e[1], e[2]) for e in trace if e[0] == "play" and not e[3]]


# --- The card drawn (drawn_card, draw_rule) ---------------------------------------------

SEAT_0 = [card(RED, 3), card(YELLOW, 1), card(YELLOW, 2), card(YELLOW, 3), card(YELLOW, 4)]
NO_RED = [card(GREEN, 1), card(GREEN, 2), card(GREEN, 3), card(GREEN, 4), card(BLUE, 1)]
CHOICES = [
    # drawn_card, the knob keep_drawn, whether the playable drawn card is played
    ("may_play", 0.0, True),
    ("may_play", 1.0, False),
    ("must_play", 1.0, True),
    ("keep", 0.0, False),
]


@pytest.mark.parametrize(("drawn_card", "keep_drawn", "played"), CHOICES)
def test_a_playable_drawn_card_is_played_as_drawn_card_says(drawn_card, keep_drawn, played):
    knobs = replace(NEVER, keep_drawn=keep_drawn)
    hands = [SEAT_0, NO_RED]
    _out, trace = run(hands, card(RED, 9), [card(RED, 5)], knobs=knobs, drawn_card=drawn_card)
    # Kept, it stays in the hand and the turn ends: seat 0 plays next.
    then = ("play", 1, card(RED, 5)) if played else ("play", 0, card(RED, 3))
    assert steps(trace, 2, 2) == [("draw", 1, 1), then]


@pytest.mark.parametrize(("drawn_card", "keep_drawn", "played"), CHOICES)
def test_drawing_until_playable_then_the_same_three_choices(drawn_card, keep_drawn, played):
    """must_play with draw_until_playable: the playable card is played at once."""
    knobs = replace(NEVER, keep_drawn=keep_drawn)
    draws = [card(GREEN, 5), card(BLUE, 7), card(RED, 5)]
    _out, trace = run(
        [SEAT_0, NO_RED],
        card(RED, 9),
        draws,
        knobs=knobs,
        drawn_card=drawn_card,
        draw_rule="draw_until_playable",
    )
    then = ("play", 1, card(RED, 5)) if played else ("play", 0, card(RED, 3))
    assert steps(trace, 2, 4) == [("draw", 1, 1)] * 3 + [then]


# --- Drawing instead of playing (may_draw_instead_of_playing) -----------------------------

HOLDS_RED = [card(RED, 4), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3), card(GREEN, 4)]


@pytest.mark.parametrize(
    ("allowed", "drawn_card", "draw_rule", "draws", "expected"),
    [
        # Must play if able: the knob changes nothing.
        (False, "may_play", "draw_one", [card(RED, 5)], [("play", 1, card(RED, 4))]),
        # The drawn card then follows drawn_card ...
        (
            True,
            "must_play",
            "draw_one",
            [card(RED, 5)],
            [("draw", 1, 1), ("play", 1, card(RED, 5))],
        ),
        (True, "keep", "draw_one", [card(RED, 5)], [("draw", 1, 1), ("draw", 0, 1)]),
        # ... and the draw rule: draw until a card can be played.
        (
            True,
            "may_play",
            "draw_until_playable",
            [card(GREEN, 5), card(RED, 5)],
            [("draw", 1, 1), ("draw", 1, 1), ("play", 1, card(RED, 5))],
        ),
    ],
)
def test_drawing_instead_of_playing(allowed, drawn_card, draw_rule, draws, expected):
    """Players who always draw instead may never end a round: only its start is played."""
    options = {
        **opts.official(),
        "hand_size": 5,
        "may_draw_instead_of_playing": allowed,
        "drawn_card": drawn_card,
        "draw_rule": draw_rule,
    }
    trace: list = []
    with contextlib.suppress(RoundDidNotEnd):
        play_round(
            Rules.from_options(options),
            2,
            random.Random(0),
            replace(NEVER, draw_instead=1.0),
            trace=trace,
            max_turns=10,
            deck=laid_out([SEAT_0, HOLDS_RED], card(RED, 9), draws),
        )
    assert steps(trace, 2, len(expected)) == expected


def test_the_default_players_sometimes_draw_instead_and_keep_a_drawn_card():
    """engine/README.md: allowed by the official rules, so the default players use them."""
    assert 0 < KNOBS.draw_instead <= 0.1
    assert 0 < KNOBS.keep_drawn <= 0.2


# --- Jumping in ---------------------------------------------------------------------------

JUMP = replace(NEVER, jump_in=1.0)
YELLOWS = [card(YELLOW, n) for n in (1, 2, 3, 4, 6)]


def test_any_wild_is_an_exact_copy_of_a_wild_and_the_jumper_names_the_colour():
    hands = [
        [W, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(YELLOW, 5)],
        [W, card(GREEN, 1), card(GREEN, 2), card(GREEN, 3), card(GREEN, 4)],
        YELLOWS,
    ]
    _out, trace = run(hands, card(RED, 9), [card(BLUE, 8)], knobs=JUMP, jump_in=True)
    # Seat 1 names green; seat 0 jumps in and names blue; seat 2 misses the turn.
    assert steps(trace, 3, 4) == [
        ("play", 1, W),
        ("play", 0, W),
        ("draw", 1, 1),
        ("play", 1, card(BLUE, 8)),
    ]
    assert jump_ins(trace)[0] == (0, W)
    assert trace[6][6] == BLUE  # the colour in play when seat 1 lays the blue 8


W4_PLAYER = [W4, card(GREEN, 1), card(GREEN, 2), card(GREEN, 3), card(GREEN, 4)]


@pytest.mark.parametrize(("stack_on_itself", "total"), [(False, 4), (True, 8)])
def test_a_jump_in_on_a_wild_draw_four_still_to_be_drawn(stack_on_itself, total):
    """The player it was aimed at (seat 2) draws nothing; the player after the jumper faces
    the jumper's four, or the whole total when a Wild Draw Four may answer one."""
    hands = [
        [W4, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(YELLOW, 5)],  # no green: legal
        W4_PLAYER,
        YELLOWS,
    ]
    _out, trace = run(
        hands, card(RED, 9), jump_in=True, knobs=JUMP, stack_draw_four_on_draw_four=stack_on_itself
    )
    assert steps(trace, 3, 3) == [("play", 1, W4), ("play", 0, W4), ("draw", 1, total)]


def test_nobody_jumps_in_with_a_wild_draw_four_its_rule_forbids_unless_bluffing():
    hands = [
        [W4, card(GREEN, 5), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3)],  # green was named
        W4_PLAYER,
        YELLOWS,
    ]
    _out, trace = run(hands, card(RED, 9), jump_in=True, knobs=JUMP)
    assert steps(trace, 3, 2) == [("play", 1, W4), ("draw", 2, 4)]


def test_a_bluffed_jump_in_is_challenged_and_judged_on_the_jumpers_hand():
    hands = [
        [W4, card(GREEN, 5), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3)],
        W4_PLAYER,
        YELLOWS,
    ]
    knobs = replace(JUMP, bluff=1.0, challenge=1.0)
    _out, trace = run(hands, card(RED, 9), jump_in=True, knobs=knobs)
    assert jump_ins(trace)[0] == (0, W4)
    challenge = next(e for e in trace if e[0] == "challenge")
    _, challenger, accused, guilty, total, got, accused_drew, loses, _left = challenge
    assert (challenger, accused, guilty, total) == (1, 0, True, 4)
    assert (got, accused_drew, loses) == (0, 4, False)


@pytest.mark.parametrize(("stack_on_itself", "total"), [(False, 2), (True, 4)])
def test_a_jump_in_on_a_draw_two_still_to_be_drawn(stack_on_itself, total):
    """Four players: seat 1's Draw Two is aimed at seat 2; seat 3 jumps in; seat 0 draws."""
    hands = [
        [card(GREEN, n) for n in range(1, 6)],
        [RED_D2, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [card(YELLOW, n) for n in range(1, 6)],
        [RED_D2, card(BLUE, 5), card(BLUE, 6), card(BLUE, 7), card(BLUE, 8)],
    ]
    _out, trace = run(
        hands, card(RED, 9), jump_in=True, knobs=JUMP, stack_draw_two_on_draw_two=stack_on_itself
    )
    assert steps(trace, 4, 3) == [("play", 1, RED_D2), ("play", 3, RED_D2), ("draw", 0, total)]
    assert trace[4 + 3][1] == 1  # seat 0 lost the turn; seat 2 drew nothing


def test_a_jump_in_after_a_stack_answer_carries_the_total_on():
    yellow_d2 = card(YELLOW, DRAW_TWO)
    hands = [
        [yellow_d2, card(GREEN, 6), card(GREEN, 7), card(GREEN, 8), card(GREEN, 9)],
        [RED_D2, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [yellow_d2, card(YELLOW, 1), card(YELLOW, 2), card(YELLOW, 3), card(YELLOW, 4)],
        [card(GREEN, n) for n in range(1, 6)],
    ]
    knobs = replace(JUMP, stack=1.0)
    _out, trace = run(
        hands, card(RED, 9), jump_in=True, knobs=knobs, stack_draw_two_on_draw_two=True
    )
    assert steps(trace, 4, 4) == [
        ("play", 1, RED_D2),
        ("play", 2, yellow_d2),  # a stack answer, on seat 3
        ("play", 0, yellow_d2),  # jumped in: seat 3 draws nothing
        ("draw", 1, 6),
    ]
    assert jump_ins(trace)[0] == (0, yellow_d2)


def test_the_player_who_laid_the_card_does_not_jump_in_on_it():
    hands = [
        [card(GREEN, n) for n in range(1, 6)],
        [RED_D2, RED_D2, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3)],
        [card(YELLOW, n) for n in range(1, 6)],
    ]
    _out, trace = run(hands, card(RED, 9), jump_in=True, knobs=JUMP)
    assert steps(trace, 3, 2) == [("play", 1, RED_D2), ("draw", 2, 2)]


def test_a_draw_card_aimed_at_a_player_is_theirs_to_answer_not_to_jump_in_on():
    """Without stacking, holding a copy of the Draw Two aimed at you does not help."""
    hands = [
        [card(GREEN, n) for n in range(1, 6)],
        [RED_D2, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [RED_D2, card(YELLOW, 1), card(YELLOW, 2), card(YELLOW, 3), card(YELLOW, 4)],
    ]
    _out, trace = run(hands, card(RED, 9), jump_in=True, knobs=JUMP)
    assert steps(trace, 3, 2) == [("play", 1, RED_D2), ("draw", 2, 2)]


@pytest.mark.parametrize(
    ("teams", "second"), [("none", ("play", 0, card(RED, 5))), ("pairs", ("draw", 2, 1))]
)
def test_partners_never_jump_in_past_their_partner(teams, second):
    """Seat 0 jumping in after seat 1 would make seat 2, seat 0's partner, miss a turn."""
    hands = [
        [card(RED, 5), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3), card(GREEN, 4)],
        [card(RED, 5), card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        YELLOWS,
        [card(GREEN, n) for n in range(5, 10)],
    ]
    _out, trace = run(hands, card(RED, 9), jump_in=True, knobs=JUMP, teams=teams)
    assert steps(trace, 4, 2) == [("play", 1, card(RED, 5)), second]


# --- Sevens and zeros ---------------------------------------------------------------------


def table(hands: list[list[int]], top: int, **changes) -> State:
    """A round in play set up by hand: seat 0 to act on ``top``, clockwise, nothing to draw."""
    rules = Rules.from_options({**opts.official(), **changes})
    s = new_state(rules, NEVER, random.Random(0), [list(h) for h in hands], [], [top], fixed=True)
    s.colour, s.top_value = top >> 4, top & 15
    return s


GREENS = [card(GREEN, 1), card(GREEN, 2)]
HANDS = [
    [card(RED, 7), *GREENS],
    [card(BLUE, n) for n in (1, 2, 3, 4)],
    [card(YELLOW, n) for n in (1, 2, 3, 4, 5)],
    [card(BLUE, 5), card(BLUE, 6), card(BLUE, 8)],
]


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_seven_swaps_hands_with_the_player_chosen(seat):
    s = table(HANDS, card(RED, 9), seven_swap=True)
    s.swap_with = seat
    lay(s, 0, card(RED, 7), True)
    assert s.hands[seat] == GREENS and s.hands[0] == HANDS[seat]
    assert all(s.hands[q] == HANDS[q] for q in (1, 2, 3) if q != seat)


@pytest.mark.parametrize("swap_with", [-1, 0])
def test_by_default_a_seven_swaps_with_the_fewest_cards(swap_with):
    s = table(HANDS, card(RED, 9), seven_swap=True)
    s.swap_with = swap_with  # unset, or the player's own seat: the strategy's choice
    lay(s, 0, card(RED, 7), True)
    assert s.hands[3] == GREENS and s.hands[0] == HANDS[3]


def test_with_pairs_a_seven_never_swaps_with_the_partner_unless_chosen():
    hands = [HANDS[0], HANDS[2], [card(YELLOW, 6)] * 2, HANDS[3]]  # partner 2 holds the fewest
    s = table(hands, card(RED, 9), seven_swap=True, teams="pairs")
    lay(s, 0, card(RED, 7), True)
    assert s.hands[3] == GREENS
    s = table(hands, card(RED, 9), seven_swap=True, teams="pairs")
    s.swap_with = 2  # the rules allow it: "a player of your choice"
    lay(s, 0, card(RED, 7), True)
    assert s.hands[2] == GREENS


def test_several_sevens_laid_together_swap_once():
    hands = [[card(RED, 7), card(BLUE, 7), *GREENS], *HANDS[1:]]
    s = table(hands, card(RED, 9), seven_swap=True, multiple_same_number=True)
    s.swap_with = 2
    lay(s, 0, card(RED, 7), True)
    assert s.discard[-2:] == [card(RED, 7), card(BLUE, 7)]
    assert s.hands == [HANDS[2], HANDS[1], GREENS, HANDS[3]]


def test_several_zeros_laid_together_pass_the_hands_once():
    hands = [[card(RED, 0), card(BLUE, 0), *GREENS], *HANDS[1:]]
    s = table(hands, card(RED, 9), zero_rotate=True, multiple_same_number=True)
    lay(s, 0, card(RED, 0), True)
    assert s.hands == [HANDS[3], GREENS, HANDS[1], HANDS[2]]


# --- The Wild Draw Four challenge -----------------------------------------------------------


@pytest.mark.parametrize(("challenge", "challenges"), [(0.0, 0), (1.0, 1)])
def test_the_challenge_knob_forces_a_challenge_or_none(challenge, challenges):
    hands = [[card(BLUE, n) for n in range(1, 6)], W4_PLAYER, YELLOWS]
    out, trace = run(hands, card(RED, 9), knobs=replace(NEVER, challenge=challenge))
    assert out.challenges == challenges
    # Innocent (seat 1 held no red): seat 2 draws 4, or 6 when challenging, and loses the turn.
    drew = ("draw", 2, 4 + 2 * challenges)
    events = [e for e in steps(trace, 3, 4) if e[0] != "challenge"]
    assert events[:3] == [("play", 1, W4), drew, ("draw", 0, 1)]


@pytest.mark.parametrize("guilty", [True, False])
@pytest.mark.parametrize("skips", [True, False])
def test_a_challenge_inside_a_stack_follows_the_base_rules(guilty, skips):
    """A Draw Two then a Wild Draw Four (total 6), challenged by seat 0; the draws are set to
    3 (guilty) and 7 (wrong) so that they are seen to be read."""
    hands = [
        [card(YELLOW, n) for n in range(1, 6)],
        [RED_D2, card(BLUE, 1), card(BLUE, 2), card(BLUE, 3), card(BLUE, 4)],
        [W4, card(RED if guilty else BLUE, 5), card(GREEN, 1), card(GREEN, 2), card(GREEN, 3)],
    ]
    knobs = replace(NEVER, bluff=1.0 if guilty else 0.0, challenge=1.0, stack=1.0)
    _out, trace = run(
        hands,
        card(RED, 9),
        knobs=knobs,
        stack_draw_four_on_draw_two=True,
        draw_card_skips_turn=skips,
        challenge_guilty_draw=3,
        challenge_wrong_draw=7,
    )
    challenge = next(e for e in trace if e[0] == "challenge")
    _, challenger, accused, was_guilty, total, got, accused_drew, loses, _left = challenge
    assert (challenger, accused, was_guilty, total) == (0, 2, guilty, 6)
    if guilty:  # its player draws 3, the challenger the rest of the total (6 less 4)
        assert (got, accused_drew) == (2, 3)
    else:  # the challenger draws the total and 7 less 4
        assert (got, accused_drew) == (6 + 3, 0)
    assert loses == skips
    after = trace[trace.index(challenge) + 1 :]
    assert after[0][1] == (1 if skips else 0)  # who acts next
    # The colour named (green) stands.
    assert next(e for e in after if e[0] == "play")[6] == GREEN
