"""Finding an answer by the words said at the table (rulesets/search.py, /r/<code>/answers/)."""

import html
import json
import re

import pytest
from django.test import Client
from django.utils import translation

from domain import options as opts
from domain import reference
from rulesets import search, services
from rulesets.presets import BY_SLUG
from tests.conftest import make_ruleset

PARTY = reference.build(BY_SLUG["party"].options)
OFFICIAL = reference.build(opts.official())

# (what someone types, the answer that must come first, or one of those that may)
TABLE_WORDS = [
    ("+4", {"stack_wd4_on_wd4"}),
    ("+2", {"stack_d2_on_d2"}),
    ("plus 4", {"stack_wd4_on_wd4"}),
    ("plus four", {"stack_wd4_on_wd4"}),
    ("draw 2", {"stack_d2_on_d2"}),
    ("draw two", {"stack_d2_on_d2"}),
    ("wd4", {"stack_wd4_on_wd4"}),
    ("WD4 challenge", {"wd4_challenge"}),
    ("seven", {"go_out_seven", "sevens"}),
    ("7", {"go_out_seven", "sevens"}),
    ("zero", {"go_out_zero", "zeros"}),
    ("forgot", {"uno_forget"}),
    ("forgot uno", {"uno_forget"}),
    ("stack +4 on +2", {"stack_wd4_on_d2", "stack_d2_on_wd4"}),
    ("who deals", {"who_deals"}),
    ("jump in", {"jump_in", "jump_in_draw", "jump_in_wd4", "jump_in_next"}),
    ("bluff", {"wd4_challenge"}),
    ("chalenge", {"wd4_challenge"}),
    ("the pile ran out", {"draw_pile_empty"}),
    # Found in a browser review: "can I play" puts one draw card on another as much as
    # "stack" does, a card may go on its own kind, and "last card" is about going out.
    ("can I play +2 on +4", {"stack_d2_on_wd4"}),
    ("can I play a +4 on a +2", {"stack_wd4_on_d2"}),
    ("can I play +4 on +4", {"stack_wd4_on_wd4"}),
    ("+2 on +2", {"stack_d2_on_d2"}),
    (
        "last card",
        {"go_out_action", "go_out_wild", "go_out_seven", "go_out_zero", "last_card_blocked"},
    ),
]


@pytest.mark.parametrize(("query", "first"), TABLE_WORDS, ids=[q for q, _ in TABLE_WORDS])
def test_each_table_word_finds_its_answer_first(query, first):
    results = search.search(PARTY, query)
    assert results.found, query
    assert results.hits[0].anchor.removeprefix("q-") in first
    assert [h.score for h in results.hits] == sorted((h.score for h in results.hits), reverse=True)


def test_draw_4_finds_wild_draw_four_stacking_not_only_the_uno_penalty():
    anchors = [h.anchor for h in search.search(PARTY, "draw 4").hits]
    assert "q-stack_wd4_on_d2" in anchors and "q-stack_wd4_on_wd4" in anchors
    assert "q-uno_forget" not in anchors


def test_plus_4_finds_the_official_answers_too():
    anchors = [h.anchor for h in search.search(OFFICIAL, "+4").hits]
    assert anchors[0] == "q-stack_wd4_on_wd4"
    assert "q-wd4_holding_colour" in anchors


def test_each_answer_links_to_the_rule_that_decides_it():
    hit = search.search(PARTY, "+2").hits[0]
    assert ("stack_draw_two_on_draw_two", "Draw Two on a Draw Two") in hit.links
    assert ("base.stacking", "Stacking") in hit.links


def test_nothing_matching_gives_the_nearest_answers():
    results = search.search(PARTY, "skip seven")
    assert not results.found
    assert results.nearest
    assert search.search(PARTY, "xyzzy").nearest == []


def test_own_rules_are_found():
    ref = reference.build(opts.official(), ["Grandma always deals first."])
    assert search.search(ref, "grandma").hits[0].kind == "own"
    assert search.search(ref, "who deals").hits[0].kind in ("own", "answer")


