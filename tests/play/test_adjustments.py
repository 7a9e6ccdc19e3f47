"""Points outside a round: add to or take from a player or pair with a reason; they count in
the standings, the chart and the downloads, and can be undone and put back. Domain,
scoring and views."""

import uuid

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from domain import scoring
from play import adjustments, corrections, services, table
from play.models import Adjustment, Player
from tests.play.conftest import game_state, make_game, record

ANN, BEN, CAT, DAN = range(4)


def _board(game):
    return services.board(services.load_game(pk=game.pk))


def _pk(game, name):
    return Player.objects.get(game=game, name=name).pk


def _state(game):
    """The game as a change of points could touch it (``game_state`` and its adjustments)."""
    return (
        game_state(game),
        list(
            Adjustment.objects.filter(game=game)
            .order_by("pk")
            .values_list("player_id", "after_round", "points", "reason", "undone_at")
        ),
    )


def _add(game, name, points, reason="caught not calling UNO", sid=None, expected=None):
    game = services.load_game(pk=game.pk)
    expected = game.rounds.count() if expected is None else expected
    return adjustments.add(game, _pk(game, name), points, reason, sid or uuid.uuid4(), expected)


@pytest.fixture
def played(game):
    record(game, ANN, {BEN: 10, CAT: 20, DAN: 30})  # Ann 60
    record(game, BEN, {ANN: 5, CAT: 5, DAN: 5})  # Ben 15
    return services.load_game(pk=game.pk)


# --- Scoring: plain functions -------------------------------------------------------


def test_adjustments_count_from_the_round_they_were_made_after():
    rules = scoring.Rules()
    made = [
        scoring.PointsAdjustment(after=0, seat=1, points=5),  # before round 1: from round 1
        scoring.PointsAdjustment(after=2, seat=0, points=-20),
        scoring.PointsAdjustment(after=3, seat=2, points=7),  # after round 3, since removed
    ]
    per_round, total = scoring.adjustments_by_round(rules, 3, 2, made)
    assert per_round == [[0, 5, 0], [-20, 5, 7]]
    assert total == [-20, 5, 7]
    assert scoring.adjustments_by_round(rules, 3, 0, made) == ([], [-20, 5, 7])


def test_a_pair_shares_its_adjustments():
    rules = scoring.Rules(teams="pairs")
    made = [scoring.PointsAdjustment(1, 0, 10), scoring.PointsAdjustment(1, 2, 3)]
    assert scoring.adjustments_by_round(rules, 4, 1, made) == ([[13, 0]], [13, 0])


def test_the_standing_counts_adjustments_and_they_can_end_the_game():
    rules = scoring.Rules(target_score=100)
    rounds = [scoring.RoundResult(went_out=0, hands={1: 50, 2: 40})]  # Ann 90
    bonus = [scoring.PointsAdjustment(after=1, seat=0, points=10)]
    plain = scoring.standing(rules, 3, 0, rounds)
    assert (plain.totals, plain.finished) == ([90, 0, 0], False)
    adjusted = scoring.standing(rules, 3, 0, rounds, adjustments=bonus)
    assert adjusted.totals == [100, 0, 0] and adjusted.running == [[100, 0, 0]]
    assert adjusted.scores == plain.scores  # the round itself scored the same
    assert (adjusted.finished, adjusted.winners) == (True, [0])


def test_progress_of_a_total_below_zero_is_zero():
    assert scoring.progress_percent(scoring.Rules(), -20) == 0


# --- Adding, undoing, putting back ------------------------------------------------------


def test_points_taken_count_in_the_standings_and_the_chart(played):
    adjustment, created = _add(played, "Ann", -20)
    assert created and adjustment.after_round == 2
    b = _board(played)
    assert [s.total for s in b.sides] == [40, 15, 0, 0]
    assert b.rounds[-1].totals == [40, 15, 0, 0]
    assert [a.text for a in b.rounds[-1].adjustments] == ["Ann \u221220: caught not calling UNO"]
    assert [a.text for a in b.recent_adjustments] == ["Ann \u221220: caught not calling UNO"]
    record(services.load_game(pk=played.pk), CAT, {ANN: 1, BEN: 1, DAN: 1})
    b = _board(played)
    assert [s.total for s in b.sides] == [40, 15, 3, 0]
    assert b.recent_adjustments == []  # no longer offered on the board, still in the history


