"""Every phone in its own language: the catalogues, the language of each response, the
switcher, and the caches kept apart by language.

Only the languages whose catalogue is complete are listed in settings.LANGUAGES (all five
now). The tests of the choosing and switching run with their own languages listed for the
test (``two_languages``): what they check (the language chosen, kept and sent back) does
not depend on which languages settings.py lists.
"""

from __future__ import annotations

import functools
import html
import re
import subprocess
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone, translation
from django.utils.translation import gettext

from play import services as play_services
from rulesets.views import reference_cache_key
from tests.conftest import make_ruleset

LOCALE = Path(settings.BASE_DIR) / "locale"
DOMAINS = ("django", "djangojs")
OTHER_LANGUAGES = [code for code, _name in settings.ALL_LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|\{(\w+)\}")
# What xgettext writes in a new catalogue's header until someone fills it in.
HEADER_PLACEHOLDERS = (
    "SOME DESCRIPTIVE TITLE",
    "PACKAGE VERSION",
    "YEAR-MO-DA",
    "FULL NAME",
    "LANGUAGE <LL@li.org>",
)


def locale_name(code: str) -> str:
    """pt-br → pt_BR, the catalogue folder's name."""
    language, _, country = code.partition("-")
    return f"{language}_{country.upper()}" if country else language


# --- Reading a catalogue -------------------------------------------------------------


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str = ""
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    line: int = 0


def _unquote(text: str) -> str:
    return text[1:-1].encode("raw_unicode_escape").decode("unicode_escape")


@functools.cache
def parse_po(text: str) -> tuple[Entry, ...]:
    """The entries of a .po file (obsolete ones left out): enough to check them. A dozen
    tests read the same ten catalogues, so each text is parsed once (entries not changed)."""
    entries: list[Entry] = []
    entry, key = Entry(), None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            if entry.msgstr or key:
                entries.append(entry)
            entry, key = Entry(), None
            continue
        if line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = _unquote(line)
            if isinstance(key, int):
                entry.msgstr[key] += value
            else:
                setattr(entry, key, getattr(entry, key) + value)
        else:
            word, _, rest = line.partition(" ")
            if not entry.line:
                entry.line = number
            match = re.fullmatch(r"msgstr\[(\d+)\]", word)
            if match:
                key = int(match.group(1))
                entry.msgstr[key] = _unquote(rest)
            elif word == "msgstr":
                key = 0
                entry.msgstr[0] = _unquote(rest)
            else:
                key = word
                setattr(entry, key, _unquote(rest))
    if entry.msgstr or key:
        entries.append(entry)
    return tuple(entries)


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def problems(text: str) -> list[str]:
    """What keeps a catalogue from being complete: a header not filled in, an entry not
    translated or marked fuzzy, a translation that loses or invents a named placeholder."""
    found = header_problems(text)
    for entry in parse_po(text):
        where = f"line {entry.line}: {entry.msgid[:60]!r}"
        if entry.msgid == "":
            if "fuzzy" in entry.flags:
                found.append("the header is still marked fuzzy (fill in Language and remove it)")
            continue
        if "fuzzy" in entry.flags:
            found.append(f"{where} is fuzzy")
        if not entry.msgstr or any(not value for value in entry.msgstr.values()):
            found.append(f"{where} is not translated")
        found += placeholder_problems(entry, where)
    return found


def header_problems(text: str) -> list[str]:
    """The header (its comments and its msgstr, up to the first real entry) names the
    project, the translators and the language, not xgettext's placeholders."""
    end = re.search(r'^msgid "[^"]', text, re.M)
    header = text[: end.start()] if end else text
    return [
        f"the header still says {placeholder!r} (fill it in)"
        for placeholder in HEADER_PLACEHOLDERS
        if placeholder in header
    ]


def placeholder_problems(entry: Entry, where: str) -> list[str]:
    """Each translation keeps the source's named placeholders; a plural form may leave out
    the count (a language's "one" form may say "a" instead of "1"), nothing else."""
    found = []
    singular, plural = placeholders(entry.msgid), placeholders(entry.msgid_plural)
    for index, value in entry.msgstr.items():
        if not value:
            continue
        wanted = plural if entry.msgid_plural and index > 0 else singular
        optional = ({"count"} | (plural ^ singular)) if entry.msgid_plural else set()
        got = placeholders(value)
        missing, unknown = wanted - got - optional, got - singular - plural
        if missing or unknown:
            found.append(
                f"{where} msgstr[{index}] placeholders: missing {missing}, unknown {unknown}"
            )
    return found


def catalogue(code: str, domain: str) -> Path:
    return LOCALE / locale_name(code) / "LC_MESSAGES" / f"{domain}.po"


# --- The catalogues --------------------------------------------------------------------


def test_the_checker_finds_what_is_missing_in_a_catalogue():
    text = "\n".join(
        [
            "#, fuzzy",
            'msgid ""',
            'msgstr ""',
            '"Language: es\\n"',
            "",
            'msgid "Done"',
            'msgstr ""',
            "",
            "#, fuzzy",
            'msgid "Change"',
            'msgstr "Cambiar"',
            "",
            "#, python-format",
            'msgid "Round %(number)s"',
            'msgstr "Ronda %(numero)s"',
            "",
            'msgid "%(count)s card"',
            'msgid_plural "%(count)s cards"',
            'msgstr[0] "una carta"',
            'msgstr[1] ""',
            "",
            'msgid "Fine"',
            'msgstr "Bien"',
        ]
    )
    found = problems(text)
    assert len(found) == 5, found
    assert "header" in found[0]
    assert "'Done' is not translated" in found[1]
    assert "'Change' is fuzzy" in found[2]
    assert "missing {'number'}, unknown {'numero'}" in found[3]
    assert "'%(count)s card' is not translated" in found[4]  # msgstr[0] may say "una"


def test_the_checker_finds_a_header_not_filled_in():
    text = "\n".join(
        [
            "# SOME DESCRIPTIVE TITLE.",
            "#",
            'msgid ""',
            'msgstr ""',
            '"Project-Id-Version: PACKAGE VERSION\\n"',
            '"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"',
            '"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"',
            '"Language-Team: LANGUAGE <LL@li.org>\\n"',
            '"Language: es\\n"',
            "",
            'msgid "Done"',
            'msgstr "Hecho"',
        ]
    )
    found = problems(text)
    assert len(found) == 5, found
    assert all("the header still says" in problem for problem in found)
    assert "'SOME DESCRIPTIVE TITLE'" in found[0]
    assert "'LANGUAGE <LL@li.org>'" in found[4]
    filled = (
        text.replace("SOME DESCRIPTIVE TITLE", "House Rules: the Spanish translation")
        .replace("PACKAGE VERSION", "House Rules")
        .replace("YEAR-MO-DA HO:MI+ZONE", "2026-12-06 20:00+0000")
        .replace("FULL NAME <EMAIL@ADDRESS>", "House Rules developers")
        .replace("LANGUAGE <LL@li.org>", "Spanish")
    )
    assert problems(filled) == []


def test_a_complete_catalogue_has_no_problem():
    text = "\n".join(
        [
            'msgid ""',
            'msgstr "Language: es\\n"',
            "",
            'msgctxt "switch the language"',
            'msgid "Change"',
            'msgstr "Cambiar"',
            "",
            'msgid "%(count)s card"',
            'msgid_plural "%(count)s cards"',
            'msgstr[0] "%(count)s carta"',
            'msgstr[1] "%(count)s cartas"',
            "",
            'msgid "%(name)s went out"',
            'msgstr ""',
            '"%(name)s se quedó "',
            '"sin cartas"',
        ]
    )
    assert problems(text) == []
    assert parse_po(text)[3].msgstr[0] == "%(name)s se quedó sin cartas"


def test_english_is_the_source_and_listed_first():
    assert settings.LANGUAGE_CODE == "en"
    assert settings.LANGUAGES[0] == ("en", "English")
    assert set(settings.LISTED_LANGUAGES) <= {code for code, _ in settings.ALL_LANGUAGES}


def test_english_spanish_french_german_and_brazilian_portuguese_are_offered():
    assert [code for code, _name in settings.LANGUAGES] == ["en", "es", "fr", "de", "pt-br"]
    assert [locale_name(code) for code in OTHER_LANGUAGES] == ["es", "fr", "de", "pt_BR"]


@pytest.mark.translated
@pytest.mark.parametrize("code", [code for code, _ in settings.LANGUAGES])
def test_every_listed_language_has_a_complete_catalogue(code):
    if code == "en":  # the source: the texts in the code are its catalogue
        assert not (LOCALE / "en").exists()
        return
    for domain in DOMAINS:
        path = catalogue(code, domain)
        assert path.exists(), f"{path} is missing"
        assert problems(path.read_text()) == [], path


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalogue_compiles_and_keeps_its_placeholders(code, domain, tmp_path):
    """The catalogues being translated too: what is translated already is right."""
    path = catalogue(code, domain)
    assert path.exists(), f"{path} is missing: run make messages"
    result = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    found = []
    for entry in parse_po(path.read_text()):
        # A fuzzy entry is a guess of msgmerge's (for a text changed since), still to check.
        if entry.msgid and "fuzzy" not in entry.flags:
            found += placeholder_problems(entry, f"{path.name} line {entry.line}")
    assert found == []


# French puts a space before ":" (a no-break space), ";", "!", "?" and inside « » (a narrow
# no-break space): an ordinary one would let the sign wrap alone onto the next line of a phone.
FRENCH_SPACE_PROBLEMS = re.compile(r"[ \u00a0]+[;!?»]| +:|«[ \u00a0]")


def french_typography_problems(text: str) -> list[str]:
    """The French translations whose spaces before two-part signs may break or are missing
    (outside HTML tags, entities and placeholders, which are left as they are)."""
    found = []
    for entry in parse_po(text):
        for value in entry.msgstr.values() if entry.msgid else ():
            words = re.sub(r"<[^>]*>|&#?\w+;|%\(\w+\)[sdif]|\{\w+\}", "x", value)
            if FRENCH_SPACE_PROBLEMS.search(words) or re.search(r"\w[;!?:»](?=\s|$)", words):
                found.append(f"line {entry.line}: {value[:60]!r}")
    return found


def test_the_french_checker_finds_spaces_that_break():
    text = "\n".join(
        [
            'msgid "Done: saved."',
            'msgstr "Fait : enregistré."',
            "",
            'msgid "Ready?"',
            'msgstr "Prêt ?"',
            "",
            "msgid \"Say 'UNO'\"",
            'msgstr "Dites « UNO »"',
            "",
            'msgid "Ready!"',
            'msgstr "Prêt!"',
            "",
            'msgid "Fine: <a href=\\"https://x\\">yes</a> &amp; %(name)s"',
            'msgstr "Bien\u00a0: <a href=\\"https://x\\">oui</a> &amp; %(name)s\u202f?"',
        ]
    )
    found = french_typography_problems(text)
    assert len(found) == 4, found
    assert "Bien" not in " ".join(found)


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_keeps_no_break_spaces_before_colons_and_question_marks(domain):
    assert french_typography_problems(catalogue("fr", domain).read_text()) == []


def test_every_catalogue_has_the_same_texts_to_translate():
    """``make messages`` ran for all the languages at once: none is behind the others."""
    for domain in DOMAINS:
        ids = {
            code: {(e.msgctxt, e.msgid) for e in parse_po(catalogue(code, domain).read_text())}
            for code in OTHER_LANGUAGES
        }
        first = ids[OTHER_LANGUAGES[0]]
        assert len(first) > 10
        assert all(other == first for other in ids.values()), domain


def _makefile_ignores() -> list[str]:
    """The folders ``make messages`` leaves out (the Makefile's I18N_IGNORE: one home)."""
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    line = re.search(r"^I18N_IGNORE :=((?:.*\\\n)*.*)$", makefile, re.M).group(1)
    return re.findall(r"--ignore=(\S+)", line)


def _gathered_now(tmp_path, monkeypatch) -> dict[str, set]:
    """The texts makemessages finds in the code today, gathered into a copy of the sources
    (the repository's catalogues are not touched), for one language. The command runs in
    this process, in the copy, with the copy's catalogues as the only ones."""
    root = Path(settings.BASE_DIR)
    ignored = set(_makefile_ignores())
    copy = tmp_path / "src"
    for path in root.rglob("*"):
        parts = path.relative_to(root).parts
        if any(p.startswith(".") or p in ignored or p == "locale" for p in parts[:-1]):
            continue
        if path.is_file() and path.suffix in {".py", ".html", ".txt", ".js"}:
            target = copy.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    (copy / "locale").mkdir()
    monkeypatch.chdir(copy)
    with override_settings(LOCALE_PATHS=[str(copy / "locale")]):
        for domain, extra in (("django", []), ("djangojs", ["templates"])):
            call_command(
                "makemessages",
                locale=["es"],
                domain=domain,
                ignore_patterns=[*sorted(ignored), *extra],
                verbosity=0,
            )
    return {
        domain: {
            (e.msgctxt, e.msgid, e.msgid_plural)
            for e in parse_po((copy / "locale/es/LC_MESSAGES" / f"{domain}.po").read_text())
            if e.msgid
        }
        for domain in DOMAINS
    }


@pytest.mark.translated
def test_the_catalogues_hold_every_text_marked_in_the_code(tmp_path, monkeypatch):
    """A text marked but not gathered (``make messages`` not run) would be English in every
    language; a text no longer in the code is a translator's wasted work."""
    now = _gathered_now(tmp_path, monkeypatch)
    assert len(now["django"]) > 500 and len(now["djangojs"]) > 10
    for code in OTHER_LANGUAGES:
        for domain in DOMAINS:
            kept = {
                (e.msgctxt, e.msgid, e.msgid_plural)
                for e in parse_po(catalogue(code, domain).read_text())
                if e.msgid
            }
            missing = sorted(now[domain] - kept, key=str)[:5]
            stale = sorted(kept - now[domain], key=str)[:5]
            assert (missing, stale) == ([], []), f"{code} {domain}.po: run make messages"


# --- The language of a response ---------------------------------------------------------


@pytest.fixture
def two_languages(settings):
    """Spanish listed beside English for the test (its catalogue need not be complete)."""
    settings.LANGUAGES = [("en", "English"), ("es", "Español"), ("fr", "Français")]
    return settings


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)" dir="(ltr|rtl)">', response.content.decode()).group(1)


