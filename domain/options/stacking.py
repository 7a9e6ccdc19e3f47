"""The options of the group "Draw cards and stacking" ('stacking'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from domain.options.option import BOOL, Option, Play
from domain.options.texts import wild_draw_four_answers

_WD4_ON_WD4 = _(
    "When a Wild Draw Four is played on you, you may answer with a Wild Draw Four of your own, if "
    "the Wild Draw Four rule lets you play it; you name the colour, and the total passes to the "
    "next player."
)
_D2_ON_WD4 = _(
    "When a Wild Draw Four is played on you, you may answer with a Draw Two of the colour just "
    "named; the total passes to the next player."
)

OPTIONS: list[Option] = [
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
                    "A Draw Two cannot be answered with a Draw Two: you draw two, or the whole "
                    "total when the Draw Two was played on other draw cards."
                ),
            }
        },
        variant=lambda o: "total" if o["stack_draw_two_on_draw_four"] else "",
        place=("stacking", "draw_card_skips_turn"),
        play=Play("stack_two_on_two"),
        says={
            True: "Draw Two is played on you, you may answer with a Draw Two",
            False: "A Draw Two cannot be answered with a Draw Two",
        },
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
            True: _WD4_ON_WD4,
            False: _("A Wild Draw Four cannot be answered with a Wild Draw Four: you draw four."),
        },
        variants={
            "total": {
                True: _WD4_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw four, or "
                    "the whole total when the Wild Draw Four was played on other draw cards."
                ),
            },
            "challenge": {
                True: _WD4_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw "
                    "four, unless you challenge it and win."
                ),
            },
            "total_challenge": {
                True: _WD4_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Wild Draw Four: you draw four, or "
                    "the whole total when the Wild Draw Four was played on other draw cards, "
                    "unless you challenge it and win, when you draw only what came before it."
                ),
            },
        },
        variant=lambda o: wild_draw_four_answers(o, o["stack_draw_four_on_draw_two"]),
        place=("stacking", "stack_draw_four_on_draw_two"),
        play=Play("stack_four_on_four"),
        says={
            True: "Wild Draw Four is played on you, you may answer with a Wild Draw Four",
            False: "A Wild Draw Four cannot be answered with a Wild Draw Four",
        },
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
                    "A Draw Two cannot be answered with a Wild Draw Four: you draw two, or the "
                    "whole total when the Draw Two was played on other draw cards."
                ),
            }
        },
        variant=lambda o: (
            "total" if o["stack_draw_two_on_draw_two"] or o["stack_draw_two_on_draw_four"] else ""
        ),
        place=("stacking", "stack_draw_two_on_draw_two"),
        play=Play("stack_four_on_two"),
        says={
            True: "Draw Two is played on you, you may answer with a Wild Draw Four",
            False: "A Draw Two cannot be answered with a Wild Draw Four",
        },
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
            True: _D2_ON_WD4,
            False: _("A Wild Draw Four cannot be answered with a Draw Two: you draw four."),
        },
        variants={
            "total": {
                True: _D2_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Draw Two: you draw four, or the "
                    "whole total when the Wild Draw Four was played on other draw cards."
                ),
            },
            "challenge": {
                True: _D2_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Draw Two: you draw four, "
                    "unless you challenge it and win."
                ),
            },
            "total_challenge": {
                True: _D2_ON_WD4,
                False: _(
                    "A Wild Draw Four cannot be answered with a Draw Two: you draw four, or the "
                    "whole total when the Wild Draw Four was played on other draw cards, unless "
                    "you challenge it and win, when you draw only what came before it."
                ),
            },
        },
        variant=lambda o: wild_draw_four_answers(
            o, o["stack_draw_four_on_draw_four"] or o["stack_draw_four_on_draw_two"]
        ),
        place=("stacking", "stack_draw_four_on_draw_four"),
        play=Play("stack_two_on_four"),
        says={
            True: "Wild Draw Four is played on you, you may answer with a Draw Two",
            False: "A Wild Draw Four cannot be answered with a Draw Two",
        },
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
        # Translators: the rule's name in the line "This house plays 1 rule differently:
        # ...", for a house where drawing for a draw card may or may not lose the turn.
        name=pgettext_lazy("option name", "The turn after a draw card"),
        place=("stacking", ""),
        play=Play("draw_skips"),
        says={
            True: "also misses their turn",
            False: "still takes their turn",
        },
    ),
]
