"""tests/engine_scenarios/ask.py: positions set up by hand, and what the engine says happens."""

from __future__ import annotations

import pytest

from domain import options as opts
from engine.cards import DRAW_TWO, REVERSE, SKIP, W4, W, card
from engine.rules import Rules
from tests.engine_scenarios.ask import TURN, Position, after, dud, may_play, turned_up, with_choices

RED, YELLOW, GREEN, BLUE = range(4)
OTHERS = (card(YELLOW, 1), card(YELLOW, 2), card(GREEN, 3))


def rules(**changes) -> Rules:
    return Rules.from_options({**opts.official(), **changes})


def table(you, players=3, **position) -> Position:
    return Position(hands=(tuple(you), *([OTHERS] * (players - 1))), **position)


def test_a_card_matching_by_colour_or_number_may_be_played_and_another_not():
    position = table([card(RED, 5), card(BLUE, 3), card(GREEN, 8), W], top=card(RED, 3))
    assert may_play(rules(), position, card(RED, 5))
    assert may_play(rules(), position, card(BLUE, 3))
    assert may_play(rules(), position, W)
    assert not may_play(rules(), position, card(GREEN, 8))


def test_a_wild_draw_four_follows_its_rule_on_the_whole_hand():
    holds_red = table([W4, card(RED, 5)], top=card(RED, 3))
    matches_number = table([W4, card(BLUE, 3)], top=card(RED, 3))
    assert not may_play(rules(), holds_red, W4)
    assert may_play(rules(), matches_number, W4)
    assert not may_play(rules(wild_draw_four_rule="no_playable_card"), matches_number, W4)
    assert may_play(rules(wild_draw_four_rule="anytime"), holds_red, W4)


def test_the_colour_named_after_a_wild_is_the_colour_in_play():
    position = table([card(BLUE, 5), card(RED, 5)], top=W, colour=BLUE)
    assert may_play(rules(), position, card(BLUE, 5))
    assert not may_play(rules(), position, card(RED, 5))


def test_a_last_card_follows_the_last_card_rule():
    position = table([W], top=card(RED, 3))
    assert may_play(rules(), position, W)
    assert not may_play(rules(last_card="no_wild"), position, W)


def test_a_draw_card_is_answered_only_as_the_stacking_options_allow():
    facing_d2 = table(
        [card(BLUE, DRAW_TWO), W4, card(GREEN, 5)], top=card(RED, DRAW_TWO), pending=2
    )
    assert not may_play(rules(), facing_d2, card(BLUE, DRAW_TWO))
    assert may_play(rules(stack_draw_two_on_draw_two=True), facing_d2, card(BLUE, DRAW_TWO))
    assert not may_play(rules(stack_draw_two_on_draw_two=True), facing_d2, W4)
    assert may_play(rules(stack_draw_four_on_draw_two=True), facing_d2, W4)
    assert not may_play(rules(stack_draw_four_on_draw_two=True), facing_d2, card(GREEN, 5))


def test_a_draw_two_answers_a_wild_draw_four_only_in_the_colour_named():
    you = [card(BLUE, DRAW_TWO), card(RED, DRAW_TWO)]
    facing = table(you, top=W4, colour=RED, pending=4)
    allowed = rules(stack_draw_two_on_draw_four=True)
    assert may_play(allowed, facing, card(RED, DRAW_TWO))
    assert not may_play(allowed, facing, card(BLUE, DRAW_TWO))


def test_asking_about_a_card_not_held_is_an_error():
    with pytest.raises(ValueError, match="does not hold"):
        may_play(rules(), table([card(RED, 5)], top=card(RED, 3)), card(RED, 6))
    with pytest.raises(ValueError, match="not a choice"):
        with_choices({"stacking": 1.0})


