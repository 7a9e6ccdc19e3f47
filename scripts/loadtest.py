#!/usr/bin/env python
"""make loadtest: many tables at once against the app as served, then count every round.

The app runs as `make run` serves it: gunicorn with sync workers, DEBUG off, on a new
file SQLite database in a temporary folder (rate limits off for the run). One rule set
is written through the real form; then each simulated table (a thread, one phone):

* opens the start form and starts a game of 2-6 players through it (CSRF and all);
* polls its scoreboard (``board/``) with ``If-None-Match``, as the page does;
* now and then records a round through the game page's form: the submission id is the
  one the page carries, a post that fails or is not answered is sent again with the same
  id, and once in a while a round is sent twice on purpose (a double tap); after a round
  it follows the redirect back to the game page, as a phone does.

At the end the server is stopped and the database read directly: every round a table
sent and had acknowledged must be there exactly once, in order, with no round nobody
sent; each game's JSON export must agree. It exits non-zero on any 5xx, lost,
duplicated or unexpected round, or error, and prints rounds recorded against rounds sent.
Bounded to about a minute: ``--seconds`` of play plus start-up and checks.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from contextlib import closing, suppress
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
GRACE = 10.0  # seconds after the end of play in which unanswered posts are retried


# --- Reading forms as a browser does ---------------------------------------------------


class FormReader(HTMLParser):
    """The fields a browser would send for each form of a page, by its action."""

    def __init__(self):
        super().__init__()
        self.forms: dict[str, list[tuple[str, str]]] = {}
        self._action: str | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._action = a.get("action", "").split("#", 1)[0]
            self.forms.setdefault(self._action, [])
            return
        if self._action is None:
            return
        fields = self.forms[self._action]
        if tag == "option" and self._select:
            name, value = fields[-1]
            if not value or "selected" in a:  # the first option, unless one is selected
                fields[-1] = (name, a.get("value", ""))
            return
        if not a.get("name"):
            return
        kind = a.get("type", "text")
        if tag == "input" and kind not in ("radio", "checkbox", "submit", "button", "file"):
            fields.append((a["name"], a.get("value", "")))
        elif tag == "input" and kind in ("radio", "checkbox") and "checked" in a:
            fields.append((a["name"], a.get("value", "on")))
        elif tag == "select":
            self._select = a["name"]
            fields.append((a["name"], ""))
        elif tag == "textarea":
            self._textarea = a["name"]
            fields.append((a["name"], ""))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "form":
            self._action = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea and self._action is not None:
            fields = self.forms[self._action]
            name, value = fields[-1]
            fields[-1] = (name, value + data)


def read_forms(html: str) -> dict[str, list[tuple[str, str]]]:
    reader = FormReader()
    reader.feed(html)
    return reader.forms


# --- A phone ---------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, Counter] = defaultdict(Counter)
        self.errors: list[str] = []

    def add(self, kind: str, status: int | str, seconds: float) -> None:
        with self.lock:
            self.latency[kind].append(seconds)
            self.statuses[kind][status] += 1

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


class Phone:
    """Cookies, one keep-alive-free connection per request, timings into ``stats``."""

    def __init__(self, port: int, stats: Stats):
        self.port = port
        self.stats = stats
        self.cookies: dict[str, str] = {}

    def request(self, kind: str, method: str, path: str, fields=None, headers=None):
        send = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        send.update(headers or {})
        body = None
        if fields is not None:
            body = urlencode(fields)
            send["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.monotonic()
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=send)
            response = conn.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException) as exc:
            self.stats.add(kind, type(exc).__name__, time.monotonic() - started)
            raise
        finally:
            conn.close()
        self.stats.add(kind, response.status, time.monotonic() - started)
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        return response.status, response.headers, text


# --- A table ---------------------------------------------------------------------------


class Table(threading.Thread):
    def __init__(self, number: int, port: int, rules: str, args, stats: Stats, start_at: float):
        super().__init__(name=f"table-{number}", daemon=True)
        self.number = number
        self.rules = rules
        self.args = args
        self.stats = stats
        self.phone = Phone(port, stats)
        self.random = random.Random(number)
        self.start_at = start_at
        self.game_path = ""
        self.players = 0
        self.sent: list[str] = []  # submission ids, in the order first sent
        self.acked: list[str] = []
        self.double_taps = 0
        self.refused: list[str] = []
        self.page_html = ""

    # A failure to start is an error of the table (reported), not a crash of the run.
    def run(self):
        try:
            self.start_game()
            self.play(self.start_at + self.args.seconds)
            self.check_export()
        except Exception as exc:  # noqa: BLE001 - every error is reported at the end
            self.stats.error(f"table {self.number}: {type(exc).__name__}: {exc}")

    def _retrying(self, kind, method, path, fields=None, until=None):
        """A request sent again (unchanged) after a 5xx or a lost connection."""
        until = until or time.monotonic() + GRACE
        while True:
            try:
                status, headers, text = self.phone.request(kind, method, path, fields)
            except (OSError, http.client.HTTPException):
                status, headers, text = 0, {}, ""
            if status and status < 500:
                return status, headers, text
            if time.monotonic() >= until:
                raise RuntimeError(f"{method} {path}: no answer but {status} until the deadline")
            retry_after = float(headers.get("Retry-After", 0.2) if headers else 0.2)
            time.sleep(min(retry_after, 1.0) * self.random.uniform(0.5, 1.0))

    def start_game(self):
        path = f"/r/{self.rules}/play/"
        status, _h, html = self._retrying("page", "GET", path)
        assert status == 200, f"start form: {status}"
        fields = [(k, v) for k, v in read_forms(html)[path] if k != "name"]
        self.players = self.random.randint(2, 6)
        fields += [("name", f"Player {i + 1}") for i in range(self.players)]
        status, headers, _text = self._retrying("start", "POST", path, fields)
        assert status == 302, f"start: {status}"
        self.game_path = headers["Location"]
        self.open_game_page()

    def open_game_page(self):
        status, _h, html = self._retrying("page", "GET", self.game_path)
        assert status == 200, f"game page: {status}"
        self.page_html = html

    def play(self, deadline: float):
        etag = ""
        next_round = time.monotonic() + self.random.expovariate(1 / self.args.round_every)
        while time.monotonic() < deadline:
            if time.monotonic() >= next_round:
                self.record_round()
                next_round = time.monotonic() + self.random.expovariate(1 / self.args.round_every)
                continue
            headers = {"If-None-Match": etag} if etag else {}
            try:
                status, got, _text = self.phone.request(
                    "poll", "GET", f"{self.game_path}board/", headers=headers
                )
            except (OSError, http.client.HTTPException):
                status, got = 0, {}
            if status == 200:
                etag = got.get("ETag", "")
            elif status != 304 and status < 500:
                self.stats.error(f"table {self.number}: poll answered {status}")
            time.sleep(self.args.poll * self.random.uniform(0.8, 1.2))

    def record_round(self):
        action = f"{self.game_path}rounds/new/"
        fields = dict(read_forms(self.page_html)[action])
        went_out = self.random.randrange(self.players)
        fields["went_out"] = str(went_out)
        for seat in range(self.players):
            fields[f"hand_{seat}"] = "" if seat == went_out else str(self.random.randint(0, 3))
        submission = fields["submission_id"]
        self.sent.append(submission)
        status, _headers, text = self._retrying("round", "POST", action, list(fields.items()))
        if status != 302:
            self.refused.append(f"{status}: {text[:200]}")
            self.stats.error(f"table {self.number}: a round was answered {status}")
            self.open_game_page()
            return
        self.acked.append(submission)
        if self.random.random() < self.args.double_taps:
            self.double_taps += 1
            again, _h, _t = self._retrying("round", "POST", action, list(fields.items()))
            if again != 302:
                self.stats.error(f"table {self.number}: a double tap was answered {again}")
        self.open_game_page()

    def check_export(self):
        status, _h, text = self._retrying("page", "GET", f"{self.game_path}game.json")
        rounds = len(json.loads(text)["rounds"]) if status == 200 else -1
        if rounds != len(self.acked):
            self.stats.error(
                f"table {self.number}: its game.json has {rounds} rounds, "
                f"{len(self.acked)} were acknowledged"
            )


# --- The server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def server_env(database: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DJANGO_SETTINGS_MODULE="unosite.settings",
        DATABASE_URL=f"sqlite:///{database}",
        CACHE_DIR=str(database.parent / "cache"),
        DEBUG="false",
        ALLOWED_HOSTS=HOST,
        PUBLIC_URL="",
        REDIS_URL="",
        RATE_LIMIT_CREATE_PER_HOUR="0",
        RATE_LIMIT_NOT_FOUND_PER_MINUTE="0",
        LOG_LEVEL="ERROR",
    )
    return env


def start_server(env: dict, port: int, workers: int, log: Path) -> subprocess.Popen:
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "unosite.wsgi", "--bind", f"{HOST}:{port}"]
            + ["--workers", str(workers), "--worker-class", "sync", "--backlog", "2048"]
            + ["--log-level", "warning"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"loadtest: gunicorn exited: {log.read_text()}")
        with suppress(OSError, http.client.HTTPException):
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return proc
        time.sleep(0.1)
    stop_server(proc)
    raise SystemExit("loadtest: gunicorn did not answer in time")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def create_rules(port: int, stats: Stats) -> str:
    """One rule set through the real form: the official rules, played to 5000 points."""
    phone = Phone(port, stats)
    status, _h, html = phone.request("page", "GET", "/rules/new/")
    assert status == 200, status
    fields = dict(read_forms(html)["/rules/new/"])
    fields.update(name="Load test", target_score="5000")
    status, headers, text = phone.request("start", "POST", "/rules/new/", list(fields.items()))
    assert status == 302, (status, text[:500])
    return headers["Location"].split("/")[2]


# --- Counting ------------------------------------------------------------------------


def recorded_rounds(database: Path) -> dict[str, list[tuple[int, str]]]:
    with closing(sqlite3.connect(database)) as db:
        rows = db.execute(
            "SELECT g.code, r.number, r.submission_id FROM play_round r "
            "JOIN play_game g ON g.id = r.game_id ORDER BY g.code, r.number"
        ).fetchall()
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for code, number, submission in rows:
        found[code].append((number, submission))
    return found


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (
        f"p50 {statistics.median(ordered) * 1000:.0f}, p95 {at(0.95):.0f}, "
        f"p99 {at(0.99):.0f}, max {ordered[-1] * 1000:.0f} ms"
    )


def report(tables: list[Table], stats: Stats, database: Path, played: float) -> tuple[int, int]:
    """Prints what happened; returns (rounds passed, failures)."""
    recorded = recorded_rounds(database)
    lost = duplicated = unexpected = unacked = passed = disordered = 0
    problems: list[str] = []
    for table in tables:
        code = table.game_path.strip("/").split("/")[-1] if table.game_path else ""
        rows = recorded.pop(code, [])
        ids = [sid.replace("-", "") for sid in table.acked]
        sent = {sid.replace("-", "") for sid in table.sent}
        counts = Counter(sid for _n, sid in rows)
        if [n for n, _sid in rows] != list(range(1, len(rows) + 1)):
            disordered += 1
            problems.append(f"table {table.number}: round numbers {[n for n, _ in rows]}")
        for sid in ids:
            if counts[sid] == 0:
                lost += 1
            elif counts[sid] > 1:
                duplicated += counts[sid] - 1
            else:
                passed += 1
        unexpected += sum(n for sid, n in counts.items() if sid not in sent)
        unacked += sum(1 for sid in sent if sid not in set(ids))
    unexpected += sum(len(rows) for rows in recorded.values())  # games nobody started
    all_stats = stats.statuses
    server_errors = sum(
        n
        for counter in all_stats.values()
        for status, n in counter.items()
        if isinstance(status, int) and status >= 500
    )
    dropped = sum(
        n
        for counter in all_stats.values()
        for status, n in counter.items()
        if isinstance(status, str)
    )
    sent_total = sum(len(t.sent) for t in tables)
    acked_total = sum(len(t.acked) for t in tables)
    recorded_total = sum(len(rows) for rows in recorded_rounds(database).values())
    requests = sum(sum(c.values()) for c in all_stats.values())

    print(
        f"tables: {len(tables)} played for {played:.0f} s; {requests} requests "
        f"({requests / played:.0f}/s)"
    )
    for kind in ("poll", "round", "page", "start"):
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(all_stats[kind].items(), key=str))
        print(
            f"  {kind:5} {sum(all_stats[kind].values()):6} ({statuses}); {_ms(stats.latency[kind])}"
        )
    print(
        f"rounds: {recorded_total} recorded, {sent_total} sent, {acked_total} acknowledged; "
        f"{sum(t.double_taps for t in tables)} sent twice on purpose"
    )
    print(
        f"  lost {lost}, duplicated {duplicated}, recorded but never sent {unexpected}, "
        f"sent but never acknowledged {unacked}, games out of order {disordered}"
    )
    print(f"server errors (5xx): {server_errors}; connections lost and retried: {dropped}")
    for message in (problems + stats.errors)[:20]:
        print(f"  problem: {message}")
    failed = lost + duplicated + unexpected + unacked + disordered + server_errors
    failed += len(stats.errors)
    print("(passed: rounds acknowledged and recorded exactly once; failed: rounds lost,")
    print(" duplicated, unexpected or unanswered, games out of order, 5xx answers, errors)")
    return passed, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=40.0, help="of play")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between polls")
    parser.add_argument("--round-every", type=float, default=1.5, help="mean seconds")
    parser.add_argument("--double-taps", type=float, default=0.05, help="share of rounds")
    parser.add_argument("--keep", action="store_true", help="keep the database folder")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="house-rules-loadtest-"))
    database = folder / "db.sqlite3"
    env = server_env(database)
    began = time.monotonic()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    port = free_port()
    proc = start_server(env, port, args.workers, folder / "gunicorn.log")
    stats = Stats()
    try:
        print(
            f"loadtest: {args.tables} tables against gunicorn ({args.workers} sync workers) "
            f"on {database}"
        )
        rules = create_rules(port, stats)
        start_at = time.monotonic()
        tables = [Table(i + 1, port, rules, args, stats, start_at) for i in range(args.tables)]
        for table in tables:
            table.start()
        for table in tables:
            table.join(timeout=args.seconds + 3 * GRACE)
            if table.is_alive():
                stats.error(f"table {table.number}: still running at the end")
        played = time.monotonic() - start_at
    finally:
        stop_server(proc)
    if (folder / "gunicorn.log").read_text().strip():
        print("gunicorn said:\n" + (folder / "gunicorn.log").read_text()[-2000:])
    passed, failed = report(tables, stats, database, played)
    print(f"(whole run {time.monotonic() - began:.0f} s)")
    if args.keep:
        print(f"kept {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"loadtest: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
