"""The positions the rules page's "Can I ...?" questions are about, played by the engine.

Each scenario sets up the table a question speaks of (rulesets/reference/: the question's
id) and asks engine/ask.py what happens under a rule set, for a number of players. What it
sees (``Seen``) is what the page's answer may say: the verdict, the numbers of cards, whether
the player spoken to misses their turn, who plays next. tests/rulesets/test_answers_engine.py
holds the answers to it for many rule sets.

They live on the engine's floor: the rules page (rulesets) is below the engine and cannot
ask it, so the check runs in the tests. Seat 0 is "you" unless a scenario says otherwise;
the other seats hold a few number cards they cannot play or answer with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from random import Random
from typing import Any

from engine.ask import NO_CHOICES, TURN, Facts, Position, after, dud, may_play, turned_up
from engine.cards import DECK, DRAW_TWO, REVERSE, SKIP, W4, W, card
from engine.round import deal
from engine.rules import ANYTIME, Knobs, Rules
from engine.turn import give, new_state
from play import scoring

RED, YELLOW, GREEN, BLUE = range(4)
OTHERS = (card(YELLOW, 1), card(YELLOW, 2), card(GREEN, 3))  # nothing to answer or jump in with
RED_3 = card(RED, 3)
CHOICES = {f.name for f in fields(Knobs)}  # the choices the engine's players can make


@dataclass(frozen=True)
class Seen:
    """What the engine did, in the words an answer uses."""

    verdict: bool | None = None  # the yes or no of the question; None: not a yes/no one
    cards: frozenset[int] = frozenset()  # the numbers of cards the answer may quote
    misses: bool | None = None  # the player spoken to misses their turn
    next: frozenset[str] = frozenset()  # who plays next: "you", "other", "after you"
    must: bool | None = None  # a playable drawn card must be played (keeping it is no choice)
    # Named facts the engine was asked about, and whether they held: ("colour stands", True).
    # A sentence that claims one (tests/rulesets/test_answers_engine.py's CLAIMS) must find
    # it held.
    holds: frozenset[tuple[str, bool]] = frozenset()


Scenario = Callable[[Rules, int], Seen]
SCENARIOS: dict[str, Scenario] = {}  # question id -> its scenario


def holding(**facts: bool) -> frozenset[tuple[str, bool]]:
    """The named facts of ``Seen.holds``: holding(colour_stands=True)."""
    return frozenset(facts.items())


def scenario(question_id: str) -> Callable[[Scenario], Scenario]:
    def register(play: Scenario) -> Scenario:
        SCENARIOS[question_id] = play
        return play

    return register


# --- Setting the table ----------------------------------------------------------------


def table(players: int, you: tuple[int, ...], **position: Any) -> Position:
    """Seat 0 holds ``you``, every other seat OTHERS."""
    return Position(hands=(you, *([OTHERS] * (players - 1))), **position)


def direction(rules: Rules) -> int:
    return -1 if rules.counterclockwise else 1


def next_seat(rules: Rules, players: int) -> int:
    """The seat after seat 0 in the direction of play."""
    return direction(rules) % players


def role(facts: Facts, you: int, players: int) -> str:
    """Who plays next, seen from seat ``you``: "you", "after you", or "other"."""
    if facts.next == you:
        return "you"
    if players > 2 and facts.next == (you + facts.direction) % players:
        return "after you"
    return "other"


def drew(facts: Facts, *seats: int) -> frozenset[int]:
    """The numbers of cards these seats drew (every seat that drew, when none is named)."""
    if seats:
        return frozenset(facts.drew[s] for s in seats)
    return frozenset(k for k in facts.drew if k)


def draws_for_it(rules: Rules, position: Position, verdict: bool) -> Seen:
    """Seat 0 cannot (or does not) answer the draw card played on them: they draw."""
    facts = after(rules, position, choices={})
    return Seen(verdict, drew(facts), misses=0 in facts.lost_turn)


def stacks(rules: Rules, position: Position, answer: int) -> Seen:
    """Seat 0 answers with ``answer`` if they may; otherwise they draw."""
    if not may_play(rules, position, answer):
        return draws_for_it(rules, position, False)
    return Seen(True, drew(after(rules, position, answer)))


# --- Draw cards and stacking (rulesets/reference/draws.py) ---------------------------


@scenario("stack_d2_on_d2")
def _stack_d2_on_d2(rules: Rules, players: int) -> Seen:
    you = (card(BLUE, DRAW_TWO), card(GREEN, 5), card(GREEN, 6))
    position = table(players, you, top=card(RED, DRAW_TWO), pending=2)
    return stacks(rules, position, you[0])


@scenario("stack_wd4_on_wd4")
def _stack_wd4_on_wd4(rules: Rules, players: int) -> Seen:
    you = (W4, card(GREEN, 5), card(GREEN, 6))
    return stacks(rules, table(players, you, top=W4, colour=RED, pending=4), W4)


@scenario("stack_wd4_on_d2")
def _stack_wd4_on_d2(rules: Rules, players: int) -> Seen:
    you = (W4, card(GREEN, 5), card(GREEN, 6))
    return stacks(rules, table(players, you, top=card(RED, DRAW_TWO), pending=2), W4)


@scenario("stack_d2_on_wd4")
def _stack_d2_on_wd4(rules: Rules, players: int) -> Seen:
    """A Wild Draw Four, red named; when a Wild Draw Four may answer a stack, it may have
    ended one (a Draw Two and it: six cards; two of them: eight)."""
    you = (card(RED, DRAW_TWO), card(GREEN, 5), card(GREEN, 6))
    alone = table(players, you, top=W4, colour=RED, pending=4)
    if not may_play(rules, alone, you[0]):
        return draws_for_it(rules, alone, False)
    stacked = 6 if rules.stack_four_on_two else 8 if rules.stack_four_on_four else 4
    position = table(players, you, top=W4, colour=RED, pending=stacked)
    return Seen(True, drew(after(rules, position, you[0])))


@scenario("stack_two_cards")
def _stack_two_cards(rules: Rules, players: int) -> Seen:
    """Seat 0 holds two cards that may answer the draw card on top, and stacks."""
    d2, red_d2 = card(BLUE, DRAW_TWO), card(RED, DRAW_TWO)
    if rules.stack_two_on_two:
        top, pending, two = card(RED, DRAW_TWO), 2, (d2, d2)
    elif rules.stack_four_on_four:
        top, pending, two = W4, 4, (W4, W4)
    elif rules.stack_four_on_two:
        top, pending, two = card(RED, DRAW_TWO), 2, (W4, W4)
    else:
        top, pending, two = W4, 4, (red_d2, red_d2)
    position = table(players, (*two, card(GREEN, 5)), top=top, colour=RED, pending=pending)
    facts = after(rules, position, choices={"stack": 1.0})
    return Seen(len(facts.played_by(0)) > 1)


@scenario("play_after_drawing_penalty")
def _play_after_drawing(rules: Rules, players: int) -> Seen:
    position = table(players, (card(BLUE, 5), card(GREEN, 6)), top=card(RED, DRAW_TWO), pending=2)
    facts = after(rules, position)
    return Seen(0 not in facts.lost_turn, drew(facts), misses=0 in facts.lost_turn)


# --- A turn (rulesets/reference/turns.py) ---------------------------------------------


def pile_to(playable: int, duds: int) -> tuple[int, ...]:
    """A draw pile of ``duds`` cards nobody can play on a red 3, then ``playable``, then
    more of them."""
    nothing = dud(Position(hands=(), top=RED_3))
    return (nothing,) * duds + (playable,) + (nothing,) * 10


@scenario("draw_instead")
def _draw_instead(rules: Rules, players: int) -> Seen:
    """Seat 0 could play the red 5 and would rather draw."""
    position = table(players, (card(RED, 5), card(BLUE, 7)), top=RED_3)
    facts = after(rules, position, choices={"draw_instead": 1.0})
    return Seen(facts.drew[0] > 0, drew(facts))


@scenario("play_drawn")
def _play_drawn(rules: Rules, players: int) -> Seen:
    """Seat 0 cannot play; the red 9 comes after two cards that cannot be played. Whether
    they must play it: they would rather keep it (when the engine has that choice)."""
    duds = 2 if rules.draw_until_playable else 0
    you = (card(BLUE, 7), card(GREEN, 8))
    position = table(players, you, top=RED_3, pile=pile_to(card(RED, 9), duds))
    played = card(RED, 9) in after(rules, position).played_by(0)
    must = None
    if "keep_drawn" in CHOICES:
        kept = after(rules, position, choices={"keep_drawn": 1.0})
        must = played and card(RED, 9) in kept.played_by(0)
    return Seen(played, must=must)


@scenario("draw_until")
def _draw_until(rules: Rules, players: int) -> Seen:
    you = (card(BLUE, 7), card(GREEN, 8))
    position = table(players, you, top=RED_3, pile=pile_to(card(RED, 9), 2))
    facts = after(rules, position)
    return Seen(facts.drew[0] > 1, drew(facts, 0))


@scenario("several_cards")
def _several_cards(rules: Rules, players: int) -> Seen:
    position = table(players, (card(RED, 5), card(BLUE, 5), card(GREEN, 8)), top=RED_3)
    laid = len(after(rules, position, card(RED, 5)).played_by(0))
    return Seen(laid > 1, frozenset({laid}))


def jumps_in(rules: Rules, players: int, c: int, hand: tuple[int, ...] = ()) -> tuple[Facts, int]:
    """Seat 0 plays c on their turn; the seat after the next one holds the same card (and
    ``hand``'s others, blue cards when none) and jumps in (three players at least: with two,
    the next player plays anyway)."""
    players = max(players, 3)
    jumper = 2 * direction(rules) % players
    hands: list[tuple[int, ...]] = [(c, card(GREEN, 8), card(GREEN, 9))]
    hands += [OTHERS] * (players - 1)
    hands[jumper] = hand or (c, card(BLUE, 8), card(BLUE, 9))
    position = Position(hands=tuple(hands), top=RED_3)
    return after(rules, position, c, {"jump_in": 1.0}), jumper


@scenario("jump_in")
def _jump_in(rules: Rules, players: int) -> Seen:
    facts, jumper = jumps_in(rules, players, card(RED, 5))
    jumped = card(RED, 5) in facts.played_by(jumper)
    return Seen(jumped, next=frozenset({role(facts, jumper, max(players, 3))}))


@scenario("jump_in_draw")
def _jump_in_draw(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a red Draw Two on the next player; the jumper holds another."""
    facts, jumper = jumps_in(rules, players, card(RED, DRAW_TWO))
    aimed_at = direction(rules) % max(players, 3)
    jumped = card(RED, DRAW_TWO) in facts.played_by(jumper)
    return Seen(jumped and facts.drew[aimed_at] == 0, drew(facts))