def test_after_a_draw_two_the_next_player_draws_two_and_misses_the_turn():
    facts = after(
        rules(), table([card(RED, DRAW_TWO), card(GREEN, 8)], top=card(RED, 3)), card(RED, DRAW_TWO)
    )
    assert facts.drew == (0, 2, 0)
    assert facts.lost_turn == (1,)
    assert facts.next == 2
    facts = after(
        rules(draw_card_skips_turn=False),
        table([card(RED, DRAW_TWO), card(GREEN, 8)], top=card(RED, 3)),
        card(RED, DRAW_TWO),
    )
    assert (facts.drew, facts.lost_turn, facts.next) == ((0, 2, 0), (), 1)


def test_a_stack_passes_the_total_on_until_someone_draws_it():
    hands = (
        (card(RED, DRAW_TWO), card(GREEN, 8)),
        (card(BLUE, DRAW_TWO), card(GREEN, 9)),
        OTHERS,
    )
    position = Position(hands=hands, top=card(RED, 3))
    stacking = rules(stack_draw_two_on_draw_two=True)
    facts = after(stacking, position, card(RED, DRAW_TWO), {"stack": 1.0})
    assert facts.played == ((0, card(RED, DRAW_TWO)), (1, card(BLUE, DRAW_TWO)))
    assert facts.drew == (0, 0, 4)
    assert facts.next == 0
    not_stacking = after(stacking, position, card(RED, DRAW_TWO))
    assert not_stacking.drew == (0, 2, 0)


def test_a_skip_and_a_reverse_decide_who_plays_next():
    position = table([card(RED, SKIP), card(RED, REVERSE), card(GREEN, 8)], top=card(RED, 3))
    assert after(rules(), position, card(RED, SKIP)).next == 2
    reverse = after(rules(), position, card(RED, REVERSE))
    assert (reverse.next, reverse.direction) == (2, -1)
    two = table([card(RED, REVERSE), card(GREEN, 8)], players=2, top=card(RED, 3))
    assert after(rules(), two, card(RED, REVERSE)).next == 0
    assert after(rules(two_player_reverse_skips=False), two, card(RED, REVERSE)).next == 1


def test_the_draw_pile_is_drawn_in_order():
    pile = (card(BLUE, 1), card(BLUE, 2), card(RED, 9), card(BLUE, 4))
    position = table([card(GREEN, 8)], top=card(RED, 3), pile=pile)
    once = after(rules(), position)
    assert (once.drew[0], once.hands[0], once.next) == (1, (card(GREEN, 8), card(BLUE, 1)), 1)
    until = after(rules(draw_rule="draw_until_playable"), position)
    assert until.drew[0] == 3
    assert until.played_by(0) == [card(RED, 9)]
    kept = after(rules(draw_rule="draw_until_playable", drawn_card="keep"), position)
    assert kept.played_by(0) == []


def test_with_no_pile_given_the_cards_drawn_cannot_be_played():
    position = table([card(GREEN, 8)], top=card(RED, 3))
    assert not may_play(rules(), table([dud(position)], top=card(RED, 3)), dud(position))
    assert after(rules(draw_rule="draw_until_playable"), position).drew[0] == 40


@pytest.mark.parametrize(
    ("hand", "guilty"), [((W4, card(RED, 5)), True), ((W4, card(BLUE, 5)), False)]
)
def test_a_challenge_follows_the_base_rules(hand, guilty):
    facts = after(rules(), table(hand, top=card(RED, 3)), W4, {"challenge": 1.0})
    assert facts.challenges == 1
    if guilty:  # the player of it draws four, the challenger nothing and plays
        assert (facts.drew, facts.next) == ((4, 0, 0), 1)
    else:  # the challenger draws six and loses the turn
        assert (facts.drew, facts.lost_turn, facts.next) == ((0, 6, 0), (1,), 2)


def test_a_pending_wild_draw_four_can_be_challenged_as_set_up():
    you = (card(GREEN, 5),)
    position = table(you, top=W4, colour=RED, pending=4, wd4_guilty=True)
    facts = after(rules(), position, TURN, {"challenge": 1.0})
    assert facts.drew == (0, 0, 4)  # the player before seat 0 (seat 2) played it
    assert facts.next == 0


