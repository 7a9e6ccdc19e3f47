"""The option definitions against the catalogue (../shared/rules/catalogue.md)."""

import re
from pathlib import Path

import pytest

from rulesets import options as opts
from rulesets.presets import BY_SLUG, PRESETS

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "rules" / "catalogue.md"


def catalogue_rows():
    """(key, type, allowed, official) for every option row of the catalogue's table."""
    rows = []
    for line in CATALOGUE.read_text().splitlines():
        m = re.match(r"^\| `(\w+)` \| (\w+) \|\s*([^|]*?)\s*\| `?([^|`]*?)`? \|", line)
        if m:
            rows.append(m.groups())
    return rows


def parse_value(kind, text):
    if kind == "bool":
        return text == "true"
    if kind == "int":
        return int(text)
    return text


def test_catalogue_is_readable():
    assert len(catalogue_rows()) >= 30


@pytest.mark.parametrize("key,kind,allowed,official", catalogue_rows())
def test_every_catalogue_option_is_defined_as_the_catalogue_says(key, kind, allowed, official):
    option = opts.BY_KEY[key]
    assert option.kind == kind
    assert option.official == parse_value(kind, official)
    if kind == "enum":
        assert list(option.choices) == re.findall(r"`(\w+)`", allowed)
    if kind == "int":
        low, high = (int(n) for n in allowed.split("-"))
        assert (option.minimum, option.maximum) == (low, high)


def test_no_option_is_missing_from_the_definition():
    assert [row[0] for row in catalogue_rows()] == opts.KEYS


def catalogue_presets():
    presets = {}
    section = CATALOGUE.read_text().split("## Presets", 1)[1]
    for line in section.splitlines():
        m = re.match(r"^\| `([\w-]+)` \| ([^|]+) \| ([^|]+) \|", line)
        if m:
            presets[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    return presets


def expected_changes(text):
    changes = {}
    if text.startswith("all four `stack_*` true"):
        for key in opts.KEYS:
            if key.startswith("stack_"):
                changes[key] = True
    for token in re.findall(r"`([^`]+)`", text):
        if token == "stack_*":
            continue
        if "=" in token:
            key, value = token.split("=")
            changes[key] = parse_value(opts.BY_KEY[key].kind, value)
        else:
            changes[token] = True
    return changes


@pytest.mark.parametrize("slug", [p.slug for p in PRESETS])
def test_every_preset_equals_the_catalogue_table(slug):
    name, differs = catalogue_presets()[slug]
    preset = BY_SLUG[slug]
    assert preset.name == name
    expected = {} if differs == "nothing" else expected_changes(differs)
    assert preset.options == {**opts.official(), **expected}
    # Every listed change is a real difference from official, except where the catalogue
    # restates the official value (teams-to-100 lists drawn_card=may_play).
    assert {o.key for o in opts.differences(preset.options)} <= set(expected)


def test_the_catalogue_lists_exactly_these_presets():
    assert list(catalogue_presets()) == [p.slug for p in PRESETS]


@pytest.mark.parametrize("option", [o for o in opts.OPTIONS if o.kind == opts.INT], ids=str)
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


@pytest.mark.parametrize("option", [o for o in opts.OPTIONS if o.kind == opts.ENUM], ids=str)
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