def test_a_bonus_that_reaches_the_target_ends_the_game(db):
    game = make_game(target_score=100)
    record(game, ANN, {BEN: 90})
    _add(game, "Ann", 10, "agreed bonus")
    b = _board(game)
    assert b.standing.finished and b.winner_text == "Ann wins with 100 points."
    adjustment = Adjustment.objects.get(game=game)
    adjustments.undo(services.load_game(pk=game.pk), adjustment.pk)
    assert not _board(game).standing.finished  # undone, the game goes on


def test_undo_and_put_back(played):
    adjustment, _created = _add(played, "Ben", 30, "agreed bonus")
    adjustments.undo(services.load_game(pk=played.pk), adjustment.pk)
    b = _board(played)
    assert b.sides[1].total == 15 and b.adjustments[0].undone
    assert b.rounds[-1].adjustments == []
    before = _state(played)
    with pytest.raises(adjustments.Refused, match="undone already"):
        adjustments.undo(services.load_game(pk=played.pk), adjustment.pk)
    assert _state(played) == before
    adjustments.put_back(services.load_game(pk=played.pk), adjustment.pk)
    assert _board(played).sides[1].total == 45
    before = _state(played)
    with pytest.raises(adjustments.Refused, match="counts already"):
        adjustments.put_back(services.load_game(pk=played.pk), adjustment.pk)
    with pytest.raises(adjustments.Refused, match="no such change"):
        adjustments.undo(services.load_game(pk=played.pk), 999999)
    assert _state(played) == before


def test_the_same_form_twice_adds_once(played):
    sid = uuid.uuid4()
    first, created = _add(played, "Cat", 5, sid=sid)
    again, created_again = _add(played, "Cat", 5, sid=sid)
    assert created and not created_again and again.pk == first.pk
    assert _board(played).sides[2].total == 5


@pytest.mark.parametrize(
    "name, points, expected, message",
    [
        ("Ann", -61, 2, "no more than 60 can be taken"),
        ("Ann", 501, 2, "At most 500 points"),
        ("Ann", 10**9, 2, "At most 500 points"),
        ("Ann", 0, 2, "At most 500 points"),
        ("Ann", 10, 1, "has 2 rounds now"),  # a stale page
        ("Eve", 10, 2, "has left the game"),
    ],
)
def test_bad_adjustments_change_nothing(played, name, points, expected, message):
    table.add_player(played, "Eve", "zero")
    table.remove_player(played, _pk(played, "Eve"))
    before = _state(played)
    with pytest.raises(adjustments.Refused, match=message):
        _add(played, name, points, expected=expected)
    assert _state(played) == before


def test_no_points_change_once_the_game_is_over_or_under_round_wins(db):
    over = make_game(target_score=50)
    record(over, ANN, {BEN: 60})
    with pytest.raises(adjustments.Refused, match="over"):
        _add(over, "Ben", 5)
    rounds = make_game(scoring="round_wins")
    with pytest.raises(adjustments.Refused, match="rounds won"):
        _add(rounds, "Ben", 5)
    assert not Adjustment.objects.exists()


def test_removing_a_round_moves_the_points_changed_after_it(played):
    _add(played, "Dan", 7, "agreed bonus")  # after round 2
    first = played.rounds.get(number=1)
    corrections.delete_round(services.load_game(pk=played.pk), first.pk, first.version)
    assert Adjustment.objects.get(game=played).after_round == 1
    b = _board(played)
    assert b.rounds[0].adjustments[0].side.name == "Dan" and b.sides[3].total == 7


def test_the_database_refuses_points_out_of_bounds_and_blank_reasons(played):
    ann = Player.objects.get(game=played, name="Ann")
    for points, reason in [(10**6, "x"), (-(10**6), "x"), (0, "x"), (5, "   "), (5, "")]:
        with pytest.raises(IntegrityError), transaction.atomic():
            Adjustment.objects.create(
                game=played,
                player=ann,
                after_round=2,
                points=points,
                reason=reason,
                submission_id=uuid.uuid4(),
            )


# --- The pages ------------------------------------------------------------------------


