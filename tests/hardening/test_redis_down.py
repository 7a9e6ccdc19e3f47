"""With Redis stopped, the site serves from the database (issue 42, point 2): the cache is
treated as empty (unosite.cache_backends), pages, polls and rounds answer as usual, and
/readyz names the part that is down with a 503 a load balancer can read."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from play.models import Round
from tests.conftest import make_ruleset
from tests.play.conftest import make_game
from tests.served import RedisServer

pytestmark = [pytest.mark.django_db, pytest.mark.served]  # starts a redis-server


@pytest.fixture
def redis(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    cache = {"default": {"BACKEND": "unosite.cache_backends.DegradingRedisCache"}}
    cache["default"]["LOCATION"] = server.url
    try:
        with override_settings(CACHES=cache):
            caches["default"].clear()
            yield server
    finally:
        server.stop()


def _round():
    data = {"went_out": "1", "hand_0": "5", "hand_2": "6", "hand_3": "7"}
    return {**data, "submission_id": str(uuid.uuid4())}


def test_with_redis_stopped_pages_polls_and_rounds_are_served(redis):
    ruleset, _secret = make_ruleset()
    game = make_game()
    phone = Client()
    assert phone.get(f"/g/{game.code}/").status_code == 200  # the cache is filled
    ready = phone.get("/readyz")
    assert ready.status_code == 200
    assert ready.content.decode() == "database: ok\ncache: ok\n"

    redis.stop()

    assert phone.get("/").status_code == 200
    assert phone.get(f"/r/{ruleset.code}/").status_code == 200
    assert phone.get(f"/r/{ruleset.code}/qr.png").status_code == 200
    board = phone.get(f"/g/{game.code}/board/")
    assert board.status_code == 200
    data = _round()
    saved = phone.post(f"/g/{game.code}/rounds/new/", data)
    assert saved.status_code == 302
    again = phone.post(f"/g/{game.code}/rounds/new/", data)  # the same tap, sent again
    assert again.status_code == 302
    assert Round.objects.filter(game=game).count() == 1
    # A phone polling with the board it had sees the new round, not a 304.
    polled = phone.get(f"/g/{game.code}/board/", headers={"if-none-match": board["ETag"]})
    assert polled.status_code == 200
    assert phone.get(f"/g/{game.code}/").status_code == 200
    assert phone.get(f"/g/{game.code}/rounds/").status_code == 200

    ready = phone.get("/readyz")
    assert ready.status_code == 503
    assert ready.content.decode() == "database: ok\ncache: out of reach\n"
    assert phone.get("/healthz").status_code == 200  # alive: it serves
