"""Every phone in its own language, in a real browser: the browser's languages choose, the
switcher changes it, the choice survives a reload and reaches the scorekeeper.

Run with every language listed for the test (``settings``), whatever settings.py lists:
the language chosen, kept and announced (``<html lang>``) does not depend on that, and the
words checked are the catalogues' own (``translated``). The printed table card in German
(the longest words) decodes and fits one page; the rules page and the scoreboard pass axe
and fit 360 px in every language.
"""

import re
import uuid

import pytest
from django.conf import settings as django_settings
from django.utils import translation
from playwright.sync_api import expect

from play import services as play_services
from rulesets import sharing
from tests.browser.conftest import ARTIFACTS, assert_accessible, assert_no_horizontal_scroll
from tests.browser.test_sharing import (
    EVERY_RULE_CHANGED,
    LONG_NAME,
    decode,
    pdf_page_image,
    printed,
)
from tests.conftest import make_ruleset

LANGUAGES = [code for code, _name in django_settings.ALL_LANGUAGES]


def translated(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def translated_plural(language: str, one: str, many: str, n: int) -> str:
    with translation.override(language):
        return translation.ngettext(one, many, n) % {"counter": n}


@pytest.fixture
def listed(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    return settings


def test_a_spanish_phone_opens_the_rules_in_spanish(pages, listed, db):
    ruleset, _ = make_ruleset("party")
    phone = pages.new(locale="es-ES")
    phone.goto(f"/r/{ruleset.code}/")
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    expect(phone.locator("html")).to_have_attribute("dir", "ltr")
    switcher = phone.locator("#language-choice")  # its label is in the page's language
    expect(switcher).to_have_value("es")
    assert translated("es", "Language") != "Language"  # the Spanish catalogue's word
    expect(phone.locator("label[for=language-choice]")).to_have_text(
        translated("es", "Language"), use_inner_text=True
    )
    assert_no_horizontal_scroll(phone)
    assert_accessible(phone, "languages-rules-es")
    # The scripts' catalogue loaded, in the page's language.
    assert phone.evaluate("typeof window.django.gettext") == "function"
    assert phone.evaluate("typeof window.ngettext") == "function"


def test_the_switcher_keeps_its_choice_and_reaches_the_scorekeeper(pages, listed, db):
    ruleset, _ = make_ruleset()
    game, _created = play_services.start_game(ruleset.current, ["Ann", "Ben"], 0, uuid.uuid4())
    phone = pages.new(locale="en-US", color_scheme="dark")
    phone.goto(f"/r/{ruleset.code}/")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    phone.get_by_label("Language").select_option("fr")
    phone.get_by_role("button", name="Change").click()  # an English page
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    assert phone.url.endswith(f"/r/{ruleset.code}/")  # back on the same page
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("#language-choice")).to_have_value("fr")
    phone.goto(f"/g/{game.code}/")
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("#language-choice")).to_have_value("fr")
    assert_no_horizontal_scroll(phone)
    assert_accessible(phone, "languages-scorekeeper-fr-dark")
    # A second phone at the same table keeps its own language.
    other = pages.new(locale="es-ES")
    other.goto(f"/g/{game.code}/")
    expect(other.locator("html")).to_have_attribute("lang", "es")


def test_dates_are_written_in_the_pages_language_not_the_phones(pages, listed, db):
    """An English phone that chose German reads German dates: the page's language."""
    ruleset, _ = make_ruleset()
    phone = pages.new(locale="en-US", timezone_id="Europe/Berlin")
    phone.goto(f"/r/{ruleset.code}/history/")
    phone.get_by_label("Language").select_option("de")
    phone.get_by_role("button", name="Change").click()
    expect(phone.locator("html")).to_have_attribute("lang", "de")
    when = phone.locator("time[data-local]").first
    expect(when).not_to_contain_text("UTC")
    expected = phone.evaluate(
        """el => new Date(el.getAttribute("datetime")).toLocaleString(
            "de", { dateStyle: "long", timeStyle: "short" })""",
        when.element_handle(),
    )
    english = phone.evaluate(
        """el => new Date(el.getAttribute("datetime")).toLocaleString(
            "en-US", { dateStyle: "long", timeStyle: "short" })""",
        when.element_handle(),
    )
    assert expected != english
    expect(when).to_have_text(expected)


