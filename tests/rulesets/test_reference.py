"""The rule reference (domain/reference/): every option value states its rule, the house
rules are marked against official, and the "Can I ...?" answers follow the options."""

import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape

from domain import options as opts
from domain import reference
from rulesets.presets import BY_SLUG, PRESETS
from tests.rulesets.option_sets import every_pair, sample_values


def with_value(key, value, base=None):
    """Options with ``key`` set to ``value`` and whatever it needs to mean something."""
    options = dict(opts.official() if base is None else base)
    option = opts.BY_KEY[key]
    for dep_key, allowed in option.when:
        if options[dep_key] not in allowed:
            options[dep_key] = allowed[0]
    options[key] = value
    return options


CASES = [(o.key, v) for o in opts.OPTIONS for v in sample_values(o)]

# What each value's text must say, in words a player uses: the rule, not the setting (each
# option declares them: Option.says). Numbers: "{n}" for the number, and the numbers that
# have their own words (a wrong challenge of 4 cards is just the four, not "4 cards in all,
# instead of four").
STATES = {
    (o.key, value): words
    for o in opts.OPTIONS
    if o.kind != opts.INT
    for value, words in o.says.items()
}
INT_STATES = {o.key: o.says["n"] for o in opts.OPTIONS if o.kind == opts.INT and "n" in o.says}
INT_OWN_WORDS = {
    (o.key, value): words
    for o in opts.OPTIONS
    if o.kind == opts.INT
    for value, words in o.says.items()
    if value != "n"
}


def test_every_value_has_its_expected_words():
    expected = {(o.key, v) for o in opts.OPTIONS if o.kind != opts.INT for v in o.values()}
    assert set(STATES) == expected
    assert set(INT_STATES) == {o.key for o in opts.OPTIONS if o.kind == opts.INT}


def html_of(options):
    return render_to_string("rulesets/rules.html#reference", {"ref": reference.build(options)})


def house_marks(html):
    return re.findall(r'data-rule="([^"]+)" data-house-rule', html)


class TestStructure:
    def test_every_option_sits_in_exactly_one_section(self):
        items = [item for _key, _title, items in reference.SECTIONS for item in items]
        options = [i for i in items if not i.startswith("base.")]
        assert sorted(options) == sorted(opts.KEYS)
        assert len(options) == len(set(options))

    def test_every_base_text_sits_in_exactly_one_section(self):
        items = [item for _key, _title, items in reference.SECTIONS for item in items]
        bases = [i for i in items if i.startswith("base.")]
        assert sorted(bases) == sorted(reference.BASE)
        assert len(bases) == len(set(bases))

    def test_the_sections_come_in_the_order_a_player_needs_them(self):
        titles = [s.title for s in reference.build(opts.official()).sections]
        assert titles == [
            "Setup",
            "A turn",
            "Action cards",
            "Draw cards and stacking",
            "Wild Draw Four",
            "Calling UNO",
            "Going out and scoring",
        ]

    def test_the_base_rules_are_in_the_reference_and_the_page(self):
        party = BY_SLUG["party"].options
        for options in (opts.official(), party):
            ref = reference.build(options)
            html = html_of(options)
            for rule_id, base in reference.BASE.items():
                if not base.shown(options):
                    assert ref.rule(rule_id) is None
                    continue
                assert ref.rule(rule_id).text == base.text(options)
                assert f'data-rule="{rule_id}"' in html
                assert escape(base.text(options)) in html
        assert reference.build(party).rule("base.stacking") is not None