@scenario("jump_in_wd4")
def _jump_in_wd4(rules: Rules, players: int) -> Seen:
    """Seat 0 plays a Wild Draw Four and names green; the jumper holds another with yellow
    cards (fair under every rule), or with a green one (against every rule but anytime), and
    bluffs never."""
    facts, jumper = jumps_in(rules, players, W4, (W4, card(YELLOW, 8), card(YELLOW, 9)))
    copy = W4 in facts.played_by(jumper)
    against, holder = jumps_in(rules, players, W4, (W4, card(GREEN, 5), card(BLUE, 8)))
    jumps_against = W4 in against.played_by(holder)
    return Seen(
        holds=holding(
            any_wd4_is_a_copy=copy,
            wd4_rule_applies=jumps_against == (rules.wd4_rule == ANYTIME),
            jumper_names_colour=copy and facts.colour == YELLOW,
        )
    )


@scenario("jump_in_next")
def _jump_in_next(rules: Rules, players: int) -> Seen:
    facts, jumper = jumps_in(rules, players, card(RED, 5))
    between = direction(rules) % max(players, 3)
    skipped = not facts.played_by(between) and facts.next != between
    return Seen(misses=skipped, next=frozenset({role(facts, jumper, max(players, 3))}))


@scenario("wild_any_time")
def _wild_any_time(rules: Rules, players: int) -> Seen:
    return Seen(may_play(rules, table(players, (W, card(RED, 5)), top=RED_3), W))


