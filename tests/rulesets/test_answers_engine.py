"""Every "Can I ...?" answer of the rules page, held against the engine.

For each rule set of a covering set and each question that has a scenario
(tests/engine_scenarios/scenarios.py), the engine plays the position the question is about, and the
page's English answer must agree with what it did: the verdict, every number of cards the
sentence quotes, "miss your turn" against "then take your turn", and who plays next.

The rule sets: every pair of option values at least once (tests/rulesets/option_sets.py),
the presets, and every combination of the options that decide draw cards (the four
stacking options, the challenge, draw_card_skips_turn, draw_rule, wild_draw_four_rule)
with 2, 3 and 4 players, pairs of 4, and each scoring mode. Pure: no database.
"""

from __future__ import annotations

import functools
import itertools
import re

from django.utils import translation

from domain import options as opts
from domain.reference import NO, QUESTIONS, YES
from engine.rules import Rules
from rulesets.presets import PRESETS
from tests.engine_scenarios.scenarios import SCENARIOS, Seen
from tests.rulesets.option_sets import every_pair

# The (rule set, question) pairs checked in one run are at least this many (the test prints
# the exact count): the check cannot silently check nothing.
PAIRS_FLOOR = 100_000

WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
WORDS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUMBER = r"(" + "|".join(WORDS) + r"|\d+)"
# "two cards", "1 card", "no cards"; "draws two", "you draw four" (not "Wild Draw Four").
COUNTS = (re.compile(rf"\b{_NUMBER} cards?\b"), re.compile(rf"\bdraws? {_NUMBER}\b"))
# "Whoever is left holding one card", "you play one card": cards held or played, not drawn.
HELD = ("holding ", "play ")
MISSES = ("miss your turn", "miss their turn", "misses their turn", "miss it", "lose your turn")
MISSES += ("loses the turn",)  # an option's name: "drawing for a draw card loses the turn"
TAKES = ("take your turn", "takes their turn", "take their turn")
MUST = {"must play it": True, "You must:": True, "may play it": False}
NEXT = {
    "you play again": "you",
    "it is your turn again": "you",
    "You do:": "you",
    "the other player plays next": "other",
    "continues from you": "after you",
    "continues from the player who jumped in": "after you",
    "and the other plays again": "other",
}
# What a sentence claims beyond counts and turns, as the facts a scenario names in
# ``Seen.holds``: a claim is checked where the scenario asked the engine about its facts.
CLAIMS = {
    "colour named stands": ("colour_stands",),
    "a challenge always fails here": ("always_fails",),
    "challenge succeeds the challenger takes their turn": ("turn_after_success",),
    "takes their turn if the challenge succeeds": ("turn_after_success",),
    "if it fails they miss their turn": ("misses_after_failure",),
    "misses it if it fails": ("misses_after_failure",),
    "unless they drew the rest of a stack": ("misses_after_the_rest",),
    "Any other Wild Draw Four, whatever colour was named": ("any_wd4_is_a_copy",),
    "only when a Wild Draw Four may be played": ("wd4_rule_applies",),
    "and you name the colour": ("jumper_names_colour",),
    "a Skip makes them miss their turn": ("skip_first_misses",),
    "draw two cards before they take their turn": ("two_first_keeps_turn",),
    "a Reverse makes the dealer play first, to the right": ("reverse_dealer_first_right",),
    "a Reverse makes the dealer play first, to the left": ("reverse_dealer_first_left",),
    "It is buried in the deck and another card is turned up": ("action_buried",),
    "player to the dealer's left plays first": ("left_plays_first",),
    "player to the dealer's right plays first": ("right_plays_first",),
    "play goes to the left": ("play_goes_left",),
    "play goes clockwise (to the left)": ("play_goes_left",),
    "play goes to the right": ("play_goes_right",),
    "play goes counterclockwise (to the right)": ("play_goes_right",),
    "deal one seat to the left": ("deal_passes_left",),
    "deal passes one seat to the right": ("deal_passes_right",),
    "discard pile, except its top card, to make a new draw pile": ("reshuffled_but_top",),
    "As you play your second-to-last card": ("uno_at_second_to_last",),
    # A wrong challenge's cards "instead of four" say they are not just the four.
    "instead of four": ("not_just_the_four",),
    "instead of their four": ("not_just_the_four",),
    "instead of the last Wild Draw Four's four": ("not_just_the_four",),
    "works on the first player": ("all_act_on_first_player",),
    "a Skip makes the first player miss their turn": ("skip_first_misses",),
    "the round does not end": ("round_goes_on",),
    "Anyone who is dealt a single card must call UNO at once": ("uno_after_deal",),
    "play it on any card and choose the colour": ("plays_as_wild",),
}
# What another option adds that a sentence must not leave out: where a scenario finds the
# fact held, the sentence says one of these (the answer about two players' draw cards,
# under stacking, says the other player may answer the draw card instead of drawing it).
SILENT = {
    "other_may_answer": ("answer it with a draw card of their own",),
}


