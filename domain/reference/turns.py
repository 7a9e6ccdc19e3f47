"""The "Can I ...?" answers on a turn: playing, drawing, jumping in, Wilds, sevens and
zeros.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from domain.reference.core import NO, PLAIN, YES, Options, Question, Reply, asks

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


@question(
    "draw_instead", gettext_lazy("Can I draw when I could play?"), "may_draw_instead_of_playing"
)
def _draw_instead(o: Options) -> Reply:
    if o["may_draw_instead_of_playing"]:
        return YES, gettext("You may draw instead of playing, even with a card you could play.")
    if o["drawn_card"] == "may_play":
        return NO, gettext(
            "If you can play a card from your hand, you must; you may only draw when you hold "
            "none, and then you may keep the card you draw."
        )
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
    if o["stack_draw_two_on_draw_two"]:
        # Translators: "it" is a Draw Two just played on another player.
        return YES, gettext(
            "With an exact copy of it: the total carries on with your card, so the player it "
            "was aimed at draws nothing and the player after you faces the whole total (four "
            "cards after two Draw Twos) unless they can answer too."
        )
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
            "Any other Wild Draw Four, whatever colour was named; you may jump in with it only "
            "when a Wild Draw Four may be played (see that rule), and you name the colour."
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
