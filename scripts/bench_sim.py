"""make bench-sim: rounds per second of the engine beside rlcard's UNO game.

The engine plays the official rules with 2 and 4 players and the party preset with 4, and
the official rules with the 112-card deck (a Wild Shuffle Hands, three blank Wilds) with 2;
rlcard's UnoGame (its one rule set, 7 cards, no house rules) plays the same player counts,
every player choosing a random legal move. rlcard runs in its own throwaway environment
(``--rlcard-python``), in a child process that this script drives, so that both are timed
in the same minutes, in alternating slices (the machine is shared and its load moves).
Each figure is the median of the slices. Prints a table and writes bench/sim-results.json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Rules, play_round  # noqa: E402
from rulesets.presets import BY_SLUG  # noqa: E402

# (preset, players, options changed): the figures' keys are "official-2", "official-112-2".
CASES = [
    ("official", 2, {}),
    ("official", 4, {}),
    ("party", 4, {}),
    ("official", 2, {"deck": "modern_112"}),
]

# Runs inside rlcard's environment: reads "players seconds" lines, answers "rounds seconds".
RLCARD_CHILD = r"""
import random, sys, time
import numpy as np
from rlcard.games.uno.game import UnoGame

games = {}
rng = random.Random(19)
for line in sys.stdin:
    players, seconds = line.split()
    players, seconds = int(players), float(seconds)
    game = games.get(players)
    if game is None:
        game = games[players] = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(19)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
        rounds += 1
    print(rounds, time.perf_counter() - start, flush=True)
"""


def engine_slice(rules: Rules, players: int, rng: random.Random, seconds: float) -> float:
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_round(rules, players, rng, dealer=rounds % players)
        rounds += 1
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rlcard-python", required=True, help="python of rlcard's venv")
    parser.add_argument("--slices", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--out", default=str(ROOT / "bench" / "sim-results.json"))
    args = parser.parse_args()

    child = subprocess.Popen(
        [args.rlcard_python, "-c", RLCARD_CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def rlcard_slice(players: int, seconds: float) -> float:
        child.stdin.write(f"{players} {seconds}\n")
        child.stdin.flush()
        rounds, elapsed = child.stdout.readline().split()
        return int(rounds) / float(elapsed)

    rng = random.Random(19)
    figures: dict[str, dict] = {}
    try:
        for slug, players, changes in CASES:
            rules = Rules.from_options({**BY_SLUG[slug].options, **changes})
            engine_slice(rules, players, rng, 0.2)  # warm up both
            rlcard_slice(players, 0.2)
            ours, theirs = [], []
            for _ in range(args.slices):
                ours.append(engine_slice(rules, players, rng, args.seconds))
                theirs.append(rlcard_slice(players, args.seconds))
            engine_rate, rlcard_rate = statistics.median(ours), statistics.median(theirs)
            deck = "-112" if changes.get("deck") == "modern_112" else ""
            figures[f"{slug}{deck}-{players}"] = {
                "rules": slug,
                "deck": changes.get("deck", "classic_108"),
                "players": players,
                "engine_rounds_per_second": round(engine_rate, 1),
                "rlcard_rounds_per_second": round(rlcard_rate, 1),
                "ratio_to_rlcard": round(engine_rate / rlcard_rate, 2),
            }
    finally:
        child.stdin.close()
        child.wait(timeout=30)

    print(f"{'case':<16} {'engine rounds/s':>16} {'rlcard rounds/s':>16} {'ratio':>7}")
    for key, row in figures.items():
        print(
            f"{key:<16} {row['engine_rounds_per_second']:>16.0f} "
            f"{row['rlcard_rounds_per_second']:>16.0f} {row['ratio_to_rlcard']:>7.2f}"
        )
    print("rlcard plays its own fixed rules in every case (108 cards, 7 a hand, no house rules).")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


if __name__ == "__main__":
    main()
