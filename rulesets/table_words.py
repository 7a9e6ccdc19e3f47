"""Each language's words for finding an answer (``TABLE_WORDS``): the card names as its rule
texts write them, the nicknames people type, numbers said as words, stems and stop words.
The nicknames a Spanish or German table uses are its own, not translations of the English
ones; ``rulesets.search`` turns a question and the answers into tokens with them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import snowballstemmer
from django.utils.translation import get_language

Patterns = tuple[tuple[re.Pattern[str], str], ...]


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def patterns(pairs: Iterable[tuple[str, str]]) -> Patterns:
    return tuple((re.compile(pattern), token) for pattern, token in pairs)


@dataclass(frozen=True)
class TableWords:
    """One language's words for finding an answer.

    ``card_names``: the card names as that language's rule texts write them (matched in the
    text as written: case matters, so that a count like "draw four cards" stays a count);
    ``nicknames``: what people type, matched in the lower-cased question (without accents);
    ``numbers``: numbers said as words; ``stems``: a token and the words that lead to it (a
    word ending in "*" in all its forms);
    ``phrases``: a few words that say one thing (the card you just drew), matched in both the
    lower-cased texts and what people type (without accents); ``on``: the words that put one
    card on another ("+2 on a +4"), which tell the order the cards are named in;
    ``stop``: words that say nothing about the question; ``stemmer``: the Snowball stemmer
    of the language, which makes every form of a word one ("picked", "picking" -> "pick"),
    so that ``stems`` needs a word's stem (or a form whose stem it is) and the forms a
    stemmer cannot bring to it ("drew", "forgot"), not every form.
    """

    card_names: Patterns = ()
    nicknames: Patterns = ()
    phrases: Patterns = ()
    on: frozenset[str] = frozenset()
    numbers: Mapping[str, str] = field(default_factory=dict)
    stems: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    stop: frozenset[str] = frozenset()
    stemmer: str = "english"

    @cached_property
    def stem(self) -> dict[str, str]:
        """Each listed word -> its token, as listed."""
        return {
            word.rstrip("*"): stem for stem, words in self.stems.items() for word in (stem, *words)
        }

    @cached_property
    def every_form(self) -> dict[str, str]:
        """The stem of each word listed with a "*" -> its token: any form of it leads there
        ("jugar*": "jugarla", "juegas"... are play). Only those: a word is not widened to
        every word sharing its stem unless it is marked ("termino", I finish, is going out;
        "termina", the game ends, is not)."""
        return {
            base(self.stemmer, word.rstrip("*")): stem
            for stem, words in self.stems.items()
            for word in words
            if word.endswith("*")
        }

    @cached_property
    def tokens(self) -> frozenset[str]:
        """The tokens themselves ("wd4", "drawncard", "out"): never stemmed again."""
        made = {t for pairs in (self.card_names, self.nicknames, self.phrases) for _p, t in pairs}
        return frozenset(self.stems) | frozenset(" ".join(made).split())

    def token(self, word: str) -> str | None:
        """The token a word leads to in this language, or None."""
        if word in self.tokens:
            return word
        # The word as listed, or its stem listed ("picked" -> "pick" -> draw), or any form
        # of a word listed with a "*".
        stem = base(self.stemmer, word)
        return (
            self.stem.get(word)
            or self.stem.get(stem)
            or self.every_form.get(stem)
            or self.key_stems.get(stem)
        )

    @cached_property
    def key_stems(self) -> dict[str, str]:
        """The stem of each token that is a word -> the token ("challenger" -> challenge)."""
        return {base(self.stemmer, key): key for key in self.stems}


@functools.cache
def _stemmer(language: str) -> snowballstemmer.Stemmer:
    return snowballstemmer.stemmer(language)


@functools.lru_cache(maxsize=20_000)
def base(language: str, word: str) -> str:
    """A word's stem by the Snowball stemmer of ``language`` ("forgetting" -> "forget")."""
    return str(_stemmer(language).stemWord(word))