@pytest.mark.parametrize(("key", "value"), CASES, ids=[f"{k}={v}" for k, v in CASES])
def test_each_value_states_its_rule(key, value):
    option = opts.BY_KEY[key]
    options = with_value(key, value)
    ref = reference.build(options)
    rule = ref.rule(key)
    text = option.text(value, options)
    assert rule is not None and rule.option is option
    assert rule.text == text
    if option.kind == opts.INT and value == 0 and "zero" in option.texts:
        assert re.search(r"\bnothing\b|\bno penalty\b", text), text
        assert not re.search(r"\b0\b", text), text
    elif option.kind == opts.INT and value in option.texts:
        assert INT_OWN_WORDS[key, value] in text
    elif option.kind == opts.INT:
        assert INT_STATES[key].format(n=value) in text
    else:
        assert STATES[key, value] in text
    assert text.strip() and not re.search(r"\b(True|False|true|false|None)\b", text)
    assert "{" not in text and "}" not in text
    house = value != option.official
    assert rule.is_house is house
    html = html_of(options)
    assert escape(text) in html
    if house:
        assert rule.official_text == option.text(option.official, opts.official())
        assert rule in ref.house_rules
        assert escape(rule.official_text) in html
        assert escape(rule.difference) in html
        assert key in house_marks(html)
        assert reference.in_sentence(rule.summary_name) in ref.summary
    else:
        assert rule.official_text == ""
        assert key not in house_marks(html)


@pytest.mark.parametrize("option", opts.OPTIONS, ids=opts.KEYS)
def test_each_value_of_an_option_has_its_own_text(option):
    values = sample_values(option)
    texts = [option.text(v, with_value(option.key, v)) for v in values]
    assert len(set(texts)) == len(values)
    for value, text in zip(values, texts, strict=True):
        if option.kind == opts.INT and value == 0 and "zero" in option.texts:
            assert not re.search(r"\b0\b", text), text
        elif option.kind == opts.INT and value in option.texts:
            assert INT_OWN_WORDS[option.key, value] in text
        elif option.kind == opts.INT:
            assert re.search(rf"\b{value}\b", text), text


@pytest.mark.parametrize("preset", PRESETS, ids=[p.slug for p in PRESETS])
def test_each_preset_states_its_rules(preset):
    options = preset.options
    ref = reference.build(options)
    html = html_of(options)
    shown = [o for o in opts.OPTIONS if reference.is_shown(o, options)]
    for option in shown:
        rule = ref.rule(option.key)
        assert rule.text == option.text(options[option.key], options)
        assert escape(rule.text) in html
    for option in opts.OPTIONS:
        if option not in shown:
            assert ref.rule(option.key) is None
            assert f'data-rule="{option.key}"' not in html
    expected = {
        key for key, value in preset.changes.items()
        if value != opts.BY_KEY[key].official and reference.is_shown(opts.BY_KEY[key], options)
    }  # fmt: skip
    assert {r.id for r in ref.house_rules} == expected
    assert sorted(house_marks(html)) == sorted(expected)
    n = len(expected)
    if n:
        assert ref.summary.startswith(
            f"This house plays {n} rule{'s' if n > 1 else ''} differently:"
        )
    else:
        assert ref.summary == "This house plays the official rules."


def test_the_official_preset_has_no_house_rule_marks():
    ref = reference.build(BY_SLUG["official"].options)
    html = html_of(BY_SLUG["official"].options)
    assert ref.house_rules == []
    assert not any(a.is_house for a in ref.answers)
    assert not any(v.is_house for v in ref.card_values)
    assert "House rule" not in html and "data-house-rule" not in html
    assert "Official:" not in html
    assert 'class="rule house' not in html and "answer house" not in html
    assert "This house plays the official rules." in html


def test_party_marks_exactly_its_differences():
    party = BY_SLUG["party"]
    ref = reference.build(party.options)
    html = html_of(party.options)
    assert len(party.changes) == 8
    assert {r.id for r in ref.house_rules} == set(party.changes)
    assert sorted(house_marks(html)) == sorted(party.changes)
    # Each house rule is listed once more at the top, with the official rule beside it.
    top = html.split('id="house-rules"', 1)[1].split('id="answers-fold"', 1)[0]
    assert top.count('class="rule house"') == 8
    for rule in ref.house_rules:
        assert escape(rule.text) in top and escape(rule.official_text) in top
        # The one-line difference comes first, the full text below it.
        assert top.index(escape(rule.difference)) < top.index(escape(rule.text))
    assert ref.summary == (
        "This house plays 8 rules differently: Draw Two on a Draw Two, Wild Draw Four on a "
        "Wild Draw Four, Wild Draw Four on a Draw Two, Draw Two on a Wild Draw Four, drawing "
        "when you don't play, jump in, sevens swap hands and zeros pass hands round."
    )


