"""One game for the whole table, as a table uses it: phones that find the game from the
printed card, a round entered on two phones, rounds saved without a connection, the
screen kept on, the big screen, and "Add to home screen".

Every new page is checked with axe (at 360 px, light and dark) and for sideways scrolling.
"""

import re

import pytest
from playwright.sync_api import expect

from play.models import Game, Round
from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    assert_accessible,
    assert_accessible_light_and_dark,
    assert_no_horizontal_scroll,
    assert_saved_in_place,
)
from tests.conftest import make_ruleset

POLL_WAIT = 10_000  # ms: the board polls every 3 s

# Navigator.wakeLock, stubbed: counts what the page asks for and gives back.
WAKE_LOCK_STUB = """
window.__wake = { requests: 0, releases: 0, held: 0 };
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: function (type) {
    window.__wake.requests++; window.__wake.held++;
    var listeners = [];
    var sentinel = { type: type, released: false,
      addEventListener: function (name, f) { if (name === "release") listeners.push(f); },
      release: function () {
        if (!sentinel.released) {
          sentinel.released = true; window.__wake.releases++; window.__wake.held--;
          listeners.forEach(function (f) { f(); });
        }
        return Promise.resolve();
      } };
    return Promise.resolve(sentinel);
  } } });
"""


def _check(page, name):
    assert_no_horizontal_scroll(page)
    assert_accessible(page, name)


def _score(page, name):
    item = page.locator("#board .score", has=page.locator(".score-name", has_text=name))
    return item.locator(".score-total")


def _record(page, went_out, typed):
    page.get_by_role("radio", name=went_out, exact=True).check()
    for name, points in typed.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name=re.compile(r"^Save round \d+$")).click()


def _table_link(pages, ruleset):
    """Prints the table card on a laptop and reads the link its QR code carries."""
    laptop = pages.new(width=1280, height=900)
    laptop.goto(f"/r/{ruleset.code}/card/")
    link = laptop.locator(".table-card .card-link").inner_text()
    assert re.search(rf"/r/{ruleset.code}/t/\w+/$", link)
    return link


def test_a_third_phone_finds_the_game_from_the_table_card(pages, transactional_db):
    ruleset, _secret = make_ruleset("official")
    table_link = _table_link(pages, ruleset)

    # Phone A scans the card and starts a game: nobody plays yet, so it just starts.
    a = pages.new()
    a.context.add_init_script(WAKE_LOCK_STUB)
    a.goto(table_link)
    expect(a.get_by_text("being played at this table")).to_have_count(0)
    a.get_by_role("link", name="Start a game").first.click()
    for i, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        a.get_by_label(f"Player {i}", exact=True).fill(name)
    a.get_by_label("First dealer").select_option(label="Ann")
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_url(re.compile(r"/g/\w+/$"))
    # The screen stays on while the game runs; the toggle says so.
    expect(a.get_by_role("button", name="Keep the screen on")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(a.get_by_text("The screen stays on while the game runs.")).to_be_visible()
    assert a.evaluate("window.__wake.held") == 1

    # Phone B becomes a scorer: A shows the game link's QR code, large.
    a.get_by_role("link", name="Let another phone keep score").click()
    expect(a.get_by_role("img", name=re.compile("QR code of the game link"))).to_be_visible()
    _check(a, "table-scorer-qr-360")
    game_link = a.get_by_role("textbox", name="Game link").input_value()
    a.get_by_role("link", name="Back to the scoreboard").click()
    b = pages.new(color_scheme="dark")
    b.goto(game_link)
    _record(b, "Ben", {"Ann": 20, "Cat": 9})
    assert_saved_in_place(b)

    # Phone C scans the card: the game is at the top, and it follows it read-only.
    c = pages.new()
    c.goto(table_link)
    found = c.get_by_role("region", name="A game is being played at this table")
    expect(found).to_contain_text("Ann, Ben, Cat")
    expect(found).to_contain_text("Round 2. Ben leads with 29 points.")
    _check(c, "table-rules-with-game-360")
    # "Start a game" asks first.
    c.get_by_role("link", name="Start a game").first.click()
    expect(c.get_by_role("heading", name="Follow it, or start a new one?")).to_be_visible()
    expect(
        c.get_by_text(
            re.compile(r"A game with these rules started just now at this table: Ann, Ben, Cat\.")
        )
    ).to_be_visible()
    _check(c, "table-start-question-360")
    c.get_by_role("link", name="Follow it", exact=True).click()
    c.wait_for_url(re.compile(r"/w/\w+/$"))
    expect(c.get_by_role("radio")).to_have_count(0)
    expect(_score(c, "Ben")).to_have_text(re.compile(r"29$"))
    # Phone A saw B's round arrive (its poll) before its family typed the next one: its
    # empty form is now for round 2. Typed into before that, it would ask first (a 409).
    expect(a.get_by_role("button", name="Save round 2")).to_be_visible(timeout=POLL_WAIT)
    _record(a, "Cat", {"Ann": 5, "Ben": 6})
    expect(_score(c, "Cat")).to_have_text(re.compile(r"11$"), timeout=POLL_WAIT)

    # The same card in dark mode; the public rules link shows no game at all.
    dark = pages.new(color_scheme="dark")
    dark.goto(table_link)
    _check(dark, "table-rules-with-game-dark-360")
    dark.goto(f"/r/{ruleset.code}/")
    expect(dark.get_by_text("being played at this table")).to_have_count(0)
    expect(dark.get_by_text("Ann, Ben, Cat")).to_have_count(0)

    # Only one game was started, and both phones' rounds are in it.
    game = Game.objects.get()
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]