ENGLISH = TableWords(
    card_names=patterns(
        [
            (r"\bWild Draw Fours?\b", " wd4 "),
            (r"\bDraw Twos?\b", " d2 "),
        ]
    ),
    nicknames=patterns(
        [
            (
                r"(?:wild\s*)?(?:\+\s*4|plus\s*(?:4|four)|draw\s*(?:4|four)s?|w\s*d\s*4|wd\s*4|d4)\b",
                " wd4 ",
            ),
            (r"(?:\+\s*2|plus\s*(?:2|two)|draw\s*(?:2|two)s?|d2)\b", " d2 "),
            (r"\b7\s*-\s*0\b|\bseven\s*-?\s*(?:zero|o)\b", " 7 0 "),
            (r"\bjump[\s-]*in\b", " jump "),
            (r"\bgo(?:es|ing)?\s+out\b|\bwent\s+out\b", " out "),
        ]
    ),
    phrases=patterns(
        [
            # "last card": going out; "runs out", "out of turn": not going out.
            (r"\blast\s+cards?\b", " out "),
            (r"\brun(?:s|ning)?\s+out\b|\bran\s+out\b", " empty "),
            (r"\bout\s+of\s+turn\b", " jump "),
            (
                r"\bcard\s+(?:that\s+)?(?:i|you)\s+(?:just\s+)?(?:drew|have\s+drawn|"
                r"picked(?:\s+up)?|took|pulled|got)\b|"
                r"\bafter\s+(?:i\s+|you\s+)?(?:drawing|drew)\b|\bdrawn\s+card\b|\bjust\s+drew\b",
                " draw drawncard ",
            ),
            # "If I draw a card, can I play it?": the card drawn is the one played.
            (
                r"\b(?:draw|pick\s+up)\s+(?:a\s+|one\s+|the\s+)?card\b(?=.*\bplay\s+(?:it|that)\b)",
                " draw drawncard ",
            ),
            # "Can I end on a Wild?": going out.
            (r"\b(?:end|finish)(?:s|ed|ing)?\s+(?=(?:on|with)\b)", " out "),
        ]
    ),
    on=words("on onto over after atop upon"),
    numbers={
        "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
        "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "sevens": "7",
        "zeros": "0", "zeroes": "0", "0s": "0", "7s": "7",
    },
    stems={
        # Only words the stemmer cannot bring to their token: "forgetting" is "forget" by
        # itself, "forgot" is not.
        "forget": ("forgot", "forgotten"),
        "stack": ("chain", "combine", "add", "put", "lay", "place"),
        "challenge": ("bluff", "bluffing", "doubt", "cheat", "caught"),
        "swap": ("trade", "exchange", "switch", "pass", "rotate", "rotates", "rotating",
                 "rotation"),
        "play": (),
        "jump": ("cut", "slap"),
        "draw": ("drew", "drawn", "pick", "take"),
        "deal": ("dealer", "dealt"),
        "score": ("point", "count"),
        "uno": ("call", "shout", "say", "yell"),
        "skip": ("lose", "lost"),
        "reverse": (),
        "colour": ("color",),
        "team": ("partner", "pair"),
        "first": ("start", "begin"),
        "out": ("win", "finish", "last"),
        "wild": ("joker",),
        "empty": ("runs", "empty"),
        "shuffle": ("reshuffle", "reshuffles", "reshuffled"),
        "hand": ("cards",),
    },
    stop=frozenset(
        re.findall(
            r"\w+",
            "a an the i we you my our your me it is are do does can could may might must to of "
            "on in at if when what who which how and or with for be by then so this that there as "
            "up",
        )
    ),
)  # fmt: skip

