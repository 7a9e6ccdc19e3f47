"""Players who come and go: add mid-game, remove (history kept), rename, fix the seat
order; the dealer follows; pairs keep partners opposite. Domain and views."""

import pytest
from django.test import Client

from play import services, table
from play.models import Player, Round
from tests.play.conftest import game_state as _state
from tests.play.conftest import make_game, record

ANN, BEN, CAT, DAN = range(4)


def _board(game):
    return services.board(services.load_game(pk=game.pk))


def _three_rounds(game):
    """Ann, Ben, Cat go out in turn: totals Ann 10+... (see the numbers below)."""
    record(game, ANN, {BEN: 10, CAT: 20, DAN: 30})  # Ann 60
    record(game, BEN, {ANN: 5, CAT: 5, DAN: 5})  # Ben 15
    record(game, CAT, {ANN: 1, BEN: 1, DAN: 1})  # Cat 3
    return services.load_game(pk=game.pk)


@pytest.fixture
def played(game):
    return _three_rounds(game)


# --- Adding ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start_from, amount, points", [("zero", None, 0), ("lowest", None, 0), ("agreed", 40, 40)]
)
def test_a_player_added_in_round_4_plays_from_then_on(played, start_from, amount, points):
    b = _board(played)
    assert b.dealer.name == "Dan"  # round 4: the deal passed Ann, Ben, Cat
    eve = table.add_player(played, " Eve ", start_from, amount)
    assert (eve.name, eve.seat, eve.joined_after, eve.start_points) == ("Eve", 4, 3, points)
    b = _board(played)
    assert [s.total for s in b.sides] == [60, 15, 3, 0, points]
    assert b.dealer.name == "Dan"  # the deal follows: Dan still deals next
    record(services.load_game(pk=played.pk), 4, {ANN: 2, BEN: 2, CAT: 2, DAN: 2})
    b = _board(played)
    assert b.sides[4].total == points + 8
    assert b.dealer.name == "Eve"  # then the new player, seated after Dan
    # The history: Eve had no hand in the rounds before she came.
    assert [p.name for p, _pts in b.rounds[0].other_hands] == ["Ben", "Cat", "Dan"]
    notes = table.notes(b.players, b.standing.totals, b.rules)
    assert notes[0].startswith("Eve joined after round 3, starting from")


def test_from_the_lowest_total_is_the_lowest_of_the_players_at_the_table(played):
    record(played, DAN, {ANN: 1, BEN: 1, CAT: 1})  # Dan 3: lowest is Cat's 3 or Dan's 3
    table.add_player(played, "Eve", "lowest")
    assert _board(played).sides[4].total == 3


def test_an_eleventh_player_is_refused(db):
    game = make_game([f"P{i}" for i in range(10)])
    before = _state(game)
    with pytest.raises(table.Refused, match="at most 10 players"):
        table.add_player(game, "Eleven", "zero")
    assert _state(game) == before


@pytest.mark.parametrize(
    "name, start_from, amount, message",
    [
        ("ben", "zero", None, "already called “ben”"),
        ("  ", "zero", None, "Enter a name"),
        ("X" * 31, "zero", None, "at most 30 characters"),
        ("Eve", "agreed", None, "Enter the points"),
        ("Eve", "agreed", 500, "would reach 500"),
        ("Eve", "half", None, "Choose what"),
    ],
)
def test_bad_additions_change_nothing(played, name, start_from, amount, message):
    before = _state(played)
    with pytest.raises(table.Refused, match=message):
        table.add_player(played, name, start_from, amount)
    assert _state(played) == before


# --- Removing --------------------------------------------------------------------------


