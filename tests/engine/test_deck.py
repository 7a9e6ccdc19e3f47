"""The 112-card deck in the engine (catalogue v3, issue 40): dealt whole, the Wild Shuffle
Hands played as the catalogue says, the blank Wild as a Wild, scored by domain/scoring.py."""

import random
from collections import Counter

from domain import options as opts
from domain import scoring
from engine.cards import CW, DECK, MODERN_DECK, SH, W, card, scoring_key
from engine.round import play_round
from engine.rules import Rules
from engine.scores import hand_points
from tests.engine_scenarios.ask import Position, after, may_play
from tests.engine_scenarios.seen import GREEN, OTHERS, RED, RED_3, YELLOW, table

MODERN = Rules.from_options({**opts.official(), "deck": "modern_112"})
CLASSIC = Rules.from_options(opts.official())


def _cards_in_play(rules, seed=0):
    seen = []

    def check(hands, pile, discard):
        seen.append(Counter(pile) + Counter(discard) + sum(map(Counter, hands), Counter()))

    play_round(rules, 4, random.Random(seed), check=check)
    return seen[0]


def test_the_modern_deck_is_dealt_whole_and_the_classic_one_unchanged():
    assert Counter(MODERN_DECK) - Counter(DECK) == Counter({SH: 1, CW: 3})
    assert _cards_in_play(MODERN) == Counter(MODERN_DECK)
    assert _cards_in_play(CLASSIC) == Counter(DECK)


def test_the_cards_score_as_play_scoring_says():
    assert (scoring_key(SH), scoring_key(CW), scoring_key(W)) == (
        "shuffle_hands",
        "custom_wild",
        "wild",
    )
    rules = scoring.Rules(deck="modern_112", points_special_wild=30)
    assert hand_points([SH, CW, W, card(RED, 7)], rules) == 30 + 30 + 50 + 7


def test_shuffle_hands_may_be_played_beside_a_playable_card_but_never_on_a_stack():
    position = table(3, (SH, card(RED, 5)), top=RED_3)
    assert may_play(MODERN, position, SH)
    stacking = Rules.from_options(
        {**opts.official(), "deck": "modern_112", "stack_draw_two_on_draw_two": True}
    )
    facing = table(3, (SH, CW, card(RED, 2)), top=card(RED, 12), colour=RED, pending=2)
    assert not may_play(stacking, facing, SH) and not may_play(stacking, facing, CW)


def test_shuffle_hands_gathers_every_hand_and_deals_from_the_players_left():
    hand = (SH, card(RED, 5), card(GREEN, 8))
    facts = after(MODERN, table(4, hand, top=RED_3), SH)
    # 2 + 3 x 3 = 11 cards, one at a time from seat 1: seats 1, 2, 3 get 3; seat 0 gets 2.
    assert [len(h) for h in facts.hands] == [2, 3, 3, 3]
    before = Counter(hand[1:]) + Counter(OTHERS * 3)
    assert sum(map(Counter, facts.hands), Counter()) == before
    assert facts.next == 1 and facts.went_out == -1
    held = {c >> 4 for c in facts.hands[0] if c < 64}
    assert facts.colour in held


def test_the_next_player_follows_the_direction_but_the_deal_starts_left():
    rules = Rules.from_options(
        {**opts.official(), "deck": "modern_112", "direction": "counterclockwise"}
    )
    facts = after(rules, table(3, (SH, card(RED, 5)), top=RED_3), SH)
    # 1 + 3 + 3 = 7 cards from seat 1: seat 1 gets 3, seats 2 and 0 get 2.
    assert [len(h) for h in facts.hands] == [2, 3, 2]
    assert facts.next == 2


def test_shuffle_hands_as_the_last_card_does_not_end_the_round():
    facts = after(MODERN, table(3, (SH,), top=RED_3), SH)
    assert facts.went_out == -1
    assert [len(h) for h in facts.hands] == [2, 2, 2]  # 6 cards dealt, seat 0's included


def test_a_player_dealt_one_card_must_call_uno_at_once():
    hands = ((SH, card(RED, 5)), (card(YELLOW, 1),), (card(YELLOW, 2),))
    caught = after(MODERN, Position(hands=hands, top=RED_3), SH, {"forget_uno": 1.0, "catch": 1.0})
    assert [len(h) for h in caught.hands] == [3, 3, 3]  # one card each, then the penalty
    called = after(MODERN, Position(hands=hands, top=RED_3), SH)
    assert [len(h) for h in called.hands] == [1, 1, 1]


def test_a_blank_wild_is_played_as_a_wild():
    hand = (CW, card(RED, 5), card(RED, 6))
    position = table(3, hand, top=card(GREEN, 10))
    assert may_play(MODERN, position, CW)
    facts = after(MODERN, position, CW)
    assert facts.colour == RED and facts.next == 1


def test_rounds_with_the_modern_deck_end_and_play_both_cards():
    played: Counter = Counter()
    for seed in range(300):
        trace: list = []
        out = play_round(MODERN, 4, random.Random(seed), trace=trace)
        assert out.went_out >= 0
        played.update(e[2] for e in trace if e[0] == "play" and e[2] in (SH, CW))
        played.update("shuffle" for e in trace if e[0] == "shuffle")
    assert played[SH] == played["shuffle"] > 0
    assert played[CW] > 0
