"""Scoring, from the catalogue's "Scoring": plain functions on plain data.

Nothing here touches the database or a request. A game is described by its number of
players (seats 0..n-1, clockwise round the table), the scoring options of its rule set
(``Rules``), who dealt first and its rounds (``RoundResult``: who went out and the points
left in the other hands). Everything shown on a scoreboard derives from these.

Points are counted per *side*: a player, or with ``teams = pairs`` a pair of partners
sitting opposite (seat s and seat s + n/2 are side s).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import ngettext, pgettext_lazy

from domain import options as opts

WINNER_TAKES_POINTS = "winner_takes_points"
LOWEST_TOTAL_WINS = "lowest_total_wins"
ROUND_WINS = "round_wins"

MIN_PLAYERS = 2
MAX_PLAYERS = 10

# The cards a hand can hold, as the keypad offers them: (key, label).
NUMBER_CARDS = [(str(n), str(n)) for n in range(10)]
# The card names are the rule texts' own (context "card name": one translation per card).
ACTION_CARDS = [
    ("skip", pgettext_lazy("card name", "Skip")),
    ("reverse", pgettext_lazy("card name", "Reverse")),
    ("draw_two", pgettext_lazy("card name", "Draw Two")),
]
WILD_CARDS = [
    ("wild", pgettext_lazy("card name", "Wild")),
    ("wild_draw_four", pgettext_lazy("card name", "Wild Draw Four")),
]
# Only in the 112-card deck (``deck = modern_112``).
SPECIAL_WILD_CARDS = [
    ("shuffle_hands", pgettext_lazy("card name", "Wild Shuffle Hands")),
    ("custom_wild", pgettext_lazy("card name", "Blank Wild")),
]
CARDS = NUMBER_CARDS + ACTION_CARDS + WILD_CARDS
MODERN_CARDS = CARDS + SPECIAL_WILD_CARDS
CARD_LABELS = dict(MODERN_CARDS)

CLASSIC_108 = "classic_108"
MODERN_112 = "modern_112"

# The 108-card deck: in each of four colours one 0, two each of 1-9, two of each action
# card; plus four Wilds and four Wild Draw Fours.
DECK: dict[str, int] = {
    "0": 4,
    **{str(n): 8 for n in range(1, 10)},
    **{key: 8 for key, _label in ACTION_CARDS},
    **{key: 4 for key, _label in WILD_CARDS},
}
assert sum(DECK.values()) == 108
# The 112-card deck: the 108 plus one Wild Shuffle Hands and three blank Wilds.
MODERN_DECK: dict[str, int] = {**DECK, "shuffle_hands": 1, "custom_wild": 3}
assert sum(MODERN_DECK.values()) == 112


@dataclass(frozen=True)
class Rules:
    """The options of a rule set that scoring and the deal depend on."""

    scoring: str = WINNER_TAKES_POINTS
    target_score: int = 500
    rounds_to_win: int = 1
    teams: str = "none"
    team_scores_partner_hand: bool = False
    points_action: int = 20
    points_wild: int = 50
    direction: str = "clockwise"
    deck: str = CLASSIC_108
    points_special_wild: int = 40

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        names = cls.__dataclass_fields__
        return cls(**{key: options[key] for key in names})

    @property
    def pairs(self) -> bool:
        return self.teams == "pairs"

    @property
    def modern_deck(self) -> bool:
        return self.deck == MODERN_112

    @property
    def cards(self) -> list[tuple[str, Any]]:
        """The kinds of card in this game's deck, as the keypad offers them: (key, label)."""
        return MODERN_CARDS if self.modern_deck else CARDS

    @property
    def deck_counts(self) -> dict[str, int]:
        """How many cards of each kind the deck holds."""
        return MODERN_DECK if self.modern_deck else DECK

    @property
    def counts_points(self) -> bool:
        return self.scoring != ROUND_WINS

    @property
    def partner_hand_skipped(self) -> bool:
        """The partner's-hand rule, in one place: in pairs under winner-takes-points, the
        hand of the partner of whoever went out does not score, unless
        ``team_scores_partner_hand``. Scoring, the round form, its help text and its
        script all follow this (the script through ``unscored_partner``)."""
        return (
            self.pairs and self.scoring == WINNER_TAKES_POINTS and not self.team_scores_partner_hand
        )

    @property
    def goal(self) -> int:
        """What a total is measured against: the target score, or the rounds to win."""
        return self.rounds_to_win if self.scoring == ROUND_WINS else self.target_score

    @property
    def step(self) -> int:
        """+1 seat clockwise, -1 counterclockwise."""
        return 1 if self.direction == "clockwise" else -1


