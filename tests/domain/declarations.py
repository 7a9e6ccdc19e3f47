"""What every option must declare (domain.options.Option), said per option in words that
tell where to put the missing piece: read by tests/domain/test_every_option.py, and by
tests/conftest.py before any test runs (a new option without its column would otherwise
fail hundreds of tests far from the cause)."""

from __future__ import annotations

import dataclasses

from domain import options as opts
from domain.reference import base
from engine.rules import Rules
from rulesets import columns

RULES_FIELDS = {field.name for field in dataclasses.fields(Rules)}
SECTION_KEYS = [key for key, _title, _items in base.BASE_SECTIONS]


def _values(option: opts.Option) -> list:
    return ["n"] if option.kind == opts.INT else option.values()


def _says_the_bound(text, word: str) -> bool:
    """Whether a range message puts the bound where %(min)s or %(max)s stands."""
    try:
        return "§" in text % {"n": 2, word: "§"}
    except (TypeError, KeyError):
        return False


def missing(option: opts.Option, unplaced: list[opts.Option] | None = None) -> list[str]:
    """What ``option`` lacks, each in words that say where to put it."""
    unplaced = base.UNPLACED if unplaced is None else unplaced
    problems = [
        f"texts: no rule text for {value!r} (Option.texts: one sentence per value)"
        for value in _values(option)
        if value not in option.texts
    ]
    section, after = option.place
    if section not in SECTION_KEYS:
        problems.append(
            "place: not on the rules page (Option.place = (section, the item it follows); "
            f"sections: {', '.join(SECTION_KEYS)})"
        )
    elif option in unplaced:
        problems.append(f"place: {after!r} is not an item of the section {section!r}")
    if option.play is None:
        problems.append(
            "play: what it does to a game is not said (Option.play = Play(the engine's "
            "Rules field), SCORED or NO_EFFECT)"
        )
    elif option.play.rule and option.play.rule not in RULES_FIELDS:
        problems.append(
            f"play: engine.Rules has no field {option.play.rule!r} (add it in engine/rules.py "
            "and play it in engine/turn.py)"
        )
    if option.kind == opts.INT:
        problems += [
            f"{name}: no message for a number out of range (an ngettext_lazy(..., 'n') text "
            f"with %({word})s)"
            for name, word, text in (
                ("too_small", "min", option.too_small),
                ("too_big", "max", option.too_big),
            )
            if not _says_the_bound(text, word)
        ]
    problems += [
        f"says: no example words for {value!r} (Option.says: words its text must hold)"
        for value in _values(option)
        if value not in option.says
    ]
    return problems


def problems() -> list[str]:
    """Everything the options still lack, each line naming its option, and the database
    columns when they differ from the options."""
    found = [
        f"Option {option.key!r} lacks {problem}"
        for option in opts.OPTIONS
        for problem in missing(option)
    ]
    source = columns.MODELS_PY.read_text(encoding="utf-8")
    if columns.written(source) != columns.block():
        found.append(
            "Revision's option columns differ from domain.options: run `python manage.py "
            "option_columns`, then `python manage.py makemigrations`"
        )
    return found
