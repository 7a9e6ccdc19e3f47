"""The scorekeeper for a whole evening, in a browser at 360 px: the start form's Enter key,
the standings, the ten-player history, the next game announced on every phone.
"""

import re

import pytest
from playwright.sync_api import expect

from play.models import Game
from tests.browser.conftest import (
    assert_accessible,
    assert_no_horizontal_scroll,
    assert_saved_in_place,
)
from tests.conftest import make_ruleset

POLL_WAIT = 10_000


def _check(page, name):
    assert_no_horizontal_scroll(page)
    assert_accessible(page, name)


# How many lines each piece of text takes: a number or a word split over two lines takes two.
LINES = """(selector) => Array.from(document.querySelectorAll(selector)).flatMap((el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    const vertical = getComputedStyle(node.parentElement).writingMode.startsWith("vertical");
    const starts = new Set(rects.map((r) => Math.round(vertical ? r.left : r.top)));
    found.push([node.textContent.trim(), starts.size]);
  }
  return found;
})"""


def _broken(page, selector):
    """The texts of ``selector`` that run over more than one line."""
    return [(text, n) for text, n in page.evaluate(LINES, selector) if n > 1]


def test_enter_on_the_start_form_moves_on_and_only_start_starts(pages, transactional_db):
    ruleset, _secret = make_ruleset("official")
    page = pages.new()
    page.goto(f"/r/{ruleset.code}/play/")
    first = page.get_by_label("Player 1", exact=True)
    expect(first).to_have_attribute("enterkeyhint", "next")
    first.fill("Ann")
    first.press("Enter")
    second = page.get_by_label("Player 2", exact=True)
    expect(second).to_be_focused()
    second.fill("Ben")
    second.press("Enter")  # the phone keyboard's Go after the second name
    third = page.get_by_label("Player 3", exact=True)
    expect(third).to_be_focused()
    assert Game.objects.count() == 0
    third.fill("Cat")
    third.press("Enter")
    page.get_by_label("Player 4", exact=True).press("Enter")  # empty: on to the dealer
    expect(page.get_by_label("First dealer")).to_be_focused()
    assert Game.objects.count() == 0
    assert page.url.endswith("/play/")
    _check(page, "evening-start-enter-360")
    page.get_by_label("First dealer").select_option(label="Ben")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/\w+/$"))
    game = Game.objects.get()
    assert list(game.players.values_list("name", flat=True)) == ["Ann", "Ben", "Cat"]
    assert game.first_dealer == 1


def _ten_player_game(**changes):
    from play import services
    from tests.play.conftest import make_game, record

    names = [
        "Maximiliana",
        "Bartholomew",
        "Ann",
        "Ben",
        "Konstantinos",
        "Wilhelmina",
        "Mo",
        "Christopher",
        "Evangeline",
        "Jo",
    ]
    game = make_game(names, target_score=5000, **changes)
    for number in range(14):
        out = number % 10
        record(game, out, {s: 13 * s + number for s in range(10) if s != out})
    return services.load_game(pk=game.pk)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_history_of_ten_players_is_readable_at_360_px(pages, transactional_db, scheme):
    game = _ten_player_game()
    page = pages.new(color_scheme=scheme)
    page.goto(f"/g/{game.code}/rounds/")
    table = page.get_by_role("table")
    expect(table).to_contain_text("Maximiliana")
    assert _broken(page, ".totals-table th, .totals-table td") == []
    assert _broken(page, ".rounds h3, .chart-legend li") == []
    # The page does not scroll sideways; the table may, within itself.
    _check(page, f"evening-history-ten-{scheme}-360")
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("el => el.getBoundingClientRect().right") <= 360
    # The table's columns follow the chart's lines: the same names in the same order, with
    # the chart's marker beside each.
    legend = page.locator(".chart-legend li").all_inner_texts()[:10]
    heads = page.locator(".totals-table thead th").all_inner_texts()[1:]
    assert [h.strip() for h in heads] == [item.strip() for item in legend]
    assert page.locator(".totals-table thead th svg use").count() == 10


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_ranks_ten_players_and_says_what_they_need(pages, transactional_db, scheme):
    game = _ten_player_game()
    page = pages.new(color_scheme=scheme)
    page.goto(f"/g/{game.code}/")
    board = page.locator("#board")
    expect(board.locator(".standing-summary")).to_contain_text(
        "In the lead: Maximiliana, by 8 points. 3740 more points to win."
    )
    # Each place is followed by a colon only a screen reader hears ("1st: Maximiliana").
    places = [p.removesuffix(":").strip() for p in board.locator(".score-place").all_inner_texts()]
    assert places[0] == "1st" and places[-1] == "10th"
    expect(board.locator(".score").first).to_contain_text("needs")
    totals = [int(t.split()[-1]) for t in board.locator(".score-total").all_inner_texts()]
    assert totals == sorted(totals, reverse=True)
    assert _broken(page, ".score-total, .score-place, .score-name") == []
    assert _broken(page, ".went-out-choices label, .hand-row label") == []
    _check(page, f"evening-board-ten-{scheme}-360")