@dataclass(frozen=True)
class RoundResult:
    """One round: the seat of the player who went out and the points in the other hands."""

    went_out: int
    hands: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PointsAdjustment:
    """Points added to (or, negative, taken from) the side of ``seat`` outside a round,
    after ``after`` rounds had been played ("caught not calling UNO", "agreed bonus")."""

    after: int
    seat: int
    points: int


# --- Cards and hands --------------------------------------------------------------


def card_points(card: str, rules: Rules) -> int:
    """A number card scores its face value; action cards and wilds what the rules say; the
    112-card deck's Wild Shuffle Hands and blank Wild, ``points_special_wild``. A card the
    game's deck does not hold is a ValueError."""
    if card not in rules.deck_counts:
        raise ValueError(f"No card {card!r} in the deck {rules.deck}.")
    if card.isdigit():
        return int(card)
    if card in dict(ACTION_CARDS):
        return rules.points_action
    if card in dict(WILD_CARDS):
        return rules.points_wild
    return rules.points_special_wild


def hand_points(cards: Iterable[str], rules: Rules) -> int:
    return sum(card_points(card, rules) for card in cards)


def deck_points(rules: Rules) -> int:
    """The points of the whole deck (108 or 112 cards): no hand can hold more."""
    return sum(count * card_points(card, rules) for card, count in rules.deck_counts.items())


def too_many(hands: Iterable[Iterable[str]], rules: Rules) -> list[tuple[str, int, int]]:
    """The kinds of card that these hands together hold more of than the deck has:
    (card key, cards in the hands, cards in the deck), in keypad order. Cards the deck does
    not hold at all are counted against 0."""
    held: dict[str, int] = {}
    for hand in hands:
        for card in hand:
            held[card] = held.get(card, 0) + 1
    order = [key for key, _label in MODERN_CARDS]
    return [
        (card, count, rules.deck_counts.get(card, 0))
        for card, count in sorted(held.items(), key=lambda kv: order.index(kv[0]))
        if count > rules.deck_counts.get(card, 0)
    ]


# The most any hand could hold under any rule set (the 112 cards, every point value at its
# maximum): the bound the database enforces; forms check the game's own deck_points().
def _most(key: str) -> int:
    maximum = opts.BY_KEY[key].maximum
    assert maximum is not None, f"{key} has no maximum"
    return maximum


MAX_DECK_POINTS = deck_points(
    Rules(
        points_action=_most("points_action"),
        points_wild=_most("points_wild"),
        deck=MODERN_112,
        points_special_wild=_most("points_special_wild"),
    )
)


# --- Players, sides and the deal ---------------------------------------------------


def player_count_problem(count: int, pairs: bool) -> str | None:
    """What keeps ``count`` players from playing (in pairs or not): "too few", "too many",
    "pairs" (pairs need an even number, at least 4), or None when they can play."""
    if count < MIN_PLAYERS:
        return "too few"
    if count > MAX_PLAYERS:
        return "too many"
    if pairs and (count % 2 or count < 4):
        return "pairs"
    return None


def player_count_error(count: int, rules: Rules) -> str | None:
    """Why ``count`` players (names entered) cannot play with these rules, or None."""
    problem = player_count_problem(count, rules.pairs)
    if problem == "too few":
        return ngettext(
            "Enter the names of at least %(min)s player.",
            "Enter the names of at least %(min)s players.",
            MIN_PLAYERS,
        ) % {"min": MIN_PLAYERS}
    if problem == "too many":
        return ngettext(
            "UNO is for at most %(max)s players; you entered %(count)s.",
            "UNO is for at most %(max)s players; you entered %(count)s.",
            count,
        ) % {"max": MAX_PLAYERS, "count": count}
    if problem == "pairs":
        return ngettext(
            "These rules play in pairs, which needs an even number of players: "
            "4, 6, 8 or 10 (two to five teams of two). You entered %(count)s.",
            "These rules play in pairs, which needs an even number of players: "
            "4, 6, 8 or 10 (two to five teams of two). You entered %(count)s.",
            count,
        ) % {"count": count}
    return None


def side_count(players: int, rules: Rules) -> int:
    return players // 2 if rules.pairs else players


