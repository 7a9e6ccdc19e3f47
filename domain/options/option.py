"""What an option is (``Option``): its key, kind, values, official default, label and
rule texts, and how it parses, words and describes a value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from domain.options.texts import NUMBER, Unit, inside_sentence, without_aside

if TYPE_CHECKING:  # a text or a lazy one (gettext_lazy), said in the reader's language
    from django_stubs_ext import StrOrPromise

BOOL, INT, ENUM = "bool", "int", "enum"

Condition = tuple[str, tuple[Any, ...]]  # (other key, the values of it that give meaning)


@dataclass(frozen=True)
class Play:
    """What an option does to a game, for the engine (``engine.Rules``, made from these) and
    the estimates of a game's length (which leave out what cannot change it).

    ``rule``: the engine's ``Rules`` field the option sets, read as it is or, for a choice
    the engine reads as yes or no, as "is ``means`` chosen"; empty when the engine does not
    play it. ``length``: whether it can change how long a game lasts.
    """

    rule: str = ""
    means: str = ""
    length: bool = True

    def value(self, value: Any) -> Any:
        """The option's value as the engine's rule reads it."""
        return value == self.means if self.means else value


# Counted by the scoring (domain.scoring), not played by the engine: points, targets, pairs.
SCORED = Play()
# Changes nothing in a game: who deals first.
NO_EFFECT = Play(length=False)


@dataclass(frozen=True)
class Option:
    key: str
    group: str
    kind: str
    official: Any
    label: StrOrPromise
    help: StrOrPromise
    # For enums: value -> short label. For bools: True/False -> short label.
    choices: Mapping[Any, StrOrPromise] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    # Ints: the value in words ("4 cards"), and the words for 0 when a plain "0 cards"
    # would mislead ("no cards").
    unit: Unit = NUMBER
    zero_words: StrOrPromise = ""
    # The rule in plain words, one whole sentence (or two) per value. Ints: "n", one
    # ``ngettext_lazy`` text with "%(n)s" for the value and, when 0 needs its own words,
    # "zero". ``variants`` holds other texts for the same values, used when ``variant``
    # (a function of all the options) names one: the rule reads differently with them.
    texts: Mapping[Any, StrOrPromise] = field(default_factory=dict)
    variants: Mapping[str, Mapping[Any, StrOrPromise]] = field(default_factory=dict)
    variant: Callable[[Mapping[str, Any]], str] | None = None
    # When the option means something: every condition must hold (see ``is_relevant``).
    when: tuple[Condition, ...] = ()
    when_note: StrOrPromise = ""
    # The option's name inside the summary line ("This house plays 1 rule differently: ..."),
    # when the label says what the official value does ("Drawing for a draw card loses the
    # turn") and so would read as the house's rule whatever its value. Empty: the label.
    name: StrOrPromise = ""
    # Where its rule stands on the rules page: (section key, the base rule id or option key
    # it follows there, "" for the first). Sections: domain.reference.base.SECTIONS.
    place: tuple[str, str] = ("", "")
    # What it does to a game (``Play``, or ``SCORED``, ``NO_EFFECT``); None: not yet said.
    play: Play | None = None
    # Numbers: the message for a value below ``minimum`` and above ``maximum``, each an
    # ``ngettext_lazy(..., "n")`` text with "%(min)s" or "%(max)s" ("n" picks the plural).
    too_small: StrOrPromise = ""
    too_big: StrOrPromise = ""
    # For the tests: words (English) each value's rule text says, by value; numbers: "n",
    # with "{n}" for the number. tests/rulesets/test_reference.py reads them.
    says: Mapping[Any, str] = field(default_factory=dict)

    def range_messages(self) -> tuple[str, str]:
        """A number out of bounds, said as the table would say it: (too small, too big)."""
        minimum, maximum = self.bounds()
        return (
            self.too_small % {"n": minimum, "min": f"{minimum:,}"},
            self.too_big % {"n": maximum, "max": f"{maximum:,}"},
        )

    def values(self) -> list[Any]:
        if self.kind == BOOL:
            return [True, False]
        if self.kind == ENUM:
            return list(self.choices)
        minimum, maximum = self.bounds()
        return list(range(minimum, maximum + 1))

    def bounds(self) -> tuple[int, int]:
        """A number's least and greatest values (every INT option has both)."""
        assert self.minimum is not None and self.maximum is not None, f"{self.key}: no bounds"
        return self.minimum, self.maximum

    def words(self, value: Any) -> str:
        """The value in plain words, as shown in forms and diffs: '4 cards', 'Allowed'."""
        if self.kind == INT:
            if value == 0 and self.zero_words:
                return str(self.zero_words)
            return self.unit.words(value)
        return str(self.choices[value])

    @property
    def units(self) -> str:
        """The unit without a number, beside a number field: 'cards'."""
        return str(self.unit.name)

    @property
    def words_one(self) -> str:
        """The words for one, with the placeholder: '%(n)s card' (for the page's script)."""
        return self.unit.pattern(1)

    @property
    def words_many(self) -> str:
        """The words for several, with the placeholder: '%(n)s cards'."""
        return self.unit.pattern(2)

    def text(self, value: Any, options: Mapping[str, Any]) -> str:
        """The rule for this value, as a sentence for the table reference, fitting the other
        rules in ``options`` (all of them): drawing until you can play changes what the
        drawn-card rule says.
        """
        texts = self.texts
        if self.variant is not None:
            name = self.variant(options)
            texts = self.variants.get(name, texts) if name else texts
        if self.kind == INT:
            if value == 0 and "zero" in texts:
                return str(texts["zero"])
            if value in texts:  # a number that needs its own words (4 "instead of four")
                return str(texts[value])
            return texts["n"] % {"n": value}
        return str(texts[value])

    def is_relevant(self, options: Mapping[str, Any]) -> bool:
        """Whether the option means something with the other choices (the catalogue's
        "Rules that combine"): otherwise it is stored, but never shown or counted.
        ``options`` holds every option (as ``validate`` returns them)."""
        return all(options[key] in allowed for key, allowed in self.when)

    def difference(self, value: Any) -> str:
        """The house's value against official, in one line: 'UNO penalty: 4 cards (official: 2)'."""
        # Translators: one line of the list of house rules: an option's name, then its
        # value against the official one, as in "UNO penalty: 4 cards (official: 2)".
        return gettext("%(label)s: %(value)s") % {
            "label": self.label,
            "value": self.against_official(value),
        }

    def against_official(self, value: Any) -> str:
        """'4 cards (official: 2)': the value, then the official one in brackets."""
        if self.kind == INT:
            official_words = str(self.official)
        else:
            official_words = without_aside(self.words(self.official))
        # Translators: a house rule's value, then the official value (a bare number for a
        # count), as in "4 cards (official: 2)" or "Not allowed (official: allowed)".
        return gettext("%(value)s (official: %(official)s)") % {
            "value": without_aside(self.words(value)),
            "official": inside_sentence(official_words),
        }

    def parse(self, raw: Any) -> Any:
        """Turns a value from JSON or a form into this option's type, or raises ValueError."""
        if self.kind == BOOL:
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in ("true", "on", "1", "yes"):
                return True
            if isinstance(raw, str) and raw.lower() in ("false", "off", "0", "no", ""):
                return False
            raise ValueError(gettext("Choose yes or no."))
        if self.kind == INT:
            if isinstance(raw, bool) or raw is None:
                raise ValueError(gettext("Enter a whole number."))
            if isinstance(raw, float) and raw.is_integer():
                raw = int(raw)
            if isinstance(raw, str):
                raw = raw.strip()
                if not (raw.lstrip("-").isdecimal() and raw.isascii()) or len(raw) > 6:
                    raise ValueError(gettext("Enter a whole number."))
                raw = int(raw)
            if not isinstance(raw, int):
                raise ValueError(gettext("Enter a whole number."))
            minimum, maximum = self.bounds()
            if not minimum <= raw <= maximum:
                raise ValueError(
                    gettext("Enter a number from %(minimum)s to %(maximum)s.")
                    % {"minimum": self.minimum, "maximum": self.maximum}
                )
            return raw
        if isinstance(raw, str) and raw in self.choices:
            return raw
        # Translators: the allowed values are the option's codes (not translated), for
        # programs that send rules as JSON.
        raise ValueError(
            gettext("Choose one of: %(allowed)s.") % {"allowed": ", ".join(self.choices)}
        )
