"""The main flows work with a keyboard alone, with a visible focus."""

import re

from play.models import Round
from rulesets.models import RuleSet


def focused(page):
    return page.evaluate(
        "(() => { const e = document.activeElement;"
        " const text = (e.innerText || e.value || '').replace(/\\s+/g, ' ').trim();"
        " return {tag: e.tagName, text: text,"
        " outline: getComputedStyle(e).outlineStyle}; })()"
    )


def tab_to(page, pattern, limit=60):
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if re.search(pattern, now["text"]):
            return now
        seen.append(f"{now['tag']}:{now['text'][:30]}")
    raise AssertionError(f"never reached {pattern!r} with Tab; went through {seen}")


def tab_to_id(page, element_id, limit=60):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    raise AssertionError(f"never reached #{element_id} with Tab")


def test_skip_link_then_create_rules_with_the_keyboard(page, transactional_db):
    page.goto("/")
    page.keyboard.press("Tab")
    first = focused(page)
    assert first["text"] == "Skip to content"
    assert first["outline"] != "none"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"

    link = tab_to(page, r"^Start from this$")
    assert link["outline"] != "none"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/rules/new/"))
    tab_to_id(page, "id_name")  # the name field, empty
    page.keyboard.type("Keyboard house")
    page.keyboard.press("Enter")  # moves on to the next field
    assert page.evaluate("document.activeElement.id") == "id_description"
    tab_to(page, r"^Save and get the link$")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    assert RuleSet.objects.get().current.name == "Keyboard house"


def test_record_a_round_with_the_keyboard(page, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(names=("Ann", "Ben"))
    page.goto(f"/g/{game.code}/")
    page.get_by_role("radio", name="Ann").focus()
    page.keyboard.press("Space")
    page.get_by_role("textbox", name=re.compile("Ben")).or_(
        page.get_by_role("spinbutton", name=re.compile("Ben"))
    ).first.focus()
    page.keyboard.type("42")
    save = tab_to(page, r"^Save round 1$")
    assert save["outline"] != "none"
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    page.get_by_role("heading", name="Record round 2").wait_for()
    assert Round.objects.filter(game=game).count() == 1
