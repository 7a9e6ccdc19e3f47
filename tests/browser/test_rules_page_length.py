"""The rules page at the table (issue 38): short enough to use on a phone, with nothing
dropped; what this house plays differently and, for an owner, the Share control on the
first screen."""

import pytest

from domain import reference
from rulesets.presets import BY_SLUG
from tests.browser.conftest import (
    assert_accessible,
    assert_no_horizontal_scroll,
    keep_screenshot,
)
from tests.conftest import make_ruleset

PHONE = {"width": 360, "height": 740}
MOST = {"official": 4000, "party": 6000}


def height(page):
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("preset", ["official", "party"])
def test_the_page_is_short_on_a_phone_and_drops_nothing(pages, transactional_db, preset, scheme):
    rs, secret = make_ruleset(preset)
    page = pages.new(**PHONE, color_scheme=scheme)
    page.goto(f"/r/{rs.code}/edit/{secret}/")  # the owner's browser
    page.goto(f"/r/{rs.code}/")
    tall = height(page)
    keep_screenshot(page, f"rules-page-{preset}-{scheme}-owner")
    assert tall <= MOST[preset], f"{preset}: {tall}px tall"

    # The first screen: what this house plays differently, the search, and Share.
    ref = reference.build(BY_SLUG[preset].options)
    summary = page.locator(".house-summary")
    assert summary.inner_text() == ref.summary
    share = page.locator("#share > summary")
    for element in (summary, page.get_by_role("searchbox", name="Find an answer"), share):
        box = element.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], element
    assert_no_horizontal_scroll(page)

    # Nothing dropped: every answer is there, behind its question.
    answers = page.locator("#answers [data-filter-item]")
    assert answers.count() == len(ref.answers)
    first = answers.first
    assert not first.locator("details").evaluate("d => d.open")
    first.locator("summary").click()
    assert first.get_by_text(ref.answers[0].text).is_visible()
    assert_accessible(page)

    # Share leads to the link, the QR code and the cards.
    share.click()
    assert page.get_by_role("textbox", name="Share link").is_visible()
    assert page.get_by_role("img", name="QR code of the share link").is_visible()
    assert page.get_by_role("link", name="Printable table card").is_visible()


@pytest.mark.parametrize("preset", ["official", "party"])
def test_a_reader_without_javascript_gets_the_same_short_page(pages, transactional_db, preset):
    rs, _ = make_ruleset(preset)
    page = pages.new(**PHONE, java_script_enabled=False)
    page.goto(f"/r/{rs.code}/")
    assert height(page) <= MOST[preset]
    answers = page.locator("#answers [data-filter-item]")
    assert answers.count() == len(reference.build(BY_SLUG[preset].options).answers)
    answers.nth(2).locator("summary").click()
    assert answers.nth(2).locator("p").first.is_visible()
    # The share panel opens without script too.
    page.locator("#share > summary").click()
    assert page.get_by_role("textbox", name="Share link").is_visible()


def test_stop_editing_asks_first_and_says_what_it_means(pages, transactional_db):
    rs, secret = make_ruleset()
    page = pages.new(**PHONE, java_script_enabled=False)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    page.goto(f"/r/{rs.code}/")
    page.get_by_text("Who can change these rules").click()
    stop = page.get_by_role("button", name="Yes, stop editing on this browser")
    assert not stop.is_visible()  # one tap is not enough
    page.get_by_text("Stop editing on this browser", exact=True).click()
    assert page.get_by_text("you will need your edit link").is_visible()
    assert_no_horizontal_scroll(page)
    stop.click()
    page.wait_for_url("**/")
    assert page.get_by_text("This browser can no longer change those rules.").is_visible()
    page.goto(f"/r/{rs.code}/")
    assert page.get_by_role("link", name="Edit these rules").count() == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_offline_the_whole_page_is_kept_answers_included(pages, transactional_db, scheme):
    rs, _ = make_ruleset("party")
    never_opened, _ = make_ruleset("quick")
    ref = reference.build(BY_SLUG["party"].options)
    page = pages.new(**PHONE, color_scheme=scheme)
    page.goto(f"/r/{rs.code}/")
    page.locator("html[data-offline-saved]").wait_for(state="attached")
    context = page.context
    context.set_offline(True)
    try:
        response = page.reload()
        assert response.from_service_worker
        answers = page.locator("#answers [data-filter-item]")
        assert answers.count() == len(ref.answers)
        answers.last.locator("summary").click()
        assert answers.last.get_by_text(ref.answers[-1].text).is_visible()

        # The search without script (its own page) finds the saved page and every answer.
        response = page.goto(f"/r/{rs.code}/answers/?q=forgot")
        assert response.ok and response.from_service_worker
        assert page.locator("#answers [data-filter-item]").count() == len(ref.answers)

        # A page never opened: the offline page, in the site's look.
        response = page.goto(f"/r/{never_opened.code}/")
        assert response.status == 503
        assert page.get_by_role("heading", level=1, name="You are offline").is_visible()
        assert page.get_by_role("link", name="House Rules").is_visible()
        assert page.get_by_role("link", name="Go to the home page").is_visible()
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == ("rgb(251, 248, 243)" if scheme == "light" else "rgb(22, 20, 18)")
        assert_no_horizontal_scroll(page)
        assert_accessible(page, f"offline-page-{scheme}-360")
    finally:
        context.set_offline(False)
    pages.problems[:] = [p for p in pages.problems if "status of 503" not in p]
