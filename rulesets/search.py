"""Finding an answer by the words people say at the table: "+4", "draw 2", "wd4", "seven",
"forgot". Plain functions over a rule reference (no request, no database).

Both the question asked and every answer are turned into the same tokens: card names and
their nicknames become one token each ("+4", "plus four", "draw 4", "wd4" and "Wild Draw
Four" are all ``wd4``), numbers written as words become digits, the words of the table's
own lists become their token ("forgot", "bluff" -> ``forget``, ``challenge``), and every
other word its stem by the language's Snowball stemmer ("picked", "picking" -> ``pick``).
An answer matching every token of the question ranks by where they match (the question
counts more than the text).

Each language has its own table words (``TABLE_WORDS``): the nicknames people at a Spanish
or German table use are their own, not translations of the English ones. A search uses the
words of the request's language, then the English ones ("+4" and "wd4" are said everywhere).
The tokens are language-neutral (``wd4``, ``challenge``), so that a language's words only
need to lead to them.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass

from django.utils.translation import get_language, pgettext

from domain.reference import YES, Answer, Reference, verdict_text
from rulesets.table_words import ENGLISH, TABLE_WORDS, TableWords, base, table_words

__all__ = [
    "ENGLISH",
    "TABLE_WORDS",
    "TableWords",
    "Hit",
    "Results",
    "card_order",
    "offline_words",
    "search",
    "table_words",
    "tokens",
]


# Tokens that name a card or a rule: they count double, and alone they are enough.
_STRONG = frozenset(
    ("wd4", "d2", "wild", "7", "0", "skip", "reverse", "uno", "jump", "swap", "challenge")
)
# The cards: "+2 on a +4" names two, in an order; a question about a card nobody asked about
# comes after one about no card ("play after drawing" is not about a Draw Two first).
_CARDS = frozenset(("wd4", "d2", "wild", "7", "0", "skip", "reverse"))
# The cards one may be put on another of (stacking): "play a +2 on a +4" is stacking it.
_DRAW_CARDS = frozenset(("wd4", "d2"))
# "or" and "and" in each language: "a Wild or a Wild Draw Four" names two cards, not one on
# the other.
_LIST = frozenset(("or", "and", "y", "u", "ou", "et", "oder", "und"))
# A card named alone asks first what it does: "seven" is the 7 that swaps hands.
_EFFECT = {"7": "swap", "0": "swap"}


def _without_accents(text: str) -> str:
    """'comodín' -> 'comodin', 'Zieh Vier' stays: people type without accents on a phone."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _sequence(
    text: str, *, written: bool = False, language: str | None = None
) -> list[tuple[str, bool, bool]]:
    """Each word of a text as a token, with whether it says nothing (a stop word) and whether
    it puts one card on another ("on", "sobre", "auf")."""
    words = table_words(language)
    # Commas are kept (as words that say something) so that a list of cards, "a Skip, Reverse
    # or Draw Two", is not read as one card on another.
    found = re.findall(r"(?:[^\W_]|\+)+|,", _normalised(text, words, written=written))
    return [_token(word, words) for word in found]


def _normalised(text: str, words: list[TableWords], *, written: bool) -> str:
    """The text lower-cased, without accents, with card names, nicknames and phrases made
    tokens."""
    if written:
        for table in words:
            for pattern, token in table.card_names:
                text = pattern.sub(token, text)
    text = _without_accents(text.lower().replace("\u2019", "'"))
    if not written:
        for table in words:
            for pattern, token in table.nicknames:
                text = pattern.sub(token, text)
    for table in words:
        for pattern, token in table.phrases:
            text = pattern.sub(token, text)
    return text


def _token(word: str, words: list[TableWords]) -> tuple[str, bool, bool]:
    """One word as a token (a number said as a word is its digits, a verb its stem), whether
    it is a stop word, and whether it puts one card on another."""
    on = any(word in table.on for table in words)
    said = word
    word = next((table.numbers[word] for table in words if word in table.numbers), word)
    # A listed word (or any form of it) is its token; any other word is its stem in the
    # language asked in ("picked" and "picking" are both "pick").
    token = next((t for t in (table.token(word) for table in words) if t), None)
    word = token or base(words[0].stemmer, word)
    stop = on or (
        said not in _LIST and any(w in table.stop for table in words for w in (said, word))
    )
    return word, stop, on


