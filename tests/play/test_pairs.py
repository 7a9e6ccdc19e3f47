"""Pairs who come and go: a whole pair joins or leaves mid-game, partners stay opposite,
the deal follows, a pair that left keeps its rounds. Domain and views (member, spectator,
stranger)."""

import pytest
from django.test import Client

from play import services, table
from play.forms import RoundForm
from play.models import Player
from tests.play.conftest import game_state as _state
from tests.play.conftest import make_game, record

# Ann & Cat are one pair, Ben & Dan the other (seats 0-3, partners opposite).
ANN, BEN, CAT, DAN = range(4)


def _board(game):
    return services.board(services.load_game(pk=game.pk))


def _seat(game, name):
    return Player.objects.get(game=game, name=name).seat


def _pairs_game(**changes):
    """Ann & Cat against Ben & Dan; the partner's hand does not score (the official rule)."""
    options = {"teams": "pairs", "target_score": 500, "team_scores_partner_hand": False}
    return make_game(["Ann", "Ben", "Cat", "Dan"], **{**options, **changes})


def _two_rounds(game):
    record(game, ANN, {BEN: 10, CAT: 99, DAN: 20})  # Ann & Cat 30 (Cat's hand does not count)
    record(game, BEN, {ANN: 5, CAT: 5, DAN: 99})  # Ben & Dan 10
    return services.load_game(pk=game.pk)


@pytest.fixture
def pairs(db):
    return _two_rounds(_pairs_game())


def _opposite(b):
    """The partners of each player at the table, by position: they must sit opposite."""
    seated = b.active
    half = len(seated) // 2
    return [(seated[i].name, seated[i + half].name) for i in range(half)]


# --- Adding a pair -------------------------------------------------------------------


@pytest.mark.parametrize(
    "start_from, amount, points", [("zero", None, 0), ("lowest", None, 10), ("agreed", 25, 25)]
)
def test_a_pair_added_in_round_3_sits_opposite_and_plays_from_then_on(
    pairs, start_from, amount, points
):
    assert _board(pairs).dealer.name == "Cat"  # round 3: Ann, then Ben dealt
    eve, fay = table.add_pair(pairs, [" Eve ", "Fay"], start_from, amount)
    assert (eve.name, fay.name, eve.joined_after, eve.start_points) == ("Eve", "Fay", 2, points)
    b = _board(pairs)
    assert [p.name for p in b.active] == ["Ann", "Ben", "Eve", "Cat", "Dan", "Fay"]
    assert _opposite(b) == [("Ann", "Cat"), ("Ben", "Dan"), ("Eve", "Fay")]
    assert [s.name for s in b.sides] == ["Ann & Cat", "Ben & Dan", "Eve & Fay"]
    assert [p.team for p in b.players] == [0, 1, 2, 0, 1, 2]
    assert [s.total for s in b.sides] == [30, 10, points]
    assert b.dealer.name == "Cat"  # the deal follows: Cat still deals next
    # The new pair's partner hand rule: Eve went out, Fay's hand does not count.
    game = services.load_game(pk=pairs.pk)
    seats = {p.name: p.seat for p in b.players}
    record(game, seats["Eve"], {seats["Ann"]: 7, seats["Ben"]: 8, seats["Fay"]: 50, 4: 5})
    b = _board(pairs)
    assert [s.total for s in b.sides] == [30, 10, points + 20]
    assert b.dealer.name == "Dan"  # after Cat
    # The history: the new pair had no hand in the rounds before they came; totals per side.
    assert [p.name for p, _pts in b.rounds[0].other_hands] == ["Ben", "Cat", "Dan"]
    assert b.rounds[1].totals == [30, 10, 0]  # their start counts from round 3
    assert b.rounds[2].totals == [30, 10, points + 20]
    notes = table.notes(b.players, b.standing.totals, b.rules)
    assert len(notes) == 1 and notes[0].startswith("Eve & Fay joined after round 2, starting from")


