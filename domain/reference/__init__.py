"""The rule reference of a rule set: what the table companion page shows.

Plain functions of an options mapping (no request, no database): the catalogue's fixed
base rules and one text per option value, in the order a player needs them; which rules
the house plays differently from official; "Can I ...?" answers; the card values.

Every text is a whole sentence chosen for the options (counts through ngettext, named
placeholders), so that it can be translated later and never glues fragments together.

The modules: ``core`` (what a reference is made of, shared conditions and words),
``base`` (the fixed base rules and the sections), one module per topic of questions
(``draws``, ``wilds``, ``going_out``, ``turns``, ``two_players``, ``dealing``, ``teams``,
``scoring``), and ``page``, which puts it all together (``build``).

A question whose answer a table can test (a yes or no about playing a card, a number of
cards, whose turn is next) has a scenario in tests/engine_scenarios/scenarios.py, under its
id: the engine plays the position, and tests/rulesets/test_answers_engine.py holds the
answer against it for many rule sets. Change an answer, and that test says whether the
engine agrees. The same holds for a rule whose sentence a table can test (a base rule, an
option's text): tests/engine_scenarios/rule_scenarios.py and
tests/rulesets/test_rules_engine.py, under the rule's id.
"""

from domain.reference.base import BASE, BASE_RULES, SECTIONS, BaseRule
from domain.reference.core import (
    NO,
    PLAIN,
    YES,
    Answer,
    CardValue,
    Options,
    Question,
    Reference,
    Reply,
    Rule,
    Section,
    any_stacking,
    uses_points,
    verdict_text,
)
from domain.reference.page import (
    CARD_NAMES,
    QUESTIONS,
    answers,
    build,
    card_values,
    in_sentence,
    is_shown,
    listed_names,
    sections,
    summary,
)

__all__ = [
    "BASE",
    "BASE_RULES",
    "CARD_NAMES",
    "NO",
    "PLAIN",
    "QUESTIONS",
    "SECTIONS",
    "YES",
    "Answer",
    "BaseRule",
    "CardValue",
    "Options",
    "Question",
    "Reference",
    "Reply",
    "Rule",
    "Section",
    "in_sentence",
    "answers",
    "any_stacking",
    "build",
    "card_values",
    "is_shown",
    "listed_names",
    "sections",
    "summary",
    "uses_points",
    "verdict_text",
]
