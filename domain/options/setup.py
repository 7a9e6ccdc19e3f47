"""The options of the group "Setup" ('setup'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from domain.options.option import ENUM, INT, NO_EFFECT, Option, Play
from domain.options.texts import CARD, first_card_rules

_FIRST_ACTION_REDRAW = _(
    "If the first card turned up is a Skip, Reverse or Draw Two, put it back in the deck and "
    "turn up another."
)


OPTIONS: list[Option] = [
    Option(
        "deck",
        "setup",
        ENUM,
        "classic_108",
        pgettext_lazy("option label", "Deck"),
        _("Which deck is in your box."),
        choices={
            "classic_108": pgettext_lazy("option deck value", "108 cards"),
            "modern_112": pgettext_lazy(
                "option deck value", "112 cards, with Shuffle Hands and blank Wilds"
            ),
        },
        texts={
            "classic_108": _(
                "This house plays with these 108 cards: a Wild Shuffle Hands or a blank Wild "
                "from a newer box stays out of the game."
            ),
            "modern_112": _(
                "This house plays with 112 cards: the 108 above plus one Wild Shuffle Hands "
                "and three blank Wild cards (Wild Customizable)."
            ),
        },
        place=("setup", "base.deck"),
        play=Play("modern_deck", means="modern_112"),
        says={
            "classic_108": "a Wild Shuffle Hands or a blank Wild from a newer box stays out",
            "modern_112": "plus one Wild Shuffle Hands and three blank Wild cards",
        },
    ),
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
        place=("setup", "dealer_selection"),
        play=Play("hand_size"),
        too_small=ngettext_lazy(
            "Deal at least %(min)s card to each player.",
            "Deal at least %(min)s cards to each player.",
            "n",
        ),
        too_big=ngettext_lazy(
            "Deal at most %(max)s card to each player.",
            "Deal at most %(max)s cards to each player.",
            "n",
        ),
        says={
            "n": "deals {n} card",
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
        place=("setup", "deck"),
        play=NO_EFFECT,
        says={
            "highest_card": "the highest number deals",
            "random": "chosen at random",
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
                "turned up says otherwise), and play goes clockwise (to the left). Mattel's "
                "sheet does not say who deals the next round; we pass the deal one seat to the "
                "left after each round."
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
                    "clockwise (to the left). Mattel's sheet does not say who deals the next "
                    "round; we pass the deal one seat to the left after each round."
                ),
                "counterclockwise": _(
                    "The player to the dealer's right plays first, and play "
                    "goes counterclockwise (to the right); after each round the deal passes one "
                    "seat to the right."
                ),
            }
        },
        variant=lambda o: "redraw" if o["first_card_action"] == "redraw" else "",
        place=("setup", "base.first_card_stack"),
        play=Play("counterclockwise", means="counterclockwise", length=False),
        says={
            "clockwise": "play goes clockwise (to the left)",
            "counterclockwise": "play goes counterclockwise (to the right)",
        },
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
        place=("setup", "base.piles"),
        play=Play("first_wild_redraw", means="redraw"),
        says={
            "redraw": "Wild, bury it in the deck and turn up another",
            "first_player_chooses": "Wild, the first player chooses the colour",
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
        # A Reverse turned up first: the dealer plays first, and play goes against the
        # starting direction (to the right when play starts clockwise).
        texts={
            "apply": _(
                "If the first card turned up is a Skip, Reverse or Draw Two, it takes effect "
                "at once: a Skip makes the first player miss their turn, a Draw Two makes the "
                "first player draw two cards and miss their turn, and a Reverse makes the "
                "dealer play first, with play going the other way (to the right)."
            ),
            "redraw": _FIRST_ACTION_REDRAW,
        },
        variants={
            "counterclockwise": {
                "apply": _(
                    "If the first card turned up is a Skip, Reverse or Draw Two, it takes effect "
                    "at once: a Skip makes the first player miss their turn, a Draw Two makes the "
                    "first player draw two cards and miss their turn, and a Reverse makes the "
                    "dealer play first, with play going the other way (to the left)."
                ),
                "redraw": _FIRST_ACTION_REDRAW,
            },
            "no_skip": {
                "apply": _(
                    "If the first card turned up is a Skip, Reverse or Draw Two, it takes effect "
                    "at once: a Skip makes the first player miss their turn, a Draw Two makes the "
                    "first player draw two cards before they take their turn, and a Reverse "
                    "makes the dealer play first, with play going the other way (to the right)."
                ),
                "redraw": _FIRST_ACTION_REDRAW,
            },
            "no_skip_counterclockwise": {
                "apply": _(
                    "If the first card turned up is a Skip, Reverse or Draw Two, it takes effect "
                    "at once: a Skip makes the first player miss their turn, a Draw Two makes the "
                    "first player draw two cards before they take their turn, and a Reverse "
                    "makes the dealer play first, with play going the other way (to the left)."
                ),
                "redraw": _FIRST_ACTION_REDRAW,
            },
        },
        variant=first_card_rules,
        place=("setup", "base.first_card_wd4"),
        play=Play("first_action_redraw", means="redraw"),
        says={
            "apply": "it takes effect at once",
            "redraw": "put it back in the deck and turn up another",
        },
    ),
]
