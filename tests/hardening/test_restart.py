"""A server restart in the middle of a game loses nothing.

The app is served as `make run` serves it (gunicorn, sync workers, DEBUG off) on a file
SQLite database. A table starts a game through the real forms and records rounds; the
server is stopped (politely, then killed with SIGKILL while a round is being posted) and
started again on the same database. The game, its rounds and the creator's edit rights
are all still there, the phones' open pages (their CSRF tokens) still work, and the round
whose post was cut off is recorded exactly once when the phone sends it again.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import sqlite3
import uuid
from contextlib import closing, suppress
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.rulesets.test_views import form_data
from tests.served import Server


class Phone:
    """A browser: its cookies, the CSRF token of the last form it loaded."""

    def __init__(self, server: Server):
        self.server = server
        self.cookies: dict[str, str] = {}
        self.token = ""

    def send(self, method: str, path: str, fields=None) -> tuple[int, dict, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urlencode({**fields, "csrfmiddlewaretoken": self.token}, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()  # also when the server went away meanwhile
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        if found:
            self.token = found.group(1)
        return response.status, dict(response.headers), text

    def get(self, path: str) -> str:
        status, _headers, text = self.send("GET", path)
        assert status == 200, (path, status, text[:500])
        return text

    def post(self, path: str, fields: dict) -> str:
        status, headers, text = self.send("POST", path, fields)
        assert status == 302, (path, status, text[:1000])
        return headers["Location"]


def _round(went_out: int, submission_id: str) -> dict:
    hands = {f"hand_{seat}": str(seat + 3) for seat in range(3) if seat != went_out}
    return {"went_out": str(went_out), "submission_id": submission_id, **hands}


def _rounds(database: Path, code: str) -> list[tuple[int, str]]:
    with closing(sqlite3.connect(database)) as db:
        return db.execute(
            "SELECT r.number, r.submission_id FROM play_round r JOIN play_game g "
            "ON g.id = r.game_id WHERE g.code = ? ORDER BY r.number",
            (code,),
        ).fetchall()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "db.sqlite3", tmp_path / "gunicorn.log")
    s.migrate()
    s.start()
    yield s
    s.stop(signal.SIGKILL)


def _post_and_kill(server: Server, phone: Phone, path: str, fields: dict) -> None:
    """Sends a post and kills the server without waiting for the answer."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    body = urlencode({**fields, "csrfmiddlewaretoken": phone.token})
    headers = {
        "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items()),
        "Content-Type": "application/x-www-form-urlencoded",
    }
    conn.request("POST", path, body=body, headers=headers)
    server.stop(signal.SIGKILL)
    with suppress(OSError, http.client.HTTPException):
        conn.getresponse().read()  # no answer, or a cut-off one: the phone cannot tell
    conn.close()


def test_a_restart_in_the_middle_of_a_game_loses_nothing(server, tmp_path):
    database = tmp_path / "db.sqlite3"
    # The creator writes down the rules and starts a game of three.
    creator = Phone(server)
    creator.get("/rules/new/")
    rules_page = creator.post("/rules/new/", form_data(name="Restart rules"))
    code = rules_page.split("/")[2]
    creator.get(f"/r/{code}/play/")
    start = {"name": ["Ann", "Ben", "Cat"], "dealer": "1", "submission_id": str(uuid.uuid4())}
    game_path = creator.post(f"/r/{code}/play/", start)
    game_code = game_path.split("/")[2]
    # A second phone at the table opens the game link; three rounds are recorded.
    phone = Phone(server)
    phone.get(game_path)
    creator.get(game_path)
    for i, who in enumerate([creator, phone, creator]):
        who.post(f"{game_path}rounds/new/", _round(i % 3, str(uuid.uuid4())))
    board = json.loads(phone.get(f"{game_path}game.json"))
    etag = _etag(phone, game_path)

    # 1. A polite restart (SIGTERM), as a deploy does it.
    server.stop(signal.SIGTERM)
    server.start()
    assert json.loads(phone.get(f"{game_path}game.json")) == board
    assert _etag(phone, game_path) == etag  # the scoreboard did not change either
    # The pages the phones had open still work: their forms post with the old tokens.
    phone.post(f"{game_path}rounds/new/", _round(1, str(uuid.uuid4())))
    # The creator still edits the rules (the session survives: the key is kept).
    creator.get(f"/r/{code}/edit/")

    # 2. A crash (SIGKILL) while a round is being posted: the phone never hears back.
    lost = str(uuid.uuid4())
    creator.get(game_path)
    _post_and_kill(server, creator, f"{game_path}rounds/new/", _round(2, lost))
    server.start()
    # The phone sends the same form again: whether or not the first one got through,
    # the round is there once.
    creator.post(f"{game_path}rounds/new/", _round(2, lost))
    creator.post(f"{game_path}rounds/new/", _round(2, lost))
    phone.get(game_path)
    phone.post(f"{game_path}rounds/new/", _round(0, str(uuid.uuid4())))

    rounds = _rounds(database, game_code)
    assert [number for number, _sid in rounds] == [1, 2, 3, 4, 5, 6]
    assert [sid for _n, sid in rounds].count(lost.replace("-", "")) == 1
    after = json.loads(phone.get(f"{game_path}game.json"))
    assert after["rounds"][:3] == board["rounds"]
    assert len(after["rounds"]) == 6


def _etag(phone: Phone, game_path: str) -> str:
    status, headers, _text = phone.send("GET", f"{game_path}board/")
    assert status == 200
    return headers["ETag"]