def _form(game, **changes):
    game = services.load_game(pk=game.pk)
    data = {
        "player": str(_pk(game, "Ann")),
        "points": "20",
        "reason": "caught not calling UNO",
        "direction": "take",
        "submission_id": str(uuid.uuid4()),
        "expected_round": str(game.rounds.count()),
    }
    data.update(changes)
    return data


def test_the_board_links_to_the_form_and_the_form_works_without_javascript(member, played):
    html = member.get(f"/g/{played.code}/").content.decode()
    assert f'href="/g/{played.code}/points/"' in html
    page = member.get(f"/g/{played.code}/points/").content.decode()
    assert f'action="/g/{played.code}/points/"' in page and "csrfmiddlewaretoken" in page
    assert 'name="direction" value="add"' in page and 'name="direction" value="take"' in page
    response = member.post(f"/g/{played.code}/points/", _form(played), follow=True)
    assert response.redirect_chain[-1][0] == f"/g/{played.code}/#board"
    html = response.content.decode()
    assert "Saved: Ann \u221220: caught not calling UNO." in html
    assert "Points changed: Ann \u221220: caught not calling UNO." in html
    assert _board(played).sides[0].total == 40


def test_a_pair_gets_the_points_together(member, db):
    game = make_game(teams="pairs")
    record(game, ANN, {BEN: 10, DAN: 20})
    page = member.get(f"/g/{game.code}/points/").content.decode()
    assert "Ann &amp; Cat" in page
    member.post(f"/g/{game.code}/points/", _form(game, direction="add", points="15"))
    assert [s.total for s in _board(game).sides] == [45, 0]


@pytest.mark.parametrize(
    "changes, message, status",
    [
        ({"points": "1000000000"}, "At most 500 points at a time", 400),
        ({"points": "-5"}, "Enter 1 point or more", 400),
        ({"points": "lots"}, "whole number", 400),
        ({"reason": "   "}, "Say why", 400),
        ({"reason": "x" * 81}, "80 characters or fewer", 400),
        ({"direction": ""}, "add or take", 400),
        ({"player": "999999"}, "no longer at the table", 400),
        ({"submission_id": "nope"}, "submission id", 400),
        ({"expected_round": "1"}, "has 2 rounds now", 409),
        ({"points": "61"}, "no more than 60 can be taken", 409),
    ],
)
def test_bad_input_says_why_keeps_what_was_typed_and_changes_nothing(
    member, played, changes, message, status
):
    before = _state(played)
    response = member.post(f"/g/{played.code}/points/", _form(played, **changes))
    html = response.content.decode()
    assert response.status_code == status
    assert message in html
    if changes.get("reason") != "   " and "reason" not in changes:
        assert 'value="caught not calling UNO"' in html
    assert _state(played) == before


def test_a_stale_page_can_be_saved_again_once_checked(member, played):
    data = _form(played, expected_round="1")
    html = member.post(f"/g/{played.code}/points/", data).content.decode()
    assert 'name="expected_round" value="2"' in html  # the form now fits the board
    data["expected_round"] = "2"
    assert member.post(f"/g/{played.code}/points/", data).status_code == 302
    assert _board(played).sides[0].total == 40


def test_a_player_who_left_is_refused(member, played):
    eve = table.add_player(played, "Eve", "zero")
    data = _form(played, player=str(eve.pk))
    table.remove_player(played, eve.pk)  # on another phone, while the form was open
    before = _state(played)
    response = member.post(f"/g/{played.code}/points/", data)
    assert response.status_code == 400 and "no longer at the table" in response.content.decode()
    assert _state(played) == before


def test_a_tap_twice_adds_once(member, played):
    data = _form(played)
    assert member.post(f"/g/{played.code}/points/", data).status_code == 302
    assert member.post(f"/g/{played.code}/points/", data).status_code == 302
    assert Adjustment.objects.filter(game=played).count() == 1
    assert _board(played).sides[0].total == 40


def test_undo_and_put_back_from_the_board_and_the_history(member, played):
    member.post(f"/g/{played.code}/points/", _form(played))
    adjustment = Adjustment.objects.get(game=played)
    undo = f"/g/{played.code}/points/{adjustment.pk}/undo/"
    back = f"/g/{played.code}/points/{adjustment.pk}/put-back/"
    board = member.get(f"/g/{played.code}/").content.decode()
    assert f'action="{undo}"' in board
    assert member.post(undo).url == f"/g/{played.code}/#board"
    assert _board(played).sides[0].total == 60
    html = member.get(f"/g/{played.code}/rounds/").content.decode()
    assert "Undone: Ann \u221220: caught not calling UNO." in html and f'action="{back}"' in html
    assert member.post(back, {"back_to": "history"}).url == f"/g/{played.code}/rounds/"
    assert _board(played).sides[0].total == 40
    again = member.post(back)
    assert again.status_code == 409 and "counts already" in again.content.decode()


