"""Property tests of the engine: each option is obeyed over many random rounds.

The oracles here (which card may answer which, when a Wild Draw Four is legal, what a
card scores) are written from the catalogue's words, independently of the engine's code.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import options as opts
from domain import scoring
from engine import KNOBS, Knobs, Rules, play_round, round_result
from engine.cards import CW, DECK, DRAW_TWO, MODERN_DECK, SH, WILD, WILD_DRAW_FOUR
from rulesets.presets import BY_SLUG

SETTINGS = settings(max_examples=60, deadline=None)
# Players who do everything the rules allow, often: every rule gets exercised.
EAGER = Knobs(stack=1.0, challenge=0.6, bluff=0.3, forget_uno=0.5, catch=0.5, jump_in=1.0)
HONEST = Knobs(stack=1.0, challenge=0.6, bluff=0.0, forget_uno=0.5, catch=0.5, jump_in=1.0)


def _option(o: opts.Option):
    if o.kind == opts.INT:
        return st.integers(o.minimum, o.maximum)
    return st.sampled_from(o.values())


RULE_SETS = st.fixed_dictionaries({o.key: _option(o) for o in opts.OPTIONS})


def random_options(rng: random.Random) -> dict:
    return {o.key: rng.choice(o.values()) for o in opts.OPTIONS}


def players_for(options: dict, pick: int) -> int:
    if options["teams"] == "pairs":
        return (4, 6, 8, 10)[pick % 4]
    return 2 + pick % 9


def traced(options: dict, players: int, seed: int, knobs: Knobs = EAGER, check=None):
    trace: list = []
    rules = Rules.from_options(options)
    out = play_round(rules, players, random.Random(seed), knobs, trace=trace, check=check)
    return out, trace


def plays(trace):
    return [e for e in trace if e[0] == "play"]


def value(card: int) -> int:
    return card & 15


# --- Stacking ---------------------------------------------------------------------


STACK_KEYS = [
    "stack_draw_two_on_draw_two",
    "stack_draw_four_on_draw_four",
    "stack_draw_four_on_draw_two",
    "stack_draw_two_on_draw_four",
]


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_without_stacking_nothing_is_played_on_a_pending_draw_card(options, pick, seed):
    options = {**options, **dict.fromkeys(STACK_KEYS, False)}
    out, trace = traced(options, players_for(options, pick), seed)
    assert out.stacks == 0
    assert all(pending == 0 for _, _, _, _, pending, *_ in plays(trace))


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_a_draw_card_is_answered_only_as_the_stacking_options_allow(options, pick, seed):
    _out, trace = traced(options, players_for(options, pick), seed)
    last_draw = None
    for _, _seat, card, _in_turn, pending, _hand, colour, top in plays(trace):
        if pending and last_draw is None:
            # A Draw Two turned up first: the first player may answer it like any other
            # (base.first_card_stack); nothing was played before it.
            assert top == DRAW_TWO and options["first_card_action"] != "redraw"
            last_draw = DRAW_TWO
        if pending:
            if last_draw == DRAW_TWO and value(card) == DRAW_TWO:
                assert options["stack_draw_two_on_draw_two"]
            elif last_draw == DRAW_TWO and value(card) == WILD_DRAW_FOUR:
                assert options["stack_draw_four_on_draw_two"]
            elif last_draw == WILD_DRAW_FOUR and value(card) == WILD_DRAW_FOUR:
                assert options["stack_draw_four_on_draw_four"]
            elif last_draw == WILD_DRAW_FOUR and value(card) == DRAW_TWO:
                assert options["stack_draw_two_on_draw_four"]
                assert card >> 4 == colour, "a Draw Two on a Wild Draw Four: the colour named"
            else:
                pytest.fail(f"card {card} played on a pending {last_draw}")
        if value(card) in (DRAW_TWO, WILD_DRAW_FOUR):
            last_draw = value(card)


# --- Jump in ----------------------------------------------------------------------


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_without_jump_in_nobody_plays_out_of_turn(options, pick, seed):
    options = {**options, "jump_in": False}
    out, trace = traced(options, players_for(options, pick), seed)
    assert out.jump_ins == 0
    assert all(in_turn for _, _, _, in_turn, *_ in plays(trace))


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_a_jump_in_is_an_exact_copy_of_the_top_card(options, pick, seed):
    options = {**options, "jump_in": True}
    out, trace = traced(options, players_for(options, pick), seed)
    previous = None
    for event in plays(trace):
        card, in_turn, pending, hand = event[2], event[3], event[4], event[5]
        if not hand:  # another card of the same number laid in the same turn
            assert options["multiple_same_number"] and value(card) == value(previous)
        elif not in_turn:
            assert card == previous  # any Wild is a copy of a Wild, and so for Wild Draw Fours
            if pending:  # on a draw card still to be drawn: the total carries on only when
                # that card may answer its own kind (else only the jumper's card counts)
                itself = STACK_KEYS[0] if value(card) == DRAW_TWO else STACK_KEYS[1]
                assert options[itself]
        previous = card
    assert out.jump_ins == sum(not e[3] for e in plays(trace) if e[5])


def test_jump_in_happens_when_allowed():
    options = {**opts.official(), "jump_in": True}
    total = sum(traced(options, 4, seed)[0].jump_ins for seed in range(40))
    assert total > 0


def test_jump_ins_with_wilds_and_on_draw_cards_still_to_be_drawn_happen():
    options = BY_SLUG["party"].options  # jump_in and every stacking option
    seen = set()
    for seed in range(100):
        _out, trace = traced(options, 5, seed)
        for _, _seat, card, in_turn, pending, hand, *_ in plays(trace):
            if not in_turn and hand:
                seen.add("wild" if card >= 64 else "draw card" if pending else "other")
    assert seen == {"wild", "draw card", "other"}


# --- Going out --------------------------------------------------------------------


@SETTINGS
@given(
    RULE_SETS,
    st.integers(0, 8),
    st.integers(0, 2**32),
    st.sampled_from(["no_wild", "no_action_or_wild"]),
)
def test_nobody_goes_out_with_a_card_the_last_card_rule_forbids(options, pick, seed, last):
    options = {**options, "last_card": last}
    out, trace = traced(options, players_for(options, pick), seed)
    if out.blocked:
        return
    final = plays(trace)[-1]
    assert final[1] == out.went_out and out.hands[out.went_out] == []
    assert final[2] < 64, "went out with a Wild"
    if last == "no_action_or_wild":
        assert value(final[2]) < 10, "went out with an action card"


def test_a_hand_of_wild_draw_fours_cannot_go_out_and_draws_instead():
    """The catalogue: such a player draws as one who cannot play (this used to loop)."""
    options = {**opts.official(), "last_card": "no_wild", "hand_size": 5}
    for seed in range(200):
        out, trace = traced(options, 2, seed)
        for event in plays(trace):
            if len(event[5]) == 1:  # the last card played from a hand of one
                assert event[2] < 64


# --- Cards are never lost or made up ---------------------------------------------


def _accounted(deck):
    def check(hands, pile, discard):
        cards = Counter(pile) + Counter(discard)
        for hand in hands:
            cards += Counter(hand)
        assert cards == Counter(deck), f"the {len(deck)} cards are not all there"

    return check


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_the_108_cards_are_accounted_for_after_every_turn(options, pick, seed):
    """The 108 cards, or the 112 with the modern deck (a Wild Shuffle Hands gathers every
    hand and deals them out again: none is lost or made up)."""
    deck = MODERN_DECK if options["deck"] == "modern_112" else DECK
    traced(options, players_for(options, pick), seed, check=_accounted(deck))


# --- Wild Draw Four ---------------------------------------------------------------


def wd4_allowed(rule: str, hand: tuple[int, ...], colour: int, top: int) -> bool:
    """The catalogue's wild_draw_four_rule, on the hand before the card is played."""
    if rule == "anytime":
        return True
    if rule == "no_matching_color":
        return not any(c < 64 and c >> 4 == colour for c in hand)
    others = [c for c in hand if value(c) != WILD_DRAW_FOUR]
    return not any(value(c) == WILD or c >> 4 == colour or value(c) == top for c in others)


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_honest_players_play_a_wild_draw_four_only_as_its_rule_allows(options, pick, seed):
    _out, trace = traced(options, players_for(options, pick), seed, knobs=HONEST)
    for _, _seat, card, _in, _pending, hand, colour, top in plays(trace):
        if value(card) == WILD_DRAW_FOUR and hand:
            assert wd4_allowed(options["wild_draw_four_rule"], hand, colour, top)