# The other languages' words, from the glossary's research (/work/notes/issue-16-glossary.md:
# the names printed on each language's decks and what players say). A translator checks them
# against their translation: ``card_names`` must match the card names as the translated rule
# texts write them (capitals included), the stems the words those texts use. Typed words are
# matched without accents ("comodin", "prufen"), so the lists hold them without accents.
SPANISH = TableWords(
    card_names=patterns(
        [
            (
                r"\b[Cc]omod[ií]n(?:es)? (?:[Tt]oma|"
                r"[Rr]oba) [Cc]uatro\b|"
                r"\b[Cc]omod[ií]n(?:es)? \+4",
                " wd4 ",
            ),
            (r"\b[Tt]oma [Dd]os\b|\b[Rr]oba [Dd]os\b", " d2 "),
            (r"\bSalta\b|\bSalto\b", " skip "),
            (r"\bReversa\b|\b[Cc]ambio de [Ss]entido\b", " reverse "),
        ]
    ),
    nicknames=patterns(
        [
            (
                r"(?:comodin\s*)?(?:\+\s*4|"
                r"mas\s*(?:4|"
                r"cuatro)|"
                r"(?:roba|"
                r"toma|"
                r"chupate)\s*(?:4|"
                r"cuatro))\b",
                " wd4 ",
            ),
            (r"(?:\+\s*2|mas\s*(?:2|dos)|(?:roba|toma|chupate)\s*(?:2|dos))\b", " d2 "),
            (r"\bcambio\s+de\s+sentido\b", " reverse "),
            # Spain's box calls the Wild "Comodín cambio de color".
            (r"\b(?:comodin\s+)?cambio\s+de\s+color\b", " wild "),
            (r"\bpierde\s+(?:el\s+)?turno\b", " skip "),
            (r"\bse\s+acab(?:a|o|an)\b|\bno\s+quedan\s+cartas\b", " empty "),
        ]
    ),
    phrases=patterns(
        [
            # "last card": going out.
            (r"\bultimas?\s+cartas?\b", " out "),
            # "quedarse sin cartas": going out, as the rule texts say it.
            (r"\bqued\w*\s+sin\s+cartas\b", " out "),
            (
                r"\b(?:despues\s+de|acab(?:o|as|a|e|amos)\s+de)\s+(?:robar|tomar|coger)\b|"
                r"\bcarta\s+(?:robada|tomada|que\s+(?:robe|robo|robaste|tome|tomo|tomaste))\b",
                " draw drawncard ",
            ),
        ]
    ),
    on=words("sobre encima despues tras"),
    numbers={
        "cero": "0", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6",
        "siete": "7", "ocho": "8", "nueve": "9", "diez": "10", "sietes": "7", "ceros": "0",
    },
    stems={
        "forget": ("olvido", "olvide", "olvidar", "olvida", "olvidas", "olvidado", "olvidarse"),
        "play": ("jugar*", "juego", "juegas", "juega", "tirar*", "tiro", "tira"),
        "stack": ("acumular", "acumulo", "acumula", "acumulan", "encadenar", "apilar", "sumar",
                  "poner", "pongo", "echar"),
        "challenge": ("desafiar", "desafio", "desafia", "desafiado", "retar", "reto", "dudar",
                      "trampa", "farol", "pillado", "pillan"),
        "swap": ("intercambiar", "intercambio", "intercambian", "cambiar", "cambio", "cambia",
                 "cambian", "pasar", "pasan", "pasen", "rotar", "rotan", "girar", "giran"),
        "jump": ("cortar", "corte", "colarse", "meterse"),
        # The page says "tomar" (Latin America, as the card names Toma dos, Comodín Toma
        # cuatro); Spain's "robar" and "coger" are the same word here, and "carta de
        # castigo" (the page's "draw card") is Spain's "carta de robo".
        "draw": ("robar*", "robo", "roba", "robas", "robe", "tomar*", "toma", "tomo", "tome",
                 "tomas", "coger*", "cogi", "cogio", "agarrar*", "sacar*", "castigo"),
        "deal": ("repartir", "reparte", "repartidor", "reparto", "da"),
        "score": ("puntos", "punto", "puntuacion", "contar", "cuenta", "cuentan", "suman"),
        "uno": ("gritar", "grito", "decir", "digo", "cantar"),
        "skip": ("salta", "salto", "saltar", "pierde", "pierdo", "bloqueo"),
        "reverse": ("reversa", "invertir", "sentido"),
        "colour": ("color",),
        "team": ("equipo", "equipos", "pareja", "parejas", "companero", "companera"),
        "first": ("empezar", "empieza", "empiezo", "comenzar", "comienza", "primero", "primera"),
        "out": ("ganar", "gana", "gano", "terminar", "termino", "cerrar", "ultima", "ultimo"),
        "wild": ("comodin", "comodines"),
        "empty": ("mazo", "barajar", "baraja", "barajas", "barajo", "barajan", "mezclar"),
        "hand": ("mano", "manos", "cartas"),
        "players": ("jugador",),
    },
    stop=words(
        "el la los las un una unos unas de del a al y o u en con por para que se me mi mis tu "
        "tus te si puedo puede puedes podemos hay es son esta cuando como quien donde cual lo "
        "le les yo nos su sus otra otro"
    ),
    stemmer="spanish",
)  # fmt: skip

