"""Script and HTML in names stay text: every page, the JSON, the SVGs, the CSV, og:image.

A rule set and the players of a game are named with script and HTML payloads, typed into
the real forms. Every page they appear on is opened in Chromium: the ``pages`` fixture
fails the test on any dialog (every payload calls alert) or console error (the CSP
refusing an inline script is one), and each page's DOM is searched for what the payloads
would have made had they been markup: a script without the page's nonce, an event
handler attribute, a ``javascript:`` link, ``<img src=x>``. The payloads must also be
shown, as the text they are.
"""

import csv
import io
import json
import re

from PIL import Image
from playwright.sync_api import expect

from play.models import Game, Round
from tests.browser.conftest import assert_accessible, assert_saved_in_place

RULES_NAME = '</title><script>alert("n")</script><img src=x onerror=alert(2)>'
DESCRIPTION = (
    '"><img src=x onerror=alert(3)> javascript:alert(4) {{ 7|add:7 }} {% now "Y" %} '
    '<svg onload=alert(5)> </textarea><script>alert(6)</script> <a href="javascript:alert(7)">x</a>'
)
PLAYERS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "{{ 7|add:7 }}{% debug %}",
    "</title><svg onload=alert(1)>",
    "' onmouseover='alert(1)",
    '=HYPERLINK("http://x.test")',
]

DOM_CHECK = """
() => {
  const bad = [];
  for (const s of document.querySelectorAll('script')) {
    if (!s.src && !s.nonce) bad.push('inline script: ' + s.textContent.slice(0, 60));
  }
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      if (a.name.startsWith('on')) bad.push(`<${el.localName} ${a.name}>`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(a.name)
          && a.value.trim().toLowerCase().startsWith('javascript:')) {
        bad.push(`<${el.localName} ${a.name}=javascript:>`);
      }
    }
  }
  if (document.querySelector('img[src="x"]')) bad.push('<img src=x>');
  return bad;
}
"""


def assert_inert(page, label):
    assert page.evaluate(DOM_CHECK) == [], label


def visit(page, path, label=None):
    response = page.goto(path)
    assert response.status == 200, (path, response.status)
    page.wait_for_load_state("load")
    assert_inert(page, label or path)
    return response


