"""Who deals next, chosen on the board (houses where the loser or the winner deals): the
deal passes on from the chosen player, the history and the downloads say who dealt."""

import pytest
from django.test import Client

from domain import scoring
from play import services, table
from play.models import Player
from tests.play.conftest import game_state as _state
from tests.play.conftest import make_game, record

ANN, BEN, CAT, DAN = range(4)


def _board(game):
    return services.board(services.load_game(pk=game.pk))


def _player(game, name):
    return Player.objects.get(game=game, name=name)


@pytest.fixture
def played(game):
    record(game, ANN, {BEN: 10, CAT: 20, DAN: 30})  # Ann dealt
    record(game, BEN, {ANN: 5, CAT: 5, DAN: 5})  # Ben dealt
    return services.load_game(pk=game.pk)  # Cat deals round 3


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
@pytest.mark.parametrize("players", [2, 3, 4, 10])
def test_first_dealer_for_makes_the_chosen_player_deal_that_round(direction, players):
    rules = scoring.Rules(direction=direction)
    for number in range(1, 12):
        for position in range(players):
            first = scoring.first_dealer_for(position, number, players, rules)
            assert 0 <= first < players
            assert scoring.dealer(first, number, players, rules) == position
            # and the deal goes on round the table from them
            assert scoring.dealer(first, number + 1, players, rules) == (
                (position + rules.step) % players
            )


def test_the_loser_deals_next_and_the_deal_goes_on_from_there(played):
    assert _board(played).dealer.name == "Cat"
    table.choose_dealer(played, _player(played, "Ann").pk, 3)
    b = _board(played)
    assert (b.dealer.name, b.first_player.name) == ("Ann", "Ben")
    record(services.load_game(pk=played.pk), DAN, {ANN: 1, BEN: 1, CAT: 1})
    assert _board(played).dealer.name == "Ben"  # rotation goes on from Ann
    assert [row.dealer.name for row in _board(played).rounds] == ["Ann", "Ben", "Ann"]


def test_counterclockwise_goes_on_the_other_way(db):
    game = make_game(direction="counterclockwise")
    table.choose_dealer(game, _player(game, "Cat").pk, 1)
    record(services.load_game(pk=game.pk), ANN, {BEN: 1, CAT: 1, DAN: 1})
    assert _board(game).dealer.name == "Ben"


def test_choosing_the_dealer_after_a_player_left(played):
    table.remove_player(played, _player(played, "Ben").pk)
    table.choose_dealer(played, _player(played, "Dan").pk, 3)
    record(services.load_game(pk=played.pk), DAN, {ANN: 1, CAT: 1})
    assert _board(played).dealer.name == "Ann"  # Dan, then Ann: Ben is not at the table


@pytest.mark.parametrize(
    "who, number, message",
    [
        ("Ben", 2, "deals round 3 now"),  # a stale page: round 2 was recorded meanwhile
        ("Ben", None, "deals round 3 now"),
        ("Eve", 3, "has left the game"),
        (None, 3, "no such player"),
    ],
)
def test_bad_choices_change_nothing(played, who, number, message):
    table.add_player(played, "Eve", "zero")
    table.remove_player(played, _player(played, "Eve").pk)
    before = _state(played)
    player_id = _player(played, who).pk if who else 99999
    with pytest.raises(table.Refused, match=message):
        table.choose_dealer(played, player_id, number)
    assert _state(played) == before


def test_no_dealer_is_chosen_once_the_game_is_over(db):
    game = make_game(target_score=50)
    record(game, ANN, {BEN: 60})
    before = _state(game)
    with pytest.raises(table.Refused, match="over"):
        table.choose_dealer(game, _player(game, "Ben").pk, 2)
    assert _state(game) == before


# --- On the board -------------------------------------------------------------------


