"""The presets of the catalogue: a name, a summary and what each changes from official."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from domain import options

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Preset:
    slug: str
    name: StrOrPromise  # lazy texts: said in the reader's language
    summary: StrOrPromise
    changes: dict[str, Any]

    @property
    def options(self) -> dict[str, Any]:
        return {**options.official(), **self.changes}


PRESETS: list[Preset] = [
    Preset(
        "official",
        pgettext_lazy("preset name", "Official rules"),
        gettext_lazy("The rules in the box, as Mattel prints them."),
        {},
    ),
    Preset(
        "teams-to-100",
        pgettext_lazy("preset name", "Two teams, first to 100"),
        gettext_lazy("Partners score together, Draw Twos stack, first pair to 100 wins."),
        {
            "teams": "pairs",
            "target_score": 100,
            "dealer_selection": "random",
            "stack_draw_two_on_draw_two": True,
            "wild_draw_four_rule": "no_playable_card",
            "team_scores_partner_hand": True,
            "drawn_card": "may_play",
        },
    ),
    Preset(
        "strict-family",
        pgettext_lazy("preset name", "Strict family table"),
        gettext_lazy(
            "A 4-card UNO penalty, play to the right, an action card turned up first is put back."
        ),
        {
            "uno_penalty": 4,
            "direction": "counterclockwise",
            "first_card_action": "redraw",
        },
    ),
    Preset(
        "party",
        pgettext_lazy("preset name", "Party night"),
        gettext_lazy(
            "Every draw card stacks, 7s swap and 0s rotate hands, jump in, draw until you can play."
        ),
        {
            "stack_draw_two_on_draw_two": True,
            "stack_draw_four_on_draw_four": True,
            "stack_draw_four_on_draw_two": True,
            "stack_draw_two_on_draw_four": True,
            "seven_swap": True,
            "zero_rotate": True,
            "jump_in": True,
            "draw_rule": "draw_until_playable",
        },
    ),
    Preset(
        "quick",
        pgettext_lazy("preset name", "Quick game"),
        gettext_lazy("Five cards each and a target of 200 for a short game."),
        {
            "hand_size": 5,
            "target_score": 200,
        },
    ),
]

BY_SLUG: dict[str, Preset] = {p.slug: p for p in PRESETS}
