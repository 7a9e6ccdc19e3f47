"""The family's own rules: up to ten, in their own words, plain text (the catalogue's
``own_rules``). One check for the form, the JSON import and the database constraints."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

MAX_RULES = 10
MAX_LENGTH = 200
# Control characters (C0, DEL and C1): a rule is one line of plain text.
CONTROL = frozenset(chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)))
# PostgreSQL cannot hold a NUL in a query (or a text), so the constraints leave it out.
CONTROL_IN_DB = sorted(CONTROL - {"\x00"})


class OwnRulesError(ValueError):
    def __init__(self, errors: list[str]):
        super().__init__(" ".join(errors))
        self.errors = errors


def clean(items: Any) -> list[str]:
    """The rules trimmed, in order; raises OwnRulesError with one message per problem."""
    if not isinstance(items, list):
        raise OwnRulesError([gettext("Your own rules must be a list of texts.")])
    errors = []
    if len(items) > MAX_RULES:
        errors.append(
            ngettext(
                "You may write at most %(max)s rules of your own; there is %(n)s.",
                "You may write at most %(max)s rules of your own; there are %(n)s.",
                len(items),
            )
            % {"max": MAX_RULES, "n": len(items)}
        )
    rules = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, str):
            errors.append(gettext("Own rule %(number)s is not text.") % {"number": number})
            continue
        text = item.strip()
        if not text:
            errors.append(gettext("Own rule %(number)s is empty.") % {"number": number})
        elif len(text) > MAX_LENGTH:
            errors.append(
                ngettext(
                    "Own rule %(number)s is %(length)s character long; the limit is %(max)s.",
                    "Own rule %(number)s is %(length)s characters long; the limit is %(max)s.",
                    len(text),
                )
                % {"number": number, "length": len(text), "max": MAX_LENGTH}
            )
        elif CONTROL & set(text) or not _encodable(text):
            errors.append(
                gettext(
                    "Own rule %(number)s contains a character that is not plain text (a tab or "
                    "a line break, say)."
                )
                % {"number": number}
            )
        rules.append(text)
    if errors:
        raise OwnRulesError(errors)
    return rules


def clean_custom_wild(value: Any) -> str:
    """The house's rule for its blank Wild cards (the catalogue's ``custom_wild_rule``),
    trimmed: 0-200 characters of plain text on one line. Raises OwnRulesError."""
    if not isinstance(value, str):
        raise OwnRulesError([gettext("The blank Wild’s rule must be text.")])
    text = value.strip()
    if len(text) > MAX_LENGTH:
        raise OwnRulesError(
            [
                ngettext(
                    "The blank Wild’s rule is %(length)s character long; the limit is %(max)s.",
                    "The blank Wild’s rule is %(length)s characters long; the limit is %(max)s.",
                    len(text),
                )
                % {"length": len(text), "max": MAX_LENGTH}
            ]
        )
    if CONTROL & set(text) or not _encodable(text):
        raise OwnRulesError(
            [
                gettext(
                    "The blank Wild’s rule contains a character that is not plain text (a tab "
                    "or a line break, say): write it on one line."
                )
            ]
        )
    return text


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # half of a surrogate pair
        return False
    return True