@scenario("sevens")
def _sevens(rules: Rules, players: int) -> Seen:
    position = table(players, (card(RED, 7), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, 7))
    return Seen(facts.hands[0] != (card(GREEN, 8),))


@scenario("zeros")
def _zeros(rules: Rules, players: int) -> Seen:
    position = table(players, (card(RED, 0), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, 0))
    return Seen(facts.hands[0] != (card(GREEN, 8),))


# --- The first card turned up (rulesets/reference/dealing.py) ------------------------


def turns_up(rules: Rules, players: int, c: int) -> tuple[Facts, int]:
    """The dealer (seat 0) turns up c, a blue 9 under it; the first player holds yellow
    cards: (what happened, the first player)."""
    first = next_seat(rules, players)
    hands: list[tuple[int, ...]] = [OTHERS] * players
    hands[first] = (card(YELLOW, 8), card(YELLOW, 9))
    position = Position(hands=tuple(hands), top=RED_3, pile=(card(BLUE, 9),) * 10)
    return turned_up(rules, position, c, dealer=0), first


def blue_nine_instead(facts: Facts, first: int) -> bool:
    """The card turned up went back and the blue 9 under it is played on, by the first
    player, nobody having drawn."""
    return facts.colour == BLUE and facts.next == first and not any(facts.drew)


