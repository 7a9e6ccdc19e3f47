"""The scorekeeper as a table uses it: two phones, the card keypad, corrections, the end.

Every scorekeeper page is checked with axe (light at 360 px, some dark) and for
sideways scrolling.
"""

import re

import pytest
from playwright.sync_api import expect

from play.models import Game, Round
from tests.browser.conftest import (
    assert_accessible,
    assert_no_horizontal_scroll,
    assert_saved_in_place,
)
from tests.conftest import make_ruleset

POLL_WAIT = 10_000  # ms: the board polls every 3 s


def _check(page, name):
    assert_no_horizontal_scroll(page)
    assert_accessible(page, name)


def _hand(page, seat):
    return page.locator(f'[data-hand][data-seat="{seat}"]')


def _tap(page, seat, name, cards):
    """Counts a hand with the keypad: opens it (unless tapping who went out did), taps the cards."""
    hand = _hand(page, seat)
    toggle = hand.get_by_role("button", name=f"Cards in {name}’s hand")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    for card in cards:
        hand.locator(f'[data-card="{card}"]').click()
    return hand


def _record(page, went_out, keypad=None, typed=None):
    page.get_by_role("radio", name=went_out, exact=True).check()
    for seat, (name, cards) in (keypad or {}).items():
        _tap(page, seat, name, cards)
    for name, points in (typed or {}).items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name=re.compile(r"^Save round \d+$")).click()
    assert_saved_in_place(page)


def _score(page, name):
    item = page.locator("#board .score", has=page.locator(".score-name", has_text=name))
    return item.locator(".score-total")


