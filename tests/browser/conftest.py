"""Browser fixtures: Playwright driving Debian's Chromium against a live server.

The live server serves static files through WhiteNoise from STATIC_ROOT (as gunicorn
does), so `collectstatic` must have run: `make test` does it.

With TEST_SCREENSHOTS=1, every page a test checks for accessibility is also kept as a
full-page screenshot in test-artifacts/, to look at. They are for people, not for the
assertions, and they cost about a tenth of the browser tests' time (a tall page is
rasterised whole), so `make test` takes none by default.
"""

import os
import re
import shutil
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.servers.basehttp import WSGIServer
from playwright.sync_api import sync_playwright
from pytest_django.live_server_helper import LiveServer

# Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version as
# its chromium): it draws no browser window around the page, so the browser tests need about
# a third less CPU than with the whole browser, and run a third faster on two cores.
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SCREENSHOTS = os.environ.get("TEST_SCREENSHOTS") == "1"
FAVICON = re.compile(r"/static/img/icon\.[0-9a-f]+\.svg$")


class OneRequestAtATime(WSGIServer):
    """The live server without threads, for a test database shared by one connection."""

    def __init__(self, *args, connections_override=None, **kwargs):
        super().__init__(*args, **kwargs)  # the server's own thread already uses them


@pytest.fixture(scope="session")
def live_server(django_db_setup, django_db_blocker):
    """Like pytest-django's, but static files come through WhiteNoise, not Django's finders.

    It starts after the test database exists, so that the server's threads share the test
    database's (in-memory) connection instead of each opening one of their own.
    """
    with django_db_blocker.unblock():
        server = LiveServer("localhost", start=False)
    server.thread.static_handler = lambda app: app
    if server.thread.connections_override:
        # One shared SQLite connection must not serve two phones' requests at once (sqlite3:
        # "bad parameter or other API misuse", answered 503): one request at a time (Django then
        # closes each browser connection after its answer, so none waits on another).
        server.thread.server_class = OneRequestAtATime
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium's headless shell is needed for browser tests, not at {CHROMIUM}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Pages:
    """Opens browser contexts (separate 'phones') that report console errors and dialogs."""

    def __init__(self, browser, base_url):
        self.browser = browser
        self.base_url = base_url
        self.contexts = []
        self.problems = []

    def new(self, width=360, height=740, **kwargs):
        context = self.browser.new_context(
            base_url=self.base_url, viewport={"width": width, "height": height}, **kwargs
        )
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", self._console)
        page.on("dialog", self._dialog)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        return page

    def _console(self, msg):
        if msg.type != "error":
            return
        url = msg.location.get("url", "")
        # A page answered with 4xx on purpose (a form with errors, a 403 page) is not a
        # problem; a missing static file or any 5xx is.
        if re.search(r"status of 4\d\d", msg.text) and "/static/" not in url:
            return
        # The browser asks for the tab's icon on its own schedule, sometimes after the
        # page went quiet; a phone offline shows no icon and no error.
        if "ERR_INTERNET_DISCONNECTED" in msg.text and FAVICON.search(url):
            return
        self.problems.append(f"console error: {msg.text} ({url})")

    def _dialog(self, dialog):
        self.problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, live_server):
    pages = Pages(browser, live_server.url)
    yield pages
    pages.close()
    assert not pages.problems, pages.problems


@pytest.fixture
def page(pages):
    return pages.new()


_axe = Axe()


def keep_screenshot(page_or_locator, name: str, **kwargs) -> None:
    """Keeps test-artifacts/<name>.png with TEST_SCREENSHOTS=1 (a page: whole)."""
    if not SCREENSHOTS:
        return
    if not hasattr(page_or_locator, "page"):  # a page, not a locator
        kwargs.setdefault("full_page", True)
    ARTIFACTS.mkdir(exist_ok=True)
    page_or_locator.screenshot(path=ARTIFACTS / f"{name}.png", **kwargs)


def assert_accessible(page, name=None):
    """Runs axe-core on the page; fails listing every violation. ``name``: the page's
    screenshot's name, kept with TEST_SCREENSHOTS=1."""
    results = _axe.run(page)
    if name:
        keep_screenshot(page, name)
    assert results.violations_count == 0, results.generate_report()


def assert_accessible_light_and_dark(page, name):
    """axe and no sideways scrolling on the page as it is now, light then dark (the scheme
    emulated on the same page), left light: one walk through a flow checks both looks,
    where a second walk in dark would only repeat the flow. Screenshots: ``name``-light,
    ``name``-dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"the page did not turn {scheme}"
        assert_no_horizontal_scroll(page)
        assert_accessible(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def assert_no_horizontal_scroll(page):
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def assert_saved_in_place(page):
    """Waits for a round saved from the page's form: the phone stays where it was and says
    so ("Round 2 saved: ..."), or that it had been recorded already. Without JavaScript the
    form is sent the usual way and the next page says it."""
    from playwright.sync_api import expect

    said = page.locator("[data-queue-status], .messages .message").filter(
        has_text=re.compile(r"^Round \d+ (saved|had already been recorded)")
    )
    expect(said.first).to_be_visible(timeout=10_000)
