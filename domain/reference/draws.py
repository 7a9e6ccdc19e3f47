"""The "Can I ...?" answers on draw cards and stacking."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from domain.reference.core import (
    NO,
    YES,
    Options,
    Question,
    Reply,
    any_stacking,
    asks,
    fair_challenges,
    wd4_answers_stacks,
)

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


def _you_draw(o: Options, card: str, bigger: bool) -> str:
    """'You draw two cards and miss your turn.', for a draw card (``card``: "d2" or "wd4")
    you may not answer; ``bigger`` when it may end a stack, so the total can be more."""
    skips = o["draw_card_skips_turn"]
    if card == "d2":
        if bigger and skips:
            return gettext(
                "You draw two cards, or the whole total when the Draw Two was played on other draw "
                "cards, and miss your turn."
            )
        if bigger:
            return gettext(
                "You draw two cards, or the whole total when the Draw Two was played on other draw "
                "cards, then take your turn."
            )
        if skips:
            return gettext("You draw two cards and miss your turn.")
        return gettext("You draw two cards, then take your turn.")
    if fair_challenges(o):
        return _you_draw_unless_challenged(o, bigger)
    if bigger and skips:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four was played on other "
            "draw cards, and miss your turn."
        )
    if bigger:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four was played on other "
            "draw cards, then take your turn."
        )
    if skips:
        return gettext("You draw four cards and miss your turn.")
    return gettext("You draw four cards, then take your turn.")


def _you_draw_unless_challenged(o: Options, bigger: bool) -> str:
    """A Wild Draw Four you may not answer but may challenge: a challenge won spares you its
    four cards (and leaves you what came before it in a stack)."""
    skips = o["draw_card_skips_turn"]
    if bigger and skips:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four was played on other "
            "draw cards, and miss your turn, unless you challenge it and win, when you draw only "
            "what came before it."
        )
    if bigger:
        return gettext(
            "You draw four cards, or the whole total when the Wild Draw Four was played on other "
            "draw cards, unless you challenge it and win, when you draw only what came before it; "
            "either way, you then take your turn."
        )
    if skips:
        return gettext("You draw four cards and miss your turn, unless you challenge it and win.")
    return gettext(
        "You draw four cards unless you challenge it and win; either way, you then take your turn."
    )


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
    if o["stack_draw_two_on_draw_four"] and wd4_answers_stacks(o):
        # The Wild Draw Four may itself have answered a stack: the total can be more than six.
        return YES, gettext(
            "Answer with a Draw Two of the colour just named, and the next player draws the "
            "whole total unless they can answer too."
        )
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