def test_a_phone_that_scans_the_card_keeps_score_until_the_card_is_renewed(pages, transactional_db):
    """Two phones at 390 px: the host prints the card and starts the game; the other phone
    scans the card and keeps score in two taps ("Keep score", then Save); the host makes a
    new card, and the other phone is told it can no longer, losing nothing it entered."""
    ruleset, _secret = make_ruleset("official")
    host = pages.new(width=390, height=844)
    host.goto(f"/r/{ruleset.code}/card/")
    table_link = host.locator(".table-card .card-link").inner_text()
    host.goto(table_link)
    host.get_by_role("link", name="Start a game").first.click()
    for i, name in enumerate(["Mom", "Dad", "Lucia"], start=1):
        host.get_by_label(f"Player {i}", exact=True).fill(name)
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_url(re.compile(r"/g/\w+/$"))
    game = Game.objects.get()

    phone = pages.new(width=390, height=844, color_scheme="dark")
    phone.goto(table_link)  # the scan
    found = phone.get_by_role("region", name="A game is being played at this table")
    _check(phone, "table-scan-to-score-found-390")
    found.get_by_role("link", name="Keep score").click()  # tap 1
    phone.wait_for_url(f"**/g/{game.spectator_code}/")
    _record(phone, "Dad", {"Mom": 12, "Lucia": 30})  # the entry, and tap 2: Save
    assert_saved_in_place(phone)
    expect(phone.get_by_text("Round 1 saved: Dad went out. Dad scores 42.")).to_be_visible()
    assert game.code not in phone.content()
    _check(phone, "table-scan-to-score-saved-390")

    # The host makes a new card: the phone of the old card is told, in words.
    host.goto(f"/g/{game.code}/scorer/")
    host.get_by_role("button", name="Make a new card").click()
    expect(host.get_by_text("This table has a new card")).to_be_visible()
    lost = phone.locator("[data-lost-scoring]")
    expect(lost).to_contain_text("The card on this table was renewed", timeout=POLL_WAIT)
    # A round it enters now is refused with the reason, and stays on the phone.
    _record(phone, "Mom", {"Dad": 3, "Lucia": 4})
    kept = phone.locator("[data-queued-round]")
    expect(kept).to_contain_text("This phone’s round 2: Mom went out; Dad 3, Lucia 4.")
    expect(kept).to_contain_text("Your round was not saved: Mom went out; Dad 3, Lucia 4.")
    _check(phone, "table-scan-to-score-lost-390")
    assert Round.objects.filter(game=game).count() == 1
    # Scanning the new card, it keeps score again, and sends the round it kept.
    phone.goto(f"/r/{ruleset.code}/t/{Game.objects.get().table}/")
    phone.get_by_role("link", name="Keep score").click()
    phone.locator("[data-queued-round]").get_by_role("button", name="Send it again").click()
    expect(phone.locator("[data-queue]")).to_be_hidden(timeout=POLL_WAIT)
    expect(_score(phone, "Mom")).to_have_text(re.compile(r"7$"), timeout=POLL_WAIT)
    rounds = Round.objects.filter(game=game).order_by("number")
    assert list(rounds.values_list("number", "went_out__name")) == [(1, "Dad"), (2, "Mom")]
    pages.problems[:] = [p for p in pages.problems if "status of 403" not in p]


