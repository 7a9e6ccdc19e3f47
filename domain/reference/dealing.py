"""The "Can I ...?" answers on dealing, the first player and the first card turned up."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from domain.reference.core import PLAIN, Options, Question, Reply, asks

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


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
            "left plays first unless the first card turned up says otherwise, and play goes to the "
            "left; Mattel's sheet does not say who deals next, and we pass the deal one seat to "
            "the left each round."
        )
    if highest and left and not apply:
        return PLAIN, gettext(
            "Everyone draws a card and the highest number deals first; the player to the dealer's "
            "left plays first, and play goes to the left; Mattel's sheet does not say who deals "
            "next, and we pass the deal one seat to the left each round."
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
            "unless the first card turned up says otherwise, and play goes to the left; Mattel's "
            "sheet does not say who deals next, and we pass the deal one seat to the left each "
            "round."
        )
    if not highest and left and not apply:
        return PLAIN, gettext(
            "The first dealer is chosen at random; the player to the dealer's left plays first, "
            "and play goes to the left; Mattel's sheet does not say who deals next, and we pass "
            "the deal one seat to the left each round."
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
            "It takes effect at once: a Skip makes the first player miss their turn, a Draw "
            "Two makes the first player draw two cards and miss their turn, and a "
            "Reverse makes the dealer play first, to the right."
        )
    if o["draw_card_skips_turn"]:
        return PLAIN, gettext(
            "It takes effect at once: a Skip makes the first player miss their turn, a Draw "
            "Two makes the first player draw two cards and miss their turn, and a "
            "Reverse makes the dealer play first, to the left."
        )
    if right:
        return PLAIN, gettext(
            "It takes effect at once: a Skip makes the first player miss their turn, a Draw "
            "Two makes the first player draw two cards before they take their turn, and a "
            "Reverse makes the dealer play first, to the right."
        )
    return PLAIN, gettext(
        "It takes effect at once: a Skip makes the first player miss their turn, a Draw "
        "Two makes the first player draw two cards before they take their turn, and a "
        "Reverse makes the dealer play first, to the left."
    )
