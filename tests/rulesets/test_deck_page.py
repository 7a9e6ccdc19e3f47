"""The 112-card deck on the rules page, the "Can I...?" answers and the table card (catalogue
v3, issue 40): the Shuffle Hands ruling stated, the blank Wild a Wild plus the house's own
words, quoted, never explained."""

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from domain import options as opts
from domain import reference
from rulesets import search, services

pytestmark = pytest.mark.django_db

WILD = "Everyone passes their hand to the <left> & laughs."
MODERN = {**opts.official(), "deck": "modern_112"}


def _page(options, wild=WILD):
    rs, _ = services.create_ruleset("Ours", "", options, custom_wild_rule=wild)
    return rs, Client().get(f"/r/{rs.code}/").content.decode()


def test_with_112_cards_the_page_states_both_cards_and_quotes_the_house():
    _rs, html = _page(MODERN)
    assert "Gather every hand, yours included, shuffle them together" in html
    assert "starting with the player to your left" in html
    assert "If your last card is a Wild Shuffle Hands, the round does not end" in html
    assert "then it does what this house wrote on it: “" + escape(WILD) + "”" in html
    assert WILD not in html  # the family's words are text, never markup


def test_without_words_the_blank_wild_is_just_a_wild():
    _rs, html = _page(MODERN, wild="")
    assert "has not written its own rule on it yet, so for now it is just a Wild" in html


def test_with_108_cards_neither_card_nor_the_stored_words_are_shown():
    _rs, html = _page(opts.official())
    assert "Wild Shuffle Hands:" not in html
    assert "Blank Wild:" not in html
    assert escape(WILD) not in html


def test_the_stacking_and_jump_in_rulings_follow_their_options():
    ref = reference.build({**MODERN, "stack_draw_two_on_draw_two": True, "jump_in": True})
    assert "neither answers a stack" in ref.rule("base.special_wilds_stack").text
    assert "nobody can jump in on it" in ref.rule("base.shuffle_hands_jump_in").text
    plain = reference.build(MODERN)
    assert plain.rule("base.special_wilds_stack") is None
    assert plain.rule("base.shuffle_hands_jump_in") is None


def test_the_card_values_name_the_special_wilds_only_with_112_cards():
    values = {
        v.card: v.points for v in reference.build({**MODERN, "points_special_wild": 30}).card_values
    }
    assert values["Wild Shuffle Hands"] == values["Blank Wild"] == "30 points"
    assert "Wild Shuffle Hands" not in {
        v.card for v in reference.build(opts.official()).card_values
    }


@pytest.mark.parametrize("layout", ["", "?layout=tent"])
def test_the_table_card_quotes_the_blank_wild(layout):
    rs, _ = _page(MODERN)
    card = Client().get(f"/r/{rs.code}/card/{layout}").content.decode()
    assert "Our blank Wild" in card
    assert escape(WILD) in card
    classic, _ = _page(opts.official())
    card = Client().get(f"/r/{classic.code}/card/{layout}").content.decode()
    assert "Our blank Wild" not in card and escape(WILD) not in card


@pytest.mark.parametrize(
    "query, anchor",
    [
        ("shuffle", "q-shuffle_hands_any_time"),
        ("shuffle hands last card", "q-shuffle_hands_last"),
        ("blank", "q-custom_wild_what"),
        ("can a blank wild answer a stack", "q-special_wild_on_stack"),
    ],
)
def test_the_search_finds_them_by_the_boxs_words(query, anchor):
    ref = reference.build({**MODERN, "stack_draw_two_on_draw_two": True}, (), WILD)
    assert anchor in [h.anchor for h in search.search(ref, query, language="en").hits]


@pytest.mark.parametrize(
    "language, query, anchor",
    [
        ("es", "baraja", "q-shuffle_hands_any_time"),
        ("es", "barajar manos", "q-shuffle_hands_last"),
        ("es", "comodin en blanco", "q-custom_wild_what"),
        ("fr", "melange des mains", "q-shuffle_hands_any_time"),
        ("fr", "joker vierge", "q-custom_wild_what"),
        ("de", "mischen", "q-shuffle_hands_any_time"),
        ("de", "hände mischen letzte karte", "q-shuffle_hands_last"),
        ("de", "leere", "q-custom_wild_what"),
        ("pt-br", "embaralhar", "q-shuffle_hands_any_time"),
        ("pt-br", "coringa em branco", "q-custom_wild_what"),
    ],
)
def test_the_search_finds_them_by_the_boxs_words_in_each_language(language, query, anchor):
    with translation.override(language):
        ref = reference.build({**MODERN, "stack_draw_two_on_draw_two": True}, (), WILD)
        hits = [h.anchor for h in search.search(ref, query, language=language).hits]
    assert anchor in hits, hits