def side_of(seat: int, players: int, rules: Rules) -> int:
    """The side a seat scores for: itself, or in pairs the team of partners opposite."""
    return seat % (players // 2) if rules.pairs else seat


def sides(players: int, rules: Rules) -> list[list[int]]:
    """The seats of each side, in seat order."""
    result: list[list[int]] = [[] for _ in range(side_count(players, rules))]
    for seat in range(players):
        result[side_of(seat, players, rules)].append(seat)
    return result


def partner_of(seat: int, players: int, rules: Rules) -> int | None:
    return (seat + players // 2) % players if rules.pairs else None


def dealer(first_dealer: int, round_number: int, players: int, rules: Rules) -> int:
    """Who deals round ``round_number`` (1-based): the deal passes one seat each round."""
    return (first_dealer + (round_number - 1) * rules.step) % players


def first_dealer_for(position: int, round_number: int, players: int, rules: Rules) -> int:
    """The first dealer that makes the player at ``position`` deal round ``round_number``
    (the inverse of ``dealer``): choosing who deals next, the deal passes on from them."""
    return (position - (round_number - 1) * rules.step) % players


def first_player(dealer_seat: int, players: int, rules: Rules) -> int:
    """Play starts next to the dealer, in the direction of play."""
    return (dealer_seat + rules.step) % players


# --- Rounds and totals -------------------------------------------------------------


def unscored_partner(went_out: int, players: int, rules: Rules) -> int | None:
    """The seat whose hand does not score when ``went_out`` went out, besides theirs:
    their partner, when ``rules.partner_hand_skipped``; otherwise None."""
    return partner_of(went_out, players, rules) if rules.partner_hand_skipped else None


def counted_seats(went_out: int, players: int, rules: Rules) -> list[int]:
    """The seats whose hand points score in a round that ``went_out`` won: everyone but
    the player who went out and their ``unscored_partner``."""
    unscored = (went_out, unscored_partner(went_out, players, rules))
    return [seat for seat in range(players) if seat not in unscored]


def round_scores(rules: Rules, players: int, result: RoundResult) -> list[int]:
    """What each side scores in one round."""
    scores = [0] * side_count(players, rules)
    winner = side_of(result.went_out, players, rules)
    if rules.scoring == ROUND_WINS:
        scores[winner] = 1
        return scores
    counted = counted_seats(result.went_out, players, rules)
    if rules.scoring == WINNER_TAKES_POINTS:
        scores[winner] = sum(result.hands.get(seat, 0) for seat in counted)
    else:  # lowest_total_wins: each side adds its own hands; going out adds 0
        for seat in counted:
            scores[side_of(seat, players, rules)] += result.hands.get(seat, 0)
    return scores


def running_totals(rules: Rules, players: int, rounds: Sequence[RoundResult]) -> list[list[int]]:
    """Each side's total after each round, in round order."""
    totals = [0] * side_count(players, rules)
    result = []
    for played in rounds:
        totals = [t + s for t, s in zip(totals, round_scores(rules, players, played), strict=True)]
        result.append(totals)
    return result


def totals(rules: Rules, players: int, rounds: Sequence[RoundResult]) -> list[int]:
    running = running_totals(rules, players, rounds)
    return running[-1] if running else [0] * side_count(players, rules)


def is_over(rules: Rules, side_totals: Sequence[int]) -> bool:
    """The game ends when a total reaches the target (or the rounds to win)."""
    return bool(side_totals) and max(side_totals) >= rules.goal


def winners(rules: Rules, side_totals: Sequence[int]) -> list[int]:
    """The winning sides (several when tied), or [] while the game goes on.

    Highest total wins, except under lowest-total-wins, where equal lowest totals share.
    """
    if not is_over(rules, side_totals):
        return []
    best = min(side_totals) if rules.scoring == LOWEST_TOTAL_WINS else max(side_totals)
    return [side for side, total in enumerate(side_totals) if total == best]


def progress_percent(rules: Rules, total: int) -> int:
    """How far a total is towards the target (or rounds to win), 0-100 (a total taken
    below 0 by an adjustment shows as 0)."""
    return max(0, min(100, total * 100 // rules.goal))


def adjustments_by_round(
    rules: Rules, players: int, rounds: int, adjustments: Sequence[PointsAdjustment]
) -> tuple[list[list[int]], list[int]]:
    """What adjustments add to each side: (after each of ``rounds`` rounds, in all).

    An adjustment counts in the totals after the round it was made after (one made before
    the first round, after round 1; one made after a round since removed, after the last).
    """
    count = side_count(players, rules)
    added = [[0] * count for _ in range(rounds)]
    total = [0] * count
    for adjustment in adjustments:
        side = side_of(adjustment.seat, players, rules)
        total[side] += adjustment.points
        if rounds:
            added[min(max(adjustment.after, 1), rounds) - 1][side] += adjustment.points
    sums = [0] * count
    after_each = []
    for extra in added:
        sums = [t + e for t, e in zip(sums, extra, strict=True)]
        after_each.append(sums)
    return after_each, total


@dataclass(frozen=True)
class Standing:
    """Where a game stands after its rounds: what a scoreboard shows."""

    totals: list[int]
    running: list[list[int]]
    scores: list[list[int]]  # per round, per side
    finished: bool
    winners: list[int]
    round_number: int  # the round being played now (or the last one when finished)
    dealer: int
    first_player: int


def standing(
    rules: Rules,
    players: int,
    first_dealer: int,
    rounds: Sequence[RoundResult],
    active: Sequence[int] | None = None,
    start: Sequence[tuple[int, int]] | None = None,
    adjustments: Sequence[PointsAdjustment] = (),
) -> Standing:
    """Where a game stands after its rounds.

    ``players`` counts every seat the game has had; ``active`` lists the seats still at
    the table, in seat order (all of them when None). A player who left keeps their
    total, but no longer deals, plays first or wins. ``start`` gives each side the points
    (or rounds) it started with and after how many rounds: a player who joined mid-game
    may start from the lowest total or from what the table decided, counted from the
    round they joined. ``adjustments`` add or take points outside the rounds (see
    ``adjustments_by_round``). ``first_dealer`` is a position in ``active``: the deal
    passes round the players at the table.
    """
    seats = list(range(players)) if active is None else list(active)
    count = side_count(players, rules)
    starts = list(start) if start is not None else [(0, 0)] * count
    scores = [round_scores(rules, players, r) for r in rounds]
    extra, extra_total = adjustments_by_round(rules, players, len(rounds), adjustments)
    running = []  # running_totals(), from the scores just computed, with starts and extras
    sums = [0] * count
    for i, score in enumerate(scores):
        sums = [t + s for t, s in zip(sums, score, strict=True)]
        running.append(
            [
                t + e + (p if after <= i else 0)
                for t, e, (p, after) in zip(sums, extra[i], starts, strict=True)
            ]
        )
    current = [t + e + p for t, e, (p, _after) in zip(sums, extra_total, starts, strict=True)]
    playing = sorted({side_of(seat, players, rules) for seat in seats})
    at_table = [current[side] for side in playing]
    finished = is_over(rules, at_table)
    number = len(rounds) if finished and rounds else len(rounds) + 1
    deals = dealer(first_dealer, number, len(seats), rules)
    return Standing(
        totals=current,
        running=running,
        scores=scores,
        finished=finished,
        winners=[playing[i] for i in winners(rules, at_table)],
        round_number=number,
        dealer=seats[deals],
        first_player=seats[first_player(deals, len(seats), rules)],
    )


# --- Standings: who leads, by how much, and what each side still needs ---------------


@dataclass(frozen=True)
class Place:
    """One side's place in the standings.

    ``rank`` counts from 1 (the leader, or the winner at the end); sides with equal totals
    share a rank and the next rank skips (1, 1, 3). ``behind`` is how far the side is from
    the leader's total, in the direction that counts (under lowest-total-wins: how many
    points more it has). ``to_win`` is what it still needs to reach the goal (points, or
    rounds under round-wins); under lowest-total-wins nobody wins by reaching the target,
    so it is None and ``to_end`` says how many points the side can still take before its
    total ends the game.
    """

    side: int
    total: int
    rank: int
    tied: bool
    behind: int
    to_win: int | None
    to_end: int | None

    @property
    def leads(self) -> bool:
        return self.rank == 1


def _better(rules: Rules, total: int) -> int:
    """A sort key: smaller is better."""
    return total if rules.scoring == LOWEST_TOTAL_WINS else -total


def standings(rules: Rules, side_totals: Sequence[int]) -> list[Place]:
    """The sides ranked best first (ties in seat order), under the rules' scoring mode."""
    if not side_totals:
        return []
    lowest = rules.scoring == LOWEST_TOTAL_WINS
    keys = [_better(rules, t) for t in side_totals]
    best = min(keys)
    order = sorted(range(len(side_totals)), key=lambda side: (keys[side], side))
    places = []
    for side in order:
        total = side_totals[side]
        places.append(
            Place(
                side=side,
                total=total,
                rank=1 + sum(1 for k in keys if k < keys[side]),
                tied=keys.count(keys[side]) > 1,
                behind=keys[side] - best,
                to_win=None if lowest else max(0, rules.goal - total),
                to_end=max(0, rules.target_score - total) if lowest else None,
            )
        )
    return places


def leaders(places: Sequence[Place]) -> list[Place]:
    return [p for p in places if p.leads]


def lead(places: Sequence[Place]) -> int:
    """By how much the leader leads the next side (0 when the lead is shared)."""
    others = [p.behind for p in places if not p.leads]
    return 0 if len(leaders(places)) > 1 or not others else min(others)


def closest_to_end(places: Sequence[Place]) -> Place | None:
    """Under lowest-total-wins: the side whose total is nearest the target (it ends the game)."""
    ending = [p for p in places if p.to_end is not None]
    return min(ending, key=lambda p: (p.to_end, p.side)) if ending else None