@scenario("first_card_wild")
def _first_card_wild(rules: Rules, players: int) -> Seen:
    """A Wild turned up first: the blue 9 under it in play instead, or the first player's
    colour (yellow); either way they take their turn, having drawn nothing."""
    facts, first = turns_up(rules, players, W)
    if rules.first_wild_redraw:
        return Seen(blue_nine_instead(facts, first), misses=facts.next != first)
    chose = facts.colour == YELLOW and facts.next == first and not any(facts.drew)
    return Seen(chose, misses=facts.next != first)


@scenario("first_card_action")
def _first_card_action(rules: Rules, players: int) -> Seen:
    """A Skip, a Draw Two and a Reverse turned up first: what each does to the first
    player (who cannot answer the Draw Two), or that each goes back for the blue 9."""
    skip, first = turns_up(rules, players, card(RED, SKIP))
    two, _ = turns_up(rules, players, card(RED, DRAW_TWO))
    back, _ = turns_up(rules, players, card(RED, REVERSE))
    if rules.first_action_redraw:
        buried = all(blue_nine_instead(f, first) for f in (skip, two, back))
        return Seen(holds=holding(action_buried=buried))
    skip_misses, two_misses = skip.next != first, first in two.lost_turn
    dealer_first = back.next == 0
    return Seen(
        cards=drew(two, first),
        misses=two_misses if two_misses == skip_misses else None,
        holds=holding(
            skip_first_misses=skip_misses,
            two_first_keeps_turn=not two_misses,
            reverse_dealer_first_right=dealer_first and back.direction == -1,
            reverse_dealer_first_left=dealer_first and back.direction == 1,
        ),
    )


@scenario("who_deals")
def _who_deals(rules: Rules, players: int) -> Seen:
    """The dealer (seat 0) turns up a number: who plays first and which way play goes (in
    the engine and in the scorekeeper), and who deals the next round (the scorekeeper's
    play.scoring). Seats go clockwise: the dealer's left is seat 1."""
    facts, _ = turns_up(rules, players, card(BLUE, 9))
    kept = scoring.Rules(direction="counterclockwise" if rules.counterclockwise else "clockwise")
    left, right = 1 % players, -1 % players
    first = {facts.next, scoring.first_player(0, players, kept)}
    next_dealer = scoring.dealer(0, 2, players, kept)
    return Seen(
        holds=holding(
            left_plays_first=first == {left},
            right_plays_first=first == {right},
            play_goes_left=facts.direction == 1 and kept.step == 1,
            play_goes_right=facts.direction == -1 and kept.step == -1,
            deal_passes_left=next_dealer == left,
            deal_passes_right=next_dealer == right,
        )
    )


@scenario("hand_size")
def _hand_size(rules: Rules, players: int) -> Seen:
    """A round's deal: the cards in each hand."""
    s = new_state(rules, NO_CHOICES, Random(0), [[] for _ in range(players)], list(DECK), [])
    deal(s, 0)
    return Seen(cards=frozenset(len(hand) for hand in s.hands))


@scenario("draw_pile_empty")
def _draw_pile_empty(rules: Rules, players: int) -> Seen:
    """Seat 0 draws from an empty draw pile: the discard pile but its top card becomes the
    draw pile."""
    under = [card(colour, value) for colour in (GREEN, BLUE) for value in range(1, 10)]
    s = new_state(rules, NO_CHOICES, Random(0), [[] for _ in range(players)], [], [*under, RED_3])
    give(s, 0, 1)
    again = s.discard == [RED_3] and sorted(s.pile + s.hands[0]) == sorted(under)
    return Seen(holds=holding(reshuffled_but_top=again))


# --- Two players (rulesets/reference/two_players.py) ----------------------------------


@scenario("two_player_reverse")
def _two_player_reverse(rules: Rules, players: int) -> Seen:
    position = table(2, (card(RED, REVERSE), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, REVERSE))
    again = facts.next == 0
    return Seen(again, misses=again, next=frozenset({role(facts, 0, 2)}))


