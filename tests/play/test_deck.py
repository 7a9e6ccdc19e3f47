"""The 112-card deck on the scoreboard (catalogue v3, issue 40): its cards' points, the
keypad's keys, the hand check and the exports."""

import json
import uuid

import pytest

from domain import scoring
from domain.scoring import RoundResult, Rules
from play import services
from play.models import Game, Hand, Round
from tests.play.conftest import make_game

ANN, BEN, CAT, DAN = range(4)
MODERN = Rules(deck="modern_112")


# --- Cards and hands --------------------------------------------------------------------


def test_the_modern_deck_has_112_cards_worth_1400_points_at_official_values():
    assert sum(MODERN.deck_counts.values()) == 112
    assert MODERN.deck_counts["shuffle_hands"] == 1
    assert MODERN.deck_counts["custom_wild"] == 3
    assert scoring.deck_points(MODERN) == 1240 + 4 * 40


def test_the_special_wilds_score_the_house_points_and_only_with_112_cards():
    rules = Rules(deck="modern_112", points_special_wild=25)
    assert scoring.card_points("shuffle_hands", rules) == 25
    assert scoring.card_points("custom_wild", rules) == 25
    for card in ("shuffle_hands", "custom_wild"):
        with pytest.raises(ValueError):
            scoring.card_points(card, Rules())


def test_worked_example_with_a_shuffle_hands_in_dans_hand_scores_186():
    hands = {
        BEN: ["7", "skip", "wild"],
        CAT: ["0", "9"],
        DAN: ["draw_two", "draw_two", "reverse", "shuffle_hands"],
    }
    result = RoundResult(ANN, {s: scoring.hand_points(h, MODERN) for s, h in hands.items()})
    assert result.hands == {BEN: 77, CAT: 9, DAN: 100}
    assert scoring.round_scores(MODERN, 4, result) == [186, 0, 0, 0]


def test_too_many_counts_every_hand_against_the_deck():
    assert scoring.too_many([["shuffle_hands"], ["7"]], MODERN) == []
    # Four 0s are the deck's four: not too many.
    held = [["shuffle_hands", "0"], ["shuffle_hands", "0"], ["0"] * 2]
    assert scoring.too_many(held, MODERN) == [("shuffle_hands", 2, 1)]
    assert scoring.too_many([["custom_wild"] * 4], MODERN) == [("custom_wild", 4, 3)]
    assert scoring.too_many([["wild"] * 5], Rules()) == [("wild", 5, 4)]


# --- The keypad ------------------------------------------------------------------------


def _keys(html):
    return [part.split('"')[0] for part in html.split('data-key="')[1:]]


def test_the_keypad_has_the_special_wild_keys_only_in_a_112_card_game(client, db):
    classic = make_game()
    keys = _keys(client.get(f"/g/{classic.code}/").content.decode())
    assert "wild_draw_four" in keys
    assert "shuffle_hands" not in keys and "custom_wild" not in keys
    modern = make_game(deck="modern_112", points_special_wild=30)
    html = client.get(f"/g/{modern.code}/").content.decode()
    assert _keys(html)[-2:] == ["shuffle_hands", "custom_wild"]
    assert 'data-key="shuffle_hands" data-points="30"' in html
    assert "Wild Shuffle Hands, blank Wild: 30." in html


# --- Recording a round with the cards tapped ----------------------------------------------


def _state(game):
    g = Game.objects.get(pk=game.pk)
    return (
        g.version,
        list(Round.objects.filter(game=g).values_list("number", "went_out_id")),
        sorted(Hand.objects.filter(round__game=g).values_list("player_id", "points")),
    )


def _data(hands, cards=None):
    data = {"went_out": str(ANN), "submission_id": str(uuid.uuid4())}
    data.update({f"hand_{seat}": str(points) for seat, points in hands.items()})
    data.update({f"cards_{seat}": keys for seat, keys in (cards or {}).items()})
    return data


WORKED = {BEN: 77, CAT: 9, DAN: 100}
WORKED_CARDS = {BEN: "7 skip wild", CAT: "0 9", DAN: "draw_two draw_two reverse shuffle_hands"}


def test_the_worked_example_tapped_on_the_keypad_scores_186(client, db):
    game = make_game(deck="modern_112")
    response = client.post(f"/g/{game.code}/rounds/new/", _data(WORKED, WORKED_CARDS))
    assert response.status_code == 302
    board = services.board(services.load_game(pk=game.pk))
    assert [s.total for s in board.sides] == [186, 0, 0, 0]


def test_a_112_card_hand_typed_without_the_keypad_may_hold_the_bigger_decks_points(client, db):
    game = make_game(deck="modern_112")
    # 1,240 is the most the 108 cards hold; the 112 hold 1,400.
    data = _data({BEN: 1300, CAT: 0, DAN: 0})
    assert client.post(f"/g/{game.code}/rounds/new/", data).status_code == 302


@pytest.mark.parametrize(
    "deck, hands, cards, message",
    [
        (
            "classic_108",
            {BEN: 77, CAT: 9, DAN: 100},
            WORKED_CARDS,
            "Dan’s hand has a Wild Shuffle Hands, but these rules play with the 108-card deck",
        ),
        (
            "classic_108",
            {BEN: 40, CAT: 0, DAN: 0},
            {BEN: "custom_wild"},
            "Ben’s hand has a Blank Wild, but these rules play with the 108-card deck",
        ),
        (
            "modern_112",
            {BEN: 40, CAT: 40, DAN: 0},
            {BEN: "shuffle_hands", CAT: "shuffle_hands"},
            "The hands hold 2 × Wild Shuffle Hands, but the deck has only 1.",
        ),
        (
            "modern_112",
            {BEN: 120, CAT: 40, DAN: 0},
            {BEN: "custom_wild custom_wild custom_wild", CAT: "custom_wild"},
            "The hands hold 4 × Blank Wild, but the deck has only 3.",
        ),
        (
            "modern_112",
            {BEN: 50, CAT: 0, DAN: 0},
            {BEN: "shuffle_hands"},
            "The points typed for Ben are not the cards tapped",
        ),
        (
            "modern_112",
            {BEN: 40, CAT: 0, DAN: 0},
            {BEN: "joker"},
            "This form is incomplete",
        ),
    ],
)
def test_cards_the_deck_does_not_hold_are_refused_and_nothing_is_saved(
    client, db, deck, hands, cards, message
):
    game = make_game(deck=deck)
    before = _state(game)
    response = client.post(f"/g/{game.code}/rounds/new/", _data(hands, cards))
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert "Nothing was saved" in html
    assert _state(game) == before


# --- Exports ----------------------------------------------------------------------------


def test_the_json_export_names_the_cards_and_their_points(client, db):
    modern = make_game(deck="modern_112", points_special_wild=35)
    data = json.loads(client.get(f"/g/{modern.code}/game.json").content)
    assert data["card_points"] == {
        "Skip": 20,
        "Reverse": 20,
        "Draw Two": 20,
        "Wild": 50,
        "Wild Draw Four": 50,
        "Wild Shuffle Hands": 35,
        "Blank Wild": 35,
    }
    classic = make_game()
    data = json.loads(client.get(f"/g/{classic.code}/game.json").content)
    assert "Wild Shuffle Hands" not in data["card_points"]
