"""How long a game lasts under a rule set: plain functions, no database.

A game is a run of rounds that are independent given the rules (each new round is a new
deal; only the dealer moves on). So the engine plays a few hundred or thousand rounds
(``Sample``), and games are then drawn by resampling those rounds, which costs little:
the totals of each side (from domain/scoring.py) are added round after round until the
game is over (scoring.is_over). The error of the mean number of rounds comes from the
finite sample of rounds; it is measured with batch means (the sample is cut into twenty
batches, games are drawn from each batch alone, and the spread of the twenty means gives
the standard error) and the engine plays more rounds until the 95 % interval is within
2 % (a margin on the promised 3 %) or the budget of CPU time (about 1 s) is spent.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from domain import options as opts
from domain import scoring
from engine import KNOBS, Rules, play_round, round_result


def engine_version() -> str:
    """A digest of the code an estimate comes from: the engine's play, the scoring it counts
    points by (domain.scoring) and this method.

    It is in every estimate's key, so an estimate made by other code is made again, without
    anyone remembering to bump a number."""
    digest = hashlib.sha256()
    folder = Path(engine.__file__).parent
    for path in [*sorted(folder.glob("*.py")), Path(scoring.__file__), Path(__file__)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


ENGINE_VERSION = engine_version()
# The promise is +/- 3 % (95 %) on the mean number of rounds; the engine plays rounds until
# its own measure of the error is under 2 %, a margin for that measure's own noise.
PROMISED_RELATIVE_ERROR = 0.03
TARGET_RELATIVE_ERROR = 0.02
BATCHES = 20
MAX_GAME_ROUNDS = 5_000  # a game that would last longer is reported as endless
GAMES_KEPT = 200  # (rounds, turns) of this many games, for the range of minutes


def relevant_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options that can change the length of a game, the others at their official value.

    Rule sets that differ only in options without effect share one estimate.
    """
    full = {**opts.official(), **{k: options[k] for k in opts.KEYS if k in options}}
    official = opts.official()
    clean = {}
    for option in opts.OPTIONS:
        key = option.key
        value = full[key]
        # Who deals first, the direction (a mirror image of the same game): Play.length.
        no_effect = option.play is not None and not option.play.length
        if no_effect or not option.is_relevant(full):
            value = official[key]
        clean[key] = value
    if players != 2 or clean["teams"] == "pairs":
        clean["two_player_reverse_skips"] = official["two_player_reverse_skips"]
    if not clean["wild_draw_four_challenge"] or clean["wild_draw_four_rule"] == "anytime":
        # Nobody challenges when nobody can be guilty.
        clean["challenge_guilty_draw"] = official["challenge_guilty_draw"]
        clean["challenge_wrong_draw"] = official["challenge_wrong_draw"]
    if clean["scoring"] != scoring.WINNER_TAKES_POINTS:
        clean["team_scores_partner_hand"] = official["team_scores_partner_hand"]
    return clean


def options_key(options: Mapping[str, Any], players: int) -> str:
    """One key per set of options that play alike (with the engine's version)."""
    data = {"engine": ENGINE_VERSION, "options": relevant_options(options, players)}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:40]


@dataclass
class Sample:
    """Rounds played by the engine: what each side scored, turns and cards drawn.

    Seats are counted from the dealer in the order of play (0 = the dealer), so that a
    round can be replayed with the deal moved on by shifting every seat by one.
    """

    scores: list[tuple[tuple[int, int], ...]] = field(default_factory=list)  # (side, points)
    turns: list[int] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)
    blocked: int = 0


def play_rounds(
    options: Mapping[str, Any], players: int, count: int, rng: random.Random, sample: Sample
) -> None:
    rules = Rules.from_options(options)
    score_rules = scoring.Rules.from_options({**opts.official(), **options})
    sides = scoring.side_count(players, score_rules)
    step = -1 if rules.counterclockwise else 1
    for _ in range(count):
        out = play_round(rules, players, rng, KNOBS, dealer=0)
        points = scoring.round_scores(score_rules, players, round_result(out, score_rules))
        # Side s holds seat s (and s + n/2 in pairs); in the order of play from the dealer
        # seat s is position s * step, whose side is that position modulo the sides.
        sample.scores.append(
            tuple(((side * step) % players % sides, p) for side, p in enumerate(points) if p)
        )
        sample.turns.append(out.turns)
        sample.drawn.append(out.drawn)
        sample.blocked += out.blocked


