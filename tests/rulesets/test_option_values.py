"""Parsing, validating and describing option values (the definitions in domain/options/)."""

import pytest

from domain import options as opts


def key_of(option):  # a test id that is the same in every process (pytest-xdist compares them)
    return option.key


@pytest.mark.parametrize("option", [o for o in opts.OPTIONS if o.kind == opts.INT], ids=key_of)
def test_int_bounds(option):
    assert option.parse(option.minimum) == option.minimum
    assert option.parse(str(option.maximum)) == option.maximum
    for bad in (
        option.minimum - 1,
        option.maximum + 1,
        "x",
        "1.5",
        None,
        True,
        "",
        "9" * 20,
        "\u00b2",
    ):
        with pytest.raises(ValueError):
            option.parse(bad)


@pytest.mark.parametrize("option", [o for o in opts.OPTIONS if o.kind == opts.ENUM], ids=key_of)
def test_enum_values(option):
    for value in option.choices:
        assert option.parse(value) == value
    for bad in ("nope", 1, None, True, value.upper()):
        with pytest.raises(ValueError):
            option.parse(bad)


def test_bools_refuse_other_types():
    option = opts.BY_KEY["jump_in"]
    assert option.parse(True) is True
    assert option.parse("false") is False
    for bad in (2, None, "maybe", [True]):
        with pytest.raises(ValueError):
            option.parse(bad)


def test_validate_names_unknown_and_wrong_keys():
    with pytest.raises(opts.OptionsError) as exc:
        opts.validate({"hand_size": 11, "no_such_rule": True}, partial=True)
    assert set(exc.value.errors) == {"hand_size", "no_such_rule"}


def test_validate_requires_every_key_unless_partial():
    with pytest.raises(opts.OptionsError) as exc:
        opts.validate({"hand_size": 7})
    assert "uno_penalty" in exc.value.errors
    assert opts.validate({"hand_size": 6}, partial=True) == {**opts.official(), "hand_size": 6}


def test_diff_in_words():
    new = {**opts.official(), "uno_penalty": 4, "jump_in": True, "direction": "counterclockwise"}
    assert [str(c) for c in opts.diff(opts.official(), new)] == [
        "Direction of play: Clockwise (to the left) \u2192 Counterclockwise",
        "Jump in: Not allowed \u2192 Allowed",
        "UNO penalty: 2 cards \u2192 4 cards",
    ]


def test_words_are_plain():
    assert opts.BY_KEY["uno_penalty"].words(1) == "1 card"
    assert opts.BY_KEY["target_score"].words(500) == "500 points"
    for option in opts.OPTIONS:
        for value in option.values()[:3]:
            assert option.words(value) not in ("True", "False", "true", "false")


def test_relevance():
    official = opts.official()
    assert opts.BY_KEY["challenge_guilty_draw"].is_relevant(official)
    assert not opts.BY_KEY["challenge_guilty_draw"].is_relevant(
        {**official, "wild_draw_four_challenge": False}
    )
    assert not opts.BY_KEY["team_scores_partner_hand"].is_relevant(official)
    assert opts.BY_KEY["rounds_to_win"].is_relevant({**official, "scoring": "round_wins"})
    assert not opts.BY_KEY["target_score"].is_relevant({**official, "scoring": "round_wins"})
