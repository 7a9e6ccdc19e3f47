"""The rule options: one definition, taken from ../shared/rules/catalogue.md.

Everything else derives from ``OPTIONS``: the form, validation, the JSON format,
the database columns and constraints, the revision diffs in words and the texts of
the table reference. The keys, allowed values and official defaults are the
catalogue's contract and must not change.

Every text a person reads is marked for translation where it is written, lazily (the
table is built at import, the language is the request's): a label with the context
"option label", a value's short words with their own option's context ("option jump_in
value"), since "Yes" or "Allowed" means something else in each option, and a rule text
as one whole sentence per value. A count is one ``ngettext_lazy`` text whose number is the
``n`` placeholder: the language's own plural rules choose the form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

BOOL, INT, ENUM = "bool", "int", "enum"

GROUPS = [
    ("setup", pgettext_lazy("option group", "Setup")),
    ("turns", pgettext_lazy("option group", "Turns and drawing")),
    ("stacking", pgettext_lazy("option group", "Draw cards and stacking")),
    ("wd4", pgettext_lazy("option group", "Wild Draw Four")),
    ("uno", pgettext_lazy("option group", "Calling UNO")),
    ("scoring", pgettext_lazy("option group", "Going out and scoring")),
]


Condition = tuple[str, tuple[Any, ...]]  # (other key, the values of it that give meaning)


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
    # Ints: the value in words ("4 cards"), and the words for 0 when a plain "0 cards"
    # would mislead ("no cards").
    unit: Unit = NUMBER
    zero_words: str = ""
    # The rule in plain words, one whole sentence (or two) per value. Ints: "n", one
    # ``ngettext_lazy`` text with "%(n)s" for the value and, when 0 needs its own words,
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
                return str(texts["zero"])
            return texts["n"] % {"n": value}
        return str(texts[value])

    def is_relevant(self, options: Mapping[str, Any]) -> bool:
        """Whether the option means something with the other choices (the catalogue's
        "Rules that combine"): otherwise it is stored, but never shown or counted."""
        return all(options.get(key, BY_KEY[key].official) in allowed for key, allowed in self.when)

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
            official_words = _without_aside(self.words(self.official))
        # Translators: a house rule's value, then the official value (a bare number for a
        # count), as in "4 cards (official: 2)" or "Not allowed (official: allowed)".
        return gettext("%(value)s (official: %(official)s)") % {
            "value": _without_aside(self.words(value)),
            "official": _inside_sentence(official_words),
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
            if not self.minimum <= raw <= self.maximum:
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


def _without_aside(words: str) -> str:
    """'Clockwise (to the left)' -> 'Clockwise', 'Pairs: partners sit opposite' -> 'Pairs':
    a difference line has its own brackets."""
    return words.split(" (", 1)[0].split(": ", 1)[0]


# Languages whose nouns keep their capital letter inside a sentence.
_CAPITALISED_NOUNS = ("de",)


def _inside_sentence(words: str) -> str:
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
        pgettext_lazy("option label", "Cards dealt to each player"),
        _("How many cards each player starts a round with."),
        minimum=5,
        maximum=10,
        unit=CARD,
        texts={
            "n": ngettext_lazy(
                "The dealer shuffles and deals %(n)s card to each player, face down.",
                "The dealer shuffles and deals %(n)s cards to each player, face down.",
                "n",
            ),
        },
    ),
    Option(
        "dealer_selection",
        "setup",
        ENUM,
        "highest_card",
        pgettext_lazy("option label", "First dealer"),
        _("How the first dealer is chosen."),
        choices={
            "highest_card": pgettext_lazy("option dealer_selection value", "Highest card deals"),
            "random": pgettext_lazy("option dealer_selection value", "Chosen at random"),
        },
        texts={
            "highest_card": _(
                "To choose the first dealer, everyone draws a card and the "
                "highest number deals (a card without a number counts as zero)."
            ),
            "random": _("The first dealer is chosen at random, so the first player is random too."),
        },
    ),
    Option(
        "direction",
        "setup",
        ENUM,
        "clockwise",
        pgettext_lazy("option label", "Direction of play"),
        _("Which way play goes at the start, and the deal passes each round."),
        choices={
            # Translators: the direction of play, seen from above the table; the words
            # before the brackets are also shown alone, in the list of house rules.
            "clockwise": pgettext_lazy("option direction value", "Clockwise (to the left)"),
            "counterclockwise": pgettext_lazy("option direction value", "Counterclockwise"),
        },
        texts={
            "clockwise": _(
                "The player to the dealer's left plays first (unless the first card "
                "turned up says otherwise), and play goes clockwise (to the left); after each "
                "round the deal passes one seat to the left."
            ),
            "counterclockwise": _(
                "The player to the dealer's right plays first (unless the "
                "first card turned up says otherwise), and play goes counterclockwise (to the "
                "right); after each round the deal passes one seat to the right."
            ),
        },
        variants={
            "redraw": {
                "clockwise": _(
                    "The player to the dealer's left plays first, and play goes "
                    "clockwise (to the left); after each round the deal passes one seat to the "
                    "left."
                ),
                "counterclockwise": _(
                    "The player to the dealer's right plays first, and play "
                    "goes counterclockwise (to the right); after each round the deal passes one "
                    "seat to the right."
                ),
            }
        },
        variant=lambda o: "redraw" if o["first_card_action"] == "redraw" else "",
    ),
    Option(
        "first_card_wild",
        "setup",
        ENUM,
        "first_player_chooses",
        pgettext_lazy("option label", "A Wild turned up first"),
        _("What happens when the first card of the discard pile is a Wild."),
        choices={
            "redraw": pgettext_lazy("option first_card_wild value", "Put it back and turn another"),
            "first_player_chooses": pgettext_lazy(
                "option first_card_wild value", "First player picks the colour"
            ),
        },
        texts={
            "redraw": _(
                "If the first card turned up is a Wild, bury it in the deck and turn up another."
            ),
            "first_player_chooses": _(
                "If the first card turned up is a Wild, the first player "
                "chooses the colour to play, then takes their turn."
            ),
        },
    ),
    Option(
        "first_card_action",
        "setup",
        ENUM,
        "apply",
        pgettext_lazy("option label", "An action card turned up first"),
        _("A Skip, Reverse or Draw Two as the first card of the discard pile."),
        choices={
            "apply": pgettext_lazy("option first_card_action value", "Its effect applies"),
            "redraw": pgettext_lazy(
                "option first_card_action value", "Put it back and turn another"
            ),
        },
        texts={
            "apply": _(
                "If the first card turned up is a Skip, Reverse or Draw Two, it works on "
                "the first player: a Skip makes them miss their turn, a Draw Two makes them draw "
                "two cards and miss their turn, and a Reverse makes the dealer play first, with "
                "play going the other way."
            ),
            "redraw": _(
                "If the first card turned up is a Skip, Reverse or Draw Two, put it back "
                "in the deck and turn up another."
            ),
        },
        variants={
            "no_skip": {
                "apply": _(
                    "If the first card turned up is a Skip, Reverse or Draw Two, it works "
                    "on the first player: a Skip makes them miss their turn, a Draw Two makes them "
                    "draw two cards before they take their turn, and a Reverse makes the dealer "
                    "play first, with play going the other way."
                ),
                "redraw": _(
                    "If the first card turned up is a Skip, Reverse or Draw Two, put it "
                    "back in the deck and turn up another."
                ),
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
        pgettext_lazy("option label", "Drawing when you don't play"),
        _("What a player draws when they cannot, or will not, play."),
        choices={
            "draw_one": pgettext_lazy("option draw_rule value", "Draw one card"),
            "draw_until_playable": pgettext_lazy(
                "option draw_rule value", "Draw until you can play"
            ),
        },
        texts={
            "draw_one": _(
                "If you don't play a card from your hand, draw one card from the draw pile."
            ),
            "draw_until_playable": _(
                "If you don't play a card from your hand, keep drawing "
                "from the draw pile until you draw a card that can be played."
            ),
        },
    ),
    Option(
        "drawn_card",
        "turns",
        ENUM,
        "may_play",
        pgettext_lazy("option label", "A playable card you just drew"),
        _("What you may do with a drawn card that can be played."),
        choices={
            "may_play": pgettext_lazy("option drawn_card value", "You may play it"),
            "must_play": pgettext_lazy("option drawn_card value", "You must play it"),
            "keep": pgettext_lazy("option drawn_card value", "Keep it; your turn ends"),
        },
        texts={
            "may_play": _(
                "If the card you draw can be played, you may play it at once. "
                "Otherwise it goes into your hand and your turn ends: you cannot play another "
                "card instead."
            ),
            "must_play": _(
                "If the card you draw can be played, you must play it at once. "
                "Otherwise it goes into your hand and your turn ends."
            ),
            "keep": _(
                "The card you draw goes into your hand and your turn ends, even if it "
                "could be played."
            ),
        },
        variants={
            "until": {
                "may_play": _(
                    "Once you draw a card that can be played, you may play it at "
                    "once; if you keep it, your turn ends. The cards drawn before it go into "
                    "your hand."
                ),
                "must_play": _(
                    "Once you draw a card that can be played, you must play it at "
                    "once. The cards drawn before it go into your hand."
                ),
                "keep": _(
                    "Once you draw a card that can be played, it goes into your hand "
                    "with the others and your turn ends, even though it could be played."
                ),
            }
        },
        variant=lambda o: "until" if o["draw_rule"] == "draw_until_playable" else "",
    ),
    Option(
        "may_draw_instead_of_playing",
        "turns",
        BOOL,
        True,
        pgettext_lazy("option label", "Drawing when you could play"),
        _("May a player who holds a playable card draw instead?"),
        choices={
            True: pgettext_lazy("option may_draw_instead_of_playing value", "Allowed"),
            False: pgettext_lazy(
                # Translators: the words before the colon are also shown alone, in the
                # list of house rules: keep the colon.
                "option may_draw_instead_of_playing value",
                "Not allowed: play if you can",
            ),
        },
        texts={
            True: _("You may draw instead of playing, even when you hold a card you could play."),
            False: _(
                "If you can play, you must: you may only draw when you hold no card you can play."
            ),
        },
    ),
    Option(
        "jump_in",
        "turns",
        BOOL,
        False,
        # Translators: the house rule that lets anyone holding the very same card
        # as the top card play it out of turn (in English “jump in”).
        pgettext_lazy("option label", "Jump in"),
        _("Play an exact copy of the top card out of turn."),
        choices={
            True: pgettext_lazy("option jump_in value", "Allowed"),
            False: pgettext_lazy("option jump_in value", "Not allowed"),
        },
        texts={
            True: _(
                "Jump in: anyone holding the exact same card as the top card (same colour "
                "and the same number or symbol; any Wild Draw Four is a copy of a Wild Draw Four, "
                "any Wild of a Wild) may play it at once, even out of turn. It counts as their "
                "turn: play continues from them, and the players in between miss their turn. "
                "Jump in on a Draw Two or a Wild Draw Four and only your card counts: the player "
                "it was aimed at draws nothing, and the player after you draws for yours."
            ),
            False: _("No jumping in: you only play on your own turn."),
        },
    ),
    Option(
        "multiple_same_number",
        "turns",
        BOOL,
        False,
        pgettext_lazy("option label", "Several cards of one number"),
        _("Play several cards of the same number in one turn."),
        choices={
            True: pgettext_lazy("option multiple_same_number value", "Allowed"),
            False: pgettext_lazy("option multiple_same_number value", "Not allowed"),
        },
        texts={
            True: _(
                "You may play several cards of the same number together in one turn; "
                "the first must be playable as usual, and the last one laid is the new top card."
            ),
            False: _("You play one card per turn."),
        },
    ),
    Option(
        "seven_swap",
        "turns",
        BOOL,
        False,
        pgettext_lazy("option label", "Sevens swap hands"),
        _("Playing a 7 swaps hands with a player of your choice."),
        choices={
            True: pgettext_lazy("option seven_swap value", "Yes"),
            False: pgettext_lazy("option seven_swap value", "No"),
        },
        texts={
            True: _(
                "When you play a 7, you swap hands with any other player you choose. If "
                "the 7 was your last card, you have gone out and nobody swaps. Whoever is left "
                "holding one card after a swap must call “UNO!” at once."
            ),
            False: _("A 7 is an ordinary number card."),
        },
    ),
    Option(
        "zero_rotate",
        "turns",
        BOOL,
        False,
        # Translators: every player passes their hand on to the next player.
        pgettext_lazy("option label", "Zeros pass hands round"),
        _("Playing a 0 passes every hand one seat in the direction of play."),
        choices={
            True: pgettext_lazy("option zero_rotate value", "Yes"),
            False: pgettext_lazy("option zero_rotate value", "No"),
        },
        texts={
            True: _(
                "When someone plays a 0, every player passes their hand to the next "
                "player in the direction of play. If the 0 was their last card, they have gone "
                "out and no hands move. Whoever is left holding one card after the hands move "
                "must call “UNO!” at once."
            ),
            False: _("A 0 is an ordinary number card."),
        },
    ),
    Option(
        "two_player_reverse_skips",
        "turns",
        BOOL,
        True,
        pgettext_lazy("option label", "Reverse with two players"),
        _("With two players, Reverse works like Skip."),
        choices={
            True: pgettext_lazy("option two_player_reverse_skips value", "Works like Skip"),
            False: pgettext_lazy("option two_player_reverse_skips value", "Only changes direction"),
        },
        texts={
            True: _(
                "With two players, a Reverse works like a Skip: the other player misses "
                "their turn, so you play again."
            ),
            False: _(
                "With two players, a Reverse only changes direction, so the other player "
                "plays next."
            ),
        },
        when=(("teams", ("none",)),),
        when_note=_("Not when playing in pairs."),
    ),
    # Draw cards and stacking
    Option(
        "stack_draw_two_on_draw_two",
        "stacking",
        BOOL,
        False,
        # Translators: the four stacking rules: answering a draw card (Draw Two,
        # Wild Draw Four) played on you with one of your own, so the next player draws
        # the total. Use the card names printed on your language's decks (see the glossary).
        pgettext_lazy("option label", "Draw Two on a Draw Two"),
        _("A Draw Two may answer a Draw Two; the total passes on."),
        choices={
            True: pgettext_lazy("option stack_draw_two_on_draw_two value", "Allowed"),
            False: pgettext_lazy("option stack_draw_two_on_draw_two value", "Not allowed"),
        },
        texts={
            True: _(
                "When a Draw Two is played on you, you may answer with a Draw Two of your "
                "own; the total passes to the next player, who draws it all unless they can "
                "answer too."
            ),
            False: _("A Draw Two cannot be answered with a Draw Two: you draw two."),
        },
        variants={
            "total": {
                True: _(
                    "When a Draw Two is played on you, you may answer with a Draw Two of "
                    "your own; the total passes to the next player, who draws it all unless they "
                    "can answer too."
                ),
                False: _(
                    "A Draw Two cannot be answered with a Draw Two: you draw two, or the "
                    "whole total when the Draw Two ends a stack."
                ),
            }
        },
        variant=lambda o: "total" if o["stack_draw_two_on_draw_four"] else "",
    ),
    Option(
        "stack_draw_four_on_draw_four",
        "stacking",
        BOOL,
        False,
        pgettext_lazy("option label", "Wild Draw Four on a Wild Draw Four"),
        _("A Wild Draw Four may answer a Wild Draw Four."),
        choices={
            True: pgettext_lazy("option stack_draw_four_on_draw_four value", "Allowed"),
            False: pgettext_lazy("option stack_draw_four_on_draw_four value", "Not allowed"),
        },
        texts={
            True: _(
                "When a Wild Draw Four is played on you, you may answer with a Wild Draw "
                "Four of your own, if the Wild Draw Four rule lets you play it; you name the "
                "colour, and the total passes to the next player."
            ),
            False: _("A Wild Draw Four cannot be answered with a Wild Draw Four: you draw four."),
        },
        variants={
            "total": {
                True: _(
                    "When a Wild Draw Four is played on you, you may answer with a Wild "
                    "Draw Four of your own, if the Wild Draw Four rule lets you play it; you name "
                    "the colour, and the total passes to the next player."
                ),
                False: _(
                    "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw "
                    "four, or the whole total when the Wild Draw Four ends a stack."
                ),
            }
        },
        variant=lambda o: "total" if o["stack_draw_four_on_draw_two"] else "",
    ),
    Option(
        "stack_draw_four_on_draw_two",
        "stacking",
        BOOL,
        False,
        pgettext_lazy("option label", "Wild Draw Four on a Draw Two"),
        _("A Wild Draw Four may answer a Draw Two."),
        choices={
            True: pgettext_lazy("option stack_draw_four_on_draw_two value", "Allowed"),
            False: pgettext_lazy("option stack_draw_four_on_draw_two value", "Not allowed"),
        },
        texts={
            True: _(
                "When a Draw Two is played on you, you may answer with a Wild Draw Four, "
                "if the Wild Draw Four rule lets you play it; you name the colour, and the total "
                "passes to the next player."
            ),
            False: _("A Draw Two cannot be answered with a Wild Draw Four: you draw two."),
        },
        variants={
            "total": {
                True: _(
                    "When a Draw Two is played on you, you may answer with a Wild Draw "
                    "Four, if the Wild Draw Four rule lets you play it; you name the colour, and "
                    "the total passes to the next player."
                ),
                False: _(
                    "A Draw Two cannot be answered with a Wild Draw Four: you draw two, "
                    "or the whole total when the Draw Two ends a stack."
                ),
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
        pgettext_lazy("option label", "Draw Two on a Wild Draw Four"),
        _("A Draw Two may answer a Wild Draw Four."),
        choices={
            True: pgettext_lazy("option stack_draw_two_on_draw_four value", "Allowed"),
            False: pgettext_lazy("option stack_draw_two_on_draw_four value", "Not allowed"),
        },
        texts={
            True: _(
                "When a Wild Draw Four is played on you, you may answer with a Draw Two of "
                "the colour just named; the total passes to the next player."
            ),
            False: _("A Wild Draw Four cannot be answered with a Draw Two: you draw four."),
        },
        variants={
            "total": {
                True: _(
                    "When a Wild Draw Four is played on you, you may answer with a Draw Two "
                    "of the colour just named; the total passes to the next player."
                ),
                False: _(
                    "A Wild Draw Four cannot be answered with a Draw Two: you draw four, "
                    "or the whole total when the Wild Draw Four ends a stack."
                ),
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
        pgettext_lazy("option label", "Drawing for a draw card loses the turn"),
        _("The player who draws for a Draw Two or Wild Draw Four also loses their turn."),
        choices={
            True: pgettext_lazy("option draw_card_skips_turn value", "Yes, the turn is lost"),
            False: pgettext_lazy("option draw_card_skips_turn value", "No, they may still play"),
        },
        texts={
            True: _("Whoever draws for a Draw Two or a Wild Draw Four also misses their turn."),
            False: _(
                "Whoever draws for a Draw Two or a Wild Draw Four still takes their turn "
                "after drawing."
            ),
        },
    ),
    # Wild Draw Four
    Option(
        "wild_draw_four_rule",
        "wd4",
        ENUM,
        "no_matching_color",
        pgettext_lazy("option label", "When a Wild Draw Four may be played"),
        _("When playing a Wild Draw Four is legal."),
        choices={
            "no_matching_color": pgettext_lazy(
                "option wild_draw_four_rule value", "Only with no card of the current colour"
            ),
            "no_playable_card": pgettext_lazy(
                "option wild_draw_four_rule value", "Only with no other playable card"
            ),
            "anytime": pgettext_lazy("option wild_draw_four_rule value", "Any time"),
        },
        texts={
            "no_matching_color": _(
                "You may play a Wild Draw Four only when you hold no card of "
                "the current colour (other cards that match by number or symbol don't count)."
            ),
            "no_playable_card": _(
                "You may play a Wild Draw Four only when you hold no other card you could play."
            ),
            "anytime": _(
                "You may play a Wild Draw Four at any time, like a Wild, even when "
                "you hold other cards you could play."
            ),
        },
    ),
    Option(
        "wild_draw_four_challenge",
        "wd4",
        BOOL,
        True,
        # Translators: the player who must draw for a Wild Draw Four may say it
        # was played against the rule and look at its player's hand.
        pgettext_lazy("option label", "Challenging a Wild Draw Four"),
        _("The next player may challenge a Wild Draw Four they think was played illegally."),
        choices={
            True: pgettext_lazy("option wild_draw_four_challenge value", "Allowed"),
            False: pgettext_lazy("option wild_draw_four_challenge value", "Not allowed"),
        },
        texts={
            True: _(
                "The player who must draw for a Wild Draw Four may challenge it, before "
                "drawing, if they think it was played against the rule: its player then shows "
                "them their hand. Whatever the result, the colour named stands."
            ),
            False: _("Nobody may challenge a Wild Draw Four."),
        },
        variants={
            "anytime": {
                True: _(
                    "The player who must draw for a Wild Draw Four may challenge it, before "
                    "drawing, but a Wild Draw Four is always allowed here, so the challenge "
                    "always fails. The colour named stands."
                ),
                False: _("Nobody may challenge a Wild Draw Four."),
            }
        },
        variant=lambda o: "anytime" if o["wild_draw_four_rule"] == "anytime" else "",
    ),
    Option(
        "challenge_guilty_draw",
        "wd4",
        INT,
        4,
        pgettext_lazy("option label", "Caught playing it illegally"),
        _("Cards the Wild Draw Four player draws when the challenge succeeds."),
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words=pgettext_lazy("option challenge_guilty_draw value", "No cards"),
        texts={
            "n": ngettext_lazy(
                "If the challenge succeeds (the rule was broken), the player who played "
                "the Wild Draw Four draws %(n)s card instead, and the challenger draws nothing "
                "and takes their turn.",
                "If the challenge succeeds (the rule was broken), the player who played "
                "the Wild Draw Four draws %(n)s cards instead, and the challenger draws nothing "
                "and takes their turn.",
                "n",
            ),
            "zero": _(
                "If the challenge succeeds (the rule was broken), there is no penalty: "
                "nobody draws, and the challenger takes their turn."
            ),
        },
        variants={
            "stack": {
                "n": ngettext_lazy(
                    "If the challenge succeeds (the rule was broken), the player who played "
                    "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                    "of the total (the total less four): nothing after a single Wild Draw Four, "
                    "when the challenger takes their turn; otherwise they draw it and miss their "
                    "turn.",
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                    "the rest of the total (the total less four): nothing after a single Wild "
                    "Draw Four, when the challenger takes their turn; otherwise they draw it and "
                    "miss their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws nothing, and the challenger draws the "
                    "rest of the total (the total less four): nothing after a single Wild Draw "
                    "Four, when the challenger takes their turn; otherwise they draw it and miss "
                    "their turn."
                ),
            },
            "stack_no_skip": {
                "n": ngettext_lazy(
                    "If the challenge succeeds (the rule was broken), the player who played "
                    "the last Wild Draw Four draws %(n)s card, and the challenger draws the rest "
                    "of the total (the total less four, so nothing after a single Wild Draw "
                    "Four), then takes their turn.",
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws %(n)s cards, and the challenger draws "
                    "the rest of the total (the total less four, so nothing after a single Wild "
                    "Draw Four), then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge succeeds (the rule was broken), the player who "
                    "played the last Wild Draw Four draws nothing, and the challenger draws the "
                    "rest of the total (the total less four, so nothing after a single Wild Draw "
                    "Four), then takes their turn."
                ),
            },
        },
        variant=_challenge_rules,
        when=(
            ("wild_draw_four_challenge", (True,)),
            ("wild_draw_four_rule", ("no_matching_color", "no_playable_card")),
        ),
        when_note=_("Only when challenges are allowed and a Wild Draw Four is not always allowed."),
    ),
    Option(
        "challenge_wrong_draw",
        "wd4",
        INT,
        6,
        pgettext_lazy("option label", "A wrong challenge"),
        _("Cards the challenger draws when the challenge fails."),
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words=pgettext_lazy("option challenge_wrong_draw value", "No cards"),
        texts={
            "n": ngettext_lazy(
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s card in all, instead of four, and misses their turn.",
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws %(n)s cards in all, instead of four, and misses their turn.",
                "n",
            ),
            "zero": _(
                "If the challenge fails (the Wild Draw Four was played fairly), the "
                "challenger draws nothing at all, not even the four, but misses their turn."
            ),
        },
        variants={
            "no_skip": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws %(n)s card in all, instead of four, then takes their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws %(n)s cards in all, instead of four, then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws nothing at all, not even the four, and takes their turn."
                ),
            },
            "stack": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s card instead of four for "
                    "the last Wild Draw Four, and misses their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s cards instead of four for "
                    "the last Wild Draw Four, and misses their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total less the last Wild Draw Four's four cards, "
                    "and misses their turn."
                ),
            },
            "stack_no_skip": {
                "n": ngettext_lazy(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s card instead of four for "
                    "the last Wild Draw Four, then takes their turn.",
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total, counting %(n)s cards instead of four for "
                    "the last Wild Draw Four, then takes their turn.",
                    "n",
                ),
                "zero": _(
                    "If the challenge fails (the Wild Draw Four was played fairly), the "
                    "challenger draws the whole total less the last Wild Draw Four's four cards, "
                    "then takes their turn."
                ),
            },
        },
        variant=_challenge_rules,
        when=(("wild_draw_four_challenge", (True,)),),
        when_note=_("Only when challenges are allowed."),
    ),
    # Calling UNO
    Option(
        "uno_penalty",
        "uno",
        INT,
        2,
        # Translators: the cards drawn by a player caught not calling “UNO!”
        # when down to one card.
        pgettext_lazy("option label", "UNO penalty"),
        _("Cards drawn by a player caught not calling UNO before the next player's turn begins."),
        minimum=0,
        maximum=10,
        unit=CARD,
        zero_words=pgettext_lazy("option uno_penalty value", "No penalty"),
        texts={
            "n": ngettext_lazy(
                "Call “UNO!” as you play your second-to-last card (calling it "
                "just before is fine). If another player catches you before the next player "
                "begins their turn, you draw %(n)s card; once the next turn has begun, you are "
                "safe.",
                "Call “UNO!” as you play your second-to-last card (calling it "
                "just before is fine). If another player catches you before the next player "
                "begins their turn, you draw %(n)s cards; once the next turn has begun, you are "
                "safe.",
                "n",
            ),
            "zero": _(
                "Call “UNO!” as you play your second-to-last card (calling it "
                "just before is fine). This house has no penalty for forgetting: nobody draws."
            ),
        },
    ),
    # Going out and scoring
    Option(
        "last_card",
        "scoring",
        ENUM,
        "any",
        pgettext_lazy("option label", "Going out"),
        _("Which cards a player may go out with."),
        choices={
            "any": pgettext_lazy("option last_card value", "With any card"),
            "no_wild": pgettext_lazy("option last_card value", "Not with a Wild"),
            "no_action_or_wild": pgettext_lazy("option last_card value", "Only with a number card"),
        },
        texts={
            "any": _(
                "You may go out with any card: a number, a Skip, a Reverse, a Draw Two, "
                "a Wild or a Wild Draw Four."
            ),
            "no_wild": _(
                "Your last card may not be a Wild or a Wild Draw Four; a number, "
                "Skip, Reverse or Draw Two is fine. If your only card is a Wild or a Wild Draw "
                "Four, you may not play it: draw as a player who cannot play."
            ),
            "no_action_or_wild": _(
                "Your last card must be a number card: you may not go out "
                "with a Skip, Reverse, Draw Two, Wild or Wild Draw Four. If your only card is "
                "one of those, you may not play it: draw as a player who cannot play."
            ),
        },
    ),
    Option(
        "scoring",
        "scoring",
        ENUM,
        "winner_takes_points",
        pgettext_lazy("option label", "Scoring"),
        _("How a round is scored and the game won."),
        choices={
            "winner_takes_points": pgettext_lazy(
                "option scoring value", "Winner scores the other hands"
            ),
            "lowest_total_wins": pgettext_lazy(
                "option scoring value", "Everyone scores their own hand; lowest total wins"
            ),
            "round_wins": pgettext_lazy("option scoring value", "Count rounds won"),
        },
        texts={
            "winner_takes_points": _(
                "The player who goes out scores the points of all cards "
                "left in the other players' hands. The first to reach the target score wins the "
                "game."
            ),
            "lowest_total_wins": _(
                "Every player adds up the points in their own hand and "
                "scores them; the player who went out scores nothing. When anyone reaches the "
                "target score the game ends and the lowest total wins (equal lowest totals "
                "share the win)."
            ),
            "round_wins": _(
                "No points are counted: going out wins the round, and the first to "
                "win the set number of rounds wins the game."
            ),
        },
        variants={
            "pairs": {
                "winner_takes_points": _(
                    "The pair of the player who goes out scores the points "
                    "of all cards left in the other pairs' hands. The first pair to reach the "
                    "target score wins the game."
                ),
                "lowest_total_wins": _(
                    "Each pair adds up the points in both partners' hands "
                    "and scores them; the partner who went out has none. When any pair reaches "
                    "the target score the game ends and the lowest total wins (equal lowest "
                    "totals share the win)."
                ),
                "round_wins": _(
                    "No points are counted: the pair of the player who goes out "
                    "wins the round, and the first pair to win the set number of rounds wins the "
                    "game."
                ),
            }
        },
        variant=_scoring_rules,
    ),
    Option(
        "target_score",
        "scoring",
        INT,
        500,
        pgettext_lazy("option label", "Target score"),
        _("The game ends when a total reaches it."),
        minimum=50,
        maximum=5000,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "The target score is %(n)s point: the game ends when a total reaches it.",
                "The target score is %(n)s points: the game ends when a total reaches it.",
                "n",
            ),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
    ),
    Option(
        "rounds_to_win",
        "scoring",
        INT,
        1,
        pgettext_lazy("option label", "Rounds to win"),
        _("When counting rounds won: rounds needed to win the game."),
        minimum=1,
        maximum=25,
        unit=ROUND,
        texts={
            "n": ngettext_lazy(
                "The first to win %(n)s round wins the game.",
                "The first to win %(n)s rounds wins the game.",
                "n",
            ),
        },
        when=(("scoring", ("round_wins",)),),
        when_note=_("Only when counting rounds won."),
    ),
    Option(
        "teams",
        "scoring",
        ENUM,
        "none",
        pgettext_lazy("option label", "Teams"),
        _("Play alone, or in pairs with partners sitting opposite."),
        choices={
            "none": pgettext_lazy("option teams value", "Everyone for themselves"),
            # Translators: the words before the colon are also shown alone, in the
            # list of house rules: keep the colon.
            "pairs": pgettext_lazy("option teams value", "Pairs: partners sit opposite"),
        },
        texts={
            "none": _("Everyone plays for themselves."),
            "pairs": _(
                "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each other "
                "and score together; when one partner goes out, the pair wins the round."
            ),
        },
        variants={
            "rounds": {
                "none": _("Everyone plays for themselves."),
                "pairs": _(
                    "Play in pairs (4, 6, 8 or 10 players): partners sit opposite each "
                    "other and win together; when one partner goes out, the pair wins the round."
                ),
            }
        },
        variant=lambda o: "rounds" if o["scoring"] == "round_wins" else "",
    ),
    Option(
        "team_scores_partner_hand",
        "scoring",
        BOOL,
        False,
        pgettext_lazy("option label", "Partner's hand scores too"),
        _("In pairs: the winning pair also scores the cards left in the partner's hand."),
        choices={
            True: pgettext_lazy("option team_scores_partner_hand value", "Yes"),
            False: pgettext_lazy("option team_scores_partner_hand value", "No"),
        },
        texts={
            True: _(
                "The pair that wins the round also scores the cards left in the partner's "
                "hand, so every card left on the table counts."
            ),
            False: _("The pair that wins the round scores only the other pairs' hands."),
        },
        when=(("teams", ("pairs",)), ("scoring", ("winner_takes_points",))),
        when_note=_("Only when playing in pairs and the winner scores the other hands."),
    ),
    Option(
        "points_action",
        "scoring",
        INT,
        20,
        pgettext_lazy("option label", "Points for a Skip, Reverse or Draw Two"),
        _("What each Skip, Reverse or Draw Two left in a hand scores."),
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "A Skip, Reverse or Draw Two left in a hand scores %(n)s point.",
                "A Skip, Reverse or Draw Two left in a hand scores %(n)s points.",
                "n",
            ),
            "zero": _("A Skip, Reverse or Draw Two left in a hand scores nothing."),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
    ),
    Option(
        "points_wild",
        "scoring",
        INT,
        50,
        pgettext_lazy("option label", "Points for a Wild or Wild Draw Four"),
        _("What each Wild or Wild Draw Four left in a hand scores."),
        minimum=0,
        maximum=200,
        unit=POINT,
        texts={
            "n": ngettext_lazy(
                "A Wild or Wild Draw Four left in a hand scores %(n)s point.",
                "A Wild or Wild Draw Four left in a hand scores %(n)s points.",
                "n",
            ),
            "zero": _("A Wild or Wild Draw Four left in a hand scores nothing."),
        },
        when=(("scoring", ("winner_takes_points", "lowest_total_wins")),),
        when_note=_("Not when counting rounds won."),
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
