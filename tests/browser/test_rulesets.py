"""A new user creates house rules from a preset, shares them, and reads the history."""

import re

import pytest

from rulesets.models import RuleSet
from tests.browser.conftest import assert_accessible, assert_no_horizontal_scroll
from tests.conftest import make_ruleset


def test_create_from_party_night_share_and_read_the_history(pages, transactional_db):
    creator = pages.new()
    creator.goto("/")
    creator.get_by_role("link", name="Start from Party night").click()
    creator.wait_for_url(re.compile(r"/rules/new/\?preset=party"))
    creator.get_by_label("Name", exact=True).fill("The Garcias' party rules")
    creator.get_by_label("UNO penalty").fill("4")
    creator.get_by_role("button", name="Save and get the link").click()

    creator.wait_for_url(re.compile(r"/r/\w+/$"))
    share_url = creator.url
    edit_link = creator.get_by_role("textbox", name="Secret edit link").input_value()
    assert "/edit/" in edit_link
    assert creator.get_by_role("heading", name="The Garcias' party rules").is_visible()
    assert creator.get_by_role("link", name="Edit these rules").is_visible()

    # Another phone with the share link: no edit controls, and editing is refused.
    friend = pages.new()
    friend.goto(share_url)
    assert friend.get_by_role("heading", name="The Garcias' party rules").is_visible()
    assert friend.get_by_role("link", name="Edit these rules").count() == 0
    assert friend.get_by_role("textbox", name="Secret edit link").count() == 0
    code = share_url.rstrip("/").rsplit("/", 1)[1]
    token = friend.context.cookies()
    response = friend.request.post(
        f"/r/{code}/edit/",
        form={"name": "Hijacked"},
        headers={"X-CSRFToken": next((c["value"] for c in token if c["name"] == "csrftoken"), "")},
    )
    assert response.status == 403
    assert RuleSet.objects.get(code=code).current.name == "The Garcias' party rules"

    # The creator's history shows the change in words.
    creator.goto(f"/r/{code}/history/")
    assert creator.get_by_text("UNO penalty: 2 cards \u2192 4 cards").is_visible()

    # The creator edits once more; the history lists the new revision.
    creator.goto(f"/r/{code}/edit/")
    creator.get_by_label("Target score").fill("250")
    creator.get_by_role("button", name="Save changes").click()
    creator.wait_for_url(re.compile(rf"/r/{code}/$"))
    assert creator.get_by_text("Saved as revision 2.").is_visible()
    creator.goto(f"/r/{code}/history/")
    assert creator.get_by_text("Target score: 500 points \u2192 250 points").is_visible()


def test_dependent_options_hide_and_the_form_still_posts(page, transactional_db):
    page.goto("/rules/new/")
    page.get_by_role("button", name="Show all rules").click()
    penalty = page.get_by_label("Caught playing it illegally")
    assert penalty.is_visible()
    page.get_by_role("group", name="Challenging a Wild Draw Four").get_by_label(
        "Not allowed"
    ).check()
    assert not penalty.is_visible()
    assert not page.get_by_label("Rounds to win").is_visible()
    page.get_by_label("Count rounds won").check()
    assert page.get_by_label("Rounds to win").is_visible()
    assert not page.get_by_label("Target score").is_visible()
    # The option just changed is marked as a house rule.
    scoring = page.locator("[data-official]").filter(has=page.get_by_label("Count rounds won"))
    assert scoring.get_by_text("House rule").is_visible()


def test_errors_are_shown_next_to_the_field_and_input_is_kept(page, transactional_db):
    page.goto("/rules/new/?preset=quick")
    page.get_by_label("Name", exact=True).fill("Quick ones")
    page.get_by_label("Cards dealt to each player").fill("12")
    page.get_by_role("button", name="Save and get the link").click()
    assert page.get_by_text("Nothing was saved.").is_visible()
    assert page.get_by_text("Deal at most 10 cards to each player.").first.is_visible()
    assert page.get_by_label("Name", exact=True).input_value() == "Quick ones"
    assert RuleSet.objects.count() == 0


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rule_set_pages_have_no_axe_violations(pages, transactional_db, width, scheme):
    """The home page and the rule set pages, at a phone's width and a laptop's, light and
    dark: each answers with a nonce in its CSP, shows its heading, fits, and passes axe."""
    rs, secret = make_ruleset("party", name="Party <b>night</b> \U0001f389")
    page = pages.new(width=width, height=900, color_scheme=scheme)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    for path, name in [
        ("/", "home"),
        ("/rules/new/?preset=teams-to-100", "create"),
        (f"/r/{rs.code}/edit/", "edit"),
        (f"/r/{rs.code}/history/", "history"),
        ("/rules/import/", "import"),
    ]:
        response = page.goto(path)
        assert response.status == 200
        assert "nonce-" in response.headers["content-security-policy"]
        assert page.get_by_role("heading", level=1).is_visible()
        assert_no_horizontal_scroll(page)
        assert_accessible(page, f"{name}-{width}-{scheme}")