def draw_games(
    sample: Sample,
    indices: range | list[int],
    sides: int,
    goal: int,
    games: int,
    rng: random.Random,
) -> tuple[list[int], list[int]]:
    """Games made of rounds drawn from the sample: (rounds, turns) of each game.

    A game ends when a side's total reaches the goal (scoring.is_over: a target score or
    the rounds to win); the deal passes one seat each round.
    """
    scores, turns = sample.scores, sample.turns
    pool = list(indices)
    size = len(pool)
    random_ = rng.random
    rounds_of, turns_of = [], []
    for _ in range(games):
        totals = [0] * sides
        played = 0
        game_turns = 0
        over = False
        while not over and played < MAX_GAME_ROUNDS:
            i = pool[int(random_() * size)]
            for side, points in scores[i]:
                s = (side + played) % sides
                totals[s] += points
                if totals[s] >= goal:
                    over = True
            game_turns += turns[i]
            played += 1
        rounds_of.append(played)
        turns_of.append(game_turns)
    return rounds_of, turns_of


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def estimate(
    options: Mapping[str, Any],
    players: int,
    *,
    seed: int = 19,
    cpu_seconds: float = 1.0,
    min_rounds: int | None = None,
    max_rounds: int = 20_000,
) -> dict[str, Any]:
    """The figures of a game under these options for this many players (see the module).

    At least ``min_rounds`` rounds are played (1,000 on the full budget of 1 s).
    """
    if min_rounds is None:
        min_rounds = max(100, round(1000 * min(1.0, cpu_seconds)))
    options = {**opts.official(), **options}
    score_rules = scoring.Rules.from_options(options)
    error = scoring.player_count_error(players, score_rules)
    if error:
        raise ValueError(error)
    sides = scoring.side_count(players, score_rules)
    goal = score_rules.goal
    rng = random.Random(seed)
    sample = Sample()
    start = time.process_time()
    target = min_rounds
    while True:
        play_rounds(options, players, target - len(sample.turns), rng, sample)
        n = len(sample.turns)
        rounds_per_game = _rounds_guess(sample, sides, goal)
        relative_error = _relative_error(sample, sides, goal, rounds_per_game, rng)
        spent = time.process_time() - start
        if relative_error <= TARGET_RELATIVE_ERROR or n >= max_rounds:
            break
        # Rounds needed for the target, from the error shrinking as 1/sqrt(n).
        wanted = n * (relative_error / TARGET_RELATIVE_ERROR) ** 2 * 1.1
        affordable = n * (cpu_seconds / spent) * 0.9 if spent else wanted
        target = int(min(wanted, affordable, max_rounds, 4 * n))
        if target <= n:
            break
    games = _games_for(rounds_per_game, 200_000, 400)
    rounds, turns = draw_games(sample, range(n), sides, goal, games, rng)
    return _figures(players, sample, rounds, turns, relative_error, start)


def _relative_error(
    sample: Sample, sides: int, goal: int, rounds_per_game: float, rng: random.Random
) -> float:
    """The 95 % relative error of the mean rounds a game, from the sample's batch means."""
    n = len(sample.turns)
    per_batch = _games_for(rounds_per_game, 100_000 / BATCHES, 40)
    means = []
    for b in range(BATCHES):
        r, _t = draw_games(sample, range(b, n, BATCHES), sides, goal, per_batch, rng)
        means.append(statistics.fmean(r))
    standard_error = statistics.stdev(means) / math.sqrt(BATCHES)
    return 1.96 * standard_error / statistics.fmean(means)


def _figures(
    players: int,
    sample: Sample,
    rounds: list[int],
    turns: list[int],
    relative_error: float,
    start: float,
) -> dict[str, Any]:
    """The estimate's figures, from the games drawn (``start``: the process time it began)."""
    n = len(sample.turns)
    games = len(rounds)
    endless = sum(r >= MAX_GAME_ROUNDS for r in rounds)
    keep = list(zip(rounds, turns, strict=True))[:GAMES_KEPT]
    return {
        "players": players,
        "rounds": {
            "mean": statistics.fmean(rounds),
            "p10": quantile(rounds, 0.1),
            "p90": quantile(rounds, 0.9),
            "relative_error_95": relative_error,
        },
        "turns_per_round": statistics.fmean(sample.turns),
        "drawn_per_round": statistics.fmean(sample.drawn),
        "turns_per_game": statistics.fmean(turns),
        "games": keep,
        "endless_share": endless / len(rounds),
        "rounds_simulated": n,
        "games_drawn": games,
        "ran_out_share": sample.blocked / n,
        "cpu_seconds": round(time.process_time() - start, 3),
        "engine_version": ENGINE_VERSION,
    }


def _rounds_guess(sample: Sample, sides: int, goal: int) -> float:
    """A rough number of rounds per game, to size the resampling (goal / points a round)."""
    n = len(sample.scores)
    best_side = [0] * sides
    for i, entries in enumerate(sample.scores):
        for side, points in entries:
            best_side[(side + i) % sides] += points
    per_round = max(best_side) / n if n else 0
    return goal / per_round if per_round else MAX_GAME_ROUNDS


def _games_for(rounds_per_game: float, budget: float, least: int) -> int:
    """Enough games that drawing them costs about ``budget`` rounds (at least ``least``)."""
    return int(max(least, min(20_000, budget / max(1.0, rounds_per_game))))
