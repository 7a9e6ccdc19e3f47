"""Scoring, the deal and where a game stands: the domain functions, then the services
that recompute a game after its rounds are recorded, corrected or removed."""

import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import scoring
from domain.scoring import LOWEST_TOTAL_WINS, ROUND_WINS, WINNER_TAKES_POINTS, RoundResult, Rules
from play import corrections, services
from play.models import Game, Round
from tests.play.conftest import make_game, record

OFFICIAL = Rules()
ANN, BEN, CAT, DAN = range(4)


# --- Cards ---------------------------------------------------------------------------


def test_the_deck_has_108_cards_worth_1240_points_at_official_values():
    assert sum(scoring.DECK.values()) == 108
    # 4 colours x (0 + 2 x (1..9)) = 360; 24 action cards x 20; 8 wilds x 50.
    assert scoring.deck_points(OFFICIAL) == 360 + 24 * 20 + 8 * 50 == 1240


def test_the_deck_points_follow_the_rule_sets_values():
    assert scoring.deck_points(Rules(points_action=10, points_wild=0)) == 360 + 240
    # The 112-card deck at every maximum: 4 more cards at 200.
    assert scoring.MAX_DECK_POINTS == 360 + 24 * 200 + 8 * 200 + 4 * 200


@pytest.mark.parametrize(
    "card, points",
    [("0", 0), ("7", 7), ("9", 9), ("skip", 20), ("reverse", 20), ("draw_two", 20)]
    + [("wild", 50), ("wild_draw_four", 50)],
)
def test_card_points_at_official_values(card, points):
    assert scoring.card_points(card, OFFICIAL) == points


def test_card_points_at_house_values():
    rules = Rules(points_action=25, points_wild=40)
    assert scoring.card_points("skip", rules) == 25
    assert scoring.card_points("wild_draw_four", rules) == 40
    assert scoring.card_points("5", rules) == 5


def test_an_unknown_card_is_refused():
    with pytest.raises(ValueError):
        scoring.card_points("joker", OFFICIAL)


def test_the_keypad_offers_every_kind_of_card():
    assert [key for key, _label in scoring.CARDS] == [str(n) for n in range(10)] + [
        "skip",
        "reverse",
        "draw_two",
        "wild",
        "wild_draw_four",
    ]


# --- The catalogue's worked example ----------------------------------------------------

BEN_HAND = ["7", "skip", "wild"]
CAT_HAND = ["0", "9"]
DAN_HAND = ["draw_two", "draw_two", "reverse"]


def test_worked_example_hands():
    assert scoring.hand_points(BEN_HAND, OFFICIAL) == 77
    assert scoring.hand_points(CAT_HAND, OFFICIAL) == 9
    assert scoring.hand_points(DAN_HAND, OFFICIAL) == 60


def _worked_example_round():
    return RoundResult(
        went_out=ANN,
        hands={
            BEN: scoring.hand_points(BEN_HAND, OFFICIAL),
            CAT: scoring.hand_points(CAT_HAND, OFFICIAL),
            DAN: scoring.hand_points(DAN_HAND, OFFICIAL),
        },
    )


def test_worked_example_winner_takes_points():
    assert scoring.round_scores(OFFICIAL, 4, _worked_example_round()) == [146, 0, 0, 0]


def test_worked_example_lowest_total_wins():
    rules = Rules(scoring=LOWEST_TOTAL_WINS)
    assert scoring.round_scores(rules, 4, _worked_example_round()) == [0, 77, 9, 60]


def test_worked_example_through_the_database(db):
    game = make_game(["Ann", "Ben", "Cat", "Dan"])
    record(game, ANN, {BEN: 77, CAT: 9, DAN: 60})
    board = services.board(services.load_game(pk=game.pk))
    assert [s.total for s in board.sides] == [146, 0, 0, 0]


# --- Each mode -------------------------------------------------------------------------


def test_winner_takes_points_adds_up_over_rounds():
    rounds = [RoundResult(ANN, {BEN: 10, CAT: 5}), RoundResult(CAT, {ANN: 7, BEN: 3})]
    assert scoring.running_totals(OFFICIAL, 3, rounds) == [[15, 0, 0], [15, 0, 10]]
    assert scoring.totals(OFFICIAL, 3, rounds) == [15, 0, 10]


def test_winner_takes_points_ignores_points_typed_for_the_winner():
    result = RoundResult(ANN, {ANN: 30, BEN: 10})
    assert scoring.round_scores(OFFICIAL, 2, result) == [10, 0]


