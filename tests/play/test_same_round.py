"""The same round entered on two phones: nothing is recorded twice.

A round form carries the round number it was filled in for (``expected_round``). When
another phone saved that round first with the same entry (the same player out, the same
hands), the two are one round: the second phone is told so, and nothing is asked. When
the entries differ, or the board changed otherwise, nothing is recorded: the page (or,
for the phone's queue, the JSON answer) shows the saved round and this phone's side by
side, in the same units, with "Keep the saved round" first and "Mine is another round:
add it as round N" after it.
"""

import json
import re
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
    # Side by side, in the same units: every hand and the points it gives, for both.
    cells = re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", html.split('class="conflict-compare"')[1])
    assert cells[:18] == [
        "",
        "Saved as round 1",
        "This phone’s",
        *("Ann", "went out", "7"),
        *("Ben", "10", "8"),
        *("Cat", "5", "went out"),
        *("Dan", "3", "0"),
        *("Points", "Ann +18", "Cat +15"),
    ]
    # The safe choice first (it is also what Enter sends), then adding it as what it is.
    keep = html.index('name="discard" value="keep" formnovalidate>Keep the saved round</button>')
    add = html.index('class="secondary">Mine is another round: add it as round 2</button>')
    assert keep < add
    assert "Discard mine" not in html
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


def test_a_round_sent_later_that_ends_the_game_leaves_its_message_for_the_final_board(member, game):
    """The page reloads for the final board (static/js/scorekeeper.js): the round that
    ended the game is said there, or the phone that saved it would never read it."""
    status, body = _post_json(member, game, {**_round(1), "hand_0": "600"}, later=True)
    assert (status, body["result"]) == (200, "recorded")
    page = member.get(f"/g/{game.code}/").content.decode()
    assert 'data-finished="true"' in page and "Round 1 saved" in page


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
        "compare": {
            "number": 1,
            "saved_title": "Saved as round 1",
            "mine_title": "This phone’s",
            "rows": [
                ["Ann", "went out", "7"],
                ["Ben", "10", "8"],
                ["Cat", "5", "went out"],
                ["Dan", "3", "0"],
                ["Points", "Ann +18", "Cat +15"],
            ],
        },
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


# --- The same round from two phones is one round -----------------------------------------


def test_the_same_round_from_a_second_phone_is_merged_without_asking(member, phone_b, game):
    first = _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3})
    assert member.post(f"/g/{game.code}/rounds/new/", first).status_code == 302
    same = _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3})  # another phone, another submission
    response = phone_b.post(f"/g/{game.code}/rounds/new/", same, follow=True)
    html = response.content.decode()
    assert response.redirect_chain[-1] == (f"/g/{game.code}/#main", 302)
    assert (
        "Round 1 was already saved by another phone, with the same hands: it counts once." in html
    )
    assert "Nothing was saved yet" not in html
    assert [(n, sid) for n, _name, sid in _rounds(game)] == [(1, uuid.UUID(first["submission_id"]))]
    # The queue is told the same, and drops the round.
    status, body = _post_json(phone_b, game, _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3}))
    assert (status, body["result"], body["number"]) == (200, "already", 1)
    assert body["message"].startswith("Round 1 was already saved by another phone")
    assert len(_rounds(game)) == 1


def test_a_hand_added_up_card_by_card_is_the_same_as_its_total(member, phone_b, game):
    """The keypad adds the cards into the hand's field: a form sends points either way, so
    a phone that tapped 7, Skip (20) and +4 (50) for Ben agrees with one that typed 77."""
    record(game, ANN, {BEN: 77, CAT: 5, DAN: 3})
    status, body = _post_json(phone_b, game, _round(1, ANN, {BEN: 7 + 20 + 50, CAT: 5, DAN: 3}))
    assert (status, body["result"]) == (200, "already")
    assert len(_rounds(game)) == 1


