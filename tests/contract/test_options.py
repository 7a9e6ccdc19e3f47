"""The option definitions against the catalogue (../shared/rules/catalogue.md)."""

import re
from pathlib import Path

import pytest

from domain import options as opts
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
