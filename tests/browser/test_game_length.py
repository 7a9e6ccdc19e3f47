"""How long is a game? On a phone: the rules page, the start page and the history."""

import pytest

from domain import options as opts
from rulesets import services as rs_services
from tests.browser.conftest import (
    assert_accessible,
    assert_accessible_light_and_dark,
    assert_no_horizontal_scroll,
)
from tests.conftest import make_ruleset

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def immediate(settings):
    settings.ESTIMATE_TASK_BACKEND = "immediate"
    settings.ESTIMATE_CPU_SECONDS = 0.05


def test_the_rules_page_shows_the_length_of_a_game(pages, transactional_db, immediate):
    rs, _ = make_ruleset("party")
    page = pages.new(**PHONE)
    page.goto(f"/r/{rs.code}/")
    section = page.locator("#game-length")
    section.scroll_into_view_if_needed()
    page.locator("#game-length .game-length-list").wait_for(timeout=60_000)
    items = page.locator("#game-length .game-length-list li")
    assert items.count() == 4
    assert items.first.inner_text().startswith("2 players: about ")
    assert "With these house rules, rounds are about" in section.inner_text()
    assert_accessible_light_and_dark(page, "game-length-rules")

    # The family's own times: the whole page, with the figures worked out again.
    page.get_by_label("Seconds for a turn").fill("12")
    page.get_by_role("button", name="Work it out again").click()
    page.wait_for_url("**/game-length/?*turn=12*")
    assert "12 seconds a turn" in page.locator("#game-length").inner_text()
    assert_accessible_light_and_dark(page, "game-length-page")


def test_the_start_page_follows_the_players_entered(pages, transactional_db, immediate):
    rs, _ = make_ruleset()
    page = pages.new(**PHONE)
    page.goto(f"/r/{rs.code}/play/")
    estimate = page.locator("#start-game-length")
    estimate.get_by_text("Enter the players").wait_for()
    for number, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        page.fill(f"#player-{number}", name)
    page.locator("#start-game-length", has_text="With 3 players: about").wait_for(timeout=60_000)
    assert_no_horizontal_scroll(page)
    assert_accessible(page, "game-length-start")


def test_the_history_says_what_the_changes_do(pages, transactional_db, immediate):
    rs, _ = make_ruleset()
    rs_services.save_revision(rs, "Official rules", "", {**opts.official(), "target_score": 250})
    page = pages.new(**PHONE)
    page.goto(f"/r/{rs.code}/history/")
    page.get_by_text("These changes make a game about").wait_for(timeout=60_000)
    assert_accessible(page, "game-length-history")
