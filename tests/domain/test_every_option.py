"""Every option holds everything that is its own (domain.options.Option), and this walks
them: a new option costs its declaration, and whatever it still lacks is named here with
the option's key, not found later as a KeyError far from the cause.

What an option declares: its rule texts (one per value), its place on the rules page, what
it does to a game (the engine's ``Rules`` and the estimates are made from it), a number's
range messages, and example words the tests hold its texts to. The database column is
written from it (tests/rulesets/test_option_columns.py).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from domain import options as opts
from engine.rules import Rules
from tests.domain.declarations import RULES_FIELDS, SECTION_KEYS, missing


@pytest.mark.parametrize("option", opts.OPTIONS, ids=lambda option: option.key)
def test_the_option_holds_everything_it_needs(option):
    lacks = missing(option)
    assert not lacks, f"Option {option.key!r} lacks:\n" + "\n".join(lacks)


def test_every_rule_of_the_engine_is_set_by_one_option():
    set_by = Counter(o.play.rule for o in opts.OPTIONS if o.play is not None and o.play.rule)
    assert not RULES_FIELDS - set(set_by), "engine.Rules fields no option sets"
    assert [rule for rule, n in set_by.items() if n > 1] == []


def test_the_engine_reads_each_option_as_declared():
    values = {**opts.official(), "drawn_card": "keep", "direction": "counterclockwise"}
    rules = Rules.from_options(values)
    assert rules.drawn_card == "keep" and rules.counterclockwise is True
    assert Rules.from_options(opts.official()) == Rules()


def test_options_that_never_change_a_game_s_length():
    same_length = {o.key for o in opts.OPTIONS if o.play and not o.play.length}
    assert {"dealer_selection", "direction"} <= same_length
    assert not {"hand_size", "target_score", "deck"} & same_length


def test_each_number_says_its_range_in_the_table_s_words():
    too_small, too_big = opts.BY_KEY["uno_penalty"].range_messages()
    assert too_small == "The UNO penalty can be no fewer than 0 cards."
    assert too_big == "The UNO penalty can be at most 10 cards."
    _small, big = opts.BY_KEY["target_score"].range_messages()
    assert big.endswith(f"{opts.BY_KEY['target_score'].bounds()[1]:,} points.")


def test_a_bare_option_is_told_everything_it_lacks():
    bare = opts.Option("new_rule", "turns", opts.BOOL, False, "New rule", "What it does.")
    assert missing(bare, unplaced=[bare]) == [
        "texts: no rule text for True (Option.texts: one sentence per value)",
        "texts: no rule text for False (Option.texts: one sentence per value)",
        "place: not on the rules page (Option.place = (section, the item it follows); "
        f"sections: {', '.join(SECTION_KEYS)})",
        "play: what it does to a game is not said (Option.play = Play(the engine's Rules "
        "field), SCORED or NO_EFFECT)",
        "says: no example words for True (Option.says: words its text must hold)",
        "says: no example words for False (Option.says: words its text must hold)",
    ]
    placed = dataclasses.replace(
        bare, place=("turn", "base.nowhere"), play=opts.Play("new_rule_field")
    )
    assert missing(placed, unplaced=[placed])[2:4] == [
        "place: 'base.nowhere' is not an item of the section 'turn'",
        "play: engine.Rules has no field 'new_rule_field' (add it in engine/rules.py and play "
        "it in engine/turn.py)",
    ]