def test_the_browsers_language_is_chosen_when_it_is_listed(db, two_languages):
    client = Client()
    response = client.get("/", headers={"accept-language": "es-ES,es;q=0.9,en;q=0.5"})
    assert html_lang(response) == "es" and response["Content-Language"] == "es"
    assert 'dir="ltr"' in response.content.decode()
    response = client.get("/", headers={"accept-language": "de-DE,de;q=0.9,fr;q=0.8"})
    assert html_lang(response) == "fr"  # German is not listed here: the next one is
    response = client.get("/", headers={"accept-language": "ja"})
    assert html_lang(response) == "en"


def test_a_language_not_listed_is_never_chosen(db, settings):
    settings.LANGUAGES = [("en", "English"), ("fr", "Français")]  # Spanish not listed here
    client = Client()
    response = client.get("/", headers={"accept-language": "es"})
    assert html_lang(response) == "en" and response["Content-Language"] == "en"
    client.post("/language/", {"language": "es", "next": "/"})
    assert html_lang(client.get("/", headers={"accept-language": "es"})) == "en"


def test_pages_say_they_vary_by_language_and_cookie(db, two_languages):
    ruleset, _ = make_ruleset()
    for url in ("/", f"/r/{ruleset.code}/", "/rules/new/", "/no-such-page/"):
        response = Client().get(url)
        vary = {v.strip().lower() for v in response["Vary"].split(",")}
        assert {"accept-language", "cookie"} <= vary, url


