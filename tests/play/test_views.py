"""The scorekeeper's views: happy paths, bad input, and who may do what.

Personas: a *member* has the game link (/g/<code>/), a *spectator* the read-only link
(/w/<spectator code>/), a *stranger* neither. Only members change anything.
"""

import csv
import io
import json
import uuid

import pytest
from PIL import Image

from domain import scoring
from play import corrections, services
from play.models import Game, Hand, Player, Round
from rulesets.services import save_revision
from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record
from tests.rulesets.test_sharing import decode

ANN, BEN, CAT, DAN = range(4)


def _state(game):
    """Everything a change could touch, to show that nothing changed."""
    g = Game.objects.get(pk=game.pk)
    return (
        g.version,
        g.finished_at,
        list(Round.objects.filter(game=g).values_list("number", "went_out_id", "version")),
        sorted(Hand.objects.filter(round__game=g).values_list("round_id", "player_id", "points")),
        Game.objects.count(),
    )


def _round_data(went_out=ANN, hands=None, **extra):
    data = {"went_out": str(went_out), "submission_id": str(uuid.uuid4())}
    hands = {BEN: 77, CAT: 9, DAN: 60} if hands is None else hands
    data.update({f"hand_{seat}": str(points) for seat, points in hands.items()})
    data.update(extra)
    return data


def _totals(game):
    return [s.total for s in services.board(services.load_game(pk=game.pk)).sides]


# --- Starting a game -------------------------------------------------------------------


@pytest.fixture
def rules_code(db):
    return make_ruleset()[0].code


def _start(client, code, names, dealer="1", **extra):
    padded = list(names) + [""] * max(0, 10 - len(names))
    data = {"name": padded, "dealer": dealer, "submission_id": str(uuid.uuid4()), **extra}
    return client.post(f"/r/{code}/play/", data)


def test_start_form_shows_ten_name_inputs_and_the_dealer_choice(client, rules_code):
    response = client.get(f"/r/{rules_code}/play/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('name="name"') == 10
    assert 'name="dealer"' in html
    assert 'name="submission_id"' in html
    assert "Pick at random" in html


def test_starting_a_game_seats_the_named_players_and_ignores_blanks(client, rules_code):
    response = _start(client, rules_code, ["Ann", "", "  Ben ", "", "Cat"], dealer="3")
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.code}/"
    assert list(game.players.values_list("seat", "name", "team")) == [
        (0, "Ann", None),
        (1, "Ben", None),
        (2, "Cat", None),
    ]
    assert game.first_dealer == 1  # the third input is Ben, the second seat
    assert game.revision.ruleset.code == rules_code
    assert len(game.code) >= 11 and len(game.spectator_code) >= 11
    assert game.code != game.spectator_code


def test_starting_with_a_random_dealer(client, rules_code):
    _start(client, rules_code, ["Ann", "Ben", "Cat"], dealer="random")
    assert Game.objects.get().first_dealer in (0, 1, 2)


