"""The words of the options' values and rules: the units counted (cards, points, rounds),
a value's words inside a sentence, and which variant of its texts an option reads with
the other rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, ngettext_lazy, pgettext_lazy


@dataclass(frozen=True)
class Unit:
    """What an int option counts: ``count`` is one ``ngettext_lazy`` text with the number as
    ``n`` ("%(n)s card" / "%(n)s cards"), ``name`` the word beside a number field ("cards")."""

    count: Any
    name: Any = ""

    def words(self, n: int) -> str:
        return self.count % {"n": n}

    def pattern(self, n: int) -> str:
        """The text for ``n`` with the placeholder left in ("%(n)s cards"), for the page's
        script that says a number as it is typed."""
        return self.words(n).replace(str(n), "%(n)s", 1)


NUMBER = Unit("%(n)s")  # a plain number: nothing to translate


def without_aside(words: str) -> str:
    """'Clockwise (to the left)' -> 'Clockwise', 'Pairs: partners sit opposite' -> 'Pairs':
    a difference line has its own brackets."""
    return words.split(" (", 1)[0].split(": ", 1)[0]


# Languages whose nouns keep their capital letter inside a sentence.
_CAPITALISED_NOUNS = ("de",)


def inside_sentence(words: str) -> str:
    """A value's words inside a sentence: 'Allowed' -> 'allowed' (not in German, where a
    noun keeps its capital)."""
    if (get_language() or "en").split("-")[0] in _CAPITALISED_NOUNS:
        return words
    return words[:1].lower() + words[1:]


# Translators: a number of cards (in a form, a list of house rules), as in "4 cards".
CARD = Unit(
    ngettext_lazy("%(n)s card", "%(n)s cards", "n"),
    # Translators: beside a number field: the field counts cards, as in "cards (5-10)".
    pgettext_lazy("unit", "cards"),
)
# Translators: a number of points (what a card scores, a target score), as in "50 points".
POINT = Unit(
    ngettext_lazy("%(n)s point", "%(n)s points", "n"),
    # Translators: beside a number field: the field counts points, as in "points (0-200)".
    pgettext_lazy("unit", "points"),
)
# Translators: a number of rounds won, as in "3 rounds".
ROUND = Unit(
    ngettext_lazy("%(n)s round", "%(n)s rounds", "n"),
    # Translators: beside a number field: the field counts rounds, as in "rounds (1-25)".
    pgettext_lazy("unit", "rounds"),
)


def draw_card_rules(options: Mapping[str, Any]) -> str:
    return "" if options["draw_card_skips_turn"] else "no_skip"


def first_card_rules(options: Mapping[str, Any]) -> str:
    """Which text of an action card turned up first fits: the draw card rule, and which way
    play goes after a Reverse turned up first (against the starting direction)."""
    start = "counterclockwise" if options["direction"] == "counterclockwise" else ""
    return "_".join(part for part in (draw_card_rules(options), start) if part)


def wild_draw_four_stacks(options: Mapping[str, Any]) -> bool:
    """Whether a Wild Draw Four can be part of a stack (played on one, or answered)."""
    return (
        options["stack_draw_four_on_draw_four"]
        or options["stack_draw_four_on_draw_two"]
        or options["stack_draw_two_on_draw_four"]
    )


def wild_draw_four_answers(options: Mapping[str, Any], bigger: bool) -> str:
    """Which text of a Wild Draw Four that cannot be answered fits: ``bigger`` when it may end
    a stack (so the total can be more than four), and whether a challenge can spare you the
    draw (allowed, and a Wild Draw Four is not always legal)."""
    challenge = options["wild_draw_four_challenge"] and options["wild_draw_four_rule"] != "anytime"
    parts = ("total" if bigger else "", "challenge" if challenge else "")
    return "_".join(part for part in parts if part)


def challenge_rules(options: Mapping[str, Any]) -> str:
    stack = "stack" if wild_draw_four_stacks(options) else ""
    skip = "" if options["draw_card_skips_turn"] else "no_skip"
    return "_".join(part for part in (stack, skip) if part)


def scoring_rules(options: Mapping[str, Any]) -> str:
    if options["teams"] != "pairs":
        return ""
    return "pairs_partner" if options["team_scores_partner_hand"] else "pairs"