def test_the_switcher_is_on_every_page_once_a_second_language_is_listed(db, two_languages):
    ruleset, _ = make_ruleset()
    game = _game(ruleset)
    urls = [
        "/",
        "/rules/new/",
        f"/r/{ruleset.code}/",
        f"/r/{ruleset.code}/card/",
        f"/r/{ruleset.code}/card/?layout=tent",
        f"/r/{ruleset.code}/history/",
        f"/g/{game.code}/",
        f"/w/{game.spectator_code}/",
        "/no-such-page/",
    ]
    for url in urls:
        page = Client().get(url, headers={"accept-language": "fr"}).content.decode()
        form = re.search(
            r'<form class="language-switcher" method="post" action="/language/">'
            r"(.*?)</form>",
            page,
            re.S,
        )
        assert form, url
        assert 'name="csrfmiddlewaretoken"' in form.group(1)
        assert f'name="next" value="{url}"'.replace("&", "&amp;") in form.group(1)
        assert '<option value="fr" lang="fr" selected>Français</option>' in form.group(1)
        assert '<option value="es" lang="es">Español</option>' in form.group(1)


def test_with_english_alone_there_is_no_switcher_to_choose_from(db, settings):
    settings.LANGUAGES = [("en", "English")]
    assert "language-switcher" not in Client().get("/").content.decode()


