"""A database that fails for a moment in the middle of a round post.

The fault is injected where it would happen, in the SQL the post runs (a Django
``execute_wrapper`` raising once on one statement), not by replacing app code, so it
keeps meaning the same thing however the service is written. The answer must be a 503
that says the post may be sent again, with Retry-After, and nothing saved; sending the
same form again records the round exactly once.
"""

from __future__ import annotations

import uuid

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client

from play.models import Game, Round
from tests.hardening.conftest import FailOnce, make_world, snapshot

pytestmark = pytest.mark.django_db


# Where the database can fail during a round post: the first write, half-way through the
# transaction, its last write.
STATEMENTS = ['INSERT INTO "play_round"', 'INSERT INTO "play_hand"', 'UPDATE "play_game"']
ERRORS = [
    OperationalError("database is locked"),
    OperationalError("server closed the connection unexpectedly"),
    InterfaceError("connection already closed"),
    OperationalError("database or disk is full"),  # SQLite on a full disk (SQLITE_FULL)
]


def _round(**extra):
    data = {"went_out": "1", "hand_0": "5", "hand_2": "6", "hand_3": "7"}
    data["submission_id"] = str(uuid.uuid4())
    return {**data, **extra}


def _assert_retry_later(response) -> None:
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    text = response.content.decode()
    assert "nothing was saved" in text
    assert "sending the same form again is safe" in text


@pytest.mark.parametrize("statement", STATEMENTS)
@pytest.mark.parametrize("error", ERRORS, ids=lambda e: str(e).split()[0])
def test_a_round_post_that_meets_a_failing_database_is_a_503_and_a_retry_counts_once(
    statement, error
):
    world = make_world()
    phone = Client()
    url = f"/g/{world.game.code}/rounds/new/"
    data = _round()
    before = snapshot()
    fault = FailOnce(statement, error)
    with connection.execute_wrapper(fault):
        response = phone.post(url, data)
    assert fault.failed == 1, f"the post never ran {statement}"
    _assert_retry_later(response)
    assert snapshot() == before  # rolled back: no half-recorded round
    # The phone sends the same form again: recorded, once.
    retry = phone.post(url, data, follow=True)
    assert retry.status_code == 200
    assert "Round 2 saved" in retry.content.decode()
    again = phone.post(url, data, follow=True)
    assert "had already been recorded" in again.content.decode()
    rounds = Round.objects.filter(game=world.game)
    assert rounds.count() == 2
    assert rounds.filter(submission_id=data["submission_id"]).count() == 1
    assert list(rounds.order_by("number").values_list("number", flat=True)) == [1, 2]


def test_htmx_gets_the_503_as_plain_text_to_show():
    world = make_world()
    fault = FailOnce('INSERT INTO "play_round"', OperationalError("database is locked"))
    with connection.execute_wrapper(fault):
        response = Client().post(
            f"/g/{world.game.code}/rounds/new/", _round(), headers={"HX-Request": "true"}
        )
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/plain")
    assert response["Retry-After"]
    assert "try again" in response.content.decode()


def test_a_game_start_that_meets_a_locked_database_starts_one_game_on_retry():
    world = make_world()
    data = {"name": ["Eve", "Fay"], "dealer": "1", "submission_id": str(uuid.uuid4())}
    url = f"/r/{world.code}/play/"
    fault = FailOnce('INSERT INTO "play_player"', OperationalError("database is locked"))
    with connection.execute_wrapper(fault):
        response = Client().post(url, data)
    _assert_retry_later(response)
    assert not Game.objects.filter(submission_id=data["submission_id"]).exists()
    first, second = Client().post(url, data), Client().post(url, data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Game.objects.filter(submission_id=data["submission_id"]).count() == 1


def test_a_failing_read_is_a_503_too():
    world = make_world()
    fault = FailOnce("SELECT", OperationalError("database is locked"))
    with connection.execute_wrapper(fault):
        response = Client().get(f"/g/{world.game.code}/board/")
    assert response.status_code == 503
    assert Client().get(f"/g/{world.game.code}/board/").status_code == 200


def test_a_real_bug_is_still_a_500_not_a_503():
    """Only a database that is busy or out of reach is a 503: a constraint violation
    (a bug) must not be disguised as something to retry."""
    from django.db import IntegrityError

    world = make_world()
    fault = FailOnce('INSERT INTO "play_round"', IntegrityError("CHECK constraint failed"))
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(fault):
        response = client.post(f"/g/{world.game.code}/rounds/new/", _round())
    assert response.status_code == 500
