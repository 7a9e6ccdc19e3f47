"""Standings (ranking, the leader, "needs N", ties, every scoring mode) and the evening's
series: plain functions, tested without a request or (mostly) the database."""

import html
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from django.utils.html import strip_tags

from domain import scoring
from domain.scoring import LOWEST_TOTAL_WINS, ROUND_WINS, Rules
from play import evening, standings

POINTS = Rules(target_score=500)
LOWEST = Rules(scoring=LOWEST_TOTAL_WINS, target_score=500)
ROUNDS = Rules(scoring=ROUND_WINS, rounds_to_win=3)


def _ranked(rules, totals):
    return [(p.side, p.rank, p.tied, p.behind) for p in scoring.standings(rules, totals)]


# --- scoring.standings ---------------------------------------------------------------


def test_highest_total_leads_and_the_others_are_behind_by_the_gap():
    assert _ranked(POINTS, [120, 380, 0, 200]) == [
        (1, 1, False, 0),
        (3, 2, False, 180),
        (0, 3, False, 260),
        (2, 4, False, 380),
    ]


def test_needs_is_what_is_left_to_the_target():
    places = {p.side: p for p in scoring.standings(POINTS, [120, 380, 0, 500])}
    assert [places[s].to_win for s in range(4)] == [380, 120, 500, 0]
    assert all(p.to_end is None for p in places.values())


def test_equal_totals_share_a_rank_and_the_next_rank_skips():
    assert _ranked(POINTS, [50, 80, 80, 50, 10]) == [
        (1, 1, True, 0),
        (2, 1, True, 0),
        (0, 3, True, 30),
        (3, 3, True, 30),
        (4, 5, False, 70),
    ]


def test_before_the_first_round_everyone_shares_the_lead():
    places = scoring.standings(POINTS, [0, 0, 0])
    assert [p.rank for p in places] == [1, 1, 1]
    assert all(p.tied and p.to_win == 500 for p in places)
    assert scoring.lead(places) == 0


def test_under_lowest_total_wins_the_lowest_leads_and_nobody_needs_points_to_win():
    places = scoring.standings(LOWEST, [77, 9, 60, 0])
    assert [(p.side, p.rank, p.behind) for p in places] == [
        (3, 1, 0),
        (1, 2, 9),
        (2, 3, 60),
        (0, 4, 77),
    ]
    assert all(p.to_win is None for p in places)
    # What each can still take before the game ends, and who is closest to ending it.
    assert {p.side: p.to_end for p in places} == {0: 423, 1: 491, 2: 440, 3: 500}
    assert scoring.closest_to_end(places).side == 0
    assert scoring.lead(places) == 9


def test_round_wins_count_rounds():
    places = scoring.standings(ROUNDS, [1, 2, 0])
    assert [(p.side, p.rank, p.behind, p.to_win) for p in places] == [
        (1, 1, 0, 1),
        (0, 2, 1, 2),
        (2, 3, 2, 3),
    ]


def test_pairs_rank_the_sides():
    pairs = Rules(teams="pairs", target_score=100)
    game = [scoring.RoundResult(went_out=1, hands={0: 10, 2: 30})]
    totals = scoring.totals(pairs, 4, game)
    assert totals == [0, 40]
    assert _ranked(pairs, totals) == [(1, 1, False, 0), (0, 2, False, 40)]


def test_final_places_follow_the_winners_of_the_scoring_rules():
    for rules, totals in [(POINTS, [120, 510, 300]), (LOWEST, [505, 10, 300]), (ROUNDS, [1, 3, 2])]:
        winners = scoring.winners(rules, totals)
        leaders = [p.side for p in scoring.leaders(scoring.standings(rules, totals))]
        assert winners == leaders == [1]


def test_a_shared_win_is_a_shared_first_place():
    totals = [505, 10, 10]
    assert scoring.winners(LOWEST, totals) == [1, 2]
    assert [p.side for p in scoring.leaders(scoring.standings(LOWEST, totals))] == [1, 2]


def test_no_sides_no_standings():
    assert scoring.standings(POINTS, []) == []
    assert scoring.closest_to_end([]) is None


# --- standings: the words ------------------------------------------------------------


