"""The options of a rule set as the engine reads them, and the players' strategy knobs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain import options as opts

# drawn_card, wild_draw_four_rule and last_card, read as the options' values.
MAY_PLAY, MUST_PLAY, KEEP = "may_play", "must_play", "keep"
NO_MATCHING_COLOUR, NO_PLAYABLE_CARD, ANYTIME = "no_matching_color", "no_playable_card", "anytime"
ANY, NO_WILD, NO_ACTION_OR_WILD = "any", "no_wild", "no_action_or_wild"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option that changes how a round is played, in the engine's terms: each field is
    set by the option whose ``play`` names it (domain.options)."""

    hand_size: int = 7
    counterclockwise: bool = False
    first_wild_redraw: bool = False
    first_action_redraw: bool = False
    draw_until_playable: bool = False
    drawn_card: str = MAY_PLAY
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
    wd4_rule: str = NO_MATCHING_COLOUR
    challenge: bool = True
    guilty_draw: int = 4
    wrong_draw: int = 6
    uno_penalty: int = 2
    last_card: str = ANY
    pairs: bool = False
    modern_deck: bool = False  # deck = modern_112: a Wild Shuffle Hands and three blank Wilds

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """The rules of a set of options (the official value for any left out)."""
        values = {**opts.official(), **options}
        return cls(
            **{
                option.play.rule: option.play.value(values[option.key])
                for option in opts.OPTIONS
                if option.play is not None and option.play.rule
            }
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