def test_script_in_names_stays_text_everywhere(pages, transactional_db):
    page = pages.new()

    # The rule set, named and described with payloads through the real form.
    visit(page, "/rules/new/")
    page.get_by_label("Name", exact=True).fill(RULES_NAME)
    page.get_by_label("Description (optional)").fill(DESCRIPTION)
    page.get_by_role("button", name="Save and get the link").click()
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    assert_inert(page, "rules page, just created")
    expect(page.get_by_role("heading", level=1)).to_have_text(RULES_NAME)
    assert RULES_NAME in page.title()
    expect(page.get_by_text(DESCRIPTION)).to_be_visible()
    og = page.locator('meta[property="og:title"]').get_attribute("content")
    assert RULES_NAME in og
    og_image = page.locator('meta[property="og:image"]').get_attribute("content")

    for path in [
        f"/r/{code}/",
        f"/r/{code}/edit/",
        f"/r/{code}/history/",
        f"/r/{code}/card/",
        f"/r/{code}/card/?layout=small",
        "/",
        f"/r/{code}/play/",
        f"/rules/new/?from={code}",
    ]:
        visit(page, path)
    visit(page, f"/r/{code}/edit/")
    expect(page.get_by_label("Name", exact=True)).to_have_value(RULES_NAME)
    visit(page, f"/r/{code}/card/")
    assert_accessible(page, "injection-card-360")
    expect(page.locator("svg.card-qr-code title")).to_have_text(
        f"QR code: scan to open {RULES_NAME}"
    )

    # The JSON, the QR code SVG and the preview picture, opened as a browser opens them.
    response = visit(page, f"/r/{code}/rules.json")
    assert response.headers["content-type"] == "application/json"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert json.loads(response.text())["name"] == RULES_NAME
    visit(page, f"/r/{code}/qr.svg")
    picture = page.request.get(og_image)
    assert picture.headers["content-type"] == "image/png"
    assert picture.headers["x-content-type-options"] == "nosniff"
    assert Image.open(io.BytesIO(picture.body())).size == (1200, 630)
    # (Not opened as a page: Chromium's own image viewer styles itself inline, which the
    # CSP refuses with a console error that says nothing about the picture.)

    # A game of players named with payloads, through the start form.
    visit(page, f"/r/{code}/play/")
    for i, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option(value="1")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/g/\w+/$"))
    assert_inert(page, "game page")
    game = Game.objects.get(code=page.url.rstrip("/").rsplit("/", 1)[1])
    assert list(game.players.order_by("seat").values_list("name", flat=True)) == PLAYERS
    for name in PLAYERS:
        expect(page.locator("#board")).to_contain_text(name)

    # A second phone watches the board; a round recorded on the first is swapped into
    # it by htmx (which runs scripts in what it swaps in, if there were any).
    watcher = pages.new()
    visit(watcher, f"/w/{game.spectator_code}/")
    page.get_by_role("radio", name=PLAYERS[0], exact=True).check()
    for name in PLAYERS[1:]:
        page.get_by_role("spinbutton", name=name, exact=True).fill("3")
    page.get_by_role("button", name="Save round 1").click()
    assert_saved_in_place(page)
    expect(page.locator("[data-queue-status]")).to_contain_text(f"{PLAYERS[0]} went out")
    page.wait_for_load_state("load")
    assert_inert(page, "game page after a round")
    expect(watcher.locator("#board")).to_contain_text("Round 2", timeout=10_000)
    assert_inert(watcher, "spectator board after an htmx swap")
    assert_accessible(page, "injection-game-360")

    round_ = Round.objects.get(game=game)
    for path in [
        f"/g/{game.code}/",
        f"/g/{game.code}/rounds/",
        f"/g/{game.code}/rounds/{round_.pk}/edit/",
        f"/g/{game.code}/rounds/{round_.pk}/delete/",
        f"/g/{game.code}/board/",
        f"/g/{game.code}/qr.svg",
        f"/w/{game.spectator_code}/",
        f"/w/{game.spectator_code}/rounds/",
        f"/w/{game.spectator_code}/board/",
        f"/w/{game.spectator_code}/qr.svg",
        f"/r/{code}/play/?again={game.code}",
    ]:
        visit(page, path)

    # The chart (inline SVG) names the players as text.
    visit(page, f"/g/{game.code}/rounds/")
    chart_text = page.locator("svg.chart-svg").text_content()
    for name in PLAYERS:
        assert name in chart_text

    # The game as JSON and CSV.
    response = page.request.get(f"/g/{game.code}/game.json")
    assert response.headers["content-disposition"].startswith("attachment")
    assert [p["name"] for p in json.loads(response.text())["players"]] == PLAYERS
    exported = page.request.get(f"/g/{game.code}/game.csv")
    assert exported.headers["content-type"].startswith("text/csv")
    assert exported.headers["content-disposition"].startswith("attachment")
    header = next(csv.reader(io.StringIO(exported.text())))
    cells = [cell for cell in header if "HYPERLINK" in cell]
    assert cells and all(cell.startswith("'=") for cell in cells)  # never a live formula


def test_the_dom_check_would_see_a_payload_that_became_markup(browser):
    """The control: the same check on a page where the payloads did become markup."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.set_content(
            "<p>ok</p><script>void 0</script><img src=x onerror=alert(1)>"
            '<a href="javascript:alert(1)">x</a><svg onload=alert(1)></svg>'
        )
        found = page.evaluate(DOM_CHECK)
    finally:
        context.close()
    assert len(found) == 5, found
