"""Every sentence of the rules page about scoring, held against domain/scoring.py.

domain/scoring.py is the one home of the scoring rule: what a card left in a hand scores,
whose hands a round counts and for whom, when the game ends and who wins it. The rules
page says the same things in words: the "Can I ...?" answers on scoring (card_points,
who_scores, partner_hand, game_end, and the answers that speak of scoring on the way:
teams, go_out_action, go_out_wild), the texts of the options of the scoring group and the
base rules about scoring and the table (reached through ``sections(options)``).

The check follows tests/rulesets/test_answers_engine.py: each sentence is parsed into the
claims it makes (``claims``), each text id has a scenario of small rounds and games played
through domain.scoring (``SCENARIOS``, the facts it computes), and every claim must be a fact
of its scenario (``disagreements``), over a covering set of rule sets: every pair of
option values at least once (tests/rulesets/option_sets.py), the presets, and every
combination of scoring x teams x team_scores_partner_hand x a few target scores, rounds to
win and card points; 2, 3 and 4 players alone, 4 and 6 in pairs. A sentence from which the
parser reads no claim fails too: nothing is checked silently. Pure: no database.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable

from django.utils import translation

from domain import options as opts
from domain import scoring as sc
from domain.options import BY_KEY
from domain.reference import BASE, NO, QUESTIONS, YES, sections
from rulesets.presets import PRESETS
from tests.rulesets.option_sets import every_pair

# The (rule set, text) pairs checked in one run are at least this many (the test prints the
# exact count): the check cannot silently check nothing.
PAIRS_FLOOR = 40_000

Facts = dict[str, object]

# --- The claims a sentence makes --------------------------------------------------------

_N = r"(\d+)"
QUOTED = "<the number quoted>"
# (pattern, claims): a claim's value is QUOTED when it is the number the phrase quotes.
PHRASES: list[tuple[str, dict[str, object]]] = [
    # What a card left in a hand scores.
    (r"\bface value\b", {"face_value": True}),
    (
        rf"Skip, Reverse (?:and|or) Draw Two(?: left in a hand scores)? {_N} points?\b",
        {"action": QUOTED},
    ),
    (r"Skip, Reverse or Draw Two left in a hand scores nothing", {"action": 0}),
    (
        rf"Wild (?:and|or) Wild Draw Four(?: left in a hand scores)? {_N} points?\b",
        {"wild": QUOTED},
    ),
    (r"Wild or Wild Draw Four left in a hand scores nothing", {"wild": 0}),
    (r"count for scoring", {"hands_count": True}),
    (r"Nobody scores points|No points are counted", {"hands_count": False, "others_to": None}),
    (r"not points", {"hands_count": False}),
    # Whose hands count, and for whom.
    (
        r"scores (?:every card|the points of all cards) left in the other (?:players'|pairs') "
        r"hands",
        {"others_to": "out"},
    ),
    (
        r"(?:scores the cards left in|adds up the points in) (?:their own hand|both partners')",
        {"others_to": "own"},
    ),
    (r"both partners' hands", {"partner_counts": True}),
    (
        r"and (?:in )?the partner's hand|also scores the cards left in the partner's hand",
        {"partner_counts": True},
    ),
    (r"scores only the other pairs' hands", {"partner_counts": False}),
    (r"every card left on the table counts", {"others_to": "out", "partner_counts": True}),
    (r"the player who went out scores nothing", {"out_side_zero": True, "out_hand_counts": False}),
    (r"the partner who went out has none", {"out_hand_counts": False}),
    # Who wins the round; who plays with whom; how many play.
    (r"wins? the round", {"round_winner": True}),
    # Any pair ("the pair of ...", "a pair's total", "the other pairs' hands"): partners as one.
    (r"\bpairs?\b|partners sit(?:ting)? opposite", {"pairs_together": True}),
    # Sentences whose side is one player: "everyone", "someone", "the other players' hands".
    (
        r"Everyone plays for themselves|other players' hands|their own hand|someone has won|"
        r"whoever reaches it|When anyone reaches|The first to (?:reach|win)|"
        r"(?<!pair of )the player who went out wins the round",
        {"pairs_together": False},
    ),
    (r"\(4, 6, 8 or 10 players\)|Four, six, eight or ten players", {"players": (4, 6, 8, 10)}),
    (r"Two to ten players", {"players": tuple(range(2, 11))}),
    # When the game ends, and who wins it.
    (rf"reach(?:es)? {_N} points?\b|target score is {_N} points?\b", {"ends_points": QUOTED}),
    (r"reach(?:es)? the target score", {"by_points": True}),
    (rf"(?:a pair has won|first pair to win) {_N} rounds?\b", {"ends_rounds": QUOTED}),
    (rf"(?:someone has won|The first to win) {_N} rounds?\b", {"alone_rounds": QUOTED}),
    (r"set number of rounds|counts rounds won", {"by_rounds": True}),
    (r"lowest total wins", {"winner": "lowest"}),
    (
        r"(?:target score|rounds?) wins the game|whoever reaches it wins|that pair wins|they win",
        {"winner": "reacher"},
    ),
    (r"equal lowest totals share the win", {"ties_share": True}),
]
PATTERNS = [(re.compile(pattern), found) for pattern, found in PHRASES]
# What a "Yes" or a "No" answers, for the questions whose verdict is a fact.
VERDICTS = {"partner_hand": "partner_counts", "teams": "pairs_together"}


def claims(sentence: str, verdict: str = "", text_id: str = "") -> Facts:
    """What the sentence states, as facts domain.scoring can be asked about."""
    found: Facts = {}
    for pattern, said in PATTERNS:
        for match in pattern.finditer(sentence):
            number = next((int(g) for g in match.groups() if g is not None), None)
            for key, value in said.items():
                _claim(found, key, number if value == QUOTED else value)
    # A sentence that lists what the winning pair scores lists all of it: without its
    # partner's hand, the partner's hand does not count.
    if found.get("others_to") == "out" and "pairs' hands" in sentence:
        found.setdefault("partner_counts", False)
    if text_id in VERDICTS and verdict in (YES, NO):
        _claim(found, VERDICTS[text_id], verdict == YES)
    return found


def _claim(found: Facts, key: str, value: object) -> None:
    """Adds a claim; two different claims about one thing are a contradiction."""
    if found.get(key, value) != value:
        found["contradicts"] = (key, found[key], value)
    found[key] = value


# --- The facts domain.scoring computes: small rounds and games ----------------------------


def _scores(rules: sc.Rules, players: int, hands: dict[int, int], out: int = 0) -> list[int]:
    return sc.round_scores(rules, players, sc.RoundResult(went_out=out, hands=hands))


def _gained(rules: sc.Rules, players: int, hands: dict[int, int]) -> list[int]:
    """What each side scores for these hands, beyond a round with empty hands."""
    empty = _scores(rules, players, {})
    return [a - b for a, b in zip(_scores(rules, players, hands), empty, strict=True)]


def cards(rules: sc.Rules, players: int) -> Facts:
    """A round in which seat 1 is left holding one card: what that card scores."""

    counted = any(_gained(rules, players, {1: 5}))  # a hand holding points counts at all

    def points(card: str) -> int | None:
        return sum(_gained(rules, players, {1: sc.hand_points([card], rules)})) if counted else None

    action = {points(card) for card, _label in sc.ACTION_CARDS}
    wild = {points(card) for card, _label in sc.WILD_CARDS}
    assert len(action) == len(wild) == 1, (action, wild)
    face = all(points(str(n)) == n for n in range(10))
    return {"face_value": face, "action": action.pop(), "wild": wild.pop()}


def credit(rules: sc.Rules, players: int) -> Facts:
    """Rounds won by seat 0, with one card left in one hand: who scores it."""
    out_side = sc.side_of(0, players, rules)
    gained = _gained(rules, players, {1: 1})  # seat 1: an opponent at every table
    others_to = None
    if gained[out_side]:
        others_to = "out"
    elif gained[sc.side_of(1, players, rules)]:
        others_to = "own"
    partner = sc.partner_of(0, players, rules)
    partner_counts = None if partner is None else bool(_gained(rules, players, {partner: 1})[0])
    everyone = dict.fromkeys(range(1, players), 1)
    return {
        "hands_count": any(gained),
        "others_to": others_to,
        "partner_counts": partner_counts,
        "out_hand_counts": any(_gained(rules, players, {0: 1})),
        "out_side_zero": _scores(rules, players, everyone)[out_side] == 0,
    }


def round_winner(rules: sc.Rules, players: int) -> Facts:
    """Whoever goes out, with one point in every other hand: whose side does best."""
    won = True
    for out in range(players):
        hands = {seat: 1 for seat in range(players) if seat != out}
        best = sc.leaders(sc.standings(rules, _scores(rules, players, hands, out)))
        won = won and [p.side for p in best] == [sc.side_of(out, players, rules)]
    return {"round_winner": won} | table(rules, players)


def table(rules: sc.Rules, players: int) -> Facts:
    """Who can play, and whether partners sitting opposite score as one side."""
    sides = sc.sides(players, rules)
    half = players // 2
    together = all(len(s) == 2 and s[1] == s[0] + half for s in sides)
    alone = all(len(s) == 1 for s in sides)
    ok = tuple(n for n in range(1, 13) if sc.player_count_problem(n, rules.pairs) is None)
    return {"pairs_together": True if together else (False if alone else None), "players": ok}


def _ends_points(rules: sc.Rules, players: int) -> int | None:
    """The least total that ends the game, in one round where seat 1's hand is left: None
    when points do not end it."""

    def over(t: int) -> bool:
        return sc.is_over(rules, sc.totals(rules, players, [sc.RoundResult(0, {1: t})]))

    low, high = 0, 100_000
    if over(low) or not over(high):
        return None
    while high - low > 1:  # over(high), not over(low)
        middle = (low + high) // 2
        low, high = (low, middle) if over(middle) else (middle, high)
    return high


def _round_game(rules: sc.Rules, players: int) -> list[sc.RoundResult]:
    """Rounds with empty hands, won in turn by seat 0 and their partner (if any), until the
    game ends (at most 40): counting rounds won, the game they play."""
    partner = sc.partner_of(0, players, rules)
    rounds: list[sc.RoundResult] = []
    while len(rounds) < 40:
        out = partner if partner is not None and len(rounds) % 2 else 0
        rounds.append(sc.RoundResult(out, {}))
        if sc.is_over(rules, sc.totals(rules, players, rounds)):
            break
    return rounds


def _ends_rounds(rules: sc.Rules, players: int) -> tuple[int | None, int | None]:
    """In the rounds game: how many rounds the side wins before the game ends, and how many
    of them the player who won most won alone (None, None when rounds do not end it)."""
    rounds = _round_game(rules, players)
    if not sc.is_over(rules, sc.totals(rules, players, rounds)):
        return None, None
    alone = max(sum(r.went_out == seat for r in rounds) for seat in range(players))
    return len(rounds), alone


def _winner(rules: sc.Rules, players: int, points: int | None) -> str | None:
    """A game that ends (one round where seat 1 is left holding the target, or the rounds
    game): does the side whose total reached the goal win, or the lowest total?"""
    game = [sc.RoundResult(0, {1: points})] if points is not None else None
    rounds = game or _round_game(rules, players)
    side_totals = sc.totals(rules, players, rounds)
    won = sc.winners(rules, side_totals)
    if not won:
        return None
    reached = [s for s, t in enumerate(side_totals) if t >= rules.goal]
    lowest = [s for s, t in enumerate(side_totals) if t == min(side_totals)]
    return "reacher" if set(won) <= set(reached) else "lowest" if won == lowest else "other"


def _ties_share(rules: sc.Rules, players: int, points: int | None) -> bool | None:
    """A round that ends the game with equal lowest totals (each other hand empty or at the
    goal): do they share the win? None when no such round exists at this table."""
    goal = points if points is not None else 1
    for held in itertools.product((0, goal), repeat=players - 1):
        hands = dict(enumerate(held, start=1))
        side_totals = sc.totals(rules, players, [sc.RoundResult(0, hands)])
        lowest = [s for s, t in enumerate(side_totals) if t == min(side_totals)]
        if len(lowest) > 1 and sc.is_over(rules, side_totals):
            return sc.winners(rules, side_totals) == lowest
    return None


def game_end(rules: sc.Rules, players: int) -> Facts:
    points = _ends_points(rules, players)
    rounds, alone = _ends_rounds(rules, players)
    return {
        "ends_points": points,
        "by_points": points is not None,
        "ends_rounds": rounds,
        "alone_rounds": alone,
        "by_rounds": rounds is not None,
        "winner": _winner(rules, players, points),
        "ties_share": _ties_share(rules, players, points),
        "pairs_together": table(rules, players)["pairs_together"],
    }


Play = Callable[[sc.Rules, int], Facts]
# Each text id and the rounds and games domain.scoring plays for it.
SCENARIOS: dict[str, tuple[Play, ...]] = {
    # "Can I ...?" answers (domain/reference/scoring.py, teams.py, going_out.py)
    "card_points": (cards, credit, game_end),
    "who_scores": (credit, round_winner),
    "partner_hand": (credit, round_winner),
    "game_end": (game_end,),
    "teams": (round_winner,),  # the answer and the option share the id
    "go_out_action": (credit,),
    "go_out_wild": (credit,),
    # The options of the scoring group (domain/options/scoring.py)
    "scoring": (credit, round_winner, game_end),
    "target_score": (game_end,),
    "rounds_to_win": (game_end,),
    "team_scores_partner_hand": (credit, round_winner),
    "points_action": (cards,),
    "points_wild": (cards,),
    # Base rules (domain/reference/base.py)
    "base.players": (table,),
    "base.going_out": (round_winner,),
    "base.going_out_action": (credit,),
    "base.number_points": (cards,),
}
# Facts a table too small cannot show (equal lowest totals need three sides, or pairs).
UNTESTABLE_WHEN_NONE = {"ties_share"}


@functools.cache
def facts(text_id: str, rules: sc.Rules, players: int) -> Facts:
    return functools.reduce(dict.__or__, (_played(p, rules, players) for p in SCENARIOS[text_id]))


@functools.cache
def _played(play: Play, rules: sc.Rules, players: int) -> Facts:
    return play(rules, players)


def disagreements(said: Facts, seen: Facts) -> list[str]:
    """What the sentence claims that domain.scoring does not do."""
    if not said:
        return ["no claim read from the sentence: the parser must learn it"]
    found = []
    for key, value in said.items():
        if key == "contradicts":
            found.append("says both {1!r} and {2!r} of {0}".format(*value))
        elif key not in seen:
            found.append(f"claims {key}={value!r}, which its scenario does not play")
        elif seen[key] is None and key in UNTESTABLE_WHEN_NONE:
            continue
        elif seen[key] != value:
            found.append(f"says {key}={value!r}, domain.scoring: {seen[key]!r}")
    return found


@functools.cache
def disagreements_in(
    text_id: str, verdict: str, sentence: str, rules: sc.Rules, players: int
) -> tuple[str, ...]:
    return tuple(disagreements(claims(sentence, verdict, text_id), facts(text_id, rules, players)))


# --- The rule sets -------------------------------------------------------------------

SCORING_OPTIONS = {
    "scoring": list(BY_KEY["scoring"].values()),
    "teams": ["none", "pairs"],
    "team_scores_partner_hand": [False, True],
    "target_score": [50, 100, 500, 501],
    "rounds_to_win": [1, 2, 3],
    "points_action": [0, 1, 20],
    "points_wild": [0, 50, 200],
}


def players_for(options: dict) -> tuple[int, ...]:
    """Pairs need an even number of players: 4 and 6; without them 2, 3 and 4 play."""
    return (4, 6) if options["teams"] == "pairs" else (2, 3, 4)


def rule_sets() -> list[tuple[dict, int]]:
    """(options, players): the covering set and the presets, then the scoring product."""
    found = [*every_pair(), *(p.options for p in PRESETS)]
    for values in itertools.product(*SCORING_OPTIONS.values()):
        found.append({**opts.official(), **dict(zip(SCORING_OPTIONS, values, strict=True))})
    return [(o, n) for o in found for n in players_for(o)]


def house(options: dict) -> str:
    """The rule set in a failure message: what it plays differently from official."""
    official = opts.official()
    changed = [f"{k}={v}" for k, v in options.items() if official[k] != v]
    return ", ".join(changed) or "official"


# Texts about another rule that speak of scoring on the way: a sentence of theirs is checked
# when it does ("those cards count for scoring"), not when it does not ("Your last card must
# be a number card.").
ON_THE_WAY = {"go_out_action", "go_out_wild", "base.going_out_action"}


def texts(options: dict) -> list[tuple[str, str, str]]:
    """(text id, verdict, English sentence) of every scoring text shown for the options."""
    found = [
        (r.id, "", r.text)
        for section in sections(options)
        for r in section.rules
        if r.id in SCENARIOS
    ]
    found += [
        (q.id, *q.reply(options)) for q in QUESTIONS if q.id in SCENARIOS and q.asked(options)
    ]
    return [t for t in found if t[0] not in ON_THE_WAY or "scoring" in t[2]]


def check_every_text() -> tuple[int, list[str], set[str]]:
    """(pairs checked, the disagreements in words, the text ids checked)."""
    checked, problems, ids = 0, [], set()
    with translation.override("en"):
        for options, players in rule_sets():
            rules = sc.Rules.from_options(options)
            for text_id, verdict, sentence in texts(options):
                checked += 1
                ids.add(text_id)
                found = disagreements_in(text_id, verdict, sentence, rules, players)
                if found:
                    problems.append(
                        f"{text_id}, {players} players, {house(options)}:\n"
                        f"  {sentence!r}\n  " + "; ".join(found)
                    )
    return checked, problems, ids


def test_every_scoring_text_agrees_with_play_scoring():
    checked, problems, ids = check_every_text()
    print(f"{checked} (rule set, text) pairs checked, of {len(ids)} texts")
    assert checked >= PAIRS_FLOOR
    assert ids == set(SCENARIOS), f"never shown: {sorted(set(SCENARIOS) - ids)}"
    assert not problems, f"{len(problems)} texts disagree with domain.scoring:\n" + "\n".join(
        problems[:30]
    )


def test_every_scenario_is_a_text_of_the_page():
    assert set(SCENARIOS) <= set(BASE) | set(BY_KEY) | {q.id for q in QUESTIONS}


_PAIRS_CLAIM = {"pairs_together": True}


def test_the_sentence_parser_reads_points_hands_and_the_end():
    said = claims(
        "Number cards score their face value, each Skip, Reverse and Draw Two 20 points, and "
        "each Wild and Wild Draw Four 1 point."
    )
    assert said == {"face_value": True, "action": 20, "wild": 1}
    said = claims(
        "The pair of the player who went out scores every card left in the other pairs' hands."
    )
    assert said == {"others_to": "out", "partner_counts": False, "pairs_together": True}
    said = claims("When a pair has won 3 rounds: that pair wins.")
    assert said == {"ends_rounds": 3, "winner": "reacher", "pairs_together": True}
    said = claims("When someone has won 2 rounds: they win.")
    assert said == {"alone_rounds": 2, "winner": "reacher", "pairs_together": False}
    said = claims("Nobody scores points: the pair of the player who went out wins the round.")
    assert said == {"hands_count": False, "others_to": None, "round_winner": True} | _PAIRS_CLAIM
    said = claims("When someone has won 2 rounds: their pair wins.")  # alone, and a pair
    assert "says both True and False of pairs_together" in disagreements(said, {})
    said = claims(
        "When any total reaches 500 points: the lowest total wins, and equal lowest totals "
        "share the win."
    )
    assert said == {"ends_points": 500, "winner": "lowest", "ties_share": True}
    assert claims("Yes", YES, "partner_hand") == {"partner_counts": True}
    assert disagreements({}, {"round_winner": True})  # a sentence read as nothing fails


# Each: (text id, the options the sentence is read for, the options domain.scoring plays).
_PAIRS = {"teams": "pairs"}
_ROUNDS = {"scoring": "round_wins", "rounds_to_win": 3}
MISREAD = [
    ("who_scores", {**_PAIRS, "team_scores_partner_hand": True}, _PAIRS),
    ("who_scores", _PAIRS, {**_PAIRS, "team_scores_partner_hand": True}),
    ("who_scores", {"scoring": "lowest_total_wins"}, {}),
    ("who_scores", {}, {"scoring": "round_wins"}),
    ("who_scores", {}, _PAIRS),
    ("scoring", {}, _PAIRS),
    ("partner_hand", {**_PAIRS, "team_scores_partner_hand": True}, _PAIRS),
    ("game_end", {"target_score": 501}, {}),
    ("game_end", {"scoring": "lowest_total_wins"}, {}),
    ("game_end", {}, {"scoring": "lowest_total_wins"}),
    ("game_end", _ROUNDS, {**_ROUNDS, **_PAIRS}),  # "when someone has won 3 rounds"
    ("card_points", {"points_action": 1}, {}),
    ("card_points", {}, {"scoring": "round_wins"}),
    ("scoring", {"scoring": "lowest_total_wins"}, {}),
    ("scoring", {**_PAIRS}, {**_PAIRS, "team_scores_partner_hand": True}),
    ("target_score", {"target_score": 100}, {}),
    ("rounds_to_win", _ROUNDS, {**_ROUNDS, "rounds_to_win": 2}),
    ("teams", {}, _PAIRS),
    ("team_scores_partner_hand", {**_PAIRS, "team_scores_partner_hand": True}, _PAIRS),
    ("points_action", {"points_action": 0}, {}),
    ("points_wild", {"points_wild": 49}, {}),
    ("base.players", {}, _PAIRS),
]


def _sentence(text_id: str, options: dict) -> tuple[str, str]:
    """(verdict, sentence) of a text id for the options: an answer's, or a rule's."""
    question = next((q for q in QUESTIONS if q.id == text_id), None)
    if question is not None:
        return question.reply(options)
    if text_id in BASE:
        return "", str(BASE[text_id].text(options))
    return "", BY_KEY[text_id].text(options[text_id], options)


def test_a_text_read_for_other_options_disagrees_with_play_scoring():
    """The check can fail: each sentence held against domain.scoring for other options."""
    official = opts.official()
    with translation.override("en"):
        for text_id, read, played in MISREAD:
            read, played = {**official, **read}, {**official, **played}
            players = players_for(played)[0]
            verdict, sentence = _sentence(text_id, read)
            rules = sc.Rules.from_options(played)
            assert disagreements_in(text_id, verdict, sentence, rules, players), (text_id, read)
            # ... and the same sentence, read for the options played, agrees.
            verdict, sentence = _sentence(text_id, played)
            assert not disagreements_in(text_id, verdict, sentence, rules, players), sentence