FRENCH = TableWords(
    card_names=patterns(
        [
            (r"\bSuper [Jj]okers?\b|\b[Jj]okers? \+\s?4|\+\s?4\b", " wd4 "),
            (r"\+\s?2\b", " d2 "),
            (r"\bPasse(?:r| ton tour)\b", " skip "),
            (r"\bInversions?\b", " reverse "),
        ]
    ),
    nicknames=patterns(
        [
            (
                r"(?:super\s*)?(?:joker\s*)?(?:\+\s*4|"
                r"plus\s*(?:4|"
                r"quatre))\b|"
                r"\bsuper\s*joker\b",
                " wd4 ",
            ),
            (r"(?:\+\s*2|plus\s*(?:2|deux))\b", " d2 "),
            (r"\bchangement\s+de\s+couleur\b", " wild "),
            (r"\bpasse(?:r)?\s+(?:son|ton|mon)\s+tour\b", " skip "),
            (r"\bchange(?:ment)?\s+de\s+sens\b", " reverse "),
            (r"\bplus\s+de\s+cartes\b|\bpioche\s+vide\b", " empty "),
        ]
    ),
    phrases=patterns(
        [
            # "last card": going out.
            (r"\bdernieres?\s+cartes?\b", " out "),
            # "Que se passe-t-il ?" (what happens?) is no "Passe ton tour" (a Skip).
            (r"\bse\s+passe(?:\s*-?\s*t\s*-?\s*(?:il|elle))?\b", " happens "),
            (
                r"\bapres\s+(?:avoir\s+)?pioche(?:r)?\b|\bviens\s+de\s+piocher\b|"
                r"\bcarte\s+piochee\b",
                " draw drawncard ",
            ),
        ]
    ),
    on=words("sur dessus apres"),
    numbers={
        "zero": "0", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6",
        "sept": "7", "huit": "8", "neuf": "9", "dix": "10", "zeros": "0",
    },
    stems={
        "forget": ("oublie", "oubli", "oublies", "oubliez"),
        "play": ("jouer*", "joue", "joues"),
        "stack": ("cumul", "enchainer", "enchaine", "empiler", "remettre",
                  "ajouter", "poser", "pose"),
        "challenge": ("contester", "conteste", "contestation", "bluff",
                      "douter", "tricher", "triche"),
        "swap": ("echanger", "echange", "echangent", "changer", "tourner", "tourne", "tournent",
                 "rotation"),
        "jump": ("intercepter", "interception", "couper", "coupe"),
        "draw": ("piocher*", "pioche", "pioches", "piocheur", "prendre", "prends", "pris",
                 "tirer*", "ramasser*"),
        "deal": ("distribuer", "distribue", "donneur", "donne"),
        "score": ("point", "compter", "compte", "marquer", "marque"),
        "uno": ("dire", "dis", "crier", "annoncer"),
        "skip": ("passer", "passe", "sauter", "saute"),
        "reverse": ("inversion", "inverser", "sens"),
        "colour": ("couleur",),
        "team": ("equipe", "equipes", "partenaire", "partenaires", "binome"),
        "first": ("commencer", "commence", "premier"),
        "out": ("gagner", "gagne", "finir", "fini", "terminer", "dernier"),
        "wild": ("joker",),
        "empty": ("vide", "melanger", "melange"),
        "hand": ("main", "cartes"),
        "players": ("joueur",),
    },
    stop=words(
        "le la les l un une des de du d a au aux et ou en avec pour que qui quoi quand comment "
        "je j tu il elle on nous vous mon ma mes ton ta tes son sa ses est sont peut puis peux "
        "si se s ne n pas y ce c qu ai as avoir"
    ),
    stemmer="french",
)  # fmt: skip

