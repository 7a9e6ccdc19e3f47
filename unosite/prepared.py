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