def test_the_round_form_knows_the_new_partners(pairs):
    table.add_pair(pairs, ["Eve", "Fay"], "zero")
    b = _board(pairs)
    eve, fay = (next(p for p in b.players if p.name == n) for n in ("Eve", "Fay"))
    data = {"went_out": str(eve.seat), "submission_id": "9f0b3c9e-5d0e-4d8c-9a53-2d1b5c1f0a11"}
    data |= {f"hand_{p.seat}": "5" for p in b.active if p.pk not in (eve.pk, fay.pk)}
    form = RoundForm(data, players=b.active, rules=b.rules, editing=False, seat_count=6)
    assert form.is_valid(), form.errors  # Fay's hand may stay empty: it does not count
    data[f"hand_{fay.seat}"] = ""
    data.pop(f"hand_{_seat(pairs, 'Cat')}")
    form = RoundForm(data, players=b.active, rules=b.rules, editing=False, seat_count=6)
    assert not form.is_valid()  # Cat's hand counts
    assert "Cat’s hand" in str(form.errors)


def test_a_pair_added_after_a_pair_left_sits_opposite_too(pairs):
    table.add_pair(pairs, ["Eve", "Fay"], "zero")
    table.remove_player(pairs, Player.objects.get(game=pairs, name="Ben").pk)
    b = _board(pairs)
    assert _opposite(b) == [("Ann", "Cat"), ("Eve", "Fay")]
    table.add_pair(pairs, ["Gus", "Hal"], "zero")
    b = _board(pairs)
    assert _opposite(b) == [("Ann", "Cat"), ("Eve", "Fay"), ("Gus", "Hal")]
    assert [s.name for s in b.sides] == ["Ann & Cat", "Ben & Dan", "Eve & Fay", "Gus & Hal"]
    assert [s.playing for s in b.sides] == [True, False, True, True]
    assert [s.total for s in b.sides] == [30, 10, 0, 0]
    # Moving Gus up passes over the pair that left: Gus & Hal before Eve & Fay.
    gus = Player.objects.get(game=pairs, name="Gus")
    table.move_up(pairs, gus.pk, gus.seat)
    b = _board(pairs)
    assert _opposite(b) == [("Ann", "Cat"), ("Gus", "Hal"), ("Eve", "Fay")]
    assert [s.total for s in b.sides if s.playing] == [30, 0, 0]
    assert all(p.team == p.seat % (len(b.players) // 2) for p in b.players)


def test_play_again_after_pairs_came_and_went_keeps_partners_opposite(db):
    game = _pairs_game(target_score=100)
    table.add_pair(game, ["Eve", "Fay"], "zero")
    table.remove_player(game, Player.objects.get(game=game, name="Ann").pk)
    record(game, BEN, {2: 200})  # Ben & Dan reach 100
    new, _created = services.play_again(services.load_game(pk=game.pk))
    b = _board(new)
    assert [p.name for p in b.players] == ["Ben", "Eve", "Dan", "Fay"]
    assert [s.name for s in b.sides] == ["Ben & Dan", "Eve & Fay"]


# --- Removing a pair -----------------------------------------------------------------


def test_a_removed_pair_keeps_its_rounds_and_total_and_the_deal_passes_on(db):
    game = _two_rounds(_pairs_game())
    table.add_pair(game, ["Eve", "Fay"], "zero")
    b = _board(game)
    assert b.dealer.name == "Cat"
    cat = Player.objects.get(game=game, name="Cat")
    left = table.remove_player(game, cat.pk)  # Cat's pair: Ann & Cat
    assert [p.name for p in left] == ["Ann", "Cat"]
    b = _board(game)
    assert [p.name for p in b.active] == ["Ben", "Eve", "Dan", "Fay"]
    assert [s.total for s in b.sides] == [30, 10, 0]  # Ann & Cat keep their 30
    assert b.dealer.name == "Dan"  # the player after Cat
    assert len(b.rounds) == 2 and b.rounds[0].went_out.name == "Ann"  # their rounds stay
    notes = table.notes(b.players, b.standing.totals, b.rules)
    assert "Ann & Cat left after round 2 with 30 points; their rounds stay in the history." in notes
    record(services.load_game(pk=game.pk), _seat(game, "Ben"), {_seat(game, "Eve"): 490})
    b = _board(game)
    assert [s.name for s in b.winners] == ["Ben & Dan"]


def test_only_pairs_at_the_table_end_the_game_and_win(db):
    game = _pairs_game(target_score=60)
    record(game, ANN, {BEN: 50})  # Ann & Cat 50
    table.add_pair(game, ["Eve", "Fay"], "zero")
    table.remove_player(game, Player.objects.get(game=game, name="Ann").pk)
    record(services.load_game(pk=game.pk), _seat(game, "Eve"), {_seat(game, "Ben"): 60})
    b = _board(game)
    assert b.standing.finished
    assert [s.name for s in b.winners] == ["Eve & Fay"]


# --- Bad input: a clear message, nothing changed ------------------------------------------


def test_removing_one_of_the_last_two_pairs_is_refused(pairs):
    before = _state(pairs)
    with pytest.raises(table.Refused, match="at least two pairs.*Ann & Cat and Ben & Dan"):
        table.remove_player(pairs, Player.objects.get(game=pairs, name="Dan").pk)
    assert _state(pairs) == before


def test_removing_a_pair_that_already_left_is_refused(pairs):
    table.add_pair(pairs, ["Eve", "Fay"], "zero")
    table.remove_player(pairs, Player.objects.get(game=pairs, name="Eve").pk)
    before = _state(pairs)
    with pytest.raises(table.Refused, match="Fay has already left"):
        table.remove_player(pairs, Player.objects.get(game=pairs, name="Fay").pk)
    assert _state(pairs) == before


def test_a_pair_beyond_ten_players_is_refused(db):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
    game = make_game(names, teams="pairs")
    before = _state(game)
    with pytest.raises(table.Refused, match="at most 10 players, and 10 are playing"):
        table.add_pair(game, ["Kim", "Lou"], "zero")
    assert _state(game) == before


@pytest.mark.parametrize(
    "names, start_from, amount, message",
    [
        (["Eve", "ann"], "zero", None, "already called “ann”"),
        (["BEN", "Fay"], "zero", None, "already called “BEN”"),
        (["Eve", "eve"], "zero", None, "Both partners are called “Eve”"),
        (["Eve", "  "], "zero", None, "names of both partners"),
        (["", "Fay"], "zero", None, "names of both partners"),
        (["Eve", "F" * 31], "zero", None, "at most 30 characters"),
        (["Eve", "Fay"], "agreed", None, "Enter the points the new pair starts with"),
        (["Eve", "Fay"], "agreed", 500, "would reach 500"),
        (["Eve", "Fay"], "sometime", None, "Choose what the new pair starts with"),
    ],
)
def test_bad_pairs_change_nothing(pairs, names, start_from, amount, message):
    before = _state(pairs)
    with pytest.raises(table.Refused, match=message):
        table.add_pair(pairs, names, start_from, amount)
    assert _state(pairs) == before


def test_one_player_cannot_join_a_pairs_game_nor_a_pair_a_game_of_players(pairs, game):
    before = _state(pairs)
    with pytest.raises(table.Refused, match="join two at a time: add a pair"):
        table.add_player(pairs, "Gus", "zero")
    assert _state(pairs) == before
    before = _state(game)
    with pytest.raises(table.Refused, match="do not play in pairs"):
        table.add_pair(game, ["Gus", "Hal"], "zero")
    assert _state(game) == before


def test_a_finished_pairs_game_takes_no_pair(db):
    game = _pairs_game(target_score=50)
    record(game, ANN, {BEN: 60})
    before = _state(game)
    with pytest.raises(table.Refused, match="This game is over"):
        table.add_pair(game, ["Eve", "Fay"], "zero")
    with pytest.raises(table.Refused, match="This game is over"):
        table.remove_player(game, Player.objects.get(game=game, name="Ann").pk)
    assert _state(game) == before


# --- Views ---------------------------------------------------------------------------------


@pytest.fixture
def member(pairs):
    c = Client()
    assert c.get(f"/g/{pairs.code}/").status_code == 200
    return c


def test_the_players_page_of_a_pairs_game_offers_a_pair(member, pairs):
    html = member.get(f"/g/{pairs.code}/players/").content.decode()
    assert "Add a pair" in html and 'name="partner"' in html
    assert "the first partner sits after Ben, the second after Dan" in html
    assert "partner of <bdi>Cat</bdi>" in html and "partner of <bdi>Ann</bdi>" in html
    assert html.count("Remove the pair") == 4
    assert "The lowest pair’s total at the table (10)" in html


def test_adding_a_pair_through_the_page(member, pairs):
    response = member.post(
        f"/g/{pairs.code}/players/add/",
        {"name": "Eve", "partner": "Fay", "start_from": "lowest"},
    )
    assert response.status_code == 302
    page = member.get(response["Location"]).content.decode()
    assert "Eve &amp; Fay join the game from the next round, starting from 10 points." in page
    board = member.get(f"/g/{pairs.code}/").content.decode()
    assert "Eve &amp; Fay joined after round 2, starting from 10 points (the lowest total" in board
    assert f'name="went_out" value="{_seat(pairs, "Fay")}"' in board  # Fay can go out


def test_a_refused_pair_keeps_what_was_typed(member, pairs):
    before = _state(pairs)
    response = member.post(
        f"/g/{pairs.code}/players/add/",
        {"name": "Eve", "partner": "Dan", "start_from": "agreed", "amount": "7"},
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "already called “Dan”" in html
    assert 'name="name" value="Eve"' in html and 'name="partner" value="Dan"' in html
    assert 'value="7"' in html
    assert _state(pairs) == before


def test_removing_a_pair_through_the_page_asks_first(member, pairs):
    table.add_pair(pairs, ["Eve", "Fay"], "zero")
    fay = Player.objects.get(game=pairs, name="Fay")
    page = member.get(f"/g/{pairs.code}/players/{fay.pk}/remove/").content.decode()
    assert "Remove Eve &amp; Fay from the game?" in page
    assert "partners leave together" in page
    response = member.post(f"/g/{pairs.code}/players/{fay.pk}/remove/")
    assert response.status_code == 302
    page = member.get(response["Location"]).content.decode()
    assert "Eve &amp; Fay have left the game" in page
    assert '<bdi>Eve &amp; Fay</bdi> <span class="muted">· left after round 2</span>' in page
    assert set(Player.objects.filter(game=pairs, left_after=2).values_list("name", flat=True)) == {
        "Eve",
        "Fay",
    }


def test_removing_the_last_two_pairs_through_the_page_is_refused(member, pairs):
    before = _state(pairs)
    ann = Player.objects.get(game=pairs, name="Ann")
    response = member.post(f"/g/{pairs.code}/players/{ann.pk}/remove/")
    assert response.status_code == 409
    assert "needs at least two pairs" in response.content.decode()
    assert _state(pairs) == before


def test_a_full_pairs_table_says_no_pair_can_join(db):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
    game = make_game(names, teams="pairs")
    html = Client().get(f"/g/{game.code}/players/").content.decode()
    assert "no pair can join now" in html and "Add a pair" not in html


def _pair_changes(game, code):
    ann = Player.objects.get(game=game, name="Ann")
    pair = {"name": "Eve", "partner": "Fay", "start_from": "zero"}
    return [
        ("get", f"/g/{code}/players/", {}),
        ("post", f"/g/{code}/players/add/", pair),
        ("get", f"/g/{code}/players/{ann.pk}/remove/", {}),
        ("post", f"/g/{code}/players/{ann.pk}/remove/", {}),
    ]


@pytest.fixture
def three_pairs(db):
    game = _two_rounds(_pairs_game())
    table.add_pair(game, ["Gus", "Hal"], "zero")
    return services.load_game(pk=game.pk)


@pytest.mark.parametrize("index", range(4))
def test_spectators_and_strangers_cannot_change_pairs(three_pairs, index):
    game = three_pairs
    before = _state(game)
    watcher = Client()
    assert watcher.get(f"/w/{game.spectator_code}/").status_code == 200
    method, url, data = _pair_changes(game, game.spectator_code)[index]
    assert getattr(watcher, method)(url, data).status_code == 403
    method, url, data = _pair_changes(game, "UnknownCode1")[index]
    assert getattr(Client(), method)(url, data).status_code == 404
    assert _state(game) == before


@pytest.mark.parametrize("index", [1, 3])
def test_pair_changes_need_the_csrf_token_and_work_for_members(three_pairs, index):
    game = three_pairs
    before = _state(game)
    method, url, data = _pair_changes(game, game.code)[index]
    assert Client(enforce_csrf_checks=True).post(url, data).status_code == 403
    assert _state(game) == before
    assert Client().post(url, data).status_code == 302
    assert _state(game) != before
