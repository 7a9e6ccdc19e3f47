"""The positions the rules page's "Can I ...?" questions are about, played by the engine.

Each scenario sets up the table a question speaks of (domain/reference/: the question's
id) and asks ask.py what happens under a rule set, for a number of players. What it
sees (``Seen``) is what the page's answer may say: the verdict, the numbers of cards, whether
the player spoken to misses their turn, who plays next. tests/rulesets/test_answers_engine.py
holds the answers to it for many rule sets.

They live with the tests, not in the app: the rules page (rulesets) is below the engine and
cannot ask it, so the check runs in the tests. The table they are played at is seen.py's;
the deal's questions are deal_scenarios.py's, registered by importing this module.
"""

from __future__ import annotations

from engine.cards import CW, DRAW_TWO, REVERSE, SH, SKIP, W4, W, card
from engine.rules import ANYTIME, Rules
from tests.engine_scenarios import deal_scenarios  # noqa: F401 (registers the deal's questions)
from tests.engine_scenarios.ask import TURN, Facts, Position, after, dud, may_play
from tests.engine_scenarios.seen import (
    BLUE,
    CHOICES,
    GREEN,
    OTHERS,
    RED,
    RED_3,
    SCENARIOS,
    YELLOW,
    Seen,
    direction,
    drew,
    holding,
    next_seat,
    role,
    scenario,
    table,
)

__all__ = ["SCENARIOS", "Seen"]  # every question's scenario, registered by importing this


def draws_for_it(rules: Rules, position: Position, verdict: bool) -> Seen:
    """Seat 0 cannot (or does not) answer the draw card played on them: they draw."""
    facts = after(rules, position, choices={})
    return Seen(verdict, drew(facts), misses=0 in facts.lost_turn)


def stacks(rules: Rules, position: Position, answer: int) -> Seen:
    """Seat 0 answers with ``answer`` if they may; otherwise they draw."""
    if not may_play(rules, position, answer):
        return draws_for_it(rules, position, False)
    return Seen(True, drew(after(rules, position, answer)))


# --- Draw cards and stacking (domain/reference/draws.py) ---------------------------


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


# --- A turn (domain/reference/turns.py) ---------------------------------------------


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


# --- Two players (domain/reference/two_players.py) ----------------------------------


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
    # The other player holds a green Draw Two, or a Wild Draw Four: may they answer either
    # draw card (a Wild Draw Four names green) instead of drawing it? An answer silent about
    # it tells them to draw.
    answered = any(
        after(
            rules,
            Position(hands=((c, card(GREEN, 8)), (theirs, card(YELLOW, 1))), top=RED_3),
            c,
            {"stack": 1.0},
        ).played_by(1)
        for c in (draw_two, W4)
        for theirs in (card(GREEN, DRAW_TWO), W4)
    )
    return Seen(
        cards=drew(drawn),
        misses=1 in drawn.lost_turn,
        next=frozenset({role(skip, 0, 2), role(drawn, 0, 2)}),
        holds=holding(other_may_answer=answered),
    )


# --- Calling UNO and going out (domain/reference/going_out.py) ----------------------


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


@scenario("uno_when")
def _uno_when(rules: Rules, players: int) -> Seen:
    """Seat 0 forgets UNO and is caught: as they lay their second-to-last card they draw the
    penalty; laying a card that leaves them two, nothing."""
    forgets = {"forget_uno": 1.0, "catch": 1.0}
    last_but_one = table(players, (card(RED, 5), card(GREEN, 8)), top=RED_3)
    earlier = table(players, (card(RED, 5), card(GREEN, 8), card(GREEN, 9)), top=RED_3)
    caught = after(rules, last_but_one, card(RED, 5), forgets).drew[0] == rules.uno_penalty
    early = after(rules, earlier, card(RED, 5), forgets).drew[0] == 0
    return Seen(holds=holding(uno_at_second_to_last=caught and early))


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


# --- The Wild Draw Four (domain/reference/wilds.py) ---------------------------------


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
    # Whether a wrong challenge costs other than the four cards drawn without one.
    not_four = [innocent.drew[challenger] != 4]
    if rules.stack_four_on_four or rules.stack_four_on_two:
        total = 6 if rules.stack_four_on_two else 8  # a Draw Two or a Wild Draw Four before
        position = table(players, (card(GREEN, 5),), top=W4, colour=RED, pending=total)
        in_stack = after(rules, position, TURN, {"challenge": 1.0, "hopeless": 1.0})
        cards.add(in_stack.drew[0] - (total - 4))  # the cards counted instead of the four
        not_four.append(in_stack.drew[0] != total)
    holds = holding(not_just_the_four=all(not_four)) if innocent.challenges else frozenset()
    return Seen(innocent.challenges > 0, frozenset(cards), holds=holds)


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


# --- The 112-card deck's own cards ------------------------------------------------------


def shuffle_hands_last_card(rules: Rules, players: int) -> bool:
    """Seat 0 plays a Wild Shuffle Hands as their last card: the round goes on, and every
    hand, seat 0's included, is dealt again (seat 0 gets cards back)."""
    facts = after(rules, table(players, (SH,), top=RED_3), SH)
    return facts.went_out < 0 and len(facts.hands[0]) > 0 and facts.next >= 0


@scenario("shuffle_hands_any_time")
def _shuffle_hands_any_time(rules: Rules, players: int) -> Seen:
    return Seen(may_play(rules, table(players, (SH, card(RED, 5)), top=RED_3), SH))


@scenario("shuffle_hands_last")
def _shuffle_hands_last(rules: Rules, players: int) -> Seen:
    return Seen(holds=holding(round_goes_on=shuffle_hands_last_card(rules, players)))


def blank_wild_played_as_a_wild(rules: Rules, players: int) -> bool:
    """A blank Wild held with a red 5 and a red 6 is played on a blue Skip (any card), and
    its player names the colour they hold most of, as with a Wild."""
    hand = (CW, card(RED, 5), card(RED, 6))
    position = table(players, hand, top=card(BLUE, SKIP))
    facts = after(rules, position, CW)
    return may_play(rules, position, CW) and facts.colour == RED and CW in facts.played_by(0)


@scenario("custom_wild_what")
def _custom_wild_what(rules: Rules, players: int) -> Seen:
    return Seen(holds=holding(plays_as_wild=blank_wild_played_as_a_wild(rules, players)))


def special_wild_answers_a_stack(rules: Rules, players: int) -> bool:
    """Facing a Draw Two (or a Wild Draw Four) still to be drawn, may seat 0 answer it with
    a Wild Shuffle Hands or a blank Wild?"""
    for top, pending in ((card(RED, DRAW_TWO), 2), (W4, 4)):
        position = table(players, (SH, CW, card(RED, 5)), top=top, colour=RED, pending=pending)
        if may_play(rules, position, SH) or may_play(rules, position, CW):
            return True
    return False


@scenario("special_wild_on_stack")
def _special_wild_on_stack(rules: Rules, players: int) -> Seen:
    return Seen(special_wild_answers_a_stack(rules, players))
