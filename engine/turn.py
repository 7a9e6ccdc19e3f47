"""The steps of a turn, over the round's ``State``: play a card, draw, the card's effects,
answer a draw card (stack it, challenge it, or draw), and jump in.

Every step is a plain function taking the state first. They run millions of times for an
estimate, so the hot ones read the state's attributes into local names once. All chance
comes from ``State.random`` and ``State.rng``, in the order of play: a seed replays a round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from engine.cards import DRAW_TWO, REVERSE, SHUFFLE_HANDS, SKIP, W4, WILD, WILD_DRAW_FOUR
from engine.rules import (
    ANYTIME,
    MAY_PLAY,
    MUST_PLAY,
    NO_ACTION_OR_WILD,
    NO_MATCHING_COLOUR,
    NO_WILD,
    Knobs,
    Rules,
)


class OutOfCards(Exception):
    """Not even one card per player to make a new draw pile: the round ends."""


@dataclass(slots=True)
class State:
    """A round in play: the cards where they are, whose turn it is, and the counters."""

    rules: Rules
    knobs: Knobs
    rng: Random
    random: Callable[[], float]  # rng.random, the round's chance
    n: int  # players
    hands: list[list[int]]
    # The draw pile is kept unordered: drawing takes a card at random from it, which is
    # the same as drawing the top card of a shuffled pile, and costs no shuffle.
    pile: list[int]
    fixed: bool  # the pile is in a fixed order (tests): draw from its end, without chance
    trace: list | None
    discard: list[int]
    d: int  # the direction of play: 1 clockwise, -1 counterclockwise
    # From the rules and knobs, read on every turn:
    draw_instead: float  # knobs.draw_instead when may_draw_instead, else 0
    jump_in: bool  # rules.jump_in
    # A choice no probability can make: the seat a 7 swaps hands with (seven_swap), for
    # scenarios; -1, or the player's own seat, leaves it to the strategy (fewest cards).
    swap_with: int = -1
    seat: int = 0  # who acts next (in the blocked end: who was to act)
    colour: int = 0  # the colour in play (chosen after a Wild)
    top_value: int = 0  # the value of the top card (13/14 after a Wild: nothing matches it)
    pending: int = 0  # cards to draw for the draw cards played on the player to act
    last_draw: int = 0  # DRAW_TWO or WILD_DRAW_FOUR: the draw card that is pending
    wd4_player: int = -1
    wd4_guilty: bool = False
    went_out: int = -1
    drawn: int = 0
    turns: int = 0
    stacks: int = 0
    challenges: int = 0
    jump_ins: int = 0


def new_state(
    rules: Rules,
    knobs: Knobs,
    rng: Random,
    hands: list[list[int]],
    pile: list[int],
    discard: list[int],
    fixed: bool = False,
    trace: list | None = None,
) -> State:
    """A round's State: what it reads from the rules and the players' habits on every turn
    (the direction, drawing instead of playing, jumping in) derived here, once."""
    return State(
        rules=rules,
        knobs=knobs,
        rng=rng,
        random=rng.random,
        n=len(hands),
        hands=hands,
        pile=pile,
        fixed=fixed,
        trace=trace,
        discard=discard,
        d=-1 if rules.counterclockwise else 1,
        draw_instead=knobs.draw_instead if rules.may_draw_instead else 0.0,
        jump_in=rules.jump_in,
    )


# --- Cards and hands ----------------------------------------------------------------


def give(s: State, seat: int, k: int) -> int:
    """Deals k cards from the draw pile to a seat (reshuffling); returns how many."""
    hand = s.hands[seat]
    pile, discard = s.pile, s.discard
    got = 0
    while got < k:
        m = len(pile)
        if not m:
            if len(discard) <= s.n:
                # The cards have run out and the round ends (see engine/README.md).
                s.drawn += got
                raise OutOfCards
            # The discard pile but its top card becomes the draw pile.
            top = discard.pop()
            pile.extend(discard)
            discard.clear()
            discard.append(top)
            m = len(pile)
        i = m - 1 if s.fixed else int(s.random() * m)
        hand.append(pile[i])
        pile[i] = pile[-1]
        pile.pop()
        got += 1
    s.drawn += got
    if s.trace is not None and got:
        s.trace.append(("draw", seat, got))
    return got


def wd4_legal(s: State, hand: list[int]) -> bool:
    """May this hand play a Wild Draw Four under wild_draw_four_rule?"""
    rule, colour = s.rules.wd4_rule, s.colour
    if rule == NO_MATCHING_COLOUR:
        for c in hand:  # noqa: SIM110 (a loop is faster than all() here)
            if c >> 4 == colour:
                return False
        return True
    if rule == ANYTIME:
        return True
    top_value = s.top_value
    for c in hand:  # NO_PLAYABLE_CARD: no card but a Wild Draw Four could be played
        v = c & 15
        if v in (WILD, SHUFFLE_HANDS) or (
            v != WILD_DRAW_FOUR and (c >> 4 == colour or v == top_value)
        ):
            return False
    return True


def can_end(s: State, c: int) -> bool:
    """May a player go out with card c (last_card)?"""
    rule = s.rules.last_card
    if rule == NO_WILD:
        return c < 64
    if rule == NO_ACTION_OR_WILD:
        return c & 15 < 10
    return True


def choose_colour(s: State, hand: list[int]) -> int:
    """The colour the hand holds most of (the first of them), or any when none."""
    counts = [0, 0, 0, 0, 0, 0]
    for c in hand:
        counts[c >> 4] += 1
    best = 0
    for k in (1, 2, 3):
        if counts[k] > counts[best]:
            best = k
    return best if counts[best] else s.rng.randrange(4)


# --- Playing a card and its effects -------------------------------------------------


def lay(s: State, p: int, c: int, in_turn: bool) -> int:
    """Seat p plays card c: its effects; returns who acts next, or -1 when p went out."""
    hand = s.hands[p]
    v = c & 15
    if s.trace is not None:
        s.trace.append(("play", p, c, in_turn, s.pending, tuple(hand), s.colour, s.top_value))
    guilty = v == WILD_DRAW_FOUR and not wd4_legal(s, hand)
    hand.remove(c)
    s.discard.append(c)
    R = s.rules
    if v == SHUFFLE_HANDS:
        return shuffle_hands(s, p)
    if v < 10 and R.multiple_same_number:
        c = lay_the_same_number(s, p, hand, c, in_turn)
    s.colour = c >> 4 if c < 64 else choose_colour(s, hand)
    s.top_value = v
    if not hand:
        s.went_out = p
        if v in (DRAW_TWO, WILD_DRAW_FOUR):  # the effect still applies
            give(s, (p + s.d) % s.n, s.pending + (2 if v == DRAW_TWO else 4))
            s.pending = 0
        return -1
    if len(hand) == 1 and R.uno_penalty:
        random, knobs = s.random, s.knobs
        if random() < knobs.forget_uno and random() < knobs.catch:
            give(s, p, R.uno_penalty)
    if v < 10:  # a number (most cards): the seven and zero rules, then the next player
        if v == 7 and R.seven_swap:
            swap_sevens(s, p)
        elif v == 0 and R.zero_rotate:
            rotate_hands(s)
        else:
            return (p + s.d) % s.n
        if R.uno_penalty:
            uno_after_moving(s)
        return (p + s.d) % s.n
    return action(s, p, v, guilty)


def shuffle_hands(s: State, p: int) -> int:
    """A Wild Shuffle Hands played by seat p (even as their last card: the round goes on):
    every hand, p's own included, is gathered, shuffled and dealt one card at a time from
    the player to p's left (the next seat clockwise) until none is left; then p names the
    colour from their new hand, whoever holds one card calls UNO at once, and play goes on
    with the next player. Returns who acts next (-1 if p was dealt nothing: fewer cards
    than players were left, and p, dealt last, went out)."""
    hands, n = s.hands, s.n
    gathered = [c for hand in hands for c in hand]
    s.rng.shuffle(gathered)
    for hand in hands:
        hand.clear()
    for i, c in enumerate(gathered):
        hands[(p + 1 + i) % n].append(c)
    if s.trace is not None:
        s.trace.append(("shuffle", p, len(gathered)))
    s.top_value = SHUFFLE_HANDS
    if not hands[p]:
        s.colour = s.rng.randrange(4)
        s.went_out = p
        return -1
    s.colour = choose_colour(s, hands[p])
    if s.rules.uno_penalty:
        uno_after_moving(s)
    return (p + s.d) % n


def lay_the_same_number(s: State, p: int, hand: list[int], c: int, in_turn: bool) -> int:
    """Seat p lays the other cards of c's number too; returns the last card laid."""
    v = c & 15
    for x in [x for x in hand if x & 15 == v]:
        hand.remove(x)
        s.discard.append(x)
        if s.trace is not None:
            s.trace.append(("play", p, x, in_turn, s.pending, (), s.colour, s.top_value))
        c = x
    return c