@settings(max_examples=120, deadline=None)
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_challenge_outcomes_follow_the_options(options, pick, seed):
    options = {**options, "wild_draw_four_challenge": True}
    _out, trace = traced(options, players_for(options, pick), seed)
    last_wd4 = None
    for event in trace:
        if event[0] == "play" and value(event[2]) == WILD_DRAW_FOUR:
            last_wd4 = event
        if event[0] != "challenge":
            continue
        _, challenger, accused, guilty, total, got, accused_drew, loses, left = event
        assert options["wild_draw_four_rule"] != "anytime", "nobody is guilty then"
        assert last_wd4[1] == accused and challenger != accused
        hand, colour, top = last_wd4[5], last_wd4[6], last_wd4[7]
        assert guilty == (not wd4_allowed(options["wild_draw_four_rule"], hand, colour, top))
        skips = options["draw_card_skips_turn"]
        if guilty:
            assert accused_drew == min(options["challenge_guilty_draw"], left)
            assert got == min(total - 4, left - accused_drew)
            assert loses == (total - 4 >= 1 and skips)
        else:
            assert accused_drew == 0
            assert got == min(total + options["challenge_wrong_draw"] - 4, left)
            assert loses == skips


def test_challenges_find_both_guilty_and_innocent_players():
    options = opts.official()
    outcomes = set()
    for seed in range(150):
        _out, trace = traced(options, 3, seed)
        outcomes |= {e[3] for e in trace if e[0] == "challenge"}
    assert outcomes == {True, False}


