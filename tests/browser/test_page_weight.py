"""Page weight of the rules page, as a phone at the table loads it (issue 7).

What is counted: every response of the page itself, by its size on the wire (the body as
sent, compressed when the server compressed it: Playwright's ``request.sizes()``). HTML,
CSS and JS are what the budget is about: at most 50 KB in at most 5 requests on a first
visit, at most 10 KB on the next one, when the static files (hashed names, immutable cache
headers) come from the browser's cache and the page itself may be answered with a 304.
Images (the QR code, the icon) are listed and bounded apart.

The page registers a service worker (static/js/offline.js) that precaches the static
files and fetches the page once more, to keep it readable offline. That is the worker's
traffic, not the page's: the budget is measured in a context where service workers are
blocked, and the worker's own downloads are measured separately (and bounded, so that they
cannot grow unseen).
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import asdict, dataclass

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.conftest import make_ruleset

KB = 1024
FIRST_VISIT_BUDGET = 50 * KB
FIRST_VISIT_REQUESTS = 5
REPEAT_VISIT_BUDGET = 10 * KB
CODE = {"document", "stylesheet", "script"}
PHONE = {"width": 360, "height": 740}


@dataclass
class Loaded:
    url: str
    kind: str  # Playwright's resource type: document, stylesheet, script, image...
    status: int
    bytes: int  # the body as it came over the network (0 from the browser's cache)
    encoding: str
    cache_control: str
    from_worker: bool


class Recorder:
    """Every request a browser context finished (or failed), with its size on the wire."""

    def __init__(self, context):
        self.loaded: list[Loaded] = []
        self.failed: list[str] = []
        context.on("requestfinished", self._finished)
        context.on("requestfailed", lambda request: self.failed.append(request.url))

    def _finished(self, request):
        response = request.response()
        sizes = request.sizes()
        headers = response.headers if response else {}
        self.loaded.append(
            Loaded(
                url=request.url,
                kind=request.resource_type,
                status=response.status if response else 0,
                # Chromium counts a body from its cache as 0 bytes minus the headers.
                bytes=max(0, sizes["responseBodySize"]),
                encoding=headers.get("content-encoding", ""),
                cache_control=headers.get("cache-control", ""),
                from_worker=request.service_worker is not None,
            )
        )

    def take(self) -> list[Loaded]:
        taken, self.loaded = self.loaded, []
        return taken


def _code(loaded: list[Loaded]) -> list[Loaded]:
    return [item for item in loaded if item.kind in CODE and not item.from_worker]


def _total(loaded: list[Loaded]) -> int:
    return sum(item.bytes for item in loaded)


def _report(name: str, loaded: list[Loaded]) -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"page-weight-{name}.json").write_text(
        json.dumps([asdict(item) for item in loaded], indent=2)
    )
    return "\n".join(
        f"{item.kind:10} {item.status} {item.bytes:7} {item.encoding or '-':5} {item.url}"
        for item in loaded
    )


def _visit(page, url: str) -> None:
    response = page.goto(url, wait_until="load")
    assert response.status in (200, 304)
    page.wait_for_load_state("networkidle")


@pytest.fixture
def rules_url(transactional_db):
    # The heaviest page of the presets: the most house rules, the longest reference.
    ruleset, _secret = make_ruleset("party", description="Our family's rules, agreed at Christmas.")
    return f"/r/{ruleset.code}/"


def test_first_and_repeat_visits_stay_within_budget(pages, rules_url):
    page = pages.new(**PHONE, service_workers="block")
    recorder = Recorder(page.context)

    _visit(page, rules_url)
    first = recorder.take()
    code = _code(first)
    listing = _report("first-visit", first)
    assert not recorder.failed, recorder.failed
    assert {item.kind for item in code} == CODE, listing
    assert len(code) <= FIRST_VISIT_REQUESTS, listing
    assert _total(code) <= FIRST_VISIT_BUDGET, listing
    # Text is compressed on the wire, and static files may be kept for good.
    for item in code:
        assert item.encoding in ("gzip", "br"), listing
        if "/static/" in item.url:
            assert "immutable" in item.cache_control, listing
    images = [item for item in first if item.kind == "image"]
    assert _total(images) <= 20 * KB, listing

    _visit(page, rules_url)
    repeat = recorder.take()
    listing = _report("repeat-visit", repeat)
    assert not recorder.failed, recorder.failed
    assert _total(_code(repeat)) <= REPEAT_VISIT_BUDGET, listing
    # The static files came from the browser's cache, not the network.
    assert all(item.bytes == 0 for item in repeat if "/static/" in item.url), listing


def test_what_the_service_worker_adds(pages, rules_url):
    """Not the page's budget: the worker downloads, once, what it keeps for offline use."""
    page = pages.new(**PHONE)
    recorder = Recorder(page.context)
    _visit(page, rules_url)
    page.locator("html[data-offline-saved]").wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    loaded = recorder.take()
    listing = _report("with-service-worker", loaded)
    # The worker's script, and what the worker fetched (mostly from the HTTP cache the
    # page has just filled; the page itself is revalidated with its ETag).
    worker = [item for item in loaded if item.from_worker or item.url.endswith("/sw.js")]
    page_own = [item for item in _code(loaded) if item not in worker]
    print(
        f"\nThe page: {len(page_own)} requests, {_total(page_own)} bytes of HTML, CSS and JS;"
        f" the worker: {len(worker)} requests, {_total(worker)} bytes\n{listing}"
    )
    assert worker, listing
    origin = page.url.split("/r/")[0]
    assert all(item.url.startswith(origin) for item in worker), listing
    assert _total(worker) <= 60 * KB, listing
    # Chromium does not size the worker's own script: ask for it as the browser does.
    request = urllib.request.Request(origin + "/sw.js", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as response:
        script = len(response.read())
    print(f"The worker's script, sw.js: {script} bytes on the wire")
    assert script <= 5 * KB
