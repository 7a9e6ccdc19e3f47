"""A phone finds its recent games again on the home page (its own list, in its session)."""

from django.test import Client

from play import recent
from tests.play.conftest import make_game, record


def _home(client):
    return client.get("/").content.decode()


def test_a_game_opened_on_this_phone_is_listed_on_the_home_page(member, game):
    html = _home(member)
    assert "Your recent games" in html
    assert f'href="/g/{game.code}/"' in html
    assert "Ann, Ben, Cat, Dan" in html and "in progress" in html


def test_a_spectator_gets_the_spectator_link_and_strangers_see_nothing(spectator, game):
    html = _home(spectator)
    assert f'href="/w/{game.spectator_code}/"' in html and "following" in html
    assert game.code not in html
    assert "Your recent games" not in _home(Client())


def test_the_game_link_wins_over_the_spectator_link_and_the_latest_comes_first(member, db):
    first = make_game(["Ann", "Ben"])
    second = make_game(["Cat", "Dan"])
    member.get(f"/w/{first.spectator_code}/")
    member.get(f"/g/{first.code}/")
    member.get(f"/g/{second.code}/")
    member.get(f"/w/{first.spectator_code}/")  # still a member of it
    html = _home(member)
    assert html.index(f"/g/{first.code}/") < html.index(f"/g/{second.code}/")
    assert first.spectator_code not in html


def test_a_finished_game_says_so_and_the_list_is_kept_short(client, db):
    games = [make_game(["Ann", f"P{i}"], target_score=50) for i in range(recent.MAX_REMEMBERED + 2)]
    for g in games:
        client.get(f"/g/{g.code}/")
    record(games[-1], 0, {1: 60})
    html = _home(client)
    assert html.count('class="muted">· ') == recent.MAX_REMEMBERED
    assert "finished" in html
    assert games[0].code not in html


def test_an_unknown_game_is_not_remembered(client, db):
    assert client.get("/g/UnknownCode1/").status_code == 404
    assert "Your recent games" not in _home(client)
