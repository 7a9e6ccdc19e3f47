"""The options of the group "Calling UNO" ('uno'), in catalogue order."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from domain.options.option import INT, Option, Play
from domain.options.texts import CARD

OPTIONS: list[Option] = [
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
        place=("uno", ""),
        play=Play("uno_penalty"),
        too_small=ngettext_lazy(
            "The UNO penalty can be no fewer than %(min)s card.",
            "The UNO penalty can be no fewer than %(min)s cards.",
            "n",
        ),
        too_big=ngettext_lazy(
            "The UNO penalty can be at most %(max)s card.",
            "The UNO penalty can be at most %(max)s cards.",
            "n",
        ),
        says={
            "n": "catches you before the next player begins their turn, you draw {n} card",
        },
    ),
]