GERMAN = TableWords(
    card_names=patterns(
        [
            (
                r"\bZieh-?\s?Vier(?:-Farbenwahlkarten?)?\b|"
                r"\bZieh-4(?:-Farbwahl-Karten?)?|"
                r"\+\s?4(?:-Karten?)?\b",
                " wd4 ",
            ),
            (r"\bZieh-?\s?Zwei(?:-Karten?)?\b|\bZieh-2(?:-Karten?)?|\+\s?2(?:-Karten?)?\b", " d2 "),
            (r"\bAussetz(?:en|er)(?:-?[Kk]arten?)?\b", " skip "),
            (r"\bRichtungswechsel(?:-?[Kk]arten?)?\b|\bRetour(?:-?[Kk]arten?)?\b", " reverse "),
            (r"\bFarbenwahlkarten?\b|\bFarbwahl-?[Kk]arten?\b", " wild "),
        ]
    ),
    nicknames=patterns(
        [
            (
                r"(?:\+\s*4|plus\s*(?:4|vier)|zieh\s*-?\s*(?:4|vier)(?:er)?|vierer)"
                r"(?:\s*-?\s*farb(?:en)?(?:wahl|wunsch)\w*|-karten?)?\b",
                " wd4 ",
            ),
            (
                r"(?:\+\s*2|plus\s*(?:2|zwei)|zieh\s*-?\s*(?:2|zwei)(?:er)?|zweier)(?:-karten?)?\b",
                " d2 ",
            ),
            (r"\bau(?:ss|ß)er\s+der\s+reihe\b", " jump "),
            # The names printed on German boxes, old and new, in one word or several.
            (r"\bretour\s*-?\s*(?:karten?)?\b|\brichtungswechsel\w*", " reverse "),
            (r"\b(?:farb(?:en)?\s*-?\s*(?:wahl|wunsch)|wunsch)\s*-?\s*(?:karten?)?\b", " wild "),
            (r"\baussetz(?:en|er)?\s*-?\s*(?:karten?)?\b", " skip "),
            (r"\bstapel\s+(?:ist\s+)?leer\b", " empty "),
        ]
    ),
    phrases=patterns(
        [
            # "last card": going out.
            (r"\bletzte[nr]?\s+karten?\b", " out "),
            (
                r"\bnach\s+dem\s+(?:nach)?ziehen\b|\bgerade\s+gezogen\w*|"
                r"\bgezogene[nr]?\s+karte\w*",
                " draw drawncard ",
            ),
        ]
    ),
    on=words("auf nach uber ueber"),
    numbers={
        "null": "0", "eins": "1", "zwei": "2", "drei": "3", "vier": "4", "funf": "5",
        "fuenf": "5", "sechs": "6", "sieben": "7", "acht": "8", "neun": "9", "zehn": "10",
        "siebener": "7", "zweit": "2", "dritt": "3", "siebenen": "7", "nullen": "0", "nuller": "0",
    },
    stems={
        "forget": ("vergessen", "vergesse", "vergisst", "vergass", "vergaß", "vergessene"),
        "play": ("spielen", "spiele", "spielt", "spielst", "gespielt", "werfen", "werfe"),
        "stack": ("stapeln", "drauflegen", "drauf", "draufwerfen", "weitergeben", "kontern",
                  "addieren", "sammeln", "legen", "lege"),
        "challenge": ("anzweifeln", "zweifel", "bezweifeln", "bluff",
                      "schummeln", "mogeln", "prufen", "pruefen", "erwischt"),
        "swap": ("tauscht", "tausch", "wechseln", "getauscht", "wandern",
                 "wandert", "weiterreichen", "weitergereicht", "rotieren"),
        "jump": ("reinwerfen", "dazwischenwerfen", "dazwischen", "reinlegen"),
        "draw": ("ziehen*", "ziehe", "zieht", "gezogen", "nehmen", "aufnehmen*", "aufgenommen",
                 "nachziehen*", "aufheben*", "aufgehoben"),
        "deal": ("geben", "geber", "gibt", "austeilen", "verteilen", "teilt"),
        "score": ("punkt", "zahlen", "zaehlen", "zahlt", "wertung"),
        "uno": ("rufen", "ruft", "sagen", "sagt"),
        "skip": ("aussetzen", "aussetzer", "setzt", "uberspringen", "ueberspringen"),
        "reverse": ("richtungswechsel", "retour", "umkehren", "richtung"),
        "colour": ("farbe", "farben"),
        "team": ("partner", "partnerin", "paar", "mannschaft"),
        "first": ("anfangen", "fangt", "beginnen", "beginnt", "erster", "erste", "zuerst"),
        "out": ("gewinnen", "gewinnt", "fertig", "letzte", "letzten", "ausmachen", "aufhoren*",
                "beenden*"),
        "wild": ("farbenwahlkarte", "farbwahl", "farbwahlkarte", "wunscher", "wuenscher",
                 "joker"),
        "empty": ("leer", "leere", "leeren", "mischen", "gemischt", "mischt"),
        "hand": ("hand", "handkarten", "karten"),
        "players": ("spieler", "spielern", "spielerin"),
    },
    stop=words(
        "der die das den dem des ein eine einen einem einer und oder in im an am auf zu zum "
        "zur mit fur fuer von vom ich wir du er sie mein meine meinen kann darf muss wenn was "
        "wer wie wann ist sind man es noch bei nach dann sie habe hab"
    ),
    stemmer="german",
)  # fmt: skip

