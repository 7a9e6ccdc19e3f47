"""The catalogue's fixed base rules (not options) and the reference's sections: which base
rules and options each shows, in the order a player needs them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from rulesets.options import wild_draw_four_stacks
from rulesets.reference.core import (
    Options,
    always_asked,
    any_stacking,
    fair_challenges,
    uses_points,
    wd4_answers_stacks,
    without_teams,
)


@dataclass(frozen=True)
class BaseRule:
    """A fixed rule of the catalogue (not an option): its text may depend on the options,
    and some only apply with some options (two players only without pairs)."""

    id: str
    title: str  # what a link to it says
    text: Callable[[Options], str]
    shown: Callable[[Options], bool] = always_asked


def _players(o: Options) -> str:
    if o["teams"] == "pairs":
        return gettext(
            "Four, six, eight or ten players can play: an even number, so that everyone has "
            "a partner."
        )
    return gettext("Two to ten players can play.")


def _two_players(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return gettext(
            "With two players, after your Skip you play again, and after your Draw Two or Wild "
            "Draw Four the other player draws and it is your turn again."
        )
    return gettext(
        "With two players, after your Skip you play again; after your Draw Two or Wild Draw "
        "Four the other player draws, then takes their turn."
    )


def _stacking(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        first = gettext(
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total "
            "and misses their turn."
        )
    else:
        first = gettext(
            "Stacking: each player may answer with one draw card, no more. The total passes "
            "on until a player cannot or will not answer; that player draws the whole total, "
            "then takes their turn."
        )
    sentences = [first]
    if wd4_answers_stacks(o):
        sentences.append(
            gettext(
                "A Wild Draw Four played to answer still follows the Wild Draw Four rule, judged "
                "against the colour in play."
            )
        )
    if wild_draw_four_stacks(o):
        sentences.append(gettext("Whoever plays the last Wild Draw Four names the colour."))
    return " ".join(sentences)


def _going_out_action(o: Options) -> str:
    if uses_points(o):
        return gettext(
            "If you go out with an action card, its effect still applies: after a draw card "
            "the next player draws, and those cards count for scoring."
        )
    return gettext(
        "If you go out with an action card, its effect still applies: after a draw card the "
        "next player still draws."
    )


def _fixed(text: str) -> Callable[[Options], str]:
    return lambda o: str(text)


BASE_RULES: list[BaseRule] = [
    BaseRule("base.players", pgettext_lazy("rule title", "Players"), _players),
    BaseRule(
        "base.deck",
        pgettext_lazy("rule title", "The deck"),
        _fixed(
            gettext_lazy(
                "The deck has 108 cards. Each colour (red, yellow, green and blue) has one 0, "
                "two each of 1 to 9, two Skips, two Reverses and two Draw Twos; on top of those "
                "come 4 Wilds and 4 Wild Draw Fours."
            )
        ),
    ),
    BaseRule(
        "base.piles",
        pgettext_lazy("rule title", "The piles"),
        _fixed(
            gettext_lazy(
                "Put the rest of the deck face down as the draw pile, and turn its top card over "
                "to start the discard pile."
            )
        ),
    ),
    BaseRule(
        "base.first_card_wd4",
        pgettext_lazy("rule title", "A Wild Draw Four turned up first"),
        _fixed(
            gettext_lazy(
                "A Wild Draw Four turned up first always goes back into the deck, and another "
                "card is turned up."
            )
        ),
    ),
    BaseRule(
        "base.match",
        pgettext_lazy("rule title", "Playing a card"),
        _fixed(
            gettext_lazy(
                "On your turn, play a card that matches the top card of the discard pile by "
                "colour, number or symbol (a Skip on a Skip, say), or play a Wild or a Wild Draw "
                "Four."
            )
        ),
    ),
    BaseRule(
        "base.next_player",
        pgettext_lazy("rule title", "The next player"),
        _fixed(
            gettext_lazy(
                "Once you have played or drawn, the turn passes to the next player in the "
                "direction of play."
            )
        ),
    ),
    BaseRule(
        "base.reshuffle",
        pgettext_lazy("rule title", "An empty draw pile"),
        _fixed(
            gettext_lazy(
                "When the draw pile runs out, shuffle the discard pile, except its top card, to "
                "make a new draw pile."
            )
        ),
    ),
    BaseRule(
        "base.skip",
        pgettext_lazy("rule title", "Skip"),
        _fixed(gettext_lazy("Skip: the next player misses their turn.")),
    ),
    BaseRule(
        "base.reverse",
        pgettext_lazy("rule title", "Reverse"),
        _fixed(gettext_lazy("Reverse: the direction of play changes.")),
    ),
    BaseRule(
        "base.two_players", pgettext_lazy("rule title", "Two players"), _two_players, without_teams
    ),
    BaseRule(
        "base.draw_two",
        pgettext_lazy("rule title", "Draw Two"),
        _fixed(gettext_lazy("Draw Two: the next player draws two cards.")),
    ),
    BaseRule(
        "base.wild",
        pgettext_lazy("rule title", "Wild"),
        _fixed(
            gettext_lazy(
                "Wild: you choose the colour to play next (keeping the current colour is fine). "
                "You may play a Wild on any card, even when you could play another card."
            )
        ),
    ),
    BaseRule(
        "base.wild_draw_four",
        pgettext_lazy("rule title", "Wild Draw Four"),
        _fixed(
            gettext_lazy(
                "Wild Draw Four: you choose the colour to play next, and the next player draws "
                "four cards."
            )
        ),
    ),
    BaseRule("base.stacking", pgettext_lazy("rule title", "Stacking"), _stacking, any_stacking),
    BaseRule(
        "base.stack_challenge",
        pgettext_lazy("rule title", "A challenge inside a stack"),
        _fixed(
            gettext_lazy(
                "A challenge inside a stack is about the last Wild Draw Four only, and only the "
                "player who must draw the total may make it, before drawing."
            )
        ),
        lambda o: fair_challenges(o) and wild_draw_four_stacks(o),
    ),
    BaseRule(
        "base.going_out",
        pgettext_lazy("rule title", "Going out"),
        _fixed(gettext_lazy("The first player to get rid of all their cards wins the round.")),
    ),
    BaseRule(
        "base.going_out_action",
        pgettext_lazy("rule title", "Going out on an action card"),
        _going_out_action,
        lambda o: o["last_card"] != "no_action_or_wild",
    ),
    BaseRule(
        "base.number_points",
        pgettext_lazy("rule title", "Number card points"),
        _fixed(gettext_lazy("A number card left in a hand scores its face value (0 to 9 points).")),
        uses_points,
    ),
]
BASE: dict[str, BaseRule] = {b.id: b for b in BASE_RULES}

# The sections in the order a player needs them: (key, title, base ids and option keys).
SECTIONS: list[tuple[str, str, list[str]]] = [
    (
        "setup",
        pgettext_lazy("rule section", "Setup"),
        [
            "base.players",
            "teams",
            "base.deck",
            "dealer_selection",
            "hand_size",
            "base.piles",
            "first_card_wild",
            "base.first_card_wd4",
            "first_card_action",
            "direction",
        ],
    ),
    (
        "turn",
        pgettext_lazy("rule section", "A turn"),
        [
            "base.match",
            "multiple_same_number",
            "base.next_player",
            "may_draw_instead_of_playing",
            "draw_rule",
            "drawn_card",
            "base.reshuffle",
            "jump_in",
        ],
    ),
    (
        "actions",
        pgettext_lazy("rule section", "Action cards"),
        [
            "base.skip",
            "base.reverse",
            "two_player_reverse_skips",
            "base.two_players",
            "base.draw_two",
            "base.wild",
            "base.wild_draw_four",
            "seven_swap",
            "zero_rotate",
        ],
    ),
    (
        "stacking",
        pgettext_lazy("rule section", "Draw cards and stacking"),
        [
            "draw_card_skips_turn",
            "stack_draw_two_on_draw_two",
            "stack_draw_four_on_draw_two",
            "stack_draw_four_on_draw_four",
            "stack_draw_two_on_draw_four",
            "base.stacking",
        ],
    ),
    (
        "wd4",
        pgettext_lazy("rule section", "Wild Draw Four"),
        [
            "wild_draw_four_rule",
            "wild_draw_four_challenge",
            "challenge_guilty_draw",
            "challenge_wrong_draw",
            "base.stack_challenge",
        ],
    ),
    ("uno", pgettext_lazy("rule section", "Calling UNO"), ["uno_penalty"]),
    (
        "scoring",
        pgettext_lazy("rule section", "Going out and scoring"),
        [
            "base.going_out",
            "last_card",
            "base.going_out_action",
            "scoring",
            "target_score",
            "rounds_to_win",
            "team_scores_partner_hand",
            "base.number_points",
            "points_action",
            "points_wild",
        ],
    ),
]