def test_the_switcher_works_without_javascript(pages, listed, db):
    ruleset, _ = make_ruleset()
    phone = pages.new(locale="en-US", java_script_enabled=False)
    phone.goto(f"/r/{ruleset.code}/history/")
    phone.get_by_label("Language").select_option("es")
    phone.get_by_role("button", name="Change").click()
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    assert phone.url.endswith(f"/r/{ruleset.code}/history/")


def every_rule_listed_is_printed(page, paper) -> bool:
    """No rule the card lists is cut off on paper: the sentence after them counts the rest."""
    page.emulate_media(media="print")
    width = {"A4": 210, "Letter": 216}[paper] - 24  # the page's margins: 12 mm
    page.set_viewport_size({"width": round(width * 96 / 25.4), "height": 900})
    inside = page.evaluate(
        """() => Array.from(document.querySelectorAll(".table-card-rules li")).map(li => {
          const list = li.closest("ul").getBoundingClientRect(), r = li.getBoundingClientRect();
          return [r.right - list.right, r.bottom - list.bottom];
        })"""
    )
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1024, "height": 900})
    return all(right <= 1 and bottom <= 1 for right, bottom in inside)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_card_printed_in_each_language_decodes_and_fits_one_page(
    pages, listed, live_server, transactional_db, language
):
    rs, _ = make_ruleset("official", name=LONG_NAME, **EVERY_RULE_CHANGED)
    phone = pages.new(width=1024, height=900, locale=language)
    phone.goto(f"/r/{rs.code}/card/")
    expect(phone.locator("html")).to_have_attribute("lang", language)
    rules = len(phone.locator(".table-card-rules li").all())
    heading = translated_plural(
        language,
        "We play %(counter)s rule differently from the official ones",
        "We play %(counter)s rules differently from the official ones",
        len(sharing.house_rules(rs.current.options)),
    )
    assert rules > 3 and (language != "de" or "Regel" in heading)
    expect(phone.locator("#card-rules-title")).to_have_text(heading)
    for paper in ("A4", "Letter"):
        document = printed(phone, paper)
        assert len(document) == 1, paper
        assert every_rule_listed_is_printed(phone, paper)
        image = pdf_page_image(document)
        image.save(ARTIFACTS / f"card-print-{language}-{paper}.png")
        (url,) = decode(image)
        assert re.fullmatch(rf"{live_server.url}/r/{rs.code}/t/\w{{11}}/", url)
    # The tent card and the small cards too, in German: one page, every code decodes.
    phone.goto(f"/r/{rs.code}/card/?layout=tent")
    document = printed(phone, "A4")
    assert len(document) == 1
    image = pdf_page_image(document)
    image.save(ARTIFACTS / f"tent-print-{language}-A4.png")
    assert decode(image) == [url, url]
    phone.goto(f"/r/{rs.code}/card/?layout=small")
    document = printed(phone, "A4")
    assert len(document) == 1
    assert decode(pdf_page_image(document)) == [f"{live_server.url}/r/{rs.code}/"] * 8


def test_the_rules_page_and_the_scoreboard_in_every_language(pages, listed, live_server, db):
    """axe and 360 px per language: long German words must not push the page sideways."""
    ruleset, _ = make_ruleset("official", name=LONG_NAME, **EVERY_RULE_CHANGED)
    names = ["Großmutter-Annegret", "Urgroßvater-Bartholomäus", "Cat", "Dan"]
    game, _created = play_services.start_game(ruleset.current, names, 0, uuid.uuid4())
    players = list(game.players.order_by("seat"))
    play_services.record_round(game, players[0].seat, {1: 12, 2: 30, 3: 7}, uuid.uuid4())
    phone = pages.new()
    for index, language in enumerate(LANGUAGES):
        scheme = "dark" if index % 2 else "light"
        phone.emulate_media(color_scheme=scheme)
        cookie = {"name": listed.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}
        phone.context.add_cookies([cookie])  # the switcher's choice
        for url, name in ((f"/r/{ruleset.code}/", "rules"), (f"/g/{game.code}/", "scoreboard")):
            phone.goto(url)
            expect(phone.locator("html")).to_have_attribute("lang", language)
            assert_no_horizontal_scroll(phone)
            assert_accessible(phone, f"languages-{name}-{language}-{scheme}")