def test_lowest_total_wins_each_adds_their_own_hand():
    rules = Rules(scoring=LOWEST_TOTAL_WINS, target_score=100)
    rounds = [RoundResult(ANN, {BEN: 40, CAT: 10}), RoundResult(BEN, {ANN: 5, CAT: 20})]
    assert scoring.totals(rules, 3, rounds) == [5, 40, 30]
    assert not scoring.is_over(rules, [5, 40, 30])


def test_lowest_total_wins_ends_when_anyone_reaches_the_target_and_the_lowest_wins():
    rules = Rules(scoring=LOWEST_TOTAL_WINS, target_score=100)
    rounds = [RoundResult(ANN, {BEN: 60, CAT: 10}), RoundResult(CAT, {ANN: 30, BEN: 45})]
    totals = scoring.totals(rules, 3, rounds)
    assert totals == [30, 105, 10]
    assert scoring.is_over(rules, totals)
    assert scoring.winners(rules, totals) == [CAT]


def test_lowest_total_wins_equal_lowest_totals_share_the_win():
    rules = Rules(scoring=LOWEST_TOTAL_WINS, target_score=100)
    assert scoring.winners(rules, [40, 120, 40]) == [ANN, CAT]


def test_round_wins_counts_rounds_won_and_no_points():
    rules = Rules(scoring=ROUND_WINS, rounds_to_win=2)
    rounds = [RoundResult(BEN, {ANN: 99}), RoundResult(ANN), RoundResult(BEN)]
    running = scoring.running_totals(rules, 3, rounds)
    assert running == [[0, 1, 0], [1, 1, 0], [1, 2, 0]]
    assert not scoring.is_over(rules, running[1])
    assert scoring.is_over(rules, running[2])
    assert scoring.winners(rules, running[2]) == [BEN]


def test_round_wins_first_round_wins_with_the_official_single_round():
    rules = Rules(scoring=ROUND_WINS)  # rounds_to_win 1
    assert scoring.winners(rules, scoring.totals(rules, 2, [RoundResult(BEN)])) == [BEN]


# --- Teams -----------------------------------------------------------------------------

PAIRS = Rules(teams="pairs", target_score=100)


def test_partners_sit_opposite():
    assert scoring.sides(4, PAIRS) == [[0, 2], [1, 3]]
    assert scoring.sides(6, PAIRS) == [[0, 3], [1, 4], [2, 5]]
    assert scoring.partner_of(1, 6, PAIRS) == 4
    assert scoring.partner_of(1, 6, OFFICIAL) is None


def test_pairs_winner_scores_the_opponents_hands_but_not_the_partners():
    result = RoundResult(ANN, {BEN: 10, CAT: 30, DAN: 5})  # Cat is Ann's partner
    assert scoring.round_scores(PAIRS, 4, result) == [15, 0]


def test_pairs_with_partner_hand_the_winning_team_scores_every_hand():
    rules = Rules(teams="pairs", team_scores_partner_hand=True)
    result = RoundResult(ANN, {BEN: 10, CAT: 30, DAN: 5})
    assert scoring.round_scores(rules, 4, result) == [45, 0]


def test_pairs_of_three_teams_only_the_winning_team_scores():
    result = RoundResult(4, {0: 1, 1: 2, 2: 3, 3: 4, 5: 6})  # 4's partner is 1
    assert scoring.round_scores(PAIRS, 6, result) == [0, 1 + 3 + 4 + 6, 0]


def test_pairs_lowest_total_wins_adds_each_partners_hand_to_the_team():
    rules = Rules(teams="pairs", scoring=LOWEST_TOTAL_WINS)
    result = RoundResult(ANN, {BEN: 10, CAT: 30, DAN: 5})
    assert scoring.round_scores(rules, 4, result) == [30, 15]


def test_pairs_round_wins_the_team_wins_the_round():
    rules = Rules(teams="pairs", scoring=ROUND_WINS)
    assert scoring.round_scores(rules, 4, RoundResult(DAN)) == [0, 1]


def test_pairs_counted_seats():
    assert scoring.counted_seats(ANN, 4, PAIRS) == [BEN, DAN]
    with_partner = Rules(teams="pairs", team_scores_partner_hand=True)
    assert scoring.counted_seats(ANN, 4, with_partner) == [BEN, CAT, DAN]
    assert scoring.counted_seats(ANN, 4, OFFICIAL) == [BEN, CAT, DAN]


# --- The target ------------------------------------------------------------------------


def test_the_game_goes_on_one_point_short_of_the_target():
    assert not scoring.is_over(OFFICIAL, [499, 300])
    assert scoring.winners(OFFICIAL, [499, 300]) == []


