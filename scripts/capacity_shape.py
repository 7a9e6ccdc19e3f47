"""The evening fills up: more and more tables, until one of them would feel it.

Loaded beside scripts/locustfile.py by scripts/capacity.py (``-f locustfile.py,capacity_shape.py``).
It runs on Locust's master only. First a few tables play for ``--warm-up-seconds``, not judged
(each server process renders its first pages, fills its caches and opens its connections: what a
server does once after a deploy, not what a table feels all evening). Then come the steps
(``--tables 50,100,200,...``): in each, the new tables sit down over ``--arrive-seconds`` (their
rules, card and game started: counted apart and reported, since a hundred tables sitting down
in the same half-minute is a burst no evening has), then all of them play for
``--step-seconds``, judged: the step holds when the 99th percentile of every kind of table
request is at most ``--p99-ms`` while they play, and nothing failed in either part (no 5xx,
no error, no time-out, no lost or doubled round). The tables of a step play on through the
next ones, so step k is k tables at once. After the first step that does not hold, the gap
between the most tables held and the fewest not held is halved (tables leave or sit down)
until it is within 5 % or 10 tables; any failure ends the run at once. What
each step saw is written to ``--steps-out`` (JSON), with what the tables found when they read
their games back at the end.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from locust import LoadTestShape, events

WORKER_REPORT_SECONDS = 3  # how often Locust's worker processes report to the master
WARM_UP_TABLES = 10
# Kinds that are not requests: the tables' checks of their rounds, and a change reaching
# a phone, through its stream (judged by --change-p99-ms) or otherwise (a polling phone,
# the saving phone's own page: reported).
NOT_REQUESTS = {"CHECK", "PUSH", "PUSH-POLL"}


@events.init_command_line_parser.add_listener
def _options(parser):
    group = parser.add_argument_group("Capacity steps")
    group.add_argument("--tables", default="50,100,200", help="tables at each step")
    group.add_argument("--step-seconds", type=float, default=60.0, help="of play, judged")
    group.add_argument("--arrive-seconds", type=float, default=30.0, help="new tables sit down")
    group.add_argument("--p99-ms", type=float, default=200.0)
    group.add_argument(
        "--change-p99-ms", type=float, default=1000.0, help="a change on every phone, p99"
    )
    group.add_argument(
        "--warm-up-seconds", type=float, default=30.0, help="a few tables first, not judged"
    )
    group.add_argument("--steps-out", default="", help="JSON file for the steps")


def window(stats) -> dict:
    """What the requests since the last reset did: per kind, and every failure."""
    kinds = {}
    for (name, method), entry in sorted(stats.entries.items()):
        if not entry.num_requests and not entry.num_failures:
            continue
        kinds[name] = {
            "method": method,
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            "p50_ms": entry.get_response_time_percentile(0.5) if entry.num_requests else 0,
            "p99_ms": entry.get_response_time_percentile(0.99) if entry.num_requests else 0,
        }
    errors = [
        {"kind": e.name, "error": str(e.error)[:300], "count": e.occurrences}
        for e in stats.errors.values()
    ]
    return {"kinds": kinds, "errors": errors, "requests": stats.total.num_requests}


class Evening(LoadTestShape):
    """Warm-up, then for each step: its tables arrive, then they play (judged); then the
    wrap-up, in which every table ends its evening."""

    def __init__(self):
        super().__init__()
        self.steps: list[dict] = []
        self.phase = "warm-up"
        self.began = 0.0
        self.arrival: dict = {}
        self.emptied: float | None = None
        self.previous = self.target = WARM_UP_TABLES
        self.held = 0  # the most tables held so far
        self.failed: int | None = None  # the fewest not held (on latency alone)

    @property
    def options(self):
        return self.runner.environment.parsed_options

    def tick(self):
        o = self.options
        now = time.time()
        self.began = self.began or now
        if self.phase == "warm-up" and now - self.began >= o.warm_up_seconds:
            self.step_to(self.next_target(), now)
        elif self.phase == "arrive" and now - self.began >= o.arrive_seconds:
            # Counted apart: the burst of tables sitting down at once is not the evening.
            self.arrival = window(self.runner.stats)
            self.next_phase("hold", now)
        elif self.phase == "hold" and now - self.began >= o.step_seconds:
            self.judge(self.target, now)
            self.step_to(self.next_target(), now)
        if self.phase == "wrap-up":
            return self.wrap_up(now)
        return self.target, max(abs(self.target - self.previous), 1) / o.arrive_seconds

    def next_target(self) -> int | None:
        """Up the steps of --tables until one is not held; then halve the gap between the
        most held and the fewest not held, to within 5 % (or 10 tables). None: done, and
        at once after any failure (a 5xx, an error, a lost round), whatever the latency."""
        if self.steps and self.steps[-1]["failures"]:
            return None
        if self.failed is None:
            climb = [int(n) for n in self.options.tables.split(",")]
            return next((n for n in climb if n > self.held), None)
        if not self.held or self.failed - self.held <= max(10, self.held // 20):
            return None
        return self.held + max(10, (self.failed - self.held) // 2 // 10 * 10)

    def step_to(self, target: int | None, now: float) -> None:
        if target is None:
            self.next_phase("wrap-up", now)
        else:
            self.previous, self.target = self.target, target
            self.next_phase("arrive", now)

    def next_phase(self, phase: str, now: float) -> None:
        self.phase, self.began = phase, now
        self.runner.stats.reset_all()  # each phase counted alone

    def wrap_up(self, now: float):
        """Every table ends its evening (each reads its game back), then a few seconds for
        the last reports of the worker processes; then the run ends."""
        if self.runner.user_count:
            self.emptied = None
            return 0, 100
        self.emptied = self.emptied or now
        return None if now - self.emptied > 2 * WORKER_REPORT_SECONDS else (0, 100)

    def judge(self, tables: int, now: float) -> bool:
        seen = window(self.runner.stats)
        user_count = self.runner.user_count
        # Requests are judged by their p99; a change reaching the phones (not a request: from
        # a round's save to each phone of its table holding the new board) by its own.
        worst = max(
            (k["p99_ms"] for k in seen["kinds"].values() if k["method"] not in NOT_REQUESTS),
            default=0,
        )
        change = max(
            (k["p99_ms"] for k in seen["kinds"].values() if k["method"] == "PUSH"), default=0
        )
        failures = sum(
            k["failures"] for k in [*seen["kinds"].values(), *self.arrival["kinds"].values()]
        )
        passed = (
            worst <= self.options.p99_ms
            and change <= self.options.change_p99_ms
            and not failures
            and user_count == tables
        )
        if passed:
            self.held = max(self.held, tables)
        else:
            self.failed = tables if self.failed is None else min(self.failed, tables)
        arrival_worst = max(
            (
                k["p99_ms"]
                for k in self.arrival["kinds"].values()
                if k["method"] not in NOT_REQUESTS
            ),
            default=0,
        )
        self.steps.append(
            {
                "tables": tables,
                "tables_playing": user_count,
                "began": self.began,
                "ended": now,
                "worst_p99_ms": worst,
                "change_to_phone_p99_ms": change,
                "failures": failures,
                "passed": passed,
                "arrival": {"worst_p99_ms": arrival_worst, **self.arrival},
                **seen,
            }
        )
        save(self.runner.environment, self.steps)
        return passed


def save(environment, steps, wrap_up=None) -> None:
    out = environment.parsed_options.steps_out
    if out:
        Path(out).write_text(json.dumps({"steps": steps, "wrap_up": wrap_up}, indent=1))


@events.quitting.add_listener
def _wrap_up(environment, **_kwargs):
    """After the last step the tables end their evenings and read their games back."""
    shape = environment.shape_class
    if isinstance(shape, Evening) and environment.runner is not None:
        wrap_up = window(environment.runner.stats)
        wrap_up["exceptions"] = [
            {"count": e["count"], "error": e["msg"][:300]}
            for e in environment.runner.exceptions.values()
        ]
        save(environment, shape.steps, wrap_up)
