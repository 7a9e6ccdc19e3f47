"""The production shape under a light load while its parts fail (issue 42, point 2).

gunicorn (two sync workers) behind deploy/nginx.conf, on a PostgreSQL cluster and a Redis of
this test's own (throwaway, so that stopping them touches no other test). Two tables of three
play at once, two phones each: every phone opens the scoreboard, polls it and records rounds,
each round with a submission id of its own. A phone that gets no answer, or the 503 "try
again" page, sends the same round again, as the app's own phones do, until it is recorded.
Meanwhile: Redis is stopped for 30 s and started again, PostgreSQL is restarted, and one
gunicorn worker is killed with SIGKILL in the middle of a request.

No answer is a 5xx other than a 503 (the app's "try again" page, or nginx's "busy" page while
a worker is away); every round a phone saw confirmed is in the database exactly once, and
no round is there that no phone sent. The figures are printed (pytest -s shows them) and
kept in test-artifacts/faults.txt.
It runs in `make test-production` (the production shape's suite, in .ci/run), which sets
DATABASE_URL to a PostgreSQL: a minute of load on one worker, left out of `make test`, whose
served run it would hold up by that minute (issue 42 asks for it under test-production).
Skipped where PostgreSQL is not installed (`make test-production` installs it).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import threading
import time
import uuid
from collections import Counter
from contextlib import suppress
from pathlib import Path

import pytest

from tests.hardening.test_logs import Proxy
from tests.hardening.test_restart import Phone
from tests.hardening.test_serving import NGINX, start_nginx, stop_group, wait_until_up
from tests.hardening.test_worker_restart import Cluster
from tests.rulesets.test_views import form_data
from tests.served import ROOT, RedisServer, Server, _free_port
from unosite.front import nginx_config

pytestmark = [
    pytest.mark.served,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="the production shape's fault test: make test-production runs it",
    ),
]

ARTIFACTS = ROOT / "test-artifacts"
REDIS_DOWN = 30  # seconds, as issue 42 asks
READ_BACK = """
import django, json
django.setup()
from play.models import Round
print(json.dumps([str(r.submission_id) for r in Round.objects.filter(game__code={code!r})]))
"""


class Figures:
    """What every phone saw, counted under a lock (the phones are threads)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses: Counter[int] = Counter()  # 0: no answer (connection refused or cut)
        self.phase = "before"  # which fault is on, set by the test as it goes
        self.by_phase: dict[str, Counter[int]] = {}
        self.bad: list[tuple[str, str, int, str]] = []  # the 5xx other than 503
        self.sent: dict[str, set[str]] = {}  # game code: submission ids sent
        self.confirmed: dict[str, set[str]] = {}  # game code: submission ids answered 302
        self.errors: list[str] = []  # what stopped a phone

    def count(self, method: str, path: str, status: int, text: str) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.by_phase.setdefault(self.phase, Counter())[status] += 1
            if status >= 500 and status != 503:
                self.bad.append((method, path, status, text[:300]))


class TablePhone(threading.Thread):
    """A phone at the table: opens the scoreboard, polls it, records a round, and again."""

    def __init__(self, port: int, game: str, seat: int, figures: Figures, stop: threading.Event):
        super().__init__(daemon=True)
        self.phone = Phone(Proxy(port))
        self.game, self.seat, self.figures, self.stop = game, seat, figures, stop
        self.rng = random.Random(f"{game}{seat}")

    def send(self, method: str, path: str, fields=None) -> tuple[int, dict, str]:
        try:
            status, headers, text = self.phone.send(method, path, fields)
        except (OSError, http.client.HTTPException):
            status, headers, text = 0, {}, ""
        self.figures.count(method, path, status, text)
        return status, headers, text

    def record(self, sid: str) -> None:
        """Sends the round until it is answered as saved (the same submission id each time)."""
        path = f"/g/{self.game}/"
        fields = {"went_out": str(self.seat), "submission_id": sid}
        fields |= {f"hand_{s}": "1" for s in range(3) if s != self.seat}
        with self.figures.lock:
            self.figures.sent[self.game].add(sid)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if not self.phone.token and self.send("GET", path)[0] != 200:
                time.sleep(0.5)
                continue
            status, _headers, text = self.send("POST", f"{path}rounds/new/", fields)
            if status == 302:
                with self.figures.lock:
                    self.figures.confirmed[self.game].add(sid)
                return
            if status not in (0, 503):  # anything but "try again" is a bug here
                with self.figures.lock:
                    title = re.search(r"<title>(.*?)</title>", text, re.S)
                    said = title.group(1) if title else text[:200]
                    self.figures.errors.append(f"round post: {status} {said!r}")
                self.phone.token = ""  # the page is opened again before the next try
            time.sleep(0.5)  # "sending the same form again is safe": the phone does, soon
        with self.figures.lock:
            self.figures.errors.append(f"round {sid} of {self.game} never got through")

    def run(self) -> None:
        while not self.stop.is_set():
            self.send("GET", f"/g/{self.game}/")
            self.send("GET", f"/g/{self.game}/board/")
            self.record(str(uuid.uuid4()))
            time.sleep(self.rng.uniform(0.4, 1.0))


