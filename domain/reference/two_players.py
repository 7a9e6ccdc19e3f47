"""The "Can I ...?" answers for a game of two players."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from domain.reference.core import (
    NO,
    PLAIN,
    YES,
    Options,
    Question,
    Reply,
    any_stacking,
    asks,
    without_teams,
)

QUESTIONS: list[Question] = []  # this topic's, in the order a table asks them
question = asks(QUESTIONS)


@question(
    "two_player_reverse",
    gettext_lazy("With two players, does a Reverse work like a Skip?"),
    "two_player_reverse_skips",
    asked=without_teams,
)
def _two_player_reverse(o: Options) -> Reply:
    if o["two_player_reverse_skips"]:
        return YES, gettext("The other player misses their turn, so you play again.")
    return NO, gettext("It only changes direction, so the other player plays next.")


@question(
    "two_player_skip",
    gettext_lazy("With two players, who plays after my Skip, Draw Two or Wild Draw Four?"),
    "base.two_players",
    "draw_card_skips_turn",
    "base.two_players_stacking",
    asked=without_teams,
)
def _two_player_skip(o: Options) -> Reply:
    # With stacking, the other player may answer the draw card instead of drawing it.
    if any_stacking(o) and o["draw_card_skips_turn"]:
        return PLAIN, gettext(
            "You do: after a Skip the other player misses their turn, and after a draw card "
            "they draw and it is your turn again, unless they answer it with a draw card of "
            "their own: then the stack goes back and forth between you until one of you draws it."
        )
    if any_stacking(o):
        return PLAIN, gettext(
            "After a Skip you play again; after a Draw Two or Wild Draw Four the other player "
            "draws, then takes their turn, unless they answer it with a draw card of their "
            "own: then the stack goes back and forth between you until one of you draws it."
        )
    if o["draw_card_skips_turn"]:
        return PLAIN, (
            gettext(
                "You do: after a Skip the other player misses their turn, and after a draw card "
                "they draw and it is your turn again."
            )
        )
    return PLAIN, (
        gettext(
            "After a Skip you play again; after a Draw Two or Wild Draw Four the other player "
            "draws, then takes their turn."
        )
    )