@scenario("two_player_skip")
def _two_player_skip(rules: Rules, players: int) -> Seen:
    """A Skip, then a Draw Two: who plays next, and whether the other player misses a turn."""
    skip = after(rules, table(2, (card(RED, SKIP), card(GREEN, 8)), top=RED_3), card(RED, SKIP))
    draw_two = card(RED, DRAW_TWO)
    drawn = after(rules, table(2, (draw_two, card(GREEN, 8)), top=RED_3), draw_two)
    return Seen(
        cards=drew(drawn),
        misses=1 in drawn.lost_turn,
        next=frozenset({role(skip, 0, 2), role(drawn, 0, 2)}),
    )


# --- Calling UNO and going out (rulesets/reference/going_out.py) ----------------------


def goes_out_with(rules: Rules, players: int, last: int) -> Seen:
    """Seat 0's last card: may they play it, and what does the next player draw?"""
    position = table(players, (last,), top=card(RED, 3))
    if not may_play(rules, position, last):
        return Seen(False)
    facts = after(rules, position, last)
    return Seen(facts.went_out == 0, drew(facts))


@scenario("go_out_action")
def _go_out_action(rules: Rules, players: int) -> Seen:
    return goes_out_with(rules, players, card(RED, DRAW_TWO))


@scenario("go_out_wild")
def _go_out_wild(rules: Rules, players: int) -> Seen:
    return goes_out_with(rules, players, W4)


@scenario("last_card_blocked")
def _last_card_blocked(rules: Rules, players: int) -> Seen:
    """Seat 0's only card is a Wild, which neither no_wild nor no_action_or_wild lets them go
    out on; a red 9 can be drawn (after two cards that cannot be played)."""
    duds = 2 if rules.draw_until_playable else 0
    position = table(players, (W,), top=RED_3, pile=pile_to(card(RED, 9), duds))
    return Seen(cards=drew(after(rules, position), 0))


@scenario("go_out_seven")
def _go_out_seven(rules: Rules, players: int) -> Seen:
    facts = after(rules, table(players, (card(RED, 7),), top=RED_3), card(RED, 7))
    return Seen(facts.went_out == 0 and facts.hands[1:] == (OTHERS,) * (players - 1))


@scenario("go_out_zero")
def _go_out_zero(rules: Rules, players: int) -> Seen:
    facts = after(rules, table(players, (card(RED, 0),), top=RED_3), card(RED, 0))
    return Seen(facts.went_out == 0 and facts.hands[1:] == (OTHERS,) * (players - 1))


@scenario("uno_after_swap")
def _uno_after_swap(rules: Rules, players: int) -> Seen:
    """Seat 0 lays a 7 (choosing the player before them) or a 0 from three cards; the
    player before them holds one card, so seat 0 is left holding one: they forget UNO and
    are caught."""
    before = -direction(rules) % players
    cards = set()
    for c, moves in ((card(RED, 7), rules.seven_swap), (card(RED, 0), rules.zero_rotate)):
        if not moves:
            continue
        hands: list[tuple[int, ...]] = [(c, card(GREEN, 8), card(GREEN, 9))]
        hands += [OTHERS] * (players - 1)
        hands[before] = (card(YELLOW, 5),)
        position = Position(hands=tuple(hands), top=RED_3, swap_with=before)
        facts = after(rules, position, c, {"forget_uno": 1.0, "catch": 1.0})
        cards.add(facts.drew[0])
    return Seen(cards=frozenset(cards))


@scenario("uno_forget")
def _uno_forget(rules: Rules, players: int) -> Seen:
    """Seat 0 plays their second-to-last card, forgets UNO and is caught."""
    position = table(players, (card(RED, 5), card(GREEN, 8)), top=RED_3)
    facts = after(rules, position, card(RED, 5), {"forget_uno": 1.0, "catch": 1.0})
    return Seen(cards=drew(facts, 0))


# --- The Wild Draw Four (rulesets/reference/wilds.py) ---------------------------------


def challenged(rules: Rules, players: int, hand: tuple[int, ...]) -> Facts:
    """Seat 0 plays a Wild Draw Four from ``hand`` on a red 3; the next player challenges
    it (``next_seat``)."""
    return after(rules, table(players, hand, top=RED_3), W4, {"challenge": 1.0, "hopeless": 1.0})


GUILTY = (W4, card(RED, 5), card(GREEN, 8))  # holds red: against every rule but anytime
INNOCENT = (W4, card(GREEN, 8), card(BLUE, 9))  # nothing it could play: legal under all