def numbers(sentence: str) -> set[int]:
    found = set()
    for pattern in COUNTS:
        for match in pattern.finditer(sentence):
            if match[0] == "no card":  # "no card of the current colour": not a count
                continue
            if sentence[: match.start()].endswith(HELD):  # cards held, not drawn
                continue
            word = match[1]
            found.add(WORDS[word] if word in WORDS else int(word))
    return found


def says_misses(sentence: str) -> bool | None:
    misses = any(p in sentence for p in MISSES)
    takes = any(p in sentence for p in TAKES)
    return None if misses == takes else misses


def disagreements(verdict: str, sentence: str, seen: Seen) -> list[str]:
    """What the answer says that the engine did not do."""
    found = []
    if seen.verdict is not None and verdict in (YES, NO) and (verdict == YES) != seen.verdict:
        found.append(f"says {verdict}, the engine {'did' if seen.verdict else 'did not'}")
    quoted = numbers(sentence)
    if not quoted <= seen.cards:
        found.append(f"quotes {sorted(quoted)} cards, the engine: {sorted(seen.cards)}")
    misses = says_misses(sentence)
    if misses is not None and seen.misses is not None and misses != seen.misses:
        found.append("says the turn is " + ("lost" if misses else "kept") + ", the engine not")
    must = {m for phrase, m in MUST.items() if phrase in sentence}
    if seen.must is not None and must and must != {seen.must}:
        engine = "must" if seen.must else "may"
        found.append(f"says the drawn card {'must' if True in must else 'may'}; engine: {engine}")
    roles = {role for phrase, role in NEXT.items() if phrase in sentence}
    if seen.next and not roles <= seen.next:
        found.append(f"says {sorted(roles)} play next, the engine: {sorted(seen.next)}")
    held = dict(seen.holds)
    for phrase, facts in CLAIMS.items():
        if phrase in sentence:
            found += [f"says {fact}, the engine not" for fact in facts if held.get(fact) is False]
    for fact, phrases in SILENT.items():
        if held.get(fact) and not any(p in sentence for p in phrases):
            found.append(f"is silent that {fact}, as the engine does")
    return found


# --- The rule sets -------------------------------------------------------------------

TABLES = ((2, "none"), (3, "none"), (4, "none"), (4, "pairs"))  # players, teams
DRAW_OPTIONS = {
    **{o.key: [False, True] for o in opts.OPTIONS if o.key.startswith("stack_")},
    "wild_draw_four_challenge": [True, False],
    "draw_card_skips_turn": [True, False],
    "draw_rule": ["draw_one", "draw_until_playable"],
    "wild_draw_four_rule": list(opts.BY_KEY["wild_draw_four_rule"].values()),
}


def players_for(options: dict) -> tuple[int, ...]:
    """Pairs need an even number of players, 4 to 10; without them 2, 3 and 4 play."""
    return (4,) if options["teams"] == "pairs" else (2, 3, 4)


def rule_sets() -> list[tuple[dict, int]]:
    """(options, players): the covering set and the presets, then the draw cards' product."""
    found = [(o, n) for o in [*every_pair(), *(p.options for p in PRESETS)] for n in players_for(o)]
    scorings = opts.BY_KEY["scoring"].values()
    for values in itertools.product(*DRAW_OPTIONS.values()):
        for (players, teams), scoring in itertools.product(TABLES, scorings):
            options = {**opts.official(), **dict(zip(DRAW_OPTIONS, values, strict=True))}
            found.append(({**options, "teams": teams, "scoring": scoring}, players))
    return found


def house(options: dict) -> str:
    """The rule set in a failure message: what it plays differently from official."""
    official = opts.official()
    changed = [f"{k}={v}" for k, v in options.items() if official[k] != v]
    return ", ".join(changed) or "official"


@functools.cache
def seen(question_id: str, rules: Rules, players: int) -> Seen:
    return SCENARIOS[question_id](rules, players)


@functools.cache
def disagreements_in(verdict: str, sentence: str, seen: Seen) -> tuple[str, ...]:
    return tuple(disagreements(verdict, sentence, seen))