def action(s: State, p: int, v: int, guilty: bool) -> int:
    """What an action card or a Wild played by seat p does; returns who acts next."""
    n, d = s.n, s.d
    if v == SKIP:
        return (p + 2 * d) % n
    if v == REVERSE:
        if n == 2 and s.rules.two_player_reverse_skips:
            return p
        s.d = d = -d
        return (p + d) % n
    if v == DRAW_TWO:
        s.pending += 2
        s.last_draw = DRAW_TWO
    elif v == WILD_DRAW_FOUR:
        s.pending += 4
        s.last_draw = WILD_DRAW_FOUR
        s.wd4_player = p
        s.wd4_guilty = guilty
    return (p + d) % n


def rotate_hands(s: State) -> None:
    """A 0 (zero_rotate): every hand passes to the next player in the direction of play."""
    hands, n, d = s.hands, s.n, s.d
    moved = hands[:]
    for seat in range(n):
        hands[(seat + d) % n] = moved[seat]


def uno_after_moving(s: State) -> None:
    """After hands are swapped or passed on, whoever is left holding one card calls UNO at
    once: forgotten (the knob forget_uno) and caught (catch), they draw the penalty."""
    random, knobs, penalty = s.random, s.knobs, s.rules.uno_penalty
    for seat, hand in enumerate(s.hands):
        if len(hand) == 1 and random() < knobs.forget_uno and random() < knobs.catch:
            give(s, seat, penalty)


