"""The options of a rule set as the engine reads them, and the players' strategy knobs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain import options as opts

# drawn_card
MAY_PLAY, MUST_PLAY, KEEP = 0, 1, 2
# wild_draw_four_rule
NO_MATCHING_COLOUR, NO_PLAYABLE_CARD, ANYTIME = 0, 1, 2
# last_card
ANY, NO_WILD, NO_ACTION_OR_WILD = 0, 1, 2

_DRAWN = {"may_play": MAY_PLAY, "must_play": MUST_PLAY, "keep": KEEP}
_WD4 = {
    "no_matching_color": NO_MATCHING_COLOUR,
    "no_playable_card": NO_PLAYABLE_CARD,
    "anytime": ANYTIME,
}
_LAST = {"any": ANY, "no_wild": NO_WILD, "no_action_or_wild": NO_ACTION_OR_WILD}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option that changes how a round is played, in the engine's terms."""

    hand_size: int = 7
    counterclockwise: bool = False
    first_wild_redraw: bool = False
    first_action_redraw: bool = False
    draw_until_playable: bool = False
    drawn_card: int = MAY_PLAY
    may_draw_instead: bool = True
    jump_in: bool = False
    multiple_same_number: bool = False
    seven_swap: bool = False
    zero_rotate: bool = False
    two_player_reverse_skips: bool = True
    stack_two_on_two: bool = False
    stack_four_on_four: bool = False
    stack_four_on_two: bool = False
    stack_two_on_four: bool = False
    draw_skips: bool = True
    wd4_rule: int = NO_MATCHING_COLOUR
    challenge: bool = True
    guilty_draw: int = 4
    wrong_draw: int = 6
    uno_penalty: int = 2
    last_card: int = ANY
    pairs: bool = False
    modern_deck: bool = False  # deck = modern_112: a Wild Shuffle Hands and three blank Wilds

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        o = {**opts.official(), **options}
        return cls(
            hand_size=o["hand_size"],
            counterclockwise=o["direction"] == "counterclockwise",
            first_wild_redraw=o["first_card_wild"] == "redraw",
            first_action_redraw=o["first_card_action"] == "redraw",
            draw_until_playable=o["draw_rule"] == "draw_until_playable",
            drawn_card=_DRAWN[o["drawn_card"]],
            may_draw_instead=o["may_draw_instead_of_playing"],
            jump_in=o["jump_in"],
            multiple_same_number=o["multiple_same_number"],
            seven_swap=o["seven_swap"],
            zero_rotate=o["zero_rotate"],
            two_player_reverse_skips=o["two_player_reverse_skips"],
            stack_two_on_two=o["stack_draw_two_on_draw_two"],
            stack_four_on_four=o["stack_draw_four_on_draw_four"],
            stack_four_on_two=o["stack_draw_four_on_draw_two"],
            stack_two_on_four=o["stack_draw_two_on_draw_four"],
            draw_skips=o["draw_card_skips_turn"],
            wd4_rule=_WD4[o["wild_draw_four_rule"]],
            challenge=o["wild_draw_four_challenge"],
            guilty_draw=o["challenge_guilty_draw"],
            wrong_draw=o["challenge_wrong_draw"],
            uno_penalty=o["uno_penalty"],
            last_card=_LAST[o["last_card"]],
            pairs=o["teams"] == "pairs",
            modern_deck=o["deck"] == "modern_112",
        )

    @property
    def stacking(self) -> bool:
        return (
            self.stack_two_on_two
            or self.stack_four_on_four
            or self.stack_four_on_two
            or self.stack_two_on_four
        )


@dataclass(frozen=True, slots=True)
class Knobs:
    """How the simulated players behave, as probabilities (see engine/README.md).

    Each applies only when the rules allow the move at all.
    """

    stack: float = 0.9  # answer a draw card with one of your own when you may
    challenge: float = 0.25  # challenge a Wild Draw Four played on you
    # Challenge although the rule is anytime, so the challenge always fails: nobody does.
    hopeless: float = 0.0
    bluff: float = 0.1  # play a Wild Draw Four against its rule when you hold one
    forget_uno: float = 0.1  # forget to call UNO
    catch: float = 0.5  # a forgotten UNO is caught
    jump_in: float = 0.5  # jump in when you hold the exact card on top
    draw_instead: float = 0.05  # draw although you could play (only when allowed)
    keep_drawn: float = 0.1  # keep a playable drawn card (only with drawn_card = may_play)


KNOBS = Knobs()