def _game(ruleset, names=("Ann", "Ben")):
    game, _created = play_services.start_game(ruleset.current, list(names), 0, uuid.uuid4())
    return game


def test_the_switchers_choice_is_kept_and_reaches_the_scorekeeper(db, two_languages):
    ruleset, _ = make_ruleset()
    game = _game(ruleset)
    phone = Client()
    english_browser = {"accept-language": "en-US,en;q=0.9"}
    response = phone.post(
        "/language/", {"language": "es", "next": f"/r/{ruleset.code}/"}, headers=english_browser
    )
    assert response.status_code == 302 and response["Location"] == f"/r/{ruleset.code}/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "es" and cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == settings.LANGUAGE_COOKIE_AGE
    # The cookie beats the browser's languages, on a reload and on every other page.
    assert html_lang(phone.get(f"/r/{ruleset.code}/", headers=english_browser)) == "es"
    assert html_lang(phone.get(f"/g/{game.code}/", headers=english_browser)) == "es"
    assert html_lang(phone.get(f"/g/{game.code}/rounds/", headers=english_browser)) == "es"
    board = phone.get(f"/g/{game.code}/board/", headers=english_browser)
    assert board["Content-Language"] == "es"
    # And back.
    phone.post("/language/", {"language": "en", "next": "/"})
    assert html_lang(phone.get(f"/g/{game.code}/")) == "en"