def test_the_summary_counts_one_rule_in_the_singular():
    ref = reference.build(with_value("uno_penalty", 4))
    assert ref.summary == "This house plays 1 rule differently: UNO penalty."


def test_the_strict_family_summary_names_its_three_rules():
    ref = reference.build(BY_SLUG["strict-family"].options)
    assert ref.summary == (
        "This house plays 3 rules differently: UNO penalty, direction of play and an action "
        "card turned up first."
    )


class TestOnlyRelevantOptions:
    def test_no_challenge_penalties_when_challenges_are_off(self):
        options = {**opts.official(), "wild_draw_four_challenge": False, "challenge_guilty_draw": 2}
        ref = reference.build(options)
        html = html_of(options)
        assert ref.rule("challenge_guilty_draw") is None
        assert ref.rule("challenge_wrong_draw") is None
        assert "If the challenge" not in html
        # The changed but meaningless penalty is not counted as a house rule.
        assert [r.id for r in ref.house_rules] == ["wild_draw_four_challenge"]

    def test_the_partner_hand_only_with_pairs(self):
        alone = {**opts.official(), "team_scores_partner_hand": True}
        assert reference.build(alone).rule("team_scores_partner_hand") is None
        assert reference.build(alone).house_rules == []
        assert reference.build(alone).answer("partner_hand") is None
        pairs = {**alone, "teams": "pairs"}
        assert reference.build(pairs).rule("team_scores_partner_hand").is_house
        assert reference.build(pairs).answer("partner_hand").verdict == "Yes"

    def test_counting_rounds_drops_the_target_and_the_card_points(self):
        options = {**opts.official(), "scoring": "round_wins", "rounds_to_win": 3}
        ref = reference.build(options)
        for gone in ("target_score", "points_action", "points_wild", "base.number_points"):
            assert ref.rule(gone) is None
        assert ref.rule("rounds_to_win").text == "The first to win 3 rounds wins the game."
        assert not ref.uses_points
        assert "counts rounds won, so cards left in hands score nothing" in html_of(options)

    def test_rounds_to_win_only_when_counting_rounds(self):
        assert reference.build(opts.official()).rule("rounds_to_win") is None

    def test_going_out_on_an_action_card_only_where_it_is_allowed(self):
        options = {**opts.official(), "last_card": "no_action_or_wild"}
        assert reference.build(options).rule("base.going_out_action") is None
        assert reference.build(opts.official()).rule("base.going_out_action") is not None


class TestCardValues:
    def test_official_values(self):
        values = [(v.card, v.points) for v in reference.build(opts.official()).card_values]
        assert values == [
            ("0 to 9", "face value"),
            ("Skip", "20 points"),
            ("Reverse", "20 points"),
            ("Draw Two", "20 points"),
            ("Wild", "50 points"),
            ("Wild Draw Four", "50 points"),
        ]

    def test_house_values_show_the_official_value(self):
        options = {**opts.official(), "points_action": 10, "points_wild": 1}
        values = {v.card: v for v in reference.build(options).card_values}
        assert values["Draw Two"].points == "10 points" and values["Draw Two"].is_house
        assert values["Draw Two"].official == "20 points"
        assert values["Wild"].points == "1 point" and values["Wild"].official == "50 points"
        assert not values["0 to 9"].is_house
        html = html_of(options)
        assert "10 points" in html and "Official: 20 points" in html


