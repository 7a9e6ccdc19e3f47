"""A 112-card house at 390 px (issue 40): the form asks the deck and the blank Wild's rule,
the rules page and the table card quote it, and a round is counted with a Wild Shuffle
Hands left in a hand. Each page is checked with axe and for sideways scrolling."""

import re

from playwright.sync_api import expect

from play.models import Game
from rulesets.models import RuleSet
from tests.browser.conftest import (
    assert_accessible,
    assert_no_horizontal_scroll,
    assert_saved_in_place,
)

WILD = "Everyone passes their hand to the left."


def _check(page, name):
    assert_no_horizontal_scroll(page)
    assert_accessible(page, name)


def test_a_112_card_house_from_the_form_to_a_round(pages, transactional_db):
    a = pages.new(width=390, height=844)
    a.goto("/rules/new/")
    wild = a.get_by_label("What does your blank Wild do? (optional)")
    expect(a.get_by_role("group", name="Which deck is in your box?")).to_be_visible()
    expect(wild).to_be_hidden()  # asked with 112 cards only
    a.get_by_label("112 cards, with Shuffle Hands and blank Wilds").check()
    expect(wild).to_be_visible()
    a.get_by_label("Name", exact=True).fill("The Garcias")
    wild.fill("x" * 201)
    a.get_by_role("button", name="Save and get the link").click()
    expect(a.get_by_role("alert")).to_contain_text("the limit is 200")
    expect(wild).to_have_value("x" * 201)  # nothing typed is lost
    wild.fill(WILD)
    _check(a, "deck-form-390")
    a.get_by_role("button", name="Save and get the link").click()
    a.wait_for_url(re.compile(r"/r/\w+/"))
    code = RuleSet.objects.get().code

    a.goto(f"/r/{code}/")
    expect(a.locator("body")).to_contain_text(f"then it does what this house wrote on it: “{WILD}”")
    expect(a.locator("body")).to_contain_text("Gather every hand, yours included")
    _check(a, "deck-rules-390")

    a.goto(f"/r/{code}/card/")
    expect(a.locator("body")).to_contain_text(f"A Wild, then: “{WILD}”")
    _check(a, "deck-card-390")

    a.goto(f"/r/{code}/")
    a.get_by_role("link", name="Start a game").first.click()
    a.wait_for_url(re.compile(r"/play/$"))
    for i, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1):
        a.get_by_label(f"Player {i}", exact=True).fill(name)
    a.get_by_label("First dealer").select_option(label="Ann")
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))

    # The catalogue's worked example, with a Wild Shuffle Hands left in Dan's hand: 186.
    a.get_by_role("radio", name="Ann", exact=True).check()
    for seat, name, cards in (
        (1, "Ben", ["7", "Skip", "Wild"]),
        (2, "Cat", ["0", "9"]),
        (3, "Dan", ["Draw Two", "Draw Two", "Reverse", "Wild Shuffle Hands"]),
    ):
        hand = a.locator(f'[data-hand][data-seat="{seat}"]')
        hand.get_by_role("button", name=f"Cards in {name}’s hand").click()
        for card in cards:
            hand.locator(f'[data-card="{card}"]').click()
    dan = a.locator('[data-hand][data-seat="3"]')
    expect(dan.locator("[data-tally]")).to_have_text(
        "Draw Two + Draw Two + Reverse + Wild Shuffle Hands = 100"
    )
    expect(dan.locator('[data-card="Blank Wild"]')).to_be_visible()
    _check(a, "deck-keypad-390")
    a.get_by_role("button", name="Save round 1").click()
    assert_saved_in_place(a)
    score = a.locator("#board .score", has=a.locator(".score-name", has_text="Ann"))
    expect(score.locator(".score-total")).to_have_text(re.compile(r"\b186\b"))
    _check(a, "deck-board-390")
    assert Game.objects.count() == 1
