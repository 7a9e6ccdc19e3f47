"""The reference of a rule set, put together: its sections of rules, the house rules and
their summary, the "Can I ...?" answers and the card values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy

from domain import options as opts
from domain.options import Option
from domain.reference import (
    dealing,
    draws,
    going_out,
    scoring,
    special_wilds,
    teams,
    turns,
    two_players,
    wilds,
)
from domain.reference.base import BASE, SECTIONS, custom_wild_text, modern_deck
from domain.reference.core import (
    Answer,
    CardValue,
    Options,
    Question,
    Reference,
    Reply,
    Rule,
    Section,
    points_words,
    uses_points,
)

# Card names keep their capital letter inside a sentence.
_PROPER_WORDS = {"UNO", "Wild", "Draw", "Reverse", "Skip"}


def is_shown(option: Option, options: Options) -> bool:
    """Whether an option means something with the other choices, so the reference shows it."""
    return option.is_relevant(options)


def _rule(item: str, options: Options, house: set[str]) -> Rule | None:
    if item in BASE:
        base = BASE[item]
        if not base.shown(options):
            return None
        return Rule(item, str(base.text(options)), title=str(base.title))
    option = opts.BY_KEY[item]
    if not is_shown(option, options):
        return None
    value = options[item]
    text = option.text(value, options)
    if item not in house:
        return Rule(item, text, option, value)
    official = option.text(option.official, opts.official())
    return Rule(item, text, option, value, official, option.difference(value))


def sections(options: Options) -> list[Section]:
    house = {o.key for o in opts.house_rules(options)}
    result = []
    for key, title, items in SECTIONS:
        rules = [r for r in (_rule(item, options, house) for item in items) if r is not None]
        result.append(Section(key, str(title), rules))
    return result


def in_sentence(label: str) -> str:
    """An option's label inside the summary sentence: 'Jump in' -> 'jump in', but 'UNO
    penalty' and card names keep their capitals. Only English lowers them: other languages'
    labels are listed as written (a German noun keeps its capital; a translator cannot say
    which of their words are card names)."""
    label = str(label)
    if not (get_language() or "en").startswith("en"):
        return label
    first, _, rest = label.partition(" ")
    if first in _PROPER_WORDS:
        return label
    return (first[:1].lower() + first[1:] + (" " + rest if rest else "")).strip()


def summary(house_rules: list[Rule], own_rules: tuple[str, ...] | list[str] = ()) -> str:
    """The sentence at the top of the page: which rules this house plays differently, or that
    it plays the official rules (and its own rules, when it has some: never the official rules
    alone)."""
    if not house_rules and own_rules:
        n = len(own_rules)
        # Translators: the summary at the top of the rules page of a house that plays the
        # official rules and some rules of its own, written by the family.
        return ngettext(
            "This house plays the official rules, plus %(n)s rule of its own.",
            "This house plays the official rules, plus %(n)s rules of its own.",
            n,
        ) % {"n": n}
    if not house_rules:
        return gettext("This house plays the official rules.")
    n = len(house_rules)
    names = [in_sentence(r.summary_name) for r in house_rules]
    listed = listed_names(names)
    # Translators: the summary at the top of the rules page; "%(names)s" lists the rules'
    # names. Keep the colon: the words before it are set in bold.
    return ngettext(
        "This house plays %(n)s rule differently: %(names)s.",
        "This house plays %(n)s rules differently: %(names)s.",
        n,
    ) % {"n": n, "names": listed}


def listed_names(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(names) == 1:
        return names[0]
    # Translators: the end of a list of names, as in "jump in, UNO penalty and target score".
    return gettext("%(names)s and %(last)s") % {
        # Translators: what separates the names of a list, as in "jump in, UNO penalty".
        "names": pgettext("list separator", ", ").join(names[:-1]),
        "last": names[-1],
    }


# Every "Can I ...?" question, in the order the page shows them: topic by topic.
QUESTIONS: list[Question] = [
    *draws.QUESTIONS,
    *wilds.QUESTIONS,
    *special_wilds.QUESTIONS,
    *going_out.QUESTIONS,
    *turns.QUESTIONS,
    *two_players.QUESTIONS,
    *dealing.QUESTIONS,
    *teams.QUESTIONS,
    *scoring.QUESTIONS,
]


def _replies(options: Options) -> dict[str, Reply]:
    return {q.id: q.reply(options) for q in QUESTIONS if q.asked(options)}


def answers(options: Options, shown: Mapping[str, Rule] | None = None) -> list[Answer]:
    """The "Can I ...?" answers, each marked when it differs from the official answer and
    linked to the rules that decide it among those ``shown``."""
    official = _replies(opts.official())
    shown = {} if shown is None else shown
    result = []
    for q in QUESTIONS:
        if not q.asked(options):
            continue
        reply = q.reply(options)
        links = tuple((i, shown[i].name) for i in q.rules if i in shown)
        is_house = official.get(q.id) != reply
        result.append(Answer(q.id, str(q.question), *reply, is_house, q.rules, links))
    return result


# Translators: the action cards' names as printed on the cards of your language's decks (see
# the glossary); the same names as in the rule texts.
CARD_NAMES = (
    pgettext_lazy("card name", "Skip"),
    pgettext_lazy("card name", "Reverse"),
    pgettext_lazy("card name", "Draw Two"),
    pgettext_lazy("card name", "Wild"),
    pgettext_lazy("card name", "Wild Draw Four"),
)


# The 112-card deck's own cards, named as in the rule texts.
SPECIAL_CARD_NAMES = (
    pgettext_lazy("card name", "Wild Shuffle Hands"),
    pgettext_lazy("card name", "Blank Wild"),
)


def card_values(options: Options) -> list[CardValue]:
    """What each card left in a hand scores, with the official value beside a house value."""
    values = []
    for cards, key in (
        (CARD_NAMES[:3], "points_action"),
        (CARD_NAMES[3:], "points_wild"),
    ):
        option = opts.BY_KEY[key]
        value = options[key]
        house = value != option.official
        for card in cards:
            official = points_words(option.official) if house else ""
            values.append(CardValue(str(card), points_words(value), house, official))
    if modern_deck(options):
        option = opts.BY_KEY["points_special_wild"]
        value = options[option.key]
        house = value != option.official
        for card in SPECIAL_CARD_NAMES:
            official = points_words(option.official) if house else ""
            values.append(CardValue(str(card), points_words(value), house, official))
    # Translators: the number cards, in the list of what each card scores.
    numbers = pgettext("card values", "0 to 9")
    # Translators: what a number card scores: the number printed on it.
    return [CardValue(numbers, pgettext("card values", "face value")), *values]


def build(
    options: Options, own_rules: tuple[str, ...] | list[str] = (), custom_wild_rule: str = ""
) -> Reference:
    """The whole reference for a rule set's options (and the family's own rules, and with
    the 112-card deck the blank Wild's rule in their words)."""
    secs = sections(options)
    if custom_wild_rule:
        quoted = custom_wild_text(custom_wild_rule)
        secs = [
            Section(
                s.key,
                s.title,
                [
                    dataclasses.replace(r, text=quoted) if r.id == "base.custom_wild" else r
                    for r in s.rules
                ],  # fmt: skip
            )
            for s in secs
        ]
    by_id = {r.id: r for s in secs for r in s.rules}
    house = [by_id[o.key] for o in opts.house_rules(options)]
    return Reference(
        sections=secs,
        house_rules=house,
        summary=summary(house, own_rules),
        answers=answers(options, by_id),
        card_values=card_values(options),
        uses_points=uses_points(options),
        own_rules=tuple(own_rules),
        by_id=by_id,
    )