def _workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def _answering(workers: list[int], port: int) -> int | None:
    """The worker that holds a connection from nginx open (a sync worker closes each one
    when it has answered: one open is a request in the middle of being answered)."""
    open_ones = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "01" and int(fields[1].split(":")[1], 16) == port:  # ESTABLISHED
            open_ones.add(f"socket:[{fields[9]}]")
    for pid in workers:
        with suppress(OSError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with suppress(OSError):
                    if os.readlink(fd) in open_ones:
                        return pid
    return None


def _kill_a_worker_answering(server: Server) -> int:
    """SIGKILL to a worker in the middle of a request (the load sends one often)."""
    workers = _workers(server.proc.pid)
    assert len(workers) == 2, workers
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        pid = _answering(workers, server.port)
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
            return pid
        time.sleep(0.002)
    raise AssertionError("no worker was answering a request in 20 s")


def _start_game(port: int, names: list[str]) -> str:
    creator = Phone(Proxy(port))
    creator.get("/rules/new/")
    code = creator.post("/rules/new/", form_data(name="Fault rules")).split("/")[2]
    creator.get(f"/r/{code}/play/")
    start = {"name": names, "dealer": "1", "submission_id": str(uuid.uuid4())}
    return creator.post(f"/r/{code}/play/", start).split("/")[2]


def _faults(figures: Figures, server: Server, cluster: Cluster, redis: RedisServer) -> None:
    """The faults, one after the other, a few seconds apart, while the phones play."""
    time.sleep(5)
    # 1. Redis stops for 30 s (a crash, an upgrade), then starts again, empty.
    figures.phase = "redis stopped"
    redis.stop()
    time.sleep(REDIS_DOWN)
    redis.start()
    figures.phase = "redis back"
    time.sleep(5)
    # 2. PostgreSQL restarts (an upgrade, a restart of its own).
    figures.phase = "postgresql restarting"
    cluster.stop()
    time.sleep(1)
    cluster.start()
    figures.phase = "postgresql back"
    time.sleep(5)
    # 3. A gunicorn worker is killed in the middle of a request (out of memory, a
    # crash); gunicorn starts another in its place.
    figures.phase = "worker killed"
    killed = _kill_a_worker_answering(server)
    time.sleep(5)
    workers = _workers(server.proc.pid)
    assert len(workers) == 2 and killed not in workers, (killed, workers)
    figures.phase = "after"
    time.sleep(5)


@pytest.fixture
def production(tmp_path):
    """gunicorn and nginx on a PostgreSQL cluster and a Redis of this test's own."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed: `make test` installs it from Debian's packages")
    cluster = Cluster()
    redis = RedisServer(tmp_path)
    server = Server(tmp_path / "unused.sqlite3", tmp_path / "gunicorn.log", workers=2)
    nginx = None
    try:
        redis.start()
        server.env["DATABASE_URL"] = cluster.url
        server.env["REDIS_URL"] = redis.url
        server.migrate()
        server.start()
        port = _free_port()
        config = nginx_config(tmp_path, port, server.port)
        nginx = start_nginx(config, tmp_path)
        wait_until_up(port, nginx, tmp_path / "error.log", 20)
        yield port, server, cluster, redis
    finally:
        if nginx is not None:
            start_nginx, stop_group(nginx)
        server.stop(signal.SIGKILL)
        redis.stop()
        cluster.remove()


def _print(figures: Figures, found: dict[str, list[str]], seconds: float, phones: int) -> None:
    """The figures for the notes: printed (pytest -s shows them; a failing test shows them
    always) and kept in test-artifacts/faults.txt (a CI run's pytest shows no output)."""
    requests = sum(figures.statuses.values())
    fives = sum(n for status, n in figures.statuses.items() if status >= 500)
    sent = sum(len(ids) for ids in figures.sent.values())
    confirmed = sum(len(ids) for ids in figures.confirmed.values())
    in_database = sum(len(ids) for ids in found.values())
    lines = [
        f"faults under load ({seconds:.0f} s, {phones} phones at {len(found)} tables): "
        f"{requests} requests, {fives} 5xx of which {figures.statuses[503]} 503, "
        f"{figures.statuses[0]} without an answer; rounds sent {sent}, confirmed {confirmed}, "
        f"found {in_database}",
        *(f"  {phase}: {dict(sorted(s.items()))}" for phase, s in figures.by_phase.items()),
    ]
    print("\n" + "\n".join(lines))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "faults.txt").write_text("\n".join(lines) + "\n")


def test_redis_stopped_postgresql_restarted_and_a_worker_killed_under_load(production):
    port, server, cluster, redis = production
    games = [_start_game(port, ["Ann", "Ben", "Cat"]), _start_game(port, ["Dan", "Eve", "Fay"])]
    figures = Figures()
    for game in games:
        figures.sent[game], figures.confirmed[game] = set(), set()
    stop = threading.Event()
    phones = [TablePhone(port, game, seat, figures, stop) for game in games for seat in (0, 1)]
    for phone in phones:
        phone.start()
    began = time.monotonic()
    try:
        _faults(figures, server, cluster, redis)
    finally:
        stop.set()
        for phone in phones:
            phone.join(timeout=120)
        found = {game: json.loads(server.python(READ_BACK.format(code=game))) for game in games}
        _print(figures, found, time.monotonic() - began, len(phones))
    assert not any(phone.is_alive() for phone in phones)
    assert not figures.bad, (len(figures.bad), figures.bad[:3])
    assert not figures.errors, (len(figures.errors), figures.errors[:3])
    for game in games:
        counts = Counter(found[game])
        assert [sid for sid, n in counts.items() if n > 1] == []  # none doubled
        assert set(counts) - figures.sent[game] == set()  # none invented
        assert figures.confirmed[game] - set(counts) == set()  # none lost
        assert figures.confirmed[game] == figures.sent[game]  # every phone got through
    # The faults did happen under load: rounds went through while Redis was away, and
    # after each fault.
    after = {
        "Redis": figures.by_phase["redis back"],
        "PostgreSQL": figures.by_phase["postgresql back"],
        "the worker": figures.by_phase["worker killed"] + figures.by_phase["after"],
    }
    assert figures.by_phase["redis stopped"][302] > 0
    assert all(statuses[302] > 0 for statuses in after.values()), after