def test_without_challenges_nobody_challenges():
    options = {**opts.official(), "wild_draw_four_challenge": False}
    for seed in range(50):
        out, trace = traced(options, 3, seed)
        assert out.challenges == 0 and not [e for e in trace if e[0] == "challenge"]


# --- Scoring ----------------------------------------------------------------------


def catalogue_points(card: int, options: dict) -> int:
    """The catalogue's card points: face value, points_action, points_wild, and
    points_special_wild for a Wild Shuffle Hands or a blank Wild."""
    if value(card) < 10:
        return value(card)
    if card in (SH, CW):
        return options["points_special_wild"]
    return options["points_wild"] if card >= 64 else options["points_action"]


@SETTINGS
@given(RULE_SETS, st.integers(0, 8), st.integers(0, 2**32))
def test_simulated_rounds_score_as_the_scoring_module_says(options, pick, seed):
    players = players_for(options, pick)
    out, _trace = traced(options, players, seed)
    rules = scoring.Rules.from_options(options)
    result = round_result(out, rules)
    assert result.went_out == out.went_out
    for seat, hand in enumerate(out.hands):
        if seat != out.went_out:
            assert result.hands[seat] == sum(catalogue_points(c, options) for c in hand)
    scores = scoring.round_scores(rules, players, result)
    if options["scoring"] == "winner_takes_points" and options["teams"] == "none":
        others = sum(result.hands.values())
        assert scores[out.went_out] == others and sum(scores) == others


# --- Every rule set ends ----------------------------------------------------------


def _play_random_rule_sets(count: int, seed: int) -> int:
    rng = random.Random(seed)
    longest = 0
    for _ in range(count):
        options = random_options(rng)
        players = players_for(options, rng.randrange(9))
        out = play_round(Rules.from_options(options), players, rng, KNOBS)
        assert 0 <= out.went_out < players
        assert not out.hands[out.went_out] or out.blocked
        longest = max(longest, out.turns)
    return longest


def test_random_rule_sets_play_to_the_end():
    """Every round ends (play_round raises RoundDidNotEnd past MAX_TURNS)."""
    assert _play_random_rule_sets(1_000, seed=19) < 5_000


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SLOW_TESTS"), reason="set SLOW_TESTS=1 (about a minute)")
def test_ten_thousand_random_rule_sets_play_to_the_end():
    assert _play_random_rule_sets(10_000, seed=1019) < 5_000