def test_the_board_offers_each_player_at_the_table_to_deal(member, played):
    table.remove_player(played, _player(played, "Dan").pk)
    html = member.get(f"/g/{played.code}/").content.decode()
    assert f'action="/g/{played.code}/dealer/"' in html
    assert 'name="round" value="3"' in html
    for name in ("Ann", "Ben", "Cat"):
        assert f'value="{_player(played, name).pk}"' in html
    assert f'name="player" value="{_player(played, "Dan").pk}"' not in html


def test_spectators_see_no_dealer_choice(spectator, played):
    html = spectator.get(f"/w/{played.spectator_code}/").content.decode()
    assert "/dealer/" not in html


def test_a_member_chooses_the_dealer_with_one_tap(member, played):
    url = f"/g/{played.code}/dealer/"
    response = member.post(url, {"player": _player(played, "Dan").pk, "round": "3"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/g/{played.code}/#board"
    assert "Dan deals round 3" in response.content.decode()
    assert _board(played).dealer.name == "Dan"
    # the same tap again changes nothing more
    version = services.load_game(pk=played.pk).version
    member.post(url, {"player": _player(played, "Dan").pk, "round": "3"})
    assert services.load_game(pk=played.pk).version == version


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player": "Ben", "round": "2"}, "deals round 3 now"),
        ({"player": "Eve", "round": "3"}, "has left the game"),
        ({"player": "x", "round": "3"}, "no such player"),
        ({"round": "3"}, "no such player"),
        ({"player": "Ben", "round": "x"}, "deals round 3 now"),
    ],
)
def test_bad_choices_on_the_page_say_why_and_change_nothing(member, played, data, message):
    table.add_player(played, "Eve", "zero")
    table.remove_player(played, _player(played, "Eve").pk)
    before = _state(played)
    if data.get("player") in ("Ben", "Eve"):
        data = {**data, "player": str(_player(played, data["player"]).pk)}
    response = member.post(f"/g/{played.code}/dealer/", data)
    assert response.status_code == 409
    assert message in response.content.decode()
    assert _state(played) == before


def test_spectators_and_strangers_cannot_choose_the_dealer(client, played):
    before = _state(played)
    data = {"player": _player(played, "Dan").pk, "round": "3"}
    assert client.post(f"/g/{played.spectator_code}/dealer/", data).status_code == 403
    assert client.post(f"/w/{played.spectator_code}/dealer/", data).status_code == 404
    assert client.post("/g/UnknownCode1/dealer/", data).status_code == 404
    assert _state(played) == before


def test_choosing_the_dealer_needs_the_csrf_token_and_a_post(played):
    before = _state(played)
    data = {"player": _player(played, "Dan").pk, "round": "3"}
    url = f"/g/{played.code}/dealer/"
    assert Client(enforce_csrf_checks=True).post(url, data).status_code == 403
    assert Client().get(url).status_code == 405
    assert _state(played) == before


def test_the_history_and_the_downloads_say_who_dealt_the_chosen_rounds(member, played):
    table.choose_dealer(played, _player(played, "Dan").pk, 3)
    record(services.load_game(pk=played.pk), ANN, {BEN: 1, CAT: 1, DAN: 1})
    html = member.get(f"/g/{played.code}/rounds/").content.decode()
    assert "<bdi>Dan</bdi> dealt" in html
    data = member.get(f"/g/{played.code}/game.json").json()
    assert [r["dealer"] for r in data["rounds"]] == ["Ann", "Ben", "Dan"]
    csv = member.get(f"/g/{played.code}/game.csv").content.decode().splitlines()
    assert csv[3].startswith("3,Dan,Ann,")


def test_rounds_recorded_before_dealers_were_kept_keep_their_dealer(played):
    from play.models import Round

    Round.objects.filter(game=played).update(dealer=None)
    assert [row.dealer.name for row in _board(played).rounds] == ["Ann", "Ben"]
    table.choose_dealer(played, _player(played, "Ann").pk, 3)
    assert [row.dealer.name for row in _board(played).rounds] == ["Ann", "Ben"]