def test_spectators_see_the_changes_but_cannot_make_them(client, played):
    adjustment, _created = _add(played, "Ann", -20)
    html = client.get(f"/w/{played.spectator_code}/rounds/").content.decode()
    assert "Points changed: Ann \u221220: caught not calling UNO." in html
    assert "/undo/" not in html and "/points/" not in html
    board = client.get(f"/w/{played.spectator_code}/").content.decode()
    assert "/points/" not in board
    before = _state(played)
    for code, status in [(played.spectator_code, 403), ("UnknownCode1", 404)]:
        assert client.get(f"/g/{code}/points/").status_code == status
        assert client.post(f"/g/{code}/points/", _form(played)).status_code == status
        assert client.post(f"/g/{code}/points/{adjustment.pk}/undo/").status_code == status
        assert client.post(f"/g/{code}/points/{adjustment.pk}/put-back/").status_code == status
    assert _state(played) == before


def test_changes_need_the_csrf_token(played):
    adjustment, _created = _add(played, "Ann", -20)
    before = _state(played)
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/g/{played.code}/points/", _form(played)).status_code == 403
    assert strict.post(f"/g/{played.code}/points/{adjustment.pk}/undo/").status_code == 403
    assert _state(played) == before


def test_a_finished_game_offers_no_change_of_points(member, db):
    game = make_game(target_score=50)
    record(game, ANN, {BEN: 60})
    assert "/points/" not in member.get(f"/g/{game.code}/").content.decode()
    page = member.get(f"/g/{game.code}/points/")
    assert page.status_code == 200 and "This game is over" in page.content.decode()
    response = member.post(f"/g/{game.code}/points/", _form(game, player=str(_pk(game, "Ben"))))
    assert response.status_code == 409
    assert not Adjustment.objects.exists()


def test_the_downloads_and_the_history_count_the_changes(member, played):
    _add(played, "Ann", -20)
    _add(played, "Cat", 5, "agreed bonus")
    _add(played, "Cat", 50, "a mistake")
    adjustments.undo(played, Adjustment.objects.get(reason="a mistake").pk)
    data = member.get(f"/g/{played.code}/game.json").json()
    assert data["totals"] == {"Ann": 40, "Ben": 15, "Cat": 5, "Dan": 0}
    assert data["rounds"][-1]["totals"] == data["totals"]
    assert [(a["name"], a["points"], a["reason"], a["undone"]) for a in data["adjustments"]] == [
        ("Ann", -20, "caught not calling UNO", False),
        ("Cat", 5, "agreed bonus", False),
        ("Cat", 50, "a mistake", True),
    ]
    lines = member.get(f"/g/{played.code}/game.csv").content.decode().splitlines()
    assert lines[0].endswith(",points changed outside the round")
    assert lines[1].endswith(",")  # nothing changed after round 1
    assert lines[2].endswith(
        ",40,15,5,0,Ann \u221220: caught not calling UNO; Cat +5: agreed bonus"
    )
    html = member.get(f"/g/{played.code}/rounds/").content.decode()
    assert "Points outside the rounds" in html
    assert '<td class="num">40</td>' in html  # the totals table counts them


def test_the_chart_goes_below_zero_when_a_total_does(played):
    from play import chart

    _add(played, "Ann", -60)
    first = played.rounds.get(number=1)
    corrections.delete_round(services.load_game(pk=played.pk), first.pk, first.version)
    b = _board(played)
    assert b.sides[0].total == -60  # Ann's 60 went with the round; the 60 taken stays
    drawn = chart.build([s.name for s in b.sides], [r.totals for r in b.rounds], 500)
    assert drawn.y_ticks[0].value <= -60 and drawn.y_ticks[-1].value >= 500
    assert all(drawn.top <= y <= drawn.bottom for s in drawn.series for _x, y, _v in s.points)
