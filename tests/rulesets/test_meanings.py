"""Issue 29, the rule texts: what each rule means, said once and fitting the other options
(the draw cards, the challenge, the first card, pairs, two players), with the rulings the
catalogue makes where Mattel's sheet is silent marked as ours."""

import itertools
import re

import pytest

from domain import options as opts
from domain import reference
from rulesets.presets import BY_SLUG
from tests.rulesets.test_findings import page_of, with_options

STACKS = (
    "stack_draw_two_on_draw_two",
    "stack_draw_four_on_draw_four",
    "stack_draw_four_on_draw_two",
    "stack_draw_two_on_draw_four",
)
MATTEL_SILENT = "Mattel's sheet does not say"


def rule_text(options, rule_id):
    rule = reference.build(options).rule(rule_id)
    assert rule is not None, rule_id
    return rule.text


def answer_text(options, answer_id):
    answer = reference.build(options).answer(answer_id)
    assert answer is not None, answer_id
    return answer.text


class TestDrawCardsMissTheTurn:
    """1. Mattel says in one place that the next player draws and misses their turn."""

    def test_the_official_action_cards_say_both(self):
        official = opts.official()
        assert rule_text(official, "base.draw_two") == (
            "Draw Two: the next player draws two cards and misses their turn."
        )
        assert rule_text(official, "base.wild_draw_four") == (
            "Wild Draw Four: you choose the colour to play next, and the next player draws "
            "four cards and misses their turn."
        )

    def test_a_house_that_keeps_the_turn_says_so(self):
        options = with_options(draw_card_skips_turn=False)
        assert rule_text(options, "base.draw_two").endswith(
            "draws two cards, then takes their turn."
        )
        assert rule_text(options, "base.wild_draw_four").endswith(
            "draws four cards, then takes their turn."
        )


class TestAWildDrawFourYouCannotAnswerMayBeChallenged:
    """2. "cannot be answered: you draw four" forgot the challenge."""

    def test_officially_you_draw_four_unless_you_challenge(self):
        official = opts.official()
        for key in ("stack_draw_four_on_draw_four", "stack_draw_two_on_draw_four"):
            assert rule_text(official, key).endswith(
                ": you draw four, unless you challenge it and win."
            )
        for answer_id in ("stack_wd4_on_wd4", "stack_d2_on_wd4"):
            assert answer_text(official, answer_id) == (
                "You draw four cards and miss your turn, unless you challenge it and win."
            )

    def test_inside_a_stack_a_won_challenge_leaves_what_came_before(self):
        options = with_options(stack_draw_four_on_draw_two=True)
        assert rule_text(options, "stack_draw_four_on_draw_four").endswith(
            "unless you challenge it and win, when you draw only what came before it."
        )
        assert "when you draw only what came before it" in answer_text(options, "stack_wd4_on_wd4")

    def test_no_challenge_no_unless(self):
        for changes in ({"wild_draw_four_challenge": False}, {"wild_draw_four_rule": "anytime"}):
            options = with_options(**changes)
            assert rule_text(options, "stack_draw_four_on_draw_four").endswith(": you draw four.")
            assert "challenge" not in answer_text(options, "stack_wd4_on_wd4")

    def test_keeping_the_turn_reads_so_too(self):
        options = with_options(draw_card_skips_turn=False)
        assert answer_text(options, "stack_wd4_on_wd4") == (
            "You draw four cards unless you challenge it and win; either way, you then take "
            "your turn."
        )


class TestAReverseTurnedUpFirst:
    """3. The dealer plays first, and play goes against the starting direction."""

    @pytest.mark.parametrize(
        ("direction", "way"), [("clockwise", "to the right"), ("counterclockwise", "to the left")]
    )
    @pytest.mark.parametrize("skips", [True, False])
    def test_play_goes_the_other_way(self, direction, way, skips):
        options = with_options(direction=direction, draw_card_skips_turn=skips)
        text = rule_text(options, "first_card_action")
        assert text.endswith(
            f"a Reverse makes the dealer play first, with play going the other way ({way})."
        )
        assert answer_text(options, "first_card_action").endswith(f"play first, {way}.")