def swap_sevens(s: State, p: int) -> None:
    """A 7 (seven_swap): seat p swaps hands with the player of their choice, ``s.swap_with``
    when a scenario chose one, else the strategy's (``swap_target``)."""
    target = s.swap_with
    if target < 0 or target == p:
        target = swap_target(s, p)
    hands = s.hands
    hands[p], hands[target] = hands[target], hands[p]


def swap_target(s: State, p: int) -> int:
    """The opponent (never the partner) holding the fewest cards, the first in the order of
    play among equals."""
    n, d, hands = s.n, s.d, s.hands
    partner = (p + n // 2) % n if s.rules.pairs else -1
    target = -1
    for k in range(1, n):
        q = (p + k * d) % n
        if q == partner or (target >= 0 and len(hands[q]) >= len(hands[target])):
            continue
        target = q
    return target


# --- A draw card played on the player: stack, challenge or draw ---------------------


def answer_draw_card(s: State, p: int) -> int | None:
    """Seat p answers the draw cards played on them: stacks one of their own, or
    challenges, or draws. Returns who acts next, or None when p goes on to take a turn."""
    hand = s.hands[p]
    c = stacking_card(s, hand)
    if c >= 0 and len(hand) == 1 and not can_end(s, c):
        c = -1
    if c >= 0 and s.random() < s.knobs.stack:
        s.stacks += 1
        s.seat = q = lay(s, p, c, True)
        if s.jump_in and q >= 0:
            jump_in(s, p)
        return s.seat
    R = s.rules
    total = s.pending
    s.pending = 0
    if (
        s.last_draw == WILD_DRAW_FOUR
        and R.challenge
        and s.random() < (s.knobs.challenge if R.wd4_rule != ANYTIME else s.knobs.hopeless)
    ):
        loses = challenge(s, p, total)
    else:
        give(s, p, total)
        loses = R.draw_skips
    s.last_draw = 0
    if loses:
        return (p + s.d) % s.n
    return None


def stacking_card(s: State, hand: list[int]) -> int:
    """The card the hand may answer the pending draw card with, or -1."""
    R = s.rules
    c = -1
    if s.last_draw == DRAW_TWO:
        if R.stack_two_on_two:
            for x in hand:
                if x & 15 == DRAW_TWO:
                    c = x
                    break
        may_four = R.stack_four_on_two
    else:
        if R.stack_two_on_four:
            want = s.colour << 4 | DRAW_TWO
            if want in hand:
                c = want
        may_four = R.stack_four_on_four
    if c < 0 and may_four and W4 in hand and (wd4_legal(s, hand) or s.random() < s.knobs.bluff):
        c = W4
    return c


def challenge(s: State, p: int, total: int) -> bool:
    """Seat p challenges the Wild Draw Four: who draws what; returns whether p loses
    the turn."""
    R = s.rules
    s.challenges += 1
    available = len(s.pile) + len(s.discard) - 1
    if s.wd4_guilty:
        accused = give(s, s.wd4_player, R.guilty_draw)
        got = give(s, p, total - 4)
        loses = total - 4 >= 1 and R.draw_skips
    else:
        accused = 0
        got = give(s, p, total + R.wrong_draw - 4)
        loses = R.draw_skips
    if s.trace is not None:
        event = ("challenge", p, s.wd4_player, s.wd4_guilty, total, got, accused, loses)
        s.trace.append((*event, available))
    return loses


# --- A turn of one's own: play, or draw ---------------------------------------------


def own_turn(s: State, p: int) -> int:
    """Seat p plays a card or draws, then others may jump in; returns who acts next,
    or -1 when someone went out."""
    hand = s.hands[p]
    c = card_to_play(s, hand)
    if c >= 0 and (
        (len(hand) == 1 and not can_end(s, c))
        or (s.draw_instead and s.random() < s.draw_instead)  # reneging (a knob)
    ):
        c = -1
    if c < 0:
        c = draw_for_turn(s, p, hand)
        if c < 0 or not plays_drawn_card(s):
            return (p + s.d) % s.n
    s.seat = q = lay(s, p, c, True)
    if s.jump_in and q >= 0:
        jump_in(s, p)
    return s.seat


def card_to_play(s: State, hand: list[int]) -> int:
    """The card the strategy plays from the hand (engine/README.md), or -1."""
    colour, top_value = s.colour, s.top_value
    best = -1
    key = -1
    wild = -1  # a Wild or a blank Wild held, else the Wild Shuffle Hands
    wd4 = False
    for x in hand:
        v = x & 15
        if v >= WILD:
            if v == WILD_DRAW_FOUR:
                wd4 = True
            elif v == WILD or wild < 0:
                wild = x
        elif x >> 4 == colour:
            if v + 16 > key:
                key = v + 16
                best = x
        elif v == top_value and v > key:
            key = v
            best = x
    if best >= 0:
        if wd4:
            bluff = s.knobs.bluff
            if bluff and s.rules.wd4_rule != ANYTIME and s.random() < bluff:
                return W4
        return best
    if wild >= 0:
        return wild
    if wd4 and wd4_legal(s, hand):
        return W4
    return -1


def draw_for_turn(s: State, p: int, hand: list[int]) -> int:
    """Seat p draws one, or until a card can be played; returns a playable drawn card,
    or -1."""
    colour, top_value = s.colour, s.top_value
    until_playable = s.rules.draw_until_playable
    while True:
        give(s, p, 1)
        x = hand[-1]
        v = x & 15
        if (
            v in (WILD, SHUFFLE_HANDS)
            or (v == WILD_DRAW_FOUR and wd4_legal(s, hand))
            or (v < WILD and (x >> 4 == colour or v == top_value))
        ):
            return x
        if not until_playable:
            return -1


def plays_drawn_card(s: State) -> bool:
    """drawn_card: is the playable card just drawn played at once? Always with must_play,
    never with keep; with may_play unless the player keeps it (the knob keep_drawn)."""
    rule = s.rules.drawn_card
    if rule == MAY_PLAY:
        return s.random() >= s.knobs.keep_drawn
    return rule == MUST_PLAY


# --- Jumping in -----------------------------------------------------------------------


def jump_in(s: State, last: int) -> None:
    """Someone holding an exact copy of the top card plays it out of turn, and play goes on
    from them; again on the card they laid. The first in the order of play from the player
    to act, never ``last`` (who just laid it) nor the player to act (it is their turn).

    Any Wild is a copy of a Wild, any Wild Draw Four of a Wild Draw Four. On a draw card
    still to be drawn the player it was aimed at draws nothing: the total carries on with
    the jumper's card when that card may be stacked on itself, else only that card counts.
    With pairs nobody jumps in past their partner, who would miss a turn."""
    hands, discard, n = s.hands, s.discard, s.n
    random, jump_prob = s.random, s.knobs.jump_in
    reach = n // 2 if s.rules.pairs else n  # the partner sits n/2 on: stop before them
    while s.seat >= 0:
        top = discard[-1]
        p, d = s.seat, s.d
        jumper = -1
        for k in range(1, reach):
            q = (p + k * d) % n
            if q != last and top in hands[q] and random() < jump_prob and may_jump_in(s, q, top):
                jumper = q
                break
        if jumper < 0:
            return
        s.turns += 1
        s.jump_ins += 1
        last = jumper
        if s.pending and not stacks_on_itself(s.rules, top):
            s.pending = 0  # only the jumper's card counts
        s.seat = lay(s, jumper, top, False)


def may_jump_in(s: State, q: int, top: int) -> bool:
    """Does seat q, holding a copy of the top card, play it? Not as a last card the
    last_card rule forbids; a Wild Draw Four only as its rule allows, or as a bluff."""
    hand = s.hands[q]
    if len(hand) == 1 and not can_end(s, top):
        return False
    return top != W4 or wd4_legal(s, hand) or s.random() < s.knobs.bluff


def stacks_on_itself(R: Rules, c: int) -> bool:
    """May draw card c answer a draw card of its own kind (stack_*_on_*)?"""
    return R.stack_two_on_two if c & 15 == DRAW_TWO else R.stack_four_on_four