def test_a_word_finds_an_own_rule_written_with_another_form_of_it():
    ref = reference.build(opts.official(), ["Whoever deals also shuffles twice."])
    assert "own" in [h.kind for h in search.search(ref, "shuffle").hits]
    assert "q-draw_pile_empty" in [h.anchor for h in search.search(ref, "shuffle").hits]


def _reference(slug: str, language: str, own_rules=()):
    """The rules of a preset as the page shows them in ``language``."""
    with translation.override(language):
        options = opts.official() if slug == "official" else BY_SLUG[slug].options
        return reference.build(options, own_rules)


def _first(slug: str, language: str, query: str) -> str:
    ref = _reference(slug, language)
    with translation.override(language):
        results = search.search(ref, query)
    assert results.found, (language, query)
    return results.hits[0].anchor.removeprefix("q-")


# Two cards named one on the other: the question naming them in that order comes first.
CARD_ORDER = [
    ("en", "+2 on a +4", "stack_d2_on_wd4"),
    ("en", "+4 on a +2", "stack_wd4_on_d2"),
    ("en", "can I put a draw two onto a wd4", "stack_d2_on_wd4"),
    ("en", "draw 2 over a draw 4", "stack_d2_on_wd4"),
    ("en", "+2 after a +4", "stack_d2_on_wd4"),
    ("es", "+2 sobre un +4", "stack_d2_on_wd4"),
    ("es", "toma dos encima de un +4", "stack_d2_on_wd4"),
    ("fr", "+2 sur un +4", "stack_d2_on_wd4"),
    ("de", "+2 auf eine +4", "stack_d2_on_wd4"),
    ("de", "auf eine +2 eine +4", "stack_wd4_on_d2"),
    # The German page says "+2-Karte" and "+4-Karte": the card, not a word between two cards.
    ("de", "+2-Karte auf eine +4-Karte", "stack_d2_on_wd4"),
    ("de", "darf ich auf eine +2-Karte eine +4-Karte legen", "stack_wd4_on_d2"),
    ("pt-br", "+2 sobre um +4", "stack_d2_on_wd4"),
    # "Can I play a +2 on a +4?", the question every table asks: playing one draw card on
    # another is stacking it, in every language, and a draw card on its own kind too.
    ("en", "can I play a +2 on a +4?", "stack_d2_on_wd4"),
    ("en", "can I play +4 on +4", "stack_wd4_on_wd4"),
    ("es", "¿puedo jugar un +2 sobre un +4?", "stack_d2_on_wd4"),
    ("es", "tirar +4 sobre +4", "stack_wd4_on_wd4"),
    ("fr", "je peux jouer un +2 sur un +4 ?", "stack_d2_on_wd4"),
    ("fr", "jouer +4 sur +4", "stack_wd4_on_wd4"),
    ("de", "darf ich eine +2 auf eine +4 spielen", "stack_d2_on_wd4"),
    ("de", "+4 auf +4 spielen", "stack_wd4_on_wd4"),
    ("pt-br", "posso jogar um +2 sobre um +4?", "stack_d2_on_wd4"),
    ("pt-br", "jogar +4 sobre +4", "stack_wd4_on_wd4"),
]

LAST_CARD = [("en", "last card"), ("es", "última carta"), ("fr", "dernière carte")]
LAST_CARD += [("de", "letzte Karte"), ("pt-br", "última carta")]


@pytest.mark.parametrize(("language", "query"), LAST_CARD)
def test_last_card_is_about_going_out(language, query):
    assert _first("party", language, query).startswith("go_out_")


@pytest.mark.parametrize("slug", ["official", "party"])
@pytest.mark.parametrize(
    ("language", "query", "first"), CARD_ORDER, ids=[f"{lang}:{q}" for lang, q, _ in CARD_ORDER]
)
def test_the_cards_in_the_order_asked_come_first(slug, language, query, first):
    assert _first(slug, language, query) == first


