"""The catalogue's fixed base rules (not options) and the reference's sections: which base
rules and options each shows, in the order a player needs them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from domain import options as opts
from domain.options import wild_draw_four_stacks
from domain.reference.core import (
    Options,
    always_asked,
    any_stacking,
    fair_challenges,
    uses_points,
    wd4_answers_stacks,
    without_teams,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class BaseRule:
    """A fixed rule of the catalogue (not an option): its text may depend on the options,
    and some only apply with some options (two players only without pairs)."""

    id: str
    title: StrOrPromise  # what a link to it says
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


def _draw_two(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return gettext("Draw Two: the next player draws two cards and misses their turn.")
    return gettext("Draw Two: the next player draws two cards, then takes their turn.")


def _wild_draw_four(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return gettext(
            "Wild Draw Four: you choose the colour to play next, and the next player draws "
            "four cards and misses their turn."
        )
    return gettext(
        "Wild Draw Four: you choose the colour to play next, and the next player draws four "
        "cards, then takes their turn."
    )


def _answers_to_draw_two(o: Options) -> str:
    """Which draw cards may answer a Draw Two, for exactly the stacking rules on."""
    two, four = o["stack_draw_two_on_draw_two"], o["stack_draw_four_on_draw_two"]
    if two and four:
        return gettext("A Draw Two may be answered with a Draw Two or a Wild Draw Four.")
    if two:
        return gettext("A Draw Two may be answered only with a Draw Two.")
    if four:
        return gettext("A Draw Two may be answered only with a Wild Draw Four.")
    return gettext("A Draw Two cannot be answered with a draw card.")


def _answers_to_wild_draw_four(o: Options) -> str:
    """Which draw cards may answer a Wild Draw Four, for exactly the stacking rules on."""
    four, two = o["stack_draw_four_on_draw_four"], o["stack_draw_two_on_draw_four"]
    if four and two:
        return gettext(
            "A Wild Draw Four may be answered with a Wild Draw Four or with a Draw Two of the "
            "colour just named."
        )
    if four:
        return gettext("A Wild Draw Four may be answered only with a Wild Draw Four.")
    if two:
        return gettext(
            "A Wild Draw Four may be answered only with a Draw Two of the colour just named."
        )
    if fair_challenges(o):
        return gettext("A Wild Draw Four cannot be answered with a draw card, only challenged.")
    return gettext("A Wild Draw Four cannot be answered with a draw card.")


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
    sentences = [first, _answers_to_draw_two(o), _answers_to_wild_draw_four(o)]
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


def _two_players_stacking(o: Options) -> str:
    if o["draw_card_skips_turn"]:
        return gettext(
            "With two players, a stack goes back and forth between you until one of you cannot "
            "or will not answer: that player draws the whole total, and the other plays again."
        )
    return gettext(
        "With two players, a stack goes back and forth between you until one of you cannot or "
        "will not answer: that player draws the whole total, then takes their turn."
    )


def _answers_first_draw_two(o: Options) -> bool:
    """A Draw Two turned up first works on the first player, who may answer it."""
    return o["first_card_action"] == "apply" and (
        o["stack_draw_two_on_draw_two"] or o["stack_draw_four_on_draw_two"]
    )


def _jump_in_challenge(o: Options) -> bool:
    return o["jump_in"] and fair_challenges(o)


def _going_out(o: Options) -> str:
    if o["teams"] == "pairs":
        return gettext(
            "The first player to get rid of all their cards wins the round for their pair."
        )
    return gettext("The first player to get rid of all their cards wins the round.")


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


def _fixed(text: StrOrPromise) -> Callable[[Options], str]:
    return lambda o: str(text)


def modern_deck(o: Options) -> bool:
    """The 112-card deck: one Wild Shuffle Hands and three blank Wilds besides the 108."""
    return o["deck"] == "modern_112"


def custom_wild_text(words: str) -> str:
    """The blank Wild's rule: a Wild, then what the house wrote, quoted (never claiming to
    know what it does), or that nothing is written yet."""
    if not words:
        return gettext(
            "Blank Wild: it is a Wild (play it on any card and choose the colour to play "
            "next). This house has not written its own rule on it yet, so for now it is just "
            "a Wild."
        )
    # Translators: %(words)s is the family's own rule for the blank Wild, in their words.
    return gettext(
        "Blank Wild: it is a Wild (play it on any card and choose the colour to play next), "
        "then it does what this house wrote on it: “%(words)s”"
    ) % {"words": words}


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
        "base.first_card_stack",
        pgettext_lazy("rule title", "Stacking on a Draw Two turned up first"),
        _fixed(
            gettext_lazy(
                "A Draw Two turned up first may be answered like any other Draw Two: the first "
                "player may stack on it, and the total passes on."
            )
        ),
        _answers_first_draw_two,
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
    BaseRule("base.draw_two", pgettext_lazy("rule title", "Draw Two"), _draw_two),
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
    BaseRule("base.wild_draw_four", pgettext_lazy("rule title", "Wild Draw Four"), _wild_draw_four),
    BaseRule(
        "base.shuffle_hands",
        pgettext_lazy("rule title", "Wild Shuffle Hands"),
        _fixed(
            gettext_lazy(
                "Wild Shuffle Hands: you may play it on any card, even when you could play "
                "another card. Gather every hand, yours included, shuffle them together and deal "
                "them out one at a time, starting with the player to your left, until none is "
                "left; then choose the colour to play next, and play goes on with the next "
                "player."
            )
        ),
        modern_deck,
    ),
    BaseRule(
        "base.shuffle_hands_last",
        pgettext_lazy("rule title", "A Wild Shuffle Hands as your last card"),
        _fixed(
            gettext_lazy(
                "If your last card is a Wild Shuffle Hands, the round does not end when you play "
                "it: Mattel's sheet does not say, and we play that every hand, yours included, "
                "is gathered and dealt as usual. Anyone who is dealt a single card must call UNO "
                "at once."
            )
        ),
        modern_deck,
    ),
    BaseRule(
        "base.custom_wild",
        pgettext_lazy("rule title", "Blank Wild"),
        lambda o: custom_wild_text(""),
        modern_deck,
    ),
    BaseRule(
        "base.several_sevens",
        pgettext_lazy("rule title", "Several 7s at once"),
        _fixed(
            gettext_lazy(
                "If you lay several 7s together, you swap hands once only, with one player of "
                "your choice."
            )
        ),
        lambda o: o["multiple_same_number"] and o["seven_swap"],
    ),
    BaseRule(
        "base.several_zeros",
        pgettext_lazy("rule title", "Several 0s at once"),
        _fixed(
            gettext_lazy(
                "If several 0s are laid together, the hands pass on once only, one seat in the "
                "direction of play."
            )
        ),
        lambda o: o["multiple_same_number"] and o["zero_rotate"],
    ),
    BaseRule("base.stacking", pgettext_lazy("rule title", "Stacking"), _stacking, any_stacking),
    BaseRule(
        "base.two_players_stacking",
        pgettext_lazy("rule title", "Stacking with two players"),
        _two_players_stacking,
        lambda o: without_teams(o) and any_stacking(o),
    ),
    BaseRule(
        "base.stack_challenge",
        pgettext_lazy("rule title", "A challenge inside a stack"),
        _fixed(
            gettext_lazy(
                "A challenge inside a stack is about the last Wild Draw Four only, and only the "
                "player who must draw the total may make it, before drawing."
            )
        ),
        # Only when a Wild Draw Four may answer a stack: where only a Draw Two may answer
        # one, a Wild Draw Four starts its stack and is challenged before it is answered.
        lambda o: fair_challenges(o) and wd4_answers_stacks(o),
    ),
    BaseRule(
        "base.jump_in_challenge",
        pgettext_lazy("rule title", "Jumping in with a Wild Draw Four"),
        _fixed(
            gettext_lazy(
                "A Wild Draw Four played by jumping in may be challenged by the player who must "
                "draw for it, and it is judged on the hand of the player who jumped in."
            )
        ),
        _jump_in_challenge,
    ),
    BaseRule(
        "base.going_out",
        pgettext_lazy("rule title", "Going out"),
        _going_out,
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
BASE_RULES += [
    BaseRule(
        "base.special_wilds_stack",
        pgettext_lazy("rule title", "Stacking and the special Wilds"),
        _fixed(
            gettext_lazy(
                "A Wild Shuffle Hands or a blank Wild is not a draw card: neither answers a stack."
            )
        ),
        lambda o: modern_deck(o) and any_stacking(o),
    ),
    BaseRule(
        "base.shuffle_hands_jump_in",
        pgettext_lazy("rule title", "Jumping in on a Wild Shuffle Hands"),
        _fixed(
            gettext_lazy(
                "There is only one Wild Shuffle Hands in the deck, so nobody can jump in on it."
            )
        ),
        lambda o: modern_deck(o) and o["jump_in"],
    ),
]
BASE: dict[str, BaseRule] = {b.id: b for b in BASE_RULES}

# The sections in the order a player needs them, with the base rules in their order: (key,
# title, base ids). Each option's rule goes where the option places it (Option.place).
BASE_SECTIONS: list[tuple[str, StrOrPromise, list[str]]] = [
    (
        "setup",
        pgettext_lazy("rule section", "Setup"),
        [
            "base.players",
            "base.deck",
            "base.piles",
            "base.first_card_wd4",
            "base.first_card_stack",
        ],
    ),
    (
        "turn",
        pgettext_lazy("rule section", "A turn"),
        [
            "base.match",
            "base.next_player",
            "base.reshuffle",
            "base.shuffle_hands_jump_in",
        ],
    ),
    (
        "actions",
        pgettext_lazy("rule section", "Action cards"),
        [
            "base.skip",
            "base.reverse",
            "base.two_players",
            "base.draw_two",
            "base.wild",
            "base.wild_draw_four",
            "base.shuffle_hands",
            "base.shuffle_hands_last",
            "base.custom_wild",
            "base.several_sevens",
            "base.several_zeros",
        ],
    ),
    (
        "stacking",
        pgettext_lazy("rule section", "Draw cards and stacking"),
        [
            "base.stacking",
            "base.two_players_stacking",
            "base.special_wilds_stack",
        ],
    ),
    (
        "wd4",
        pgettext_lazy("rule section", "Wild Draw Four"),
        [
            "base.stack_challenge",
            "base.jump_in_challenge",
        ],
    ),
    ("uno", pgettext_lazy("rule section", "Calling UNO"), []),
    (
        "scoring",
        pgettext_lazy("rule section", "Going out and scoring"),
        [
            "base.going_out",
            "base.going_out_action",
            "base.number_points",
        ],
    ),
]


def placed(
    sections: list[tuple[str, StrOrPromise, list[str]]], options: list[opts.Option]
) -> tuple[list[tuple[str, StrOrPromise, list[str]]], list[opts.Option]]:
    """The sections with each option's key right after the item it follows (Option.place),
    and the options that found no place (a section or an item that does not exist)."""
    items = {key: list(base) for key, _title, base in sections}
    waiting = list(options)
    while True:
        ready = [
            o
            for o in waiting
            if o.place[0] in items and (not o.place[1] or o.place[1] in items[o.place[0]])
        ]
        if not ready:
            break
        for option in ready:
            section, after = option.place
            listed = items[section]
            listed.insert(listed.index(after) + 1 if after else 0, option.key)
            waiting.remove(option)
    return [(key, title, items[key]) for key, title, _base in sections], waiting


# The whole page's order: (key, title, base ids and option keys).
SECTIONS, UNPLACED = placed(BASE_SECTIONS, opts.OPTIONS)
