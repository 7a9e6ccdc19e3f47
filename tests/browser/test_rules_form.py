"""The short rules form, its errors, the page after saving and the rule changes, on a phone."""

import re

import pytest

from domain import options as opts
from rulesets.forms import COMMON
from rulesets.models import RuleSet
from tests.browser.conftest import assert_accessible, assert_no_horizontal_scroll
from tests.browser.test_keyboard import tab_to, tab_to_id
from tests.browser.test_sharing import decode, screenshot
from tests.conftest import make_ruleset

CHANGES = {"hand_size": 8, "seven_swap": True, "points_wild": 40, "jump_in": True}


def visible_options(page):
    return page.evaluate(
        "Array.from(document.querySelectorAll('[data-option]'))"
        ".filter(e => e.offsetParent !== null)"
        ".map(e => ({key: e.dataset.option, changed: e.classList.contains('changed'),"
        " top: e.getBoundingClientRect().top + scrollY}))"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_360_px_the_house_differences_come_without_unchanged_options_between(
    pages, transactional_db, scheme
):
    rs, secret = make_ruleset("official", name="The Garcias' rules", **CHANGES)
    page = pages.new(color_scheme=scheme)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    shown = visible_options(page)
    keys = [o["key"] for o in shown]
    # Only the common rules and the house's own are shown; the others are folded away.
    assert set(keys) == set(COMMON) | set(CHANGES)
    unchanged_rest = [o for o in shown if not o["changed"] and o["key"] not in COMMON]
    assert unchanged_rest == []
    assert page.get_by_text("more rules are under “Show all rules”").is_visible()
    # The summary of the differences stays in view while scrolling.
    summary = page.locator("[data-diff-summary]")
    assert "4 house rules:" in summary.inner_text()
    page.mouse.wheel(0, 2000)
    box = summary.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 740
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"short-form-{scheme}-360")

    # "Show all rules" shows every option that means something now; a search finds one.
    page.get_by_role("button", name="Show all rules").click()
    assert len(visible_options(page)) > len(keys) + 10
    page.get_by_role("button", name="Show fewer rules").click()
    page.get_by_label("Find a rule").fill("zero")
    assert [o["key"] for o in visible_options(page)] == ["zero_rotate"]
    assert page.get_by_text("1 rule found.").is_visible()
    page.get_by_label("Find a rule").fill("")
    assert len(visible_options(page)) == len(keys)


def test_back_to_official_and_the_live_summary(page, transactional_db):
    rs, secret = make_ruleset("official", name="Ours", uno_penalty=4)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    field = page.locator("#option-uno_penalty")
    summary = page.locator("[data-diff-summary]")
    assert summary.inner_text() == "1 house rule: UNO penalty: 4 cards"
    assert field.get_by_text("House rule").is_visible()
    field.get_by_role("button", name="Back to official").click()
    assert page.get_by_label("UNO penalty").input_value() == "2"
    assert not field.get_by_text("House rule").is_visible()
    assert summary.inner_text() == "No house rules yet: these are the official rules."
    assert page.evaluate("document.activeElement.id") == "id_uno_penalty"
    # A value out of bounds is no house rule, but can go back to official.
    page.get_by_label("Target score").fill("99999")
    target = page.locator("#option-target_score")
    assert not target.get_by_text("House rule").is_visible()
    assert target.get_by_role("button", name="Back to official").is_visible()
    page.get_by_role("group", name="Draw Two on a Draw Two").get_by_label(
        "Allowed", exact=True
    ).check()
    assert summary.inner_text() == "1 house rule: Draw Two on a Draw Two: Allowed"


def test_the_live_summary_counts_a_rule_only_while_all_it_depends_on_holds(page, transactional_db):
    """The partner's hand scores only in pairs where the winner scores the other hands
    (two conditions, Option.when): the script counts what the rules page counts."""
    rs, secret = make_ruleset("official", name="Ours", teams="pairs", team_scores_partner_hand=True)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    summary = page.locator("[data-diff-summary]")
    partner = page.locator("#option-team_scores_partner_hand")
    assert "Partner's hand scores too: Yes" in summary.inner_text()
    assert partner.is_visible()
    page.get_by_role("button", name="Show all rules").click()
    page.get_by_role("group", name="Scoring").get_by_label(
        "Everyone scores their own hand; lowest total wins"
    ).check()
    assert partner.is_hidden()
    assert summary.inner_text() == (
        "2 house rules: Scoring: Everyone scores their own hand; lowest total wins; "
        "Teams: Pairs: partners sit opposite"
    )
    page.get_by_role("group", name="Scoring").get_by_label("Winner scores the other hands").check()
    assert partner.is_visible()
    assert "Partner's hand scores too: Yes" in summary.inner_text()