def check_every_answer() -> tuple[int, list[str]]:
    """(pairs checked, the disagreements in words)."""
    questions = [q for q in QUESTIONS if q.id in SCENARIOS]
    checked, problems = 0, []
    with translation.override("en"):
        for options, players in rule_sets():
            rules = Rules.from_options(options)
            for q in questions:
                if not q.asked(options):
                    continue
                checked += 1
                verdict, sentence = q.reply(options)
                found = disagreements_in(verdict, sentence, seen(q.id, rules, players))
                if found:
                    problems.append(
                        f"{q.id}, {players} players, {house(options)}:\n"
                        f"  {sentence!r}\n  " + "; ".join(found)
                    )
    return checked, problems


def test_every_answer_agrees_with_the_engine():
    checked, problems = check_every_answer()
    print(f"{checked} (rule set, question) pairs checked")
    assert checked >= PAIRS_FLOOR
    assert not problems, f"{len(problems)} answers disagree with the engine:\n" + "\n".join(
        problems[:30]
    )


def test_every_scenario_is_a_question_of_the_page():
    assert set(SCENARIOS) <= {q.id for q in QUESTIONS}


def test_the_sentence_parser_reads_counts_turns_and_who_plays_next():
    assert numbers("You draw two cards, or the whole total, and miss your turn.") == {2}
    assert numbers("the next player draws two, and a Wild Draw Four's four") == {2}
    assert numbers("they draw 4 cards and you draw no cards; 1 card") == {4, 0, 1}
    assert numbers("when you hold no card you can play") == set()
    assert numbers("Whoever is left holding one card calls UNO, or draws two.") == {2}
    assert says_misses("You draw four cards, then take your turn.") is False
    assert says_misses("You draw and miss your turn.") is True
    assert says_misses("A 7 is an ordinary number card.") is None
    wrong = Seen(verdict=False, cards=frozenset({8}), misses=False, next=frozenset({"other"}))
    found = disagreements(YES, "You do: you draw six cards and miss your turn.", wrong)
    assert len(found) == 4
    stood = Seen(holds=frozenset({("colour_stands", True), ("misses_after_failure", False)}))
    assert disagreements(NO, "The colour named stands either way.", stood) == []
    claims = "The colour named stands; the challenger misses it if it fails."
    assert disagreements(NO, claims, stood) == ["says misses_after_failure, the engine not"]


# The sentences the issue 38 review found on the served page, each with the rule set it
# was read under and the players: the checker must disagree with each (it did not before
# it held the summary line and what another option adds), and today's answer agrees.
OLD_SENTENCES = [
    (
        "wd4_challenge",
        {"challenge_wrong_draw": 4, "stack_draw_four_on_draw_four": True},
        3,
        "Before you draw, the player of the last Wild Draw Four shows their hand to you alone: "
        "if they broke the rule they draw 4 cards and you draw the rest of the total, and if "
        "not you draw the whole total with 4 cards counted instead of their four.",
    ),
    (
        "two_player_skip",
        {"stack_draw_two_on_draw_two": True, "stack_draw_four_on_draw_two": True},
        2,
        "You do: after a Skip the other player misses their turn, and after a draw card they "
        "draw and it is your turn again.",
    ),
    (
        "first_card_action",
        {},
        3,
        "It works on the first player: a Skip makes them miss their turn, a Draw Two makes "
        "them draw two cards and miss their turn, and a Reverse makes the dealer play first, "
        "to the right.",
    ),
]


def test_the_old_sentences_disagree_and_the_new_ones_agree():
    by_id = {q.id: q for q in QUESTIONS}
    with translation.override("en"):
        for question_id, changed, players, old in OLD_SENTENCES:
            options = {**opts.official(), **changed}
            now = seen(question_id, Rules.from_options(options), players)
            assert disagreements(YES, old, now), question_id
            verdict, sentence = by_id[question_id].reply(options)
            assert sentence != old
            assert not disagreements(verdict, sentence, now), (question_id, sentence)


def test_a_draw_card_with_two_players_under_stacking_says_it_may_be_answered():
    two_on_two = {**opts.official(), "stack_draw_two_on_draw_two": True}
    by_id = {q.id: q for q in QUESTIONS}
    with translation.override("en"):
        for skips in (True, False):
            options = {**two_on_two, "draw_card_skips_turn": skips}
            _verdict, sentence = by_id["two_player_skip"].reply(options)
            assert "unless they answer it with a draw card of their own" in sentence
            held = dict(seen("two_player_skip", Rules.from_options(options), 2).holds)
            assert held["other_may_answer"] is True
        held = dict(seen("two_player_skip", Rules.from_options(opts.official()), 2).holds)
        assert held["other_may_answer"] is False
