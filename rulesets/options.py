"""The rule options: one definition, taken from ../shared/rules/catalogue.md.

Everything else derives from ``OPTIONS``: the form, validation, the JSON format,
the database columns and constraints, the revision diffs in words and the texts of
the table reference. The keys, allowed values and official defaults are the
catalogue's contract and must not change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import ngettext

BOOL, INT, ENUM = "bool", "int", "enum"

GROUPS = [
    ("setup", "Setup"),
    ("turns", "Turns and drawing"),
    ("stacking", "Draw cards and stacking"),
    ("wd4", "Wild Draw Four"),
    ("uno", "Calling UNO"),
    ("scoring", "Going out and scoring"),
]


Condition = tuple[str, tuple[Any, ...]]  # (other key, the values of it that give meaning)


@dataclass(frozen=True)
class Option:
    key: str
    group: str
    kind: str
    official: Any
    label: str
    help: str
    # For enums: value -> short label. For bools: True/False -> short label.
    choices: Mapping[Any, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    # Ints: the value in words, singular and plural ("%(n)s card", "%(n)s cards"), and the
    # words for 0 when a plain "0 cards" would mislead ("no cards").
    unit: tuple[str, str] = ("%(n)s", "%(n)s")
    zero_words: str = ""
    # The rule in plain words, one whole sentence (or two) per value. Ints: "one" and
    # "other" (chosen with ngettext, "%(n)s" filled in) and, when 0 needs its own words,
    # "zero". ``variants`` holds other texts for the same values, used when ``variant``
    # (a function of all the options) names one: the rule reads differently with them.
    texts: Mapping[Any, str] = field(default_factory=dict)
    variants: Mapping[str, Mapping[Any, str]] = field(default_factory=dict)
    variant: Callable[[Mapping[str, Any]], str] | None = None
    # When the option means something: every condition must hold (see ``is_relevant``).
    when: tuple[Condition, ...] = ()
    when_note: str = ""

    def values(self) -> list[Any]:
        if self.kind == BOOL:
            return [True, False]
        if self.kind == ENUM:
            return list(self.choices)
        return list(range(self.minimum, self.maximum + 1))

    def words(self, value: Any) -> str:
        """The value in plain words, as shown in forms and diffs: '4 cards', 'Allowed'."""
        if self.kind == INT:
            if value == 0 and self.zero_words:
                return self.zero_words
            return ngettext(self.unit[0], self.unit[1], value) % {"n": value}
        return self.choices[value]

    @property
    def units(self) -> str:
        """The unit in the plural, without a number: 'cards'."""
        return self.unit[1].replace("%(n)s", "").strip()

    def text(self, value: Any, options: Mapping[str, Any] | None = None) -> str:
        """The rule for this value, as a sentence for the table reference.

        With ``options`` (all of them), the text also fits the other rules (drawing until
        you can play changes what the drawn-card rule says); without, it is the text for
        the official other rules.
        """
        texts = self.texts
        if self.variant is not None:
            name = self.variant(official() if options is None else options)
            texts = self.variants.get(name, texts) if name else texts
        if self.kind == INT:
            if value == 0 and "zero" in texts:
                return texts["zero"]
            return ngettext(texts["one"], texts["other"], value) % {"n": value}
        return texts[value]

    def is_relevant(self, options: Mapping[str, Any]) -> bool:
        """Whether the option means something with the other choices (the catalogue's
        "Rules that combine"): otherwise it is stored, but never shown or counted."""
        return all(options.get(key, BY_KEY[key].official) in allowed for key, allowed in self.when)

    def difference(self, value: Any) -> str:
        """The house's value against official, in one line: 'UNO penalty: 4 cards (official: 2)'."""
        return "%(label)s: %(value)s" % {"label": self.label, "value": self.against_official(value)}

    def against_official(self, value: Any) -> str:
        """'4 cards (official: 2)': the value, then the official one in brackets."""
        if self.kind == INT:
            official_words = str(self.official)
        else:
            official_words = _without_aside(self.words(self.official))
        return "%(value)s (official: %(official)s)" % {
            "value": _without_aside(self.words(value)),
            "official": official_words[:1].lower() + official_words[1:],
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
            raise ValueError("Choose yes or no.")
        if self.kind == INT:
            if isinstance(raw, bool) or raw is None:
                raise ValueError("Enter a whole number.")
            if isinstance(raw, float) and raw.is_integer():
                raw = int(raw)
            if isinstance(raw, str):
                raw = raw.strip()
                if not (raw.lstrip("-").isdecimal() and raw.isascii()) or len(raw) > 6:
                    raise ValueError("Enter a whole number.")
                raw = int(raw)
            if not isinstance(raw, int):
                raise ValueError("Enter a whole number.")
            if not self.minimum <= raw <= self.maximum:
                raise ValueError(f"Enter a number from {self.minimum} to {self.maximum}.")
            return raw
        if isinstance(raw, str) and raw in self.choices:
            return raw
        allowed = ", ".join(self.choices)
        raise ValueError(f"Choose one of: {allowed}.")


def _without_aside(words: str) -> str:
    """'Clockwise (to the left)' -> 'Clockwise', 'Pairs: partners sit opposite' -> 'Pairs':
    a difference line has its own brackets."""
    return words.split(" (", 1)[0].split(": ", 1)[0]


def _yes_no(yes: str = "Allowed", no: str = "Not allowed") -> dict[bool, str]:
    return {True: yes, False: no}


CARD = ("%(n)s card", "%(n)s cards")
POINT = ("%(n)s point", "%(n)s points")
ROUND = ("%(n)s round", "%(n)s rounds")


def _draw_card_rules(options: Mapping[str, Any]) -> str:
    return "" if options["draw_card_skips_turn"] else "no_skip"


def wild_draw_four_stacks(options: Mapping[str, Any]) -> bool:
    """Whether a Wild Draw Four can be part of a stack (played on one, or answered)."""
    return (
        options["stack_draw_four_on_draw_four"]
        or options["stack_draw_four_on_draw_two"]
        or options["stack_draw_two_on_draw_four"]
    )


def _challenge_rules(options: Mapping[str, Any]) -> str:
    stack = "stack" if wild_draw_four_stacks(options) else ""
    skip = "" if options["draw_card_skips_turn"] else "no_skip"
    return "_".join(part for part in (stack, skip) if part)


def _scoring_rules(options: Mapping[str, Any]) -> str:
    return "pairs" if options["teams"] == "pairs" else ""


OPTIONS: list[Option] = [
    # Setup
    Option(
        "hand_size",
        "setup",
        INT,
        7,
        "Cards dealt to each player",
        "How many cards each player starts a round with.",
        minimum=5,
        maximum=10,
        unit=CARD,
        texts={
            "one": "The dealer shuffles and deals %(n)s card to each player, face down.",
            "other": "The dealer shuffles and deals %(n)s cards to each player, face down.",
        },
    ),
    Option(
        "dealer_selection",
        "setup",
        ENUM,
        "highest_card",
        "First dealer",
        "How the first dealer is chosen.",
        choices={"highest_card": "Highest card deals", "random": "Chosen at random"},
        texts={
            "highest_card": "To choose the first dealer, everyone draws a card and the "
            "highest number deals (a card without a number counts as zero).",
            "random": "The first dealer is chosen at random, so the first player is random too.",
        },
    ),
    Option(
        "direction",
        "setup",
        ENUM,
        "clockwise",
        "Direction of play",
        "Which way play goes at the start, and the deal passes each round.",
        choices={"clockwise": "Clockwise (to the left)", "counterclockwise": "Counterclockwise"},
        texts={
            "clockwise": "The player to the dealer's left plays first (unless the first card "
            "turned up says otherwise), and play goes clockwise (to the left); after each "
            "round the deal passes one seat to the left.",
            "counterclockwise": "The player to the dealer's right plays first (unless the "
            "first card turned up says otherwise), and play goes counterclockwise (to the "
            "right); after each round the deal passes one seat to the right.",
        },
        variants={
            "redraw": {
                "clockwise": "The player to the dealer's left plays first, and play goes "
                "clockwise (to the left); after each round the deal passes one seat to the "
                "left.",
                "counterclockwise": "The player to the dealer's right plays first, and play "
                "goes counterclockwise (to the right); after each round the deal passes one "
                "seat to the right.",
            }
        },
        variant=lambda o: "redraw" if o["first_card_action"] == "redraw" else "",
    ),
    Option(
        "first_card_wild",
        "setup",
        ENUM,
        "first_player_chooses",
        "A Wild turned up first",
        "What happens when the first card of the discard pile is a Wild.",
        choices={
            "redraw": "Put it back and turn another",
            "first_player_chooses": "First player picks the colour",
        },
        texts={
            "redraw": "If the first card turned up is a Wild, bury it in the deck and turn "
            "up another.",
            "first_player_chooses": "If the first card turned up is a Wild, the first player "
            "chooses the colour to play, then takes their turn.",
        },
    ),
    Option(
        "first_card_action",
        "setup",
        ENUM,
        "apply",
        "An action card turned up first",
        "A Skip, Reverse or Draw Two as the first card of the discard pile.",
        choices={"apply": "Its effect applies", "redraw": "Put it back and turn another"},
        texts={
            "apply": "If the first card turned up is a Skip, Reverse or Draw Two, it works on "
            "the first player: a Skip makes them miss their turn, a Draw Two makes them draw "
            "two cards and miss their turn, and a Reverse makes the dealer play first, with "
            "play going the other way.",
            "redraw": "If the first card turned up is a Skip, Reverse or Draw Two, put it back "
            "in the deck and turn up another.",
        },
        variants={
            "no_skip": {
                "apply": "If the first card turned up is a Skip, Reverse or Draw Two, it works "
                "on the first player: a Skip makes them miss their turn, a Draw Two makes them "
                "draw two cards before they take their turn, and a Reverse makes the dealer "
                "play first, with play going the other way.",
                "redraw": "If the first card turned up is a Skip, Reverse or Draw Two, put it "
                "back in the deck and turn up another.",
            }
        },
        variant=_draw_card_rules,
    ),
    # Turns and drawing
    Option(
        "draw_rule",
        "turns",
        ENUM,
        "draw_one",
        "Drawing when you don't play",
        "What a player draws when they cannot, or will not, play.",
        choices={"draw_one": "Draw one card", "draw_until_playable": "Draw until you can play"},
        texts={
            "draw_one": "If you don't play a card from your hand, draw one card from the "
            "draw pile.",
            "draw_until_playable": "If you don't play a card from your hand, keep drawing "
            "from the draw pile until you draw a card that can be played.",
        },
    ),
    Option(
        "drawn_card",
        "turns",
        ENUM,
        "may_play",
        "A playable card you just drew",
        "What you may do with a drawn card that can be played.",
        choices={
            "may_play": "You may play it",
            "must_play": "You must play it",
            "keep": "Keep it; your turn ends",
        },
        texts={
            "may_play": "If the card you draw can be played, you may play it at once. "
            "Otherwise it goes into your hand and your turn ends: you cannot play another "
            "card instead.",
            "must_play": "If the card you draw can be played, you must play it at once. "
            "Otherwise it goes into your hand and your turn ends.",
            "keep": "The card you draw goes into your hand and your turn ends, even if it "
            "could be played.",
        },
        variants={
            "until": {
                "may_play": "Once you draw a card that can be played, you may play it at "
                "once; if you keep it, your turn ends. The cards drawn before it go into "
                "your hand.",
                "must_play": "Once you draw a card that can be played, you must play it at "
                "once. The cards drawn before it go into your hand.",
                "keep": "Once you draw a card that can be played, it goes into your hand "
                "with the others and your turn ends, even though it could be played.",
            }
        },
        variant=lambda o: "until" if o["draw_rule"] == "draw_until_playable" else "",
    ),
    Option(
        "may_draw_instead_of_playing",
        "turns",
        BOOL,
        True,
        "Drawing when you could play",
        "May a player who holds a playable card draw instead?",
        choices=_yes_no("Allowed", "Not allowed: play if you can"),
        texts={
            True: "You may draw instead of playing, even when you hold a card you could play.",
            False: "If you can play, you must: you may only draw when you hold no card "
            "you can play.",
        },
    ),
    Option(
        "jump_in",
        "turns",
        BOOL,
        False,
        "Jump in",
        "Play an exact copy of the top card out of turn.",
        choices=_yes_no(),
        texts={
            True: "Jump in: anyone holding the exact same card as the top card (same colour "
            "and the same number or symbol; any Wild Draw Four is a copy of a Wild Draw Four, "
            "any Wild of a Wild) may play it at once, even out of turn. It counts as their "
            "turn: play continues from them, and the players in between miss their turn. "
            "Jump in on a Draw Two or a Wild Draw Four and only your card counts: the player "
            "it was aimed at draws nothing, and the player after you draws for yours.",
            False: "No jumping in: you only play on your own turn.",
        },
    ),
    Option(
        "multiple_same_number",
        "turns",
        BOOL,
        False,
        "Several cards of one number",
        "Play several cards of the same number in one turn.",
        choices=_yes_no(),
        texts={
            True: "You may play several cards of the same number together in one turn; "
            "the first must be playable as usual, and the last one laid is the new top card.",
            False: "You play one card per turn.",
        },
    ),
    Option(
        "seven_swap",
        "turns",
        BOOL,
        False,
        "Sevens swap hands",
        "Playing a 7 swaps hands with a player of your choice.",
        choices=_yes_no("Yes", "No"),
        texts={
            True: "When you play a 7, you swap hands with any other player you choose. If "
            "the 7 was your last card, you have gone out and nobody swaps. Whoever is left "
            "holding one card after a swap must call \u201cUNO!\u201d at once.",
            False: "A 7 is an ordinary number card.",
        },
    ),
    Option(
        "zero_rotate",
        "turns",
        BOOL,
        False,
        "Zeros pass hands round",
        "Playing a 0 passes every hand one seat in the direction of play.",
        choices=_yes_no("Yes", "No"),
        texts={
            True: "When someone plays a 0, every player passes their hand to the next "
            "player in the direction of play. If the 0 was their last card, they have gone "
            "out and no hands move. Whoever is left holding one card after the hands move "
            "must call \u201cUNO!\u201d at once.",
            False: "A 0 is an ordinary number card.",
        },
    ),
    Option(
        "two_player_reverse_skips",
        "turns",
        BOOL,
        True,
        "Reverse with two players",
        "With two players, Reverse works like Skip.",
        choices=_yes_no("Works like Skip", "Only changes direction"),
        texts={
            True: "With two players, a Reverse works like a Skip: the other player misses "
            "their turn, so you play again.",
            False: "With two players, a Reverse only changes direction, so the other player "
            "plays next.",
        },
        when=(("teams", ("none",)),),
        when_note="Not when playing in pairs.",
    ),
    # Draw cards and stacking
    Option(
        "stack_draw_two_on_draw_two",
        "stacking",
        BOOL,
        False,
        "Draw Two on a Draw Two",
        "A Draw Two may answer a Draw Two; the total passes on.",
        choices=_yes_no(),
        texts={
            True: "When a Draw Two is played on you, you may answer with a Draw Two of your "
            "own; the total passes to the next player, who draws it all unless they can "
            "answer too.",
            False: "A Draw Two cannot be answered with a Draw Two: you draw two.",
        },
        variants={
            "total": {
                True: "When a Draw Two is played on you, you may answer with a Draw Two of "
                "your own; the total passes to the next player, who draws it all unless they "
                "can answer too.",
                False: "A Draw Two cannot be answered with a Draw Two: you draw two, or the "
                "whole total when the Draw Two ends a stack.",
            }
        },
        variant=lambda o: "total" if o["stack_draw_two_on_draw_four"] else "",
    ),
    Option(
        "stack_draw_four_on_draw_four",
        "stacking",
        BOOL,
        False,
        "Wild Draw Four on a Wild Draw Four",
        "A Wild Draw Four may answer a Wild Draw Four.",
        choices=_yes_no(),
        texts={
            True: "When a Wild Draw Four is played on you, you may answer with a Wild Draw "
            "Four of your own, if the Wild Draw Four rule lets you play it; you name the "
            "colour, and the total passes to the next player.",
            False: "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw four.",
        },
        variants={
            "total": {
                True: "When a Wild Draw Four is played on you, you may answer with a Wild "
                "Draw Four of your own, if the Wild Draw Four rule lets you play it; you name "
                "the colour, and the total passes to the next player.",
                False: "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw "
                "four, or the whole total when the Wild Draw Four ends a stack.",
            }
        },
        variant=lambda o: "total" if o["stack_draw_four_on_draw_two"] else "",
    ),
    Option(
        "stack_draw_four_on_draw_two",
        "stacking",
        BOOL,
        False,
        "Wild Draw Four on a Draw Two",
        "A Wild Draw Four may answer a Draw Two.",
        choices=_yes_no(),
        texts={
            True: "When a Draw Two is played on you, you may answer with a Wild Draw Four, "
            "if the Wild Draw Four rule lets you play it; you name the colour, and the total "
            "passes to the next player.",
            False: "A Draw Two cannot be answered with a Wild Draw Four: you draw two.",
        },
        variants={
            "total": {
                True: "When a Draw Two is played on you, you may answer with a Wild Draw "
                "Four, if the Wild Draw Four rule lets you play it; you name the colour, and "
                "the total passes to the next player.",
                False: "A Draw Two cannot be answered with a Wild Draw Four: you draw two, "
                "or the whole total when the Draw Two ends a stack.",
            }
        },
        variant=lambda o: (
            "total" if o["stack_draw_two_on_draw_two"] or o["stack_draw_two_on_draw_four"] else ""
        ),
    ),
    Option(
        "stack_draw_two_on_draw_four",
        "stacking",
        BOOL,
        False,
        "Draw Two on a Wild Draw Four",
        "A Draw Two may answer a Wild Draw Four.",
        choices=_yes_no(),
        texts={
            True: "When a Wild Draw Four is played on you, you may answer with a Draw Two of "
            "the colour just named; the total passes to the next player.",
            False: "A Wild Draw Four cannot be answered with a Draw Two: you draw four.",
        },
        variants={
            "total": {
                True: "When a Wild Draw Four is played on you, you may answer with a Draw Two "
                "of the colour just named; the total passes to the next player.",
                False: "A Wild Draw Four cannot be answered with a Draw Two: you draw four, "
                "or the whole total when the Wild Draw Four ends a stack.",
            }
        },
        variant=lambda o: (
            "total" if o["stack_draw_four_on_draw_four"] or o["stack_draw_four_on_draw_two"] else ""
        ),
    ),
    Option(
        "draw_card_skips_turn",
        "stacking",
        BOOL,
        True,
        "Drawing for a draw card loses the turn",
        "The player who draws for a Draw Two or Wild Draw Four also loses their turn.",
        choices=_yes_no("Yes, the turn is lost", "No, they may still play"),
        texts={
            True: "Whoever draws for a Draw Two or a Wild Draw Four also misses their turn.",
            False: "Whoever draws for a Draw Two or a Wild Draw Four still takes their turn "
            "after drawing.",
        },
    ),
    # Wild Draw Four
    Option(
        "wild_draw_four_rule",
        "wd4",
        ENUM,
        "no_matching_color",
        "When a Wild Draw Four may be played",
        "When playing a Wild Draw Four is legal.",
        choices={
            "no_matching_color": "Only with no card of the current colour",
            "no_playable_card": "Only with no other playable card",
            "anytime": "Any time",
        },
        texts={
            "no_matching_color": "You may play a Wild Draw Four only when you hold no card of "
            "the current colour (other cards that match by number or symbol don't count).",
            "no_playable_card": "You may play a Wild Draw Four only when you hold no other card "
            "you could play.",
            "anytime": "You may play a Wild Draw Four at any time, like a Wild, even when "
            "you hold other cards you could play.",
        },
    ),
    Option(
        "wild_draw_four_challenge",
        "wd4",
        BOOL,
        True,
        "Challenging a Wild Draw Four",
        "The next player may challenge a Wild Draw Four they think was played illegally.",
        choices=_yes_no(),
        texts={
            True: "The player who must draw for a Wild Draw Four may challenge it, before "
            "drawing, if they think it was played against the rule: its player then shows "
            "them their hand. Whatever the result, the colour named stands.",
            False: "Nobody may challenge a Wild Draw Four.",
        },
        variants={
            "anytime": {
                True: "The player who must draw for a Wild Draw Four may challenge it, before "
                "drawing, but a Wild Draw Four is always allowed here, so the challenge "
                "always fails. The colour named stands.",
                False: "Nobody may challenge a Wild Draw Four.",
            }
        },
        variant=lambda o: "anytime" if o["wild_draw_four_rule"] == "anytime" else "",
    ),
    Option(
        "challenge_guilty_draw",
        "wd4",
        INT,
        4,
        "Caught playing it illegally",
        "Cards the Wild Draw Four player draws when the challenge succeeds.",
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words="No cards",
        texts={
            "one": "If the challenge succeeds (the rule was broken), the player who played "
            "the Wild Draw Four draws %(n)s card instead, and the challenger draws nothing "
            "and takes their turn.",
            "other": "If the challenge succeeds (the rule was broken), the player who played "
            "the Wild Draw Four draws %(n)s cards instead, and the challenger draws nothing "
            "and takes their turn.",
            "zero": "If the challenge succeeds (the rule was broken), there is no penalty: "
            "nobody draws, and the challenger takes their turn.",
        },
        variants={
            "stack": {
                "one": "If the challenge succeeds (the rule was broken), the player who played "
                "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                "of the total (the total less four): nothing after a single Wild Draw Four, "
                "when the challenger takes their turn; otherwise they draw it and miss their "
                "turn.",
                "other": "If the challenge succeeds (the rule was broken), the player who "
                "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                "the rest of the total (the total less four): nothing after a single Wild "
                "Draw Four, when the challenger takes their turn; otherwise they draw it and "
                "miss their turn.",
                "zero": "If the challenge succeeds (the rule was broken), the player who "
                "played the last Wild Draw Four draws nothing, and the challenger draws the "
                "rest of the total (the total less four): nothing after a single Wild Draw "
                "Four, when the challenger takes their turn; otherwise they draw it and miss "
                "their turn.",
            },
            "stack_no_skip": {
                "one": "If the challenge succeeds (the rule was broken), the player who played "
                "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                "of the total (the total less four, so nothing after a single Wild Draw "
                "Four), then takes their turn.",
                "other": "If the challenge succeeds (the rule was broken), the player who "
                "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                "the rest of the total (the total less four, so nothing after a single Wild "
                "Draw Four), then takes their turn.",
                "zero": "If the challenge succeeds (the rule was broken), the player who "
                "played the last Wild Draw Four draws nothing, and the challenger draws the "
                "rest of the total (the total less four, so nothing after a single Wild Draw "
                "Four), then takes their turn.",
            },
        },
        variant=_challenge_rules,
        when=(
            ("wild_draw_four_challenge", (True,)),
            ("wild_draw_four_rule", ("no_matching_color", "no_playable_card")),
        ),
        when_note="Only when challenges are allowed and a Wild Draw Four is not always allowed.",
    ),
    Option(
        "challenge_wrong_draw",
        "wd4",
        INT,
        6,
        "A wrong challenge",
        "Cards the challenger draws when the challenge fails.",
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words="No cards",
        texts={
            "one": "If the challenge fails (the Wild Draw Four was played fairly), the "
            "challenger draws %(n)s card in all, instead of four, and misses their turn.",
            "other": "If the challenge fails (the Wild Draw Four was played fairly), the "
            "challenger draws %(n)s cards in all, instead of four, and misses their turn.",
            "zero": "If the challenge fails (the Wild Draw Four was played fairly), the "
            "challenger draws nothing at all, not even the four, but misses their turn.",
        },
        variants={
            "no_skip": {
                "one": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s card in all, instead of four, then takes their turn.",
                "other": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s cards in all, instead of four, then takes their turn.",
                "zero": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws nothing at all, not even the four, and takes their turn.",
            },
            "stack": {
                "one": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total, counting %(n)s card instead of four for "
                "the last Wild Draw Four, and misses their turn.",
                "other": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total, counting %(n)s cards instead of four for "
                "the last Wild Draw Four, and misses their turn.",
                "zero": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total less the last Wild Draw Four's four cards, "
                "and misses their turn.",
            },
            "stack_no_skip": {
                "one": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total, counting %(n)s card instead of four for "
                "the last Wild Draw Four, then takes their turn.",
                "other": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total, counting %(n)s cards instead of four for "
                "the last Wild Draw Four, then takes their turn.",
                "zero": "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws the whole total less the last Wild Draw Four's four cards, "
                "then takes their turn.",
            },
        },
        variant=_challenge_rules,
        when=(("wild_draw_four_challenge", (True,)),),
        when_note="Only when challenges are allowed.",
    ),
    # Calling UNO
    Option(
        "uno_penalty",
        "uno",
        INT,
        2,
        "UNO penalty",
        "Cards drawn by a player caught not calling UNO before the next player's turn begins.",
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words="No penalty",
        texts={
            "one": "Call \u201cUNO!\u201d as you play your second-to-last card (calling it "
            "just before is fine). If another player catches you before the next player "
            "begins their turn, you draw %(n)s card; once the next turn has begun, you are "
            "safe.",
            "other": "Call \u201cUNO!\u201d as you play your second-to-last card (calling it "
            "just before is fine). If another player catches you before the next player "
            "begins their turn, you draw %(n)s cards; once the next turn has begun, you are "
            "safe.",
            "zero": "Call \u201cUNO!\u201d as you play your second-to-last card (calling it "
            "just before is fine). This house has no penalty for forgetting: nobody draws.",
        },
    ),
    # Going out and scoring
    Option(
        "last_card",
        "scoring",
        ENUM,
        "any",
        "Going out",
        "Which cards a player may go out with.",
        choices={
            "any": "With any card",
            "no_wild": "Not with a Wild",
            "no_action_or_wild": "Only with a number card",
        },
        texts={
            "any": "You may go out with any card: a number, a Skip, a Reverse, a Draw Two, "
            "a Wild or a Wild Draw Four.",
            "no_wild": "Your last card may not be a Wild or a Wild Draw Four; a number, "
            "Skip, Reverse or Draw Two is fine. If your only card is a Wild or a Wild Draw "
            "Four, you may not play it: draw as a player who cannot play.",
            "no_action_or_wild": "Your last card must be a number card: you may not go out "
            "with a Skip, Reverse, Draw Two, Wild or Wild Draw Four. If your only card is "
            "one of those, you may not play it: draw as a player who cannot play.",
        },
    ),
    Option(
        "scoring",
        "scoring",
        ENUM,
        "winner_takes_points",
        "Scoring",
        "How a round is scored and the game won.",
        choices={
            "winner_takes_points": "Winner scores the other hands",
            "lowest_total_wins": "Everyone scores their own hand; lowest total wins",
            "round_wins": "Count rounds won",
        },
        texts={
            "winner_takes_points": "The player who goes out scores the points of all cards "
            "left in the other players' hands. The first to reach the target score wins the "
            "game.",
            "lowest_total_wins": "Every player adds up the points in their own hand and "
            "scores them; the player who went out scores nothing. When anyone reaches the "
            "target score the game ends and the lowest total wins (equal lowest totals "
            "share the win).",
            "round_wins": "No points are counted: going out wins the round, and the first to "
            "win the set number of rounds wins the game.",
        },
        variants={
            "pairs": {
                "winner_takes_points": "The pair of the player who goes out scores the points "
                "of all cards left in the other pairs' hands. The first pair to reach the "
                "target score wins the game.",
                "lowest_total_wins": "Each pair adds up the points in both partners' hands "
                "and scores them; the partner who went out has none. When any pair reaches "
                "the target score the game ends and the lowest total wins (equal lowest "
                "totals share the win).",
                "round_wins": "No points are counted: the pair of the player who goes out "
                "wins the round, and the first pair to win the set number of rounds wins the "
                "game.",
            }
        },
        variant=_scoring_rules,
    ),
    Option(
        "target_score",
        "scoring",
        INT,
        500,
        "Target score",
        "The game ends when a total reaches it.",
        minimum=50,
        maximum=5000,
        unit=POINT,
        texts={
            "one": "The target score is %(n)s point: the game ends when a total reaches it.",
            "other": "The target score is %(n)s points: the game ends when a total reaches it.",
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note="Not when counting rounds won.",
    ),
    Option(
        "rounds_to_win",
        "scoring",
        INT,
        1,
        "Rounds to win",
        "When counting rounds won: rounds needed to win the game.",
        minimum=1,
        maximum=25,
        unit=ROUND,
        texts={
            "one": "The first to win %(n)s round wins the game.",
            "other": "The first to win %(n)s rounds wins the game.",
        },
        when=(("scoring", ("round_wins",)),),
        when_note="Only when counting rounds won.",
    ),
    Option(
        "teams",
        "scoring",
        ENUM,
        "none",
        "Teams",
        "Play alone, or in pairs with partners sitting opposite.",
        choices={"none": "Everyone for themselves", "pairs": "Pairs: partners sit opposite"},
        texts={
            "none": "Everyone plays for themselves.",
            "pairs": "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each other "
            "and score together; when one partner goes out, the pair wins the round.",
        },
        variants={
            "rounds": {
                "none": "Everyone plays for themselves.",
                "pairs": "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each "
                "other and win together; when one partner goes out, the pair wins the round.",
            }
        },
        variant=lambda o: "rounds" if o["scoring"] == "round_wins" else "",
    ),
    Option(
        "team_scores_partner_hand",
        "scoring",
        BOOL,
        False,
        "Partner's hand scores too",
        "In pairs: the winning pair also scores the cards left in the partner's hand.",
        choices=_yes_no("Yes", "No"),
        texts={
            True: "The pair that wins the round also scores the cards left in the partner's "
            "hand, so every card left on the table counts.",
            False: "The pair that wins the round scores only the other pairs' hands.",
        },
        when=(("teams", ("pairs",)), ("scoring", ("winner_takes_points",))),
        when_note="Only when playing in pairs and the winner scores the other hands.",
    ),
    Option(
        "points_action",
        "scoring",
        INT,
        20,
        "Points for a Skip, Reverse or Draw Two",
        "What each Skip, Reverse or Draw Two left in a hand scores.",
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "one": "A Skip, Reverse or Draw Two left in a hand scores %(n)s point.",
            "other": "A Skip, Reverse or Draw Two left in a hand scores %(n)s points.",
            "zero": "A Skip, Reverse or Draw Two left in a hand scores nothing.",
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note="Not when counting rounds won.",
    ),
    Option(
        "points_wild",
        "scoring",
        INT,
        50,
        "Points for a Wild or Wild Draw Four",
        "What each Wild or Wild Draw Four left in a hand scores.",
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "one": "A Wild or Wild Draw Four left in a hand scores %(n)s point.",
            "other": "A Wild or Wild Draw Four left in a hand scores %(n)s points.",
            "zero": "A Wild or Wild Draw Four left in a hand scores nothing.",
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note="Not when counting rounds won.",
    ),
]

BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}
KEYS: list[str] = [o.key for o in OPTIONS]


def official() -> dict[str, Any]:
    return {o.key: o.official for o in OPTIONS}


def grouped(options_list: list[Option] | None = None) -> list[tuple[str, str, list[Option]]]:
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
            errors[str(key)[:60]] = "This is not a known option."
    for option in OPTIONS:
        if option.key not in raw:
            if partial:
                clean[option.key] = option.official
            else:
                errors[option.key] = "This option is missing."
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
        return f"{self.option.label}: {words(self.old)} \u2192 {words(self.new)}"


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    """What changed from ``old`` to ``new``, option by option, in catalogue order."""
    return [Change(o, old[o.key], new[o.key]) for o in differences(new, old)]
