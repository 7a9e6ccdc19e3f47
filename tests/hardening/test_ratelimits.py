"""Rate limits that all workers share, exact under races, kept over restarts (issue 15, finding 5).

Before, the counters lived in each worker's own cache: 200 parallel creates got 101 past a
limit of 60, a restart forgot them, a flood of cache keys pushed them out, and one client's
bad links gave everyone behind its address 429s on valid pages (see tests/test_limits.py).
"""

from __future__ import annotations

import http.client
import re
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, override_settings

from rulesets.models import RuleSet
from tests.rulesets.test_views import form_data
from tests.served import Server
from unosite import ratelimit
from unosite.models import RateCount

pytestmark = pytest.mark.django_db


def test_take_counts_up_to_the_limit_and_no_further():
    assert [ratelimit.take("x", "a", 3, 60) for _ in range(5)] == [True] * 3 + [False] * 2
    assert ratelimit.take("x", "b", 3, 60)  # another client
    ratelimit.give_back("x", "a", 60)
    assert ratelimit.take("x", "a", 3, 60)
    assert not ratelimit.take("x", "a", 3, 60)


def test_windows_that_are_over_are_deleted(monkeypatch):
    RateCount.objects.create(key="old:a", window=1, count=5, expires=int(time.time()) - 10)
    monkeypatch.setattr(ratelimit.random, "random", lambda: 0.0)
    ratelimit.take("x", "a", 3, 60)
    assert list(RateCount.objects.values_list("key", flat=True)) == ["x:a"]


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=2)
def test_the_counters_are_not_in_the_cache_of_pages():
    c = Client(REMOTE_ADDR="203.0.113.40")
    assert [c.post("/rules/new/", form_data()).status_code for _ in range(2)] == [302, 302]
    cache.clear()  # what a flood of cache keys did
    assert c.post("/rules/new/", form_data()).status_code == 429
    assert RuleSet.objects.count() == 2


@override_settings(RATE_LIMIT_NOT_FOUND_PER_MINUTE=3)
def test_bad_links_do_not_close_valid_pages_to_the_same_address(ruleset):
    guesser = Client(REMOTE_ADDR="198.51.100.7")
    for n in range(6):
        guesser.get(f"/g/guessguess{n:03d}/")
    assert guesser.get("/r/guessguess999/").status_code == 429
    neighbour = Client(REMOTE_ADDR="198.51.100.7")
    assert neighbour.get(f"/r/{ruleset.code}/").status_code == 200
    assert neighbour.get(f"/r/{ruleset.code}/card/").status_code == 200


# --- Two gunicorn workers ------------------------------------------------------------------


def _post_new(port: int, cookie: str, token: str) -> int:
    body = urlencode({**form_data(), "csrfmiddlewaretoken": token})
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(
            "POST",
            "/rules/new/",
            body=body,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"csrftoken={cookie}",
                "Referer": f"http://127.0.0.1:{port}/rules/new/",
            },
        )
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _csrf(port: int) -> tuple[str, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/rules/new/")
        response = conn.getresponse()
        page = response.read().decode()
        cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie")).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return cookie, token
    finally:
        conn.close()


@pytest.mark.django_db(transaction=True)
def test_parallel_creates_with_two_workers_respect_the_limit_exactly(tmp_path):
    server = Server(tmp_path / "db.sqlite3", tmp_path / "gunicorn.log", workers=2)
    server.env["RATE_LIMIT_CREATE_PER_HOUR"] = "20"
    server.migrate()
    server.start()
    try:
        cookie, token = _csrf(server.port)
        with ThreadPoolExecutor(30) as pool:
            statuses = list(pool.map(lambda _n: _post_new(server.port, cookie, token), range(60)))
        assert sorted(set(statuses)) == [302, 429], statuses
        assert statuses.count(302) == 20
        count = "from rulesets.models import RuleSet; print(RuleSet.objects.count())"
        assert server.python(f"import django; django.setup(); {count}").strip() == "20"
        # A restart forgets nothing.
        server.stop()
        server.start()
        assert _post_new(server.port, cookie, token) == 429
    finally:
        server.stop()


# --- The admin's login ---------------------------------------------------------------------


@override_settings(RATE_LIMIT_ADMIN_LOGIN_FAILURES=3)
def test_the_admin_login_is_throttled():
    User.objects.create_superuser("boss", password="right-password-1")
    c = Client(REMOTE_ADDR="192.0.2.5")
    wrong = {"username": "boss", "password": "wrong", "next": "/admin/"}
    assert [c.post("/admin/login/", wrong).status_code for _ in range(3)] == [200] * 3
    right = {**wrong, "password": "right-password-1"}
    refused = c.post("/admin/login/", right)
    assert refused.status_code == 429
    assert "Retry-After" in refused
    # Another address may log in; and a successful login does not use up the limit.
    other = Client(REMOTE_ADDR="192.0.2.6")
    for _ in range(5):
        assert other.post("/admin/login/", right).status_code == 302
        other.logout()