def test_keyboard_only_edit_of_one_option_and_save(page, transactional_db):
    rs, secret = make_ruleset("official", name="Ours")
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    page.locator("body").focus()
    tab_to_id(page, "id_uno_penalty")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("Enter")  # to the next field, not a save
    assert page.evaluate("document.activeElement.id") == "id_target_score"
    tab_to(page, r"^Save changes$", limit=120)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/r/{rs.code}/$"))
    assert RuleSet.objects.get().current.uno_penalty == 4


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_errors_are_listed_at_the_top_with_links_and_focus(pages, transactional_db, scheme):
    page = pages.new(color_scheme=scheme)
    page.goto("/rules/new/?preset=quick")
    page.get_by_label("Target score").fill("99999")
    page.get_by_role("button", name="Save and get the link").click()
    page.wait_for_load_state()
    assert page.evaluate("document.activeElement.id") == "form-errors"
    summary = page.locator("#form-errors")
    assert summary.get_by_role("heading").inner_text() == "Nothing was saved. 2 things need fixing:"
    links = summary.get_by_role("link")
    assert links.all_inner_texts() == [
        "Give your rules a name, for example “The Garcias' rules”, so the table knows "
        "whose rules they are.",
        "A game can go to at most 5,000 points.",
    ]
    links.nth(1).click()
    assert page.evaluate("document.activeElement.id") == "id_target_score"
    assert page.get_by_label("Target score").input_value() == "99999"
    assert not page.locator("#option-target_score").get_by_text("House rule").is_visible()
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"form-errors-{scheme}-360")
    assert RuleSet.objects.count() == 0


def test_without_javascript_the_form_is_whole_and_back_to_official_posts(
    browser, live_server, transactional_db
):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/rules/new/?preset=party")
        # Every option, and the blank Wild's rule beside the deck (the script hides it
        # unless the deck is the 112-card one).
        assert len(visible_options(page)) == len(opts.OPTIONS) + 1
        page.get_by_label("Name", exact=True).fill("No script")
        page.locator("#option-jump_in").get_by_role("button", name="Back to official").click()
        page.wait_for_load_state()
        assert page.get_by_label("Name", exact=True).input_value() == "No script"
        assert page.locator("#id_jump_in_1").is_checked()  # Not allowed, the official rule
        assert page.get_by_text("is back to the official rule. Nothing is saved yet.").is_visible()
        page.get_by_label("Name", exact=True).press("Enter")  # Enter saves without a script
        page.wait_for_url(re.compile(r"/r/\w+/$"))
        assert RuleSet.objects.get().current.jump_in is False
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_after_saving_the_qr_code_and_share_link_are_on_the_first_screen(
    pages, live_server, transactional_db, scheme
):
    page = pages.new(color_scheme=scheme, permissions=["clipboard-read", "clipboard-write"])
    page.goto("/rules/new/?preset=party")
    page.get_by_label("Name", exact=True).fill("The Garcias' rules")
    page.get_by_role("button", name="Save and get the link").click()
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    url = f"{live_server.url}/r/{code}/"
    qr = page.locator(".just-saved-qr img")
    qr.wait_for()
    page.wait_for_function("document.querySelector('.just-saved-qr img').complete")
    for locator in (qr, page.get_by_label("Share link for the table")):
        box = locator.bounding_box()
        assert box["y"] + box["height"] <= 740
    assert decode(screenshot(qr)) == [url]
    # The secret link: whole, with Copy and a message to oneself.
    secret = page.get_by_role("textbox", name="Secret edit link")
    link = secret.input_value()
    assert f"/r/{code}/edit/" in link
    assert page.evaluate("(e) => e.scrollHeight <= e.clientHeight", secret.element_handle())
    page.locator(".secret-link").get_by_role("button", name="Copy").click()
    page.wait_for_function("navigator.clipboard.readText().then(t => t.length > 0)")
    assert page.evaluate("navigator.clipboard.readText()") == link
    mailto = page.get_by_role("link", name="Send it to myself").get_attribute("href")
    assert (
        mailto.startswith("mailto:?subject=")
        and link.replace(":", "%3A").replace("/", "%2F") in mailto
    )
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"after-save-{scheme}-360")


def test_history_shows_notes_local_times_and_goes_back(pages, transactional_db):
    rs, secret = make_ruleset("official", name="Ours")
    page = pages.new(timezone_id="Pacific/Auckland", locale="en-NZ")
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    page.get_by_label("Why this change? (optional)").fill("Grandma hates stacking")
    page.get_by_label("UNO penalty").fill("4")
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_url(re.compile(rf"/r/{rs.code}/$"))
    page.get_by_role("link", name="Rule changes").click()
    page.wait_for_url(re.compile(rf"/r/{rs.code}/history/$"))
    assert page.get_by_text("“Grandma hates stacking”").is_visible()
    times = page.locator("time[data-local]").all_inner_texts()
    assert times and all("UTC" not in t for t in times)
    page.get_by_role("button", name="Go back to these rules (revision 1)").click()
    page.wait_for_url(re.compile(rf"/r/{rs.code}/$"))
    assert page.get_by_text("Back to the rules of revision 1, saved as revision 3.").is_visible()
    assert RuleSet.objects.get().current.uno_penalty == 2
    page.goto(f"/r/{rs.code}/history/")
    assert_no_horizontal_scroll(page)
    assert_accessible(page, "history-360")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_403_page_offers_the_rules_and_a_copy(pages, transactional_db, scheme):
    rs, _ = make_ruleset()
    page = pages.new(color_scheme=scheme)
    page.goto(f"/r/{rs.code}/edit/")
    page.get_by_role("link", name="Make my own version").wait_for()
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"403-{scheme}-360")
    page.get_by_role("link", name="Back to the rules").click()
    page.wait_for_url(re.compile(rf"/r/{rs.code}/$"))