def test_the_switcher_refuses_what_it_cannot_do(db, two_languages):
    phone = Client()
    # Another site as the way back: home instead.
    response = phone.post("/language/", {"language": "es", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"
    # A language that is not listed changes nothing.
    with translation.override("es"):  # the phone's language now
        reason = gettext("That language is not offered here, so nothing was changed.")
    for language in ("de", "xx-nonsense", ""):
        refused = phone.post("/language/", {"language": language, "next": "/"})
        assert refused.status_code == 400 and reason in html.unescape(refused.content.decode())
        assert settings.LANGUAGE_COOKIE_NAME not in refused.cookies
    assert html_lang(phone.get("/", headers={"accept-language": "en"})) == "es"
    # A GET changes nothing either.
    other = Client()
    assert other.get("/language/?language=es&next=/").status_code == 405
    assert html_lang(other.get("/")) == "en"


def test_the_switcher_needs_the_forms_csrf_token(db, two_languages):
    phone = Client(enforce_csrf_checks=True)
    response = phone.post("/language/", {"language": "es", "next": "/"})
    assert response.status_code == 403
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    page = phone.get("/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = phone.post(
        "/language/", {"language": "es", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"


def test_error_pages_and_refusals_name_their_language(db, two_languages):
    spanish = {"accept-language": "es"}
    assert html_lang(Client().get("/no-such-page/", headers=spanish)) == "es"
    from django.template import loader

    with translation.override("es"):
        assert '<html lang="es" dir="ltr">' in loader.get_template("500.html").render({})
    too_big = Client().generic(
        "POST", "/rules/new/", b"", headers={**spanish, "content-length": "99999999"}
    )
    assert too_big.status_code == 413 and too_big["Content-Type"].startswith("text/plain")


# --- The scripts' texts ---------------------------------------------------------------------


def test_pages_load_the_scripts_texts_in_their_language(db, two_languages):
    page = Client().get("/", headers={"accept-language": "es"}).content.decode()
    url = re.search(r'<script src="(/jsi18n/es\.js\?v=\w+)" defer>', page).group(1)
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert (
        "immutable" in response["Cache-Control"] and "max-age=31536000" in response["Cache-Control"]
    )
    assert "django.ngettext" in response.content.decode()
    # The catalogue is before every other script of the page (they are deferred, in order).
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert scripts[0].startswith("/jsi18n/es.js") and len(scripts) > 1


def test_an_english_page_loads_no_catalogue_its_scripts_speak_english(db, two_languages):
    page = Client().get("/", headers={"accept-language": "en"}).content.decode()
    assert "/jsi18n/" not in page
    assert re.findall(r'<script src="([^"]+)"', page)  # the page's own scripts are there


def test_the_scripts_texts_of_an_unknown_language_or_version(db, two_languages):
    assert Client().get("/jsi18n/de.js").status_code == 404
    assert Client().get("/jsi18n/..%2Fsettings.js").status_code == 404
    stale = Client().get("/jsi18n/es.js?v=old")
    assert stale.status_code == 200 and "no-cache" in stale["Cache-Control"]


# --- Caches and conditional responses by language ---------------------------------------------


def test_the_rule_reference_is_cached_per_language(db, two_languages):
    ruleset, _ = make_ruleset()
    pk = ruleset.current.pk
    assert reference_cache_key(pk, "es") != reference_cache_key(pk, "fr")
    Client().get(f"/r/{ruleset.code}/", headers={"accept-language": "es"})
    assert cache.get(reference_cache_key(pk, "es")) is not None
    assert cache.get(reference_cache_key(pk, "fr")) is None
    Client().get(f"/r/{ruleset.code}/", headers={"accept-language": "fr"})
    assert cache.get(reference_cache_key(pk, "fr")) is not None


def test_a_rules_page_etag_of_one_language_is_no_304_in_another(db, two_languages):
    ruleset, _ = make_ruleset()
    url = f"/r/{ruleset.code}/"
    spanish = Client().get(url, headers={"accept-language": "es"})
    etag = spanish["ETag"]
    again = Client().get(url, headers={"accept-language": "es", "if-none-match": etag})
    assert again.status_code == 304
    french = Client().get(url, headers={"accept-language": "fr", "if-none-match": etag})
    assert french.status_code == 200 and french["ETag"] != etag and html_lang(french) == "fr"
    # The same by the switcher's cookie, whatever the browser says.
    phone = Client()
    phone.post("/language/", {"language": "fr", "next": url})
    chosen = phone.get(url, headers={"accept-language": "es", "if-none-match": etag})
    assert chosen.status_code == 200 and html_lang(chosen) == "fr"


def test_a_scoreboard_etag_of_one_language_is_no_304_in_another(db, two_languages):
    ruleset, _ = make_ruleset()
    game = _game(ruleset)
    url = f"/g/{game.code}/board/"
    etag = Client().get(url, headers={"accept-language": "es"})["ETag"]
    spanish, french = Client(), Client()
    assert (
        spanish.get(url, headers={"accept-language": "es", "if-none-match": etag}).status_code
        == 304
    )
    response = french.get(url, headers={"accept-language": "fr", "if-none-match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert response["Content-Language"] == "fr"


def test_the_preview_picture_is_in_the_language_of_the_page_that_names_it(db, two_languages):
    ruleset, _ = make_ruleset(uno_penalty=4)
    page = Client().get(f"/r/{ruleset.code}/", headers={"accept-language": "es"}).content
    og = re.search(rb'<meta property="og:image" content="http://testserver([^"]+)"', page)
    path = html.unescape(og.group(1).decode())
    assert path == f"/r/{ruleset.code}/og.png?v=1&lang=es"
    crawler = Client()  # a link preview's robot: no cookie, its own languages
    spanish = crawler.get(path, headers={"accept-language": "en"}).content
    english = crawler.get(f"/r/{ruleset.code}/og.png?v=1").content
    assert spanish != english
    assert (
        spanish
        == Client().get(path.replace("&lang=es", ""), headers={"accept-language": "es"}).content
    )
    # A language that is not listed is the reader's.
    unlisted = crawler.get(f"/r/{ruleset.code}/og.png?v=1&lang=de").content
    assert unlisted == english


def test_dates_are_written_the_readers_way(db, two_languages):
    from django.utils.formats import date_format

    ruleset, _ = make_ruleset()
    when = timezone.localtime(ruleset.current.created_at)
    english = Client().get(f"/r/{ruleset.code}/").content.decode()
    assert f">{date_format(when, 'j M Y')}</time>" in english  # as it always was: 2 Dec 2026
    spanish = Client().get(f"/r/{ruleset.code}/", headers={"accept-language": "es"})
    with translation.override("es"):
        written = date_format(when, "DATE_FORMAT")  # 2 de diciembre de 2026
    assert " de " in written and f">{written}</time>" in spanish.content.decode()
    history = Client().get(f"/r/{ruleset.code}/history/", headers={"accept-language": "es"})
    with translation.override("es"):
        assert date_format(when, "DATETIME_FORMAT") in history.content.decode()


def test_make_messages_leaves_a_new_text_empty_instead_of_guessing(tmp_path):
    """msgmerge's fuzzy matching filled new texts with the translation of a near one (the
    German for "Points for a Wild" under "Points for a Shuffle Hands"); ours does not."""
    import subprocess

    from django.core.management import get_commands

    from unosite.management.commands.makemessages import Command

    assert get_commands()["makemessages"] == "unosite"
    old = tmp_path / "de.po"
    old.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Points for a Wild"\nmsgstr "Punkte für eine Farbenwahlkarte"\n'
    )
    new = tmp_path / "django.pot"
    new.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Points for a Shuffle Hands"\nmsgstr ""\n'
    )
    subprocess.run(["msgmerge", *Command.msgmerge_options, str(old), str(new)], check=True)
    merged = old.read_text()
    assert "fuzzy" not in merged and "Farbenwahlkarte" not in merged.split("#~")[0]
