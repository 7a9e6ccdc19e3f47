"""The positions the rules page's own sentences speak of, played by the engine.

scenarios.py plays the "Can I ...?" questions; this module plays the rules of the
page itself (domain/reference/base.py's base rules and the option texts of
domain/options/), under the rule's id, where a sentence states what a table can test:
a number of cards drawn, a turn missed or taken, who plays next; and, for a rule that
says one fixed thing ("you swap hands once only"), whether the engine does it
(``Seen.verdict``, True when it does: a rule's sentence is always a yes).

Most of them sit where two options meet: a draw card and draw_card_skips_turn, stacking
and the challenge, two players and Reverse, Skip or stacking, the first card turned up
and the draw rules, several 7s or 0s laid together, jumping in with a Wild Draw Four.
tests/rulesets/test_rules_engine.py holds the rule sentences against them for many rule sets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.cards import DECK, DRAW_TWO, REVERSE, SKIP, W4, W, card
from engine.rules import ANY, ANYTIME, NO_ACTION_OR_WILD, NO_MATCHING_COLOUR, NO_WILD, Rules
from tests.engine_scenarios import deck_scenarios
from tests.engine_scenarios.ask import TURN, Facts, Position, after, may_play
from tests.engine_scenarios.deal_scenarios import blue_nine_instead, dealt, turns_up
from tests.engine_scenarios.scenarios import SCENARIOS, jumps_in, pile_to
from tests.engine_scenarios.seen import (
    BLUE,
    GREEN,
    OTHERS,
    RED,
    RED_3,
    YELLOW,
    Scenario,
    Seen,
    direction,
    drew,
    holding,
    next_seat,
    role,
    table,
)

RULE_SCENARIOS: dict[str, Scenario] = {}  # rule id (base rule or option key) -> its scenario


def rule(rule_id: str):
    def register(play: Scenario) -> Scenario:
        RULE_SCENARIOS[rule_id] = play
        return play

    return register


def counts_only(question_id: str) -> Scenario:
    """A question's scenario for a rule's sentence: what it saw but its yes or no (a rule's
    text may say either, for the value chosen)."""
    return lambda rules, players: replace(SCENARIOS[question_id](rules, players), verdict=None)


# The stacking options' texts: "you draw two", "you draw four, or the whole total".
for _key, _question in (
    ("stack_draw_two_on_draw_two", "stack_d2_on_d2"),
    ("stack_draw_four_on_draw_four", "stack_wd4_on_wd4"),
    ("stack_draw_four_on_draw_two", "stack_wd4_on_d2"),
    ("stack_draw_two_on_draw_four", "stack_d2_on_wd4"),
):
    RULE_SCENARIOS[_key] = counts_only(_question)
RULE_SCENARIOS["two_player_reverse_skips"] = counts_only("two_player_reverse")
RULE_SCENARIOS["uno_penalty"] = counts_only("uno_forget")  # "you draw two cards"
RULE_SCENARIOS["drawn_card"] = counts_only("play_drawn")  # "you must play it", "may"
RULE_SCENARIOS["draw_rule"] = counts_only("draw_until")  # "draw one card"
# Rules that say what a question's answer says: its facts, and its yes where it has one.
for _key, _question in (
    ("first_card_wild", "first_card_wild"),
    ("direction", "who_deals"),
    ("hand_size", "hand_size"),
    ("base.reshuffle", "draw_pile_empty"),
):
    RULE_SCENARIOS[_key] = SCENARIOS[_question]

INNOCENT = (W4, card(GREEN, 8), card(BLUE, 9))  # nothing to play on a red 3 but the W4


def played_on_next(rules: Rules, players: int, c: int, hand: tuple[int, ...]) -> Facts:
    """Seat 0 plays draw card c from ``hand`` on a red 3; the next player cannot answer."""
    return after(rules, table(players, hand, top=RED_3), c)


def draw_card(rules: Rules, players: int, c: int, hand: tuple[int, ...]) -> Seen:
    facts = played_on_next(rules, players, c, hand)
    return Seen(cards=drew(facts), misses=next_seat(rules, players) in facts.lost_turn)


@rule("base.draw_two")
def _draw_two(rules: Rules, players: int) -> Seen:
    d2 = card(RED, DRAW_TWO)
    return draw_card(rules, players, d2, (d2, card(GREEN, 8)))


@rule("base.wild_draw_four")
def _wild_draw_four(rules: Rules, players: int) -> Seen:
    return draw_card(rules, players, W4, INNOCENT)


@rule("base.skip")
def _skip(rules: Rules, players: int) -> Seen:
    """Three players at least (with two, base.two_players)."""
    players = max(players, 3)
    facts = after(
        rules, table(players, (card(RED, SKIP), card(GREEN, 8)), top=RED_3), card(RED, SKIP)
    )
    skipped = next_seat(rules, players)
    return Seen(misses=facts.next != skipped and not facts.played_by(skipped))


@rule("base.reverse")
def _reverse(rules: Rules, players: int) -> Seen:
    players = max(players, 3)
    position = table(players, (card(RED, REVERSE), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, REVERSE))
    return Seen(
        facts.direction == -direction(rules) and facts.next == (-direction(rules)) % players
    )


@rule("base.going_out_action")
def _going_out_action(rules: Rules, players: int) -> Seen:
    """Seat 0 goes out on a Draw Two: the next player still draws its two."""
    d2 = card(RED, DRAW_TWO)
    facts = after(rules, table(players, (d2,), top=RED_3), d2)
    return Seen(facts.went_out == 0 and facts.drew[next_seat(rules, players)] == 2)


@rule("draw_card_skips_turn")
def _draw_card_skips_turn(rules: Rules, players: int) -> Seen:
    """Both draw cards: whoever draws for either misses their turn, or neither does."""
    two, four = _draw_two(rules, players), _wild_draw_four(rules, players)
    return Seen(two.misses == four.misses, two.cards | four.cards, misses=two.misses)


@rule("base.two_players")
def _two_players(rules: Rules, players: int) -> Seen:
    """Two players: a Skip, a Draw Two and a Wild Draw Four, each played by seat 0."""
    skip = after(rules, table(2, (card(RED, SKIP), card(GREEN, 8)), top=RED_3), card(RED, SKIP))
    d2 = card(RED, DRAW_TWO)
    two = played_on_next(rules, 2, d2, (d2, card(GREEN, 8)))
    four = played_on_next(rules, 2, W4, INNOCENT)
    return Seen(
        two.lost_turn == four.lost_turn,
        drew(two) | drew(four),
        misses=1 in two.lost_turn,
        next=frozenset(role(f, 0, 2) for f in (skip, two, four)),
    )


def a_stack(rules: Rules) -> tuple[int, int, tuple[int, ...]]:
    """A stack the rules allow: (the first card played, the answer, the answering hand)."""
    red_d2, blue_d2 = card(RED, DRAW_TWO), card(BLUE, DRAW_TWO)
    if rules.stack_two_on_two:
        return red_d2, blue_d2, (blue_d2, *OTHERS)
    if rules.stack_four_on_two:
        return red_d2, W4, (W4, card(GREEN, 8), card(BLUE, 9))
    if rules.stack_four_on_four:
        return W4, W4, (W4, card(YELLOW, 8), card(BLUE, 9))  # seat 0 names green
    return W4, card(GREEN, DRAW_TWO), (card(GREEN, DRAW_TWO), card(GREEN, 7))


def stacked(rules: Rules, players: int) -> tuple[Facts, int]:
    """Seat 0 plays a draw card, the next player answers it, and whoever follows cannot:
    (what happened, the seat that drew the total). Seat 0 names green with a Wild Draw
    Four (it holds green)."""
    first, answer, answering = a_stack(rules)
    you = (first, card(GREEN, 5), card(GREEN, 6))
    hands: list[tuple[int, ...]] = [you, *([OTHERS] * (players - 1))]
    nxt = next_seat(rules, players)
    hands[nxt] = answering
    if players == 2:
        hands[0] = (*you, card(YELLOW, 4))  # nothing to answer with, when it comes back
    facts = after(rules, Position(hands=tuple(hands), top=RED_3), first, {"stack": 1.0})
    return facts, (nxt + direction(rules)) % players


@rule("base.stacking")
def _stacking(rules: Rules, players: int) -> Seen:
    """A stack of two cards, and who draws it. Where a Wild Draw Four may answer: it is
    judged against the colour in play (red), and, on another, its player names the colour
    (the one they hold, yellow or blue; not the green named before)."""
    facts, drawer = stacked(rules, players)
    follows = True
    if rules.stack_four_on_two or rules.stack_four_on_four:
        top, pending = (card(RED, DRAW_TWO), 2) if rules.stack_four_on_two else (W4, 4)
        fair = table(players, (W4, card(GREEN, 8), card(BLUE, 9)), top=top, colour=RED)
        guilty = replace(fair, hands=((W4, card(RED, 5), card(GREEN, 8)), *fair.hands[1:]))
        follows = may_play(rules, replace(fair, pending=pending), W4)
        if rules.wd4_rule != ANYTIME:  # under anytime, no Wild Draw Four breaks its rule
            follows = follows and not may_play(rules, replace(guilty, pending=pending), W4)
    if rules.stack_four_on_four and not rules.stack_four_on_two and not rules.stack_two_on_two:
        follows = follows and facts.colour in (YELLOW, BLUE)  # seat 0 named green
    answered = [seat for seat, _ in facts.played] == [0, next_seat(rules, players)]
    return Seen(answered and follows, drew(facts), misses=drawer in facts.lost_turn)


@rule("base.two_players_stacking")
def _two_players_stacking(rules: Rules, players: int) -> Seen:
    """The stack comes back to seat 0, who cannot answer and draws the total."""
    facts, drawer = stacked(rules, 2)
    return Seen(
        len(facts.played) == 2 and drawer == 0,
        drew(facts),
        misses=0 in facts.lost_turn,
        next=frozenset({role(facts, 0, 2)}),
    )


def guilty_last(rules: Rules, players: int) -> tuple[Facts, int, int, int]:
    """A stack whose last Wild Draw Four is played against its rule (the one before it, if
    any, was not), challenged by the player who must draw the total: (what happened, who
    played that Wild Draw Four, the challenger, what came before it). Seat 0 plays a red
    Draw Two, or a Wild Draw Four from a hand without red (legal); the next player answers
    with a Wild Draw Four while holding the colour in play."""
    first = card(RED, DRAW_TWO) if rules.stack_four_on_two else W4
    you = (first, card(GREEN, 5), card(GREEN, 6)) if first != W4 else INNOCENT
    hands: list[tuple[int, ...]] = [you, *([OTHERS] * (players - 1))]
    nxt = next_seat(rules, players)
    hands[nxt] = (W4, card(RED, 5), card(GREEN, 7), card(BLUE, 7))
    position = Position(hands=tuple(hands), top=RED_3)
    facts = after(
        rules, position, first, {"stack": 1.0, "bluff": 1.0, "challenge": 1.0, "hopeless": 1.0}
    )
    return facts, nxt, (nxt + direction(rules)) % players, 2 if first != W4 else 4


@rule("base.stack_challenge")
def _stack_challenge(rules: Rules, players: int) -> Seen:
    """The challenge judges the last Wild Draw Four: its player alone pays."""
    facts, accused, challenger, before = guilty_last(rules, players)
    judged_last = facts.drew[accused] == rules.guilty_draw and facts.drew[challenger] == before
    return Seen(judged_last and facts.challenges == 1)


def challenged(rules: Rules, players: int, hand: tuple[int, ...]) -> tuple[Facts, int]:
    """Seat 0 plays a Wild Draw Four from ``hand`` on a red 3; the next player challenges."""
    facts = after(rules, table(players, hand, top=RED_3), W4, {"challenge": 1.0, "hopeless": 1.0})
    return facts, next_seat(rules, players)


@rule("challenge_guilty_draw")
def _challenge_guilty_draw(rules: Rules, players: int) -> Seen:
    """A Wild Draw Four played holding red, challenged; and in a stack, where one may be."""
    facts, challenger = challenged(rules, players, (W4, card(RED, 5), card(GREEN, 8)))
    cards = {facts.drew[0], facts.drew[challenger]}
    if rules.stack_four_on_two or rules.stack_four_on_four:
        in_stack, accused, stack_challenger, _ = guilty_last(rules, players)
        cards |= {in_stack.drew[accused], in_stack.drew[stack_challenger]}
    return Seen(cards=frozenset(cards), misses=challenger in facts.lost_turn)


@rule("challenge_wrong_draw")
def _challenge_wrong_draw(rules: Rules, players: int) -> Seen:
    """A fair Wild Draw Four challenged: what the challenger draws, and the four its
    penalty replaces (the total and the penalty less what they drew); in a stack too, where
    a Wild Draw Four may end one (a Draw Two or a Wild Draw Four before it)."""
    facts, challenger = challenged(rules, players, INNOCENT)
    drawn = facts.drew[challenger]
    cards = {drawn, 4 + rules.wrong_draw - drawn} if facts.challenges else {drawn}
    # Whether the wrong challenge costs other than the four cards drawn without one.
    not_four = [drawn != 4] if facts.challenges else []
    if rules.stack_four_on_two or rules.stack_four_on_four:
        total = 6 if rules.stack_four_on_two else 8
        position = table(players, (card(GREEN, 5),), top=W4, colour=RED, pending=total)
        in_stack = after(rules, position, TURN, {"challenge": 1.0, "hopeless": 1.0})
        if in_stack.challenges:
            cards |= {in_stack.drew[0], total + rules.wrong_draw - in_stack.drew[0]}
            not_four.append(in_stack.drew[0] != total)
    holds = holding(not_just_the_four=all(not_four)) if not_four else frozenset()
    return Seen(cards=frozenset(cards), misses=challenger in facts.lost_turn, holds=holds)


def distinct_others(players: int, you: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Seat 0 holds ``you``; every other seat a hand of its own (nothing to play)."""
    return (you, *((card(YELLOW, 1), card(GREEN, 1 + seat)) for seat in range(1, players)))