PORTUGUESE = TableWords(
    card_names=patterns(
        [
            (
                r"\b[CcKk]uringas? (?:[Cc]ompr[ae]|"
                r"[Cc]omprar) [Qq]uatro\b|"
                r"\b[Cc]oringas? (?:[Cc]ompr[ae]|"
                r"[Cc]omprar) [Qq]uatro\b|"
                r"\b[Cc][ou]ringas? \+\s?4|"
                r"\+\s?4\b",
                " wd4 ",
            ),
            (r"\b(?:[Cc]ompr[ae]|[Cc]omprar) [Dd]uas\b|\+\s?2\b", " d2 "),
            (r"\bPular\b", " skip "),
            (r"\bInverter\b", " reverse "),
        ]
    ),
    nicknames=patterns(
        [
            (
                r"(?:c[ou]ringa\s*)?(?:\+\s*4|"
                r"mais\s*(?:4|"
                r"quatro)|"
                r"compr(?:a|e|"
                r"ar)\s*(?:4|"
                r"quatro))\b",
                " wd4 ",
            ),
            (r"(?:\+\s*2|mais\s*(?:2|dois|duas)|compr(?:a|e|ar)\s*(?:2|duas|dois))\b", " d2 "),
            (r"\b(?:perde(?:r)?|pass(?:a|ar|o))\s+a\s+vez\b", " skip "),
            (r"\bmonte\s+acab(?:a|ou)\b|\bacab(?:a|ou|aram)\s+as\s+cartas\b", " empty "),
        ]
    ),
    phrases=patterns(
        [
            # "last card": going out.
            (r"\bultimas?\s+cartas?\b", " out "),
            (
                r"\b(?:depois\s+de|acab(?:ei|ou|amos)\s+de)\s+(?:comprar|puxar|pegar)\b|"
                r"\bcarta\s+(?:comprada|que\s+comprei)\b",
                " draw drawncard ",
            ),
        ]
    ),
    on=words("sobre cima depois apos"),
    numbers={
        "zero": "0", "dois": "2", "duas": "2", "tres": "3", "quatro": "4", "cinco": "5",
        "seis": "6", "sete": "7", "oito": "8", "nove": "9", "dez": "10",
    },
    stems={
        "forget": ("esquecer", "esqueci", "esqueceu", "esquece", "esquecido"),
        "play": ("jogar*", "jogo", "joga", "jogas", "jogou"),
        "stack": ("acumular", "acumula", "acumulo", "empilhar", "empilha", "somar", "juntar",
                  "colocar", "coloco"),
        "challenge": ("desafiar", "desafio", "desafia", "duvidar", "blefe", "blefar",
                      "trapaca", "pego"),
        "swap": ("trocar", "troca", "troco", "trocam", "passa", "passar", "passam", "girar",
                 "gira", "rodar", "roda"),
        "jump": ("cortar", "corte", "corta"),
        "draw": ("comprar*", "compra", "compro", "comprei", "puxar*", "pegar", "peguei", "pegou",
                 "pescar*"),
        "deal": ("distribuir", "distribui", "carteador"),
        "score": ("pontos", "ponto", "pontuacao", "contar", "conta", "contam"),
        "uno": ("gritar", "grita", "falar", "dizer"),
        "skip": ("pular", "pula", "bloqueio", "perde", "perder"),
        "reverse": ("inverter", "inverte", "reverter", "reverso", "sentido"),
        "colour": ("cor",),
        "team": ("time", "times", "dupla", "duplas", "equipe", "parceiro", "parceira"),
        "first": ("comecar", "comeca", "primeiro", "primeira"),
        "out": ("ganhar", "ganha", "bater", "bate", "terminar", "ultima", "ultimo"),
        "wild": ("coringa", "coringas", "curinga", "curingas"),
        "empty": ("acabar", "acaba", "acabou", "embaralhar"),
        "hand": ("mao", "maos", "cartas"),
        "players": ("jogador",),
    },
    stop=words(
        "o a os as um uma uns umas de do da dos das em no na nos nas e ou com para por pra "
        "que se eu posso pode podemos quando como quem qual meu minha minhas meus tem ha ela ele"
    ),
    stemmer="portuguese",
)  # fmt: skip

# The words of each language (its code in settings.LANGUAGES), English's as the fallback.
TABLE_WORDS: dict[str, TableWords] = {
    "en": ENGLISH,
    "es": SPANISH,
    "fr": FRENCH,
    "de": GERMAN,
    "pt-br": PORTUGUESE,
}


def table_words(language: str | None = None) -> list[TableWords]:
    """The words to search with in ``language`` (the request's by default): its own, then
    English's."""
    language = (language or get_language() or "en").lower()
    own = TABLE_WORDS.get(language) or TABLE_WORDS.get(language.split("-")[0])
    return [own, ENGLISH] if own is not None and own is not ENGLISH else [ENGLISH]
