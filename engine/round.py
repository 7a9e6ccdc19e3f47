"""One round of UNO under a rule set: deal, play until someone goes out.

The whole round is one function with its state in local variables (lists of small ints,
see ``engine.cards``), because it runs thousands of times for an estimate. The strategy
is simple and written down in engine/README.md; its probabilities are ``Knobs``.

Seats are numbered 0..n-1 clockwise round the table; with pairs, partners sit n/2 apart.
A *turn* is one player acting: playing a card (in turn, answering a draw card, or jumping
in), drawing, or drawing for a draw card played on them. A player who is skipped does
not take a turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from engine.cards import DECK, DRAW_TWO, REVERSE, SKIP, W4, WILD, WILD_DRAW_FOUR, W
from engine.rules import (
    ANYTIME,
    KEEP,
    KNOBS,
    NO_ACTION_OR_WILD,
    NO_MATCHING_COLOUR,
    NO_WILD,
    Knobs,
    Rules,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 10
# No round of any rule set has come near this (see the tests); reaching it is a bug.
MAX_TURNS = 20_000


class RoundDidNotEnd(RuntimeError):
    pass


class _OutOfCards(Exception):
    pass


@dataclass(slots=True)
class Outcome:
    """What a round leaves: who went out, the hands left, and what it took."""

    went_out: int
    hands: list[list[int]]
    turns: int
    drawn: int
    blocked: bool = False  # the cards ran out: the fewest cards won
    stacks: int = 0  # draw cards played to answer a draw card
    challenges: int = 0
    jump_ins: int = 0
    events: list[tuple] = field(default_factory=list)


def player_count_error(players: int, rules: Rules) -> str | None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return f"UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players."
    if rules.pairs and (players % 2 or players < 4):
        return "Pairs need an even number of players: 4, 6, 8 or 10."
    return None


def play_round(
    rules: Rules,
    players: int,
    rng: Random,
    knobs: Knobs = KNOBS,
    dealer: int = 0,
    trace: list | None = None,
    check: Callable[[list[list[int]], list[int], list[int]], None] | None = None,
    max_turns: int = MAX_TURNS,
    deck: list[int] | None = None,
) -> Outcome:
    """Plays one round; ``trace`` (a list) receives the events, ``check`` sees every turn.

    ``deck`` (for tests) fixes the order of the cards: they are dealt and drawn from its
    end, one at a time, without chance. Events in ``trace``: ("play", seat, card, in_turn,
    pending_before, hand_before, colour, top_value), ("draw", seat, count), ("challenge",
    challenger, accused, guilty, total, challenger_drew, accused_drew, loses_turn,
    cards_left_to_draw).
    """
    error = player_count_error(players, rules)
    if error:
        raise ValueError(error)
    n = players
    R = rules
    random = rng.random
    # The draw pile is kept unordered: drawing takes a card at random from it, which is
    # the same as drawing the top card of a shuffled pile, and costs no shuffle.
    pile = list(DECK) if deck is None else list(deck)
    fixed = deck is not None
    discard: list[int] = []
    d = -1 if R.counterclockwise else 1
    two_player = n == 2  # pairs need 4 or more, so the two-player rules apply here only
    half = n // 2
    wd4_rule = R.wd4_rule
    last_rule = R.last_card
    multiple, seven, zero = R.multiple_same_number, R.seven_swap, R.zero_rotate
    uno_penalty = R.uno_penalty
    forget, catch, bluff = knobs.forget_uno, knobs.catch, knobs.bluff
    tracing = trace is not None

    # The state of play, shared with the helpers below.
    colour = 0  # the colour in play (chosen after a Wild)
    top_value = 0  # the value of the top card (13/14 after a Wild: nothing matches it)
    pending = 0  # cards to draw for the draw cards played on the player to act
    last_draw = 0  # DRAW_TWO or WILD_DRAW_FOUR: the draw card that is pending
    wd4_player = -1
    wd4_guilty = False
    went_out = -1
    drawn = 0

    def give(seat: int, k: int) -> int:
        """Deals k cards from the draw pile to a seat (reshuffling); returns how many."""
        nonlocal drawn
        hand = hands[seat]
        got = 0
        while got < k:
            m = len(pile)
            if not m:
                if len(discard) <= n:
                    # Not even one card per player to make a new draw pile: the cards
                    # have run out and the round ends (see engine/README.md).
                    drawn += got
                    raise _OutOfCards
                # The discard pile but its top card becomes the draw pile.
                top = discard.pop()
                pile.extend(discard)
                discard.clear()
                discard.append(top)
                m = len(pile)
            i = m - 1 if fixed else int(random() * m)
            hand.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
            got += 1
        drawn += got
        if tracing and got:
            trace.append(("draw", seat, got))
        return got

    def wd4_legal(hand: list[int]) -> bool:
        """May this hand play a Wild Draw Four under wild_draw_four_rule?"""
        if wd4_rule == NO_MATCHING_COLOUR:
            for c in hand:  # noqa: SIM110 (a loop is faster than all() here)
                if c >> 4 == colour:
                    return False
            return True
        if wd4_rule == ANYTIME:
            return True
        for c in hand:  # NO_PLAYABLE_CARD: no card but a Wild Draw Four could be played
            v = c & 15
            if v == WILD or (v != WILD_DRAW_FOUR and (c >> 4 == colour or v == top_value)):
                return False
        return True

    def can_end(c: int) -> bool:
        if last_rule == NO_WILD:
            return c < 64
        if last_rule == NO_ACTION_OR_WILD:
            return c & 15 < 10
        return True

    def choose_colour(hand: list[int]) -> int:
        counts = [0, 0, 0, 0, 0]
        for c in hand:
            counts[c >> 4] += 1
        best = 0
        for k in (1, 2, 3):
            if counts[k] > counts[best]:
                best = k
        return best if counts[best] else rng.randrange(4)

    def lay(p: int, c: int, in_turn: bool) -> int:
        """Seat p plays card c: its effects; returns who acts next, or -1 when p went out."""
        nonlocal colour, top_value, pending, last_draw, wd4_player, wd4_guilty, d, went_out
        hand = hands[p]
        v = c & 15
        if tracing:
            trace.append(("play", p, c, in_turn, pending, tuple(hand), colour, top_value))
        if v == WILD_DRAW_FOUR:
            guilty = not wd4_legal(hand)
        hand.remove(c)
        discard.append(c)
        if multiple and v < 10:
            for x in [x for x in hand if x & 15 == v]:
                hand.remove(x)
                discard.append(x)
                if tracing:
                    trace.append(("play", p, x, in_turn, pending, (), colour, top_value))
                c = x
        colour = c >> 4 if c < 64 else choose_colour(hand)
        top_value = v
        if not hand:
            went_out = p
            if v in (DRAW_TWO, WILD_DRAW_FOUR):  # the effect still applies
                give((p + d) % n, pending + (2 if v == DRAW_TWO else 4))
                pending = 0
            return -1
        if len(hand) == 1 and uno_penalty and random() < forget and random() < catch:
            give(p, uno_penalty)
        if v < 10:
            if v == 7 and seven:
                target = -1
                for k in range(1, n):
                    q = (p + k * d) % n
                    if (half and R.pairs and q == (p + half) % n) or (
                        target >= 0 and len(hands[q]) >= len(hands[target])
                    ):
                        continue
                    target = q
                hands[p], hands[target] = hands[target], hands[p]
            elif v == 0 and zero:
                moved = hands[:]
                for s in range(n):
                    hands[(s + d) % n] = moved[s]
            return (p + d) % n
        if v == SKIP:
            return (p + 2 * d) % n
        if v == REVERSE:
            if two_player and R.two_player_reverse_skips:
                return p
            d = -d
            return (p + d) % n
        if v == DRAW_TWO:
            pending += 2
            last_draw = DRAW_TWO
            return (p + d) % n
        if v == WILD_DRAW_FOUR:
            pending += 4
            last_draw = WILD_DRAW_FOUR
            wd4_player = p
            wd4_guilty = guilty
        return (p + d) % n

    # --- The deal and the first card ------------------------------------------------
    hands: list[list[int]] = [[] for _ in range(n)]
    for seat in range(n):
        give(seat, R.hand_size)
    drawn = 0
    first = (dealer + d) % n
    while True:
        i = len(pile) - 1 if fixed else int(random() * len(pile))
        c = pile[i]
        v = c & 15
        if v == WILD_DRAW_FOUR or (
            (R.first_wild_redraw and v == WILD) or (R.first_action_redraw and 10 <= v <= 12)
        ):
            # Back into the deck, and another card is turned up.
            pile[i] = pile[0]
            pile[0] = c
            continue
        pile[i] = pile[-1]
        pile.pop()
        break
    discard.append(c)
    top_value = v
    p = first
    if v == WILD:
        colour = choose_colour(hands[first])
    else:
        colour = c >> 4
        if v == SKIP:
            p = (first + d) % n
        elif v == REVERSE:
            d = -d
            p = dealer
        elif v == DRAW_TWO:
            give(first, 2)
            if R.draw_skips:
                p = (first + d) % n

    # --- Turns ----------------------------------------------------------------------
    turns = 0
    stacks = challenges = jump_ins = 0
    stack_prob, challenge_prob, jump_prob = knobs.stack, knobs.challenge, knobs.jump_in
    may_challenge = R.challenge and wd4_rule != ANYTIME  # with anytime nobody is guilty
    draw_instead = knobs.draw_instead if R.may_draw_instead else 0.0
    blocked = False
    try:
        while True:
            if check is not None:
                check(hands, pile, discard)
            turns += 1
            if turns > max_turns:
                raise RoundDidNotEnd(f"no end after {max_turns} turns: {R}")
            hand = hands[p]
            c = -1  # the card to play, if any
            if pending:
                # A draw card was played on p: answer it, challenge it, or draw the total.
                if last_draw == DRAW_TWO:
                    if R.stack_two_on_two:
                        for x in hand:
                            if x & 15 == DRAW_TWO:
                                c = x
                                break
                    if (
                        c < 0
                        and R.stack_four_on_two
                        and W4 in hand
                        and (wd4_legal(hand) or random() < bluff)
                    ):
                        c = W4
                else:
                    if R.stack_two_on_four:
                        want = colour << 4 | DRAW_TWO
                        if want in hand:
                            c = want
                    if (
                        c < 0
                        and R.stack_four_on_four
                        and W4 in hand
                        and (wd4_legal(hand) or random() < bluff)
                    ):
                        c = W4
                if c >= 0 and len(hand) == 1 and not can_end(c):
                    c = -1
                if c >= 0 and random() < stack_prob:
                    stacks += 1
                    p = lay(p, c, True)
                    if p < 0:
                        break
                    continue
                c = -1
                total = pending
                pending = 0
                if last_draw == WILD_DRAW_FOUR and may_challenge and random() < challenge_prob:
                    challenges += 1
                    available = len(pile) + len(discard) - 1
                    if wd4_guilty:
                        accused = give(wd4_player, R.guilty_draw)
                        got = give(p, total - 4)
                        loses = total - 4 >= 1 and R.draw_skips
                    else:
                        accused = 0
                        got = give(p, total + R.wrong_draw - 4)
                        loses = R.draw_skips
                    if tracing:
                        trace.append(
                            (
                                "challenge",
                                p,
                                wd4_player,
                                wd4_guilty,
                                total,
                                got,
                                accused,
                                loses,
                                available,
                            )
                        )
                else:
                    got = give(p, total)
                    loses = R.draw_skips
                last_draw = 0
                if loses:
                    p = (p + d) % n
                    continue
            # A turn of one's own: play, or draw.
            best = -1
            key = -1
            wild = wd4 = False
            for x in hand:
                v = x & 15
                if v >= WILD:
                    if v == WILD:
                        wild = True
                    else:
                        wd4 = True
                elif x >> 4 == colour:
                    if v + 16 > key:
                        key = v + 16
                        best = x
                elif v == top_value and v > key:
                    key = v
                    best = x
            if best >= 0:
                c = best
                if wd4 and bluff and wd4_rule != ANYTIME and random() < bluff:
                    c = W4
            elif wild:
                c = W
            elif wd4 and wd4_legal(hand):
                c = W4
            if c >= 0 and len(hand) == 1 and not can_end(c):
                c = -1
            if c >= 0 and draw_instead and random() < draw_instead:
                c = -1
            if c < 0:
                # Draw one, or until a card can be played; a playable drawn card may be played.
                while True:
                    give(p, 1)
                    x = hand[-1]
                    v = x & 15
                    if (
                        v == WILD
                        or (v == WILD_DRAW_FOUR and wd4_legal(hand))
                        or (v < WILD and (x >> 4 == colour or v == top_value))
                    ):
                        c = x
                        break
                    if not R.draw_until_playable:
                        break
                if c < 0 or R.drawn_card == KEEP:
                    p = (p + d) % n
                    continue
            last = p
            p = lay(p, c, True)
            # Jump in: someone holding the exact card on top plays it out of turn.
            while R.jump_in and p >= 0 and not pending and discard[-1] < 64:
                top = discard[-1]
                jumper = -1
                for k in range(1, n):
                    q = (p + k * d) % n
                    if (
                        q != last
                        and top in hands[q]
                        and random() < jump_prob
                        and (len(hands[q]) > 1 or can_end(top))
                    ):
                        jumper = q
                        break
                if jumper < 0:
                    break
                turns += 1
                jump_ins += 1
                last = jumper
                p = lay(jumper, top, False)
            if p < 0:
                break
    except _OutOfCards:
        blocked = True

    if blocked:
        # The cards ran out: the player with the fewest cards wins the round (ties: the
        # first of them in the order of play from the player who was to draw).
        went_out = min(range(n), key=lambda s: (len(hands[s]), (s - p) * d % n))
    if check is not None:
        check(hands, pile, discard)
    return Outcome(
        went_out=went_out,
        hands=hands,
        turns=turns,
        drawn=drawn,
        blocked=blocked,
        stacks=stacks,
        challenges=challenges,
        jump_ins=jump_ins,
    )
