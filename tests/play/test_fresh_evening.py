"""A game started afresh from the start page continues the evening of a game this phone
kept score of, with the same players and rules; never another family's."""

import uuid

import pytest
from django.test import Client

from play import services
from play.models import Game
from tests.play.conftest import make_game, record


@pytest.fixture
def first(db):
    """Ann and Ben played a game to 50 tonight; Ann won."""
    game = make_game(names=("Ann", "Ben"), target_score=50)
    record(game, 0, {1: 60})
    return services.load_game(pk=game.pk)


def _start(phone, game, names=("Ann", "Ben")):
    response = phone.post(
        f"/r/{game.revision.ruleset.code}/play/",
        {"name": list(names), "dealer": "1", "submission_id": str(uuid.uuid4())},
    )
    assert response.status_code == 302
    return Game.objects.get(code=response["Location"].split("/")[2])


def test_the_family_closes_the_tab_and_starts_again_from_the_card(first):
    phone = Client()
    assert phone.get(f"/g/{first.code}/").status_code == 200  # it kept score of game 1
    second = _start(phone, first, ["ben", "Ann"])  # any order, any case
    assert second.previous_id == first.pk
    page = phone.get(f"/g/{second.code}/").content.decode()
    assert "Game 2 of the evening" in page and "After 1 game: Ann 1, ben 0." in page
    # The phones still on game 1 are told the next game has started.
    old = Client().get(f"/g/{first.code}/board/").content.decode()
    assert "The next game has started." in old
    record(second, 0, {1: 70})  # ben (seat 0 of game 2) wins
    third = _start(phone, first)
    assert third.previous_id == second.pk
    page = phone.get(f"/g/{third.code}/").content.decode()
    assert "Game 3 of the evening" in page and "After 2 games: Ann 1, Ben 1." in page


def test_a_strangers_game_with_the_same_names_on_the_same_rules_is_its_own(first):
    stranger = _start(Client(), first)
    assert stranger.previous_id is None
    assert "of the evening" not in Client().get(f"/g/{stranger.code}/").content.decode()
    # Nor does a phone that only followed game 1 with the spectator link join it.
    watcher = Client()
    assert watcher.get(f"/w/{first.spectator_code}/").status_code == 200
    assert _start(watcher, first).previous_id is None
    assert Game.objects.get(pk=first.pk).version == first.version  # game 1 untouched


def test_other_players_or_an_unfinished_game_start_a_new_evening(first):
    phone = Client()
    phone.get(f"/g/{first.code}/")
    assert _start(phone, first, ["Ann", "Ben", "Cat"]).previous_id is None
    unfinished = make_game(names=("Dan", "Eve"))
    phone.get(f"/g/{unfinished.code}/")
    assert _start(phone, unfinished, ["Dan", "Eve"]).previous_id is None


def test_a_game_already_followed_is_not_followed_twice(first):
    phone = Client()
    phone.get(f"/g/{first.code}/")
    again, _created = services.play_again(first)
    fresh = _start(phone, first)
    assert fresh.previous_id is None  # the table's next game is the one Play again started
    assert Game.objects.get(pk=again.pk).previous_id == first.pk


def test_two_phones_starting_the_next_game_at_once_both_get_a_game(first):
    """The fresh start chose game 1 as its previous game, but Play again took it first."""
    again, _created = services.play_again(first)
    fresh, created = services.start_game(
        first.revision.ruleset.current,
        ["Ann", "Ben"],
        0,
        uuid.uuid4(),
        previous=Game.objects.get(pk=first.pk),
        previous_optional=True,
    )
    assert created and fresh.previous_id is None
    assert Game.objects.get(pk=again.pk).previous_id == first.pk