def test_a_removed_player_keeps_their_rounds_and_total_and_the_deal_passes_on(played):
    assert _board(played).dealer.name == "Dan"
    dan = Player.objects.get(game=played, name="Dan")
    table.remove_player(played, dan.pk)
    b = _board(played)
    assert [p.name for p in b.active] == ["Ann", "Ben", "Cat"]
    assert [s.total for s in b.sides] == [60, 15, 3, 0]  # Dan's rounds stay
    assert b.dealer.name == "Ann"  # Dan was to deal: the next player deals instead
    assert [s.name for s in b.playing_sides] == ["Ann", "Ben", "Cat"]
    assert len(b.rounds) == 3 and b.rounds[0].other_hands[-1][0].name == "Dan"
    assert (
        "Dan left after round 3 with 0 points"
        in table.notes(b.players, b.standing.totals, b.rules)[0]
    )
    # The round form no longer offers Dan; a round without him records.
    record(services.load_game(pk=played.pk), ANN, {BEN: 1, CAT: 1})
    assert _board(played).sides[0].total == 62


def test_a_player_who_left_before_the_first_round(db):
    game = make_game(["Ann", "Ben", "Cat"])
    table.remove_player(game, Player.objects.get(game=game, name="Cat").pk)
    b = _board(game)
    assert table.notes(b.players, b.standing.totals, b.rules) == [
        "Cat left before the first round."
    ]


def test_a_player_who_left_cannot_win(db):
    game = make_game(["Ann", "Ben", "Cat"], target_score=100)
    record(game, CAT, {ANN: 90, BEN: 0})  # Cat 90
    table.remove_player(game, Player.objects.get(game=game, name="Cat").pk)
    record(services.load_game(pk=game.pk), ANN, {BEN: 100})
    b = _board(game)
    assert [s.name for s in b.winners] == ["Ann"]


def test_removing_the_last_two_is_refused(db):
    game = make_game(["Ann", "Ben"])
    before = _state(game)
    with pytest.raises(table.Refused, match="Ann and Ben are the last two"):
        table.remove_player(game, Player.objects.get(game=game, name="Ann").pk)
    assert _state(game) == before


def test_removing_someone_who_already_left_is_refused(played):
    dan = Player.objects.get(game=played, name="Dan")
    table.remove_player(played, dan.pk)
    before = _state(played)
    with pytest.raises(table.Refused, match="already left the game"):
        table.remove_player(played, dan.pk)
    assert _state(played) == before


# --- Renaming and seats ------------------------------------------------------------------


def test_rename_keeps_everything_else(played):
    before = _state(played)
    table.rename_player(played, Player.objects.get(game=played, name="Ben").pk, "Benjamin")
    after = _state(played)
    assert after[2][1][1] == "Benjamin"
    assert after[3:] == before[3:]
    with pytest.raises(table.Refused, match="already called “ann”"):
        table.rename_player(played, Player.objects.get(game=played, name="Cat").pk, "ann")
    # The same name in other letters is not taken by oneself.
    table.rename_player(played, Player.objects.get(game=played, name="Cat").pk, "CAT")


def test_moving_a_player_up_keeps_the_next_dealer(played):
    cat = Player.objects.get(game=played, name="Cat")
    table.move_up(played, cat.pk, cat.seat)
    b = _board(played)
    assert [p.name for p in b.active] == ["Ann", "Cat", "Ben", "Dan"]
    assert b.dealer.name == "Dan"
    assert [s.total for s in b.sides] == [60, 3, 15, 0]  # the totals follow the players


def test_moving_with_a_stale_page_or_from_the_first_seat_changes_nothing(played):
    cat = Player.objects.get(game=played, name="Cat")
    ann = Player.objects.get(game=played, name="Ann")
    before = _state(played)
    with pytest.raises(table.Refused, match="changed on another phone"):
        table.move_up(played, cat.pk, 1)
    with pytest.raises(table.Refused, match="first seat already"):
        table.move_up(played, ann.pk, 0)
    assert _state(played) == before