class TestAWildDrawFourWhenYouCouldPlayAnotherCard:
    """4. The verdict alone is true for the official rules."""

    def test_the_question_says_which_other_card(self):
        answer = reference.build(opts.official()).answer("wd4_other_playable")
        assert answer.question == (
            "Can I play a Wild Draw Four when I could play another card, but not one of the "
            "current colour?"
        )
        assert answer.verdict == "Yes"
        assert "a card of the current colour would" in answer.text

    def test_holding_the_colour_is_a_no(self):
        assert reference.build(opts.official()).answer("wd4_holding_colour").verdict == "No"

    def test_with_no_other_playable_card_it_is_a_no(self):
        options = with_options(wild_draw_four_rule="no_playable_card")
        assert reference.build(options).answer("wd4_other_playable").verdict == "No"


class TestTheChallenge:
    """5. The hand is shown to the challenger alone; an unchallenged Wild Draw Four stands."""

    def test_the_rule(self):
        text = rule_text(opts.official(), "wild_draw_four_challenge")
        assert "its player then shows their hand to the challenger alone" in text
        assert "A Wild Draw Four that nobody challenges stands, even if it broke the rule." in text

    def test_the_answers(self):
        assert "shows their hand to you alone" in answer_text(opts.official(), "wd4_challenge")
        stacked = with_options(stack_draw_four_on_draw_four=True)
        assert "shows their hand to you alone" in answer_text(stacked, "wd4_challenge")


class TestWhereMattelIsSilent:
    """6. The catalogue's rulings where Mattel's sheet says nothing are marked as ours."""

    def test_the_official_page_marks_them(self):
        ref = reference.build(BY_SLUG["official"].options)
        deal = "Mattel's sheet does not say who deals the next round; we pass the deal one seat"
        assert deal in ref.rule("direction").text
        assert "Mattel's sheet does not say who deals next, and we pass the deal" in (
            ref.answer("who_deals").text
        )
        assert (
            "Mattel's sheet does not say what becomes of the colour; we play that the colour "
            "named stands, whatever the result."
        ) in ref.rule("wild_draw_four_challenge").text
        assert "Mattel's sheet does not say who plays next; we play that the challenger takes" in (
            ref.rule("challenge_guilty_draw").text
        )
        assert ref.answer("wd4_after_challenge").text.startswith(
            "Mattel's sheet does not say; we play that the colour named stands either way"
        )

    def test_what_mattel_says_is_not_marked(self):
        ref = reference.build(opts.official())
        for rule_id in ("hand_size", "base.draw_two", "challenge_wrong_draw", "uno_penalty"):
            assert MATTEL_SILENT not in ref.rule(rule_id).text, rule_id

    def test_the_deal_passes_left_even_after_a_redrawn_first_card(self):
        options = with_options(first_card_action="redraw")
        assert MATTEL_SILENT in rule_text(options, "direction")
        assert MATTEL_SILENT in answer_text(options, "who_deals")


class TestPairsWinRoundsTogether:
    """7. and 11: pairs with each scoring mode."""

    def test_rounds(self):
        options = with_options(teams="pairs", scoring="round_wins", rounds_to_win=3)
        assert answer_text(options, "game_end") == "When a pair has won 3 rounds: that pair wins."
        rounds = rule_text(options, "rounds_to_win")
        assert rounds == "The first pair to win 3 rounds wins the game."
        alone = with_options(scoring="round_wins", rounds_to_win=1)
        assert answer_text(alone, "game_end") == "When someone has won 1 round: they win."

    def test_points(self):
        options = with_options(teams="pairs", target_score=100)
        assert answer_text(options, "game_end") == (
            "As soon as a pair's total reaches 100 points: that pair wins."
        )
        lowest = with_options(teams="pairs", scoring="lowest_total_wins")
        assert answer_text(lowest, "game_end").startswith("When any pair's total reaches 500")
        assert "both partners' hands" in rule_text(lowest, "scoring")

    def test_going_out_wins_the_round_for_the_pair(self):
        assert rule_text(with_options(teams="pairs"), "base.going_out") == (
            "The first player to get rid of all their cards wins the round for their pair."
        )

    def test_the_partner_hand_is_in_the_scoring_rule(self):
        options = BY_SLUG["teams-to-100"].options
        assert rule_text(options, "scoring").startswith(
            "The pair of the player who goes out scores the points of all cards left in the "
            "other pairs' hands and in the partner's hand."
        )
        without = with_options(teams="pairs")
        assert "partner's hand" not in rule_text(without, "scoring")


