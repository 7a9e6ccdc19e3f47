"""Many phones at once, as served: gunicorn with sync workers on a file SQLite database.

The app runs in its own processes (DEBUG off, as `make run` serves it), so these tests
use no Django test database: they seed the file database through the app's own code in
a subprocess, post over real connections, and read the result with sqlite3.
"""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
import threading
import uuid
from contextlib import closing
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.served import Server

WORKERS = 4
POSTS = 20

SEED = """
import json, uuid
import django
django.setup()
from play import services
from rulesets import services as rule_services
from rulesets.presets import BY_SLUG
ruleset, _secret = rule_services.create_ruleset("Busy table", "", BY_SLUG["official"].options)
games = [
    services.start_game(ruleset.current, ["Ann", "Ben", "Cat"], 0, uuid.uuid4())[0]
    for _ in range(2)
]
print(json.dumps([game.code for game in games]))
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(port, [game code, game code], database path) of the app served by gunicorn."""
    folder = tmp_path_factory.mktemp("concurrency")
    database = folder / "db.sqlite3"
    server = Server(database, folder / "gunicorn.log", workers=WORKERS)
    server.migrate()
    codes = json.loads(server.python(SEED).strip().splitlines()[-1])
    server.start()
    try:
        yield server.port, codes, database
    finally:
        server.stop()


class Phone:
    """One phone: its own connection and cookie, the form's CSRF token."""

    def __init__(self, port: int, code: str):
        self.port = port
        self.code = code
        self.cookie = ""
        self.token = ""

    def open_scoreboard(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", f"/g/{self.code}/")
        response = conn.getresponse()
        html = response.read().decode()
        assert response.status == 200, html[:500]
        cookie = response.getheader("Set-Cookie") or ""
        self.cookie = re.search(r"csrftoken=([^;]+)", cookie).group(1)
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        conn.close()

    def record(self, submission_id: str) -> int:
        body = urlencode(
            {
                "csrfmiddlewaretoken": self.token,
                "submission_id": submission_id,
                "went_out": "0",
                "hand_1": "1",
                "hand_2": "2",
            }
        )
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={self.cookie}",
        }
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("POST", f"/g/{self.code}/rounds/new/", body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        return response.status


def _post_at_once(port: int, code: str, submission_ids: list[str]) -> list[int]:
    """Each post from its own phone and connection, all released at the same moment."""
    phones = [Phone(port, code) for _ in submission_ids]
    for phone in phones:
        phone.open_scoreboard()
    barrier = threading.Barrier(len(phones))
    statuses: list[int | str] = [0] * len(phones)

    def go(i: int) -> None:
        barrier.wait()
        try:
            statuses[i] = phones[i].record(submission_ids[i])
        except Exception as exc:  # noqa: BLE001 - reported in the assertion below
            statuses[i] = repr(exc)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return statuses


def _query(database: Path, sql: str, *params) -> list[tuple]:
    with closing(sqlite3.connect(database)) as db:
        return db.execute(sql, params).fetchall()


def _rounds(database: Path, code: str) -> list[tuple[int, str]]:
    return _query(
        database,
        "SELECT r.number, r.submission_id FROM play_round r "
        "JOIN play_game g ON g.id = r.game_id WHERE g.code = ? ORDER BY r.number",
        code,
    )


def test_twenty_rounds_posted_at_once_are_numbered_1_to_20(served):
    port, (code, _other), database = served
    statuses = _post_at_once(port, code, [str(uuid.uuid4()) for _ in range(POSTS)])
    assert statuses == [302] * POSTS
    rounds = _rounds(database, code)
    assert [number for number, _sid in rounds] == list(range(1, POSTS + 1))
    assert len({sid for _number, sid in rounds}) == POSTS
    hands = _query(
        database,
        "SELECT COUNT(*), SUM(h.points) FROM play_hand h JOIN play_round r ON r.id = "
        "h.round_id JOIN play_game g ON g.id = r.game_id WHERE g.code = ?",
        code,
    )
    assert hands == [(2 * POSTS, 3 * POSTS)]


def test_one_submission_posted_twenty_times_at_once_is_recorded_once(served):
    port, (_code, code), database = served
    submission = str(uuid.uuid4())
    statuses = _post_at_once(port, code, [submission] * POSTS)
    assert statuses == [302] * POSTS
    assert _rounds(database, code) == [(1, submission.replace("-", ""))]
