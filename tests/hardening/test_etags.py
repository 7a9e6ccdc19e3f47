"""A scoreboard's ETag names its game (issue 15, finding 9): it was only the game's version,
so two games at the same version had the same ETag, and a board could be answered with a
304 for the other game's copy."""

import pytest
from django.test import Client

from tests.hardening.conftest import make_world

pytestmark = pytest.mark.django_db


def test_two_games_at_the_same_version_have_different_etags():
    first, second = make_world(), make_world()
    assert first.game.version == second.game.version
    phone = Client()
    etag = phone.get(f"/g/{first.game.code}/board/")["ETag"]
    assert etag != phone.get(f"/g/{second.game.code}/board/")["ETag"]
    # The first game's copy is no answer for the second.
    other = phone.get(f"/g/{second.game.code}/board/", headers={"if-none-match": etag})
    assert other.status_code == 200
    same = phone.get(f"/g/{first.game.code}/board/", headers={"if-none-match": etag})
    assert same.status_code == 304


def test_a_spectators_etag_does_not_hold_the_players_code():
    world = make_world()
    page = Client().get(f"/w/{world.game.spectator_code}/board/")
    assert world.game.code not in page["ETag"]
    assert world.game.spectator_code in page["ETag"]
    assert world.game.code not in page.content.decode()
