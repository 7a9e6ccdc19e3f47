"""The reference's shared pieces: what it is made of (rules, sections, answers, card
values), the verdicts, the conditions several rules and questions share, and the number
words inside a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import npgettext, pgettext

from domain import options as opts
from domain.options import Option

Options = Mapping[str, Any]


def always_asked(o: Options) -> bool:
    return True


def uses_points(options: Options) -> bool:
    return options["scoring"] != "round_wins"


def any_stacking(options: Options) -> bool:
    return any(options[o.key] for o in opts.OPTIONS if o.key.startswith("stack_"))


def wd4_answers_stacks(options: Options) -> bool:
    return options["stack_draw_four_on_draw_four"] or options["stack_draw_four_on_draw_two"]


def without_teams(options: Options) -> bool:
    return options["teams"] == "none"


def challenges_allowed(options: Options) -> bool:
    return options["wild_draw_four_challenge"]


def fair_challenges(options: Options) -> bool:
    """Challenges that can succeed: allowed, and a Wild Draw Four is not always legal."""
    return challenges_allowed(options) and options["wild_draw_four_rule"] != "anytime"


@dataclass(frozen=True)
class Rule:
    id: str  # a BASE id, or an option key
    text: str
    option: Option | None = None
    value: Any = None
    official_text: str = ""  # the official rule, when this one is a house rule
    difference: str = ""  # 'UNO penalty: 4 cards (official: 2)', when a house rule
    title: str = ""  # a base rule's name; an option's is its label

    @property
    def is_house(self) -> bool:
        return bool(self.official_text)

    @property
    def label(self) -> str:
        return str(self.option.label) if self.option else ""

    @property
    def name(self) -> str:
        """What a link to the rule says."""
        return self.label or self.title

    @property
    def summary_name(self) -> str:
        """The rule in the summary line: a name that holds whatever the house's value."""
        if self.option and self.option.name:
            return str(self.option.name)
        return self.name


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rules: list[Rule]

    @property
    def house_count(self) -> int:
        """How many of its rules this house plays differently (shown on the folded section)."""
        return sum(rule.is_house for rule in self.rules)


@dataclass(frozen=True)
class Answer:
    id: str
    question: str
    verdict: str  # "Yes", "No", or "" when the question is not a yes/no one (not shown)
    text: str  # one sentence
    is_house: bool = False  # the answer differs from the official rules' answer
    rules: tuple[str, ...] = ()  # the rules that decide it (ids)
    links: tuple[tuple[str, str], ...] = ()  # (id, name) of those shown on the page

    @property
    def is_yes(self) -> bool:
        return self.verdict == YES

    @property
    def verdict_text(self) -> str:
        """The verdict as the page says it, in the reader's language: 'Yes', 'Sí'."""
        return verdict_text(self.verdict)


@dataclass(frozen=True)
class CardValue:
    card: str
    points: str
    is_house: bool = False
    official: str = ""


@dataclass(frozen=True)
class Reference:
    sections: list[Section]
    house_rules: list[Rule]
    summary: str
    answers: list[Answer]
    card_values: list[CardValue]
    uses_points: bool
    own_rules: tuple[str, ...] = ()
    by_id: dict[str, Rule] = field(default_factory=dict, repr=False)

    @property
    def summary_lead(self) -> str:
        """'This house plays 4 rules differently:', to be set in bold before the names."""
        return self.summary.partition(": ")[0] + (":" if ": " in self.summary else "")

    @property
    def summary_names(self) -> str:
        return self.summary.partition(": ")[2]

    def rule(self, rule_id: str) -> Rule | None:
        return self.by_id.get(rule_id)

    def answer(self, answer_id: str) -> Answer | None:
        return next((a for a in self.answers if a.id == answer_id), None)


def cards_words(n: int) -> str:
    """A number of cards inside a sentence that holds two numbers ('no cards', '1 card',
    '4 cards'); a sentence with one number is one ngettext text of its own."""
    if n == 0:
        # Translators: a number of cards drawn, inside a sentence: none.
        return pgettext("cards drawn", "no cards")
    # Translators: a number of cards drawn, inside a sentence, as in "you draw 4 cards".
    return npgettext("cards drawn", "%(n)s card", "%(n)s cards", n) % {"n": n}


def points_words(n: int) -> str:
    """A number of points inside a sentence or beside a card ('20 points')."""
    return opts.POINT.words(n)


# --- "Can I ...?" answers: one small function per question ------------------------------

YES, NO, PLAIN = "Yes", "No", ""  # the verdicts' keys; verdict_text says them


def verdict_text(verdict: str) -> str:
    if verdict == YES:
        # Translators: the short answer to a "Can I ...?" question, before its sentence.
        return pgettext("answer verdict", "Yes")
    if verdict == NO:
        # Translators: the short answer to a "Can I ...?" question, before its sentence.
        return pgettext("answer verdict", "No")
    return ""


Reply = tuple[str, str]  # (verdict, one sentence)


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    rules: tuple[str, ...]  # the rules that decide the answer
    reply: Callable[[Options], Reply]
    asked: Callable[[Options], bool] = always_asked  # whether the question arises at all


def asks(questions: list[Question]) -> Callable[..., Callable]:
    """A topic module's ``question`` decorator, which appends to ``questions`` (the
    module's own list): ``@question(id, text, *rules, asked=...)`` registers the function
    below it as the answer to ``text``, in the order a table asks. page.py puts the topics'
    lists one after the other, in the order of the page."""

    def question(
        answer_id: str, text: str, *rules: str, asked: Callable[[Options], bool] = always_asked
    ) -> Callable[[Callable[[Options], Reply]], Callable[[Options], Reply]]:
        def register(reply: Callable[[Options], Reply]) -> Callable[[Options], Reply]:
            questions.append(Question(answer_id, text, rules, reply, asked))
            return reply

        return register

    return question
