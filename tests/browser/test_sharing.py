"""Sharing in a real browser: the share panel, the QR codes as drawn, the printed card.

The printed card is checked from the PDF Chromium prints: pypdfium2 counts its pages and
renders the page to an image, and zxing-cpp decodes the QR code from that image.
"""

import io
import re

import pypdfium2
import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.browser.conftest import (
    ARTIFACTS,
    _axe,
    assert_accessible,
    assert_no_horizontal_scroll,
    keep_screenshot,
)
from tests.conftest import make_ruleset
from tests.rulesets.test_sharing import decode

LONG_NAME = "The Wonderfully Extended Garcia-Fernández Family's Sunday UNO Rules 🎉 שלום"[:80]
EVERY_RULE_CHANGED = {
    "hand_size": 8,
    "dealer_selection": "random",
    "direction": "counterclockwise",
    "first_card_wild": "redraw",
    "first_card_action": "redraw",
    "draw_rule": "draw_until_playable",
    "drawn_card": "must_play",
    "may_draw_instead_of_playing": False,
    "jump_in": True,
    "multiple_same_number": True,
    "seven_swap": True,
    "zero_rotate": True,
    "two_player_reverse_skips": False,
    "stack_draw_two_on_draw_two": True,
    "stack_draw_four_on_draw_four": True,
    "stack_draw_four_on_draw_two": True,
    "stack_draw_two_on_draw_four": True,
    "draw_card_skips_turn": False,
    "wild_draw_four_rule": "anytime",
    "challenge_guilty_draw": 6,
    "challenge_wrong_draw": 8,
    "uno_penalty": 4,
    "last_card": "no_action_or_wild",
    "teams": "pairs",
    "team_scores_partner_hand": True,
    "points_action": 25,
    "points_wild": 40,
}


def screenshot(locator_or_page, **kwargs) -> Image.Image:
    return Image.open(io.BytesIO(locator_or_page.screenshot(**kwargs)))


def assert_region_accessible(page, selector):
    results = _axe.run(page, context=selector)
    assert results.violations_count == 0, results.generate_report()


def printed(page, paper) -> pypdfium2.PdfDocument:
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=True)
    page.emulate_media(media="screen")
    ARTIFACTS.mkdir(exist_ok=True)
    return pypdfium2.PdfDocument(pdf)


def pdf_page_image(document, index=0, scale=3) -> Image.Image:
    return document[index].render(scale=scale).to_pil().convert("L")


