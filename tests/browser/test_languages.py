"""Every phone in its own language, in a real browser: the browser's languages choose, the
switcher changes it, the choice survives a reload and reaches the scorekeeper.

Run with Spanish and French listed beside English for the test (``settings``), whatever
their catalogues hold yet: the language chosen, kept and announced (``<html lang>``) does
not depend on the translations. When the first translation lands, a check of its words
belongs here too.
"""

import uuid

import pytest
from django.utils import translation
from playwright.sync_api import expect

from play import services as play_services
from tests.browser.conftest import assert_accessible, assert_no_horizontal_scroll
from tests.conftest import make_ruleset


def translated(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


@pytest.fixture
def listed(settings):
    settings.LANGUAGES = [("en", "English"), ("es", "Español"), ("fr", "Français")]
    return settings


def test_a_spanish_phone_opens_the_rules_in_spanish(pages, listed, db):
    ruleset, _ = make_ruleset("party")
    phone = pages.new(locale="es-ES")
    phone.goto(f"/r/{ruleset.code}/")
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    expect(phone.locator("html")).to_have_attribute("dir", "ltr")
    switcher = phone.locator("#language-choice")  # its label is in the page's language
    expect(switcher).to_have_value("es")
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


def test_the_switcher_works_without_javascript(pages, listed, db):
    ruleset, _ = make_ruleset()
    phone = pages.new(locale="en-US", java_script_enabled=False)
    phone.goto(f"/r/{ruleset.code}/history/")
    phone.get_by_label("Language").select_option("es")
    phone.get_by_role("button", name="Change").click()
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    assert phone.url.endswith(f"/r/{ruleset.code}/history/")
