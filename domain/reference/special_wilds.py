"""The "Can I ...?" answers on the 112-card deck's own cards: the Wild Shuffle Hands and the
blank Wild (Wild Customizable), whose rule the house writes itself."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from domain.reference.base import modern_deck
from domain.reference.core import NO, PLAIN, YES, Options, Question, Reply, any_stacking, asks

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


@question(
    "shuffle_hands_any_time",
    gettext_lazy("Can I play a Wild Shuffle Hands when I could play another card?"),
    "base.shuffle_hands",
    asked=modern_deck,
)
def _shuffle_hands_any_time(o: Options) -> Reply:
    return YES, gettext(
        "Like a Wild, a Wild Shuffle Hands may be played on any card, even when you could "
        "play another card."
    )


@question(
    "shuffle_hands_last",
    gettext_lazy("What if my last card is a Wild Shuffle Hands?"),
    "base.shuffle_hands_last",
    asked=modern_deck,
)
def _shuffle_hands_last(o: Options) -> Reply:
    return PLAIN, gettext(
        "You play it, but the round does not end: Mattel's sheet does not say, and we play "
        "that every hand, yours included, is gathered, shuffled and dealt as usual, so you get "
        "cards back."
    )


@question(
    "custom_wild_what",
    gettext_lazy("What does a blank Wild do?"),
    "base.custom_wild",
    asked=modern_deck,
)
def _custom_wild_what(o: Options) -> Reply:
    return PLAIN, gettext(
        "It is a Wild: play it on any card and choose the colour to play next; then it does "
        "what this house wrote on it (see “Blank Wild” in the rules)."
    )


@question(
    "special_wild_on_stack",
    gettext_lazy("Can I answer a stack with a Wild Shuffle Hands or a blank Wild?"),
    "base.special_wilds_stack",
    "base.stacking",
    asked=lambda o: modern_deck(o) and any_stacking(o),
)
def _special_wild_on_stack(o: Options) -> Reply:
    return NO, gettext(
        "Neither is a draw card: answer with a draw card as your stacking rules allow, or draw "
        "the whole total."
    )