def test_card_order_reads_on_after_and_a_german_auf_first():
    assert search.card_order("+2 on a +4") == ("d2", "wd4")
    assert search.card_order("+4 after a +2") == ("wd4", "d2")
    assert search.card_order("+2 and +4") is None
    assert search.card_order("+2 on a +2") == ("d2", "d2")
    assert search.card_order("a Wild on a Wild") is None
    assert search.card_order("Can I go out on a Skip, Reverse or Draw Two?", written=True) is None
    with translation.override("de"):
        assert search.card_order("auf eine +4 eine +2") == ("d2", "wd4")


@pytest.mark.parametrize("query", ["+2", "+4", "plus four", "draw 2", "+2 on a +4"])
def test_own_rules_written_with_plus_2_and_plus_4_are_found(query):
    ref = reference.build(opts.official(), ["A +2 may go on a +4, and the +4 stays."])
    anchors = [h.anchor for h in search.search(ref, query).hits]
    assert "own-rule-1" in anchors


def test_an_own_rule_naming_the_cards_in_the_order_asked_comes_first():
    ref = reference.build(opts.official(), ["A +2 may go on a +4 here."])
    assert search.search(ref, "+2 on +4").hits[0].anchor == "own-rule-1"


# Number cards said as words, and the card just drawn, in each language.
NUMBER_CARDS = [
    ("en", "seven", "sevens"),
    ("en", "7", "sevens"),
    ("en", "0 swap", "zeros"),
    ("en", "zero", "zeros"),
    ("en", "can I play after drawing", "play_drawn"),
    ("es", "siete", "sevens"),
    ("es", "cero intercambio", "zeros"),
    ("es", "puedo jugar despues de robar", "play_drawn"),
    ("fr", "sept", "sevens"),
    ("fr", "zero echange", "zeros"),
    ("fr", "jouer apres avoir pioche", "play_drawn"),
    ("de", "sieben", "sevens"),
    ("de", "null tauschen", "zeros"),
    ("de", "nach dem ziehen spielen", "play_drawn"),
    ("pt-br", "sete", "sevens"),
    ("pt-br", "zero troca", "zeros"),
    ("pt-br", "jogar depois de comprar", "play_drawn"),
]


@pytest.mark.parametrize("slug", ["official", "party"])
@pytest.mark.parametrize(
    ("language", "query", "first"),
    NUMBER_CARDS,
    ids=[f"{lang}:{q}" for lang, q, _ in NUMBER_CARDS],
)
def test_sevens_zeros_and_the_drawn_card_find_their_answer(slug, language, query, first):
    assert _first(slug, language, query) == first


def test_passing_a_turn_is_not_passing_hands():
    with translation.override("pt-br"):
        assert "swap" not in search.tokens("posso passar a vez?")
    with translation.override("es"):
        assert "swap" not in search.tokens("que pasa si olvido decir uno")