@dataclass
class FakeSide:
    name: str
    total: int


def _sides(**totals):
    return [FakeSide(name, total) for name, total in totals.items()]


def _notes(rules, finished=False, **totals):
    return [
        (r.side.name, r.label, r.note) for r in standings.rows(_sides(**totals), rules, finished)
    ]


def test_rows_say_the_place_the_gap_and_what_is_needed():
    assert _notes(POINTS, Ann=120, Ben=380, Cat=120) == [
        ("Ben", "1st", "leads · needs 120 to win"),
        ("Ann", "Tied 2nd", "260 points behind · needs 380 to win"),
        ("Cat", "Tied 2nd", "260 points behind · needs 380 to win"),
    ]


def test_places_are_their_own_words_for_every_rank_a_game_can_have():
    words = [standings.place_word(rank) for rank in range(1, scoring.MAX_PLAYERS + 1)]
    assert words == ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"]
    assert standings.place_word(11) == "Place 11"  # never reached: at most 10 sides


def test_rows_with_a_tied_lead():
    assert _notes(POINTS, Ann=80, Ben=80, Cat=1) == [
        ("Ann", "Tied 1st", "tied for the lead · needs 420 to win"),
        ("Ben", "Tied 1st", "tied for the lead · needs 420 to win"),
        ("Cat", "3rd", "79 points behind · needs 499 to win"),
    ]


def test_rows_under_lowest_total_wins():
    assert _notes(LOWEST, Ann=0, Ben=77, Cat=499) == [
        ("Ann", "1st", "lowest total · 500 more points end the game"),
        ("Ben", "2nd", "77 points more than the leader · 423 more points end the game"),
        ("Cat", "3rd", "499 points more than the leader · 1 more point ends the game"),
    ]


def test_rows_under_round_wins_use_rounds_and_singulars():
    assert _notes(ROUNDS, Ann=2, Ben=1) == [
        ("Ann", "1st", "leads · 1 round to win"),
        ("Ben", "2nd", "1 round behind · 2 rounds to win"),
    ]


def test_rows_at_the_end_are_final_places():
    assert _notes(POINTS, finished=True, Ann=120, Ben=505, Cat=1) == [
        ("Ben", "Winner", ""),
        ("Ann", "2nd", "385 points behind"),
        ("Cat", "3rd", "504 points behind"),
    ]
    assert _notes(LOWEST, finished=True, Ann=10, Ben=10, Cat=501)[:2] == [
        ("Ann", "Shared win", ""),
        ("Ben", "Shared win", ""),
    ]


@pytest.mark.parametrize(
    "rules, totals, played, text",
    [
        (POINTS, {"Ann": 0, "Ben": 0}, 0, "No rounds yet: everyone starts at 0."),
        (
            POINTS,
            {"Ann": 120, "Ben": 380, "Cat": 345},
            3,
            "In the lead: Ben, by 35 points. 120 more points to win.",
        ),
        (POINTS, {"Ann": 499, "Ben": 498}, 3, "In the lead: Ann, by 1 point. 1 more point to win."),
        (
            POINTS,
            {"Ann": 80, "Ben": 80, "Cat": 80},
            2,
            "Sharing the lead: Ann, Ben and Cat, 80 points each.",
        ),
        (
            Rules(teams="pairs", target_score=100),
            {"Ann & Cat": 60, "Ben & Dan": 20},
            2,
            "In the lead: Ann & Cat, by 40 points. 40 more points to win.",
        ),
        (
            LOWEST,
            {"Ann": 12, "Ben": 47, "Cat": 380},
            4,
            "Lowest total: Ann, 12 points, 35 points fewer than the next. The game ends when "
            "a total reaches 500; closest: Cat, 120 points away.",
        ),
        (
            LOWEST,
            {"Ann": 12, "Ben": 12},
            1,
            "Sharing the lowest total: Ann and Ben, 12 points each. The game ends when a total "
            "reaches 500; closest: Ann, 488 points away.",
        ),
        (ROUNDS, {"Ann": 2, "Ben": 1}, 3, "In the lead: Ann, by 1 round. 1 more round to win."),
        (ROUNDS, {"Ann": 1, "Ben": 1}, 2, "Sharing the lead: Ann and Ben, 1 round won each."),
    ],
)
def test_summary(rules, totals, played, text):
    # The names come in <bdi> elements (test_bidi.py); the words are these.
    assert html.unescape(strip_tags(standings.summary(_sides(**totals), rules, played))) == text