def test_a_table_of_three_keeps_score_on_two_phones(pages, transactional_db):
    ruleset, _secret = make_ruleset("official")

    # Phone A starts a game of three from the rules page.
    a = pages.new()
    a.goto(f"/r/{ruleset.code}/")
    a.get_by_role("link", name="Start a game").first.click()
    a.wait_for_url(re.compile(r"/play/$"))
    _check(a, "scorekeeper-start-360")
    for i, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        a.get_by_label(f"Player {i}", exact=True).fill(name)
    a.get_by_label("First dealer").select_option(label="Ann")
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    expect(a.locator("#board")).to_contain_text("Ann deals · Ben plays first")
    _check(a, "scorekeeper-board-new-360")

    # Phone B opens the game link that A shares.
    game_link = a.get_by_role("textbox", name="Game link").input_value()
    b = pages.new()
    b.goto(game_link)
    b.evaluate("window.stillTheSamePage = true")
    board_responses = []
    b.on("response", lambda r: "/board/" in r.url and board_responses.append(r.status))
    # Nothing has changed yet: the poll is answered 304 and the board stays.
    b.wait_for_event(
        "response", lambda r: "/board/" in r.url and r.status == 304, timeout=POLL_WAIT
    )

    # Round 1 on phone A with the keypad, undoing a wrong tap on the way.
    a.get_by_role("radio", name="Ann", exact=True).check()
    ben = _tap(a, 1, "Ben", ["7", "Skip", "Wild", "9"])
    expect(ben.locator("[data-tally]")).to_have_text("7 + Skip + Wild + 9 = 86")
    ben.get_by_role("button", name="Undo last card").click()
    expect(ben.locator("[data-tally]")).to_have_text("7 + Skip + Wild = 77")
    expect(ben.get_by_role("spinbutton")).to_have_value("77")
    cat = _tap(a, 2, "Cat", ["0", "9"])
    expect(cat.get_by_role("spinbutton")).to_have_value("9")
    # The player who went out has no hand to count.
    expect(_hand(a, 0).get_by_role("spinbutton")).to_be_disabled()
    _check(a, "scorekeeper-keypad-360")
    a.get_by_role("button", name="Save round 1").click()
    assert_saved_in_place(a)
    expect(a.get_by_text("Round 1 saved: Ann went out. Ann scores 86.")).to_be_visible()
    expect(_score(a, "Ann")).to_have_text(re.compile(r"86$"))
    expect(_score(b, "Ann")).to_have_text(re.compile(r"86$"), timeout=POLL_WAIT)

    # Rounds 2 and 3, each seen on phone B without reloading.
    _record(a, "Ben", {0: ("Ann", ["Draw Two", "5"]), 2: ("Cat", ["Wild Draw Four"])})
    expect(_score(b, "Ben")).to_have_text(re.compile(r"75$"), timeout=POLL_WAIT)
    _record(a, "Cat", {0: ("Ann", ["3"]), 1: ("Ben", ["Reverse", "4"])})
    expect(_score(b, "Cat")).to_have_text(re.compile(r"27$"), timeout=POLL_WAIT)
    expect(b.locator("#board")).to_contain_text("Round 4")
    expect(b.locator("#board")).to_contain_text("Ann deals · Ben plays first")
    assert b.evaluate("window.stillTheSamePage") is True
    assert 200 in board_responses and 304 in board_responses
    _check(b, "scorekeeper-board-mid-game-360")

    # Correct round 2 from the history: Cat held a Wild (50), not a Wild Draw Four... and 20.
    a.get_by_role("link", name="History and chart").click()
    a.wait_for_url(re.compile(r"/rounds/$"))
    expect(a.locator("svg.chart-svg title")).to_have_text("Running totals by round")
    expect(a.get_by_role("table")).to_contain_text("86")
    _check(a, "scorekeeper-history-360")
    a.get_by_role("link", name="Edit round 2").click()
    a.wait_for_url(re.compile(r"/edit/$"))
    expect(a.get_by_role("spinbutton", name="Cat", exact=True)).to_have_value("50")
    _check(a, "scorekeeper-edit-360")
    a.get_by_role("spinbutton", name="Cat", exact=True).fill("20")
    a.get_by_role("button", name="Save round 2").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    expect(_score(a, "Ben")).to_have_text(re.compile(r"45$"))
    expect(_score(b, "Ben")).to_have_text(re.compile(r"45$"), timeout=POLL_WAIT)
    assert b.evaluate("window.stillTheSamePage") is True

    # Round 4 reaches the target: Ann wins, recording closes on both phones.
    _record(a, "Ann", typed={"Ben": 380, "Cat": 40})
    expect(a.locator(".winner-banner")).to_have_text(re.compile("Ann wins with 506 points."))
    # The page reloaded for the finished board and still says what was saved.
    expect(a.locator("[data-queue-status]")).to_contain_text("Round 4 saved: Ann went out.")
    expect(a.get_by_role("radio", name="Ben")).to_have_count(0)
    expect(a.get_by_role("button", name="Play again with the same players")).to_be_visible()
    _check(a, "scorekeeper-finished-360")
    expect(b.locator(".winner-banner")).to_contain_text("Ann wins", timeout=POLL_WAIT)
    expect(b.get_by_role("radio", name="Ben")).to_have_count(0)

    game = Game.objects.get(code=game_link.rstrip("/").rsplit("/", 1)[1])
    assert game.finished
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1, 2, 3, 4]

    # Play again: the same players, the deal passes on.
    a.get_by_role("button", name="Play again with the same players").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    assert a.url != game_link
    expect(a.locator("#board")).to_contain_text("Round 1")
    expect(a.locator("#board")).to_contain_text("Ben deals · Cat plays first")


