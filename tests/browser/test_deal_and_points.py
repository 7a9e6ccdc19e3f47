"""Who deals next, chosen with a tap on the board, and points added or taken outside a
round: at 390 px, light and dark, with axe, a keyboard and no sideways scrolling."""

import re

from playwright.sync_api import expect

from play import services
from tests.browser.conftest import (
    assert_accessible,
    assert_accessible_light_and_dark,
    assert_no_horizontal_scroll,
)
from tests.play.conftest import make_game, record


def _check(page, name):
    assert_no_horizontal_scroll(page)
    assert_accessible(page, name)


def test_the_loser_deals_and_a_penalty_is_given_then_undone_and_put_back(pages, transactional_db):
    game = make_game(["Dad", "Mom", "Lucia", "Abuela Maximiliana"])
    record(game, 1, {0: 30, 2: 12, 3: 57})  # Mom goes out; Abuela lost with 57
    game = services.load_game(pk=game.pk)
    page = pages.new(width=390, height=844)
    page.goto(f"/g/{game.code}/")
    expect(page.locator("#board .turn")).to_contain_text("Mom deals")

    # The loser deals: open "Someone else deals?" and tap her.
    page.get_by_text("Someone else deals?").click()
    assert_accessible_light_and_dark(page, "deal-choice-390")
    page.locator(".dealer-choices").get_by_role("button", name="Abuela Maximiliana").click()
    page.wait_for_url(re.compile(r"/g/\w+/#board$"))
    expect(page.locator("#board .turn")).to_contain_text("Abuela Maximiliana deals")
    expect(page.locator(".messages")).to_contain_text("Abuela Maximiliana deals round 2")

    # Mom was caught not calling UNO: 20 points taken, sent with the keyboard.
    page.get_by_role("link", name="Add or take points").click()
    page.wait_for_url(re.compile(r"/points/$"))
    assert_accessible_light_and_dark(page, "points-form-390")
    page.get_by_label("Who").select_option(label="Mom")
    page.get_by_label("How many points").fill("20")
    page.get_by_label("Why").fill("caught not calling UNO")
    page.get_by_role("button", name="Take the points away").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/g/\w+/#board$"))
    change = page.locator("#board .points-change")
    expect(change).to_contain_text("Points changed: Mom \u221220: caught not calling UNO.")
    total = page.locator("#board .score", has=page.locator(".score-name", has_text="Mom"))
    expect(total.locator(".score-total")).to_contain_text("79")
    assert_accessible_light_and_dark(page, "points-board-390")

    change.get_by_role("button", name=re.compile("^Undo")).click()
    expect(page.locator("#board .points-change")).to_contain_text("Undone:")
    expect(total.locator(".score-total")).to_contain_text("99")
    page.locator("#board .points-change").get_by_role(
        "button", name=re.compile("^Put it back")
    ).click()
    expect(total.locator(".score-total")).to_contain_text("79")

    page.get_by_role("link", name="History and chart").click()
    expect(page.locator(".round-entry")).to_contain_text("Points changed: Mom")
    assert_accessible_light_and_dark(page, "points-history-390")


def test_bad_points_say_why_in_the_page(pages, transactional_db):
    game = make_game(["Dad", "Mom"])
    record(game, 1, {0: 30})
    page = pages.new(width=390, height=844)
    page.goto(f"/g/{game.code}/points/")
    page.get_by_label("How many points").fill("1000000000")
    page.get_by_role("button", name="Add the points").click()
    expect(page.locator(".errorlist").first).to_be_visible()
    expect(page.get_by_text("At most 500 points at a time")).to_be_visible()
    expect(page.get_by_text("Say why, in a few words")).to_be_visible()
    _check(page, "points-form-errors-390")