def tokens(text: str, *, written: bool = False, language: str | None = None) -> list[str]:
    """The search tokens of a text: an answer's (``written``) or what someone typed."""
    return [word for word, stop, _on in _sequence(text, written=written, language=language)
            if not stop and word not in (",", *_LIST)]  # fmt: skip


def card_order(
    text: str, *, written: bool = False, language: str | None = None
) -> tuple[str, str] | None:
    """The two cards a text puts one on the other, the one played first last: "+2 on a +4",
    "+2 after a +4" and "auf eine +4 eine +2" are all ``("d2", "wd4")``, and "+2 on a +2"
    is ``("d2", "d2")``; None when it names no two cards that way."""
    sequence = _sequence(text, written=written, language=language)
    cards = [i for i, (word, _stop, _on) in enumerate(sequence) if word in _CARDS]
    if len(cards) < 2:
        return None
    first, second = cards[0], cards[1]
    if sequence[first][0] == sequence[second][0] and sequence[first][0] not in _DRAW_CARDS:
        return None  # "a Wild on a Wild" is no question; "+2 on a +2" is stacking
    between = sequence[first + 1 : second]
    if any(word in (",", *_LIST) for word, _stop, _on in between):
        return None
    # "+2 on a +4", "a +2 may go on a +4": the card before "on" is played on the one after.
    if len(between) <= 5 and any(on for _w, _stop, on in between):
        return sequence[first][0], sequence[second][0]
    # "auf eine +4 eine +2" (German): "on" comes first, and the card after it is the one
    # played on.
    if all(stop for _w, stop, _on in between):
        before = first - 1
        while before >= 0 and sequence[before][1] and not sequence[before][2]:
            before -= 1
        if before >= 0 and sequence[before][2]:
            return sequence[second][0], sequence[first][0]
    return None


@dataclass(frozen=True)
class Hit:
    kind: str  # "answer" or "own"
    question: str  # the question, or "Our own rule"
    verdict: str  # reference.YES, NO or "" (the key; verdict_text says it)
    text: str
    anchor: str  # where it is on the rules page
    links: tuple[tuple[str, str], ...] = ()  # the rules that decide it: (id, name)
    score: int = 0

    @property
    def is_yes(self) -> bool:
        return self.verdict == YES

    @property
    def verdict_text(self) -> str:
        return verdict_text(self.verdict)


@dataclass(frozen=True)
class Results:
    query: str
    hits: list[Hit]  # every hit matches the whole question, best first
    nearest: list[Hit]  # when nothing matches: the closest answers

    @property
    def found(self) -> bool:
        return bool(self.hits)


@dataclass(frozen=True)
class _Document:
    hit: Hit
    title: set[str]
    body: set[str]
    order: tuple[str, str] | None  # the two cards its question puts one on the other


def _documents(ref: Reference, language: str) -> list[_Document]:
    docs = []
    for number, text in enumerate(ref.own_rules, 1):
        # Translators: in the search results, where the family's own rule stands for a question.
        hit = Hit("own", pgettext("search result", "Our own rule"), "", text, f"own-rule-{number}")
        # A family writes its own rules the way people type ("a +2 on a +4 is fine"), so they
        # are read with the table's nicknames, as well as for the card names as printed.
        words = set(tokens(text, written=True, language=language))
        words |= set(tokens(text, language=language))
        docs.append(_Document(hit, words, set(), card_order(text, language=language)))
    for answer in ref.answers:
        docs.append(_answer_document(answer, language))
    return docs


def _answer_document(answer: Answer, language: str) -> _Document:
    hit = Hit(
        "answer", answer.question, answer.verdict, answer.text, f"q-{answer.id}", answer.links
    )
    title = set(tokens(answer.question, written=True, language=language))
    body = set(tokens(answer.text, written=True, language=language))
    return _Document(hit, title, body, card_order(answer.question, written=True, language=language))


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


