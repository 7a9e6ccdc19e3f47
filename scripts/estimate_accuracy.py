"""How accurate is an estimate? Compares it with a long direct simulation of whole games.

For a few rule sets: GAMES whole games played round after round by the engine (the deal
passing as domain/scoring.py says, until scoring.is_over), against ESTIMATES estimates
(estimates.compute.estimate, each with its own seed and its budget of about 1 s of CPU).
Prints, per rule set, the direct mean and its 95 % interval, the estimates' mean, how far
each estimate falls from the direct mean (the largest and the 95th percentile, in %), and
the CPU time of one estimate. Run: .venv/bin/python scripts/estimate_accuracy.py
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain import scoring  # noqa: E402
from engine import Rules, play_round, round_result  # noqa: E402
from estimates.compute import estimate  # noqa: E402
from rulesets.presets import BY_SLUG  # noqa: E402

CASES = [
    ("official", {}, 2),
    ("official", {}, 4),
    ("party", {}, 4),
    ("teams-to-100", {}, 4),
    ("official", {"scoring": "lowest_total_wins", "direction": "counterclockwise"}, 5),
    ("official", {"scoring": "round_wins", "rounds_to_win": 3}, 3),
]


def direct_games(options: dict, players: int, games: int, seed: int) -> list[int]:
    rules = Rules.from_options(options)
    score_rules = scoring.Rules.from_options(options)
    rng = random.Random(seed)
    lengths = []
    for _ in range(games):
        first_dealer = rng.randrange(players)
        totals = [0] * scoring.side_count(players, score_rules)
        played = 0
        while not scoring.is_over(score_rules, totals):
            played += 1
            dealer = scoring.dealer(first_dealer, played, players, score_rules)
            out = play_round(rules, players, rng, dealer=dealer)
            scores = scoring.round_scores(score_rules, players, round_result(out, score_rules))
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
        lengths.append(played)
    return lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--estimates", type=int, default=20)
    args = parser.parse_args()
    print(
        f"{'rules':<34} {'n':>2} {'direct mean ± 95 %':>20} {'estimates':>9} "
        f"{'max off':>8} {'p95 off':>8} {'cpu s':>6}"
    )
    for slug, changes, players in CASES:
        options = {**BY_SLUG[slug].options, **changes}
        lengths = direct_games(options, players, args.games, seed=2019)
        mean = statistics.fmean(lengths)
        half = 1.96 * statistics.stdev(lengths) / math.sqrt(len(lengths))
        means, cpu = [], []
        for seed in range(args.estimates):
            start = time.process_time()
            means.append(estimate(options, players, seed=1000 + seed)["rounds"]["mean"])
            cpu.append(time.process_time() - start)
        off = sorted(abs(m - mean) / mean * 100 for m in means)
        p95 = off[math.ceil(0.95 * len(off)) - 1]
        label = slug + (" " + ",".join(f"{k}={v}" for k, v in changes.items()) if changes else "")
        print(
            f"{label[:34]:<34} {players:>2} {mean:>11.2f} ± {half:>5.2f} "
            f"{statistics.fmean(means):>9.2f} {max(off):>7.1f}% {p95:>7.1f}% "
            f"{statistics.fmean(cpu):>6.2f}"
        )


if __name__ == "__main__":
    main()
