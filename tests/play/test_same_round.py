"""The same round entered on two phones: nothing is recorded twice, the phone chooses.

A round form carries the round number it was filled in for (``expected_round``). When
the board has other rounds by the time it is sent, nothing is recorded: the page (or,
for the phone's queue, the JSON answer) says what the other phone recorded next to what
this one entered, with "add it as round N" and "Discard mine".
"""

import json
import uuid

import pytest
from django.test import Client

from play.models import Round
from tests.play.conftest import record

ANN, BEN, CAT, DAN = range(4)
JSON = {"Accept": "application/json"}


def _round(expected, went_out=CAT, hands=None, submission_id=None, **extra):
    hands = {ANN: 7, BEN: 8, DAN: 0} if hands is None else hands
    data = {
        "went_out": str(went_out),
        "submission_id": submission_id or str(uuid.uuid4()),
        "expected_round": str(expected),
        **{f"hand_{seat}": str(points) for seat, points in hands.items()},
        **extra,
    }
    return data


def _rounds(game):
    return list(
        Round.objects.filter(game=game).values_list("number", "went_out__name", "submission_id")
    )


@pytest.fixture
def phone_b(game):
    return Client()


def test_the_same_round_from_a_second_phone_asks_instead_of_recording(member, phone_b, game):
    assert member.post(f"/g/{game.code}/rounds/new/", _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3}))
    mine = _round(1)
    response = phone_b.post(f"/g/{game.code}/rounds/new/", mine)
    html = response.content.decode()
    assert response.status_code == 409
    assert [n for n, _name, _sid in _rounds(game)] == [1]
    assert "Nothing was saved yet" in html
    assert "Round 1 was just saved by another phone: Ann went out; Ann +18." in html
    assert "You entered: Cat went out; Ann 7, Ben 8, Dan 0." in html
    assert "This is a different round: add it as round 2</button>" in html
    assert 'name="discard" value="1"' in html and "Discard mine" in html
    # What this phone typed is still in the form, now for round 2, with the same id.
    assert 'name="hand_0" value="7"' in html
    assert 'name="expected_round" value="2"' in html
    assert f'value="{mine["submission_id"]}"' in html
    assert 'value="2" id="id_went_out_2" required checked' in html  # Cat went out


def test_add_it_as_the_next_round(member, phone_b, game):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    mine = _round(1)
    assert phone_b.post(f"/g/{game.code}/rounds/new/", mine).status_code == 409
    again = {**mine, "expected_round": "2"}
    response = phone_b.post(f"/g/{game.code}/rounds/new/", again, follow=True)
    assert response.redirect_chain[-1][0] == f"/g/{game.code}/#main"
    assert "Round 2 saved: Cat went out." in response.content.decode()
    assert [(n, name) for n, name, _sid in _rounds(game)] == [(1, "Ann"), (2, "Cat")]
    # Sent once more (a double tap), it still counts once.
    assert phone_b.post(f"/g/{game.code}/rounds/new/", again).status_code == 302
    assert len(_rounds(game)) == 2


def test_discard_mine_records_nothing_and_says_what_was_entered(phone_b, game):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    response = phone_b.post(
        f"/g/{game.code}/rounds/new/", _round(2, discard="1", expected_round="2"), follow=True
    )
    html = response.content.decode()
    assert response.redirect_chain[-1][0] == f"/g/{game.code}/#main"
    assert "Your round was not saved, as you asked." in html
    assert "You had entered: Cat went out; Ann 7, Ben 8, Dan 0." in html
    assert len(_rounds(game)) == 1
    # Even a form with mistakes can be discarded.
    response = phone_b.post(
        f"/g/{game.code}/rounds/new/", {"discard": "1", "went_out": "9"}, follow=True
    )
    assert "Your round was not saved, as you asked." in response.content.decode()
    assert len(_rounds(game)) == 1


def test_a_round_undone_meanwhile_asks_too(phone_b, game):
    response = phone_b.post(f"/g/{game.code}/rounds/new/", _round(2))
    assert response.status_code == 409
    assert (
        "The scoreboard changed on another phone since this form was opened: it now has 0 "
        "rounds, so yours would be round 1." in response.content.decode()
    )
    assert _rounds(game) == []


def test_a_spectator_cannot_record_or_discard(game):
    for data in (_round(1), _round(1, discard="1")):
        response = Client().post(f"/g/{game.spectator_code}/rounds/new/", data)
        assert response.status_code == 403
    assert _rounds(game) == []


# --- The answers the phone's queue asks for (JSON) --------------------------------------


def _post_json(client, game, data, later=False, language="en"):
    headers = {**JSON, **({"X-Round-Sent": "later"} if later else {}), "Accept-Language": language}
    response = client.post(f"/g/{game.code}/rounds/new/", data, headers=headers)
    assert response["Content-Type"] == "application/json"
    return response.status_code, json.loads(response.content)


def test_the_queue_is_told_a_round_was_recorded(member, game):
    status, body = _post_json(member, game, _round(1))
    assert status == 200
    assert body == {
        "result": "recorded",
        "number": 1,
        "message": "Round 1 saved: Cat went out. Cat scores 15.",
        "redirect": f"/g/{game.code}/#main",
    }
    # The page shown next says it too.
    assert "Round 1 saved: Cat went out." in member.get(f"/g/{game.code}/").content.decode()


def test_a_round_sent_later_leaves_no_message_for_the_next_page(member, game):
    status, body = _post_json(member, game, _round(1), later=True)
    assert (status, body["result"]) == (200, "recorded")
    assert "Round 1 saved" not in member.get(f"/g/{game.code}/").content.decode()


def test_a_queued_round_sent_again_counts_once_even_after_other_rounds(member, game):
    """The answer was lost on the way back: the phone sends it again, later."""
    mine = _round(1)
    assert _post_json(member, game, mine)[1]["result"] == "recorded"
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})  # another phone's round 2
    status, body = _post_json(member, game, mine, later=True)
    assert (status, body["result"], body["number"]) == (200, "already", 1)
    assert [n for n, _name, _sid in _rounds(game)] == [1, 2]


def test_the_queue_is_told_of_a_conflict(member, game):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    status, body = _post_json(member, game, _round(1), later=True)
    assert status == 409
    assert body == {
        "result": "conflict",
        "message": "Round 1 was just saved by another phone: Ann went out; Ann +18.",
        "next_round": 2,
        "mine": "Cat went out; Ann 7, Ben 8, Dan 0.",
    }
    assert len(_rounds(game)) == 1


def test_the_queue_is_told_why_a_round_is_refused(member, game):
    status, body = _post_json(member, game, _round(1, went_out=7))
    assert status == 400
    assert body["result"] == "invalid"
    assert (
        body["message"] == "Nothing was saved: Choose who went out from the players of this game."
    )
    status, body = _post_json(member, game, _round(1, went_out=7), language="es")
    assert body["message"] == (
        "No se guardó nada: Elige quién se quedó sin cartas entre los jugadores de esta partida."
    )
    record(game, BEN, {ANN: 300, CAT: 300, DAN: 300})  # the game ends
    status, body = _post_json(member, game, _round(2))
    assert (status, body["result"]) == (409, "refused")
    assert body["message"] == "This game is over, so no more rounds can be recorded."
    status, body = _post_json(member, game, _round(2, went_out=7))
    assert (status, body["result"]) == (409, "refused")
    assert len(_rounds(game)) == 1
