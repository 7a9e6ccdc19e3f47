"""Two phones on one game, with nginx's Nchan in front of the test server as in production
(play/push.py): a round saved on one phone is on the other within a second, through the
stream; with the stream blocked (a network that cuts it), within the poll's interval; with
the stream refused for a while (a server restarting), or the push engine restarted, the
phone holds its stream again by itself and misses no round."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Pages
from tests.hardening.test_serving import start_nginx, stop_group, wait_until_up
from tests.play.conftest import make_game
from tests.served import _free_port
from unosite import front

pytestmark = pytest.mark.browser

POLL_WAIT = 10_000  # ms: the board polls every 3 s


class Engine:
    """nginx and its Nchan (messages in memory) in front of the test server, which a test
    may restart: the push engine."""

    def __init__(self, folder, port: int, upstream: int, publish: int):
        self.folder, self.port = folder, port
        self.config = front.nginx_config(folder, port, upstream, publish_port=publish)
        self.nginx = None

    def start(self) -> None:
        self.nginx = start_nginx(self.config, self.folder)
        wait_until_up(self.port, self.nginx, self.folder / "error.log", 20)

    def stop(self) -> None:
        if self.nginx is not None:
            stop_group(self.nginx)
            self.nginx = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def engine(live_server, settings, tmp_path):
    if not front.NCHAN_MODULE.exists():
        pytest.fail("nginx's Nchan module is missing: `make test` installs it")
    port, publish = _free_port(), _free_port()
    upstream = int(live_server.url.rsplit(":", 1)[1])
    settings.PUSH_URL = f"http://127.0.0.1:{publish}/publish"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    engine = Engine(tmp_path, port, upstream, publish)
    try:
        engine.start()
        yield engine
    finally:
        engine.stop()


@pytest.fixture
def pushed(browser, engine):
    """Phones that reach the test server through the push engine."""
    pages = Pages(browser, f"http://127.0.0.1:{engine.port}")
    try:
        yield pages
    finally:
        pages.close()
    assert not pages.problems, pages.problems


def _score(page, name):
    item = page.locator("#board .score", has=page.locator(".score-name", has_text=name))
    return item.locator(".score-total")


def _save_round(page, went_out: str, hands: dict[str, int]) -> float:
    page.get_by_role("radio", name=went_out, exact=True).check()
    for name, points in hands.items():
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name=re.compile(r"^Save round \d+$")).click()
    expect(page.locator("[data-queue-status]")).to_contain_text("saved")
    return time.monotonic()


def _open_both(pushed, game, block_stream: bool, route=None):
    scorer = pushed.new()
    scorer.goto(f"/g/{game.code}/")
    follower = pushed.new()
    if block_stream:
        follower.route(re.compile(r"/events/$"), lambda route: route.abort())
    elif route:
        follower.route(re.compile(r"/events/$"), route)
    # The board is asked for once the stream is open (or, blocked, by the first poll).
    with follower.expect_response(re.compile(r"/board/$")):
        follower.goto(f"/w/{game.spectator_code}/")
    return scorer, follower


def test_a_round_saved_on_one_phone_is_on_the_other_within_a_second(pushed, transactional_db):
    game = make_game(["Ann", "Ben", "Cat"])
    scorer, follower = _open_both(pushed, game, block_stream=False)
    polls = []
    follower.on("request", lambda r: "/board/" in r.url and polls.append(r.url))
    _save_round(scorer, "Ann", {"Ben": 12, "Cat": 30})
    expect(_score(follower, "Ann")).to_have_text(re.compile(r"42$"), timeout=1_000)
    # Told, not polling: the one request for the board came after the change.
    follower.wait_for_timeout(3_500)
    assert len(polls) == 1, polls


def test_with_the_stream_blocked_the_board_still_follows_by_polling(pushed, transactional_db):
    game = make_game(["Ann", "Ben", "Cat"])
    scorer, follower = _open_both(pushed, game, block_stream=True)
    _save_round(scorer, "Ben", {"Ann": 5, "Cat": 7})
    expect(_score(follower, "Ben")).to_have_text(re.compile(r"12$"), timeout=POLL_WAIT)
    # The browser said so each time it tried the stream again; nothing else went wrong.
    blocked = [p for p in pushed.problems if "ERR_FAILED" in p and "/events/" in p]
    assert blocked
    pushed.problems[:] = [p for p in pushed.problems if p not in blocked]


def _told_within_a_second(pushed, scorer, follower, name: str, total: str) -> None:
    """A round saved now reaches the follower through its stream: within a second, and
    with one request for its board (no poll)."""
    boards = []
    follower.on("request", lambda r: "/board/" in r.url and boards.append(r.url))
    others = [n for n in ("Ann", "Ben", "Cat") if n != name]
    _save_round(scorer, name, {others[0]: 1, others[1]: int(total) - 1})
    expect(_score(follower, name)).to_have_text(re.compile(rf"{total}$"), timeout=1_000)
    follower.wait_for_timeout(3_500)
    assert len(boards) == 1, boards


def test_a_stream_refused_for_a_while_is_held_again_by_itself(pushed, transactional_db):
    """A server that answers the stream with an error (restarting, busy) closes it for good
    in the browser's eyes: the page asks for it again, and the board follows meanwhile."""
    game = make_game(["Ann", "Ben", "Cat"])
    asked = []

    def refuse_twice(route):
        asked.append(time.monotonic())
        if len(asked) <= 2:
            route.fulfill(status=503, content_type="text/html", body="<p>Busy</p>")
        else:
            route.continue_()

    scorer, follower = _open_both(pushed, game, block_stream=False, route=refuse_twice)
    _save_round(scorer, "Ben", {"Ann": 5, "Cat": 7})  # polled, while it is refused
    expect(_score(follower, "Ben")).to_have_text(re.compile(r"12$"), timeout=POLL_WAIT)
    deadline = time.monotonic() + 20
    while len(asked) < 3:
        assert time.monotonic() < deadline, asked
        follower.wait_for_timeout(250)
    assert asked[2] - asked[1] > asked[1] - asked[0]  # less and less often
    follower.wait_for_timeout(500)  # held: the board it asks for on opening
    _told_within_a_second(pushed, scorer, follower, "Cat", "30")
    refused = [p for p in pushed.problems if "503" in p and "/events/" in p]
    pushed.problems[:] = [p for p in pushed.problems if p not in refused]


def test_after_the_push_engine_restarts_no_round_is_missed(pushed, engine, transactional_db):
    game = make_game(["Ann", "Ben", "Cat"])
    scorer, follower = _open_both(pushed, game, block_stream=False)
    held = []
    follower.on("response", lambda r: r.url.endswith("/events/") and held.append(r.status))
    engine.restart()  # every stream cut, the messages in memory gone
    # A round saved at once: the follower has it within the poll's interval, by its poll or
    # by the board it asks for when its stream opens again.
    _save_round(scorer, "Ann", {"Ben": 12, "Cat": 30})
    expect(_score(follower, "Ann")).to_have_text(re.compile(r"42$"), timeout=POLL_WAIT)
    # Its stream is back by itself: the next round is on it within a second.
    deadline = time.monotonic() + POLL_WAIT / 1000
    while 200 not in held:
        assert time.monotonic() < deadline, held
        follower.wait_for_timeout(250)
    follower.wait_for_timeout(500)
    _told_within_a_second(pushed, scorer, follower, "Ben", "20")
    cut = [p for p in pushed.problems if "/events/" in p or "ERR_CONNECTION" in p]
    pushed.problems[:] = [p for p in pushed.problems if p not in cut]
