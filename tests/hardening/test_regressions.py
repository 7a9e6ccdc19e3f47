"""The bugs the fuzz test found, one plain test each."""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rulesets.forms import FORMAT
from rulesets.models import RuleSet
from tests.hardening.conftest import make_world, snapshot

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "doc",
    [
        {"name": "A\ud800B"},  # a lone surrogate: could not be stored or shown (500)
        {"name": "Ours", "description": "\udfff"},
        {"name": "Ours", "options": {"dr\ud800aw": 1}},  # shown in the error message (500)
        {"name": "A\x00B"},  # NUL: a CHECK failure on SQLite, refused by PostgreSQL (500)
        {"name": "Ours", "description": "tab\x00"},
    ],
)
def test_an_import_with_a_nul_or_a_lone_surrogate_is_refused(doc):
    text = json.dumps({"format": FORMAT, "options": {}, **doc})
    response = Client().post("/rules/import/", {"text": text})
    assert response.status_code == 400
    assert "not text" in response.content.decode()
    assert not RuleSet.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/r/%00/",
        "/r/abc%00def12/edit/",
        "/g/%00/",
        "/g/%00/board/",  # its ETag query ran before the view (500 on PostgreSQL)
        "/w/%00/qr.svg",
        "/r/%ED%A0%80/",
        "/r/" + "A" * 200 + "/",
    ],
)
def test_a_malformed_code_is_a_404_without_a_query(path):
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(path)
    assert response.status_code == 404
    # The only queries count the 404 for the rate limit (unosite.ratelimit), by address.
    assert all("unosite_ratecount" in q["sql"] for q in queries.captured_queries), queries


def test_a_malformed_code_in_the_query_string_is_ignored_or_a_404():
    world = make_world()
    assert Client().get("/rules/new/?from=%00").status_code == 404
    assert Client().post("/rules/new/", {"copied_from": "a\x00"}).status_code == 404
    response = Client().get(f"/r/{world.code}/play/?again=%00")
    assert response.status_code == 200
    assert response.context["form"].raw_names == []


@pytest.mark.parametrize("path", ["/rules/new/", "/rules/import/", "EDIT"])
def test_a_post_without_fields_is_refused_with_a_reason(path):
    world = make_world()
    client = Client()
    if path == "EDIT":
        client.get(f"/r/{world.code}/edit/{world.secret}/")
        path = f"/r/{world.code}/edit/"
    before = snapshot()
    # A JSON body leaves request.POST empty: the form used to be shown blank with a 200.
    response = client.post(path, "{}", content_type="application/json")
    assert response.status_code == 400
    assert "Nothing was" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("method", ["post", "put", "delete", "options"])
def test_the_health_check_answers_only_get_and_head(method):
    assert getattr(Client(), method)("/healthz").status_code == 405
    assert Client().head("/healthz").status_code == 200


@pytest.mark.parametrize("value", ["<script>alert(1)</script>", "0", "1.5"])
def test_a_damaged_hidden_round_number_is_refused_with_a_reason_shown(value):
    import uuid

    from play.models import Round
    from tests.play.conftest import make_game

    game = make_game(names=("Ann", "Ben"))
    data = {
        "went_out": "0",
        "hand_1": "12",
        "submission_id": str(uuid.uuid4()),
        "expected_round": value,
    }
    response = Client().post(f"/g/{game.code}/rounds/new/", data)
    assert response.status_code == 400
    assert "This form is incomplete: reload the page and try again." in response.content.decode()
    assert not Round.objects.filter(game=game).exists()
