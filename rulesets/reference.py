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

from django.utils.translation import ngettext

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
        return (
            "Four, six, eight or ten players can play: an even number, so that everyone has "
            "a partner."
        )
    return "Two to ten players can play."


def _two_players(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return (
            "With two players, after your Skip you play again, and after your Draw Two or Wild "
            "Draw Four the other player draws and it is your turn again."
        )
    return (
        "With two players, after your Skip you play again; after your Draw Two or Wild Draw "
        "Four the other player draws, then takes their turn."
    )


def _stacking(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        first = (
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total "
            "and misses their turn."
        )
    else:
        first = (
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total, "
            "then takes their turn."
        )
    sentences = [first]
    if _wd4_answers_stacks(o):
        sentences.append(
            "A Wild Draw Four played to answer still follows the Wild Draw Four rule, judged "
            "against the colour in play."
        )
    if wild_draw_four_stacks(o):
        sentences.append("Whoever plays the last Wild Draw Four names the colour.")
    return " ".join(sentences)


def _going_out_action(o: Options) -> str:
    if uses_points(o):
        return (
            "If you go out with an action card, its effect still applies: after a draw card "
            "the next player draws, and those cards count for scoring."
        )
    return (
        "If you go out with an action card, its effect still applies: after a draw card the "
        "next player still draws."
    )


def _fixed(text: str) -> Callable[[Options], str]:
    return lambda o: text


BASE_RULES: list[BaseRule] = [
    BaseRule("base.players", "Players", _players),
    BaseRule(
        "base.deck",
        "The deck",
        _fixed(
            "The deck has 108 cards. Each colour (red, yellow, green and blue) has one 0, "
            "two each of 1 to 9, two Skips, two Reverses and two Draw Twos; on top of those "
            "come 4 Wilds and 4 Wild Draw Fours."
        ),
    ),
    BaseRule(
        "base.piles",
        "The piles",
        _fixed(
            "Put the rest of the deck face down as the draw pile, and turn its top card over "
            "to start the discard pile."
        ),
    ),
    BaseRule(
        "base.first_card_wd4",
        "A Wild Draw Four turned up first",
        _fixed(
            "A Wild Draw Four turned up first always goes back into the deck, and another "
            "card is turned up."
        ),
    ),
    BaseRule(
        "base.match",
        "Playing a card",
        _fixed(
            "On your turn, play a card that matches the top card of the discard pile by "
            "colour, number or symbol (a Skip on a Skip, say), or play a Wild or a Wild Draw "
            "Four."
        ),
    ),
    BaseRule(
        "base.next_player",
        "The next player",
        _fixed(
            "Once you have played or drawn, the turn passes to the next player in the "
            "direction of play."
        ),
    ),
    BaseRule(
        "base.reshuffle",
        "An empty draw pile",
        _fixed(
            "When the draw pile runs out, shuffle the discard pile, except its top card, to "
            "make a new draw pile."
        ),
    ),
    BaseRule("base.skip", "Skip", _fixed("Skip: the next player misses their turn.")),
    BaseRule("base.reverse", "Reverse", _fixed("Reverse: the direction of play changes.")),
    BaseRule("base.two_players", "Two players", _two_players, _alone),
    BaseRule("base.draw_two", "Draw Two", _fixed("Draw Two: the next player draws two cards.")),
    BaseRule(
        "base.wild",
        "Wild",
        _fixed(
            "Wild: you choose the colour to play next (keeping the current colour is fine). "
            "You may play a Wild on any card, even when you could play another card."
        ),
    ),
    BaseRule(
        "base.wild_draw_four",
        "Wild Draw Four",
        _fixed(
            "Wild Draw Four: you choose the colour to play next, and the next player draws "
            "four cards."
        ),
    ),
    BaseRule("base.stacking", "Stacking", _stacking, any_stacking),
    BaseRule(
        "base.stack_challenge",
        "A challenge inside a stack",
        _fixed(
            "A challenge inside a stack is about the last Wild Draw Four only, and only the "
            "player who must draw the total may make it, before drawing."
        ),
        lambda o: _fair_challenges(o) and wild_draw_four_stacks(o),
    ),
    BaseRule(
        "base.going_out",
        "Going out",
        _fixed("The first player to get rid of all their cards wins the round."),
    ),
    BaseRule(
        "base.going_out_action",
        "Going out on an action card",
        _going_out_action,
        lambda o: o["last_card"] != "no_action_or_wild",
    ),
    BaseRule(
        "base.number_points",
        "Number card points",
        _fixed("A number card left in a hand scores its face value (0 to 9 points)."),
        uses_points,
    ),
]
BASE: dict[str, BaseRule] = {b.id: b for b in BASE_RULES}

# The sections in the order a player needs them: (key, title, base ids and option keys).
SECTIONS: list[tuple[str, str, list[str]]] = [
    (
        "setup",
        "Setup",
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
        "A turn",
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
        "Action cards",
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
        "Draw cards and stacking",
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
        "Wild Draw Four",
        [
            "wild_draw_four_rule",
            "wild_draw_four_challenge",
            "challenge_guilty_draw",
            "challenge_wrong_draw",
            "base.stack_challenge",
        ],
    ),
    ("uno", "Calling UNO", ["uno_penalty"]),
    (
        "scoring",
        "Going out and scoring",
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
    verdict: str  # "Yes", "No", or "" when the question is not a yes/no one
    text: str  # one sentence
    is_house: bool = False  # the answer differs from the official rules' answer
    rules: tuple[str, ...] = ()  # the rules that decide it (ids)
    links: tuple[tuple[str, str], ...] = ()  # (id, name) of those shown on the page

    @property
    def is_yes(self) -> bool:
        return self.verdict == "Yes"


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
        return Rule(item, base.text(options), title=base.title) if base.shown(options) else None
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
        result.append(Section(key, title, rules))
    return result


def _in_sentence(label: str) -> str:
    label = str(label)
    first, _, rest = label.partition(" ")
    if first in _PROPER_WORDS:
        return label
    return (first[:1].lower() + first[1:] + (" " + rest if rest else "")).strip()


def summary(house_rules: list[Rule]) -> str:
    if not house_rules:
        return "This house plays the official rules."
    n = len(house_rules)
    names = [_in_sentence(r.label) for r in house_rules]
    listed = names[0] if n == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return ngettext(
        "This house plays %(n)s rule differently: %(names)s.",
        "This house plays %(n)s rules differently: %(names)s.",
        n,
    ) % {"n": n, "names": listed}


def _cards(n: int) -> str:
    """A number of cards to put in a sentence: 'no cards', '1 card', '4 cards'."""
    if n == 0:
        return "no cards"
    return ngettext("%(n)s card", "%(n)s cards", n) % {"n": n}


def _points(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


# --- "Can I ...?" answers: one small function per question ------------------------------

YES, NO, PLAIN = "Yes", "No", ""
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


def _you_draw(o: Options, cards: str, card: str, bigger: bool) -> str:
    """'You draw two cards and miss your turn.', for a draw card you may not answer."""
    values = {"cards": cards, "card": card}
    if o["draw_card_skips_turn"]:
        if bigger:
            return (
                "You draw %(cards)s, or the whole total when the %(card)s ends a stack, and "
                "miss your turn." % values
            )
        return "You draw %(cards)s and miss your turn." % values
    if bigger:
        return (
            "You draw %(cards)s, or the whole total when the %(card)s ends a stack, then "
            "take your turn." % values
        )
    return "You draw %(cards)s, then take your turn." % values


def _wd4_answer(o: Options, on: str) -> str:
    """Answering a draw card with a Wild Draw Four: the rule and the challenge still apply."""
    values = {"on": on}
    if o["wild_draw_four_rule"] == "anytime":
        return (
            "Answer a %(on)s with a Wild Draw Four and name the colour: the next player draws "
            "the total unless they can answer too." % values
        )
    if o["wild_draw_four_challenge"]:
        return (
            "Answer a %(on)s with a Wild Draw Four if the Wild Draw Four rule lets you play it "
            "(it may be challenged) and name the colour: the next player draws the total "
            "unless they can answer too." % values
        )
    return (
        "Answer a %(on)s with a Wild Draw Four if the Wild Draw Four rule lets you play it "
        "and name the colour: the next player draws the total unless they can answer too." % values
    )


@question(
    "stack_d2_on_d2",
    "Can I stack a Draw Two on a Draw Two?",
    "stack_draw_two_on_draw_two",
    "base.stacking",
    "draw_card_skips_turn",
)
def _stack_d2_on_d2(o: Options) -> Reply:
    if o["stack_draw_two_on_draw_two"]:
        return YES, (
            "Answer a Draw Two with a Draw Two of your own, and the next player draws the "
            "whole total (four cards after two Draw Twos) unless they can answer too."
        )
    return NO, _you_draw(o, "two cards", "Draw Two", o["stack_draw_two_on_draw_four"])


@question(
    "stack_wd4_on_wd4",
    "Can I stack a Wild Draw Four on a Wild Draw Four?",
    "stack_draw_four_on_draw_four",
    "base.stacking",
    "wild_draw_four_rule",
)
def _stack_wd4_on_wd4(o: Options) -> Reply:
    if o["stack_draw_four_on_draw_four"]:
        return YES, _wd4_answer(o, "Wild Draw Four")
    return NO, _you_draw(o, "four cards", "Wild Draw Four", o["stack_draw_four_on_draw_two"])


@question(
    "stack_wd4_on_d2",
    "Can I stack a Wild Draw Four on a Draw Two?",
    "stack_draw_four_on_draw_two",
    "base.stacking",
    "wild_draw_four_rule",
)
def _stack_wd4_on_d2(o: Options) -> Reply:
    if o["stack_draw_four_on_draw_two"]:
        return YES, _wd4_answer(o, "Draw Two")
    bigger = o["stack_draw_two_on_draw_two"] or o["stack_draw_two_on_draw_four"]
    return NO, _you_draw(o, "two cards", "Draw Two", bigger)


@question(
    "stack_d2_on_wd4",
    "Can I stack a Draw Two on a Wild Draw Four?",
    "stack_draw_two_on_draw_four",
    "base.stacking",
)
def _stack_d2_on_wd4(o: Options) -> Reply:
    if o["stack_draw_two_on_draw_four"]:
        return YES, (
            "Answer with a Draw Two of the colour just named, and the next player draws the "
            "whole total (six cards) unless they can answer too."
        )
    bigger = o["stack_draw_four_on_draw_four"] or o["stack_draw_four_on_draw_two"]
    return NO, _you_draw(o, "four cards", "Wild Draw Four", bigger)


@question(
    "stack_two_cards",
    "Can I answer a stack with two draw cards at once?",
    "base.stacking",
    asked=any_stacking,
)
def _stack_two_cards(o: Options) -> Reply:
    return NO, "Each player answers with one draw card at most; the next player may answer in turn."


@question(
    "play_after_drawing_penalty",
    "Can I still play after drawing for a Draw Two or Wild Draw Four?",
    "draw_card_skips_turn",
)
def _play_after_drawing(o: Options) -> Reply:
    if o["draw_card_skips_turn"]:
        return NO, "You draw and miss your turn."
    return YES, "You draw, then take your turn as usual."


def _if_caught(o: Options) -> str:
    """How a Wild Draw Four rule is enforced, as the end of a sentence."""
    if not o["wild_draw_four_challenge"]:
        return " (nobody may challenge it, so it is on your honour)"
    if o["challenge_guilty_draw"] == 0:
        return "; if you are challenged and caught, you draw nothing"
    return "; if you are challenged and caught, you draw %(cards)s" % {
        "cards": _cards(o["challenge_guilty_draw"])
    }


@question(
    "wd4_holding_colour",
    "Can I play a Wild Draw Four while I hold a card of the current colour?",
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
)
def _wd4_holding_colour(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule == "no_matching_color":
        return NO, "Only when you hold no card of the current colour%s." % _if_caught(o)
    if rule == "no_playable_card":
        return NO, "Only when you hold no other card you could play%s." % _if_caught(o)
    return YES, "A Wild Draw Four may be played at any time here."


@question(
    "wd4_other_playable",
    "Can I play a Wild Draw Four when I could play another card?",
    "wild_draw_four_rule",
    "wild_draw_four_challenge",
)
def _wd4_other_playable(o: Options) -> Reply:
    rule = o["wild_draw_four_rule"]
    if rule == "no_matching_color":
        return YES, (
            "As long as none of your cards is of the current colour: a card that matches "
            "only by number or symbol doesn't stop you."
        )
    if rule == "no_playable_card":
        return NO, "Only when you hold no other card you could play%s." % _if_caught(o)
    return YES, "A Wild Draw Four may be played at any time here."


@question(
    "wd4_challenge",
    "Can I challenge a Wild Draw Four played on me?",
    "wild_draw_four_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    "base.stack_challenge",
)
def _wd4_challenge(o: Options) -> Reply:
    if not o["wild_draw_four_challenge"]:
        return NO, "Nobody may challenge a Wild Draw Four here."
    values = {
        "guilty": _cards(o["challenge_guilty_draw"]),
        "wrong": _cards(o["challenge_wrong_draw"]),
    }
    stack = wild_draw_four_stacks(o)
    if o["wild_draw_four_rule"] == "anytime":
        if stack:
            return YES, (
                "You may, but a Wild Draw Four is always allowed here, so the challenge fails "
                "and you draw the whole total, with %(wrong)s counted instead of the last Wild "
                "Draw Four's four." % values
            )
        return YES, (
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails and "
            "you draw %(wrong)s in all." % values
        )
    if stack:
        return YES, (
            "Before you draw, the player of the last Wild Draw Four shows you their hand: if "
            "they broke the rule they draw %(guilty)s and you draw the rest of the total, and "
            "if not you draw the whole total with %(wrong)s counted instead of their four." % values
        )
    return YES, (
        "Before you draw, its player shows you their hand: if they broke the rule they draw "
        "%(guilty)s and you draw nothing, and if not you draw %(wrong)s in all." % values
    )


@question(
    "wd4_after_challenge",
    "Who plays after a Wild Draw Four challenge, and in which colour?",
    "wild_draw_four_challenge",
    "draw_card_skips_turn",
    asked=_challenges,
)
def _wd4_after_challenge(o: Options) -> Reply:
    skips = o["draw_card_skips_turn"]
    if o["wild_draw_four_rule"] == "anytime":
        if skips:
            return PLAIN, (
                "The colour named stands, and as a challenge always fails here, the "
                "challenger draws and misses their turn."
            )
        return PLAIN, (
            "The colour named stands, and as a challenge always fails here, the challenger "
            "draws, then takes their turn."
        )
    if not skips:
        return PLAIN, (
            "The colour named stands either way, and the challenger takes their turn once "
            "they have drawn what they must."
        )
    if wild_draw_four_stacks(o):
        return PLAIN, (
            "The colour named stands either way: if the challenge succeeds the challenger "
            "takes their turn unless they drew the rest of a stack, and if it fails they "
            "miss their turn."
        )
    return PLAIN, (
        "The colour named stands either way: if the challenge succeeds the challenger takes "
        "their turn, and if it fails they miss it and the next player plays."
    )


@question(
    "wd4_stack_challenge",
    "Can I challenge a Wild Draw Four inside a stack?",
    "base.stack_challenge",
    "challenge_guilty_draw",
    "challenge_wrong_draw",
    asked=lambda o: _challenges(o) and wild_draw_four_stacks(o),
)
def _wd4_stack_challenge(o: Options) -> Reply:
    values = {
        "guilty": _cards(o["challenge_guilty_draw"]),
        "fail": _cards(2 + o["challenge_wrong_draw"]),
    }
    if o["wild_draw_four_rule"] == "anytime":
        return YES, (
            "You may, but a Wild Draw Four is always allowed here, so the challenge fails: "
            "facing a Draw Two and a Wild Draw Four (six cards), you draw %(fail)s." % values
        )
    return YES, (
        "Only the last Wild Draw Four: facing a Draw Two and a Wild Draw Four (six cards), if "
        "it was played against the rule its player draws %(guilty)s and you draw two, and if "
        "not you draw %(fail)s." % values
    )


@question("uno_forget", "What if I forget to call UNO?", "uno_penalty")
def _uno_forget(o: Options) -> Reply:
    penalty = o["uno_penalty"]
    if not penalty:
        return PLAIN, "Nothing: this house has no penalty for forgetting to call UNO."
    return PLAIN, (
        "If another player catches you before the next player begins their turn, you draw "
        "%(cards)s; once that turn has begun, you are safe." % {"cards": _cards(penalty)}
    )


@question("uno_when", "When do I call UNO?", "uno_penalty")
def _uno_when(o: Options) -> Reply:
    return PLAIN, "As you play your second-to-last card; calling it just before is fine."


@question(
    "uno_after_swap",
    "Who calls UNO after hands are swapped or passed on?",
    "seven_swap",
    "zero_rotate",
    "uno_penalty",
    asked=lambda o: o["seven_swap"] or o["zero_rotate"],
)
def _uno_after_swap(o: Options) -> Reply:
    penalty = o["uno_penalty"]
    if not penalty:
        return PLAIN, (
            "Whoever is left holding one card calls \u201cUNO!\u201d at once, though this "
            "house has no penalty for forgetting."
        )
    return PLAIN, (
        "Whoever is left holding one card must call \u201cUNO!\u201d at once, or draw "
        "%(cards)s if caught before the next player begins their turn." % {"cards": _cards(penalty)}
    )


@question(
    "go_out_action",
    "Can I go out on a Skip, Reverse or Draw Two?",
    "last_card",
    "base.going_out_action",
)
def _go_out_action(o: Options) -> Reply:
    if o["last_card"] == "no_action_or_wild":
        return NO, "Your last card must be a number card."
    if uses_points(o):
        return YES, (
            "Its effect still applies: after a Draw Two the next player draws two, and those "
            "cards count for scoring."
        )
    return YES, "Its effect still applies: after a Draw Two the next player still draws two."


@question(
    "go_out_wild",
    "Can I go out on a Wild or a Wild Draw Four?",
    "last_card",
    "base.going_out_action",
)
def _go_out_wild(o: Options) -> Reply:
    last = o["last_card"]
    if last == "no_wild":
        return NO, "Your last card may not be a Wild or a Wild Draw Four."
    if last == "no_action_or_wild":
        return NO, "Your last card must be a number card."
    if uses_points(o):
        return YES, (
            "After a Wild Draw Four the next player still draws four, and those cards count "
            "for scoring."
        )
    return YES, "After a Wild Draw Four the next player still draws four."


@question(
    "last_card_blocked",
    "What if my only card is one I may not go out on?",
    "last_card",
    "draw_rule",
    asked=lambda o: o["last_card"] != "any",
)
def _last_card_blocked(o: Options) -> Reply:
    if o["draw_rule"] == "draw_until_playable":
        return PLAIN, (
            "You may not play it: like a player who cannot play, keep drawing until you draw "
            "a card that can be played."
        )
    return PLAIN, (
        "You may not play it: like a player who cannot play, draw one card, and play that "
        "card if the rules for a drawn card let you."
    )


@question("go_out_seven", "Can I go out on a 7?", "seven_swap", asked=lambda o: o["seven_swap"])
def _go_out_seven(o: Options) -> Reply:
    return YES, "If the 7 is your last card you have gone out, and nobody swaps hands."


@question("go_out_zero", "Can I go out on a 0?", "zero_rotate", asked=lambda o: o["zero_rotate"])
def _go_out_zero(o: Options) -> Reply:
    return YES, "If the 0 is your last card you have gone out, and no hands move."


@question("draw_instead", "Can I draw when I could play?", "may_draw_instead_of_playing")
def _draw_instead(o: Options) -> Reply:
    if o["may_draw_instead_of_playing"]:
        return YES, "You may draw instead of playing, even with a card you could play."
    return NO, "If you can play, you must; you may only draw when you hold no card you can play."


@question("play_drawn", "Can I play the card I just drew?", "drawn_card", "draw_rule")
def _play_drawn(o: Options) -> Reply:
    until = o["draw_rule"] == "draw_until_playable"
    drawn = o["drawn_card"]
    if drawn == "keep":
        if until:
            return NO, (
                "You keep drawing until a card can be played, then it goes into your hand "
                "and your turn ends."
            )
        return NO, "The card you draw goes into your hand and your turn ends."
    if drawn == "must_play":
        if until:
            return (
                YES,
                "You must: you keep drawing until a card can be played, then play it at once.",
            )
        return YES, "If it can be played you must play it at once; if not, your turn ends."
    if until:
        return YES, "You keep drawing until a card can be played, and you may play it at once."
    return YES, "If it can be played you may play it at once; if not, your turn ends."


@question("draw_until", "Do I keep drawing until I can play?", "draw_rule")
def _draw_until(o: Options) -> Reply:
    if o["draw_rule"] == "draw_until_playable":
        return YES, "Keep drawing until you draw a card that can be played."
    return NO, "Draw one card only."


@question("draw_pile_empty", "What happens when the draw pile runs out?", "base.reshuffle")
def _draw_pile_empty(o: Options) -> Reply:
    return PLAIN, (
        "Shuffle the discard pile, except its top card, to make a new draw pile, and play on."
    )


@question(
    "several_cards",
    "Can I play several cards of the same number at once?",
    "multiple_same_number",
)
def _several_cards(o: Options) -> Reply:
    if o["multiple_same_number"]:
        return YES, "Play them together in one turn; the first must be playable as usual."
    return NO, "You play one card per turn."


@question("jump_in", "Can I play out of turn?", "jump_in")
def _jump_in(o: Options) -> Reply:
    if o["jump_in"]:
        return YES, (
            "With the exact same card as the top card (same colour and number or symbol) you "
            "may jump in, and play continues from you."
        )
    return NO, "You only play on your own turn: no jumping in."


@question(
    "jump_in_draw",
    "Can I jump in on a Draw Two aimed at someone else?",
    "jump_in",
    asked=lambda o: o["jump_in"],
)
def _jump_in_draw(o: Options) -> Reply:
    return YES, (
        "With an exact copy of it: only your card counts, so the player it was aimed at draws "
        "nothing and the player after you draws for your Draw Two."
    )


@question(
    "jump_in_wd4",
    "What counts as an exact copy of a Wild Draw Four?",
    "jump_in",
    "wild_draw_four_rule",
    asked=lambda o: o["jump_in"],
)
def _jump_in_wd4(o: Options) -> Reply:
    return PLAIN, (
        "Any other Wild Draw Four, whatever colour was named; you still need the Wild Draw "
        "Four rule's permission to play it, and you name the colour."
    )


@question("jump_in_next", "Who plays after a jump-in?", "jump_in", asked=lambda o: o["jump_in"])
def _jump_in_next(o: Options) -> Reply:
    return PLAIN, (
        "Play continues from the player who jumped in, as if it were their turn: the players "
        "in between miss their turn."
    )


@question("wild_any_time", "Can I play a Wild when I could play another card?", "base.wild")
def _wild_any_time(o: Options) -> Reply:
    return YES, "A Wild may be played on any card on your turn, and you choose the colour."


@question("sevens", "Does playing a 7 swap hands?", "seven_swap")
def _sevens(o: Options) -> Reply:
    if o["seven_swap"]:
        return YES, "When you play a 7, you swap hands with any other player you choose."
    return NO, "A 7 is an ordinary number card."


@question("zeros", "Does playing a 0 pass the hands round?", "zero_rotate")
def _zeros(o: Options) -> Reply:
    if o["zero_rotate"]:
        return YES, "Every player passes their hand to the next player in the direction of play."
    return NO, "A 0 is an ordinary number card."


@question(
    "two_player_reverse",
    "With two players, does a Reverse work like a Skip?",
    "two_player_reverse_skips",
    asked=_alone,
)
def _two_player_reverse(o: Options) -> Reply:
    if o["two_player_reverse_skips"]:
        return YES, "The other player misses their turn, so you play again."
    return NO, "It only changes direction, so the other player plays next."


@question(
    "two_player_skip",
    "With two players, who plays after my Skip, Draw Two or Wild Draw Four?",
    "base.two_players",
    "draw_card_skips_turn",
    asked=_alone,
)
def _two_player_skip(o: Options) -> Reply:
    if o["draw_card_skips_turn"]:
        return PLAIN, (
            "You do: after a Skip the other player misses their turn, and after a draw card "
            "they draw and it is your turn again."
        )
    return PLAIN, (
        "After a Skip you play again; after a Draw Two or Wild Draw Four the other player "
        "draws, then takes their turn."
    )


@question(
    "who_deals",
    "Who deals and who plays first?",
    "dealer_selection",
    "direction",
    "first_card_action",
)
def _who_deals(o: Options) -> Reply:
    highest = o["dealer_selection"] == "highest_card"
    left = o["direction"] == "clockwise"
    apply = o["first_card_action"] == "apply"
    dealer = (
        "Everyone draws a card and the highest number deals first"
        if highest
        else "The first dealer is chosen at random"
    )
    if left and apply:
        rest = (
            "the player to the dealer's left plays first unless the first card turned up says "
            "otherwise, play goes to the left, and the deal passes one seat to the left each "
            "round"
        )
    elif left:
        rest = (
            "the player to the dealer's left plays first, play goes to the left, and the deal "
            "passes one seat to the left each round"
        )
    elif apply:
        rest = (
            "the player to the dealer's right plays first unless the first card turned up "
            "says otherwise, play goes to the right, and the deal passes one seat to the "
            "right each round"
        )
    else:
        rest = (
            "the player to the dealer's right plays first, play goes to the right, and the "
            "deal passes one seat to the right each round"
        )
    return PLAIN, "%(dealer)s; %(rest)s." % {"dealer": dealer, "rest": rest}


@question("hand_size", "How many cards does each player start with?", "hand_size")
def _hand_size(o: Options) -> Reply:
    n = o["hand_size"]
    return PLAIN, ngettext("%(n)s card each.", "%(n)s cards each.", n) % {"n": n}


@question("first_card_wild", "What does a Wild turned up first mean?", "first_card_wild")
def _first_card_wild(o: Options) -> Reply:
    if o["first_card_wild"] == "redraw":
        return PLAIN, "Nothing: it is buried in the deck and another card is turned up."
    return PLAIN, "The first player chooses the colour, then takes their turn."


@question(
    "first_card_action",
    "What if the first card turned up is a Skip, Reverse or Draw Two?",
    "first_card_action",
    "draw_card_skips_turn",
)
def _first_card_action(o: Options) -> Reply:
    if o["first_card_action"] == "redraw":
        return PLAIN, "It is buried in the deck and another card is turned up."
    values = {"side": "right" if o["direction"] == "clockwise" else "left"}
    if o["draw_card_skips_turn"]:
        return PLAIN, (
            "It works on the first player: a Skip makes them miss their turn, a Draw Two "
            "makes them draw two cards and miss their turn, and a Reverse makes the dealer "
            "play first, to the %(side)s." % values
        )
    return PLAIN, (
        "It works on the first player: a Skip makes them miss their turn, a Draw Two makes "
        "them draw two cards before they take their turn, and a Reverse makes the dealer "
        "play first, to the %(side)s." % values
    )


@question("teams", "Do we play in teams?", "teams")
def _teams(o: Options) -> Reply:
    if o["teams"] == "pairs":
        return YES, (
            "In pairs, partners sitting opposite; a pair wins the round when either partner "
            "goes out."
        )
    return NO, "Everyone plays for themselves."


@question(
    "card_points",
    "How many points does each card score?",
    "base.number_points",
    "points_action",
    "points_wild",
    "scoring",
)
def _card_points(o: Options) -> Reply:
    if not uses_points(o):
        return PLAIN, "None: this house counts rounds won, not points."
    return PLAIN, (
        "Number cards score their face value, each Skip, Reverse and Draw Two %(action)s, and "
        "each Wild and Wild Draw Four %(wild)s."
        % {"action": _points(o["points_action"]), "wild": _points(o["points_wild"])}
    )


@question(
    "who_scores",
    "Who scores at the end of a round?",
    "scoring",
    "teams",
    "team_scores_partner_hand",
)
def _who_scores(o: Options) -> Reply:
    scoring, pairs = o["scoring"], o["teams"] == "pairs"
    if scoring == "winner_takes_points" and pairs:
        if o["team_scores_partner_hand"]:
            return PLAIN, (
                "The pair of the player who went out scores every card left in the other "
                "pairs' hands and the partner's hand."
            )
        return PLAIN, (
            "The pair of the player who went out scores every card left in the other pairs' hands."
        )
    if scoring == "winner_takes_points":
        return PLAIN, "The player who went out scores every card left in the other players' hands."
    if scoring == "lowest_total_wins" and pairs:
        return PLAIN, (
            "Each pair scores the cards left in both partners' hands, and the partner who "
            "went out has none."
        )
    if scoring == "lowest_total_wins":
        return PLAIN, (
            "Everyone scores the cards left in their own hand, and the player who went out "
            "scores nothing."
        )
    if pairs:
        return PLAIN, "Nobody scores points: the pair of the player who went out wins the round."
    return PLAIN, "Nobody scores points: the player who went out wins the round."


@question(
    "partner_hand",
    "Does my partner's hand count for our score?",
    "team_scores_partner_hand",
    asked=opts.BY_KEY["team_scores_partner_hand"].is_relevant,
)
def _partner_hand(o: Options) -> Reply:
    if o["team_scores_partner_hand"]:
        return YES, "The winning pair also scores the cards left in the partner's hand."
    return NO, "The winning pair scores only the other pairs' hands."


@question("game_end", "When does the game end?", "scoring", "target_score", "rounds_to_win")
def _game_end(o: Options) -> Reply:
    scoring = o["scoring"]
    if scoring == "round_wins":
        n = o["rounds_to_win"]
        return PLAIN, ngettext(
            "When someone has won %(n)s round: they win.",
            "When someone has won %(n)s rounds: they win.",
            n,
        ) % {"n": n}
    values = {"target": _points(o["target_score"])}
    if scoring == "lowest_total_wins":
        return PLAIN, (
            "When any total reaches %(target)s: the lowest total wins, and equal lowest "
            "totals share the win." % values
        )
    return PLAIN, "As soon as a total reaches %(target)s: whoever reaches it wins." % values


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
        result.append(Answer(q.id, q.question, *reply, official.get(q.id) != reply, q.rules, links))
    return result


def card_values(options: Options) -> list[CardValue]:
    """What each card left in a hand scores, with the official value beside a house value."""
    values = []
    for cards, key in (
        (("Skip", "Reverse", "Draw Two"), "points_action"),
        (("Wild", "Wild Draw Four"), "points_wild"),
    ):
        option = opts.BY_KEY[key]
        value = options[key]
        house = value != option.official
        for card in cards:
            values.append(
                CardValue(card, _points(value), house, _points(option.official) if house else "")
            )
    return [CardValue("0 to 9", "face value"), *values]


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