# --- The evening ---------------------------------------------------------------------

SIX_PM = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def _game(
    pk, previous=None, start=0, end=None, winners=(), players=("Ann", "Ben", "Cat"), ruleset=1
):
    """A game started ``start`` minutes after six and last changed ``end`` minutes after."""
    return evening.PlayedGame(
        pk=pk,
        previous=previous,
        ruleset=ruleset,
        started=SIX_PM + timedelta(minutes=start),
        last_change=SIX_PM + timedelta(minutes=start + 30 if end is None else end),
        finished=bool(winners),
        players=players,
        winners=tuple(winners),
    )


def test_games_played_again_form_a_series_with_wins_per_player():
    one = _game(1, start=0, winners=["Ann"])
    two = _game(2, previous=1, start=35, winners=["Ben"])
    three = _game(3, previous=2, start=70, winners=["Ann"])
    four = _game(4, previous=3, start=105)
    s = evening.series(four, [one, two, three])
    assert [g.pk for g in s.games] == [1, 2, 3, 4]
    assert s.number == 4 and s.finished_games == 3
    assert s.tally == [("Ann", 2), ("Ben", 1), ("Cat", 0)]
    assert s.text == "After 3 games: Ann 2, Ben 1, Cat 0."
    assert s.title == "Game 4 of the evening"


def test_the_first_game_of_an_evening_is_no_series_yet():
    assert evening.series(_game(1, winners=["Ann"]), []) is None
    assert evening.series(_game(2, previous=1), []) is None  # the game before is unknown


def test_a_long_break_or_other_rules_start_a_new_evening():
    last_week = _game(1, start=-7 * 24 * 60, winners=["Ann"])
    other_rules = _game(2, previous=1, start=0, winners=["Ben"], ruleset=2)
    today = _game(3, previous=2, start=40, ruleset=2, winners=["Cat"])
    s = evening.series(today, [last_week, other_rules])
    assert [g.pk for g in s.games] == [2, 3]
    assert s.text == "After 2 games: Ben 1, Cat 1, Ann 0."
    # Four hours after the last game is still the same evening; more is not.
    assert evening.series(_game(5, previous=4, start=30 + 240), [_game(4)]) is not None
    assert evening.series(_game(5, previous=4, start=30 + 241), [_game(4)]) is None


def test_shared_wins_and_pairs_count_for_each_player_and_names_match_without_case():
    one = _game(1, winners=["Ann", "Cat"], players=("Ann", "Ben", "Cat", "Dan"))
    two = _game(
        2, previous=1, start=40, winners=["ann"], players=("ann", "Ben", "Cat", "Dan", "Eve")
    )
    s = evening.series(two, [one])
    assert s.tally == [("ann", 2), ("Cat", 1), ("Ben", 0), ("Dan", 0), ("Eve", 0)]
    assert s.text == "After 2 games: ann 2, Cat 1, Ben 0, Dan 0, Eve 0."


def test_an_evening_stops_at_its_last_thirty_games():
    games = [_game(1)] + [_game(pk, previous=pk - 1, start=pk * 35) for pk in range(2, 41)]
    s = evening.series(games[-1], games[:-1])
    assert s.number == evening.MAX_GAMES
    assert s.games[-1].pk == 40


def test_series_of_games_in_the_database(db):
    from play import services
    from tests.play.conftest import make_game, record

    first = make_game(names=("Ann", "Ben"), target_score=50)
    assert evening.of_game(first) is None
    record(first, 0, {1: 60})  # Ann wins
    first.refresh_from_db()
    assert evening.of_game(first) is None  # one game is not a series yet
    second, _created = services.play_again(first)
    second = services.load_game(pk=second.pk)
    s = evening.of_game(second)
    assert s.number == 2
    assert s.text == "After 1 game: Ann 1, Ben 0."
    record(second, 1, {0: 55})  # Ben wins
    second = services.load_game(pk=second.pk)
    assert evening.of_game(second).text == "After 2 games: Ann 1, Ben 1."