@pytest.mark.django_db
class TestPage:
    def test_without_javascript_a_page_of_results(self):
        rs, _ = make_ruleset("party")
        body = Client().get(f"/r/{rs.code}/answers/", {"q": "+4"}).content.decode()
        assert "Can I stack a Wild Draw Four on a Wild Draw Four?" in body
        assert f'href="/r/{rs.code}/#q-stack_wd4_on_wd4"' in body
        assert f'href="/r/{rs.code}/#rule-stack_draw_four_on_draw_four"' in body
        assert "<html" in body

    def test_with_htmx_only_the_results(self):
        rs, _ = make_ruleset("party")
        response = Client().get(
            f"/r/{rs.code}/answers/", {"q": "+2"}, headers={"HX-Request": "true"}
        )
        body = response.content.decode()
        assert body.lstrip().startswith('<div id="search-results"')
        assert "Can I stack a Draw Two on a Draw Two?" in body

    def test_nothing_found_says_so_helpfully(self):
        rs, _ = make_ruleset()
        body = Client().get(f"/r/{rs.code}/answers/", {"q": "skip seven"}).content.decode()
        assert "Nothing answers \u201cskip seven\u201d exactly." in body
        assert "The nearest answers:" in body
        assert f'href="/r/{rs.code}/#answers-fold"' in body

    def test_the_rules_page_has_the_search_form(self):
        rs, _ = make_ruleset()
        body = Client().get(f"/r/{rs.code}/").content.decode()
        assert f'action="/r/{rs.code}/answers/"' in body and 'name="q"' in body

    def test_the_rules_page_ships_the_servers_words_for_the_offline_search(self):
        rs, _ = make_ruleset("party")
        body = Client().get(f"/r/{rs.code}/").content.decode()
        raw = re.search(r'id="answers" data-search-words="([^"]*)"', body)
        assert raw is not None
        words = json.loads(html.unescape(raw[1]))
        assert set(words["answers"]) == {a.id for a in PARTY.answers}
        assert "drawncard" in words["answers"]["play_drawn"]
        assert words["forms"]["drew"] == "draw" and "the" in words["stop"]
        assert [" wd4 " in token for _pattern, token in words["patterns"]].count(True) >= 1

    def test_own_rules_in_the_results(self):
        rs, _ = services.create_ruleset(
            "Ours", "", opts.official(), own_rules=["Grandma always deals first."]
        )
        body = Client().get(f"/r/{rs.code}/answers/", {"q": "grandma"}).content.decode()
        assert "Grandma always deals first." in body
        assert f'href="/r/{rs.code}/#own-rule-1"' in body

    def test_unknown_rules_and_post_are_refused(self):
        assert Client().get("/r/AAAAAAAAAAA/answers/", {"q": "x"}).status_code == 404
        rs, _ = make_ruleset()
        assert Client().post(f"/r/{rs.code}/answers/").status_code == 405


# Issue 38: what a family types, in each language: the drawn card ("if I draw a card can I
# play it", "the card I picked up") and going out on a Wild ("can I end on a wild").
FAMILY_WORDS = [
    ("en", "if I draw a card can I play it", "play_drawn"),
    ("en", "can I play the card I picked up", "play_drawn"),
    ("en", "can I end on a wild", "go_out_wild"),
    ("es", "si robo una carta puedo jugarla", "play_drawn"),
    ("es", "puedo jugar la carta que cogí", "play_drawn"),
    ("es", "puedo terminar con un comodín", "go_out_wild"),
    ("fr", "si je pioche une carte je peux la jouer", "play_drawn"),
    ("fr", "je peux jouer la carte que j'ai piochée", "play_drawn"),
    ("fr", "je peux finir sur un joker", "go_out_wild"),
    ("de", "wenn ich eine Karte ziehe, darf ich sie spielen", "play_drawn"),
    ("de", "darf ich die Karte spielen, die ich aufgenommen habe", "play_drawn"),
    ("de", "darf ich mit einer Farbenwahlkarte aufhören", "go_out_wild"),
    ("pt-br", "se eu comprar uma carta posso jogar ela", "play_drawn"),
    ("pt-br", "posso jogar a carta que eu peguei", "play_drawn"),
    ("pt-br", "posso terminar com um coringa", "go_out_wild"),
]


@pytest.mark.parametrize("slug", ["official", "party"])
@pytest.mark.parametrize(
    ("language", "query", "first"), FAMILY_WORDS, ids=[f"{lang}:{q}" for lang, q, _ in FAMILY_WORDS]
)
def test_a_familys_own_words_lead_to_the_right_answer(slug, language, query, first):
    assert _first(slug, language, query) == first