def _bonus(wanted: list[str], order: tuple[str, str] | None, doc: _Document) -> int:
    """What counts beyond the words: the cards in the order asked ("+2 on a +4" is the Draw
    Two played on the Wild Draw Four, before the other way round), or, for a card named alone,
    the question about what it does ("seven": does a 7 swap hands?)."""
    bonus = 0
    if order is not None and doc.order == order:
        bonus += 3
    cards = [t for t in wanted if t in _CARDS]
    if cards and all(t in _CARDS for t in wanted):
        bonus += sum(1 for t in cards if t in _EFFECT and _EFFECT[t] in doc.title)
    return bonus


def search(ref: Reference, query: str, limit: int = 8, language: str | None = None) -> Results:
    """The answers (and own rules) for what someone typed, best first, with the table words
    of ``language`` (the request's by default: the reference is in it) and English's."""
    language = language or get_language() or "en"
    query = " ".join(query.split())[:100]
    docs = _documents(ref, language)
    wanted = list(dict.fromkeys(tokens(query, language=language)))
    if not wanted:
        return Results(query, [], [])
    order = card_order(query, language=language)
    if order is not None and set(order) <= _DRAW_CARDS:
        wanted = list(dict.fromkeys("stack" if t == "play" else t for t in wanted))
    vocabulary = {t for doc in docs for t in doc.title | doc.body}
    wanted = [t if t in vocabulary else _nearest_word(t, vocabulary) for t in wanted]
    wanted = [t for t in wanted if t]
    scored = []
    for position, doc in enumerate(docs):
        matched, score = _score(wanted, doc.title, doc.body)
        if matched:
            score += _bonus(wanted, order, doc)
            # Among equals, a question about cards not asked about comes after.
            unasked = len((doc.title & _CARDS) - set(wanted))
            scored.append((matched, score, -unasked, -position, doc.hit))
    scored.sort(key=lambda item: item[:4], reverse=True)
    full = [_with_score(h, s) for m, s, _u, _p, h in scored if m == len(wanted)]
    if full:
        return Results(query, full[:limit], [])
    return Results(query, [], [_with_score(h, s) for _m, s, _u, _p, h in scored[:3]])


def _nearest_word(word: str, vocabulary: set[str]) -> str:
    """A misspelt word as the closest word the answers use ('chalenge' -> 'challenge')."""
    close = difflib.get_close_matches(word, vocabulary, n=1, cutoff=0.8)
    return close[0] if close else word


def _with_score(hit: Hit, score: int) -> Hit:
    return Hit(hit.kind, hit.question, hit.verdict, hit.text, hit.anchor, hit.links, score)


def offline_words(ref: Reference, language: str | None = None) -> str:
    """What the rules page's offline search needs to find answers as this one does, without
    the server (static/js/site.js), as JSON: each answer's tokens, as computed here; the
    language's nicknames and phrases (the patterns are plain enough to be JavaScript's too);
    its listed words and their tokens; the words that say nothing. A word typed that is not
    listed is read offline as the longest listed word or answer token it starts with: a
    Snowball stem is the start of its word ("picking" -> "pick")."""
    language = language or get_language() or "en"
    words = table_words(language)
    forms: dict[str, str] = {}
    for table in reversed(words):  # the language's own words win over English's
        forms |= dict(table.numbers) | table.stem | {t: t for t in table.tokens}
    stop = set(_LIST).union(*(table.stop | table.on for table in words))
    pairs = [pair for table in words for pair in table.nicknames]
    pairs += [pair for table in words for pair in table.phrases]
    answers = {}
    for answer in ref.answers:
        doc = _answer_document(answer, language)
        answers[answer.id] = sorted(doc.title | doc.body)
    return json.dumps(
        {
            "patterns": [[pattern.pattern, token] for pattern, token in pairs],
            "forms": forms,
            "stop": sorted(stop),
            "answers": answers,
        },
        ensure_ascii=False,
        separators=(",", ":"),
        sort_keys=True,
    )
