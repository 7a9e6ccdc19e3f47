"""Two phones at one table, served by two gunicorn workers sharing a Redis cache.

Each phone loads the rules page and the scoreboard many times (a worker may answer one
load and the other the next) and records rounds with the forms the pages gave it: no
form is refused (403), every form has its own submission id, and every round is
recorded once. A phone polling the board is never told "unchanged" after the other
phone recorded a round, whichever worker answers.
"""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
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
    server = Server(database, folder / "gunicorn.log", workers=2, redis_url=redis.url)
    try:
        server.migrate()
        codes = json.loads(server.python(SEED).strip().splitlines()[-1])
        server.start()
        yield server.port, codes, database
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


def _form(html: str) -> dict[str, str]:
    return {
        "csrfmiddlewaretoken": re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1],
        "submission_id": re.search(r'name="submission_id" value="([^"]+)"', html)[1],
    }


def test_two_phones_on_two_workers_record_every_round_once(served):
    port, (rules_code, game_code), database = served
    phones = [Phone(port), Phone(port)]
    statuses, submission_ids = [], []
    for i in range(LOADS):
        for seat, phone in enumerate(phones):
            rules, _html = phone.request("GET", f"/r/{rules_code}/")
            assert rules.status == 200
            page, html = phone.request("GET", f"/g/{game_code}/")
            assert page.status == 200
            nonce = re.search(r"'nonce-([^']+)'", page.headers["Content-Security-Policy"])[1]
            assert f'nonce="{nonce}"' in html  # the page's scripts carry this response's nonce
            form = _form(html)
            submission_ids.append(form["submission_id"])
            hands = {f"hand_{other}": str(i + 1) for other in range(3) if other != seat}
            fields = {**form, "went_out": str(seat), **hands}
            posted, _text = phone.request("POST", f"/g/{game_code}/rounds/new/", fields)
            statuses.append(posted.status)
    assert statuses == [302] * (2 * LOADS)
    assert len(set(submission_ids)) == 2 * LOADS
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
    port, (_rules_code, game_code), _database = served
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
