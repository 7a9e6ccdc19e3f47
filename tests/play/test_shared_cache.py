"""Two phones at one table, served by two gunicorn workers sharing a Redis cache.

Each phone loads the rules page and the scoreboard many times (a worker may answer one
load and the other the next; every other time, the page comes from one worker and its form
goes to the other for certain) and sends the forms the pages gave it: no form is refused
(403), every page's nonce is its own, every form has its own submission id and is for the
round it records, and every round is recorded once. A phone polling the board is never
told "unchanged" after the other phone recorded a round, whichever worker answers.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import sqlite3
import time
from contextlib import closing
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest

from tests.served import RedisServer, Server

LOADS = 12

SEED = """
import json, uuid
import django
django.setup()
from play import services
from rulesets import services as rule_services
from rulesets.presets import BY_SLUG
ruleset, _secret = rule_services.create_ruleset("Shared table", "", BY_SLUG["party"].options)
game, _created = services.start_game(ruleset.current, ["Ann", "Ben", "Cat"], 0, uuid.uuid4())
print(json.dumps([ruleset.code, game.code]))
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shared-cache")
    redis = RedisServer(folder)
    redis.start()
    database = folder / "db.sqlite3"
    access = folder / "access.log"
    server = Server(
        database, folder / "gunicorn.log", workers=2, redis_url=redis.url, access_log=access
    )
    try:
        server.migrate()
        codes = json.loads(server.python(SEED).strip().splitlines()[-1])
        server.start()
        yield server.port, codes, database, access
    finally:
        server.stop()
        redis.stop()


class Phone:
    """A browser: its own cookies, a new connection for every request."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response, text


class Stall:
    """A request begun and not finished: it keeps the sync worker that took it busy until
    ``finish``, so that the server's other worker answers whatever comes meanwhile."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")

    def finish(self) -> None:
        self.sock.sendall(b"Connection: close\r\n\r\n")
        with self.sock:
            answer = b""
            while chunk := self.sock.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]


def _form(html: str) -> dict[str, str]:
    """The hidden fields of the page's record form, as the page gave them."""
    form = html[html.index("data-round-form") :]
    form = form[: form.index("</form>")]
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', form)[1]
        for name in ("csrfmiddlewaretoken", "submission_id", "expected_round")
    }


def _nonce(response, html: str) -> None:
    """The page's scripts carry the nonce of its own response."""
    nonce = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"])[1]
    assert f'nonce="{nonce}"' in html


def _workers(access_log, method: str, path: str, count: int) -> list[str]:
    """The worker (its process id) that answered each of these ``count`` requests, in
    order (a worker writes its line just after it has answered: it may take a moment)."""
    deadline = time.monotonic() + 10
    while True:
        lines = [line.split() for line in access_log.read_text().splitlines()]
        found = [pid for pid, m, p, _status in lines if m == method and p == path]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_two_phones_on_two_workers_record_every_round_once(served):
    port, (rules_code, game_code), database, access_log = served
    phones = [Phone(port), Phone(port)]
    statuses, submission_ids, expected, crossings = [], [], [], []
    for i in range(LOADS):
        for seat, phone in enumerate(phones):
            rules, html = phone.request("GET", f"/r/{rules_code}/")
            assert rules.status == 200
            _nonce(rules, html)
            # The rules page's form (the language switcher), with the token and the way
            # back it gave.
            switcher = html[html.index('class="language-switcher"') :]
            switcher = switcher[: switcher.index("</form>")]
            fields = {
                name: re.search(rf'name="{name}" value="([^"]*)"', switcher)[1]
                for name in ("csrfmiddlewaretoken", "next")
            }
            switched, _text = phone.request("POST", "/language/", {**fields, "language": "en"})
            assert (switched.status, switched.headers["Location"]) == (302, f"/r/{rules_code}/")
            # Every other time, the page comes from one worker and its form goes to the
            # other for certain: the page while the first is kept busy, the form while
            # the worker that gave the page is.
            crossed = i % 2 == 1
            busy = Stall(port) if crossed else None
            page, html = phone.request("GET", f"/g/{game_code}/")
            assert page.status == 200
            _nonce(page, html)
            if busy:
                busy, then = Stall(port), busy
                then.finish()
            form = _form(html)
            submission_ids.append(form["submission_id"])
            expected.append(form["expected_round"])
            hands = {f"hand_{other}": str(i + 1) for other in range(3) if other != seat}
            fields = {**form, "went_out": str(seat), **hands}
            posted, _text = phone.request("POST", f"/g/{game_code}/rounds/new/", fields)
            statuses.append(posted.status)
            if busy:
                busy.finish()
            crossings.append(crossed)
    assert statuses == [302] * (2 * LOADS)
    assert len(set(submission_ids)) == 2 * LOADS
    # Each page's form was for the round it recorded, whichever worker kept its fragments.
    assert expected == [str(n) for n in range(1, 2 * LOADS + 1)]
    # The forms said to be recorded by the other worker than the one that gave them were
    # (the pages and forms are one after another: the log has them in their order).
    pages = _workers(access_log, "GET", f"/g/{game_code}/", 2 * LOADS)
    posts = _workers(access_log, "POST", f"/g/{game_code}/rounds/new/", 2 * LOADS)
    assert len(set(pages)) == 2
    pairs = zip(pages, posts, crossings, strict=True)
    assert [page != post for page, post, crossed in pairs if crossed] == [True] * LOADS
    with closing(sqlite3.connect(database)) as db:
        rounds = db.execute(
            "SELECT r.number, r.submission_id FROM play_round r JOIN play_game g "
            "ON g.id = r.game_id WHERE g.code = ? ORDER BY r.number",
            (game_code,),
        ).fetchall()
    assert [number for number, _sid in rounds] == list(range(1, 2 * LOADS + 1))
    assert sorted(sid for _number, sid in rounds) == sorted(
        sid.replace("-", "") for sid in submission_ids
    )


def test_a_poll_sees_a_round_recorded_through_the_other_worker(served):
    port, (_rules_code, game_code), _database, _access_log = served
    watching, recording = Phone(port), Phone(port)
    for i in range(LOADS):
        board, _html = watching.request("GET", f"/g/{game_code}/board/")
        etag = board.headers["ETag"]
        again, _html = watching.request(
            "GET", f"/g/{game_code}/board/", headers={"If-None-Match": etag}
        )
        assert again.status == 304
        _page, html = recording.request("GET", f"/g/{game_code}/")
        fields = {**_form(html), "went_out": "0", "hand_1": str(i + 1), "hand_2": "1"}
        posted, _text = recording.request("POST", f"/g/{game_code}/rounds/new/", fields)
        assert posted.status == 302
        changed, html = watching.request(
            "GET", f"/g/{game_code}/board/", headers={"If-None-Match": etag}
        )
        assert changed.status == 200 and changed.headers["ETag"] != etag
