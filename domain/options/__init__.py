"""The rule options: one definition, taken from ../shared/rules/catalogue.md.

Everything else derives from ``OPTIONS``: the form, validation, the JSON format,
the database columns and constraints, the revision diffs in words and the texts of
the table reference. The keys, allowed values and official defaults are the
catalogue's contract and must not change.

Every text a person reads is marked for translation where it is written, lazily (the
table is built at import, the language is the request's): a label with the context
"option label", a value's short words with their own option's context ("option jump_in
value"), since "Yes" or "Allowed" means something else in each option, and a rule text
as one whole sentence per value. A count is one ``ngettext_lazy`` text whose number is the
``n`` placeholder: the language's own plural rules choose the form.

The modules: ``option`` (what an option is), ``texts`` (units and the words of values),
one module of declarations per group (``setup``, ``turns``, ``stacking``, ``wd4``, ``uno``,
``scoring``) and ``catalogue`` (all of them, in order, and the functions of the whole set).
"""

from domain.options.catalogue import (
    BY_KEY,
    GROUPS,
    KEYS,
    MAIN_GROUPS,
    OPTIONS,
    Change,
    OptionsError,
    diff,
    differences,
    grouped,
    house_rules,
    official,
    validate,
)
from domain.options.option import BOOL, ENUM, INT, NO_EFFECT, SCORED, Condition, Option, Play
from domain.options.texts import CARD, NUMBER, POINT, ROUND, Unit, wild_draw_four_stacks

__all__ = [
    "BOOL",
    "BY_KEY",
    "CARD",
    "ENUM",
    "GROUPS",
    "INT",
    "KEYS",
    "MAIN_GROUPS",
    "NO_EFFECT",
    "NUMBER",
    "OPTIONS",
    "POINT",
    "Play",
    "ROUND",
    "SCORED",
    "Change",
    "Condition",
    "Option",
    "OptionsError",
    "Unit",
    "diff",
    "differences",
    "grouped",
    "house_rules",
    "official",
    "validate",
    "wild_draw_four_stacks",
]
