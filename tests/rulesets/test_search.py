"""Finding an answer by the words said at the table (rulesets/search.py, /r/<code>/answers/)."""

import pytest
from django.test import Client

from rulesets import options as opts
from rulesets import reference, search, services
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


@pytest.mark.parametrize("query", ["+2", "+4", "plus four", "draw 2", "+2 on a +4"])
def test_own_rules_written_with_plus_2_and_plus_4_are_found(query):
    ref = reference.build(opts.official(), ["A +2 may go on a +4, and the +4 stays."])
    anchors = [h.anchor for h in search.search(ref, query).hits]
    assert "own-rule-1" in anchors


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
