"""Ask the engine what happens at the table: set up a position, then play it.

A ``Position`` is the table at one moment: the hands, the card on top and the colour in
play, whose turn it is, and any draw cards still to be drawn. ``may_play`` says whether the
player in turn may play a card (on their turn, or to answer a draw card played on them);
``after`` plays an action and what follows until a player takes a turn of their own, and
tells what happened (``Facts``).

Both set up the engine's own ``State`` and call the steps of engine/turn.py: no rule is
written here a second time. The players' choices (challenge or not, stack or not, keep or
play a drawn card) are the strategy's knobs (engine/rules.py's ``Knobs``), each set to 0.0
or 1.0 so that nothing is left to chance; the draw pile is in a fixed order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from random import Random

from engine.cards import DRAW_TWO, WILD_DRAW_FOUR, card
from engine.round import deal
from engine.rules import Knobs, Rules
from engine.turn import (
    OutOfCards,
    State,
    answer_draw_card,
    can_end,
    card_to_play,
    jump_in,
    lay,
    new_state,
    own_turn,
    stacking_card,
    wd4_legal,
)

TURN = -1  # the action "take your turn as the strategy does" (play, or draw when you cannot)

# Every knob off: nobody stacks, challenges, bluffs, forgets UNO, jumps in or draws instead.
# A choice turns one on (``after``'s ``choices``: {"challenge": 1.0}).
NO_CHOICES = Knobs(**{f.name: 0.0 for f in fields(Knobs)})


@dataclass(frozen=True)
class Position:
    """The table at one moment. Seats are 0..n-1 clockwise round the table."""

    hands: tuple[tuple[int, ...], ...]  # every seat's cards
    top: int  # the card on top of the discard pile
    colour: int = -1  # the colour in play: the top card's when -1 (name one after a Wild)
    turn: int = 0  # who acts
    reversed: bool = False  # a Reverse has turned play against the rules' direction
    pending: int = 0  # cards to draw for the draw cards played on the player in turn
    # Who played the pending Wild Draw Four (-1: the player before the one in turn), and
    # whether they played it against its rule (for a challenge).
    wd4_player: int = -1
    wd4_guilty: bool = False
    # The draw pile, the first card drawn first. When empty, a pile of cards that no one
    # can play on the top card (see ``dud``).
    pile: tuple[int, ...] = ()
    # The player a 7 played by the one in turn is swapped with (seven_swap: their choice);
    # -1: the strategy's choice.
    swap_with: int = -1


@dataclass(frozen=True)
class Facts:
    """What happened after an action, until a player takes a turn of their own."""

    next: int  # who takes the next turn of their own (-1: someone went out)
    drew: tuple[int, ...]  # the cards each seat drew
    lost_turn: tuple[int, ...]  # who drew for a draw card and so lost their turn
    played: tuple[tuple[int, int], ...]  # (seat, card), in order: stacks and jump-ins too
    hands: tuple[tuple[int, ...], ...]
    colour: int  # the colour in play
    direction: int  # 1 clockwise, -1 counterclockwise
    went_out: int = -1
    challenges: int = 0
    upheld: int = 0  # the challenges that found the Wild Draw Four played against its rule

    def played_by(self, seat: int) -> list[int]:
        return [c for p, c in self.played if p == seat]


def dud(position: Position) -> int:
    """A number card that cannot be played on the position's top card."""
    colour = position.colour if position.colour >= 0 else position.top >> 4
    other = (colour + 1) % 4 if colour < 4 else 0
    value = 1 if position.top & 15 != 1 else 2
    return card(other, value)


def state(rules: Rules, position: Position, knobs: Knobs = NO_CHOICES) -> State:
    """The engine's State for the position (the round's chance fixed by a seed)."""
    top = position.top
    n = len(position.hands)
    pile = list(position.pile) or [dud(position)] * 40
    s = new_state(
        rules,
        knobs,
        Random(0),
        hands=[list(h) for h in position.hands],
        pile=pile[::-1],  # the engine draws a fixed pile from its end
        discard=[top],
        fixed=True,
        trace=[],
    )
    if position.reversed:
        s.d = -s.d
    s.seat = position.turn
    s.colour = position.colour if position.colour >= 0 else top >> 4
    s.top_value = top & 15
    s.swap_with = position.swap_with
    if position.pending:
        s.pending = position.pending
        s.last_draw = top & 15
        before = (position.turn - s.d) % n
        s.wd4_player = position.wd4_player if position.wd4_player >= 0 else before
        s.wd4_guilty = position.wd4_guilty
    return s


def with_choices(choices: Mapping[str, float]) -> Knobs:
    """Every knob off but the choices made: {"stack": 1.0, "challenge": 1.0}."""
    unknown = set(choices) - {f.name for f in fields(Knobs)}
    if unknown:
        raise ValueError(f"not a choice the engine knows: {sorted(unknown)}")
    return replace(NO_CHOICES, **choices)


# --- May I play this card? ------------------------------------------------------------


