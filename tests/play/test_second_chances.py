"""Undo and Delete say what they removed and offer to put it back, for as long as no other
round was recorded since; every phone sees the offer. Members only."""

import pytest
from django.test import Client

from play import corrections, removal, services
from play.models import Game, Hand, RemovedRound, Round
from tests.play.conftest import make_game, record

ANN, BEN, CAT, DAN = range(4)


def _state(game):
    g = Game.objects.get(pk=game.pk)
    return (
        g.version,
        g.finished_at,
        list(Round.objects.filter(game=g).values_list("number", "went_out_id", "submission_id")),
        sorted(
            Hand.objects.filter(round__game=g).values_list("round__number", "player_id", "points")
        ),
        list(RemovedRound.objects.filter(game=g).values_list("number", "hands")),
    )


def _rounds(game):
    return list(
        Round.objects.filter(game=game)
        .order_by("number")
        .values_list("number", "went_out__name", "submission_id")
    )


def _totals(game):
    return [s.total for s in services.board(services.load_game(pk=game.pk)).sides]


@pytest.fixture
def three(game):
    """A game with three rounds: Ann, Ben and Cat went out in turn."""
    for out in (ANN, BEN, CAT):
        record(game, out, {s: 10 * (s + 1) for s in range(4) if s != out})
    return services.load_game(pk=game.pk)


def _undo(client, game, number=None):
    r = Round.objects.filter(game=game).order_by("number").last()
    if number:
        r = Round.objects.get(game=game, number=number)
    return client.post(f"/g/{game.code}/undo/", {"round": r.pk, "version": r.version})


def _put_back(client, game, **extra):
    removed = RemovedRound.objects.get(game=game)
    return client.post(f"/g/{game.code}/rounds/put-back/", {"removed": removed.pk, **extra})


def test_undo_then_put_back_restores_the_round_exactly(member, three):
    before = _rounds(three)
    totals = _totals(three)
    response = _undo(member, three)
    assert response.status_code == 302 and response["Location"].endswith("#board")
    page = member.get(f"/g/{three.code}/").content.decode()
    assert "Round 3 removed: Cat went out; hands: Ann 10, Ben 20, Dan 40." in page
    assert "Put round 3 back" in page
    assert _rounds(three) == before[:2]
    response = _put_back(member, three)
    assert response.status_code == 302 and response["Location"] == f"/g/{three.code}/"
    page = member.get(f"/g/{three.code}/").content.decode()
    assert "Round 3 is back, and the totals with it." in page
    assert "Put round" not in page
    assert _rounds(three) == before  # the same number, player and submission id
    assert _totals(three) == totals
    assert not RemovedRound.objects.exists()


def test_delete_in_the_history_then_put_back_moves_later_rounds_down_again(member, three):
    before = _rounds(three)
    first = Round.objects.get(game=three, number=1)
    response = member.post(f"/g/{three.code}/rounds/{first.pk}/delete/", {"version": 1})
    assert response["Location"] == f"/g/{three.code}/rounds/"
    history = member.get(response["Location"]).content.decode()
    assert "Round 1 removed: Ann went out; hands: Ben 20, Cat 30, Dan 40." in history
    assert 'name="back_to" value="history"' in history
    assert [n for n, _name, _sid in _rounds(three)] == [1, 2]
    response = _put_back(member, three, back_to="history")
    assert response["Location"] == f"/g/{three.code}/rounds/"
    assert _rounds(three) == before


def test_other_phones_see_the_offer(member, spectator, three):
    other = Client()
    _undo(member, three)
    assert "Put round 3 back" in other.get(f"/g/{three.code}/board/").content.decode()
    watched = spectator.get(f"/w/{three.spectator_code}/board/").content.decode()
    assert "Round 3 removed: Cat went out" in watched
    assert "Put round 3 back" not in watched  # a spectator cannot put it back


def test_a_round_recorded_since_ends_the_offer(member, three):
    _undo(member, three)
    record(services.load_game(pk=three.pk), DAN, {ANN: 1, BEN: 1, CAT: 1})
    assert "Put round" not in member.get(f"/g/{three.code}/").content.decode()
    before = _state(three)
    response = _put_back(member, three)
    assert response.status_code == 409
    assert "Round 3 can no longer be put back: another phone recorded a round since." in (
        response.content.decode()
    )
    assert _state(three) == before


def test_putting_back_twice_puts_it_back_once(member, three):
    _undo(member, three)
    removed = RemovedRound.objects.get(game=three)
    assert _put_back(member, three).status_code == 302
    before = _state(three)
    other = Client()
    response = other.post(f"/g/{three.code}/rounds/put-back/", {"removed": removed.pk})
    assert response.status_code == 409
    assert "no longer waiting to be put back" in response.content.decode()
    assert _state(three) == before


def test_a_newer_removal_replaces_the_offer(member, three):
    _undo(member, three)
    _undo(member, three)
    assert list(RemovedRound.objects.values_list("number", flat=True)) == [2]
    _put_back(member, three)
    assert [n for n, _name, _sid in _rounds(three)] == [1, 2]


def test_undo_of_what_another_phone_changed_is_refused_and_changes_nothing(member, three):
    last = Round.objects.get(game=three, number=3)
    corrections.edit_round(three, last.pk, 1, DAN, {ANN: 5, BEN: 5, CAT: 5})  # another phone
    before = _state(three)
    response = member.post(f"/g/{three.code}/undo/", {"round": last.pk, "version": 1})
    assert response.status_code == 409
    assert "changed on another phone" in response.content.decode()
    assert _state(three) == before


def test_putting_back_the_last_round_ends_the_game_again(member, db):
    game = make_game(target_score=50)
    record(game, ANN, {BEN: 60})
    game = services.load_game(pk=game.pk)
    assert game.finished
    _undo(member, game)
    assert not Game.objects.get(pk=game.pk).finished
    _put_back(member, game)
    assert Game.objects.get(pk=game.pk).finished


@pytest.mark.parametrize("removed", ["", "x", "999999"])
def test_a_damaged_put_back_form_changes_nothing(member, three, removed):
    _undo(member, three)
    before = _state(three)
    response = member.post(f"/g/{three.code}/rounds/put-back/", {"removed": removed})
    assert response.status_code == 409
    assert "Nothing was changed." in response.content.decode()
    assert _state(three) == before


def test_put_back_of_another_games_round_changes_nothing(member, three):
    other = make_game(["Eve", "Fay"])
    record(other, 0, {1: 5})
    other = services.load_game(pk=other.pk)
    removal.remove_round(other, Round.objects.get(game=other).pk, 1)
    foreign = RemovedRound.objects.get(game=other)
    before = _state(three)
    response = member.post(f"/g/{three.code}/rounds/put-back/", {"removed": foreign.pk})
    assert response.status_code == 409
    assert _state(three) == before


def test_only_members_put_back(client, three):
    removal.remove_round(three, Round.objects.get(game=three, number=3).pk, 1)
    removed = RemovedRound.objects.get()
    before = _state(three)
    data = {"removed": removed.pk}
    assert client.post(f"/g/{three.spectator_code}/rounds/put-back/", data).status_code == 403
    assert client.post("/g/UnknownCode1/rounds/put-back/", data).status_code == 404
    assert client.get(f"/g/{three.code}/rounds/put-back/").status_code == 405
    assert client.post(f"/w/{three.spectator_code}/rounds/put-back/", data).status_code == 404
    csrf = Client(enforce_csrf_checks=True)
    assert csrf.post(f"/g/{three.code}/rounds/put-back/", data).status_code == 403
    assert _state(three) == before
