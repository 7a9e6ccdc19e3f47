"""The table companion page on a phone: 360x740, light and dark, the answer filter, and
the page still opening without a network once it has been visited (service worker)."""

import pytest
from django.utils import translation

from domain import reference
from rulesets import search
from rulesets.presets import BY_SLUG
from tests.browser.conftest import (
    assert_accessible,
    assert_no_horizontal_scroll,
    keep_screenshot,
)
from tests.conftest import make_ruleset

PHONE = {"width": 360, "height": 740}


def open_all_folds(page):
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("preset", ["official", "party"])
def test_the_page_fits_a_phone_and_has_no_axe_violations(pages, transactional_db, preset, scheme):
    rs, _ = make_ruleset(preset, description="Our family's rules, agreed at Christmas.")
    page = pages.new(**PHONE, color_scheme=scheme)
    response = page.goto(f"/r/{rs.code}/")
    assert response.status == 200
    assert page.get_by_role("heading", level=1).inner_text() == BY_SLUG[preset].name
    summary = reference.build(BY_SLUG[preset].options).summary
    assert page.locator(".house-summary").inner_text() == summary
    # The differences (when any) and the answers are open; the rule sections fold.
    assert page.locator("#answers-fold").evaluate("d => d.open")
    assert page.locator("#house-rules").count() == (1 if preset == "party" else 0)
    assert not page.locator("#rules-setup").evaluate("d => d.open")
    assert page.get_by_role("link", name="Start a game").is_visible()
    assert_no_horizontal_scroll(page)
    keep_screenshot(page, f"companion-{preset}-{scheme}-360-folded")

    open_all_folds(page)
    assert_no_horizontal_scroll(page)
    # Large type for arm's length: the rules and answers are at least 19px.
    size = page.locator("#rules-setup .rule").first.evaluate("e => getComputedStyle(e).fontSize")
    assert float(size.removesuffix("px")) >= 19
    assert_accessible(page, f"companion-{preset}-{scheme}-360")


def test_the_folds_open_and_close_by_keyboard_and_tap(page, transactional_db):
    rs, _ = make_ruleset("party")
    page.goto(f"/r/{rs.code}/")
    setup = page.locator("#rules-setup")
    summary = setup.locator("summary")
    box = summary.bounding_box()
    assert box["height"] >= 44  # a tap target
    summary.click()
    assert setup.evaluate("d => d.open")
    assert setup.get_by_text("Two to ten players can play.").is_visible()
    summary.focus()
    page.keyboard.press("Enter")
    assert not setup.evaluate("d => d.open")


def test_the_search_finds_answers_by_table_words(page, transactional_db):
    rs, _ = make_ruleset("party")
    page.goto(f"/r/{rs.code}/")
    box = page.get_by_role("searchbox", name="Find an answer")
    assert box.is_visible()
    box.fill("+4")
    first = page.locator("#search-results h2").first
    first.wait_for()
    assert first.inner_text() == "Can I stack a Wild Draw Four on a Wild Draw Four?"
    box.fill("xyzzy")
    page.get_by_text("Nothing answers “xyzzy” exactly.").wait_for()
    assert_no_horizontal_scroll(page)


def test_without_javascript_the_search_is_a_page_of_its_own(pages, transactional_db):
    rs, _ = make_ruleset("party")
    page = pages.new(**PHONE, java_script_enabled=False)
    page.goto(f"/r/{rs.code}/")
    answers = page.locator("#answers [data-filter-item]")
    assert answers.count() == len(reference.build(BY_SLUG["party"].options).answers)
    for index in range(answers.count()):
        assert answers.nth(index).is_visible()
    page.get_by_role("searchbox", name="Find an answer").fill("forgot")
    page.get_by_role("button", name="Find").click()
    page.wait_for_url(f"**/r/{rs.code}/answers/?q=forgot")
    assert page.locator("#search-results h2").first.inner_text() == "What if I forget to call UNO?"
    assert_no_horizontal_scroll(page)