class TestEveryChallengeCountIsTheHouses:
    """8. Each challenge sentence says this house's numbers, inside a stack too."""

    @pytest.mark.parametrize(("guilty", "wrong"), [(4, 6), (2, 5), (1, 1), (7, 9), (3, 10)])
    def test_alone(self, guilty, wrong):
        options = with_options(challenge_guilty_draw=guilty, challenge_wrong_draw=wrong)
        page = page_of(options)
        assert f"draws {guilty} card" in rule_text(options, "challenge_guilty_draw")
        assert f"draws {wrong} card" in rule_text(options, "challenge_wrong_draw")
        answer = answer_text(options, "wd4_challenge")
        assert f"they draw {guilty} card" in answer and f"you draw {wrong} card" in answer
        official = {4, 6} - {guilty, wrong}
        for n in official:
            assert not re.search(rf"\b{n} cards\b(?! each)", page), (n, page)

    @pytest.mark.parametrize(("guilty", "wrong"), [(4, 6), (2, 5), (1, 1), (7, 9)])
    def test_inside_a_stack(self, guilty, wrong):
        options = with_options(
            stack_draw_four_on_draw_two=True,
            challenge_guilty_draw=guilty,
            challenge_wrong_draw=wrong,
        )
        ref = reference.build(options)
        # Facing a Draw Two and a Wild Draw Four (six cards): innocent, the challenger draws
        # the total and the house's wrong draw less four; guilty, the accused draws the
        # house's guilty draw and the challenger the total less four.
        innocent = 6 + wrong - 4
        stack = ref.answer("wd4_stack_challenge").text
        assert f"its player draws {guilty} card" in stack and "you draw two" in stack
        assert stack.endswith(f"if not you draw {innocent} cards.")
        assert f"counting {wrong} card" in ref.rule("challenge_wrong_draw").text
        assert f"draws {guilty} card" in ref.rule("challenge_guilty_draw").text
        assert "the total less four" in ref.rule("challenge_guilty_draw").text


class TestWhichDrawCardsStack:
    """9. The stacking rule names exactly the answers the house allows."""

    def test_a_wild_draw_four_on_a_wild_draw_four_only(self):
        text = rule_text(with_options(stack_draw_four_on_draw_four=True), "base.stacking")
        assert "A Wild Draw Four may be answered only with a Wild Draw Four." in text
        assert "A Draw Two cannot be answered with a draw card." in text

    @pytest.mark.parametrize(
        "on", [c for n in range(1, 5) for c in itertools.combinations(STACKS, n)]
    )
    def test_every_combination(self, on):
        text = rule_text(with_options(**dict.fromkeys(on, True)), "base.stacking")
        two = {"stack_draw_two_on_draw_two", "stack_draw_four_on_draw_two"} & set(on)
        four = {"stack_draw_four_on_draw_four", "stack_draw_two_on_draw_four"} & set(on)
        d2 = text.split("A Draw Two ", 1)[1].split(".", 1)[0]
        wd4 = text.split("A Wild Draw Four may", 1)[1].split(".", 1)[0] if four else ""
        assert ("with a Draw Two" in d2) is ("stack_draw_two_on_draw_two" in on)
        assert ("Wild Draw Four" in d2) is ("stack_draw_four_on_draw_two" in on)
        assert ("cannot be answered" in d2) is (not two)
        assert ("with a Wild Draw Four" in wd4) is ("stack_draw_four_on_draw_four" in on)
        assert ("Draw Two of the colour just named" in wd4) is ("stack_draw_two_on_draw_four" in on)
        if not four:
            assert "A Wild Draw Four cannot be answered with a draw card, only challenged." in text


class TestOwnRules:
    """10. A house with its own rules never reads as playing the official rules alone."""

    def test_the_summary(self):
        ref = reference.build(opts.official(), ["We play to 250."])
        assert ref.summary == "This house plays the official rules, plus 1 rule of its own."
        two = reference.build(opts.official(), ["One.", "Two."])
        assert two.summary == "This house plays the official rules, plus 2 rules of its own."
        assert reference.build(opts.official()).summary == "This house plays the official rules."

    def test_the_page(self):
        from django.template.loader import render_to_string

        ref = reference.build(opts.official(), ["We play to 250."])
        html = render_to_string("rulesets/rules.html#reference", {"ref": ref})
        assert "This house plays the official rules." not in html
        assert "plus 1 rule of its own" in html