# The answers: (answer id, changed options, verdict, words the sentence says, house rule?)
MODERN = {"deck": "modern_112"}
ANSWER_CASES = [
    # The 112-card deck's own cards (asked only with it: a house rule of the deck).
    ("shuffle_hands_any_time", MODERN, "Yes", "even when you could play another card", True),
    ("shuffle_hands_last", MODERN, "", "the round does not end", True),
    ("custom_wild_what", MODERN, "", "then it does what this house wrote on it", True),
    (
        "special_wild_on_stack",
        {**MODERN, "stack_draw_two_on_draw_two": True},
        "No",
        "Neither is a draw card",
        True,
    ),
    ("stack_d2_on_d2", {}, "No", "You draw two cards and miss your turn.", False),
    ("stack_d2_on_d2", {"stack_draw_two_on_draw_two": True}, "Yes", "draws the whole total", True),
    ("stack_d2_on_d2", {"draw_card_skips_turn": False}, "No", "then take your turn", True),
    ("stack_wd4_on_wd4", {}, "No", "You draw four cards", False),
    (
        "stack_wd4_on_wd4",
        {"stack_draw_four_on_draw_four": True},
        "Yes",
        "it may be challenged",
        True,
    ),
    ("stack_wd4_on_d2", {}, "No", "You draw two cards", False),
    (
        "stack_wd4_on_d2",
        {"stack_draw_four_on_draw_two": True},
        "Yes",
        "rule lets you play it",
        True,
    ),
    ("stack_d2_on_wd4", {}, "No", "You draw four cards", False),
    ("stack_d2_on_wd4", {"stack_draw_two_on_draw_four": True}, "Yes", "six cards", True),
    ("play_after_drawing_penalty", {}, "No", "miss your turn", False),
    ("play_after_drawing_penalty", {"draw_card_skips_turn": False}, "Yes", "take your turn", True),
    (
        "wd4_holding_colour",
        {},
        "No",
        "no card of the current colour; if you are challenged and caught, you draw 4 cards",
        False,
    ),  # fmt: skip
    ("wd4_holding_colour", {"wild_draw_four_rule": "anytime"}, "Yes", "any time", True),
    (
        "wd4_holding_colour",
        {"wild_draw_four_rule": "no_playable_card"},
        "No",
        "no other card you could play",
        True,
    ),  # fmt: skip
    ("wd4_holding_colour", {"wild_draw_four_challenge": False}, "No", "on your honour", True),
    ("wd4_holding_colour", {"challenge_guilty_draw": 1}, "No", "you draw 1 card.", True),
    ("wd4_other_playable", {}, "Yes", "only by number or symbol", False),
    (
        "wd4_other_playable",
        {"wild_draw_four_rule": "no_playable_card"},
        "No",
        "no other card you could play",
        True,
    ),  # fmt: skip
    ("wd4_other_playable", {"wild_draw_four_rule": "anytime"}, "Yes", "any time", True),
    (
        "wd4_challenge",
        {},
        "Yes",
        "they draw 4 cards and you draw nothing, and if not you draw 6 cards in all",
        False,
    ),
    (
        "wd4_challenge",
        {"challenge_guilty_draw": 2, "challenge_wrong_draw": 5},
        "Yes",
        "they draw 2 cards and you draw nothing, and if not you draw 5 cards in all",
        True,
    ),  # fmt: skip
    ("wd4_challenge", {"wild_draw_four_challenge": False}, "No", "Nobody may challenge", True),
    ("wd4_challenge", {"wild_draw_four_rule": "anytime"}, "Yes", "the challenge fails", True),
    ("uno_forget", {}, "", "you draw 2 cards", False),
    ("uno_forget", {"uno_penalty": 4}, "", "you draw 4 cards", True),
    ("uno_forget", {"uno_penalty": 1}, "", "you draw 1 card;", True),
    ("uno_forget", {"uno_penalty": 0}, "", "no penalty", True),
    ("uno_when", {}, "", "second-to-last card", False),
    ("go_out_action", {}, "Yes", "those cards count for scoring", False),
    ("go_out_action", {"last_card": "no_wild"}, "Yes", "effect still applies", False),
    ("go_out_action", {"last_card": "no_action_or_wild"}, "No", "number card", True),
    ("go_out_action", {"scoring": "round_wins"}, "Yes", "draws two.", True),
    ("go_out_wild", {}, "Yes", "still draws four", False),
    ("go_out_wild", {"last_card": "no_wild"}, "No", "may not be a Wild", True),
    ("go_out_wild", {"last_card": "no_action_or_wild"}, "No", "number card", True),
    ("draw_instead", {}, "Yes", "You may draw instead", False),
    ("draw_instead", {"may_draw_instead_of_playing": False}, "No", "you must", True),
    ("play_drawn", {}, "Yes", "you may play it at once", False),
    ("play_drawn", {"drawn_card": "must_play"}, "Yes", "you must play it", True),
    ("play_drawn", {"drawn_card": "keep"}, "No", "your turn ends", True),
    ("play_drawn", {"draw_rule": "draw_until_playable"}, "Yes", "keep drawing", True),
    (
        "play_drawn",
        {"draw_rule": "draw_until_playable", "drawn_card": "must_play"},
        "Yes",
        "You must: you keep drawing",
        True,
    ),  # fmt: skip
    ("draw_until", {}, "No", "one card", False),
    ("draw_until", {"draw_rule": "draw_until_playable"}, "Yes", "Keep drawing", True),
    ("draw_pile_empty", {}, "", "Shuffle the discard pile, except its top card", False),
    ("several_cards", {}, "No", "one card per turn", False),
    ("several_cards", {"multiple_same_number": True}, "Yes", "together", True),
    ("jump_in", {}, "No", "no jumping in", False),
    ("jump_in", {"jump_in": True}, "Yes", "exact same card", True),
    ("wild_any_time", {}, "Yes", "any card", False),
    ("sevens", {}, "No", "ordinary number card", False),
    ("sevens", {"seven_swap": True}, "Yes", "swap hands", True),
    ("zeros", {}, "No", "ordinary number card", False),
    ("zeros", {"zero_rotate": True}, "Yes", "passes their hand", True),
    ("two_player_reverse", {}, "Yes", "play again", False),
    ("two_player_reverse", {"two_player_reverse_skips": False}, "No", "only changes", True),
    ("who_deals", {}, "", "highest number deals first; the player to the dealer's left", False),
    (
        "who_deals",
        {"dealer_selection": "random", "direction": "counterclockwise"},
        "",
        "chosen at random; the player to the dealer's right plays first",
        True,
    ),  # fmt: skip
    ("hand_size", {}, "", "7 cards each", False),
    ("hand_size", {"hand_size": 5}, "", "5 cards each", True),
    ("first_card_wild", {}, "", "chooses the colour", False),
    (
        "first_card_wild",
        {"first_card_wild": "redraw"},
        "",
        "buried in the deck",
        True,
    ),  # fmt: skip
    ("first_card_action", {}, "", "dealer play first, to the right", False),
    ("first_card_action", {"direction": "counterclockwise"}, "", "to the left", True),
    ("first_card_action", {"draw_card_skips_turn": False}, "", "before they take their turn", True),
    ("first_card_action", {"first_card_action": "redraw"}, "", "buried", True),
    ("teams", {}, "No", "for themselves", False),
    ("teams", {"teams": "pairs"}, "Yes", "partners sitting opposite", True),
    ("partner_hand", {"teams": "pairs"}, "No", "only the other pairs' hands", True),
    (
        "partner_hand",
        {"teams": "pairs", "team_scores_partner_hand": True},
        "Yes",
        "partner's hand",
        True,
    ),  # fmt: skip
    (
        "card_points",
        {},
        "",
        "face value, each Skip, Reverse and Draw Two 20 points, and each "
        "Wild and Wild Draw Four 50 points",
        False,
    ),  # fmt: skip
    ("card_points", {"points_action": 10, "points_wild": 1}, "", "Draw Two 10 points", True),
    ("card_points", {"scoring": "round_wins"}, "", "None", True),
    ("who_scores", {}, "", "other players' hands", False),
    ("who_scores", {"scoring": "lowest_total_wins"}, "", "their own hand", True),
    ("who_scores", {"scoring": "round_wins"}, "", "Nobody scores points", True),
    (
        "who_scores",
        {"teams": "pairs", "team_scores_partner_hand": True},
        "",
        "other pairs' hands and the partner's hand",
        True,
    ),  # fmt: skip
    ("game_end", {}, "", "reaches 500 points: whoever reaches it wins", False),
    ("game_end", {"target_score": 100}, "", "100 points", True),
    ("game_end", {"scoring": "lowest_total_wins"}, "", "lowest total wins", True),
    ("game_end", {"scoring": "round_wins", "rounds_to_win": 3}, "", "won 3 rounds", True),
    # Questions that only arise with some house rules.
    ("stack_two_cards", {"stack_draw_two_on_draw_two": True}, "No", "one draw card at most", True),
    ("wd4_after_challenge", {}, "", "colour named stands either way", False),
    (
        "wd4_after_challenge",
        {"draw_card_skips_turn": False},
        "",
        "takes their turn once they have drawn",
        True,
    ),  # fmt: skip
    ("wd4_after_challenge", {"wild_draw_four_rule": "anytime"}, "", "always fails", True),
    (
        "wd4_stack_challenge",
        {"stack_draw_four_on_draw_two": True},
        "Yes",
        "its player draws 4 cards and you draw two, and if not you draw 8 cards",
        True,
    ),  # fmt: skip
    (
        "wd4_stack_challenge",
        {"stack_draw_four_on_draw_two": True, "wild_draw_four_rule": "anytime"},
        "Yes",
        "the challenge fails",
        True,
    ),  # fmt: skip
    ("uno_after_swap", {"seven_swap": True}, "", "draw 2 cards if caught", True),
    ("uno_after_swap", {"zero_rotate": True, "uno_penalty": 0}, "", "no penalty", True),
    ("last_card_blocked", {"last_card": "no_wild"}, "", "draw one card", True),
    (
        "last_card_blocked",
        {"last_card": "no_action_or_wild", "draw_rule": "draw_until_playable"},
        "",
        "keep drawing",
        True,
    ),  # fmt: skip
    ("go_out_seven", {"seven_swap": True}, "Yes", "nobody swaps hands", True),
    ("go_out_zero", {"zero_rotate": True}, "Yes", "no hands move", True),
    ("jump_in_draw", {"jump_in": True}, "Yes", "the player it was aimed at draws nothing", True),
    ("jump_in_wd4", {"jump_in": True}, "", "Any other Wild Draw Four", True),
    ("jump_in_next", {"jump_in": True}, "", "players in between miss their turn", True),
    ("two_player_skip", {}, "", "it is your turn again", False),
    ("two_player_skip", {"draw_card_skips_turn": False}, "", "then takes their turn", True),
]