def test_ten_players_a_round_is_typed_hand_after_hand_with_enter(pages, transactional_db):
    from play.models import Round

    game = _ten_player_game()
    page = pages.new()
    page.goto(f"/g/{game.code}/")
    page.get_by_role("radio", name="Mo", exact=True).check()  # one tap
    names = [p.name for p in game.players.order_by("seat") if p.name != "Mo"]
    first = page.get_by_role("spinbutton", name=names[0], exact=True)
    first.focus()
    for i, name in enumerate(names):
        field = page.get_by_role("spinbutton", name=name, exact=True)
        expect(field).to_be_focused()
        expect(field).to_have_attribute("enterkeyhint", "done" if i == len(names) - 1 else "next")
        page.keyboard.type(str(i + 1))
        page.keyboard.press("Enter")
    assert_saved_in_place(page)
    expect(page.get_by_text("Round 15 saved: Mo went out. Mo scores 45.")).to_be_visible()
    assert Round.objects.filter(game=game).count() == 15


def test_the_next_game_is_announced_at_the_top_of_every_phone(pages, transactional_db):
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"], target_score=50)
    record(game, 0, {1: 30, 2: 25})  # Ann 55: the game is over
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    b = pages.new(color_scheme="dark")
    b.goto(f"/g/{game.code}/")
    watcher = pages.new()
    watcher.goto(f"/w/{game.spectator_code}/")
    expect(a.locator(".winner-banner")).to_have_text(re.compile("Ann wins with 55 points."))
    expect(a.locator("#next-game")).to_be_empty()
    a.get_by_role("button", name="Play again with the same players").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    new_game = Game.objects.get(previous=game)
    assert a.url.endswith(f"/g/{new_game.code}/")
    # The game of the evening, on the new board.
    expect(a.locator(".series-box")).to_contain_text("Game 2 of the evening. After 1 game: Ann 1")

    # Phone B and the spectator, still on the finished game, are told at the top.
    notice = b.locator("#next-game")
    expect(notice).to_contain_text("The next game has started.", timeout=POLL_WAIT)
    assert notice.evaluate("el => el.getBoundingClientRect().top") < 400  # above the fold
    _check(b, "evening-next-game-dark-360")
    expect(watcher.locator("#next-game")).to_contain_text(
        "The next game has started.", timeout=POLL_WAIT
    )
    watcher.get_by_role("link", name="Follow the next game").click()
    watcher.wait_for_url(re.compile(rf"/w/{new_game.spectator_code}/$"))
    b.get_by_role("link", name="Go to the next game").click()
    b.wait_for_url(re.compile(rf"/g/{new_game.code}/$"))
    record(services.load_game(pk=new_game.pk), 1, {0: 60})
    b.reload()
    expect(b.locator(".series-box")).to_contain_text("How the evening stands")
    expect(b.locator(".series-box")).to_contain_text("After 2 games: Ann 1, Ben 1, Cat 0.")
    _check(b, "evening-second-game-over-dark-360")