def test_the_target_reached_exactly_ends_the_game():
    rounds = [RoundResult(ANN, {BEN: 250}), RoundResult(ANN, {BEN: 250})]
    totals = scoring.totals(OFFICIAL, 2, rounds)
    assert totals == [500, 0]
    assert scoring.winners(OFFICIAL, totals) == [ANN]


def test_the_target_overshot_ends_the_game():
    totals = scoring.totals(OFFICIAL, 2, [RoundResult(BEN, {ANN: 620})])
    assert scoring.is_over(OFFICIAL, totals)
    assert scoring.winners(OFFICIAL, totals) == [BEN]


def test_equal_highest_totals_over_the_target_share_the_win():
    assert scoring.winners(OFFICIAL, [510, 510, 20]) == [ANN, BEN]


def test_progress_towards_the_target_stops_at_100_percent():
    assert scoring.progress_percent(OFFICIAL, 0) == 0
    assert scoring.progress_percent(OFFICIAL, 250) == 50
    assert scoring.progress_percent(OFFICIAL, 900) == 100
    assert scoring.progress_percent(Rules(scoring=ROUND_WINS, rounds_to_win=4), 1) == 25


# --- The deal --------------------------------------------------------------------------


def test_the_deal_passes_clockwise_one_seat_a_round():
    dealers = [scoring.dealer(2, n, 4, OFFICIAL) for n in range(1, 7)]
    assert dealers == [2, 3, 0, 1, 2, 3]


def test_the_deal_passes_counterclockwise():
    rules = Rules(direction="counterclockwise")
    assert [scoring.dealer(1, n, 4, rules) for n in range(1, 5)] == [1, 0, 3, 2]


def test_play_starts_next_to_the_dealer_in_the_direction_of_play():
    assert scoring.first_player(3, 4, OFFICIAL) == 0
    assert scoring.first_player(0, 4, Rules(direction="counterclockwise")) == 3
    assert scoring.first_player(0, 2, OFFICIAL) == 1


def test_standing_after_some_rounds():
    rounds = [RoundResult(ANN, {BEN: 10, CAT: 10}), RoundResult(BEN, {ANN: 5, CAT: 5})]
    stand = scoring.standing(OFFICIAL, 3, 1, rounds)
    assert stand.totals == [20, 10, 0]
    assert stand.round_number == 3
    assert stand.dealer == 0  # 1, 2, then 0
    assert stand.first_player == 1
    assert not stand.finished


def test_standing_of_a_finished_game_stays_on_its_last_round():
    stand = scoring.standing(OFFICIAL, 2, 0, [RoundResult(ANN, {BEN: 600})])
    assert stand.finished
    assert stand.round_number == 1
    assert stand.winners == [ANN]


# --- Players ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "count, rules, ok",
    [
        (1, OFFICIAL, False),
        (2, OFFICIAL, True),
        (10, OFFICIAL, True),
        (11, OFFICIAL, False),
        (2, PAIRS, False),
        (4, PAIRS, True),
        (5, PAIRS, False),
        (10, PAIRS, True),
    ],
)
def test_player_counts(count, rules, ok):
    assert (scoring.player_count_error(count, rules) is None) is ok


# --- Properties ------------------------------------------------------------------------

MODES = st.sampled_from([WINNER_TAKES_POINTS, LOWEST_TOTAL_WINS, ROUND_WINS])


@st.composite
def games(draw):
    rules = Rules(
        scoring=draw(MODES),
        teams=draw(st.sampled_from(["none", "pairs"])),
        team_scores_partner_hand=draw(st.booleans()),
    )
    players = draw(st.sampled_from([4, 6, 8, 10])) if rules.pairs else draw(st.integers(2, 10))
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        out = draw(st.integers(0, players - 1))
        hands = {s: draw(st.integers(0, 200)) for s in range(players) if s != out}
        rounds.append(RoundResult(out, hands))
    return rules, players, rounds


@given(games())
def test_totals_are_the_sum_of_the_rounds_and_never_go_down(game):
    rules, players, rounds = game
    running = scoring.running_totals(rules, players, rounds)
    previous = [0] * scoring.side_count(players, rules)
    for result, totals in zip(rounds, running, strict=True):
        scores = scoring.round_scores(rules, players, result)
        assert totals == [p + s for p, s in zip(previous, scores, strict=True)]
        assert all(s >= 0 for s in scores)
        if rules.scoring != LOWEST_TOTAL_WINS:  # only the side that went out scores
            winner = scoring.side_of(result.went_out, players, rules)
            assert all(s == 0 for side, s in enumerate(scores) if side != winner)
        previous = totals


# --- Recomputing a game after changes (services) ----------------------------------------


