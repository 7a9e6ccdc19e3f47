"""The rule reference of a rule set: what the table companion page shows.

Plain functions of an options mapping (no request, no database): the catalogue's fixed
base rules and one text per option value, in the order a player needs them; which rules
the house plays differently from official; "Can I ...?" answers; the card values.

Every text is a whole sentence chosen for the options (counts through ngettext, named
placeholders), so that it can be translated later and never glues fragments together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import (
    get_language,
    gettext,
    gettext_lazy,
    ngettext,
    npgettext,
    pgettext,
    pgettext_lazy,
)

from rulesets import options as opts
from rulesets.options import Option, wild_draw_four_stacks

Options = Mapping[str, Any]


def _always(o: Options) -> bool:
    return True


def uses_points(options: Options) -> bool:
    return options["scoring"] != "round_wins"


def any_stacking(options: Options) -> bool:
    return any(options[o.key] for o in opts.OPTIONS if o.key.startswith("stack_"))


def _wd4_answers_stacks(options: Options) -> bool:
    return options["stack_draw_four_on_draw_four"] or options["stack_draw_four_on_draw_two"]


def _alone(options: Options) -> bool:
    return options["teams"] == "none"


def _challenges(options: Options) -> bool:
    return options["wild_draw_four_challenge"]


def _fair_challenges(options: Options) -> bool:
    """Challenges that can succeed: allowed, and a Wild Draw Four is not always legal."""
    return _challenges(options) and options["wild_draw_four_rule"] != "anytime"


@dataclass(frozen=True)
class BaseRule:
    """A fixed rule of the catalogue (not an option): its text may depend on the options,
    and some only apply with some options (two players only without pairs)."""

    id: str
    title: str  # what a link to it says
    text: Callable[[Options], str]
    shown: Callable[[Options], bool] = _always


def _players(o: Options) -> str:
    if o["teams"] == "pairs":
        return gettext(
            "Four, six, eight or ten players can play: an even number, so that everyone has "
            "a partner."
        )
    return gettext("Two to ten players can play.")


def _two_players(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return gettext(
            "With two players, after your Skip you play again, and after your Draw Two or Wild "
            "Draw Four the other player draws and it is your turn again."
        )
    return gettext(
        "With two players, after your Skip you play again; after your Draw Two or Wild Draw "
        "Four the other player draws, then takes their turn."
    )


def _stacking(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        first = gettext(
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total "
            "and misses their turn."
        )
    else:
        first = gettext(
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total, "
            "then takes their turn."
        )
    sentences = [first]
    if _wd4_answers_stacks(o):
        sentences.append(
            gettext(
                "A Wild Draw Four played to answer still follows the Wild Draw Four rule, judged "
                "against the colour in play."
            )
        )
    if wild_draw_four_stacks(o):
        sentences.append(gettext("Whoever plays the last Wild Draw Four names the colour."))
    return " ".join(sentences)


def _going_out_action(o: Options) -> str:
    if uses_points(o):
        return gettext(
            "If you go out with an action card, its effect still applies: after a draw card "
            "the next player draws, and those cards count for scoring."
        )
    return gettext(
        "If you go out with an action card, its effect still applies: after a draw card the "
        "next player still draws."
    )


def _fixed(text: str) -> Callable[[Options], str]:
    return lambda o: str(text)


BASE_RULES: list[BaseRule] = [
    BaseRule("base.players", pgettext_lazy("rule title", "Players"), _players),
    BaseRule(
        "base.deck",
        pgettext_lazy("rule title", "The deck"),
        _fixed(
            gettext_lazy(
                "The deck has 108 cards. Each colour (red, yellow, green and blue) has one 0, "
                "two each of 1 to 9, two Skips, two Reverses and two Draw Twos; on top of those "
                "come 4 Wilds and 4 Wild Draw Fours."
            )
        ),
    ),
    BaseRule(
        "base.piles",
        pgettext_lazy("rule title", "The piles"),
        _fixed(
            gettext_lazy(
                "Put the rest of the deck face down as the draw pile, and turn its top card over "
                "to start the discard pile."
            )
        ),
    ),
    BaseRule(
        "base.first_card_wd4",
        pgettext_lazy("rule title", "A Wild Draw Four turned up first"),
        _fixed(
            gettext_lazy(
                "A Wild Draw Four turned up first always goes back into the deck, and another "
                "card is turned up."
            )
        ),
    ),
    BaseRule(
        "base.match",
        pgettext_lazy("rule title", "Playing a card"),
        _fixed(
            gettext_lazy(
                "On your turn, play a card that matches the top card of the discard pile by "
                "colour, number or symbol (a Skip on a Skip, say), or play a Wild or a Wild Draw "
                "Four."
            )
        ),
    ),
    BaseRule(
        "base.next_player",
        pgettext_lazy("rule title", "The next player"),
        _fixed(
            gettext_lazy(
                "Once you have played or drawn, the turn passes to the next player in the "
                "direction of play."
            )
        ),
    ),
    BaseRule(
        "base.reshuffle",
        pgettext_lazy("rule title", "An empty draw pile"),
        _fixed(
            gettext_lazy(
                "When the draw pile runs out, shuffle the discard pile, except its top card, to "
                "make a new draw pile."
            )
        ),
    ),
    BaseRule(
        "base.skip",
        pgettext_lazy("rule title", "Skip"),
        _fixed(gettext_lazy("Skip: the next player misses their turn.")),
    ),
    BaseRule(
        "base.reverse",
        pgettext_lazy("rule title", "Reverse"),
        _fixed(gettext_lazy("Reverse: the direction of play changes.")),
    ),
    BaseRule("base.two_players", pgettext_lazy("rule title", "Two players"), _two_players, _alone),
    BaseRule(
        "base.draw_two",
        pgettext_lazy("rule title", "Draw Two"),
        _fixed(gettext_lazy("Draw Two: the next player draws two cards.")),
    ),
    BaseRule(
        "base.wild",
        pgettext_lazy("rule title", "Wild"),
        _fixed(
            gettext_lazy(
                "Wild: you choose the colour to play next (keeping the current colour is fine). "
                "You may play a Wild on any card, even when you could play another card."
            )
        ),
    ),
    BaseRule(
        "base.wild_draw_four",
        pgettext_lazy("rule title", "Wild Draw Four"),
        _fixed(
            gettext_lazy(
                "Wild Draw Four: you choose the colour to play next, and the next player draws "
                "four cards."
            )
        ),
    ),
    BaseRule("base.stacking", pgettext_lazy("rule title", "Stacking"), _stacking, any_stacking),
    BaseRule(
        "base.stack_challenge",
        pgettext_lazy("rule title", "A challenge inside a stack"),
        _fixed(
            gettext_lazy(
                "A challenge inside a stack is about the last Wild Draw Four only, and only the "
                "player who must draw the total may make it, before drawing."
            )
        ),
        lambda o: _fair_challenges(o) and wild_draw_four_stacks(o),
    ),
    BaseRule(
        "base.going_out",
        pgettext_lazy("rule title", "Going out"),
        _fixed(gettext_lazy("The first player to get rid of all their cards wins the round.")),
    ),
    BaseRule(
        "base.going_out_action",
        pgettext_lazy("rule title", "Going out on an action card"),
        _going_out_action,
        lambda o: o["last_card"] != "no_action_or_wild",
    ),
    BaseRule(
        "base.number_points",
        pgettext_lazy("rule title", "Number card points"),
        _fixed(gettext_lazy("A number card left in a hand scores its face value (0 to 9 points).")),
        uses_points,
    ),
]
BASE: dict[str, BaseRule] = {b.id: b for b in BASE_RULES}

# The sections in the order a player needs them: (key, title, base ids and option keys).
SECTIONS: list[tuple[str, str, list[str]]] = [
    (
        "setup",
        pgettext_lazy("rule section", "Setup"),
        [
            "base.players",
            "teams",
            "base.deck",
            "dealer_selection",
            "hand_size",
            "base.piles",
            "first_card_wild",
            "base.first_card_wd4",
            "first_card_action",
            "direction",
        ],
    ),
    (
        "turn",
        pgettext_lazy("rule section", "A turn"),
        [
            "base.match",
            "multiple_same_number",
            "base.next_player",
            "may_draw_instead_of_playing",
            "draw_rule",
            "drawn_card",
            "base.reshuffle",
            "jump_in",
        ],
    ),
    (
        "actions",
        pgettext_lazy("rule section", "Action cards"),
        [
            "base.skip",
            "base.reverse",
            "two_player_reverse_skips",
            "base.two_players",
            "base.draw_two",
            "base.wild",
            "base.wild_draw_four",
            "seven_swap",
            "zero_rotate",
        ],
    ),
    (
        "stacking",
        pgettext_lazy("rule section", "Draw cards and stacking"),
        [
            "draw_card_skips_turn",
            "stack_draw_two_on_draw_two",
            "stack_draw_four_on_draw_two",
            "stack_draw_four_on_draw_four",
            "stack_draw_two_on_draw_four",
            "base.stacking",
        ],
    ),
    (
        "wd4",
        pgettext_lazy("rule section", "Wild Draw Four"),
        [
            "wild_draw_four_rule",
            "wild_draw_four_challenge",
            "challenge_guilty_draw",
            "challenge_wrong_draw",
            "base.stack_challenge",
        ],
    ),
    ("uno", pgettext_lazy("rule section", "Calling UNO"), ["uno_penalty"]),
    (
        "scoring",
        pgettext_lazy("rule section", "Going out and scoring"),
        [
            "base.going_out",
            "last_card",
            "base.going_out_action",
            "scoring",
            "target_score",
            "rounds_to_win",
            "team_scores_partner_hand",
            "base.number_points",
            "points_action",
            "points_wild",
        ],
    ),
]

# Card names keep their capital letter inside a sentence.
_PROPER_WORDS = {"UNO", "Wild", "Draw", "Reverse", "Skip"}


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


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rules: list[Rule]


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


def _in_sentence(label: str) -> str:
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


def summary(house_rules: list[Rule]) -> str:
    if not house_rules:
        return gettext("This house plays the official rules.")
    n = len(house_rules)
    names = [_in_sentence(r.label) for r in house_rules]
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


def _cards(n: int) -> str:
    """A number of cards inside a sentence that holds two numbers ('no cards', '1 card',
    '4 cards'); a sentence with one number is one ngettext text of its own."""
    if n == 0:
        # Translators: a number of cards drawn, inside a sentence: none.
        return pgettext("cards drawn", "no cards")
    # Translators: a number of cards drawn, inside a sentence, as in "you draw 4 cards".
    return npgettext("cards drawn", "%(n)s card", "%(n)s cards", n) % {"n": n}


def _points(n: int) -> str:
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
    asked: Callable[[Options], bool] = _always  # whether the question arises at all


QUESTIONS: list[Question] = []


def question(answer_id: str, text: str, *rules: str, asked: Callable[[Options], bool] = _always):
    """Registers the function below as the answer to ``text``, in the order a table asks."""

    def register(reply: Callable[[Options], Reply]) -> Callable[[Options], Reply]:
        QUESTIONS.append(Question(answer_id, text, rules, reply, asked))
        return reply

    return register


def _you_draw(o: Options, card: str, bigger: bool) -> str:
    """'You draw two cards and miss your turn.', for a draw card (``card``: "d2" or "wd4")
    you may not answer; ``bigger`` when it may end a stack, so the total can be more."""
    skips = o["draw_card_skips_turn"]
    if card == "d2":
        if bigger and skips:
            return gettext(
                "You draw two cards, or the whole total when the Draw Two ends a stack, and "
                "miss your turn."
            )
        if bigger:
            return gettext(
                "You draw two cards, or the whole total when the Draw Two ends a stack, then "
                "take your turn."
            )
        if skips:
            return gettext("You draw two cards and miss your turn.")
        return gettext("You draw two cards, then take your turn.")
    if bigger and skips:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four ends a stack, and "
            "miss your turn."
        )
    if bigger:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four ends a stack, then "
            "take your turn."
        )
    if skips:
        return gettext("You draw four cards and miss your turn.")
    return gettext("You draw four cards, then take your turn.")


def _wd4_answer(o: Options, on: str) -> str:
    """Answering a draw card (``on``: "d2" or "wd4") with a Wild Draw Four: the rule and the
    challenge still apply."""
    if o["wild_draw_four_rule"] == "anytime":
        if on == "d2":
            return gettext(
                "Answer a Draw Two with a Wild Draw Four and name the colour: the next player "
                "draws the total unless they can answer too."
            )
        return gettext(
            "Answer a Wild Draw Four with a Wild Draw Four and name the colour: the next player "
            "draws the total unless they can answer too."
        )
    if o["wild_draw_four_challenge"]:
        if on == "d2":
            return gettext(
                "Answer a Draw Two with a Wild Draw Four if the Wild Draw Four rule lets you play "
                "it (it may be challenged) and name the colour: the next player draws the total "
                "unless they can answer too."
            )
        return gettext(
            "Answer a Wild Draw Four with a Wild Draw Four if the Wild Draw Four rule lets you "
            "play it (it may be challenged) and name the colour: the next player draws the "
            "total unless they can answer too."
        )
    if on == "d2":
        return gettext(
            "Answer a Draw Two with a Wild Draw Four if the Wild Draw Four rule lets you play it "
            "and name the colour: the next player draws the total unless they can answer too."
        )
    return gettext(
        "Answer a Wild Draw Four with a Wild Draw Four if the Wild Draw Four rule lets you play "
        "it and name the colour: the next player draws the total unless they can answer too."
    )


@question(
    "stack_d2_on_d2",
    gettext_lazy("Can I stack a Draw Two on a Draw Two?"),
    "stack_draw_two_on_draw_two",
    "base.stacking",
    "draw_card_skips_turn",
)
def _stack_d2_on_d2(o: Options) -> Reply:
    if o["stack_draw_two_on_draw_two"]:
        return YES, (
            gettext(
                "Answer a Draw Two with a Draw Two of your own, and the next player draws the "
                "whole total (four cards after two Draw Twos) unless they can answer too."
            )
        )
    return NO, _you_draw(o, "d2", o["stack_draw_two_on_draw_four"])


@question(
    "stack_wd4_on_wd4",
    gettext_lazy("Can I stack a Wild Draw Four on a Wild Draw Four?"),
    "stack_draw_four_on_draw_four",
    "base.stacking",
    "wild_draw_four_rule",
)
def _stack_wd4_on_wd4(o: Options) -> Reply:
    if o["stack_draw_four_on_draw_four"]:
        return YES, _wd4_answer(o, "wd4")
    return NO, _you_draw(o, "wd4", o["stack_draw_four_on_draw_two"])


@question(
    "stack_wd4_on_d2",
    gettext_lazy("Can I stack a Wild Draw Four on a Draw Two?"),
    "stack_draw_four_on_draw_two",
    "base.stacking",
    "wild_draw_four_rule",
)
def _stack_wd4_on_d2(o: Options) -> Reply:
    if o["stack_draw_four_on_draw_two"]:
        return YES, _wd4_answer(o, "d2")
    bigger = o["stack_draw_two_on_draw_two"] or o["stack_draw_two_on_draw_four"]
    return NO, _you_draw(o, "d2", bigger)


@question(
    "stack_d2_on_wd4",
    gettext_lazy("Can I stack a Draw Two on a Wild Draw Four?"),
    "stack_draw_two_on_draw_four",
    "base.stacking",
)
def _stack_d2_on_wd4(o: Options) -> Reply:
    if o["stack_draw_two_on_draw_four"]:
        return YES, (
            gettext(
                "Answer with a Draw Two of the colour just named, and the next player draws the "
                "whole total (six cards) unless they can answer too."
            )
        )
    bigger = o["stack_draw_four_on_draw_four"] or o["stack_draw_four_on_draw_two"]
    return NO, _you_draw(o, "wd4", bigger)


@question(
    "stack_two_cards",
    gettext_lazy("Can I answer a stack with two draw cards at once?"),
    "base.stacking",
    asked=any_stacking,
)
def _stack_two_cards(o: Options) -> Reply:
    return NO, gettext(
        "Each player answers with one draw card at most; the next player may answer in turn."
    )


@question(
    "play_after_drawing_penalty",
    gettext_lazy("Can I still play after drawing for a Draw Two or Wild Draw Four?"),
    "draw_card_skips_turn",
)
def _play_after_drawing(o: Options) -> Reply:
    if o["draw_card_skips_turn"]:
        return NO, gettext("You draw and miss your turn.")
    return YES, gettext("You draw, then take your turn as usual.")


def _only_when(o: Options) -> str:
    """When a Wild Draw Four may be played (not any time), and how the rule is enforced."""
    guilty = o["challenge_guilty_draw"]
    values = {"n": guilty}
    if o["wild_draw_four_rule"] == "no_matching_color":
        if not o["wild_draw_four_challenge"]:
            return gettext(
                "Only when you hold no card of the current colour (nobody may challenge it, so "
                "it is on your honour)."
            )
        if guilty == 0:
            return gettext(
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw nothing."
            )
        return (
            ngettext(
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw %(n)s card.",
                "Only when you hold no card of the current colour; if you are challenged and "
                "caught, you draw %(n)s cards.",
                guilty,
            )
            % values
        )
    if not o["wild_draw_four_challenge"]:
        return gettext(
            "Only when you hold no other card you could play (nobody may challenge it, so it "
            "is on your honour)."
        )
    if guilty == 0:
        return gettext(
            "Only when you hold no other card you could play; if you are challenged and "
            "caught, you draw nothing."
        )
    return (
        ngettext(
            "Only when you hold no other card you could play; if you are challenged and caught, "
            "you draw %(n)s card.",
            "Only when you hold no other card you could play; if you are challenged and caught, "
            "you draw %(n)s cards.",
            guilty,
        )
        % values
    )


@question(
    "wd4_holding_colour",
    gettext_lazy("Can I play a Wild Draw Four while I hold a card of the current colour?"),
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
)
def _wd4_holding_colour(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule in ("no_matching_color", "no_playable_card"):
        return NO, _only_when(o)
    return YES, gettext("A Wild Draw Four may be played at any time here.")


@question(
    "wd4_other_playable",
    gettext_lazy("Can I play a Wild Draw Four when I could play another card?"),
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
)
def _wd4_other_playable(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule == "no_matching_color":
        return YES, (
            gettext(
                "As long as none of your cards is of the current colour: a card that matches "
                "only by number or symbol doesn't stop you."
            )
        )
    if rule == "no_playable_card":
        return NO, _only_when(o)
    return YES, gettext("A Wild Draw Four may be played at any time here.")


@question(
    "wd4_challenge",
    gettext_lazy("Can I challenge a Wild Draw Four played on me?"),
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    "base.stack_challenge",
)
def _wd4_challenge(o: Options) -> Reply:
    if not o["wild_draw_four_challenge"]:
        return NO, gettext("Nobody may challenge a Wild Draw Four here.")
    wrong = o["challenge_wrong_draw"]
    stack = wild_draw_four_stacks(o)
    if o["wild_draw_four_rule"] == "anytime":
        if stack and wrong == 0:
            return YES, gettext(
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
                "and you draw the whole total, with no cards counted instead of the last Wild "
                "Draw Four's four."
            )
        if stack:
            return YES, ngettext(
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
                "and you draw the whole total, with %(n)s card counted instead of the last Wild "
                "Draw Four's four.",
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
                "and you draw the whole total, with %(n)s cards counted instead of the last Wild "
                "Draw Four's four.",
                wrong,
            ) % {"n": wrong}
        if wrong == 0:
            return YES, gettext(
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
                "and you draw no cards in all."
            )
        return YES, ngettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails and "
            "you draw %(n)s card in all.",
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails and "
            "you draw %(n)s cards in all.",
            wrong,
        ) % {"n": wrong}
    values = {"guilty": _cards(o["challenge_guilty_draw"]), "wrong": _cards(wrong)}
    if stack:
        # Translators: %(guilty)s and %(wrong)s are numbers of cards drawn, as in "4 cards"
        # or "no cards" (the text "cards drawn" of this catalogue).
        return YES, gettext(
            "Before you draw, the player of the last Wild Draw Four shows you their hand: if "
            "they broke the rule they draw %(guilty)s and you draw the rest of the total, and "
            "if not you draw the whole total with %(wrong)s counted instead of their four."
        ) % values
    # Translators: %(guilty)s and %(wrong)s are numbers of cards drawn, as in "4 cards" or
    # "no cards" (the text "cards drawn" of this catalogue).
    return YES, gettext(
        "Before you draw, its player shows you their hand: if they broke the rule they draw "
        "%(guilty)s and you draw nothing, and if not you draw %(wrong)s in all."
    ) % values


@question(
    "wd4_after_challenge",
    gettext_lazy("Who plays after a Wild Draw Four challenge, and in which colour?"),
    "wild_draw_four_challenge",
    "draw_card_skips_turn",
    asked=_challenges,
)
def _wd4_after_challenge(o: Options) -> Reply:
    skips = o["draw_card_skips_turn"]
    if o["wild_draw_four_rule"] == "anytime":
        if skips:
            return PLAIN, (
                gettext(
                    "The colour named stands, and as a challenge always fails here, the "
                    "challenger draws and misses their turn."
                )
            )
        return PLAIN, (
            gettext(
                "The colour named stands, and as a challenge always fails here, the challenger "
                "draws, then takes their turn."
            )
        )
    if not skips:
        return PLAIN, (
            gettext(
                "The colour named stands either way, and the challenger takes their turn once "
                "they have drawn what they must."
            )
        )
    if wild_draw_four_stacks(o):
        return PLAIN, (
            gettext(
                "The colour named stands either way: if the challenge succeeds the challenger "
                "takes their turn unless they drew the rest of a stack, and if it fails they "
                "miss their turn."
            )
        )
    return PLAIN, (
        gettext(
            "The colour named stands either way: if the challenge succeeds the challenger takes "
            "their turn, and if it fails they miss it and the next player plays."
        )
    )


@question(
    "wd4_stack_challenge",
    gettext_lazy("Can I challenge a Wild Draw Four inside a stack?"),
    "base.stack_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    asked=lambda o: _challenges(o) and wild_draw_four_stacks(o),
)
def _wd4_stack_challenge(o: Options) -> Reply:
    fail = 2 + o["challenge_wrong_draw"]
    if o["wild_draw_four_rule"] == "anytime":
        return YES, ngettext(
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
            "facing a Draw Two and a Wild Draw Four (six cards), you draw %(n)s card.",
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
            "facing a Draw Two and a Wild Draw Four (six cards), you draw %(n)s cards.",
            fail,
        ) % {"n": fail}
    # Translators: %(guilty)s and %(fail)s are numbers of cards drawn, as in "4 cards" or
    # "no cards" (the text "cards drawn" of this catalogue).
    return YES, gettext(
        "Only the last Wild Draw Four: facing a Draw Two and a Wild Draw Four (six cards), if "
        "it was played against the rule its player draws %(guilty)s and you draw two, and if "
        "not you draw %(fail)s."
    ) % {"guilty": _cards(o["challenge_guilty_draw"]), "fail": _cards(fail)}


@question("uno_forget", gettext_lazy("What if I forget to call UNO?"), "uno_penalty")
def _uno_forget(o: Options) -> Reply:
    penalty = o["uno_penalty"]
    if not penalty:
        return PLAIN, gettext("Nothing: this house has no penalty for forgetting to call UNO.")
    return PLAIN, ngettext(
        "If another player catches you before the next player begins their turn, you draw "
        "%(n)s card; once that turn has begun, you are safe.",
        "If another player catches you before the next player begins their turn, you draw "
        "%(n)s cards; once that turn has begun, you are safe.",
        penalty,
    ) % {"n": penalty}


@question("uno_when", gettext_lazy("When do I call UNO?"), "uno_penalty")
def _uno_when(o: Options) -> Reply:
    return PLAIN, gettext("As you play your second-to-last card; calling it just before is fine.")


@question(
    "uno_after_swap",
    gettext_lazy("Who calls UNO after hands are swapped or passed on?"),
    "seven_swap",
    "zero_rotate",
    "uno_penalty",
    asked=lambda o: o["seven_swap"] or o["zero_rotate"],
)
def _uno_after_swap(o: Options) -> Reply:
    penalty = o["uno_penalty"]
    if not penalty:
        return PLAIN, (
            gettext(
                "Whoever is left holding one card calls “UNO!” at once, though this "
                "house has no penalty for forgetting."
            )
        )
    return PLAIN, ngettext(
        "Whoever is left holding one card must call “UNO!” at once, or draw "
        "%(n)s card if caught before the next player begins their turn.",
        "Whoever is left holding one card must call “UNO!” at once, or draw "
        "%(n)s cards if caught before the next player begins their turn.",
        penalty,
    ) % {"n": penalty}


@question(
    "go_out_action",
    gettext_lazy("Can I go out on a Skip, Reverse or Draw Two?"),
    "last_card",
    "base.going_out_action",
)
def _go_out_action(o: Options) -> Reply:
    if o["last_card"] == "no_action_or_wild":
        return NO, gettext("Your last card must be a number card.")
    if uses_points(o):
        return YES, (
            gettext(
                "Its effect still applies: after a Draw Two the next player draws two, and those "
                "cards count for scoring."
            )
        )
    return YES, gettext(
        "Its effect still applies: after a Draw Two the next player still draws two."
    )


@question(
    "go_out_wild",
    gettext_lazy("Can I go out on a Wild or a Wild Draw Four?"),
    "last_card",
    "base.going_out_action",
)
def _go_out_wild(o: Options) -> Reply:
    last = o["last_card"]
    if last == "no_wild":
        return NO, gettext("Your last card may not be a Wild or a Wild Draw Four.")
    if last == "no_action_or_wild":
        return NO, gettext("Your last card must be a number card.")
    if uses_points(o):
        return YES, (
            gettext(
                "After a Wild Draw Four the next player still draws four, and those cards count "
                "for scoring."
            )
        )
    return YES, gettext("After a Wild Draw Four the next player still draws four.")


@question(
    "last_card_blocked",
    gettext_lazy("What if my only card is one I may not go out on?"),
    "last_card",
    "draw_rule",
    asked=lambda o: o["last_card"] != "any",
)
def _last_card_blocked(o: Options) -> Reply:
    if o["draw_rule"] == "draw_until_playable":
        return PLAIN, (
            gettext(
                "You may not play it: like a player who cannot play, keep drawing until you draw "
                "a card that can be played."
            )
        )
    return PLAIN, (
        gettext(
            "You may not play it: like a player who cannot play, draw one card, and play that "
            "card if the rules for a drawn card let you."
        )
    )


@question(
    "go_out_seven",
    gettext_lazy("Can I go out on a 7?"),
    "seven_swap",
    asked=lambda o: o["seven_swap"],
)
def _go_out_seven(o: Options) -> Reply:
    return YES, gettext("If the 7 is your last card you have gone out, and nobody swaps hands.")


@question(
    "go_out_zero",
    gettext_lazy("Can I go out on a 0?"),
    "zero_rotate",
    asked=lambda o: o["zero_rotate"],
)
def _go_out_zero(o: Options) -> Reply:
    return YES, gettext("If the 0 is your last card you have gone out, and no hands move.")


@question(
    "draw_instead", gettext_lazy("Can I draw when I could play?"), "may_draw_instead_of_playing"
)
def _draw_instead(o: Options) -> Reply:
    if o["may_draw_instead_of_playing"]:
        return YES, gettext("You may draw instead of playing, even with a card you could play.")
    return NO, gettext(
        "If you can play, you must; you may only draw when you hold no card you can play."
    )


@question("play_drawn", gettext_lazy("Can I play the card I just drew?"), "drawn_card", "draw_rule")
def _play_drawn(o: Options) -> Reply:
    until = o["draw_rule"] == "draw_until_playable"
    drawn = o["drawn_card"]
    if drawn == "keep":
        if until:
            return NO, (
                gettext(
                    "You keep drawing until a card can be played, then it goes into your hand "
                    "and your turn ends."
                )
            )
        return NO, gettext("The card you draw goes into your hand and your turn ends.")
    if drawn == "must_play":
        if until:
            return (
                YES,
                gettext(
                    "You must: you keep drawing until a card can be played, then play it at once."
                ),
            )
        return YES, gettext("If it can be played you must play it at once; if not, your turn ends.")
    if until:
        return YES, gettext(
            "You keep drawing until a card can be played, and you may play it at once."
        )
    return YES, gettext("If it can be played you may play it at once; if not, your turn ends.")


@question("draw_until", gettext_lazy("Do I keep drawing until I can play?"), "draw_rule")
def _draw_until(o: Options) -> Reply:
    if o["draw_rule"] == "draw_until_playable":
        return YES, gettext("Keep drawing until you draw a card that can be played.")
    return NO, gettext("Draw one card only.")


@question(
    "draw_pile_empty", gettext_lazy("What happens when the draw pile runs out?"), "base.reshuffle"
)
def _draw_pile_empty(o: Options) -> Reply:
    return PLAIN, (
        gettext(
            "Shuffle the discard pile, except its top card, to make a new draw pile, and play on."
        )
    )


@question(
    "several_cards",
    gettext_lazy("Can I play several cards of the same number at once?"),
    "multiple_same_number",
)
def _several_cards(o: Options) -> Reply:
    if o["multiple_same_number"]:
        return YES, gettext("Play them together in one turn; the first must be playable as usual.")
    return NO, gettext("You play one card per turn.")


@question("jump_in", gettext_lazy("Can I play out of turn?"), "jump_in")
def _jump_in(o: Options) -> Reply:
    if o["jump_in"]:
        return YES, (
            gettext(
                "With the exact same card as the top card (same colour and number or symbol) you "
                "may jump in, and play continues from you."
            )
        )
    return NO, gettext("You only play on your own turn: no jumping in.")


@question(
    "jump_in_draw",
    gettext_lazy("Can I jump in on a Draw Two aimed at someone else?"),
    "jump_in",
    asked=lambda o: o["jump_in"],
)
def _jump_in_draw(o: Options) -> Reply:
    return YES, (
        gettext(
            "With an exact copy of it: only your card counts, so the player it was aimed at draws "
            "nothing and the player after you draws for your Draw Two."
        )
    )


@question(
    "jump_in_wd4",
    gettext_lazy("What counts as an exact copy of a Wild Draw Four?"),
    "jump_in",
    "wild_draw_four_rule",
    asked=lambda o: o["jump_in"],
)
def _jump_in_wd4(o: Options) -> Reply:
    return PLAIN, (
        gettext(
            "Any other Wild Draw Four, whatever colour was named; you still need the Wild Draw "
            "Four rule's permission to play it, and you name the colour."
        )
    )


@question(
    "jump_in_next",
    gettext_lazy("Who plays after a jump-in?"),
    "jump_in",
    asked=lambda o: o["jump_in"],
)
def _jump_in_next(o: Options) -> Reply:
    return PLAIN, (
        gettext(
            "Play continues from the player who jumped in, as if it were their turn: the players "
            "in between miss their turn."
        )
    )


@question(
    "wild_any_time", gettext_lazy("Can I play a Wild when I could play another card?"), "base.wild"
)
def _wild_any_time(o: Options) -> Reply:
    return YES, gettext("A Wild may be played on any card on your turn, and you choose the colour.")


@question("sevens", gettext_lazy("Does playing a 7 swap hands?"), "seven_swap")
def _sevens(o: Options) -> Reply:
    if o["seven_swap"]:
        return YES, gettext("When you play a 7, you swap hands with any other player you choose.")
    return NO, gettext("A 7 is an ordinary number card.")


@question("zeros", gettext_lazy("Does playing a 0 pass the hands round?"), "zero_rotate")
def _zeros(o: Options) -> Reply:
    if o["zero_rotate"]:
        return YES, gettext(
            "Every player passes their hand to the next player in the direction of play."
        )
    return NO, gettext("A 0 is an ordinary number card.")


@question(
    "two_player_reverse",
    gettext_lazy("With two players, does a Reverse work like a Skip?"),
    "two_player_reverse_skips",
    asked=_alone,
)
def _two_player_reverse(o: Options) -> Reply:
    if o["two_player_reverse_skips"]:
        return YES, gettext("The other player misses their turn, so you play again.")
    return NO, gettext("It only changes direction, so the other player plays next.")


@question(
    "two_player_skip",
    gettext_lazy("With two players, who plays after my Skip, Draw Two or Wild Draw Four?"),
    "base.two_players",
    "draw_card_skips_turn",
    asked=_alone,
)
def _two_player_skip(o: Options) -> Reply:
    if o["draw_card_skips_turn"]:
        return PLAIN, (
            gettext(
                "You do: after a Skip the other player misses their turn, and after a draw card "
                "they draw and it is your turn again."
            )
        )
    return PLAIN, (
        gettext(
            "After a Skip you play again; after a Draw Two or Wild Draw Four the other player "
            "draws, then takes their turn."
        )
    )


@question(
    "who_deals",
    gettext_lazy("Who deals and who plays first?"),
    "dealer_selection",
    "direction",
    "first_card_action",
)
def _who_deals(o: Options) -> Reply:
    highest = o["dealer_selection"] == "highest_card"
    left = o["direction"] == "clockwise"
    apply = o["first_card_action"] == "apply"
    if highest and left and apply:
        return PLAIN, gettext(
            "Everyone draws a card and the highest number deals first; the player to the dealer's "
            "left plays first unless the first card turned up says otherwise, play goes to the "
            "left, and the deal passes one seat to the left each round."
        )
    if highest and left and not apply:
        return PLAIN, gettext(
            "Everyone draws a card and the highest number deals first; the player to the dealer's "
            "left plays first, play goes to the left, and the deal passes one seat to the left "
            "each round."
        )
    if highest and not left and apply:
        return PLAIN, gettext(
            "Everyone draws a card and the highest number deals first; the player to the dealer's "
            "right plays first unless the first card turned up says otherwise, play goes to the "
            "right, and the deal passes one seat to the right each round."
        )
    if highest and not left and not apply:
        return PLAIN, gettext(
            "Everyone draws a card and the highest number deals first; the player to the dealer's "
            "right plays first, play goes to the right, and the deal passes one seat to the right "
            "each round."
        )
    if not highest and left and apply:
        return PLAIN, gettext(
            "The first dealer is chosen at random; the player to the dealer's left plays first "
            "unless the first card turned up says otherwise, play goes to the left, and the deal "
            "passes one seat to the left each round."
        )
    if not highest and left and not apply:
        return PLAIN, gettext(
            "The first dealer is chosen at random; the player to the dealer's left plays first, "
            "play goes to the left, and the deal passes one seat to the left each round."
        )
    if not highest and not left and apply:
        return PLAIN, gettext(
            "The first dealer is chosen at random; the player to the dealer's right plays first "
            "unless the first card turned up says otherwise, play goes to the right, and the deal "
            "passes one seat to the right each round."
        )
    return PLAIN, gettext(
        "The first dealer is chosen at random; the player to the dealer's right plays first, play "
        "goes to the right, and the deal passes one seat to the right each round."
    )


@question("hand_size", gettext_lazy("How many cards does each player start with?"), "hand_size")
def _hand_size(o: Options) -> Reply:
    n = o["hand_size"]
    return PLAIN, ngettext("%(n)s card each.", "%(n)s cards each.", n) % {"n": n}


@question(
    "first_card_wild", gettext_lazy("What does a Wild turned up first mean?"), "first_card_wild"
)
def _first_card_wild(o: Options) -> Reply:
    if o["first_card_wild"] == "redraw":
        return PLAIN, gettext("Nothing: it is buried in the deck and another card is turned up.")
    return PLAIN, gettext("The first player chooses the colour, then takes their turn.")


@question(
    "first_card_action",
    gettext_lazy("What if the first card turned up is a Skip, Reverse or Draw Two?"),
    "first_card_action",
    "draw_card_skips_turn",
)
def _first_card_action(o: Options) -> Reply:
    if o["first_card_action"] == "redraw":
        return PLAIN, gettext("It is buried in the deck and another card is turned up.")
    # A Reverse turned up first: the dealer plays first, against the direction of play.
    right = o["direction"] == "clockwise"
    if o["draw_card_skips_turn"] and right:
        return PLAIN, gettext(
            "It works on the first player: a Skip makes them miss their turn, a Draw Two makes "
            "them draw two cards and miss their turn, and a Reverse makes the dealer play first, "
            "to the right."
        )
    if o["draw_card_skips_turn"]:
        return PLAIN, gettext(
            "It works on the first player: a Skip makes them miss their turn, a Draw Two makes "
            "them draw two cards and miss their turn, and a Reverse makes the dealer play first, "
            "to the left."
        )
    if right:
        return PLAIN, gettext(
            "It works on the first player: a Skip makes them miss their turn, a Draw Two makes "
            "them draw two cards before they take their turn, and a Reverse makes the dealer play "
            "first, to the right."
        )
    return PLAIN, gettext(
        "It works on the first player: a Skip makes them miss their turn, a Draw Two makes them "
        "draw two cards before they take their turn, and a Reverse makes the dealer play first, to"
        " the left."
    )


@question("teams", gettext_lazy("Do we play in teams?"), "teams")
def _teams(o: Options) -> Reply:
    if o["teams"] == "pairs":
        return YES, (
            gettext(
                "In pairs, partners sitting opposite; a pair wins the round when either partner "
                "goes out."
            )
        )
    return NO, gettext("Everyone plays for themselves.")


@question(
    "card_points",
    gettext_lazy("How many points does each card score?"),
    "base.number_points",
    "points_action",
    "points_wild",
    "scoring",
)
def _card_points(o: Options) -> Reply:
    if not uses_points(o):
        return PLAIN, gettext("None: this house counts rounds won, not points.")
    # Translators: %(action)s and %(wild)s are numbers of points, as in "20 points".
    return PLAIN, gettext(
        "Number cards score their face value, each Skip, Reverse and Draw Two %(action)s, and "
        "each Wild and Wild Draw Four %(wild)s."
    ) % {"action": _points(o["points_action"]), "wild": _points(o["points_wild"])}


@question(
    "who_scores",
    gettext_lazy("Who scores at the end of a round?"),
    "scoring",
    "teams",
    "team_scores_partner_hand",
)
def _who_scores(o: Options) -> Reply:
    scoring, pairs = o["scoring"], o["teams"] == "pairs"
    if scoring == "winner_takes_points" and pairs:
        if o["team_scores_partner_hand"]:
            return PLAIN, (
                gettext(
                    "The pair of the player who went out scores every card left in the other "
                    "pairs' hands and the partner's hand."
                )
            )
        return PLAIN, (
            gettext(
                "The pair of the player who went out scores every card left in the other pairs' "
                "hands."
            )
        )
    if scoring == "winner_takes_points":
        return PLAIN, gettext(
            "The player who went out scores every card left in the other players' hands."
        )
    if scoring == "lowest_total_wins" and pairs:
        return PLAIN, (
            gettext(
                "Each pair scores the cards left in both partners' hands, and the partner who "
                "went out has none."
            )
        )
    if scoring == "lowest_total_wins":
        return PLAIN, (
            gettext(
                "Everyone scores the cards left in their own hand, and the player who went out "
                "scores nothing."
            )
        )
    if pairs:
        return PLAIN, gettext(
            "Nobody scores points: the pair of the player who went out wins the round."
        )
    return PLAIN, gettext("Nobody scores points: the player who went out wins the round.")


@question(
    "partner_hand",
    gettext_lazy("Does my partner's hand count for our score?"),
    "team_scores_partner_hand",
    asked=opts.BY_KEY["team_scores_partner_hand"].is_relevant,
)
def _partner_hand(o: Options) -> Reply:
    if o["team_scores_partner_hand"]:
        return YES, gettext("The winning pair also scores the cards left in the partner's hand.")
    return NO, gettext("The winning pair scores only the other pairs' hands.")


@question(
    "game_end", gettext_lazy("When does the game end?"), "scoring", "target_score", "rounds_to_win"
)
def _game_end(o: Options) -> Reply:
    scoring = o["scoring"]
    if scoring == "round_wins":
        n = o["rounds_to_win"]
        return PLAIN, ngettext(
            "When someone has won %(n)s round: they win.",
            "When someone has won %(n)s rounds: they win.",
            n,
        ) % {"n": n}
    target = o["target_score"]
    if scoring == "lowest_total_wins":
        return PLAIN, ngettext(
            "When any total reaches %(n)s point: the lowest total wins, and equal lowest "
            "totals share the win.",
            "When any total reaches %(n)s points: the lowest total wins, and equal lowest "
            "totals share the win.",
            target,
        ) % {"n": target}
    return PLAIN, ngettext(
        "As soon as a total reaches %(n)s point: whoever reaches it wins.",
        "As soon as a total reaches %(n)s points: whoever reaches it wins.",
        target,
    ) % {"n": target}


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
            official = _points(option.official) if house else ""
            values.append(CardValue(str(card), _points(value), house, official))
    # Translators: the number cards, in the list of what each card scores.
    numbers = pgettext("card values", "0 to 9")
    # Translators: what a number card scores: the number printed on it.
    return [CardValue(numbers, pgettext("card values", "face value")), *values]


def build(options: Options, own_rules: tuple[str, ...] | list[str] = ()) -> Reference:
    """The whole reference for a rule set's options (and the family's own rules)."""
    secs = sections(options)
    by_id = {r.id: r for s in secs for r in s.rules}
    house = [by_id[o.key] for o in opts.house_rules(options)]
    return Reference(
        sections=secs,
        house_rules=house,
        summary=summary(house),
        answers=answers(options, by_id),
        card_values=card_values(options),
        uses_points=uses_points(options),
        own_rules=tuple(own_rules),
        by_id=by_id,
    )
