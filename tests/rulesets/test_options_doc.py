"""The option definitions and presets say what docs/options.md says (the project's own
description of them; `make test-contract` checks both against the outside catalogue)."""

import re
from pathlib import Path

import pytest

from domain import options as opts
from rulesets.presets import BY_SLUG, PRESETS

DOC = Path(__file__).resolve().parents[2] / "docs" / "options.md"


def doc_section(title):
    return DOC.read_text().split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def option_rows():
    """(key, type, allowed, official) for every option row of the table."""
    rows = []
    for line in doc_section("Options").splitlines():
        m = re.match(r"^\| `(\w+)` \| (\w+) \|\s*([^|]*?)\s*\| `([^|`]*)` \|", line)
        if m:
            rows.append(m.groups())
    return rows


def preset_rows():
    """slug -> (name, {key: text of its value}) from the presets table."""
    presets = {}
    for line in doc_section("Presets").splitlines():
        m = re.match(r"^\| `([\w-]+)` \| ([^|]+) \| ([^|]+) \|", line)
        if m:
            changes = dict(re.findall(r"`(\w+)=(\w+)`", m.group(3)))
            presets[m.group(1)] = (m.group(2).strip(), changes)
    return presets


def parse_value(kind, text):
    if kind == opts.BOOL:
        assert text in ("true", "false"), text
        return text == "true"
    if kind == opts.INT:
        return int(text)
    return text


def test_the_page_lists_every_option_in_the_code_s_order():
    listed = [row[0] for row in option_rows()]
    missing = [key for key in opts.KEYS if key not in listed]
    assert not missing, f"docs/options.md has no row for: {', '.join(missing)}"
    assert listed == opts.KEYS, "docs/options.md lists the options in another order"


@pytest.mark.parametrize("key,kind,allowed,official", option_rows())
def test_every_option_is_defined_as_the_page_says(key, kind, allowed, official):
    option = opts.BY_KEY[key]
    assert option.kind == kind
    assert option.official == parse_value(kind, official)
    if kind == opts.ENUM:
        assert list(option.choices) == re.findall(r"`(\w+)`", allowed)
    elif kind == opts.INT:
        low, high = (int(n) for n in allowed.split("-"))
        assert (option.minimum, option.maximum) == (low, high)
    else:
        assert allowed == ""


def test_the_page_lists_exactly_the_presets():
    assert list(preset_rows()) == [p.slug for p in PRESETS]


@pytest.mark.parametrize("slug", [p.slug for p in PRESETS])
def test_every_preset_differs_from_official_as_the_page_says(slug):
    name, changes = preset_rows()[slug]
    preset = BY_SLUG[slug]
    assert preset.name == name
    expected = {key: parse_value(opts.BY_KEY[key].kind, v) for key, v in changes.items()}
    assert preset.options == {**opts.official(), **expected}
    # Each change listed is a real difference from the official rules.
    official = opts.official()
    assert {k for k, v in preset.options.items() if v != official[k]} == set(expected)