def test_undo_on_one_phone_and_put_back_on_another(pages, transactional_db):
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"])
    for out in (0, 1, 2):
        record(game, out, {s: 10 + s for s in range(3) if s != out})
    game = services.load_game(pk=game.pk)
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    b = pages.new(color_scheme="dark")
    b.goto(f"/g/{game.code}/")
    b.evaluate("window.stillTheSamePage = true")
    expect(a.locator("#board h2")).to_have_text("Round 4")

    a.get_by_role("button", name="Undo round 3").click()
    a.wait_for_url(re.compile(r"#board$"))
    offer = "Round 3 removed: Cat went out; hands: Ann 10, Ben 11."
    expect(a.locator(".put-back")).to_contain_text(offer)
    expect(a.locator("#board h2")).to_have_text("Round 3")
    _check(a, "evening-undo-offer-360")
    # The other phone sees it by itself, and puts it back.
    expect(b.locator(".put-back")).to_contain_text(offer, timeout=POLL_WAIT)
    assert b.evaluate("window.stillTheSamePage") is True
    _check(b, "evening-undo-offer-dark-360")
    b.get_by_role("button", name="Put round 3 back").click()
    b.wait_for_url(re.compile(r"/g/\w+/$"))
    expect(b.get_by_text("Round 3 is back, and the totals with it.")).to_be_visible()
    expect(b.locator("#board h2")).to_have_text("Round 4")
    expect(a.locator("#board h2")).to_have_text("Round 4", timeout=POLL_WAIT)
    expect(a.locator(".put-back")).to_have_count(0)
    assert list(game.rounds.order_by("number").values_list("went_out__name", flat=True)) == [
        "Ann",
        "Ben",
        "Cat",
    ]


def test_a_player_joins_in_round_3(pages, transactional_db):
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"])
    record(game, 0, {1: 10, 2: 20})  # Ann 30
    record(game, 1, {0: 5, 2: 5})  # Ben 10
    game = services.load_game(pk=game.pk)
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    watcher = pages.new(color_scheme="dark")
    watcher.goto(f"/w/{game.spectator_code}/")
    expect(a.locator("#board h2")).to_have_text("Round 3")
    a.get_by_role("link", name="Players: add, remove, seats").click()
    a.wait_for_url(re.compile(r"/players/$"))
    _check(a, "evening-players-360")
    a.get_by_label("Name", exact=True).fill("Dora")
    a.get_by_label("The lowest total at the table (0)").check()
    a.get_by_role("button", name="Add the player").click()
    a.wait_for_url(re.compile(r"/players/$"))
    expect(
        a.get_by_text("Dora joins the game from the next round, starting from 0 points.")
    ).to_be_visible()
    # Dora sits between Ann and Ben: two taps on Move up.
    a.get_by_role("button", name="Move up Dora").click()
    a.wait_for_url(re.compile(r"/players/$"))
    a.get_by_role("button", name="Move up Dora").click()
    a.wait_for_url(re.compile(r"/players/$"))
    seats = a.locator(".seat-entry input[type=text]")
    expect(seats).to_have_count(4)
    assert [seats.nth(i).input_value() for i in range(4)] == ["Ann", "Dora", "Ben", "Cat"]
    _check(a, "evening-players-after-360")

    a.get_by_role("link", name="Back to the scoreboard").click()
    board = a.locator("#board")
    expect(board).to_contain_text(
        "Dora joined after round 2, starting from 0 points (the lowest total then)."
    )
    expect(board).to_contain_text("Cat deals")
    # Round 3 with Dora: she goes out.
    a.get_by_role("radio", name="Dora", exact=True).check()
    for name, points in {"Ann": 4, "Ben": 6, "Cat": 8}.items():
        a.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    a.get_by_role("button", name="Save round 3").click()
    assert_saved_in_place(a)
    expect(a.get_by_text("Round 3 saved: Dora went out. Dora scores 18.")).to_be_visible()
    expect(a.locator("#board .score").first).to_contain_text("Ann")
    # The spectator's board follows by itself, with Dora on it.
    expect(watcher.locator("#board")).to_contain_text("Dora", timeout=POLL_WAIT)
    expect(watcher.locator("#board")).to_contain_text("Round 4", timeout=POLL_WAIT)
    _check(watcher, "evening-player-joined-dark-360")
    a.goto(f"/g/{game.code}/rounds/")
    expect(a.get_by_role("table")).to_contain_text("Dora")
    _check(a, "evening-history-with-newcomer-360")