@pytest.mark.parametrize(
    "went_out, hands",
    [
        (BEN, {ANN: 10, CAT: 5, DAN: 3}),  # another player out
        (ANN, {BEN: 10, CAT: 5, DAN: 4}),  # one hand differs
        (ANN, {BEN: 10, CAT: 5, DAN: 0}),
    ],
)
def test_a_different_entry_is_never_merged(phone_b, game, went_out, hands):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    status, body = _post_json(phone_b, game, _round(1, went_out, hands))
    assert (status, body["result"]) == (409, "conflict")
    assert len(_rounds(game)) == 1


def test_only_the_round_the_form_was_for_is_compared(phone_b, game):
    """A form for round 1 sent after rounds 1 and 2: round 2 being the same is no reason."""
    record(game, BEN, {ANN: 1, CAT: 1, DAN: 1})
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    status, body = _post_json(phone_b, game, _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3}))
    assert (status, body["result"], body["next_round"]) == (409, "conflict", 3)
    assert body["compare"]["number"] == 1
    assert len(_rounds(game)) == 2


def test_keep_the_saved_round_records_nothing_and_says_so(phone_b, game):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    kept = _round(2, discard="keep")
    response = phone_b.post(f"/g/{game.code}/rounds/new/", kept, follow=True)
    html = response.content.decode()
    assert "The saved round stays as it is; yours was not saved." in html
    assert "You had entered: Cat went out; Ann 7, Ben 8, Dan 0." in html
    assert len(_rounds(game)) == 1


def test_a_round_undone_meanwhile_offers_no_comparison(phone_b, game):
    status, body = _post_json(phone_b, game, _round(2))
    assert (status, body["result"], body["compare"]) == (409, "conflict", None)


def test_with_round_wins_the_same_winner_is_the_same_round(db):
    from tests.play.conftest import make_game

    game = make_game(scoring="round_wins", rounds_to_win=3)
    record(game, BEN)
    status, body = _post_json(Client(), game, {**_round(1, BEN, {}), "hand_0": ""})
    assert (status, body["result"]) == (200, "already")
    assert "with the same player going out" in body["message"]
    status, body = _post_json(Client(), game, _round(1, CAT, {}))
    assert (status, body["result"]) == (409, "conflict")
    assert body["compare"]["rows"][-1] == ["Round won by", "Ben +1", "Cat +1"]
    assert len(_rounds(game)) == 1


def test_same_result_compares_who_went_out_and_the_hands_that_score():
    from domain import scoring
    from play import same_round

    def result(went_out, hands):
        return scoring.RoundResult(went_out=went_out, hands=hands)

    plain = scoring.Rules()
    assert same_round.same_result(
        plain, 4, result(0, {1: 5, 2: 0, 3: 9}), result(0, {1: 5, 2: 0, 3: 9})
    )
    assert not same_round.same_result(
        plain, 4, result(0, {1: 5, 2: 0, 3: 9}), result(1, {0: 5, 2: 0, 3: 9})
    )
    assert not same_round.same_result(
        plain, 4, result(0, {1: 5, 2: 0, 3: 9}), result(0, {1: 5, 3: 9})
    )
    # In pairs, the hand of the partner of whoever went out (seat 2 opposite seat 0) does
    # not score: filled in on one phone and not on the other, it is the same round.
    pairs = scoring.Rules(teams="pairs")
    assert same_round.same_result(pairs, 4, result(0, {1: 5, 2: 30, 3: 9}), result(0, {1: 5, 3: 9}))
    assert not same_round.same_result(pairs, 4, result(0, {1: 5, 3: 9}), result(0, {1: 6, 3: 9}))
    # Counting rounds won: who went out is the whole entry.
    wins = scoring.Rules(scoring=scoring.ROUND_WINS)
    assert same_round.same_result(wins, 3, result(2, {}), result(2, {}))
    assert not same_round.same_result(wins, 3, result(2, {}), result(1, {}))


def test_a_merged_round_sent_later_is_still_told_on_the_next_page(member, phone_b, game):
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 3})
    status, body = _post_json(phone_b, game, _round(1, ANN, {BEN: 10, CAT: 5, DAN: 3}), later=True)
    assert (status, body["result"]) == (200, "already")
    html = phone_b.get(f"/g/{game.code}/").content.decode()
    assert "Round 1 was already saved by another phone, with the same hands" in html