def may_play(rules: Rules, position: Position, c: int) -> bool:
    """May the player in turn play card c (which they hold): on their turn, or to answer
    the draw card played on them? The engine's own choices decide, asked about c alone."""
    s = state(rules, position)
    hand = s.hands[s.seat]
    if c not in hand:
        raise ValueError("the player in turn does not hold that card")
    if len(hand) == 1 and not can_end(s, c):
        return False
    if s.pending:
        return _may_answer(s, hand, c)
    if c & 15 == WILD_DRAW_FOUR:
        return wd4_legal(s, hand)  # judged on the whole hand
    return card_to_play(s, [c]) == c


def _may_answer(s: State, hand: list[int], c: int) -> bool:
    """Whether the engine would answer the pending draw card with c: it is asked with the
    stacking options of the other kind of draw card off, and c first in the hand."""
    if c & 15 == DRAW_TWO:
        s.rules = replace(s.rules, stack_four_on_two=False, stack_four_on_four=False)
    elif c & 15 == WILD_DRAW_FOUR:
        s.rules = replace(s.rules, stack_two_on_two=False, stack_two_on_four=False)
    others = list(hand)
    others.remove(c)
    return stacking_card(s, [c, *others]) == c


# --- What happens after ...? ----------------------------------------------------------


def after(
    rules: Rules,
    position: Position,
    action: int = TURN,
    choices: Mapping[str, float] | None = None,
) -> Facts:
    """The player in turn plays card ``action`` (or, with TURN, acts as the strategy does:
    plays, answers, or draws); then whoever a draw card is played on answers it, until a
    player takes a turn of their own. ``choices`` turns knobs on (see ``with_choices``)."""
    s = state(rules, position, with_choices(choices or {}))
    actor = s.seat
    lost: list[int] = []
    try:
        q = _act(s, actor, action, lost)
        q = actor if q is None else q
        while q >= 0 and s.pending:
            answered = _answer(s, q, lost)
            if answered is None:  # q drew, and takes their turn
                break
            q = answered
    except OutOfCards:
        q = s.seat
    return _facts(s, q, lost)


def turned_up(
    rules: Rules,
    position: Position,
    first_card: int,
    dealer: int,
    choices: Mapping[str, float] | None = None,
) -> Facts:
    """The dealer turns up ``first_card`` to start the discard pile (engine/round.py's
    ``deal``, with no cards dealt: the hands are the position's, the draw pile below it
    ``position.pile`` or cards no one can play on it); then whoever a draw card works on
    answers it, as in ``after``, until a player takes a turn of their own."""
    pile = position.pile or (dud(replace(position, top=first_card, colour=-1)),) * 40
    position = replace(position, top=first_card, colour=-1, pile=(first_card, *pile))
    s = state(replace(rules, hand_size=0), position, with_choices(choices or {}))
    s.discard.clear()
    lost: list[int] = []
    try:
        first = (dealer + s.d) % s.n  # before a Reverse turned up turns play
        deal(s, dealer)
        if any(e[0] == "draw" and e[1] == first for e in s.trace or ()) and s.seat != first:
            lost.append(first)  # drew for a Draw Two turned up first, and lost the turn
        q = s.seat
        while q >= 0 and s.pending:
            answered = _answer(s, q, lost)
            if answered is None:
                break
            q = answered
    except OutOfCards:
        q = s.seat
    return _facts(s, q, lost)


def _act(s: State, p: int, action: int, lost: list[int]) -> int | None:
    """Seat p acts; returns who acts next (None: p goes on to take a turn of their own)."""
    if action == TURN:
        return _answer(s, p, lost) if s.pending else own_turn(s, p)
    if action not in s.hands[p]:
        raise ValueError("the player in turn does not hold that card")
    if s.pending:
        s.stacks += 1
    s.seat = q = lay(s, p, action, True)
    if s.jump_in and q >= 0:
        jump_in(s, p)
    return s.seat


def _answer(s: State, p: int, lost: list[int]) -> int | None:
    """Seat p answers the draw cards played on them (engine/turn.py's answer_draw_card);
    None when p goes on to take a turn of their own."""
    answered = answer_draw_card(s, p)
    if answered is not None and answered >= 0 and not s.pending:
        lost.append(p)  # drew, and lost the turn
    return answered


def _facts(s: State, q: int, lost: list[int]) -> Facts:
    trace = s.trace or []
    drew = [0] * s.n
    for event in trace:
        if event[0] == "draw":
            drew[event[1]] += event[2]
    return Facts(
        next=-1 if s.went_out >= 0 else q,
        drew=tuple(drew),
        lost_turn=tuple(lost),
        played=tuple((e[1], e[2]) for e in trace if e[0] == "play"),
        hands=tuple(tuple(h) for h in s.hands),
        colour=s.colour,
        direction=s.d,
        went_out=s.went_out,
        challenges=s.challenges,
        upheld=sum(1 for e in trace if e[0] == "challenge" and e[3]),
    )