def test_the_players_pages_in_dark_mode(pages, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    page = pages.new(color_scheme="dark")
    page.goto(f"/g/{game.code}/players/")
    _check(page, "evening-players-dark-360")
    page.get_by_role("link", name="Remove Cat").click()
    expect(page.get_by_role("heading", name="Remove Cat from the game?")).to_be_visible()
    _check(page, "evening-remove-player-dark-360")
    page.get_by_role("button", name="Remove Cat").click()
    page.wait_for_url(re.compile(r"/players/$"))
    expect(
        page.get_by_text("Cat has left the game; their rounds stay in the history.")
    ).to_be_visible()
    expect(page.get_by_text("Cat · left before the first round")).to_be_visible()
    assert _broken(page, ".seat-entry button, .seat-entry a") == []
    # Ann and Ben are the last two: removing one is refused, with the reason, on the page.
    page.get_by_role("link", name="Remove Ben").click()
    page.get_by_role("button", name="Remove Ben").click()
    expect(page.get_by_role("alert")).to_contain_text("Ann and Ben are the last two")
    _check(page, "evening-players-refused-dark-360")


def test_a_pair_joins_in_round_3_on_two_phones(pages, transactional_db):
    """Pairs: a whole pair joins in round 3 (partners opposite), plays a round, and a pair
    leaves; the other phone follows, and the history keeps who dealt and who played."""
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat", "Dan"], teams="pairs")  # Ann & Cat, Ben & Dan
    record(game, 0, {1: 10, 3: 20})  # Ann & Cat 30
    record(game, 1, {0: 5, 2: 5})  # Ben & Dan 10
    game = services.load_game(pk=game.pk)
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    b = pages.new(color_scheme="dark")
    b.goto(f"/g/{game.code}/")
    expect(a.locator("#board h2")).to_have_text("Round 3")
    a.get_by_role("link", name="Players: add, remove, seats").click()
    a.wait_for_url(re.compile(r"/players/$"))
    expect(a.get_by_role("heading", name="Add a pair")).to_be_visible()
    _check(a, "evening-pairs-players-360")
    a.get_by_label("First partner").fill("Eve")
    a.get_by_label("First partner").press("Enter")  # moves on, adds nothing yet
    assert game.players.count() == 4
    a.get_by_label("Second partner").fill("Fay")
    a.get_by_label("The lowest pair’s total at the table (10)").check()
    a.get_by_role("button", name="Add the pair").click()
    a.wait_for_url(re.compile(r"/players/$"))
    expect(
        a.get_by_text("Eve & Fay join the game from the next round, starting from 10 points.")
    ).to_be_visible()
    seats = a.locator(".seat-entry input[type=text]")
    expect(seats).to_have_count(6)
    assert [seats.nth(i).input_value() for i in range(6)] == [
        "Ann",
        "Ben",
        "Eve",
        "Cat",
        "Dan",
        "Fay",
    ]
    expect(a.get_by_text("partner of Fay")).to_be_visible()
    _check(a, "evening-pairs-added-360")

    # The other phone's board says so by itself, and records round 3: Eve goes out.
    board = b.locator("#board")
    expect(board).to_contain_text(
        "Eve & Fay joined after round 2, starting from 10 points (the lowest total then).",
        timeout=POLL_WAIT,
    )
    b.reload()
    expect(b.locator("#board")).to_contain_text("Cat deals")
    _check(b, "evening-pairs-board-dark-360")
    b.get_by_role("radio", name="Eve", exact=True).check()
    for name, points in {"Ann": 4, "Ben": 6, "Cat": 8, "Dan": 2}.items():
        b.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    b.get_by_role("button", name="Save round 3").click()
    assert_saved_in_place(b)
    expect(b.get_by_text("Round 3 saved: Eve went out. Eve & Fay score 20.")).to_be_visible()
    a.goto(f"/g/{game.code}/")
    expect(a.locator("#board h2")).to_have_text("Round 4")
    expect(a.locator("#board")).to_contain_text("Dan deals")

    # Ben & Dan leave, from the dark phone.
    b.goto(f"/g/{game.code}/players/")
    b.get_by_role("link", name="Remove the pair Ben & Dan").click()
    expect(b.get_by_role("heading", name="Remove Ben & Dan from the game?")).to_be_visible()
    _check(b, "evening-pairs-remove-dark-360")
    b.get_by_role("button", name="Remove Ben & Dan").click()
    b.wait_for_url(re.compile(r"/players/$"))
    expect(b.get_by_text("Ben & Dan have left the game")).to_be_visible()
    _check(b, "evening-pairs-left-dark-360")
    # The last two pairs stay: removing one is refused, with the reason.
    b.get_by_role("link", name="Remove the pair Ann & Cat").click()
    b.get_by_role("button", name="Remove Ann & Cat").click()
    expect(b.get_by_role("alert")).to_contain_text("needs at least two pairs")
    expect(a.locator("#board")).to_contain_text(
        "Ben & Dan left after round 3 with 10 points", timeout=POLL_WAIT
    )
    expect(a.locator("#board")).to_contain_text("Fay deals")
    # The history keeps Ben & Dan's rounds and who dealt each round then.
    a.goto(f"/g/{game.code}/rounds/")
    expect(a.get_by_role("table")).to_contain_text("Ben & Dan")
    for dealer in ("Ann dealt", "Ben dealt", "Cat dealt"):
        expect(a.get_by_text(dealer)).to_be_visible()
    _check(a, "evening-pairs-history-360")
    b.goto(f"/g/{game.code}/rounds/")
    _check(b, "evening-pairs-history-dark-360")


def test_the_family_closes_the_tab_and_starts_again_from_the_card(pages, transactional_db):
    """A fresh game from the start page, same players and rules, on a phone that kept
    score of the last game: the evening goes on. Another phone with the same names does
    not join it."""
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben"], target_score=50)
    a = pages.new(color_scheme="dark")
    a.goto(f"/g/{game.code}/")
    record(services.load_game(pk=game.pk), 0, {1: 60})  # Ann wins game 1
    a.close()  # the tab is closed
    a = a.context.new_page()
    a.goto(f"/r/{game.revision.ruleset.code}/play/")  # the card, again
    a.get_by_label("Player 1", exact=True).fill("Ann")
    a.get_by_label("Player 2", exact=True).fill("Ben")
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    expect(a.locator(".series-box")).to_contain_text(
        "Game 2 of the evening. After 1 game: Ann 1, Ben 0."
    )
    _check(a, "evening-fresh-start-dark-360")
    stranger = pages.new()
    stranger.goto(f"/r/{game.revision.ruleset.code}/play/")
    stranger.get_by_label("Player 1", exact=True).fill("Ann")
    stranger.get_by_label("Player 2", exact=True).fill("Ben")
    stranger.get_by_role("button", name="Start the game").click()
    stranger.wait_for_url(re.compile(r"/g/\w+/$"))
    expect(stranger.locator("#board h2")).to_have_text("Round 1")
    expect(stranger.locator(".series-box")).to_have_count(0)