def test_after_one_visit_the_page_opens_offline(pages, transactional_db):
    rs, _ = make_ruleset("party")
    never_opened, _ = make_ruleset("quick")
    page = pages.new(**PHONE)
    page.goto(f"/r/{rs.code}/")
    # The service worker has saved the page and its files.
    page.locator("html[data-offline-saved]").wait_for(state="attached")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.locator("[data-offline-note]").is_hidden()

    context = page.context
    context.set_offline(True)
    try:
        response = page.reload()
        assert response.ok and response.from_service_worker
        assert page.get_by_role("heading", level=1).inner_text() == "Party night"
        assert page.locator("[data-offline-note]").is_visible()
        # The stylesheet came from the cache too.
        border = page.locator(".house-summary").evaluate("e => getComputedStyle(e).borderLeftWidth")
        assert border == "6px"
        # Offline, the search narrows the answers on the page instead of asking the server.
        page.get_by_role("searchbox", name="Find an answer").fill("swap hands")
        page.get_by_text("No connection: the answers below").wait_for()
        visible = page.locator("#answers [data-filter-item]:visible")
        assert visible.count() >= 1
        assert "swap hands" in visible.first.inner_text().lower()

        # Opening it again in another tab works as well.
        tab = context.new_page()
        response = tab.goto(f"/r/{rs.code}/")
        assert response.ok
        assert tab.get_by_text("This house plays 8 rules differently").is_visible()

        # A page never opened has no saved copy: the worker says so (and the browser is
        # really offline, or the network would have answered).
        response = tab.goto(f"/r/{never_opened.code}/")
        assert response.status == 503
        assert tab.get_by_role("heading", name="You are offline").is_visible()
    finally:
        context.set_offline(False)
    # The expected 503 of the offline page is logged by the browser: not a problem.
    pages.problems[:] = [p for p in pages.problems if "status of 503" not in p]

    # Back online, the page comes from the network again (network first).
    response = page.reload()
    assert response.ok
    assert page.locator("[data-offline-note]").is_hidden()


def test_the_service_worker_leaves_forms_alone(pages, transactional_db):
    """Posts go straight to the network: creating rules works with the worker installed."""
    rs, _ = make_ruleset()
    page = pages.new(**PHONE)
    page.goto(f"/r/{rs.code}/")
    page.locator("html[data-offline-saved]").wait_for(state="attached")
    page.get_by_role("link", name="Make my own version").click()
    page.get_by_role("button", name="Save and get the link").click()
    page.wait_for_url("**/r/*/")
    assert page.get_by_text("Your private edit link").is_visible()
    # The page with the secret link is never saved for offline use.
    saved = page.evaluate("async () => !!(await caches.match(location.href, {ignoreVary: true}))")
    assert not saved


# Offline, the page finds the same answers as the server (rulesets/search.py), with the
# words the server shipped for them: (the phone's language, what is typed).
OFFLINE_QUERIES = [
    ("en-GB", "en", "if I draw a card can I play it"),
    ("en-GB", "en", "can I play the card I picked up"),
    ("en-GB", "en", "can I end on a wild"),
    ("en-GB", "en", "forgetting uno"),
    ("en-GB", "en", "+4"),
    ("de-DE", "de", "Retourkarte"),
    ("de-DE", "de", "darf ich die Karte spielen, die ich aufgenommen habe"),
    ("fr-FR", "fr", "passe ton tour"),
    ("es-ES", "es", "si robo una carta puedo jugarla"),
    ("pt-BR", "pt-br", "compra duas"),
]


@pytest.mark.parametrize(("locale", "language", "query"), OFFLINE_QUERIES)
def test_offline_the_search_finds_what_the_server_finds(
    pages, transactional_db, locale, language, query
):
    rs, _ = make_ruleset("party")
    with translation.override(language):
        ref = reference.build(BY_SLUG["party"].options)
        found = search.search(ref, query, limit=1000)
    expected = {h.anchor for h in found.hits if h.kind == "answer"}
    assert expected
    page = pages.new(**PHONE, locale=locale, service_workers="block")
    page.goto(f"/r/{rs.code}/", wait_until="networkidle")
    page.context.set_offline(True)
    try:
        page.locator("#answer-q").fill(query)
        page.locator("#search-results").filter(has_text="(").wait_for()
        visible = page.locator("#answers [data-filter-item]:visible")
        # Each answer's anchor (q-...) is inside its fold; the item names the answer.
        shown = {f"q-{visible.nth(i).get_attribute('data-answer')}" for i in range(visible.count())}
    finally:
        page.context.set_offline(False)
    assert shown == expected
