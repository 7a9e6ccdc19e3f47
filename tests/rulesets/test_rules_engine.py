"""Every rule sentence of the rules page that a table can test, held against the engine.

The answers are checked in tests/rulesets/test_answers_engine.py; this is the same check
for the page's rules: for each rule set of the same covering set and each rule shown on its
page (domain/reference/page.py's ``sections``) that has a scenario
(tests/engine_scenarios/rule_scenarios.py), the engine plays the position the rule speaks
of, and the rule's English sentence must agree with what it did: every number of cards it quotes,
"misses their turn" against "takes their turn", who plays next, and, for a rule that says
one fixed thing, that the engine does it. Pure: no database.
"""

from __future__ import annotations

import functools

from django.utils import translation

from domain import options as opts
from domain.options import BY_KEY
from domain.reference import BASE, YES, build, in_sentence, sections
from engine.rules import Rules
from tests.engine_scenarios.rule_scenarios import RULE_SCENARIOS
from tests.engine_scenarios.seen import Seen
from tests.rulesets.test_answers_engine import disagreements_in, house, rule_sets

# The (rule set, rule) pairs checked in one run are at least this many (the test prints the
# exact count): the check cannot silently check nothing.
PAIRS_FLOOR = 70_000


@functools.cache
def seen(rule_id: str, rules: Rules, players: int) -> Seen:
    return RULE_SCENARIOS[rule_id](rules, players)


def check_every_rule() -> tuple[int, list[str], set[str]]:
    """(pairs checked, the disagreements in words, the rule ids checked)."""
    checked, problems, ids = 0, [], set()
    with translation.override("en"):
        for options, players in rule_sets():
            rules = Rules.from_options(options)
            for section in sections(options):
                for r in section.rules:
                    if r.id not in RULE_SCENARIOS:
                        continue
                    checked += 1
                    ids.add(r.id)
                    found = disagreements_in(YES, r.text, seen(r.id, rules, players))
                    if found:
                        problems.append(
                            f"{r.id}, {players} players, {house(options)}:\n"
                            f"  {r.text!r}\n  " + "; ".join(found)
                        )
    return checked, problems, ids


def test_every_rule_agrees_with_the_engine():
    checked, problems, ids = check_every_rule()
    print(f"{checked} (rule set, rule) pairs checked, of {len(ids)} rules")
    assert checked >= PAIRS_FLOOR
    assert ids == set(RULE_SCENARIOS), f"never shown: {sorted(set(RULE_SCENARIOS) - ids)}"
    assert not problems, f"{len(problems)} rules disagree with the engine:\n" + "\n".join(
        problems[:30]
    )


def check_every_summary() -> tuple[int, list[str]]:
    """The summary line ("This house plays 1 rule differently: ...") names each house rule:
    (names checked, the names that say what the engine does not, in words). A name that
    reads as a rule ("drawing for a draw card loses the turn") is held against the engine
    as the rule's sentence is."""
    checked, problems = 0, []
    with translation.override("en"):
        for options, players in rule_sets():
            ref = build(options)
            rules = Rules.from_options(options)
            for r in ref.house_rules:
                name = in_sentence(r.summary_name)
                assert name in ref.summary, (name, ref.summary)
                if r.id not in RULE_SCENARIOS:
                    continue
                checked += 1
                found = disagreements_in(YES, name, seen(r.id, rules, players))
                if found:
                    problems.append(
                        f"{r.id}, {players} players, {house(options)}:\n"
                        f"  {ref.summary!r}\n  " + "; ".join(found)
                    )
    return checked, problems


def test_the_summary_line_agrees_with_the_engine():
    checked, problems = check_every_summary()
    print(f"{checked} names of house rules in the summary line checked")
    assert checked >= 10_000
    assert not problems, f"{len(problems)} summary lines disagree:\n" + "\n".join(problems[:30])


def test_the_old_summary_line_disagrees_with_the_engine():
    """Read as the house's rule, the option's label said the opposite of a house where
    drawing for a draw card does not lose the turn; its name in the summary line says
    nothing either way."""
    house_rules = {**opts.official(), "draw_card_skips_turn": False}
    with translation.override("en"):
        ref = build(house_rules)
        old = "This house plays 1 rule differently: drawing for a draw card loses the turn."
        now = seen("draw_card_skips_turn", Rules.from_options(house_rules), 3)
        assert disagreements_in(YES, old, now)
        assert ref.summary == "This house plays 1 rule differently: the turn after a draw card."
        assert not disagreements_in(YES, ref.summary, now)


def test_a_wrong_challenge_of_four_cards_says_just_the_four():
    """challenge_wrong_draw = 4: "4 cards in all, instead of four" said nothing; the rule
    says the challenger draws just the four, and the old sentence disagrees."""
    fours = {**opts.official(), "challenge_wrong_draw": 4}
    old = (
        "If the challenge fails (the Wild Draw Four was played fairly), the challenger draws "
        "4 cards in all, instead of four, and misses their turn."
    )
    with translation.override("en"):
        now = seen("challenge_wrong_draw", Rules.from_options(fours), 3)
        assert disagreements_in(YES, old, now)
        text = BY_KEY["challenge_wrong_draw"].text(4, fours)
        assert "instead of" not in text and "just the four cards" in text
        assert not disagreements_in(YES, text, now)
        stacked = {**fours, "stack_draw_four_on_draw_four": True}
        text = BY_KEY["challenge_wrong_draw"].text(4, stacked)
        assert text.endswith("draws the whole total, no more, and misses their turn.")
        old = text.replace(
            "no more", "counting 4 cards instead of four for the last Wild Draw Four"
        )
        now = seen("challenge_wrong_draw", Rules.from_options(stacked), 3)
        assert disagreements_in(YES, old, now) and not disagreements_in(YES, text, now)


def test_the_first_card_rule_does_not_say_a_reverse_works_on_the_first_player():
    official = opts.official()
    old = (
        "If the first card turned up is a Skip, Reverse or Draw Two, it works on the first "
        "player: a Skip makes them miss their turn, a Draw Two makes them draw two cards and "
        "miss their turn, and a Reverse makes the dealer play first, with play going the other "
        "way (to the right)."
    )
    with translation.override("en"):
        now = seen("first_card_action", Rules.from_options(official), 3)
        assert disagreements_in(YES, old, now)
        text = BY_KEY["first_card_action"].text("apply", official)
        assert not disagreements_in(YES, text, now)


def test_every_rule_scenario_is_a_rule_of_the_page():
    assert set(RULE_SCENARIOS) <= set(BASE) | set(BY_KEY)


def test_a_rule_read_for_other_options_disagrees_with_the_engine():
    """The check can fail: each sentence held against the engine of the other value."""
    official = opts.official()
    with translation.override("en"):
        for key in ("draw_card_skips_turn", "two_player_reverse_skips"):
            text = BY_KEY[key].text(not official[key], official)
            found = disagreements_in(YES, text, seen(key, Rules.from_options(official), 3))
            assert found, key
        stacking = {**official, "stack_draw_two_on_draw_two": True}
        lost = {**stacking, "draw_card_skips_turn": False}
        text = BASE["base.two_players_stacking"].text(lost)
        assert disagreements_in(
            YES, text, seen("base.two_players_stacking", Rules.from_options(stacking), 2)
        )
        jumping = {**official, "jump_in": True}
        both = {**jumping, "stack_draw_two_on_draw_two": True, "stack_draw_four_on_draw_four": True}
        text = BY_KEY["jump_in"].text(True, jumping)  # only the jumper's card counts
        assert disagreements_in(YES, text, seen("jump_in", Rules.from_options(both), 3))