class TestWhereOptionsMeet:
    """11. One sentence where two rules meet."""

    def test_two_players_and_stacking(self):
        options = with_options(stack_draw_two_on_draw_two=True)
        assert rule_text(options, "base.two_players_stacking").startswith(
            "With two players, a stack goes back and forth between you"
        )
        keep = with_options(stack_draw_two_on_draw_two=True, draw_card_skips_turn=False)
        assert rule_text(keep, "base.two_players_stacking").endswith("then takes their turn.")
        pairs = with_options(stack_draw_two_on_draw_two=True, teams="pairs")
        assert reference.build(pairs).rule("base.two_players_stacking") is None
        assert reference.build(opts.official()).rule("base.two_players_stacking") is None

    @pytest.mark.parametrize("key", ["stack_draw_two_on_draw_two", "stack_draw_four_on_draw_two"])
    def test_a_draw_two_turned_up_first_may_be_answered(self, key):
        text = rule_text(with_options(**{key: True}), "base.first_card_stack")
        assert text.startswith("A Draw Two turned up first may be answered like any other Draw Two")
        redraw = with_options(**{key: True}, first_card_action="redraw")
        assert reference.build(redraw).rule("base.first_card_stack") is None

    def test_no_answering_the_first_card_without_stacking_on_a_draw_two(self):
        for options in (opts.official(), with_options(stack_draw_four_on_draw_four=True)):
            assert reference.build(options).rule("base.first_card_stack") is None

    def test_the_first_draw_two_and_the_turn(self):
        official = rule_text(opts.official(), "first_card_action")
        assert "draw two cards and miss their turn" in official
        keep = with_options(draw_card_skips_turn=False)
        assert "draw two cards before they take their turn" in rule_text(keep, "first_card_action")

    def test_a_challenge_inside_a_stack(self):
        options = with_options(stack_draw_four_on_draw_four=True)
        assert "is about the last Wild Draw Four only" in rule_text(options, "base.stack_challenge")


class TestSilencesFilled:
    """12. One sentence each, where the options meet."""

    def test_several_sevens_swap_once(self):
        options = with_options(multiple_same_number=True, seven_swap=True)
        assert "you swap hands once only" in rule_text(options, "base.several_sevens")
        assert reference.build(with_options(seven_swap=True)).rule("base.several_sevens") is None

    def test_several_zeros_pass_once(self):
        options = with_options(multiple_same_number=True, zero_rotate=True)
        assert "the hands pass on once only" in rule_text(options, "base.several_zeros")
        assert reference.build(with_options(zero_rotate=True)).rule("base.several_zeros") is None

    def test_a_jumped_in_wild_draw_four_may_be_challenged(self):
        text = rule_text(with_options(jump_in=True), "base.jump_in_challenge")
        assert "judged on the hand of the player who jumped in" in text
        for changes in ({"wild_draw_four_challenge": False}, {"wild_draw_four_rule": "anytime"}):
            options = with_options(jump_in=True, **changes)
            assert reference.build(options).rule("base.jump_in_challenge") is None


class TestTheStackThatIsChallenged:
    """The stack quoted in the challenge answer is one this house can build."""

    def test_only_wild_draw_fours_on_each_other(self):
        o = with_options(stack_draw_four_on_draw_four=True, challenge_wrong_draw=6)
        text = answer_text(o, "wd4_stack_challenge")
        assert "two Wild Draw Fours (eight cards)" in text
        assert "Draw Two" not in text
        assert text.endswith("you draw 10 cards.")

    def test_a_wild_draw_four_on_a_draw_two(self):
        o = with_options(stack_draw_four_on_draw_two=True, challenge_wrong_draw=6)
        text = answer_text(o, "wd4_stack_challenge")
        assert "a Draw Two and a Wild Draw Four (six cards)" in text
        assert text.endswith("you draw 8 cards.")

    def test_only_a_draw_two_on_a_wild_draw_four_cannot_be_challenged(self):
        o = with_options(stack_draw_two_on_draw_four=True)
        answer = reference.build(o).answer("wd4_stack_challenge")
        assert answer.verdict == reference.NO
        assert "nobody can challenge it" in answer.text


class TestMustPlayBesideTheDrawnCard:
    """The "If you can play, you must" answer beside a drawn card that may be kept."""

    def test_the_drawn_card_may_still_be_kept(self):
        o = with_options(may_draw_instead_of_playing=False)
        text = answer_text(o, "draw_instead")
        assert "from your hand, you must" in text
        assert "you may keep the card you draw" in text

    def test_a_drawn_card_that_must_be_played(self):
        o = with_options(may_draw_instead_of_playing=False, drawn_card="must_play")
        assert "keep" not in answer_text(o, "draw_instead")