def _totals(game):
    return [s.total for s in services.board(services.load_game(pk=game.pk)).sides]


def test_editing_a_round_recomputes_the_totals(db):
    game = make_game(["Ann", "Ben", "Cat"])
    first = record(game, ANN, {BEN: 10, CAT: 20}).round
    record(game, BEN, {ANN: 5, CAT: 5})
    assert _totals(game) == [30, 10, 0]
    corrections.edit_round(game, first.pk, first.version, CAT, {ANN: 1, BEN: 2})
    assert _totals(game) == [0, 10, 3]
    first.refresh_from_db()
    assert first.version == 2


def test_deleting_a_round_recomputes_totals_and_renumbers(db):
    game = make_game(["Ann", "Ben", "Cat"])
    rounds = [record(game, seat, {(seat + 1) % 3: 10}).round for seat in (0, 1, 2, 0)]
    assert _totals(game) == [20, 10, 10]
    assert corrections.delete_round(game, rounds[1].pk, 1) == 2
    assert _totals(game) == [20, 0, 10]
    numbers = list(Round.objects.filter(game=game).order_by("number").values_list("pk", "number"))
    assert numbers == [(rounds[0].pk, 1), (rounds[2].pk, 2), (rounds[3].pk, 3)]


def test_a_round_that_reaches_the_target_ends_the_game_and_undo_reopens_it(db):
    game = make_game(["Ann", "Ben"], target_score=100)
    record(game, ANN, {BEN: 60})
    last = record(game, ANN, {BEN: 40}).round
    assert Game.objects.get(pk=game.pk).finished
    with pytest.raises(services.GameOver):
        record(game, BEN, {ANN: 1})
    corrections.delete_round(game, last.pk, last.version, last_only=True)
    assert not Game.objects.get(pk=game.pk).finished
    assert _totals(game) == [60, 0]


def test_an_edit_that_lowers_the_winners_total_reopens_the_game(db):
    game = make_game(["Ann", "Ben"], target_score=100)
    last = record(game, ANN, {BEN: 120}).round
    assert Game.objects.get(pk=game.pk).finished
    corrections.edit_round(game, last.pk, last.version, ANN, {BEN: 50})
    assert not Game.objects.get(pk=game.pk).finished


def test_every_change_bumps_the_games_version(db):
    game = make_game(["Ann", "Ben"])
    versions = [Game.objects.get(pk=game.pk).version]
    r = record(game, ANN, {BEN: 5}).round
    versions.append(Game.objects.get(pk=game.pk).version)
    corrections.edit_round(game, r.pk, r.version, BEN, {ANN: 5})
    versions.append(Game.objects.get(pk=game.pk).version)
    corrections.delete_round(game, r.pk, r.version + 1)
    versions.append(Game.objects.get(pk=game.pk).version)
    assert versions == sorted(set(versions))


def test_a_stale_version_changes_nothing(db):
    game = make_game(["Ann", "Ben"])
    r = record(game, ANN, {BEN: 5}).round
    corrections.edit_round(game, r.pk, 1, BEN, {ANN: 7})
    with pytest.raises(services.RoundChanged):
        corrections.edit_round(game, r.pk, 1, ANN, {BEN: 99})
    with pytest.raises(services.RoundChanged):
        corrections.delete_round(game, r.pk, 1)
    assert _totals(game) == [0, 7]


def test_undo_refuses_a_round_that_is_no_longer_the_last(db):
    game = make_game(["Ann", "Ben"])
    first = record(game, ANN, {BEN: 5}).round
    record(game, BEN, {ANN: 5})
    with pytest.raises(services.RoundChanged):
        corrections.delete_round(game, first.pk, first.version, last_only=True)
    assert Round.objects.filter(game=game).count() == 2


def test_the_same_submission_is_recorded_once(db):
    game = make_game(["Ann", "Ben"])
    submission = uuid.uuid4()
    first = record(game, ANN, {BEN: 5}, submission_id=submission)
    again = record(game, BEN, {ANN: 9}, submission_id=submission)
    assert first.created and not again.created
    assert again.round.pk == first.round.pk
    assert _totals(game) == [5, 0]


def test_a_game_keeps_the_revision_it_started_with(db):
    from rulesets.services import save_revision

    game = make_game(["Ann", "Ben"], target_score=100)
    ruleset = game.revision.ruleset
    options = {**game.revision.options, "target_score": 50, "points_wild": 10}
    save_revision(ruleset, game.revision.name, "", options)
    board = services.board(services.load_game(pk=game.pk))
    assert board.rules.target_score == 100
    assert board.rules.points_wild == 50
    assert board.newer_rules