@scenario("wd4_holding_colour")
def _wd4_holding_colour(rules: Rules, players: int) -> Seen:
    position = table(players, GUILTY, top=RED_3)
    return Seen(may_play(rules, position, W4), drew(challenged(rules, players, GUILTY), 0))


@scenario("wd4_other_playable")
def _wd4_other_playable(rules: Rules, players: int) -> Seen:
    """Seat 0 holds a blue 3: it matches the red 3 by number only."""
    hand = (W4, card(BLUE, 3), card(GREEN, 8))
    position = table(players, hand, top=RED_3)
    return Seen(may_play(rules, position, W4), drew(challenged(rules, players, hand), 0))


@scenario("wd4_challenge")
def _wd4_challenge(rules: Rules, players: int) -> Seen:
    """The next player challenges: a guilty and an innocent player; inside a stack (an
    innocent Wild Draw Four on a Draw Two or on another), the cards counted instead of the
    four."""
    challenger = next_seat(rules, players)
    guilty = challenged(rules, players, GUILTY)
    innocent = challenged(rules, players, INNOCENT)
    cards = {guilty.drew[0], innocent.drew[challenger]}
    if rules.stack_four_on_four or rules.stack_four_on_two:
        total = 6 if rules.stack_four_on_two else 8  # a Draw Two or a Wild Draw Four before
        position = table(players, (card(GREEN, 5),), top=W4, colour=RED, pending=total)
        in_stack = after(rules, position, TURN, {"challenge": 1.0, "hopeless": 1.0})
        cards.add(in_stack.drew[0] - (total - 4))  # the cards counted instead of the four
    return Seen(innocent.challenges > 0, frozenset(cards))


@scenario("wd4_after_challenge")
def _wd4_after_challenge(rules: Rules, players: int) -> Seen:
    """The next player challenges a guilty and an innocent Wild Draw Four: the colour named
    (as against nobody challenging), and whether the challenger takes their turn; and in a
    stack whose last Wild Draw Four is guilty, where one may be, after drawing the rest."""
    challenger = next_seat(rules, players)
    guilty = challenged(rules, players, GUILTY)
    innocent = challenged(rules, players, INNOCENT)
    stands = all(
        challenged_facts.colour == after(rules, table(players, hand, top=RED_3), W4).colour
        for hand, challenged_facts in ((GUILTY, guilty), (INNOCENT, innocent))
    )
    success_misses = challenger in guilty.lost_turn or guilty.next != challenger
    failure_misses = challenger in innocent.lost_turn
    rest_misses = None
    if rules.stack_four_on_two or rules.stack_four_on_four:
        pending = 6 if rules.stack_four_on_two else 8
        position = table(
            players, (card(GREEN, 5),), top=W4, colour=RED, pending=pending, wd4_guilty=True
        )
        in_stack = after(rules, position, TURN, {"challenge": 1.0})
        rest_misses = in_stack.drew[0] > 0 and 0 in in_stack.lost_turn
    one_outcome = rules.wd4_rule == ANYTIME or success_misses == failure_misses
    facts = {
        "colour_stands": stands,
        "always_fails": guilty.challenges == 1 and not guilty.upheld,
        "turn_after_success": not success_misses,
        "misses_after_failure": failure_misses,
    }
    if rest_misses is not None:
        facts["misses_after_the_rest"] = rest_misses
    return Seen(misses=failure_misses if one_outcome else None, holds=holding(**facts))


@scenario("wd4_stack_challenge")
def _wd4_stack_challenge(rules: Rules, players: int) -> Seen:
    """Seat 0 faces a stack with a Wild Draw Four in it, and challenges, a guilty and an
    innocent player of it: a Draw Two then the Wild Draw Four (six cards), or two Wild Draw
    Fours (eight), or, when only a Draw Two may answer a Wild Draw Four, the Wild Draw Four
    then a red Draw Two (six)."""
    top, pending = W4, 6
    if not rules.stack_four_on_two:
        top, pending = (W4, 8) if rules.stack_four_on_four else (card(RED, DRAW_TWO), 6)
    cards, challenges = {pending}, 0
    for guilty in (True, False):
        position = table(
            players, (card(GREEN, 5),), top=top, colour=RED, pending=pending, wd4_guilty=guilty
        )
        facts = after(rules, position, TURN, {"challenge": 1.0, "hopeless": 1.0})
        cards |= set(facts.drew)
        challenges += facts.challenges
    return Seen(challenges == 2, frozenset(cards))
