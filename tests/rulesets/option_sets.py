"""Option sets for the tests that read every text of many rule sets: every pair of values
of any two options together at least once, then a few random sets.

A text can depend on two options at once (a rule's variant, a "when" condition, a count in
a pairs game): random sets find most such pairs, a covering set finds all of them, in far
fewer sets. Built greedily and seeded, so it is the same on every run.
"""

from __future__ import annotations

import functools
import itertools
import random

from domain import options as opts


def sample_values(option) -> list:
    """Every value of a choice; a number at its bounds, its official value and around it, 1,
    and for cards drawn 4."""
    if option.kind != opts.INT:
        return list(option.values())
    picks = {option.minimum, option.maximum, option.official, option.official + 1}
    if option.minimum <= 1 <= option.maximum:
        picks.add(1)
    if option.unit is opts.CARD and option.minimum <= 4 <= option.maximum:
        picks.add(4)  # a Wild Draw Four's own four: "4 cards instead of four" said nothing
    return sorted(v for v in picks if option.minimum <= v <= option.maximum)


def every_pair(seed: int = 2, tries: int = 8) -> list[dict]:
    """Option sets in which any two values of two different options meet at least once."""
    return [dict(options) for options in _every_pair(seed, tries)]


@functools.cache  # built once per process: two test modules read it
def _every_pair(seed: int, tries: int) -> tuple[dict, ...]:
    rng = random.Random(seed)
    values = {o.key: sample_values(o) for o in opts.OPTIONS}
    keys = list(values)
    missing = {
        (a, x, b, y)
        for a, b in itertools.combinations(keys, 2)
        for x in values[a]
        for y in values[b]
    }
    order = {key: i for i, key in enumerate(keys)}

    def pair(a, x, b, y):
        return (a, x, b, y) if order[a] < order[b] else (b, y, a, x)

    sets = []
    while missing:
        best, best_gain = None, -1
        candidates = sorted(missing, key=repr)
        for _ in range(tries):
            a, x, b, y = rng.choice(candidates)
            chosen = {a: x, b: y}
            for key in rng.sample(keys, len(keys)):
                if key in chosen:
                    continue
                chosen[key] = max(
                    values[key],
                    key=lambda v: (
                        sum(pair(key, v, k, w) in missing for k, w in chosen.items()),
                        rng.random(),
                    ),
                )
            gain = sum(
                pair(a, chosen[a], b, chosen[b]) in missing
                for a, b in itertools.combinations(keys, 2)
            )
            if gain > best_gain:
                best, best_gain = chosen, gain
        missing -= {pair(a, best[a], b, best[b]) for a, b in itertools.combinations(keys, 2)}
        sets.append(best)
    return tuple(sets)


def option_sets(random_sets: int, seed: int) -> list[dict]:
    """Every preset, the sets that hold every pair of values, and ``random_sets`` more."""
    from rulesets.presets import PRESETS

    rng = random.Random(seed)
    randoms = [{o.key: rng.choice(o.values()) for o in opts.OPTIONS} for _ in range(random_sets)]
    return [dict(p.options) for p in PRESETS] + every_pair() + randoms
