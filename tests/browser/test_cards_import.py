"""The tent card folds and prints on one page with codes that decode; the import page."""

import json
import re

import pytest

from rulesets.models import RuleSet
from tests.browser.conftest import ARTIFACTS, assert_accessible, assert_no_horizontal_scroll
from tests.browser.test_sharing import (
    EVERY_RULE_CHANGED,
    LONG_NAME,
    decode,
    pdf_page_image,
    printed,
)
from tests.conftest import make_ruleset


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_tent_card_prints_on_one_page_and_both_codes_decode(
    pages, live_server, transactional_db, paper
):
    rs, _ = make_ruleset("official", name=LONG_NAME, **EVERY_RULE_CHANGED)
    url = f"{live_server.url}/r/{rs.code}/"
    page = pages.new(width=1024, height=900)
    page.goto(f"/r/{rs.code}/card/?layout=tent")
    document = printed(page, paper)
    assert len(document) == 1
    image = pdf_page_image(document)
    image.save(ARTIFACTS / f"tent-print-{paper}.png")
    # One on each face: the tent card stays on the table, so it carries this table's link
    # (the rules link with the table's code, which finds the game being played).
    codes = decode(image)
    assert len(codes) == 2 and codes[0] == codes[1], codes
    table_url = codes[0]
    assert re.fullmatch(re.escape(url) + r"t/\w+/", table_url), table_url
    # The back face is upside down on the page, so that it stands upright when folded.
    back = image.crop((0, 0, image.width, image.height // 2)).rotate(180)
    front = image.crop((0, image.height // 2, image.width, image.height))
    assert decode(back) == [table_url] and decode(front) == [table_url]
    transform = page.evaluate("getComputedStyle(document.querySelector('.tent-back')).transform")
    assert transform.startswith("matrix(-1")


def test_the_full_card_has_no_empty_gap(pages, live_server, transactional_db):
    rs, _ = make_ruleset("official", name="Grandma's table", jump_in=True)
    page = pages.new(width=1024, height=900)
    page.goto(f"/r/{rs.code}/card/")
    page.emulate_media(media="print")
    gap = page.evaluate(
        "(() => { const r = document.querySelector('.table-card-rules').getBoundingClientRect();"
        " const q = document.querySelector('.table-card-qr').getBoundingClientRect();"
        " return q.top - r.bottom; })()"
    )
    page.emulate_media(media="screen")
    assert gap < 120, f"{gap}px between the rules and the code"  # about 3 cm at most


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tent_card_on_a_phone(pages, transactional_db, scheme):
    rs, _ = make_ruleset("official", name="Grandma's table", jump_in=True, uno_penalty=4)
    page = pages.new(color_scheme=scheme)
    page.goto(f"/r/{rs.code}/card/")
    page.get_by_role("link", name="Tent card to fold").click()
    page.wait_for_url(f"**/r/{rs.code}/card/?layout=tent")
    assert page.get_by_text("Fold here").is_visible()
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"tent-{scheme}-360")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_import_by_file_names_a_copy_when_this_browser_has_that_name(
    pages, transactional_db, tmp_path, scheme
):
    rs, secret = make_ruleset("official", name="Grandma's table", jump_in=True)
    page = pages.new(color_scheme=scheme)
    page.goto(f"/r/{rs.code}/edit/{secret}/")
    with page.expect_download() as download:
        page.goto(f"/r/{rs.code}/")
        page.get_by_role("link", name="Save a copy of these rules (file)").click()
    path = tmp_path / "rules.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["name"] == "Grandma's table"
    page.goto("/rules/import/")
    assert_no_horizontal_scroll(page)
    assert_accessible(page, f"import-{scheme}-360")
    page.get_by_label("Choose the rules file").set_input_files(path)
    assert page.get_by_text("Chosen: rules.json").is_visible()
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Grandma's table (copy)"
    assert RuleSet.objects.count() == 2


def test_import_by_dropping_a_file_or_pasting(page, transactional_db):
    text = json.dumps({"format": "house-rules/1", "name": "Dropped", "options": {"jump_in": True}})
    page.goto("/rules/import/")
    zone = page.locator("[data-drop-zone]")
    handle = page.evaluate_handle(
        "(text) => { const dt = new DataTransfer();"
        " dt.items.add(new File([text], 'ours-rules.json', {type: 'application/json'}));"
        " return dt; }",
        text,
    )
    zone.dispatch_event("drop", {"dataTransfer": handle})
    assert page.get_by_text("Chosen: ours-rules.json").is_visible()
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Dropped"
    page.goto("/rules/import/")
    page.get_by_label("Or paste the text of the file").fill(text)
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/r/\w+/$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Dropped (copy)"
