"""The 108 cards (or 112) as small ints: ``colour << 4 | value``.

Colours 0-3 are red, yellow, green and blue; the Wilds have colour 4. Values 0-9 are the
numbers, then Skip, Reverse, Draw Two, Wild and Wild Draw Four. A card is an int, a hand
is a list of ints: no per-card objects, so a round costs little.

The 112-card deck adds one Wild Shuffle Hands (value 15, colour 4) and three blank Wilds
(Wild Customizable): a blank Wild is played as a Wild (value 13), so it has colour 5 to tell
it from the Wild for scoring; no colour in play is ever 4 or 5.
"""

from __future__ import annotations

COLOURS = ("red", "yellow", "green", "blue")
SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR, SHUFFLE_HANDS = 10, 11, 12, 13, 14, 15
WILD_COLOUR = 4
W = WILD_COLOUR << 4 | WILD  # 77
W4 = WILD_COLOUR << 4 | WILD_DRAW_FOUR  # 78
SH = WILD_COLOUR << 4 | SHUFFLE_HANDS  # 79: Wild Shuffle Hands
CW = (WILD_COLOUR + 1) << 4 | WILD  # 93: a blank Wild (Wild Customizable), played as a Wild


def card(colour: int, value: int) -> int:
    return colour << 4 | value


def _deck() -> tuple[int, ...]:
    cards = []
    for colour in range(4):
        cards.append(card(colour, 0))
        for value in range(1, 13):  # 1-9, Skip, Reverse, Draw Two: two of each
            cards += [card(colour, value)] * 2
    cards += [W] * 4 + [W4] * 4
    return tuple(cards)


DECK: tuple[int, ...] = _deck()
assert len(DECK) == 108
MODERN_DECK: tuple[int, ...] = (*DECK, SH, CW, CW, CW)
assert len(MODERN_DECK) == 112

# The scoring module's name for each card (domain.scoring.CARDS keys).
_VALUE_KEYS = {
    **{n: str(n) for n in range(10)},
    SKIP: "skip",
    REVERSE: "reverse",
    DRAW_TWO: "draw_two",
    WILD: "wild",
    WILD_DRAW_FOUR: "wild_draw_four",
    SHUFFLE_HANDS: "shuffle_hands",
}


def scoring_key(c: int) -> str:
    """The card as domain.scoring names it: '7', 'skip', 'wild_draw_four', 'custom_wild'."""
    return "custom_wild" if c == CW else _VALUE_KEYS[c & 15]


def name(c: int) -> str:
    """The card in words, for traces and test messages: 'red 7', 'Wild Draw Four'."""
    value = c & 15
    if c == CW:
        return "blank Wild"
    if value == SHUFFLE_HANDS:
        return "Wild Shuffle Hands"
    if value == WILD:
        return "Wild"
    if value == WILD_DRAW_FOUR:
        return "Wild Draw Four"
    words = {SKIP: "Skip", REVERSE: "Reverse", DRAW_TWO: "Draw Two"}.get(value, str(value))
    return f"{COLOURS[c >> 4]} {words}"