def test_share_panel_qr_decodes_copies_and_is_accessible(pages, live_server, transactional_db):
    rs, _ = make_ruleset("official", name="Grandma's table", jump_in=True)
    url = f"{live_server.url}/r/{rs.code}/"
    page = pages.new(permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"/r/{rs.code}/")
    page.locator("#share > summary").click()  # the panel folds on the first screen
    panel = page.locator(".share-panel")
    assert page.get_by_role("textbox", name="Share link").input_value() == url

    # The QR code drawn by the browser from the SVG decodes to exactly the share link.
    image = page.get_by_role("img", name=f"QR code of the share link {url}")
    image.wait_for()
    assert page.evaluate("document.querySelector('.share-qr img').naturalWidth") > 0
    assert decode(screenshot(image)) == [url]

    # Copy: the link lands on the clipboard and the status says so.
    panel.get_by_role("button", name="Copy link").click()
    # The Clipboard API answers asynchronously: wait for the status to say so.
    expect(panel.locator("[data-copy-status]")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url

    # Seen on localhost: a phone could not open it, and the panel says how to fix it.
    note = panel.get_by_role("note")
    assert "A phone can’t open this link yet." in note.inner_text()
    assert "let in the phones on your home Wi-Fi" in note.inner_text()
    assert "make run" not in note.inner_text() and "PUBLIC_URL" not in note.inner_text()

    # The links go where they say.
    assert panel.get_by_role("link", name="Printable table card").get_attribute("href") == (
        f"/r/{rs.code}/card/"
    )
    with page.expect_download() as download:
        panel.get_by_role("link", name="Download QR code (PNG)").click()
    png = Image.open(download.value.path())
    assert png.size == (1024, 1024)
    assert decode(png) == [url]

    assert_no_horizontal_scroll(page)
    assert_region_accessible(page, ".share-panel")
    assert_accessible(page, "share-panel-360")


def test_share_panel_in_dark_mode(pages, transactional_db):
    rs, _ = make_ruleset("official", name=LONG_NAME, jump_in=True)
    page = pages.new(color_scheme="dark")
    page.goto(f"/r/{rs.code}/")
    page.locator("#share > summary").click()
    page.locator(".share-panel").scroll_into_view_if_needed()
    assert_no_horizontal_scroll(page)
    assert_region_accessible(page, ".share-panel")
    keep_screenshot(page.locator(".share-panel"), "share-panel-dark-360")
    keep_screenshot(page, "share-panel-dark-360-page")
    # Black on white whatever the theme, so it still scans.
    qr = page.locator(".share-qr img")
    assert len(decode(screenshot(qr))) == 1


def test_native_share_button_appears_only_where_the_browser_can_share(pages, transactional_db):
    rs, _ = make_ruleset()
    plain = pages.new()
    plain.goto(f"/r/{rs.code}/")
    plain.locator("#share > summary").click()
    has_share = plain.evaluate("typeof navigator.share === 'function'")
    assert plain.get_by_role("button", name="Share…").is_visible() == has_share

    sharing = pages.new()
    sharing.add_init_script(
        "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"
    )
    sharing.goto(f"/r/{rs.code}/")
    sharing.locator("#share > summary").click()
    button = sharing.get_by_role("button", name="Share…")
    assert button.is_visible()
    button.click()
    shared = sharing.evaluate("window.__shared")
    assert shared["url"].endswith(f"/r/{rs.code}/")
    assert shared["title"] == rs.current.name


def test_svg_qr_code_opened_on_its_own_decodes(pages, live_server, transactional_db):
    rs, _ = make_ruleset()
    page = pages.new(width=600, height=600)
    response = page.goto(f"/r/{rs.code}/qr.svg")
    assert response.headers["content-type"] == "image/svg+xml"
    assert decode(screenshot(page)) == [f"{live_server.url}/r/{rs.code}/"]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_printed_card_is_one_page_and_its_qr_code_decodes(
    pages, live_server, transactional_db, paper
):
    rs, _ = make_ruleset("official", name=LONG_NAME, **EVERY_RULE_CHANGED)
    page = pages.new(width=1024, height=900)
    page.goto(f"/r/{rs.code}/card/")
    document = printed(page, paper)
    assert len(document) == 1
    image = pdf_page_image(document)
    image.save(ARTIFACTS / f"card-print-{paper}.png")
    # The card on the table carries the table link (the rules and this table's games).
    (url,) = decode(image)
    assert re.fullmatch(rf"{live_server.url}/r/{rs.code}/t/\w{{11}}/", url)
    assert page.locator(".table-card .card-link").inner_text() == url
    # Big enough to scan across a table: the symbol (quiet zone aside) is 7 cm or more.
    width_pt = document[0].get_width()
    (found,) = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    left = min(p.x for p in (found.position.top_left, found.position.bottom_left))
    right = max(p.x for p in (found.position.top_right, found.position.bottom_right))
    side_mm = (right - left) / image.width * width_pt / 72 * 25.4
    assert side_mm >= 70


def test_printed_small_cards_are_one_page_of_eight_codes(pages, live_server, transactional_db):
    rs, _ = make_ruleset("official", name=LONG_NAME, jump_in=True)
    url = f"{live_server.url}/r/{rs.code}/"
    page = pages.new(width=1024, height=900)
    page.goto(f"/r/{rs.code}/card/?layout=small")
    document = printed(page, "A4")
    assert len(document) == 1
    image = pdf_page_image(document)
    image.save(ARTIFACTS / "small-cards-print-A4.png")
    assert decode(image) == [url] * 8


HOSTILE = [
    "<script>alert('x')</script><b>bold</b>",
    "قواعد البيت لعائلة أحمد",
    "🎉🃏👨‍👩‍👧‍👦 " * 8,
    "W" * 80,
]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_print_on_one_page_as_text(pages, transactional_db, name):
    rs, _ = make_ruleset("official", name=name[:80], jump_in=True)
    page = pages.new()
    page.goto(f"/r/{rs.code}/card/")
    assert page.get_by_role("heading", level=1).inner_text() == name[:80].strip()
    assert_no_horizontal_scroll(page)
    assert len(printed(page, "A4")) == 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_card_on_a_phone_is_accessible(pages, transactional_db, scheme):
    rs, _ = make_ruleset("official", name="Grandma's table", jump_in=True, uno_penalty=4)
    page = pages.new(color_scheme=scheme)
    page.goto(f"/r/{rs.code}/card/")
    assert page.get_by_role("banner").count() == 0  # no site navigation on the card
    assert page.get_by_role("button", name="Print").is_visible()
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"card-{scheme}-360")
    page.get_by_role("link", name="Small cards to cut out").click()
    page.wait_for_url(f"**/r/{rs.code}/card/?layout=small")
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"small-cards-{scheme}-360")