@pytest.mark.parametrize(
    ("answer_id", "changes", "verdict", "says", "house"),
    ANSWER_CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(ANSWER_CASES)],
)
def test_the_answers_follow_the_options(answer_id, changes, verdict, says, house):
    options = {**opts.official(), **changes}
    answer = reference.build(options).answer(answer_id)
    assert answer is not None
    assert answer.verdict == verdict
    assert says in answer.text
    assert answer.is_house is house
    html = html_of(options)
    item = html.split(f'data-answer="{answer_id}"', 1)[1].split("</li>", 1)[0]
    assert escape(answer.question) in item and escape(answer.text) in item
    assert (f'<strong class="verdict {verdict.lower()}">{verdict}.</strong>' in item) is bool(
        verdict
    )
    assert ("House rule" in item) is house


def test_every_answer_is_tested_and_the_option_dependent_ones_flip():
    ids = {q.id for q in reference.QUESTIONS}
    tested = {case[0] for case in ANSWER_CASES}
    assert not ids - tested, f"answers with no case in ANSWER_CASES: {sorted(ids - tested)}"
    assert ids == tested, f"cases of no answer: {sorted(tested - ids)}"
    # Base rules: the same wherever the question arises.
    fixed = {
        "uno_when",
        "draw_pile_empty",
        "wild_any_time",
        "stack_two_cards",
        "go_out_seven",
        "go_out_zero",
        "jump_in_draw",
        "jump_in_wd4",
        "jump_in_next",
        "shuffle_hands_any_time",
        "shuffle_hands_last",
        "custom_wild_what",
        "special_wild_on_stack",
    }
    for answer_id in ids - fixed:
        states = {(c[2], c[3]) for c in ANSWER_CASES if c[0] == answer_id}
        assert len(states) >= 2, answer_id


