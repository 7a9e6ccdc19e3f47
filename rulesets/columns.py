"""Revision's option columns, written into rulesets/models.py from ``domain.options``.

Each option is one column of ``Revision``, declared by name in the model (a definition to
jump to, a type for mypy) between two marker lines. ``python manage.py option_columns``
writes those lines from the options; tests/rulesets/test_option_columns.py fails, naming the
command, when they and the options disagree. The check constraints on the values stay
generated in the model's ``Meta`` (``constraint_for``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.db import models
from django.db.models import Q

from domain import options as opts

MODELS_PY = Path(__file__).with_name("models.py")
BEGIN = "    # --- option columns (python manage.py option_columns writes these lines) ---\n"
END = "    # --- end of option columns ---\n"
_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)


def field_for(option: opts.Option) -> models.Field:
    """The column an option is stored in: its type and official value."""
    if option.kind == opts.BOOL:
        return models.BooleanField(default=option.official)
    if option.kind == opts.INT:
        return models.PositiveSmallIntegerField(default=option.official)
    # No ``choices``: the labels live in domain.options alone (a label edited there needs no
    # migration); the values are checked by the database (constraint_for).
    return models.CharField(max_length=_longest(option), default=option.official)


def constraint_for(option: opts.Option) -> models.CheckConstraint | None:
    """The database's check of an option's values: a number's range, an enum's codes."""
    name = f"revision_{option.key}_valid"
    if option.kind == opts.INT:
        minimum, maximum = option.bounds()
        condition = Q(**{f"{option.key}__gte": minimum, f"{option.key}__lte": maximum})
    elif option.kind == opts.ENUM:
        condition = Q(**{f"{option.key}__in": list(option.choices)})
    else:
        return None
    return models.CheckConstraint(condition=condition, name=name)


def _longest(option: opts.Option) -> int:
    return max(len(value) for value in option.choices)


def source_of(option: opts.Option) -> str:
    """The line declaring the option's column in the model, as ``field_for`` makes it."""
    default = json.dumps(option.official) if option.kind == opts.ENUM else repr(option.official)
    if option.kind == opts.BOOL:
        field = f"models.BooleanField(default={default})"
    elif option.kind == opts.INT:
        field = f"models.PositiveSmallIntegerField(default={default})"
    else:
        field = f"models.CharField(max_length={_longest(option)}, default={default})"
    return f"    {option.key} = {field}\n"


def block() -> str:
    """Every option's line, in catalogue order, between the markers."""
    return BEGIN + "".join(source_of(option) for option in opts.OPTIONS) + END


def written(source: str) -> str:
    """The markers and what stands between them in the model's source ("" without them)."""
    found = _BLOCK.search(source)
    return found.group(0) if found else ""


def rewrite(source: str) -> str:
    """The model's source with the option columns written from the options."""
    if not written(source):
        raise ValueError("rulesets/models.py has lost the option columns' marker lines")
    return _BLOCK.sub(lambda _: block(), source, count=1)