def test_pairs_move_partners_together_and_refuse_joining_alone(db):
    game = make_game(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"], preset="teams-to-100")
    before = _state(game)
    with pytest.raises(table.Refused, match="join two at a time"):
        table.add_player(game, "Gus", "zero")
    assert _state(game) == before
    ben = Player.objects.get(game=game, name="Ben")
    table.move_up(game, ben.pk, ben.seat)
    b = _board(game)
    assert [p.name for p in b.active] == ["Ben", "Ann", "Cat", "Eve", "Dan", "Fay"]
    assert [s.name for s in b.sides] == ["Ben & Eve", "Ann & Dan", "Cat & Fay"]
    assert [p.team for p in b.active] == [0, 1, 2, 0, 1, 2]


def test_players_of_a_finished_game_do_not_change(db):
    game = make_game(["Ann", "Ben", "Cat"], target_score=50)
    record(game, ANN, {BEN: 30, CAT: 30})
    with pytest.raises(table.Refused, match="This game is over"):
        table.add_player(game, "Eve", "zero")


def test_play_again_seats_only_the_players_at_the_table(played):
    table.remove_player(played, Player.objects.get(game=played, name="Ben").pk)
    table.add_player(played, "Eve", "zero")
    record(services.load_game(pk=played.pk), ANN, {CAT: 300, DAN: 200, 4: 100})
    new, _created = services.play_again(services.load_game(pk=played.pk))
    assert list(new.players.values_list("name", flat=True)) == ["Ann", "Cat", "Dan", "Eve"]


# --- Views --------------------------------------------------------------------------------


def test_the_players_page_lists_seats_and_offers_changes(member, played):
    html = member.get(f"/g/{played.code}/players/").content.decode()
    assert "At the table, in seat order" in html
    assert "Dan</strong> deals next" in html
    assert "The lowest total at the table (0)" in html
    assert html.count("Move up") == 3  # not for the first seat


def test_adding_through_the_page(member, played):
    response = member.post(
        f"/g/{played.code}/players/add/", {"name": "Eve", "start_from": "agreed", "amount": "25"}
    )
    assert response.status_code == 302
    page = member.get(f"/g/{played.code}/").content.decode()
    assert "Eve joins the game from the next round, starting from 25 points." in page
    assert "Eve joined after round 3, starting from 25 points (as the table decided)." in page
    assert 'value="4"' in page  # Eve can be chosen as the one who went out


def test_a_refused_addition_keeps_what_was_typed(member, played):
    before = _state(played)
    response = member.post(
        f"/g/{played.code}/players/add/", {"name": "Ann", "start_from": "agreed", "amount": "7"}
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "already called “Ann”" in html
    assert 'id="new-name" name="name" value="Ann"' in html and 'value="7"' in html
    assert _state(played) == before


def test_removing_through_the_page_asks_first(member, played):
    dan = Player.objects.get(game=played, name="Dan")
    page = member.get(f"/g/{played.code}/players/{dan.pk}/remove/")
    assert "Remove Dan from the game?" in page.content.decode()
    response = member.post(f"/g/{played.code}/players/{dan.pk}/remove/")
    assert response.status_code == 302
    assert Player.objects.get(pk=dan.pk).left_after == 3


def test_renaming_and_moving_through_the_page(member, played):
    ben = Player.objects.get(game=played, name="Ben")
    assert (
        member.post(f"/g/{played.code}/players/{ben.pk}/name/", {"name": "Benny"}).status_code
        == 302
    )
    assert member.post(f"/g/{played.code}/players/{ben.pk}/up/", {"seat": "1"}).status_code == 302
    assert [p.name for p in _board(played).active] == ["Benny", "Ann", "Cat", "Dan"]
    response = member.post(f"/g/{played.code}/players/{ben.pk}/name/", {"name": "cat"})
    assert response.status_code == 409
    assert 'value="cat"' in response.content.decode()


def _changes(game, code):
    ben = Player.objects.get(game=game, name="Ben")
    return [
        ("get", f"/g/{code}/players/", {}),
        ("post", f"/g/{code}/players/add/", {"name": "Eve", "start_from": "zero"}),
        ("post", f"/g/{code}/players/{ben.pk}/name/", {"name": "Benny"}),
        ("post", f"/g/{code}/players/{ben.pk}/up/", {"seat": str(ben.seat)}),
        ("get", f"/g/{code}/players/{ben.pk}/remove/", {}),
        ("post", f"/g/{code}/players/{ben.pk}/remove/", {}),
    ]


@pytest.mark.parametrize("index", range(6))
def test_spectators_and_strangers_cannot_change_players(client, played, index):
    before = _state(played)
    method, url, data = _changes(played, played.spectator_code)[index]
    assert getattr(client, method)(url, data).status_code == 403
    method, url, data = _changes(played, "UnknownCode1")[index]
    assert getattr(client, method)(url, data).status_code == 404
    assert _state(played) == before


@pytest.mark.parametrize("index", [1, 2, 3, 5])
def test_player_changes_need_the_csrf_token_and_work_for_members(played, index):
    before = _state(played)
    method, url, data = _changes(played, played.code)[index]
    assert Client(enforce_csrf_checks=True).post(url, data).status_code == 403
    assert _state(played) == before
    assert Client().post(url, data).status_code == 302
    assert _state(played) != before


def test_player_changes_refuse_get(member, played):
    ben = Player.objects.get(game=played, name="Ben")
    for path in ["players/add/", f"players/{ben.pk}/name/", f"players/{ben.pk}/up/"]:
        assert member.get(f"/g/{played.code}/{path}").status_code == 405


# --- Who dealt each round, as the table sat then ----------------------------------------


def _dealers(game):
    return [row.dealer.name for row in _board(game).rounds]


def test_the_history_keeps_who_dealt_each_round_after_seat_changes(played):
    assert _dealers(played) == ["Ann", "Ben", "Cat"]
    table.remove_player(played, Player.objects.get(game=played, name="Ann").pk)
    dan = Player.objects.get(game=played, name="Dan")
    table.move_up(played, dan.pk, dan.seat)  # Ben, Dan, Cat
    table.add_player(played, "Eve", "zero")
    assert _dealers(played) == ["Ann", "Ben", "Cat"]  # not counted round today's seats
    assert _board(played).dealer.name == "Dan"
    record(services.load_game(pk=played.pk), BEN, {CAT: 1, DAN: 1, 4: 1})
    assert _dealers(played) == ["Ann", "Ben", "Cat", "Dan"]


def test_a_round_put_back_keeps_its_dealer(played):
    from play import removal, removed_rounds

    table.move_up(played, Player.objects.get(game=played, name="Cat").pk, CAT)  # Ann Cat Ben
    last = Round.objects.get(game=played, number=2)
    removal.remove_round(played, last.pk, last.version)
    removed = removed_rounds.offer(played)
    removal.put_back(played, removed.pk)
    assert _dealers(played) == ["Ann", "Ben", "Cat"]


def test_rounds_recorded_before_dealers_were_kept_count_from_todays_seats(played):
    Round.objects.filter(game=played).update(dealer=None)
    assert _dealers(played) == ["Ann", "Ben", "Cat"]
    table.remove_player(played, Player.objects.get(game=played, name="Ann").pk)
    # Without a kept dealer, the history can only count back round the players seated
    # now (Dan deals round 4, so round 1 reads Dan): what every round showed before.
    assert _dealers(played) == ["Dan", "Ben", "Cat"]


def test_the_history_page_says_who_dealt_as_it_was(member, played):
    table.remove_player(played, Player.objects.get(game=played, name="Ann").pk)
    html = member.get(f"/g/{played.code}/rounds/").content.decode()
    assert (
        "<bdi>Ann</bdi> dealt" in html
        and "<bdi>Ben</bdi> dealt" in html
        and "<bdi>Cat</bdi> dealt" in html
    )
    data = member.get(f"/g/{played.code}/game.json").json()
    assert [r["dealer"] for r in data["rounds"]] == ["Ann", "Ben", "Cat"]
    assert data["first_dealer"] == "Ann"