# The names printed on each country's boxes (old and new), and the card they name.
BOX_NAMES = [
    ("es", "Roba dos", "d2"),
    ("es", "Toma dos", "d2"),
    ("es", "Salta", "skip"),
    ("es", "Pierde turno", "skip"),
    ("es", "Reversa", "reverse"),
    ("es", "Cambio de sentido", "reverse"),
    ("es", "Comodín", "wild"),
    ("es", "Comodín cambio de color", "wild"),
    ("es", "Comodín roba cuatro", "wd4"),
    ("es", "Comodín toma cuatro", "wd4"),
    ("fr", "+2", "d2"),
    ("fr", "passe ton tour", "skip"),
    ("fr", "Inversion", "reverse"),
    ("fr", "changement de sens", "reverse"),
    ("fr", "Joker", "wild"),
    ("fr", "Super Joker", "wd4"),
    ("fr", "Joker +4", "wd4"),
    ("de", "Zieh Zwei", "d2"),
    ("de", "Aussetzen", "skip"),
    ("de", "Aussetzer-Karte", "skip"),
    ("de", "Retourkarte", "reverse"),
    ("de", "Retour", "reverse"),
    ("de", "Richtungswechsel", "reverse"),
    ("de", "Farbwunsch", "wild"),
    ("de", "Farbwunschkarte", "wild"),
    ("de", "Farbenwahlkarte", "wild"),
    ("de", "Zieh Vier Farbenwahlkarte", "wd4"),
    ("de", "Zieh-4-Farbwunschkarte", "wd4"),
    ("de", "+4-Karte", "wd4"),
    ("de", "+2-Karten", "d2"),
    ("pt-br", "compra duas", "d2"),
    ("pt-br", "Compre Duas", "d2"),
    ("pt-br", "Pular", "skip"),
    ("pt-br", "Bloqueio", "skip"),
    ("pt-br", "Inverter", "reverse"),
    ("pt-br", "Reverso", "reverse"),
    ("pt-br", "Coringa", "wild"),
    ("pt-br", "Coringa Compra Quatro", "wd4"),
    ("pt-br", "Coringa +4", "wd4"),
]


# The Spanish page is written in Latin America's words (Toma dos, "tomar una carta"); a
# family from Spain asks with "robar", "coger" and "carta de robo", and both find the answer.
SPANISH_VARIETIES = [
    ("si tomo una carta puedo jugarla", "play_drawn"),
    ("puedo jugar la carta que tomé", "play_drawn"),
    ("si robo una carta puedo jugarla", "play_drawn"),
    ("puedo jugar la carta que robé", "play_drawn"),
    ("puedo jugar la carta que cogí", "play_drawn"),
    ("puedo tomar si podría jugar", "draw_instead"),
    ("puedo robar si podría jugar", "draw_instead"),
    ("puedo coger si podría jugar", "draw_instead"),
]


@pytest.mark.parametrize("slug", ["official", "party"])
@pytest.mark.parametrize(
    ("query", "first"), SPANISH_VARIETIES, ids=[q for q, _ in SPANISH_VARIETIES]
)
def test_spanish_from_spain_and_latin_america_finds_the_same_answer(slug, query, first):
    assert _first(slug, "es", query) == first


@pytest.mark.parametrize("slug", ["official", "party"])
@pytest.mark.parametrize(
    ("language", "name", "card"), BOX_NAMES, ids=[f"{lang}:{n}" for lang, n, _ in BOX_NAMES]
)
def test_a_name_printed_on_the_box_finds_its_cards_answers(slug, language, name, card):
    """The first answer found asks about the card the box's name is for."""
    ref = _reference(slug, language)
    with translation.override(language):
        assert search.tokens(name) == [card]
        results = search.search(ref, name)
        assert results.found, (language, name)
        assert card in search.tokens(results.hits[0].question, written=True)


def test_what_happens_is_no_skip():
    """French "Que se passe-t-il ?" (what happens?) is not "Passe ton tour"."""
    with translation.override("fr"):
        assert "skip" not in search.tokens("Que se passe-t-il quand la pioche est vide ?")
        assert _first("official", "fr", "passe ton tour") != "draw_pile_empty"


def test_every_form_of_a_word_is_one_token_by_the_stemmer():
    assert search.tokens("picking") == search.tokens("picked") == ["draw"]
    assert search.tokens("forgetting") == ["forget"] and search.tokens("shuffled") == ["shuffle"]
    with translation.override("es"):
        assert search.tokens("jugarla") == search.tokens("jugamos") == ["play"]
        assert search.tokens("termina") != ["out"]  # the game ends; "termino": I go out