@rule("base.several_sevens")
def _several_sevens(rules: Rules, players: int) -> Seen:
    """Seat 0 lays two 7s together and chooses the player before them (with three players
    or more, not the one the strategy would pick): one swap, with that player only."""
    before = distinct_others(players, (card(RED, 7), card(BLUE, 7), card(GREEN, 8)))
    chosen = -direction(rules) % players
    position = Position(hands=before, top=RED_3, swap_with=chosen)
    facts = after(rules, position, card(RED, 7))
    swapped = [*before]
    swapped[0], swapped[chosen] = before[chosen], (card(GREEN, 8),)
    return Seen(facts.hands == tuple(swapped))


def goes_out_on(rules: Rules, players: int, c: int) -> bool:
    """Seat 0 goes out on number card c: nobody's hand moves."""
    facts = after(rules, table(players, (c,), top=RED_3), c)
    return facts.went_out == 0 and facts.hands[1:] == (OTHERS,) * (players - 1)


@rule("seven_swap")
def _seven_swap(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a 7 and chooses the player before them: that player's hand and theirs
    change places, or no hand moves; and a 7 as the last card goes out."""
    c = card(RED, 7)
    before = distinct_others(players, (c, card(GREEN, 8)))
    chosen = -direction(rules) % players
    facts = after(rules, Position(hands=before, top=RED_3, swap_with=chosen), c)
    played = ((card(GREEN, 8),), *before[1:])
    if not rules.seven_swap:
        return Seen(facts.hands == played)
    swapped = list(played)
    swapped[0], swapped[chosen] = played[chosen], played[0]
    return Seen(facts.hands == tuple(swapped) and goes_out_on(rules, players, c))


@rule("zero_rotate")
def _zero_rotate(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a 0: every hand passes one seat on in the direction of play, or none
    moves; and a 0 as the last card goes out."""
    c = card(RED, 0)
    before = distinct_others(players, (c, card(GREEN, 8)))
    facts = after(rules, Position(hands=before, top=RED_3), c)
    played = ((card(GREEN, 8),), *before[1:])
    if not rules.zero_rotate:
        return Seen(facts.hands == played)
    d = facts.direction
    passed = all(facts.hands[(seat + d) % players] == played[seat] for seat in range(players))
    return Seen(passed and goes_out_on(rules, players, c))


@rule("base.several_zeros")
def _several_zeros(rules: Rules, players: int) -> Seen:
    """Seat 0 lays two 0s together: every hand passes on once, one seat along."""
    before = distinct_others(players, (card(RED, 0), card(BLUE, 0), card(GREEN, 8)))
    facts = after(rules, Position(hands=before, top=RED_3), card(RED, 0))
    d, left = facts.direction, ((card(GREEN, 8),), *before[1:])
    return Seen(all(facts.hands[(seat + d) % players] == left[seat] for seat in range(players)))


# --- The cards and the piles ------------------------------------------------------------


@rule("base.deck")
def _deck(rules: Rules, players: int) -> Seen:
    """The engine's deck: in each colour one 0 and two of every other number and action
    card; four of each wild card."""
    count = Counter(DECK)
    colours = all(
        count[card(colour, value)] == (1 if value == 0 else 2)
        for colour in range(4)
        for value in (*range(10), SKIP, REVERSE, DRAW_TWO)
    )
    return Seen(colours and count[W] == count[W4] == 4, frozenset({len(DECK)}))


@rule("base.piles")
def _piles(rules: Rules, players: int) -> Seen:
    """After the deal: one card turned up, the rest of the deck the draw pile."""
    s = dealt(rules, players)
    rest = len(DECK) - players * rules.hand_size - 1
    return Seen(len(s.discard) == 1 and len(s.pile) == rest)


@rule("base.next_player")
def _next_player(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a red 5; or draws, nothing in hand to play (a red 9 drawn, after two
    cards that cannot be played): either way the next player in the direction of play."""
    played = after(rules, table(players, (card(RED, 5), card(GREEN, 8)), top=RED_3), card(RED, 5))
    pile = pile_to(card(RED, 9), 2)
    drawn = after(rules, table(players, (card(BLUE, 7), card(GREEN, 8)), top=RED_3, pile=pile))
    return Seen(played.next == drawn.next == next_seat(rules, players))


# --- What may be played ----------------------------------------------------------------


def playable(
    rules: Rules, players: int, c: int, others: tuple[int, ...] = OTHERS[:1], **position
) -> bool:
    """May seat 0, holding c and ``others`` (a yellow 1 unless told: c is not their last
    card), play c (on a red 3 unless told)?"""
    return may_play(rules, table(players, (c, *others), **({"top": RED_3} | position)), c)


@rule("base.match")
def _match(rules: Rules, players: int) -> Seen:
    """By colour, number and symbol; a Wild, and a Wild Draw Four from a hand without red."""
    return Seen(
        playable(rules, players, card(RED, 5))
        and playable(rules, players, card(BLUE, 3))
        and playable(rules, players, card(BLUE, SKIP), top=card(RED, SKIP))
        and not playable(rules, players, card(GREEN, 8))
        and playable(rules, players, W, (card(RED, 5),))
        and playable(rules, players, W4, (card(GREEN, 8),))
    )


@rule("base.wild")
def _wild(rules: Rules, players: int) -> Seen:
    """A Wild held with a red 5 and a blue 6, on a red 3 and on a blue Skip; its player
    names the colour they hold most of (the current one, red, is fine)."""
    hand = (W, card(RED, 5), card(RED, 6), card(BLUE, 6))
    on_skip = playable(rules, players, W, hand[1:], top=card(BLUE, SKIP))
    facts = after(rules, table(players, hand, top=RED_3), W)
    return Seen(playable(rules, players, W, hand[1:]) and on_skip and facts.colour == RED)


@rule("wild_draw_four_rule")
def _wild_draw_four_rule(rules: Rules, players: int) -> Seen:
    """A Wild Draw Four on a red 3 beside a red card, a blue 3 (a match by number only) or a
    green 8 (nothing playable): when the rule lets it be played."""
    beside_red = playable(rules, players, W4, (card(RED, 5),))
    beside_number = playable(rules, players, W4, (card(BLUE, 3),))
    beside_nothing = playable(rules, players, W4, (card(GREEN, 8),))
    if rules.wd4_rule == ANYTIME:
        return Seen(beside_red and beside_number and beside_nothing)
    number_counts = rules.wd4_rule != NO_MATCHING_COLOUR
    return Seen(not beside_red and beside_number != number_counts and beside_nothing)


@rule("wild_draw_four_challenge")
def _wild_draw_four_challenge(rules: Rules, players: int) -> Seen:
    """A Wild Draw Four played against its rule (holding red): challenged when it may be,
    the colour named standing; and, unchallenged, the next player draws its four."""
    guilty = (W4, card(RED, 5), card(GREEN, 8))
    position = table(players, guilty, top=RED_3)
    challenged = after(rules, position, W4, {"challenge": 1.0, "hopeless": 1.0})
    unchallenged = after(rules, position, W4)
    if not rules.challenge:
        return Seen(challenged.challenges == 0)
    stands = unchallenged.drew[next_seat(rules, players)] == 4
    colour = challenged.colour == unchallenged.colour
    return Seen(challenged.challenges == 1 and stands, holds=holding(colour_stands=colour))


@rule("last_card")
def _last_card(rules: Rules, players: int) -> Seen:
    """Each kind of card as the last one; an only Wild that may not be played: its player
    draws (a red 9 after two cards that cannot be played) as one who cannot play."""
    lasts = (card(RED, 5), card(RED, SKIP), card(RED, REVERSE), card(RED, DRAW_TWO), W, W4)
    allowed = {
        ANY: lambda c: True,
        NO_WILD: lambda c: c not in (W, W4),
        NO_ACTION_OR_WILD: lambda c: c == card(RED, 5),
    }[rules.last_card]
    as_the_rule = all(playable(rules, players, c, ()) == allowed(c) for c in lasts)
    if rules.last_card == ANY:
        return Seen(as_the_rule)
    position = table(players, (W,), top=RED_3, pile=pile_to(card(RED, 9), 2))
    facts = after(rules, position)
    drew_as_stuck = facts.drew[0] == (3 if rules.draw_until_playable else 1)
    return Seen(as_the_rule and drew_as_stuck and facts.played_by(0)[:1] != [W])


@rule("multiple_same_number")
def _multiple_same_number(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a red 5 holding a blue 5: both laid, the blue one on top; or one."""
    position = table(players, (card(RED, 5), card(BLUE, 5), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, 5))
    if not rules.multiple_same_number:
        return Seen(facts.played_by(0) == [card(RED, 5)])
    laid = facts.played_by(0) == [card(RED, 5), card(BLUE, 5)]
    return Seen(laid and facts.colour == BLUE)


@rule("may_draw_instead_of_playing")
def _may_draw_instead(rules: Rules, players: int) -> Seen:
    """Seat 0 could play the red 5 and would rather draw: they draw only where they may."""
    position = table(players, (card(RED, 5), card(BLUE, 7)), top=RED_3)
    facts = after(rules, position, choices={"draw_instead": 1.0})
    return Seen((facts.drew[0] > 0) == rules.may_draw_instead)


# --- The first card turned up ---------------------------------------------------------


@rule("base.first_card_wd4")
def _first_card_wd4(rules: Rules, players: int) -> Seen:
    """A Wild Draw Four turned up first: the blue 9 under it is played on instead, and
    nobody draws."""
    return Seen(blue_nine_instead(*turns_up(rules, players, W4)))


@rule("first_card_action")
def _first_card_action(rules: Rules, players: int) -> Seen:
    """A Draw Two turned up first, under every draw rule: the first player draws two (they
    hold nothing to answer with), and misses their turn or not."""
    facts, first = turns_up(rules, players, card(RED, DRAW_TWO), OTHERS)
    # What the Skip, the Draw Two and the Reverse each do, as the question's answer is held.
    holds = SCENARIOS["first_card_action"](rules, players).holds
    return Seen(cards=drew(facts), misses=first in facts.lost_turn, holds=holds)


@rule("base.first_card_stack")
def _first_card_stack(rules: Rules, players: int) -> Seen:
    """A Draw Two turned up first; the first player holds a card that may answer it and
    stacks."""
    answer = card(BLUE, DRAW_TWO) if rules.stack_two_on_two else W4
    hand = (answer, card(GREEN, 8), card(BLUE, 9))
    facts, first = turns_up(rules, players, card(RED, DRAW_TWO), hand, stack=1.0)
    return Seen(answer in facts.played_by(first) and facts.drew[first] == 0)


# --- Jumping in -----------------------------------------------------------------------


@rule("jump_in")
def _jump_in(rules: Rules, players: int) -> Seen:
    """Jumping in (three players at least) on a 5: the players in between miss their turn;
    on a Draw Two and on a Wild Draw Four: the player it was aimed at draws nothing, and
    what the player after the jumper draws (nobody answers it)."""
    five, jumper = jumps_in(rules, players, card(RED, 5))
    jumped = card(RED, 5) in five.played_by(jumper)
    if not rules.jump_in:
        return Seen(not jumped)
    n, d = max(players, 3), direction(rules)
    between = d % n
    missed = not five.played_by(between) and five.next != between
    cards, aimed_at_nothing = set(), True
    for c, hand in ((card(RED, DRAW_TWO), ()), (W4, (W4, card(YELLOW, 8), card(YELLOW, 9)))):
        facts, _ = jumps_in(rules, players, c, hand)
        aimed_at_nothing &= c in facts.played_by(jumper) and facts.drew[between] == 0
        cards.add(facts.drew[(jumper + d) % n])
    return Seen(jumped and missed and aimed_at_nothing, frozenset(cards), misses=missed)


@rule("base.jump_in_challenge")
def _jump_in_challenge(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a Wild Draw Four; the seat after the next holds another, holding the
    colour named too (against the rule), and jumps in; the one who must draw challenges."""
    players = max(players, 3)
    jumper = 2 * direction(rules) % players
    hands = [INNOCENT, *([OTHERS] * (players - 1))]
    hands[jumper] = (W4, card(GREEN, 5), card(BLUE, 8))  # seat 0 names green
    choices = {"jump_in": 1.0, "bluff": 1.0, "challenge": 1.0, "hopeless": 1.0}
    facts = after(rules, Position(hands=tuple(hands), top=RED_3), W4, choices)
    return Seen(W4 in facts.played_by(jumper) and facts.drew[jumper] == rules.guilty_draw)


# The 112-card deck's own cards (deck_scenarios.py).
RULE_SCENARIOS.update(deck_scenarios.RULES)