# --- A game started afresh continues the evening ------------------------------------------


def _done(pk, end, at_table=("Ann", "Ben"), ruleset=1, followed=False, finished=True):
    """A game this phone kept score of, last changed ``end`` minutes after six."""
    return evening.PlayedGame(
        pk=pk,
        previous=None,
        ruleset=ruleset,
        started=SIX_PM + timedelta(minutes=end - 30),
        last_change=SIX_PM + timedelta(minutes=end),
        finished=finished,
        at_table=at_table,
        followed=followed,
    )


def _now(minutes):
    return SIX_PM + timedelta(minutes=minutes)


def test_a_fresh_game_with_the_same_players_continues_the_latest_game_of_the_evening():
    earlier, latest = _done(1, 30), _done(2, 70)
    found = evening.continues([earlier, latest], 1, ["Ann", "Ben"], _now(80))
    assert found is latest
    # Any seat order, any case: the same people.
    assert evening.continues([earlier], 1, ["ben", "ANN"], _now(80)) is earlier


@pytest.mark.parametrize(
    "candidate, names, now, why",
    [
        (_done(1, 30), ["Ann", "Ben", "Cat"], 40, "one more player"),
        (_done(1, 30), ["Ann"], 40, "one player fewer"),
        (_done(1, 30), ["Ann", "Bob"], 40, "another player"),
        (_done(1, 30, ruleset=2), ["Ann", "Ben"], 40, "other rules"),
        (_done(1, 30, finished=False), ["Ann", "Ben"], 40, "abandoned half-way"),
        (_done(1, 30, followed=True), ["Ann", "Ben"], 40, "already followed by Play again"),
        (_done(1, 30), ["Ann", "Ben"], 30 + 241, "more than four hours later"),
        (_done(1, 30), ["Ann", "Ben"], 20, "changed after this start (a clock gone wrong)"),
    ],
)
def test_a_fresh_game_starts_a_new_evening_when(candidate, names, now, why):
    assert evening.continues([candidate], 1, names, _now(now)) is None, why


def test_a_fresh_game_four_hours_after_the_last_is_still_the_evening():
    assert evening.continues([_done(1, 30)], 1, ["Ann", "Ben"], _now(30 + 240)) is not None


def test_without_games_of_this_phone_a_fresh_game_is_the_first_of_its_evening():
    assert evening.continues([], 1, ["Ann", "Ben"], _now(0)) is None


def test_the_players_at_the_table_at_the_end_count(db):
    from play import table
    from tests.play.conftest import make_game, record

    game = make_game(names=("Ann", "Ben", "Cat"), target_score=50)
    table.remove_player(game, game.players.get(name="Cat").pk)
    record(game, 0, {1: 60})
    ruleset = game.revision.ruleset_id
    assert evening.continued_by(ruleset, ["Ann", "Ben"], [game.pk]).pk == game.pk
    assert evening.continued_by(ruleset, ["Ann", "Ben", "Cat"], [game.pk]) is None
    assert evening.continued_by(ruleset, ["Ann", "Ben"], []) is None  # not this phone's game


# --- The result a phone shares ---------------------------------------------------------


def test_the_shared_result_says_who_won_and_every_final_place():
    sides = [FakeSide("Ann", 120), FakeSide("Ben & Dan", 510), FakeSide("Cat", 120)]
    rows = standings.rows(sides, POINTS, finished=True)
    text = standings.result_text("Grandma’s rules", "Ben & Dan win with 510 points.", rows, POINTS)
    assert text == (
        "Our game of UNO (Grandma’s rules) is over.\n"
        "Ben & Dan win with 510 points.\n"
        "\n"
        "Winner: Ben & Dan, 510 points\n"
        "Tied 2nd: Ann, 120 points\n"
        "Tied 2nd: Cat, 120 points"
    )


def test_the_shared_result_counts_rounds_under_round_wins():
    rows = standings.rows([FakeSide("Ann", 3), FakeSide("Ben", 1)], ROUNDS, finished=True)
    assert standings.result_lines(rows, ROUNDS) == [
        "Winner: Ann, 3 rounds won",
        "2nd: Ben, 1 round won",
    ]
