"""Finding an answer by the words people say at the table: "+4", "draw 2", "wd4", "seven",
"forgot". Plain functions over a rule reference (no request, no database).

Both the question asked and every answer are turned into the same tokens: card names and
their nicknames become one token each ("+4", "plus four", "draw 4", "wd4" and "Wild Draw
Four" are all ``wd4``), numbers written as words become digits, and common verbs become
one stem ("forgot", "forgetting" -> ``forget``). An answer matching every token of the
question ranks by where they match (the question counts more than the text).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from rulesets.reference import Answer, Reference

# Card names as the texts write them (case matters: "draw four cards" is a count).
_CARD_NAMES = [
    (re.compile(r"\bWild Draw Fours?\b"), " wd4 "),
    (re.compile(r"\bDraw Twos?\b"), " d2 "),
]
# What people say at the table, matched in a lower-cased question.
_NICKNAMES = [
    (
        r"(?:wild\s*)?(?:\+\s*4|plus\s*(?:4|four)|draw\s*(?:4|four)s?|w\s*d\s*4|wd\s*4|d4)\b",
        " wd4 ",
    ),
    (r"(?:\+\s*2|plus\s*(?:2|two)|draw\s*(?:2|two)s?|d2)\b", " d2 "),
    (r"\b7\s*-\s*0\b|\bseven\s*-?\s*(?:zero|o)\b", " 7 0 "),
    (r"\bjump[\s-]*in\b", " jump "),
    (r"\brun(?:s|ning)?\s+out\b|\bran\s+out\b", " empty "),
    (r"\bgo(?:es|ing)?\s+out\b|\bwent\s+out\b", " out "),
]
_NICKNAMES = [(re.compile(pattern), token) for pattern, token in _NICKNAMES]
_NUMBERS = {
    "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "sevens": "7",
    "zeros": "0", "zeroes": "0", "0s": "0", "7s": "7",
}  # fmt: skip
_STEMS = {
    "forget": ("forgot", "forgets", "forgetting", "forgotten"),
    "stack": ("stacks", "stacking", "stacked", "chain", "chaining", "combine", "add"),
    "challenge": ("challenges", "challenging", "challenged", "bluff", "bluffing", "doubt",
                  "cheat", "cheating", "caught"),
    "swap": ("swaps", "swapping", "swapped", "trade", "trading", "exchange", "switch"),
    "jump": ("jumps", "jumping", "jumped", "cut", "slap"),
    "draw": ("draws", "drawing", "drew", "drawn", "pick", "picking", "take", "taking"),
    "deal": ("deals", "dealer", "dealing", "dealt"),
    "score": ("scores", "scoring", "scored", "point", "points", "count", "counts", "counting"),
    "uno": ("call", "calling", "shout", "shouting", "say", "yell"),
    "skip": ("skips", "skipped", "skipping", "lose", "loses", "lost"),
    "reverse": ("reverses", "reversed"),
    "colour": ("color", "colours", "colors"),
    "team": ("teams", "partner", "partners", "pair", "pairs"),
    "first": ("start", "starts", "begin", "begins", "starting"),
    "out": ("win", "wins", "finish", "last"),
    "wild": ("wilds", "joker"),
    "empty": ("runs", "empty", "reshuffle", "shuffle"),
    "hand": ("hands", "cards"),
}  # fmt: skip
_STEM = {word: stem for stem, words in _STEMS.items() for word in (stem, *words)}
_STOP = frozenset(
    re.findall(
        r"\w+",
        "a an the i we you my our your me it is are do does can could may might must to of on "
        "in at if when what who which how and or with for be by then so this that there as",
    )
)
# Tokens that name a card or a rule: they count double, and alone they are enough.
_STRONG = frozenset(
    ("wd4", "d2", "wild", "7", "0", "skip", "reverse", "uno", "jump", "swap", "challenge")
)


def tokens(text: str, *, written: bool = False) -> list[str]:
    """The search tokens of a text: an answer's (``written``) or what someone typed."""
    if written:
        for pattern, token in _CARD_NAMES:
            text = pattern.sub(token, text)
    text = text.lower().replace("\u2019", "'")
    if not written:
        for pattern, token in _NICKNAMES:
            text = pattern.sub(token, text)
    result = []
    for word in re.findall(r"[a-z0-9+]+", text):
        word = _NUMBERS.get(word, word)
        word = _STEM.get(word, word)
        if word not in _STOP:
            result.append(word)
    return result


@dataclass(frozen=True)
class Hit:
    kind: str  # "answer" or "own"
    question: str  # the question, or "Our own rule"
    verdict: str
    text: str
    anchor: str  # where it is on the rules page
    links: tuple[tuple[str, str], ...] = ()  # the rules that decide it: (id, name)
    score: int = 0


@dataclass(frozen=True)
class Results:
    query: str
    hits: list[Hit]  # every hit matches the whole question, best first
    nearest: list[Hit]  # when nothing matches: the closest answers

    @property
    def found(self) -> bool:
        return bool(self.hits)


def _documents(ref: Reference) -> list[tuple[Hit, set[str], set[str]]]:
    docs = []
    for number, text in enumerate(ref.own_rules, 1):
        hit = Hit("own", "Our own rule", "", text, f"own-rule-{number}")
        docs.append((hit, set(tokens(text, written=True)), set()))
    for answer in ref.answers:
        docs.append(_answer_document(answer))
    return docs


def _answer_document(answer: Answer) -> tuple[Hit, set[str], set[str]]:
    hit = Hit(
        "answer", answer.question, answer.verdict, answer.text, f"q-{answer.id}", answer.links
    )
    return hit, set(tokens(answer.question, written=True)), set(tokens(answer.text, written=True))


def _score(wanted: list[str], title: set[str], body: set[str]) -> tuple[int, int]:
    """(tokens matched, score) of a document for the wanted tokens."""
    matched = score = 0
    for token in wanted:
        weight = 2 if token in _STRONG else 1
        if token in title:
            matched, score = matched + 1, score + 3 * weight
        elif token in body:
            matched, score = matched + 1, score + weight
    return matched, score


def search(ref: Reference, query: str, limit: int = 8) -> Results:
    """The answers (and own rules) for what someone typed, best first."""
    query = " ".join(query.split())[:100]
    docs = _documents(ref)
    wanted = list(dict.fromkeys(tokens(query)))
    if not wanted:
        return Results(query, [], [])
    vocabulary = {t for _hit, title, body in docs for t in title | body}
    wanted = [t if t in vocabulary else _nearest_word(t, vocabulary) for t in wanted]
    wanted = [t for t in wanted if t]
    scored = []
    for order, (hit, title, body) in enumerate(docs):
        matched, score = _score(wanted, title, body)
        if matched:
            scored.append((matched, score, -order, hit))
    scored.sort(key=lambda item: item[:3], reverse=True)
    full = [_with_score(h, s) for m, s, _o, h in scored if m == len(wanted)]
    if full:
        return Results(query, full[:limit], [])
    return Results(query, [], [_with_score(h, s) for _m, s, _o, h in scored[:3]])


def _nearest_word(word: str, vocabulary: set[str]) -> str:
    """A misspelt word as the closest word the answers use ('chalenge' -> 'challenge')."""
    close = difflib.get_close_matches(word, vocabulary, n=1, cutoff=0.8)
    return close[0] if close else word


def _with_score(hit: Hit, score: int) -> Hit:
    return Hit(hit.kind, hit.question, hit.verdict, hit.text, hit.anchor, hit.links, score)
