"""Two phones on one game, with nginx's Nchan in front of the test server as in production
(play/push.py): a round saved on one phone is on the other within a second, through the
stream; with the stream blocked (a network that cuts it), within the poll's interval."""

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


@pytest.fixture
def pushed(browser, live_server, settings, tmp_path):
    """Phones that reach the test server through nginx and its Nchan (messages in memory)."""
    if not front.NCHAN_MODULE.exists():
        pytest.fail("nginx's Nchan module is missing: `make test` installs it")
    port, publish = _free_port(), _free_port()
    upstream = int(live_server.url.rsplit(":", 1)[1])
    config = front.nginx_config(tmp_path, port, upstream, publish_port=publish)
    settings.PUSH_URL = f"http://127.0.0.1:{publish}/publish"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]
    nginx = start_nginx(config, tmp_path)
    pages = Pages(browser, f"http://127.0.0.1:{port}")
    try:
        wait_until_up(port, nginx, tmp_path / "error.log", 20)
        yield pages
    finally:
        pages.close()
        stop_group(nginx)
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


def _open_both(pushed, game, block_stream: bool):
    scorer = pushed.new()
    scorer.goto(f"/g/{game.code}/")
    follower = pushed.new()
    if block_stream:
        follower.route(re.compile(r"/events/$"), lambda route: route.abort())
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