def test_pairs_make_teams_of_partners_sitting_opposite(client, db):
    code = make_ruleset("teams-to-100")[0].code
    response = _start(client, code, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    assert response.status_code == 302
    game = Game.objects.get()
    assert list(game.players.values_list("name", "team")) == [
        ("Ann", 0),
        ("Ben", 1),
        ("Cat", 2),
        ("Dan", 0),
        ("Eve", 1),
        ("Fay", 2),
    ]
    page = client.get(f"/g/{game.code}/").content.decode()
    assert "Ann &amp; Dan" in page


@pytest.mark.parametrize(
    "names, message",
    [
        ([], "at least 2 players"),
        (["Ann"], "at least 2 players"),
        (["Ann", "ann"], "Two players are called"),
        (["Ann", "Ben", "ANN "], "Two players are called"),
        ([f"P{i}" for i in range(11)], "at most 10 players"),
        (["A" * 31, "Ben"], "at most 30 characters"),
    ],
)
def test_bad_names_are_refused_and_kept_in_the_form(client, rules_code, names, message):
    response = _start(client, rules_code, names)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert "The game has not started yet" in html
    for name in names:
        assert f'value="{name}"' in html
    assert Game.objects.count() == 0


def test_an_odd_number_of_players_is_refused_with_pairs(client, db):
    code = make_ruleset("teams-to-100")[0].code
    response = _start(client, code, ["Ann", "Ben", "Cat", "Dan", "Eve"])
    assert response.status_code == 400
    assert "even number of players" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_dealer_without_a_name_is_refused(client, rules_code):
    response = _start(client, rules_code, ["Ann", "Ben"], dealer="5")
    assert response.status_code == 400
    assert "Player 5 has no name" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_start_form_sent_twice_starts_one_game(client, rules_code):
    data = {
        "name": ["Ann", "Ben"] + [""] * 8,
        "dealer": "1",
        "submission_id": str(uuid.uuid4()),
    }
    first = client.post(f"/r/{rules_code}/play/", data)
    second = client.post(f"/r/{rules_code}/play/", data)
    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


def test_a_start_form_without_submission_id_is_refused(client, rules_code):
    response = client.post(f"/r/{rules_code}/play/", {"name": ["Ann", "Ben"], "dealer": "1"})
    assert response.status_code == 400
    assert "reload the page" in response.content.decode()
    assert Game.objects.count() == 0


def test_starting_from_unknown_rules_is_404(client, db):
    assert client.get("/r/nosuchcode00/play/").status_code == 404
    assert _start(client, "nosuchcode00", ["Ann", "Ben"]).status_code == 404
    assert Game.objects.count() == 0


# --- The scoreboard ------------------------------------------------------------------------


def test_the_scoreboard_shows_totals_round_dealer_and_first_player(member, game):
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    html = member.get(f"/g/{game.code}/").content.decode()
    assert "Round 2" in html
    assert (
        "<strong><bdi>Ben</bdi></strong> deals · <strong><bdi>Cat</bdi></strong> plays first"
        in html
    )
    assert ">146</span>" in html
    assert 'name="went_out"' in html
    assert 'name="submission_id"' in html
    assert "Undo round 1" in html
    assert f"/w/{game.spectator_code}/" in html  # the spectator link to share


def test_the_spectator_page_is_read_only_and_hides_the_game_link(spectator, game):
    record(game, ANN, {BEN: 5, CAT: 5, DAN: 5})
    html = spectator.get(f"/w/{game.spectator_code}/").content.decode()
    assert ">15</span>" in html
    assert "went_out" not in html
    assert "Undo" not in html
    assert game.code not in html


def test_a_stranger_gets_404(stranger, game):
    for path in ["/g/nosuchgame00/", "/w/nosuchgame00/", "/g/nosuchgame00/board/"]:
        assert stranger.get(path).status_code == 404
    assert stranger.get(f"/w/{game.code}/").status_code == 404  # a game code is not a watch code


def test_the_spectator_code_on_the_game_link_is_403(stranger, game):
    response = stranger.get(f"/g/{game.spectator_code}/")
    assert response.status_code == 403
    assert "read-only link" in response.content.decode()


def test_the_page_says_when_the_rules_have_changed_since_the_game_started(member, game):
    assert "have changed since" not in member.get(f"/g/{game.code}/").content.decode()
    revision = game.revision
    save_revision(revision.ruleset, revision.name, "", {**revision.options, "uno_penalty": 4})
    html = member.get(f"/g/{game.code}/").content.decode()
    assert "These rules have changed since the game started" in html


def test_the_rules_link_of_a_game_opens_the_revision_it_plays_by(member, spectator, game):
    revision = game.revision
    page = member.get(f"/g/{game.code}/").content.decode()
    assert f'href="/g/{game.code}/rules/">The rules</a>' in page
    assert f'href="/w/{game.spectator_code}/rules/">The rules</a>' in (
        spectator.get(f"/w/{game.spectator_code}/").content.decode()
    )
    same = member.get(f"/g/{game.code}/rules/").content.decode()
    assert "have changed since" not in same
    assert f"(revision {revision.number})" in same
    # The rules themselves, as the rules page shows them: what differs, then every rule.
    assert '<p class="house-summary' in same and 'id="answers"' in same
    assert "{&#x27;top&#x27;" not in same
    save_revision(revision.ruleset, "Grandma’s rules", "", {**revision.options, "uno_penalty": 4})
    for client, link in [
        (member, f"/g/{game.code}/rules/"),
        (spectator, f"/w/{game.spectator_code}/rules/"),
    ]:
        response = client.get(link)
        html = response.content.decode()
        assert response.status_code == 200
        assert f"<h1>{revision.name}</h1>" in html  # the game's revision, not the new one
        assert "Grandma’s rules" not in html
        assert "These rules have changed since the game started" in html
        assert f'<a href="/r/{revision.ruleset.code}/">See the rules as they are now</a>' in html
    # The read-only link never shows the game link.
    assert game.code not in spectator.get(f"/w/{game.spectator_code}/rules/").content.decode()


def test_the_rules_of_a_game_need_its_link(stranger, game):
    assert stranger.get(f"/g/{game.spectator_code}/rules/").status_code == 403
    assert stranger.get(f"/w/{game.code}/rules/").status_code == 404
    assert stranger.post(f"/g/{game.code}/rules/").status_code == 405


def test_the_board_partial_answers_304_while_nothing_changes(member, game):
    response = member.get(f"/g/{game.code}/board/")
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="board"')
    etag = response["ETag"]
    assert "no-cache" in response["Cache-Control"]
    assert member.get(f"/g/{game.code}/board/", headers={"if-none-match": etag}).status_code == 304
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    changed = member.get(f"/g/{game.code}/board/", headers={"if-none-match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "Round 2" in changed.content.decode()


def test_an_unchanged_board_is_a_304_without_the_board(member, game, monkeypatch):
    """(Without a query: pinned in tests/test_caching.py.)"""
    etag = member.get(f"/g/{game.code}/board/")["ETag"]
    monkeypatch.setattr(services, "board", lambda *a, **k: pytest.fail("the board was read"))
    response = member.get(f"/g/{game.code}/board/", headers={"if-none-match": etag})
    assert response.status_code == 304 and response.content == b""


def test_the_spectator_board_polls_too(spectator, game):
    response = spectator.get(f"/w/{game.spectator_code}/board/")
    assert response.status_code == 200
    assert f"/w/{game.spectator_code}/board/" in response.content.decode()
    etag = response["ETag"]
    again = spectator.get(f"/w/{game.spectator_code}/board/", headers={"if-none-match": etag})
    assert again.status_code == 304


def _fill(game, rounds):
    players = len(game.players.all())
    for i in range(rounds):
        out = i % players
        record(game, out, {s: 1 for s in range(players) if s != out})


@pytest.mark.parametrize(
    "path, queries",
    [
        # The game with its revision and rule set, players, rounds, hands, points changed
        # outside the rounds, a removed round waiting to be put back.
        ("/g/{code}/", 6),
        ("/g/{code}/board/", 6),  # the same (the ETag's version comes from the cache)
        ("/w/{watch}/", 6),
        ("/w/{watch}/board/", 6),
        # The game with its revision and rules, players, rounds, hands, points changed, a
        # removed round.
        ("/g/{code}/rounds/", 6),
    ],
)
def test_the_scoreboard_takes_a_fixed_number_of_queries(
    client, db, path, queries, django_assert_num_queries
):
    small = make_game(["Ann", "Ben"])
    big = make_game([f"Player {i}" for i in range(10)])
    _fill(small, 1)
    _fill(big, 15)
    for game in (small, big):
        url = path.format(code=game.code, watch=game.spectator_code)
        with django_assert_num_queries(queries):
            assert client.get(url).status_code == 200


def test_a_finished_game_announces_the_winner_and_closes_recording(member, game):
    record(game, BEN, {ANN: 300, CAT: 200, DAN: 10})
    html = member.get(f"/g/{game.code}/").content.decode()
    assert "Game over" in html
    assert "Ben wins with 510 points." in html
    assert 'name="went_out"' not in html
    assert "Play again with the same players" in html


def test_a_shared_win_under_lowest_total_wins(client, db):
    game = make_game(["Ann", "Ben", "Cat"], scoring="lowest_total_wins", target_score=100)
    record(game, ANN, {BEN: 100, CAT: 0})
    html = client.get(f"/g/{game.code}/").content.decode()
    assert "Ann and Cat share the win with the lowest total, 0 points each." in html


# --- Recording a round -----------------------------------------------------------------


def test_recording_a_round(member, game):
    response = member.post(f"/g/{game.code}/rounds/new/", _round_data(), follow=True)
    assert response.redirect_chain == [(f"/g/{game.code}/#main", 302)]
    html = response.content.decode()
    assert "Round 1 saved: Ann went out. Ann scores 146." in html
    round_ = Round.objects.get(game=game)
    assert (round_.number, round_.went_out.name) == (1, "Ann")
    assert _totals(game) == [146, 0, 0, 0]


def test_recording_rounds_numbers_them_in_order(member, game):
    for out in (ANN, BEN, CAT):
        hands = {s: 1 for s in range(4) if s != out}
        member.post(f"/g/{game.code}/rounds/new/", _round_data(out, hands))
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1, 2, 3]


def test_a_round_in_round_wins_needs_only_who_went_out(client, db):
    game = make_game(["Ann", "Ben"], scoring="round_wins", rounds_to_win=2)
    html = client.get(f"/g/{game.code}/").content.decode()
    assert 'name="hand_' not in html
    assert "first to win 2 rounds" in html
    data = {"went_out": "1", "submission_id": str(uuid.uuid4())}
    assert client.post(f"/g/{game.code}/rounds/new/", data).status_code == 302
    assert _totals(game) == [0, 1]


def test_the_partner_of_the_winner_may_be_left_blank_when_their_hand_does_not_score(client, db):
    game = make_game(["Ann", "Ben", "Cat", "Dan"], teams="pairs")
    data = _round_data(ANN, {BEN: 10, DAN: 5})
    assert client.post(f"/g/{game.code}/rounds/new/", data).status_code == 302
    assert _totals(game) == [15, 0]


@pytest.mark.parametrize(
    "data, message",
    [
        (_round_data(went_out=""), "Choose who went out."),
        (_round_data(went_out="7"), "Choose who went out from the players"),
        (_round_data(hands={BEN: -5, CAT: 9, DAN: 60}), "Points can’t be negative"),
        (_round_data(hands={BEN: 1241, CAT: 9, DAN: 60}), "can’t hold more than 1240 points"),
        (_round_data(hands={BEN: "lots", CAT: 9, DAN: 60}), "as a whole number"),
        (_round_data(hands={BEN: 7, CAT: "", DAN: 60}), "Enter the points left in Cat’s hand"),
        (_round_data(hands={ANN: 12, BEN: 7, CAT: 9, DAN: 60}), "Ann went out, so their hand is"),
        (_round_data(hands={BEN: 1000, CAT: 200, DAN: 60}), "more than the whole deck"),
        ({**_round_data(), "submission_id": "not-a-uuid"}, "lost its submission id"),
    ],
)
def test_bad_rounds_are_refused_and_what_was_typed_is_kept(member, game, data, message):
    before = _state(game)
    response = member.post(f"/g/{game.code}/rounds/new/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert "Nothing was saved" in html
    for key, value in data.items():
        if key.startswith("hand_") and value != "":
            assert f'value="{value}"' in html
    assert _state(game) == before


def test_a_round_sent_twice_counts_once(member, game):
    data = _round_data()
    first = member.post(f"/g/{game.code}/rounds/new/", data)
    second = member.post(f"/g/{game.code}/rounds/new/", data, follow=True)
    assert first.status_code == 302
    assert "had already been recorded" in second.content.decode()
    assert Round.objects.filter(game=game).count() == 1
    assert _totals(game) == [146, 0, 0, 0]


def test_a_round_after_the_game_ended_is_refused(member, game):
    record(game, BEN, {ANN: 300, CAT: 300, DAN: 300})
    before = _state(game)
    response = member.post(f"/g/{game.code}/rounds/new/", _round_data())
    assert response.status_code == 409
    assert "This game is over" in response.content.decode()
    assert _state(game) == before


# --- History, editing, deleting, undo ---------------------------------------------------


def test_the_history_lists_every_round_with_a_chart_and_a_table(member, game):
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    record(game, CAT, {ANN: 10, BEN: 20, DAN: 30})
    html = member.get(f"/g/{game.code}/rounds/").content.decode()
    assert '<svg viewBox="0 0 360 240" role="img" aria-labelledby="chart-title chart-desc"' in html
    assert '<title id="chart-title">Running totals by round</title>' in html
    assert "After 2 rounds: Ann 146, Ben 0, Cat 60, Dan 0." in html
    assert html.count("<polyline") == 4
    assert "Hands: <bdi>Ben</bdi> 77 · <bdi>Cat</bdi> 9 · <bdi>Dan</bdi> 60" in html
    assert '<th scope="row">2</th><td class="num">146</td><td class="num">0</td>' in html
    assert 'Edit<span class="visually-hidden"> round 2</span>' in html


def test_the_spectator_history_has_no_edit_links(spectator, game):
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    html = spectator.get(f"/w/{game.spectator_code}/rounds/").content.decode()
    assert "Hands: <bdi>Ben</bdi> 1 · <bdi>Cat</bdi> 1 · <bdi>Dan</bdi> 1" in html
    assert "/edit/" not in html and "/delete/" not in html
    assert game.code not in html


def test_editing_a_round_recomputes_the_totals(member, game):
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    round_ = record(game, BEN, {ANN: 1, CAT: 1, DAN: 1}).round
    url = f"/g/{game.code}/rounds/{round_.pk}/edit/"
    form = member.get(url).content.decode()
    assert 'name="version" value="1"' in form
    assert 'value="1" inputmode="numeric"' in form  # the hands as recorded
    data = {"went_out": "2", "version": "1", "hand_0": "10", "hand_1": "20", "hand_3": "30"}
    response = member.post(url, data)
    assert response.status_code == 302
    assert _totals(game) == [146, 0, 60, 0]


def test_an_edit_based_on_an_old_copy_is_refused_and_shown(member, game):
    round_ = record(game, ANN, {BEN: 77, CAT: 9, DAN: 60}).round
    url = f"/g/{game.code}/rounds/{round_.pk}/edit/"
    corrections.edit_round(game, round_.pk, 1, BEN, {ANN: 5, CAT: 5, DAN: 5})  # another phone
    before = _state(game)
    mine = {"went_out": "3", "version": "1", "hand_0": "11", "hand_1": "22", "hand_2": "33"}
    response = member.post(url, mine)
    assert response.status_code == 409
    html = response.content.decode()
    assert "was changed on another phone" in html
    assert "It now says Ben went out; hands: Ann 5, Cat 5, Dan 5." in html
    assert 'value="33"' in html  # what this phone typed is still there
    assert 'name="version" value="2"' in html  # saving again is a deliberate choice
    assert _state(game) == before


def test_an_edit_of_a_deleted_round_is_refused(member, game):
    round_ = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    url = f"/g/{game.code}/rounds/{round_.pk}/edit/"
    member.get(url)
    data = {"went_out": "1", "version": "1", "hand_0": "1", "hand_2": "1", "hand_3": "1"}
    corrections.delete_round(game, round_.pk, 1)
    response = member.post(url, data)
    assert response.status_code == 404
    assert Round.objects.filter(game=game).count() == 0


def test_a_bad_edit_is_refused(member, game):
    round_ = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    before = _state(game)
    data = {"went_out": "0", "version": "1", "hand_1": "-3", "hand_2": "1", "hand_3": "1"}
    response = member.post(f"/g/{game.code}/rounds/{round_.pk}/edit/", data)
    assert response.status_code == 400
    assert "Points can’t be negative" in response.content.decode()
    assert _state(game) == before


def test_deleting_a_round_asks_first_then_renumbers(member, game):
    rounds = [record(game, out, {s: 1 for s in range(4) if s != out}).round for out in (0, 1, 2)]
    url = f"/g/{game.code}/rounds/{rounds[0].pk}/delete/"
    page = member.get(url)
    assert page.status_code == 200
    assert "Delete round 1?" in page.content.decode()
    assert Round.objects.filter(game=game).count() == 3
    response = member.post(url, {"version": "1"})
    assert response.status_code == 302
    assert list(Round.objects.filter(game=game).values_list("pk", "number")) == [
        (rounds[1].pk, 1),
        (rounds[2].pk, 2),
    ]
    assert _totals(game) == [0, 3, 3, 0]


def test_deleting_a_changed_round_is_refused(member, game):
    round_ = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    corrections.edit_round(game, round_.pk, 1, BEN, {ANN: 2, CAT: 2, DAN: 2})
    before = _state(game)
    response = member.post(f"/g/{game.code}/rounds/{round_.pk}/delete/", {"version": "1"})
    assert response.status_code == 409
    assert "changed on another phone" in response.content.decode()
    assert _state(game) == before


def test_undo_removes_the_last_round(member, game):
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    last = record(game, BEN, {ANN: 2, CAT: 2, DAN: 2}).round
    response = member.post(f"/g/{game.code}/undo/", {"round": last.pk, "version": 1}, follow=True)
    assert "Round 2 removed: Ben went out" in response.content.decode()
    assert _totals(game) == [3, 0, 0, 0]


def test_undo_of_a_round_that_is_no_longer_last_is_refused(member, game):
    first = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    record(game, BEN, {ANN: 2, CAT: 2, DAN: 2})  # another phone, after the page was shown
    before = _state(game)
    response = member.post(f"/g/{game.code}/undo/", {"round": first.pk, "version": 1})
    assert response.status_code == 409
    assert "Another phone recorded a round after round 1" in response.content.decode()
    assert _state(game) == before


def test_undo_with_an_incomplete_form_changes_nothing(member, game):
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    before = _state(game)
    response = member.post(f"/g/{game.code}/undo/", {"round": "x"}, follow=True)
    assert "Nothing was undone" in response.content.decode()
    assert _state(game) == before


# --- Play again --------------------------------------------------------------------------


def test_play_again_starts_a_new_game_with_the_same_players(member, game):
    record(game, BEN, {ANN: 300, CAT: 300, DAN: 300})
    response = member.post(f"/g/{game.code}/again/")
    new = Game.objects.get(previous=game)
    assert response["Location"] == f"/g/{new.code}/"
    assert list(new.players.values_list("seat", "name")) == list(
        game.players.values_list("seat", "name")
    )
    assert new.first_dealer == 1  # the deal keeps passing: Ann dealt round 1, so Ben
    # A second tap (or another phone) lands in the same new game.
    assert member.post(f"/g/{game.code}/again/")["Location"] == f"/g/{new.code}/"
    assert Game.objects.filter(previous=game).count() == 1
    html = member.get(f"/g/{game.code}/").content.decode()
    assert "Go to the next game" in html


def test_play_again_before_the_end_is_refused(member, game):
    before = _state(game)
    response = member.post(f"/g/{game.code}/again/", follow=True)
    assert "not over yet" in response.content.decode()
    assert _state(game) == before


def test_play_again_when_the_players_no_longer_fit_the_rules_goes_to_the_start_form(client, db):
    game = make_game(["Ann", "Ben", "Cat"], target_score=50)
    record(game, ANN, {BEN: 50, CAT: 0})
    revision = game.revision
    save_revision(revision.ruleset, revision.name, "", {**revision.options, "teams": "pairs"})
    response = client.post(f"/g/{game.code}/again/", follow=True)
    html = response.content.decode()
    assert "even number of players" in html
    assert 'value="Cat"' in html  # the names are filled in
    assert Game.objects.count() == 1


# --- Exports and QR codes ---------------------------------------------------------------


def test_csv_export(member, game):
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    response = member.get(f"/g/{game.code}/game.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith(b"\xef\xbb\xbf")  # the byte order mark Excel needs
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("round,dealer,went out,Ann: hand,Ben: hand")
    assert lines[1] == "1,Ann,Ann,,77,9,60,146,0,0,0,146,0,0,0"


@pytest.mark.parametrize(
    "language,separator", [("en", ","), ("fr", ";"), ("de", ";"), ("es", ";"), ("pt-br", ";")]
)
def test_the_score_download_opens_in_columns_in_the_spreadsheet_of_the_language(
    client, db, language, separator
):
    """Spreadsheets set to a language with a decimal comma split columns on semicolons."""
    game = make_game(["Ann", "Ben; Co"])
    record(game, 0, {1: 12})
    response = client.get(f"/g/{game.code}/game.csv", headers={"accept-language": language})
    rows = list(csv.reader(response.content.decode("utf-8-sig").splitlines(), delimiter=separator))
    assert [len(row) for row in rows] == [len(rows[0])] * 2 and len(rows[0]) == 9
    assert rows[1][:3] == ["1", "Ann", "Ann"] and rows[0][4].startswith("Ben; Co")


def test_exports_are_downloads_named_after_the_rules_and_the_day(client, db):
    game = make_game(["Zoë", "Bénédicte"], name="Mamie’s Règles!")
    record(game, 1, {0: 3})
    day = f"{game.created_at:%Y-%m-%d}"
    csv_response = client.get(f"/g/{game.code}/game.csv")
    assert csv_response["Content-Disposition"] == (
        f'attachment; filename="mamies-regles-{day}.csv"'
    )
    text = csv_response.content.decode("utf-8")
    assert text.startswith("\ufeffround,") and "Zoë: hand,Bénédicte: hand" in text
    json_response = client.get(f"/w/{game.spectator_code}/game.json")
    assert json_response["Content-Disposition"] == (
        f'attachment; filename="mamies-regles-{day}.json"'
    )
    assert json.loads(json_response.content)["players"][0]["name"] == "Zoë"


def test_a_rule_set_name_without_letters_still_names_the_file(client, db):
    game = make_game(name="!!!")
    response = client.get(f"/g/{game.code}/game.csv")
    assert f'filename="uno-game-{game.created_at:%Y-%m-%d}.csv"' in response["Content-Disposition"]


def test_csv_export_defuses_formulas_in_names(client, db):
    game = make_game(["=SUM(A1)", "Ben"])
    record(game, 1, {0: 3})
    text = client.get(f"/g/{game.code}/game.csv").content.decode()
    assert "'=SUM(A1): hand" in text
    assert ",=SUM" not in text


def test_json_export_of_the_spectator_link_has_no_codes(spectator, game):
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    response = spectator.get(f"/w/{game.spectator_code}/game.json")
    assert response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    assert data["format"] == "house-rules-game/1"
    assert data["rules"]["options"]["target_score"] == 500
    assert [p["name"] for p in data["players"]] == ["Ann", "Ben", "Cat", "Dan"]
    assert data["rounds"][0]["hands"] == {"Ben": 77, "Cat": 9, "Dan": 60}
    assert data["totals"] == {"Ann": 146, "Ben": 0, "Cat": 0, "Dan": 0}
    assert data["winners"] == []
    body = response.content.decode()
    assert game.code not in body and game.spectator_code not in body


def _decode_png(content):
    (text,) = decode(Image.open(io.BytesIO(content)))
    return text


def test_the_qr_codes_open_the_game_and_the_spectator_link(member, game):
    svg = member.get(f"/g/{game.code}/qr.svg")
    assert svg.status_code == 200
    assert svg["Content-Type"] == "image/svg+xml"
    png = member.get(f"/g/{game.code}/qr.png")
    assert _decode_png(png.content) == f"http://testserver/g/{game.code}/"
    watch = member.get(f"/w/{game.spectator_code}/qr.png")
    assert _decode_png(watch.content) == f"http://testserver/w/{game.spectator_code}/"


def test_the_spectator_cannot_get_the_game_links_qr_code(spectator, game):
    assert spectator.get(f"/g/{game.spectator_code}/qr.svg").status_code == 403


# --- Access: only members change anything -------------------------------------------------


def _changing_requests(game, code):
    """Every request that changes a game, under ``code``."""
    first = Round.objects.filter(game=game).order_by("number").first()
    last = Round.objects.filter(game=game).order_by("number").last()
    return [
        (f"/g/{code}/rounds/new/", _round_data()),
        (f"/g/{code}/rounds/{first.pk}/edit/", {"went_out": "1", "version": "1", "hand_0": "1"}),
        (f"/g/{code}/rounds/{first.pk}/delete/", {"version": "1"}),
        (f"/g/{code}/undo/", {"round": last.pk, "version": "1"}),
        (f"/g/{code}/again/", {}),
    ]


@pytest.fixture
def played(db):
    """A finished game with two rounds (so that Play again would work for a member)."""
    game = make_game(target_score=50)
    record(game, ANN, {BEN: 10, CAT: 10, DAN: 10})
    record(game, ANN, {BEN: 10, CAT: 10, DAN: 10})
    return services.load_game(pk=game.pk)


@pytest.mark.parametrize("index", range(5))
def test_the_spectator_code_cannot_change_anything(client, played, index):
    url, data = _changing_requests(played, played.spectator_code)[index]
    before = _state(played)
    response = client.post(url, data)
    assert response.status_code == 403
    assert _state(played) == before


@pytest.mark.parametrize("index", range(5))
def test_a_stranger_cannot_change_anything(client, played, index):
    url, data = _changing_requests(played, "UnknownCode1")[index]
    before = _state(played)
    assert client.post(url, data).status_code == 404
    assert _state(played) == before


@pytest.mark.parametrize("path", ["", "board/", "rounds/", "game.csv", "game.json", "qr.svg"])
def test_spectator_pages_only_read(client, played, path):
    url = f"/w/{played.spectator_code}/{path}"
    before = _state(played)
    assert client.get(url).status_code == 200
    assert client.head(url).status_code == 200
    assert client.post(url, {}).status_code == 405
    assert _state(played) == before


@pytest.mark.parametrize("index", range(5))
def test_each_changing_request_works_for_a_member(client, played, index):
    """The access tests above would pass for a broken view: this shows that they work."""
    url, data = _changing_requests(played, played.code)[index]
    if index == 1:  # a complete edit
        data = {"went_out": "1", "version": "1", "hand_0": "1", "hand_2": "1", "hand_3": "1"}
    before = _state(played)
    response = client.post(url, data)
    if index == 0:  # the game is over: a round is refused, with a reason
        assert response.status_code == 409
        assert _state(played) == before
    else:
        assert response.status_code == 302
        assert _state(played) != before


def test_changing_requests_refuse_get(member, game):
    round_ = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    for path in ["rounds/new/", "undo/", "again/"]:
        assert member.get(f"/g/{game.code}/{path}").status_code == 405
    assert member.get(f"/g/{game.code}/rounds/{round_.pk}/edit/").status_code == 200


def test_a_round_of_another_game_is_404(member, game, db):
    other = make_game(["Xi", "Yu"])
    round_ = record(other, 0, {1: 5}).round
    before = _state(other)
    url = f"/g/{game.code}/rounds/{round_.pk}/edit/"
    assert member.get(url).status_code == 404
    assert member.post(url, {"went_out": "0", "version": "1", "hand_1": "9"}).status_code == 404
    response = member.post(f"/g/{game.code}/rounds/{round_.pk}/delete/", {"version": "1"})
    assert response.status_code == 404
    assert _state(other) == before


def test_players_are_unique_per_game_case_insensitively_in_the_database(db):
    from django.db import IntegrityError, transaction

    game = make_game(["Ann", "Ben"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(game=game, seat=2, name="ANN")


def test_hand_points_are_checked_by_the_database(db):
    from django.db import IntegrityError, transaction

    game = make_game(["Ann", "Ben"])
    round_ = record(game, ANN, {BEN: 1}).round
    ann = game.players.get(seat=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(round=round_, player=ann, points=scoring.MAX_DECK_POINTS + 1)


def test_a_bad_round_after_the_game_ended_says_the_game_is_over(member, game):
    record(game, BEN, {ANN: 300, CAT: 300, DAN: 300})
    before = _state(game)
    response = member.post(f"/g/{game.code}/rounds/new/", _round_data(went_out=""))
    assert response.status_code == 409
    assert "This game is over" in response.content.decode()
    assert _state(game) == before


def test_an_empty_post_is_bad_input_not_a_form_to_fill(member, game, rules_code):
    response = member.post(f"/r/{rules_code}/play/", {})
    assert response.status_code == 400
    assert "at least 2 players" in response.content.decode()
    round_ = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    before = _state(game)
    response = member.post(f"/g/{game.code}/rounds/{round_.pk}/edit/", {})
    assert response.status_code == 400
    assert "Choose who went out." in response.content.decode()
    assert _state(game) == before
