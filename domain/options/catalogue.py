"""The catalogue of options: every option in order (``OPTIONS``, ``BY_KEY``, ``KEYS``),
the groups, the official values, validation, and which options a house plays
differently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, pgettext_lazy

from domain.options import scoring, setup, stacking, turns, uno, wd4
from domain.options.option import Option

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

GROUPS = [
    ("setup", pgettext_lazy("option group", "Setup")),
    ("turns", pgettext_lazy("option group", "Turns and drawing")),
    ("stacking", pgettext_lazy("option group", "Draw cards and stacking")),
    ("wd4", pgettext_lazy("option group", "Wild Draw Four")),
    ("uno", pgettext_lazy("option group", "Calling UNO")),
    ("scoring", pgettext_lazy("option group", "Going out and scoring")),
]

# Every option, in catalogue order: group by group, as GROUPS lists them.
OPTIONS: list[Option] = [
    *setup.OPTIONS,
    *turns.OPTIONS,
    *stacking.OPTIONS,
    *wd4.OPTIONS,
    *uno.OPTIONS,
    *scoring.OPTIONS,
]
BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}
KEYS: list[str] = [o.key for o in OPTIONS]


def official() -> dict[str, Any]:
    return {o.key: o.official for o in OPTIONS}


def grouped(
    options_list: list[Option] | None = None,
) -> list[tuple[str, StrOrPromise, list[Option]]]:
    """The options in catalogue order, as (group key, group title, options)."""
    options_list = OPTIONS if options_list is None else options_list
    return [(key, title, [o for o in options_list if o.group == key]) for key, title in GROUPS]


class OptionsError(ValueError):
    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def validate(raw: Mapping[str, Any], *, partial: bool = False) -> dict[str, Any]:
    """Checks a mapping of option values; returns every option, typed.

    Unknown keys and values out of range raise OptionsError with a message per key.
    With ``partial``, missing keys take the official value; otherwise they are errors.
    """
    errors: dict[str, str] = {}
    clean: dict[str, Any] = {}
    for key in raw:
        if key not in BY_KEY:
            errors[str(key)[:60]] = gettext("This is not a known option.")
    for option in OPTIONS:
        if option.key not in raw:
            if partial:
                clean[option.key] = option.official
            else:
                errors[option.key] = gettext("This option is missing.")
            continue
        try:
            clean[option.key] = option.parse(raw[option.key])
        except ValueError as exc:
            errors[option.key] = str(exc)
    if errors:
        raise OptionsError(errors)
    return clean


# The rules players meet at every turn first, setup details last: where only a few house
# rules fit (the table card, a link preview), these are the ones named.
MAIN_GROUPS = ["stacking", "turns", "wd4", "uno", "scoring", "setup"]


def house_rules(options: Mapping[str, Any]) -> list[Option]:
    """The options this house plays differently from official, main ones first.

    The one answer to "which rules are house rules", for the rules page, the table card
    and the link preview: an option counts only when it means something with the other
    choices (a changed target score when counting rounds won does not).
    """
    changed = [o for o in differences(options) if o.is_relevant(options)]
    rank = {group: n for n, group in enumerate(MAIN_GROUPS)}
    return sorted(changed, key=lambda o: rank[o.group])  # stable: catalogue order within


def differences(options: Mapping[str, Any], base: Mapping[str, Any] | None = None) -> list[Option]:
    """The options whose value differs from ``base`` (official when not given)."""
    base = official() if base is None else base
    return [o for o in OPTIONS if options[o.key] != base[o.key]]


@dataclass(frozen=True)
class Change:
    option: Option
    old: Any
    new: Any

    def __str__(self) -> str:
        words = self.option.words
        # Translators: one change between two versions of the rules: the option's name,
        # its old value, an arrow, its new value.
        return gettext("%(label)s: %(old)s → %(new)s") % {
            "label": self.option.label,
            "old": words(self.old),
            "new": words(self.new),
        }


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    """What changed from ``old`` to ``new``, option by option, in catalogue order."""
    return [Change(o, old[o.key], new[o.key]) for o in differences(new, old)]