def test_the_big_screen_follows_the_game_and_keeps_the_screen_on(pages, transactional_db):
    from play import services
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"], target_score=60)
    record(game, 1, {0: 10, 2: 20})
    game = services.load_game(pk=game.pk)
    tv = pages.new(width=1280, height=720)
    tv.context.add_init_script(WAKE_LOCK_STUB)
    tv.goto(f"/w/{game.spectator_code}/table/")
    expect(tv.locator(".display-name").first).to_have_text("Ben")
    expect(tv.locator("#display")).to_contain_text("Ben deals · Cat plays first")
    expect(tv.get_by_role("img", name=re.compile("spectator link"))).to_be_visible()
    assert tv.evaluate("window.__wake.held") == 1
    assert_accessible_light_and_dark(tv, "table-display-1280")
    phone = pages.new()
    phone.goto(f"/w/{game.spectator_code}/table/")
    assert_accessible_light_and_dark(phone, "table-display-360")

    record(game, 2, {0: 5, 1: 6})  # Cat 11: ranked above Ann
    expect(tv.locator(".display-name").nth(1)).to_have_text("Cat", timeout=POLL_WAIT)
    # The game ends: the screen may turn off again.
    record(game, 0, {1: 40, 2: 40})
    expect(tv.locator("#display")).to_contain_text("Game over", timeout=POLL_WAIT)
    expect(tv.get_by_role("button", name="Keep the screen on")).to_be_hidden()
    assert tv.evaluate("window.__wake.held") == 0
    assert tv.evaluate("window.__wake.releases") == 1


def test_the_wake_lock_is_released_when_the_game_ends_and_can_be_turned_off(
    pages, transactional_db
):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben"], target_score=50)
    a = pages.new()
    a.context.add_init_script(WAKE_LOCK_STUB)
    a.goto(f"/g/{game.code}/")
    toggle = a.get_by_role("button", name="Keep the screen on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(toggle).to_have_text("Keep the screen on On")  # it says its state, on or off
    assert a.evaluate("window.__wake") == {"requests": 1, "releases": 0, "held": 1}
    # Turned off, it stays off after a reload; turned on again, it is asked for again.
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_text("Keep the screen on Off")
    expect(a.get_by_text("The screen turns off as usual.")).to_be_visible()
    assert a.evaluate("window.__wake.held") == 0
    a.reload()
    expect(a.get_by_role("button", name="Keep the screen on")).to_have_attribute(
        "aria-pressed", "false"
    )
    assert a.evaluate("window.__wake.requests") == 0
    a.get_by_role("button", name="Keep the screen on").click()
    assert a.evaluate("window.__wake.held") == 1
    # The last round ends the game: the lock is given back, the toggle goes.
    _record(a, "Ann", {"Ben": 60})
    assert_saved_in_place(a)
    expect(a.locator(".winner-banner")).to_be_visible()
    expect(a.get_by_role("button", name="Keep the screen on")).to_be_hidden()
    assert a.evaluate("window.__wake.held") == 0
    # The winner row: "Winner" and the name apart, on screen and read aloud.
    winner = a.locator("#board .score.is-winner")
    expect(winner.locator(".score-place")).to_have_text("Winner:")
    place = winner.locator(".score-place").bounding_box()
    name = winner.locator(".score-name").bounding_box()
    assert place and name and place["x"] + place["width"] + 4 <= name["x"]
    assert a.evaluate(
        "el => el.scrollWidth <= el.clientWidth", winner.locator(".score-place").element_handle()
    )


def test_the_site_is_installable(browser, live_server, transactional_db, tmp_path):
    """Chromium's own installability checks (icons, start URL, display) find nothing to say.

    In a browser profile of its own: Playwright's usual contexts are private windows, where
    Chromium never offers to install.
    """
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        base_url=live_server.url,
        viewport={"width": 360, "height": 740},
    )
    try:
        page = context.new_page()
        page.goto("/")
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == live_server.url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        parsed = manifest["manifest"]
        assert parsed["display"] == "kStandalone"
        assert parsed["startUrl"] == live_server.url + "/"
        assert {icon["sizes"] for icon in parsed["icons"]} == {"192x192", "512x512"}
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()


