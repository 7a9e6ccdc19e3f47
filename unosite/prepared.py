"""Queries on the hottest paths: built by the ORM once, then run as plain SQL.

Every phone at every table polls its scoreboard every few seconds, and QR codes are
fetched with every rules page. For such one-column lookups by an indexed code, building
the query with the ORM cost about ten times more than running it. ``OneValue`` keeps the
SQL the ORM wrote for the queryset and only binds the new value: same SQL, same
database, same query count in tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import QuerySet

_PLACEHOLDER = "\x00value\x00"
ID_PLACEHOLDER = 8_765_432_109_876_543  # for a query by id


class OneValue:
    """``OneValue(lambda v: Model.objects.filter(code=v).values_list("x")[:1])``: calling
    it with a value gives the first column of the first row, or None when there is none.

    The SQL is built on first use: a ``select_for_update`` one must first be used inside a
    transaction, as Django requires."""

    def __init__(self, queryset_for: Callable[[Any], QuerySet], placeholder: Any = _PLACEHOLDER):
        """``placeholder``: a value of the parameter's type (a number for an id) that
        appears nowhere else in the query."""
        self.queryset_for = queryset_for
        self.placeholder = placeholder
        self._sql: str | None = None
        self._alias = "default"

    def _prepare(self) -> str:
        queryset = self.queryset_for(self.placeholder)
        sql, params = queryset.query.sql_with_params()
        if tuple(params) != (self.placeholder,):
            raise ValueError(f"OneValue needs a query with exactly one parameter: {params!r}")
        self._alias = queryset.db
        self._sql = sql
        return sql

    def row(self, value: Any) -> tuple | None:
        """The whole first row, or None when there is none."""
        sql = self._sql or self._prepare()
        with connections[self._alias].cursor() as cursor:
            cursor.execute(sql, [value])
            return cursor.fetchone()

    def rows(self, value: Any) -> list[tuple]:
        """Every row, as the database gives them: no field conversions, so only for
        columns that need none (ids and numbers)."""
        sql = self._sql or self._prepare()
        with connections[self._alias].cursor() as cursor:
            cursor.execute(sql, [value])
            return cursor.fetchall()

    def __call__(self, value: Any) -> Any | None:
        row = self.row(value)
        return None if row is None else row[0]


class OneRow(OneValue):
    """``OneValue.row`` with every column converted as the ORM converts it (dates, UUIDs,
    booleans...): the converters are asked of Django's compiler once per connection."""

    def __init__(self, queryset_for: Callable[[Any], QuerySet], placeholder: Any = _PLACEHOLDER):
        super().__init__(queryset_for, placeholder)
        self._converters: dict[int, tuple[Any, dict]] = {}

    def row(self, value: Any) -> tuple | None:
        row = super().row(value)
        if row is None:
            return None
        connection = connections[self._alias]
        kept = self._converters.get(id(connection))
        if kept is None or kept[0] is not connection:
            queryset = self.queryset_for(self.placeholder)
            compiler = queryset.query.get_compiler(connection=connection)
            compiler.as_sql()  # fills compiler.select
            converters = compiler.get_converters([column for column, _, _ in compiler.select])
            kept = self._converters[id(connection)] = (connection, converters)
        row = list(row)
        for position, (converters, expression) in kept[1].items():
            for converter in converters:
                row[position] = converter(row[position], expression, connection)
        return tuple(row)


def model_columns(model, *names: str) -> list[str]:
    """The attnames of ``names`` (every concrete field when none) in the model's own
    order, the order ``Model.from_db`` takes values in."""
    return [f.attname for f in model._meta.concrete_fields if not names or f.attname in names]
