"""A rules engine that plays UNO rounds under any rule set of the catalogue (no database).

``play_round`` plays one round; ``score`` turns its outcome into the scoring module's
RoundResult. See engine/README.md for the strategy and the rulings the catalogue leaves open.
"""

from engine.round import MAX_TURNS, Outcome, RoundDidNotEnd, play_round
from engine.rules import KNOBS, Knobs, Rules
from engine.scores import round_result

__all__ = [
    "KNOBS",
    "MAX_TURNS",
    "Knobs",
    "Outcome",
    "RoundDidNotEnd",
    "Rules",
    "play_round",
    "round_result",
]