def test_the_issue_questions_are_answered():
    questions = {a.id: a.question for a in reference.build(opts.official()).answers}
    assert questions["stack_d2_on_d2"] == "Can I stack a Draw Two on a Draw Two?"
    assert questions["stack_wd4_on_wd4"] == "Can I stack a Wild Draw Four on a Wild Draw Four?"
    assert questions["stack_wd4_on_d2"] == "Can I stack a Wild Draw Four on a Draw Two?"
    assert questions["stack_d2_on_wd4"] == "Can I stack a Draw Two on a Wild Draw Four?"
    for answer_id in (
        "wd4_holding_colour",
        "uno_forget",
        "go_out_action",
        "go_out_wild",
        "draw_instead",
        "play_drawn",
        "draw_pile_empty",
        "who_deals",
        "first_card_wild",
        "card_points",
        "jump_in",
        "sevens",
        "zeros",
        "two_player_reverse",
        "wd4_challenge",
        "draw_until",
        "teams",
    ):
        assert answer_id in questions


def test_yes_no_answers_are_one_sentence():
    for preset in PRESETS:
        for answer in reference.build(preset.options).answers:
            assert answer.text.endswith(".")
            assert answer.text.count(". ") == 0, answer.text
            assert answer.verdict in ("Yes", "No", "")
            assert answer.question.endswith("?")


