"""The "Can I ...?" answers on calling UNO and going out."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from domain.reference.core import NO, PLAIN, YES, Options, Question, Reply, asks, uses_points

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


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