def test_delete_confirmation_bad_input_and_the_spectator_page(pages, transactional_db):
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(
        ["Ann", "Ben", "Cat", "Dan"], preset="teams-to-100", team_scores_partner_hand=False
    )
    record(game, 0, {1: 10, 3: 5})
    game = services.load_game(pk=game.pk)

    a = pages.new()
    a.goto(f"/g/{game.code}/")
    expect(a.locator("#board")).to_contain_text("Ann & Cat")
    # Pairs: the partner of the player who went out does not score here.
    a.get_by_role("radio", name="Ben", exact=True).check()
    expect(_hand(a, 3).locator("[data-hand-note]")).to_contain_text("doesn’t score")
    a.get_by_role("spinbutton", name="Ann", exact=True).fill("-4")
    a.get_by_role("button", name="Save round 2").click()
    expect(a.get_by_text("Nothing was saved.")).to_be_visible()
    expect(a.get_by_text("Points can’t be negative: enter 0 or more for Ann.")).to_be_visible()
    expect(a.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("-4")
    _check(a, "scorekeeper-bad-input-360")
    assert Round.objects.filter(game=game).count() == 1

    a.goto(f"/g/{game.code}/rounds/")
    a.get_by_role("link", name="Delete round 1").click()
    expect(a.get_by_role("heading", name="Delete round 1?")).to_be_visible()
    _check(a, "scorekeeper-delete-360")
    a.get_by_role("button", name="Delete round 1").click()
    a.wait_for_url(re.compile(r"/rounds/$"))
    expect(a.get_by_text("No rounds have been recorded yet.")).to_be_visible()

    # The spectator link, in dark mode: scores only, no controls.
    watcher = pages.new(color_scheme="dark")
    watcher.goto(f"/w/{game.spectator_code}/")
    expect(watcher.locator("#board")).to_contain_text("Round 1")
    expect(watcher.get_by_role("radio")).to_have_count(0)
    expect(watcher.get_by_role("textbox", name="Game link")).to_have_count(0)
    _check(watcher, "scorekeeper-spectator-dark-360")
    record(game, 1, {0: 30, 2: 40})
    expect(_score(watcher, "Ben & Dan")).to_have_text(re.compile(r"70$"), timeout=POLL_WAIT)


@pytest.mark.parametrize("width", [360, 1280])
def test_scorekeeper_pages_in_dark_mode(pages, transactional_db, width):
    """The worst case for a phone: ten players with the longest names, in pairs."""
    from play import services
    from tests.play.conftest import make_game, record

    names = [f"{i} Maximiliana Wolfeschlegelstein"[:30] for i in range(10)]
    game = make_game(names, teams="pairs", target_score=5000)
    for out in range(12):
        record(game, out % 10, {s: 5 * s for s in range(10) if s != out % 10})
    game = services.load_game(pk=game.pk)
    page = pages.new(width=width, height=800, color_scheme="dark")
    for path, name in [
        (f"/r/{game.revision.ruleset.code}/play/", "start"),
        (f"/g/{game.code}/", "board"),
        (f"/g/{game.code}/rounds/", "history"),
    ]:
        page.goto(path)
        _check(page, f"scorekeeper-{name}-dark-{width}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_one_keypad_of_the_page_counts_each_hand_on_its_own(pages, transactional_db, scheme):
    """The page carries one keypad; each hand's Cards button gets its own copy of it."""
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    a = pages.new(color_scheme=scheme)
    a.goto(f"/g/{game.code}/")
    expect(a.locator("[data-card]")).to_have_count(0)  # the keypad is a template until used
    a.get_by_role("radio", name="Ann", exact=True).check()

    ben_toggle = a.get_by_role("button", name="Cards in Ben’s hand")
    expect(ben_toggle).to_have_attribute("aria-expanded", "false")
    ben = _tap(a, 1, "Ben", ["7", "Skip"])
    expect(ben_toggle).to_have_attribute("aria-expanded", "true")
    keypad_id = ben_toggle.get_attribute("aria-controls")
    expect(a.locator(f"#{keypad_id}").get_by_role("group")).to_have_accessible_name(
        "Add a card to Ben’s hand"
    )
    # By keyboard: a key is a button that Enter and Space press.
    a.get_by_role("group", name="Add a card to Ben’s hand").get_by_role(
        "button", name="Wild 50"
    ).focus()
    a.keyboard.press("Enter")
    expect(ben.locator("output[aria-live=polite]")).to_have_text("7 + Skip + Wild = 77")

    cat = _tap(a, 2, "Cat", ["5"])
    a.get_by_role("group", name="Add a card to Cat’s hand").get_by_role("button", name="3").focus()
    a.keyboard.press("Space")
    expect(cat.locator("[data-tally]")).to_have_text("5 + 3 = 8")
    expect(ben.locator("[data-tally]")).to_have_text("7 + Skip + Wild = 77")
    expect(a.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("77")
    expect(a.get_by_role("spinbutton", name="Cat", exact=True)).to_have_value("8")
    box = cat.locator('[data-card="Draw Two"]').bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    _check(a, f"scorekeeper-two-keypads-{scheme}-360")

    # Undo takes back the last card of that hand only.
    ben.get_by_role("button", name="Undo last card").click()
    expect(ben.locator("[data-tally]")).to_have_text("7 + Skip = 27")
    expect(cat.locator("[data-tally]")).to_have_text("5 + 3 = 8")
    cat.get_by_role("button", name="Undo last card").click()
    cat.get_by_role("button", name="Undo last card").click()
    expect(cat.locator("[data-tally]")).to_have_text("No cards tapped yet.")
    expect(a.get_by_role("spinbutton", name="Cat", exact=True)).to_have_value("")
    expect(cat.get_by_role("button", name="Undo last card")).to_be_disabled()
    # Closing and opening again keeps the hand's count.
    a.get_by_role("button", name="Cards in Ben’s hand").click()
    expect(ben.get_by_role("group")).to_be_hidden()
    a.get_by_role("button", name="Cards in Ben’s hand").click()
    expect(ben.locator("[data-tally]")).to_have_text("7 + Skip = 27")

    a.get_by_role("button", name="Cards in Cat’s hand").click()
    expect(cat.get_by_role("group")).to_be_hidden()
    a.get_by_role("spinbutton", name="Cat", exact=True).fill("12")
    a.get_by_role("button", name="Save round 1").click()
    assert_saved_in_place(a)
    expect(a.get_by_text("Round 1 saved: Ann went out. Ann scores 39.")).to_be_visible()
    hands = Round.objects.get(game=game).hands.values_list("player__name", "points")
    assert sorted(hands) == [("Ben", 27), ("Cat", 12)]


def test_without_javascript_the_number_fields_record_a_round(pages, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    a = pages.new(java_script_enabled=False)
    a.goto(f"/g/{game.code}/")
    expect(a.get_by_role("button", name=re.compile("^Cards"))).to_have_count(0)
    expect(a.locator("[data-card]")).to_have_count(0)
    _record(a, "Cat", typed={"Ann": 14, "Ben": 6})
    expect(a.get_by_text("Round 1 saved: Cat went out. Cat scores 20.")).to_be_visible()
    hands = Round.objects.get(game=game).hands.values_list("player__name", "points")
    assert sorted(hands) == [("Ann", 14), ("Ben", 6)]


class Taps:
    """A phone's taps, counted: a tap on the screen or a key of its keyboard."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, locator):
        locator.click()
        self.count += 1

    def keys(self, text):
        for key in text:
            self.page.keyboard.press(key)
            self.count += 1


def test_the_worked_example_takes_ten_taps_from_the_board_and_the_phone_stays_put(
    pages, transactional_db
):
    """The catalogue's worked example, with the card keypad: Ann goes out; Ben 7, Skip, Wild
    (77); Cat 0, 9 (9: a 0 needs no tap); Dan Draw Two, Draw Two, Reverse (60): Ann scores
    146. Tapping who went out opens the keypads of the hands that score."""
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat", "Dan"], target_score=500)
    page = pages.new(width=390, height=844)
    page.goto(f"/g/{game.code}/")
    page.evaluate("window.stillTheSamePage = true")
    page.mouse.wheel(0, 150)  # the board scrolled a little: it must stay where it is
    page.wait_for_function("window.scrollY === 150")
    opener = page.get_by_role("link", name="+ Round 1")
    expect(opener).to_be_in_viewport()
    taps = Taps(page)
    taps.tap(opener)
    sheet = page.locator("[data-record-sheet]")
    expect(sheet).to_have_class(re.compile(r"\bis-open\b"))
    # The entry opens where the phone is: who went out and Save, without scrolling.
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_in_viewport()
    expect(page.get_by_role("button", name="Save round 1")).to_be_in_viewport()
    _check(page, "scorekeeper-round-sheet-390")
    taps.tap(page.get_by_role("radio", name="Ann", exact=True))
    # The hands that score have their keypads open; the one who went out has none.
    expect(page.locator("[data-keypad]:visible")).to_have_count(3)
    expect(_hand(page, 0).locator("[data-keypad]")).to_be_hidden()
    for seat in (1, 2, 3):
        toggle = _hand(page, seat).get_by_role("button", name=re.compile("^Cards"))
        expect(toggle).to_have_attribute("aria-expanded", "true")
    for key in page.locator("[data-keypad]:visible [data-card]").all():
        box = key.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    hands = {1: ["7", "Skip", "Wild"], 2: ["9"], 3: ["Draw Two", "Draw Two", "Reverse"]}
    for seat, cards in hands.items():
        for card in cards:
            taps.tap(_hand(page, seat).locator(f'[data-card="{card}"]'))
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("77")
    expect(page.get_by_role("spinbutton", name="Cat", exact=True)).to_have_value("9")
    expect(page.get_by_role("spinbutton", name="Dan", exact=True)).to_have_value("60")
    _check(page, "scorekeeper-round-sheet-keypads-390")
    taps.tap(page.get_by_role("button", name="Save round 1"))
    assert_saved_in_place(page)
    assert taps.count <= 10, taps.count
    expect(page.locator("[data-queue-status]")).to_have_text(
        "Round 1 saved: Ann went out. Ann scores 146."
    )
    expect(_score(page, "Ann")).to_have_text(re.compile(r"146$"))
    # No page jump: the same page, where it was, the entry closed and empty for round 2.
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.evaluate("window.scrollY") == 150
    expect(sheet).not_to_have_class(re.compile(r"\bis-open\b"))
    expect(page.get_by_role("link", name="+ Round 2")).to_be_in_viewport()
    expect(page.locator("[data-keypad]:visible")).to_have_count(0)
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("")
    expect(page.get_by_role("radio", name="Ann", exact=True)).not_to_be_checked()
    assert Round.objects.filter(game=game).count() == 1
    saved = Round.objects.get(game=game).hands.values_list("player__name", "points")
    assert sorted(saved) == [("Ben", 77), ("Cat", 9), ("Dan", 60)]
    _check(page, "scorekeeper-after-round-sheet-390")


def test_the_worked_example_typed_with_the_keyboard_alone(pages, transactional_db):
    """Typing totals still works in the sheet, with the keyboard only: the choice made with
    the arrow keys opens no keypad, Tab goes to the first hand, Enter to the next, then saves."""
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat", "Dan"], target_score=500)
    page = pages.new(width=390, height=844, color_scheme="dark")
    page.goto(f"/g/{game.code}/")
    page.get_by_role("link", name="+ Round 1").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("radio", name="Ann", exact=True)).to_be_checked()
    expect(page.locator("[data-keypad]:visible")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(page.get_by_role("spinbutton", name="Ben", exact=True)).to_be_focused()
    for keys in ("77", "Enter", "9", "Enter", "60", "Enter"):
        if keys == "Enter":
            page.keyboard.press("Enter")
        else:
            page.keyboard.type(keys)
    assert_saved_in_place(page)
    expect(_score(page, "Ann")).to_have_text(re.compile(r"146$"))


def test_the_round_entry_keeps_its_keypads_and_closes_them_after_saving(pages, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"], target_score=500)
    page = pages.new(width=390, height=844, color_scheme="dark")
    page.goto(f"/g/{game.code}/")
    page.get_by_role("link", name="+ Round 1").click()
    page.get_by_role("radio", name="Ann", exact=True).click()
    _tap(page, 1, "Ben", ["7", "Skip", "Wild"])
    _tap(page, 2, "Cat", ["0", "9"])
    expect(page.locator("[data-keypad]:visible")).to_have_count(2)
    _check(page, "scorekeeper-round-sheet-keypads-dark-390")
    page.get_by_role("button", name="Save round 1").click()
    assert_saved_in_place(page)
    expect(page.locator("[data-keypad]:visible")).to_have_count(0)
    expect(_score(page, "Ann")).to_have_text(re.compile(r"86$"))
    # Closing without saving keeps what was typed; Escape closes it too.
    page.get_by_role("link", name="+ Round 2").click()
    page.get_by_role("radio", name="Ben", exact=True).click()
    page.get_by_role("spinbutton", name="Ann", exact=True).click()
    page.keyboard.type("5")
    page.get_by_role("button", name="Close").click()
    expect(page.get_by_role("link", name="+ Round 2")).to_be_focused()
    page.get_by_role("link", name="+ Round 2").click()
    expect(page.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("5")
    page.keyboard.press("Escape")
    expect(page.locator("[data-record-sheet]")).not_to_have_class(re.compile(r"\bis-open\b"))


def test_without_javascript_the_round_link_leads_to_the_form(pages, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"], target_score=500)
    page = pages.new(java_script_enabled=False)
    page.goto(f"/g/{game.code}/")
    page.get_by_role("link", name="+ Round 1").click()
    expect(page.get_by_role("heading", name="Record round 1")).to_be_in_viewport()
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.get_by_role("spinbutton", name="Ben", exact=True).fill("20")
    page.get_by_role("spinbutton", name="Cat", exact=True).fill("5")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_text("Round 1 saved: Ann went out. Ann scores 25.")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_rules_from_a_game_are_the_ones_it_plays_by(pages, transactional_db, scheme):
    from rulesets.services import save_revision
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"], target_score=500)
    revision = game.revision
    save_revision(revision.ruleset, "Grandma’s rules", "", {**revision.options, "uno_penalty": 4})
    page = pages.new(color_scheme=scheme)
    page.goto(f"/g/{game.code}/")
    page.get_by_role("link", name="The rules", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(revision.name)
    expect(page.get_by_role("link", name="See the rules as they are now")).to_be_visible()
    _check(page, f"scorekeeper-game-rules-{scheme}-360")
    page.get_by_role("link", name="See the rules as they are now").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Grandma’s rules")


SHARE_STUB = """
window.__shared = [];
Object.defineProperty(navigator, "share", { configurable: true, value: function (data) {
  window.__shared.push(data); return Promise.resolve();
} });
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_finished_board_shares_the_result(pages, transactional_db, scheme):
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"], target_score=50)
    record(game, 1, {0: 20, 2: 40})  # Ben 60: the game is over
    page = pages.new(color_scheme=scheme)
    page.context.add_init_script(SHARE_STUB)
    page.goto(f"/g/{game.code}/")
    share = page.get_by_role("button", name="Share the result")
    expect(share).to_be_visible()
    _check(page, f"scorekeeper-share-result-{scheme}-360")
    share.click()
    shared = page.evaluate("window.__shared")
    assert len(shared) == 1
    assert shared[0]["url"].endswith(f"/w/{game.spectator_code}/")
    assert "Ben wins with 60 points." in shared[0]["text"]
    assert "Winner: Ben, 60 points" in shared[0]["text"]
    # The link shows the same final places, read-only.
    viewer = pages.new(color_scheme=scheme)
    viewer.goto(shared[0]["url"])
    expect(viewer.locator("#board .is-winner .score-name")).to_have_text("Ben")
    expect(viewer.locator("form[data-record]")).to_have_count(0)


def test_without_the_share_sheet_the_result_can_be_copied(pages, transactional_db):
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben"], target_score=50)
    record(game, 0, {1: 60})
    page = pages.new()
    page.goto(f"/w/{game.spectator_code}/")
    expect(page.get_by_role("button", name="Share the result")).to_be_hidden()
    text = page.get_by_role("textbox", name="The result, to copy")
    expect(text).to_have_value(re.compile(r"Winner: Ann, 60 points\n2nd: Ben, 0 points\nhttp"))
    page.locator(".result-share").get_by_role("button", name="Copy").click()
    expect(page.locator(".result-share [data-copy-status]")).not_to_be_empty()