def test_the_answers_are_a_plain_list_linked_to_their_rules():
    ref = reference.build(opts.official())
    html = html_of(opts.official())
    assert '<ul class="answers" id="answers">' in html
    assert len(re.findall(r'class="answer[ "]', html)) == len(ref.answers)
    for answer in ref.answers:
        assert answer.links, answer.id
        for rule_id, _name in answer.links:
            assert f'href="#rule-{rule_id}"' in html and f'id="rule-{rule_id}"' in html


def test_the_differences_and_answers_are_open_the_rest_folds():
    html = html_of(BY_SLUG["party"].options)
    assert '<details class="fold" id="house-rules" open>' in html
    assert '<details class="fold" id="answers-fold" open>' in html
    for key, _title, _items in reference.SECTIONS:
        assert f'<details class="fold" id="rules-{key}">' in html
    assert '<details class="fold" id="card-values">' in html
    # The house's differences come first.
    assert html.index('id="house-rules"') < html.index('id="answers-fold"')
    assert html.index('id="answers-fold"') < html.index('id="rules-setup"')


def test_the_reference_needs_no_request_and_holds_no_token():
    html = html_of(BY_SLUG["party"].options)
    assert "csrf" not in html.lower() and "nonce" not in html.lower()


def test_random_rule_sets_state_every_shown_rule_and_count_their_differences():
    rng = random.Random(5)
    randoms = [{o.key: rng.choice(sample_values(o)) for o in opts.OPTIONS} for _ in range(40)]
    for options in every_pair() + randoms:  # every two options' values together, and more
        ref = reference.build(options)
        html = html_of(options)
        shown = [o for o in opts.OPTIONS if reference.is_shown(o, options)]
        house = [o.key for o in shown if options[o.key] != o.official]
        assert sorted(r.id for r in ref.house_rules) == sorted(house)
        assert sorted(house_marks(html)) == sorted(house)
        for option in shown:
            assert escape(option.text(options[option.key], options)) in html
        for answer in ref.answers:
            assert answer.text.endswith(".") and escape(answer.text) in html