# --- The same round on two phones -------------------------------------------------------


def _two_phones_on_round_1(pages, **kwargs):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    a, b = pages.new(), pages.new(**kwargs)
    a.goto(f"/g/{game.code}/")
    b.goto(f"/g/{game.code}/")
    return game, a, b


def _fill(page, went_out, typed):
    page.get_by_role("radio", name=went_out, exact=True).check()
    for name, points in typed.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))


@pytest.mark.parametrize("choice", ["add", "discard"])
def test_the_same_round_on_two_phones_asks_instead_of_recording_twice(
    pages, transactional_db, choice
):
    game, a, b = _two_phones_on_round_1(pages)
    # B starts typing round 1 while A saves it.
    _fill(b, "Cat", {"Ann": 7, "Ben": 8})
    _record(a, "Ann", {"Ben": 10, "Cat": 5})
    assert_saved_in_place(a)
    expect(_score(b, "Ann")).to_have_text(re.compile(r"15$"), timeout=POLL_WAIT)
    b.get_by_role("button", name="Save round 1").click()
    asked = b.locator("[data-queued-round]")
    expect(asked).to_contain_text("This phone’s round 1: Cat went out; Ann 7, Ben 8.")
    expect(asked).to_contain_text("Round 1 was just saved by another phone: Ann went out; Ann +15.")
    _check(b, f"table-same-round-asks-{choice}-360")
    assert Round.objects.filter(game=game).count() == 1
    # What B typed is still there while it chooses.
    expect(b.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("7")
    # Side by side, in the same units; the safe choice first.
    compared = asked.get_by_role("table")
    expect(compared.get_by_role("row", name="Ann went out 7")).to_be_visible()
    expect(compared.get_by_role("row", name="Points Ann +15 Cat +15")).to_be_visible()
    buttons = asked.get_by_role("button")
    expect(buttons.first).to_have_text("Keep the saved round")
    if choice == "add":
        b.get_by_role("button", name="Mine is another round: add it as round 2").click()
        assert_saved_in_place(b)
        expect(b.get_by_text("Round 2 saved: Cat went out. Cat scores 15.")).to_be_visible()
        expect(b.locator("[data-queue]")).to_be_hidden()
        numbers = Round.objects.filter(game=game).values_list("number", "went_out__name")
        assert list(numbers.order_by("number")) == [(1, "Ann"), (2, "Cat")]
    else:
        b.get_by_role("button", name="Keep the saved round").click()
        expect(
            b.get_by_text(
                "The saved round stays as it is; yours “Cat went out; Ann 7, Ben 8.” was not "
                "recorded."
            )
        ).to_be_visible()
        expect(b.locator("[data-queue]")).to_be_hidden()
        expect(b.get_by_role("spinbutton", name="Ann", exact=True)).to_have_value("7")
        expect(b.get_by_role("heading", name="Record round 2")).to_be_visible()
        assert Round.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("choice", ["add", "discard"])
def test_without_javascript_the_same_choice_is_a_page(pages, transactional_db, choice):
    game, a, b = _two_phones_on_round_1(pages, java_script_enabled=False, color_scheme="dark")
    _fill(b, "Cat", {"Ann": 7, "Ben": 8})
    _record(a, "Ann", {"Ben": 10, "Cat": 5})
    assert_saved_in_place(a)
    b.get_by_role("button", name="Save round 1").click()
    expect(
        b.get_by_text("Round 1 was just saved by another phone: Ann went out; Ann +15.")
    ).to_be_visible()
    compared = b.locator("#conflict").get_by_role("table")
    expect(compared.get_by_role("row", name="Cat 5 went out")).to_be_visible()
    expect(b.get_by_role("spinbutton", name="Ben", exact=True)).to_have_value("8")
    if choice == "add":
        b.get_by_role("button", name="Mine is another round: add it as round 2").click()
        expect(b.get_by_text("Round 2 saved: Cat went out.")).to_be_visible()
        assert Round.objects.filter(game=game).count() == 2
    else:
        b.get_by_role("button", name="Keep the saved round").click()
        expect(
            b.get_by_text("The saved round stays as it is; yours was not saved.")
        ).to_be_visible()
        expect(b.get_by_text("You had entered: Cat went out; Ann 7, Ben 8.")).to_be_visible()
        assert Round.objects.filter(game=game).count() == 1
    # 409 is the page's answer on purpose.
    pages.problems[:] = [p for p in pages.problems if "status of 409" not in p]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_that_asks_is_accessible(pages, transactional_db, scheme):
    """The page a phone without JavaScript gets (axe needs JavaScript to look at it, so the
    form is sent here the way such a phone sends it)."""
    game, a, b = _two_phones_on_round_1(pages, color_scheme=scheme)
    _fill(b, "Cat", {"Ann": 7, "Ben": 8})
    _record(a, "Ann", {"Ben": 10, "Cat": 5})
    assert_saved_in_place(a)
    b.evaluate("document.querySelector('form[data-record]').submit()")
    expect(b.locator("#conflict").get_by_role("table")).to_be_visible()
    _check(b, f"table-same-round-page-{scheme}-360")
    assert Round.objects.filter(game=game).count() == 1
    pages.problems[:] = [p for p in pages.problems if "status of 409" not in p]


# --- Offline ----------------------------------------------------------------------------


def _forget_offline_noise(pages):
    """What the browser logs when a request finds no network, or a round is answered 409
    on purpose, is not a problem of the page."""
    noise = ("ERR_INTERNET_DISCONNECTED", "status of 409", "htmx:sendError", "htmx:afterRequest")
    pages.problems[:] = [p for p in pages.problems if not any(n in p for n in noise)]


def _saved_for_offline(page):
    page.locator("html[data-offline-saved]").wait_for(state="attached")


def test_rounds_saved_offline_are_sent_once_and_in_order_when_back_online(pages, transactional_db):
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat"])
    record(game, 0, {1: 1, 2: 1})  # round 1, from another phone: something to undo
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    _saved_for_offline(a)
    a.context.set_offline(True)
    try:
        # Undo needs the connection: refused, with a message; nothing lost.
        a.get_by_role("button", name="Undo round 1").click()
        expect(a.get_by_role("alert")).to_contain_text("You are offline, so nothing was changed.")
        # Two rounds saved offline: kept on the phone, the form ready for the next one.
        _record(a, "Ben", {"Ann": 10, "Cat": 5})
        waiting = a.locator("[data-queued-round]")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Round 2: Ben went out; Ann 10, Cat 5.")
        expect(waiting).to_contain_text("Waiting to send")
        expect(a.get_by_role("heading", name="Record round 3")).to_be_visible()
        _record(a, "Cat", {"Ann": 3, "Ben": 4})
        expect(waiting).to_have_count(2)
        _check(a, "table-offline-waiting-360")

        # Reloaded offline: the page comes from the phone, the rounds still wait. (Chromium
        # tells the page being left that it is online again: it must not send then.)
        response = a.reload()
        assert response.from_service_worker
        expect(a.locator("[data-queued-round]")).to_have_count(2)
        expect(a.locator("[data-board-age]")).to_contain_text(
            "You are offline. These totals are the last ones this phone saw"
        )
        expect(a.get_by_role("heading", name="Record round 4")).to_be_visible()
        assert Round.objects.filter(game=game).count() == 1
        # The installed app's manifest opens offline too.
        assert a.evaluate("fetch('/manifest.webmanifest').then(r => r.json()).then(m => m.name)")
    finally:
        a.context.set_offline(False)
    _forget_offline_noise(pages)

    # Back online: sent by themselves, in order, each once.
    expect(a.locator("[data-queue]")).to_be_hidden(timeout=POLL_WAIT * 2)
    rounds = Round.objects.filter(game=game).order_by("number")
    assert list(rounds.values_list("number", "went_out__name")) == [
        (1, "Ann"),
        (2, "Ben"),
        (3, "Cat"),
    ]
    expect(_score(a, "Cat")).to_have_text(re.compile(r"7$"), timeout=POLL_WAIT)
    expect(a.locator("[data-board-age]")).to_be_hidden()


def test_a_page_being_left_sends_nothing_and_sends_again_if_it_stays(pages, transactional_db):
    """Chromium ends its offline emulation for the page being left, with an "online" event,
    while the phone is still offline: a round sent then would reach the server from a page
    that never hears the answer (it made the test above fail one run in five)."""
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    a = pages.new()
    a.goto(f"/g/{game.code}/")
    _saved_for_offline(a)
    a.context.set_offline(True)
    try:
        _record(a, "Ben", {"Ann": 10, "Cat": 5})
        expect(a.locator("[data-queued-round]")).to_have_count(1)
    finally:
        posts = []
        a.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        a.evaluate("window.dispatchEvent(new Event('beforeunload'))")
        a.context.set_offline(False)
    _forget_offline_noise(pages)
    a.wait_for_timeout(1500)
    assert posts == []
    assert not Round.objects.filter(game=game).exists()
    # The page stayed after all (a download link does that): the round goes by itself.
    expect(a.locator("[data-queue]")).to_be_hidden(timeout=POLL_WAIT * 2)
    rounds = Round.objects.filter(game=game)
    assert list(rounds.values_list("number", "went_out__name")) == [(1, "Ben")]


def test_two_phones_offline_at_once_both_reconcile(pages, transactional_db):
    from tests.play.conftest import make_game

    game = make_game(["Ann", "Ben", "Cat"])
    a, b = pages.new(), pages.new()
    for phone in (a, b):
        phone.goto(f"/g/{game.code}/")
        _saved_for_offline(phone)
        phone.context.set_offline(True)
    try:
        _record(a, "Ann", {"Ben": 10, "Cat": 5})  # round 1 on A
        _record(b, "Ann", {"Ben": 10, "Cat": 5})  # the same round 1 on B
        _record(b, "Cat", {"Ann": 2, "Ben": 2})  # and B's round 2
        expect(b.locator("[data-queued-round]")).to_have_count(2)
    finally:
        a.context.set_offline(False)
    expect(a.locator("[data-queue]")).to_be_hidden(timeout=POLL_WAIT * 2)
    assert Round.objects.filter(game=game).count() == 1

    b.context.set_offline(False)
    # B's round 1 is the one A saved (the same hands): one round, no question; its round 2
    # goes after it.
    expect(b.locator("[data-queue]")).to_be_hidden(timeout=POLL_WAIT * 2)
    expect(
        b.get_by_text(
            "Round 1 was already saved by another phone, with the same hands: it counts once."
        )
    ).to_be_visible()
    _check(b, "table-offline-reconcile-360")
    rounds = Round.objects.filter(game=game).order_by("number")
    assert list(rounds.values_list("number", "went_out__name")) == [(1, "Ann"), (2, "Cat")]
    _forget_offline_noise(pages)


TEN = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def _fits_the_screen(tv):
    """Every side of the big screen is inside the window: a TV cannot scroll."""
    height = tv.evaluate("window.innerHeight")
    assert tv.evaluate("document.documentElement.scrollHeight") <= height
    for box in tv.locator(".display-side").evaluate_all(
        "rows => rows.map(r => r.getBoundingClientRect().bottom)"
    ):
        assert box <= height


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("names", [TEN, TEN[:5], TEN[:2]], ids=["10", "5", "2"])
def test_the_big_screen_shows_every_player_without_scrolling(
    pages, transactional_db, scheme, width, height, names
):
    from tests.play.conftest import make_game, record

    game = make_game(names, target_score=500)
    record(game, 1, {seat: 3 * seat for seat in range(len(names)) if seat != 1})
    tv = pages.new(width=width, height=height, color_scheme=scheme)
    tv.goto(f"/w/{game.spectator_code}/table/")
    expect(tv.locator(".display-side")).to_have_count(len(names))
    _fits_the_screen(tv)
    assert_no_horizontal_scroll(tv)
    if len(names) == 10 or scheme == "dark":
        _check(tv, f"table-display-{len(names)}-{scheme}-{width}")


def test_the_big_screen_fits_ten_players_in_pairs(pages, transactional_db):
    from tests.play.conftest import make_game, record

    game = make_game(TEN, teams="pairs", target_score=500)
    record(game, 0, {seat: seat for seat in range(1, 10)})
    tv = pages.new(width=1280, height=720)
    tv.goto(f"/w/{game.spectator_code}/table/")
    expect(tv.locator(".display-side")).to_have_count(5)
    expect(tv.locator(".display-name").first).to_have_text(re.compile(" & "))
    _fits_the_screen(tv)
    _check(tv, "table-display-pairs-10-1280")


def _ranking(page, row, place, name):
    """(place, name) of each row as the page shows them (the words before any role, such as
    "deals", and without the colon only a screen reader hears)."""
    script = f"""rows => rows.map(r => [
        r.querySelector("{place}").firstChild.textContent.trim(),
        r.querySelector("{name}").firstChild.textContent.trim()])"""
    return [tuple(pair) for pair in page.locator(row).evaluate_all(script)]


def test_the_big_screen_places_equal_the_phones_after_a_player_left(pages, transactional_db):
    from play import table
    from play.models import Player
    from tests.play.conftest import make_game, record

    game = make_game(["Ann", "Ben", "Cat", "Dan"], target_score=500)
    record(game, 1, {0: 30, 2: 50, 3: 20})  # Ben 100
    record(game, 2, {0: 5, 1: 5, 3: 2})  # Cat 62
    record(game, 0, {1: 3, 2: 3, 3: 1})  # Ann 7
    tv = pages.new(width=1280, height=720)
    tv.goto(f"/w/{game.spectator_code}/table/")
    expect(tv.locator(".display-name").nth(1)).to_have_text("Cat")
    table.remove_player(game, Player.objects.get(game=game, name="Cat").pk)
    phone = pages.new()
    phone.goto(f"/g/{game.code}/")
    expect(tv.locator(".display-side")).to_have_count(3, timeout=POLL_WAIT)
    on_tv = _ranking(tv, ".display-side", ".display-place", ".display-name")
    on_phone = _ranking(phone, "#board .score", ".score-place", ".score-name")
    assert on_tv == on_phone == [("1st", "Ben"), ("2nd", "Ann"), ("3rd", "Dan")]
