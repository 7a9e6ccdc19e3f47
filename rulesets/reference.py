"""The rule reference of a rule set: what the table companion page shows.

Plain functions of an options mapping (no request, no database): the catalogue's fixed
base rules and one text per option value, in the order a player needs them; which rules
the house plays differently from official; "Can I ...?" answers; the card values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulesets import options as opts
from rulesets.options import Option

# The catalogue's fixed base rules, briefly, each with an id the tests refer to.
BASE: dict[str, str] = {
    "base.players": "Two to ten players can play.",
    "base.deck": "The deck has 108 cards. Each colour (red, yellow, green and blue) has one 0, "
    "two each of 1 to 9, two Skips, two Reverses and two Draw Twos; on top of those come "
    "4 Wilds and 4 Wild Draw Fours.",
    "base.piles": "Put the rest of the deck face down as the draw pile, and turn its top card "
    "over to start the discard pile.",
    "base.first_card_wd4": "A Wild Draw Four turned up first always goes back into the deck, "
    "and another card is turned up.",
    "base.match": "On your turn, play a card that matches the top card of the discard pile by "
    "colour, number or symbol (a Skip on a Skip, say), or play a Wild or a Wild Draw Four.",
    "base.next_player": "Once you have played or drawn, the turn passes to the next player in "
    "the direction of play.",
    "base.reshuffle": "When the draw pile runs out, shuffle the discard pile, except its top "
    "card, to make a new draw pile.",
    "base.skip": "Skip: the next player misses their turn.",
    "base.reverse": "Reverse: the direction of play changes.",
    "base.draw_two": "Draw Two: the next player draws two cards.",
    "base.wild": "Wild: you choose the colour to play next (keeping the current colour is "
    "fine). You may play a Wild on any card, even when you could play another card.",
    "base.wild_draw_four": "Wild Draw Four: you choose the colour to play next, and the next "
    "player draws four cards.",
    "base.going_out": "The first player to get rid of all their cards wins the round.",
    "base.going_out_action": "If you go out with an action card, its effect still applies: "
    "after a draw card the next player draws, and those cards count for scoring.",
    "base.number_points": "A number card left in a hand scores its face value (0 to 9 points).",
}

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

POINT_KEYS = ("points_action", "points_wild")
# Card names keep their capital letter inside a sentence.
_PROPER_WORDS = {"UNO", "Wild", "Draw", "Reverse", "Skip"}


@dataclass(frozen=True)
class Rule:
    id: str  # a BASE id, or an option key
    text: str
    option: Option | None = None
    value: Any = None
    official_text: str = ""  # the official rule, when this one is a house rule

    @property
    def is_house(self) -> bool:
        return bool(self.official_text)

    @property
    def label(self) -> str:
        return self.option.label if self.option else ""


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


def uses_points(options: Mapping[str, Any]) -> bool:
    return options["scoring"] != "round_wins"


def is_shown(option: Option, options: Mapping[str, Any]) -> bool:
    """Whether an option means something with the other choices, so the reference shows it."""
    if option.key in POINT_KEYS and not uses_points(options):
        return False
    return option.is_relevant(options)


def _base_shown(rule_id: str, options: Mapping[str, Any]) -> bool:
    if rule_id == "base.going_out_action":
        return options["last_card"] != "no_action_or_wild"
    if rule_id == "base.number_points":
        return uses_points(options)
    return True


def _rule(item: str, options: Mapping[str, Any]) -> Rule | None:
    if item in BASE:
        return Rule(item, BASE[item]) if _base_shown(item, options) else None
    option = opts.BY_KEY[item]
    if not is_shown(option, options):
        return None
    value = options[item]
    official = "" if value == option.official else option.text(option.official)
    return Rule(item, option.text(value), option, value, official)


def sections(options: Mapping[str, Any]) -> list[Section]:
    result = []
    for key, title, items in SECTIONS:
        rules = [r for r in (_rule(item, options) for item in items) if r is not None]
        result.append(Section(key, title, rules))
    return result


def _in_sentence(label: str) -> str:
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
    return f"This house plays {n} rule{'' if n == 1 else 's'} differently: {listed}."


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _raw_answers(o: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """(id, question, verdict, sentence) for these options, in the order a table asks."""
    yes, no, plain = "Yes", "No", ""
    misses = o["draw_card_skips_turn"]
    then = " and miss your turn" if misses else ", then take your turn"
    left = "left" if o["direction"] == "clockwise" else "right"
    other_side = "right" if left == "left" else "left"
    pts = uses_points(o)
    counts = ", and those cards count for scoring" if pts else ""
    challenge = o["wild_draw_four_challenge"]
    wd4 = o["wild_draw_four_rule"]
    caught = (
        f"; if you are challenged and caught, you draw {_cards(o['challenge_guilty_draw'])}"
        if challenge
        else " (nobody may challenge it, so it is on your honour)"
    )
    out: list[tuple[str, str, str, str]] = []

    def add(answer_id: str, question: str, verdict: str, text: str) -> None:
        out.append((answer_id, question, verdict, text))

    def stack(answer_id: str, top: str, answer: str, key: str, drawn: str, total: str) -> None:
        question = f"Can I stack a {answer} on a {top}?"
        if o[key]:
            text = (
                f"Answer a {top} with a {answer}, and the next player draws the total "
                f"({total}) unless they can answer too."
            )
            add(answer_id, question, yes, text)
        else:
            add(answer_id, question, no, f"You draw {drawn}{then}.")

    # Draw cards and stacking
    stack(
        "stack_d2_on_d2",
        "Draw Two",
        "Draw Two",
        "stack_draw_two_on_draw_two",
        "two cards",
        "four cards, then six",
    )
    stack(
        "stack_wd4_on_wd4",
        "Wild Draw Four",
        "Wild Draw Four",
        "stack_draw_four_on_draw_four",
        "four cards",
        "eight cards",
    )
    stack(
        "stack_wd4_on_d2",
        "Draw Two",
        "Wild Draw Four",
        "stack_draw_four_on_draw_two",
        "two cards",
        "six cards",
    )
    stack(
        "stack_d2_on_wd4",
        "Wild Draw Four",
        "Draw Two",
        "stack_draw_two_on_draw_four",
        "four cards",
        "six cards",
    )
    add(
        "play_after_drawing_penalty",
        "Can I still play after drawing for a Draw Two or Wild Draw Four?",
        no if misses else yes,
        "You draw and miss your turn." if misses else "You draw, then take your turn as usual.",
    )

    # Wild Draw Four
    q = "Can I play a Wild Draw Four while I hold a card of the current colour?"
    if wd4 == "no_matching_color":
        add(
            "wd4_holding_colour",
            q,
            no,
            f"Only when you hold no card of the current colour{caught}.",
        )
    elif wd4 == "no_playable_card":
        add(
            "wd4_holding_colour", q, no, f"Only when you hold no other card you could play{caught}."
        )
    else:
        add("wd4_holding_colour", q, yes, "A Wild Draw Four may be played at any time here.")
    q = "Can I play a Wild Draw Four when I could play another card?"
    if wd4 == "no_matching_color":
        text = (
            "As long as none of your cards is of the current colour: a card that matches "
            "only by number or symbol doesn't stop you."
        )
        add("wd4_other_playable", q, yes, text)
    elif wd4 == "no_playable_card":
        add(
            "wd4_other_playable", q, no, f"Only when you hold no other card you could play{caught}."
        )
    else:
        add("wd4_other_playable", q, yes, "A Wild Draw Four may be played at any time here.")
    q = "Can I challenge a Wild Draw Four played on me?"
    wrong = _cards(o["challenge_wrong_draw"])
    if not challenge:
        add("wd4_challenge", q, no, "Nobody may challenge a Wild Draw Four here.")
    elif wd4 == "anytime":
        text = (
            f"You may, but a Wild Draw Four is always allowed here, so the challenge fails "
            f"and you draw {wrong} in all."
        )
        add("wd4_challenge", q, yes, text)
    else:
        text = (
            f"Its player shows you their hand: if they broke the rule they draw "
            f"{_cards(o['challenge_guilty_draw'])}, and if not you draw {wrong} in all."
        )
        add("wd4_challenge", q, yes, text)

    # Calling UNO
    penalty = o["uno_penalty"]
    if penalty:
        text = (
            f"If another player catches you before the next player begins their turn, you "
            f"draw {_cards(penalty)}; once that turn has begun, you are safe."
        )
    else:
        text = "Nothing: this house has no penalty for forgetting to call UNO."
    add("uno_forget", "What if I forget to call UNO?", plain, text)
    add(
        "uno_when",
        "When do I call UNO?",
        plain,
        "As you play your second-to-last card; calling it just before is fine.",
    )

    # Going out
    last = o["last_card"]
    q = "Can I go out on a Skip, Reverse or Draw Two?"
    if last == "no_action_or_wild":
        add("go_out_action", q, no, "Your last card must be a number card.")
    else:
        add(
            "go_out_action",
            q,
            yes,
            f"Its effect still applies: after a Draw Two the next player draws two{counts}.",
        )
    q = "Can I go out on a Wild or a Wild Draw Four?"
    if last == "any":
        add(
            "go_out_wild",
            q,
            yes,
            f"After a Wild Draw Four the next player still draws four{counts}.",
        )
    elif last == "no_wild":
        add("go_out_wild", q, no, "Your last card may not be a Wild or a Wild Draw Four.")
    else:
        add("go_out_wild", q, no, "Your last card must be a number card.")

    # A turn
    q = "Can I draw when I could play?"
    if o["may_draw_instead_of_playing"]:
        add(
            "draw_instead",
            q,
            yes,
            "You may draw instead of playing, even with a card you could play.",
        )
    else:
        add(
            "draw_instead",
            q,
            no,
            "If you can play, you must; you may only draw when you hold no card you can play.",
        )
    until = o["draw_rule"] == "draw_until_playable"
    q = "Can I play the card I just drew?"
    drawn = o["drawn_card"]
    if drawn == "keep":
        add("play_drawn", q, no, "The card you draw goes into your hand and your turn ends.")
    elif drawn == "must_play":
        text = (
            "You must: you keep drawing until a card can be played, then play it at once."
            if until
            else "If it can be played you must play it at once; if not, your turn ends."
        )
        add("play_drawn", q, yes, text)
    else:
        text = (
            "You keep drawing until a card can be played, and you may play it at once."
            if until
            else "If it can be played you may play it at once; if not, your turn ends."
        )
        add("play_drawn", q, yes, text)
    q = "Do I keep drawing until I can play?"
    if until:
        add("draw_until", q, yes, "Keep drawing until you draw a card that can be played.")
    else:
        add("draw_until", q, no, "Draw one card only.")
    add(
        "draw_pile_empty",
        "What happens when the draw pile runs out?",
        plain,
        "Shuffle the discard pile, except its top card, to make a new draw pile, and play on.",
    )
    q = "Can I play several cards of the same number at once?"
    if o["multiple_same_number"]:
        add(
            "several_cards",
            q,
            yes,
            "Play them together in one turn; the first must be playable as usual.",
        )
    else:
        add("several_cards", q, no, "You play one card per turn.")
    q = "Can I play out of turn?"
    if o["jump_in"]:
        add(
            "jump_in",
            q,
            yes,
            "With the exact same card as the top card (same colour and "
            "number or symbol) you may jump in, and play continues from you.",
        )
    else:
        add("jump_in", q, no, "You only play on your own turn: no jumping in.")
    add(
        "wild_any_time",
        "Can I play a Wild when I could play another card?",
        yes,
        "A Wild may be played on any card on your turn, and you choose the colour.",
    )

    # Action cards
    q = "Does playing a 7 swap hands?"
    if o["seven_swap"]:
        add("sevens", q, yes, "When you play a 7, you swap hands with any other player you choose.")
    else:
        add("sevens", q, no, "A 7 is an ordinary number card.")
    q = "Does playing a 0 pass the hands round?"
    if o["zero_rotate"]:
        add(
            "zeros",
            q,
            yes,
            "Every player passes their hand to the next player in the direction of play.",
        )
    else:
        add("zeros", q, no, "A 0 is an ordinary number card.")
    q = "With two players, does a Reverse work like a Skip?"
    if o["two_player_reverse_skips"]:
        add("two_player_reverse", q, yes, "The other player misses their turn, so you play again.")
    else:
        add(
            "two_player_reverse",
            q,
            no,
            "It only changes direction, so the other player plays next.",
        )

    # Setup
    dealer = (
        "Everyone draws a card and the highest number deals first"
        if o["dealer_selection"] == "highest_card"
        else "The first dealer is chosen at random"
    )
    add(
        "who_deals",
        "Who deals and who plays first?",
        plain,
        f"{dealer}; the player to the dealer's {left} plays first, play goes to the {left}, "
        f"and the deal passes one seat to the {left} each round.",
    )
    add(
        "hand_size",
        "How many cards does each player start with?",
        plain,
        f"{_cards(o['hand_size']).capitalize()} each.",
    )
    q = "What does a Wild turned up first mean?"
    if o["first_card_wild"] == "redraw":
        text = "Nothing: it is buried in the deck and another card is turned up."
    else:
        text = "The first player chooses the colour, then takes their turn."
    add("first_card_wild", q, plain, text)
    q = "What if the first card turned up is a Skip, Reverse or Draw Two?"
    if o["first_card_action"] == "apply":
        draw_two = "draw two cards and miss their turn" if misses else "draw two cards first"
        text = (
            f"It works on the first player: a Skip makes them miss their turn, a Draw Two "
            f"makes them {draw_two}, and a Reverse makes the dealer play first, to the "
            f"{other_side}."
        )
    else:
        text = "It is buried in the deck and another card is turned up."
    add("first_card_action", q, plain, text)
    q = "Do we play in teams?"
    if o["teams"] == "pairs":
        add(
            "teams",
            q,
            yes,
            "In pairs, partners sitting opposite; a pair wins the round "
            "when either partner goes out.",
        )
    else:
        add("teams", q, no, "Everyone plays for themselves.")

    # Scoring
    points = (
        f"Number cards score their face value, each Skip, Reverse and Draw Two "
        f"{_points(o['points_action'])}, and each Wild and Wild Draw Four "
        f"{_points(o['points_wild'])}."
    )
    add(
        "card_points",
        "How many points does each card score?",
        plain,
        points if pts else "None: this house counts rounds won, not points.",
    )
    pairs = o["teams"] == "pairs"
    scoring = o["scoring"]
    q = "Who scores at the end of a round?"
    if scoring == "winner_takes_points" and pairs:
        partner = " and the partner's hand" if o["team_scores_partner_hand"] else ""
        text = (
            f"The pair of the player who went out scores every card left in the other "
            f"pairs' hands{partner}."
        )
    elif scoring == "winner_takes_points":
        text = "The player who went out scores every card left in the other players' hands."
    elif scoring == "lowest_total_wins":
        text = (
            "Everyone scores the cards left in their own hand, and the player who went out "
            "scores nothing."
        )
    else:
        text = "Nobody scores points: the player who went out wins the round."
    add("who_scores", q, plain, text)
    if pairs and opts.BY_KEY["team_scores_partner_hand"].is_relevant(o) and pts:
        q = "Does my partner's hand count for our score?"
        if o["team_scores_partner_hand"]:
            add(
                "partner_hand",
                q,
                yes,
                "The winning pair also scores the cards left in the partner's hand.",
            )
        else:
            add("partner_hand", q, no, "The winning pair scores only the other pairs' hands.")
    q = "When does the game end?"
    target = _points(o["target_score"])
    if scoring == "winner_takes_points":
        text = f"As soon as a total reaches {target}: whoever reaches it wins."
    elif scoring == "lowest_total_wins":
        text = (
            f"When any total reaches {target}: the lowest total wins, and equal lowest "
            f"totals share the win."
        )
    else:
        rounds = o["rounds_to_win"]
        text = f"When someone has won {rounds} round{'' if rounds == 1 else 's'}: they win."
    add("game_end", q, plain, text)
    return out


def answers(options: Mapping[str, Any]) -> list[Answer]:
    """The "Can I ...?" answers, each marked when it differs from the official answer."""
    official = {a[0]: a[2:] for a in _raw_answers(opts.official())}
    return [
        Answer(answer_id, question, verdict, text, official.get(answer_id) != (verdict, text))
        for answer_id, question, verdict, text in _raw_answers(options)
    ]


def card_values(options: Mapping[str, Any]) -> list[CardValue]:
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


def build(options: Mapping[str, Any]) -> Reference:
    """The whole reference for a rule set's options."""
    secs = sections(options)
    house = [r for s in secs for r in s.rules if r.is_house]
    return Reference(
        sections=secs,
        house_rules=house,
        summary=summary(house),
        answers=answers(options),
        card_values=card_values(options),
        uses_points=uses_points(options),
        by_id={r.id: r for s in secs for r in s.rules},
    )