@pytest.mark.parametrize(
    ("choices", "challenges"), [({"challenge": 1.0}, 0), ({"hopeless": 1.0}, 1)]
)
def test_under_anytime_only_a_hopeless_challenger_challenges_and_always_fails(choices, challenges):
    hand = (W4, card(RED, 5))  # against the official rule, allowed under anytime
    facts = after(rules(wild_draw_four_rule="anytime"), table(hand, top=card(RED, 3)), W4, choices)
    assert facts.challenges == challenges
    assert facts.drew == ((0, 6, 0) if challenges else (0, 4, 0))
    assert facts.lost_turn == (1,)


def test_going_out_on_a_draw_card_the_next_player_still_draws():
    facts = after(rules(), table([W4], top=card(RED, 3)), W4)
    assert (facts.went_out, facts.next, facts.drew) == (0, -1, (0, 4, 0))


def test_a_jump_in_plays_on_from_the_jumper():
    hands = ((card(RED, 5), card(GREEN, 8)), OTHERS, (card(RED, 5), card(BLUE, 9)), OTHERS)
    position = Position(hands=hands, top=card(RED, 3))
    jumping = rules(jump_in=True)
    facts = after(jumping, position, card(RED, 5), {"jump_in": 1.0})
    assert facts.played == ((0, card(RED, 5)), (2, card(RED, 5)))
    assert facts.next == 3
    assert after(jumping, position, card(RED, 5)).next == 1  # nobody chose to


def test_a_draw_two_turned_up_first_makes_the_first_player_draw_and_per_the_rule_lose_the_turn():
    position = Position(hands=(OTHERS, OTHERS, OTHERS), top=0)
    facts = turned_up(rules(), position, card(RED, DRAW_TWO), dealer=0)
    assert facts.drew == (0, 2, 0) and facts.lost_turn == (1,) and facts.next == 2
    kept = turned_up(rules(draw_card_skips_turn=False), position, card(RED, DRAW_TWO), dealer=0)
    assert kept.drew == (0, 2, 0) and kept.lost_turn == () and kept.next == 1


def test_a_draw_two_turned_up_first_may_be_stacked_on_where_stacking_allows():
    position = Position(hands=(OTHERS, (card(BLUE, DRAW_TWO), *OTHERS), OTHERS), top=0)
    stacking = rules(stack_draw_two_on_draw_two=True)
    facts = turned_up(stacking, position, card(RED, DRAW_TWO), dealer=0, choices={"stack": 1.0})
    assert facts.drew == (0, 0, 4) and facts.lost_turn == (2,) and facts.next == 0
    official = turned_up(rules(), position, card(RED, DRAW_TWO), dealer=0, choices={"stack": 1.0})
    assert official.drew == (0, 2, 0) and official.next == 2


def test_a_skip_or_reverse_turned_up_first_decides_who_plays_first():
    skip = Position(hands=(OTHERS, OTHERS, OTHERS), top=0)
    assert turned_up(rules(), skip, card(RED, SKIP), dealer=0).next == 2
    reverse = Position(hands=(OTHERS, OTHERS, OTHERS), top=0)
    facts = turned_up(rules(), reverse, card(RED, REVERSE), dealer=0)
    assert facts.next == 0 and facts.direction == -1


def test_a_seven_is_swapped_with_the_player_chosen():
    you = (card(RED, 7), card(GREEN, 8))
    others = [(card(YELLOW, 1), card(GREEN, seat)) for seat in (1, 2, 3)]
    position = Position(hands=(you, *others), top=card(RED, 3), swap_with=2)
    facts = after(rules(seven_swap=True), position, card(RED, 7))
    assert facts.hands == (others[1], others[0], (card(GREEN, 8),), others[2])
