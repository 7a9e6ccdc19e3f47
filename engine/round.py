"""One round of UNO under a rule set: deal, play until someone goes out.

The round's state is one ``engine.turn.State`` (lists of small ints, see ``engine.cards``)
and the steps of a turn are plain functions over it in ``engine.turn``; a round runs
thousands of times for an estimate. The strategy is simple and written down in
engine/README.md; its probabilities are ``Knobs``.

Seats are numbered 0..n-1 clockwise round the table; with pairs, partners sit n/2 apart.
A *turn* is one player acting: playing a card (in turn, answering a draw card, or jumping
in), drawing, or drawing for a draw card played on them. A player who is skipped does
not take a turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from domain import scoring
from engine.cards import DECK, DRAW_TWO, MODERN_DECK, REVERSE, SKIP, WILD, WILD_DRAW_FOUR
from engine.rules import KNOBS, Knobs, Rules
from engine.turn import (
    OutOfCards,
    State,
    answer_draw_card,
    choose_colour,
    give,
    new_state,
    own_turn,
)

# No round of any rule set has come near this (see the tests); reaching it is a bug.
MAX_TURNS = 20_000


class RoundDidNotEnd(RuntimeError):
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


def _player_count_error(players: int, pairs: bool) -> str | None:
    """Why this many players cannot play a round (domain.scoring's rule), in English."""
    problem = scoring.player_count_problem(players, pairs)
    if problem == "pairs":
        counts = [str(k) for k in range(4, scoring.MAX_PLAYERS + 1, 2)]
        return f"Pairs need an even number of players: {', '.join(counts[:-1])} or {counts[-1]}."
    if problem:
        return f"UNO is for {scoring.MIN_PLAYERS} to {scoring.MAX_PLAYERS} players."
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
    error = _player_count_error(players, rules.pairs)
    if error:
        raise ValueError(error)
    s = new_state(
        rules,
        knobs,
        rng,
        hands=[[] for _ in range(players)],
        pile=list(deck if deck is not None else MODERN_DECK if rules.modern_deck else DECK),
        discard=[],
        fixed=deck is not None,
        trace=trace,
    )
    deal(s, dealer)
    try:
        play_turns(s, check, max_turns)
        blocked = False
    except OutOfCards:
        blocked = True
        # The cards ran out: the player with the fewest cards wins the round (ties: the
        # first of them in the order of play from the player who was to draw).
        hands, p, d, n = s.hands, s.seat, s.d, s.n
        s.went_out = min(range(n), key=lambda seat: (len(hands[seat]), (seat - p) * d % n))
    if check is not None:
        check(s.hands, s.pile, s.discard)
    return Outcome(
        went_out=s.went_out,
        hands=s.hands,
        turns=s.turns,
        drawn=s.drawn,
        blocked=blocked,
        stacks=s.stacks,
        challenges=s.challenges,
        jump_ins=s.jump_ins,
    )


def deal(s: State, dealer: int) -> None:
    """Deals the hands and turns up the first card: its effect, and who plays first."""
    for seat in range(s.n):
        give(s, seat, s.rules.hand_size)
    s.drawn = 0
    R, n, d, pile = s.rules, s.n, s.d, s.pile
    first = (dealer + d) % n
    while True:
        i = len(pile) - 1 if s.fixed else int(s.random() * len(pile))
        c = pile[i]
        v = c & 15
        # A Wild Draw Four, like a Wild Shuffle Hands (the catalogue does not say; there
        # are no hands to shuffle yet), goes back into the deck.
        if v >= WILD_DRAW_FOUR or (
            (R.first_wild_redraw and v == WILD) or (R.first_action_redraw and 10 <= v <= 12)
        ):
            # Back into the deck, and another card is turned up.
            pile[i] = pile[0]
            pile[0] = c
            continue
        pile[i] = pile[-1]
        pile.pop()
        break
    s.discard.append(c)
    s.top_value = v
    s.seat = first
    if v == WILD:
        s.colour = choose_colour(s, s.hands[first])
        return
    s.colour = c >> 4
    if v == SKIP:
        s.seat = (first + d) % n
    elif v == REVERSE:
        s.d = -d
        s.seat = dealer
    elif v == DRAW_TWO:
        # Played on the first player as any Draw Two: they answer it (stacking) or draw.
        s.pending = 2
        s.last_draw = DRAW_TWO


def play_turns(
    s: State,
    check: Callable[[list[list[int]], list[int], list[int]], None] | None,
    max_turns: int,
) -> None:
    """Turn after turn until someone goes out (``OutOfCards`` when the cards run out)."""
    while True:
        if check is not None:
            check(s.hands, s.pile, s.discard)
        s.turns += 1
        if s.turns > max_turns:
            raise RoundDidNotEnd(f"no end after {max_turns} turns: {s.rules}")
        p = s.seat
        if s.pending:
            # A draw card was played on p: answer it, challenge it, or draw the total.
            q = answer_draw_card(s, p)
            if q is not None:
                s.seat = q
                if q < 0:
                    return
                continue
        s.seat = p = own_turn(s, p)
        if p < 0:
            return
