"""Everything a person reads is marked for translation: every kind of page, rendered with
every text of the catalogue "translated" into full-width letters (ｓｏ), shows no English
letter left but the family's own words, the product's name and Django's own translations.

This catches a text written in a template or view without a translation mark, a text
frozen in English at import, and a sentence glued from an English fragment: what the
translators cannot see, whatever the state of their catalogues.
"""

from __future__ import annotations

import html
import re
import uuid
from pathlib import Path

import django
import pytest
from django.test import Client
from django.utils import translation

from play import services as play_services
from tests.conftest import make_ruleset
from tests.resolved_pages import is_document, resolved_pages
from tests.rulesets.test_rule_texts_i18n import _mo
from tests.rulesets.test_views import form_data
from tests.test_i18n import catalogue, parse_po

WIDE = str.maketrans({chr(c): chr(c + 0xFEE0) for c in [*range(0x41, 0x5B), *range(0x61, 0x7B)]})
KEPT = re.compile(r"(%\(\w+\)[sd]|%%|<[^>]*>|&\w+;|&#\w+;)")
# The family's own words in these pages, the product's name, the languages' own names.
# (and what they typed in the search: "zzzz").
FAMILY = [
    "Fam Rules",
    "Party Rules",
    "Our Rules",
    "Loser shuffles",
    "Ann",
    "Ben",
    "Cat",
    "Dan",
    "zzzz",
    "agreed bonus",  # the reason of points given outside a round (tests.hardening.conftest)
]
OURS = ["House Rules", "UNO", "English", "Español", "Français", "Deutsch", "Português", "Brasil"]
ENGLISH = re.compile(r"[A-Za-z]{2,}")
# The texts people read in attributes (not the technical ones: classes, ids, URLs, values).
READ_ATTRIBUTES = re.compile(
    r'\s(?:alt|aria-label|title|placeholder|data-share-title|data-keypad-label)="([^"]*)"'
)
META = re.compile(
    r'<meta (?:name|property)="(?:description|(?:og|twitter):(?:title|description|image:alt))"'
    r' content="([^"]*)"'
)


def pseudo(text: str) -> str:
    return "".join(p if i % 2 else p.translate(WIDE) for i, p in enumerate(KEPT.split(text)))


@pytest.fixture
def pseudo_spanish(tmp_path, settings):
    """Spanish listed, with every msgid of our catalogue as its full-width self."""
    entries = {}
    for e in parse_po(catalogue("es", "django").read_text()):
        if not e.msgid:
            continue
        key = (f"{e.msgctxt}\x04" if e.msgctxt is not None else "") + e.msgid
        if e.msgid_plural:
            entries[f"{key}\x00{e.msgid_plural}"] = f"{pseudo(e.msgid)}\x00{pseudo(e.msgid_plural)}"
        else:
            entries[key] = pseudo(e.msgid)
    assert len(entries) > 1000
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.mo").write_bytes(_mo(entries, "nplurals=2; plural=(n != 1);"))
    settings.LOCALE_PATHS = [tmp_path]
    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    settings.ESTIMATE_TASK_BACKEND = "immediate"
    translation._trans.__dict__.clear()
    yield "es"
    translation._trans.__dict__.clear()


def djangos_own_spanish() -> set[str]:
    """Words of Django's own Spanish (dates, "hace 5 minutos", its form errors)."""
    path = Path(django.__file__).parent / "conf/locale/es/LC_MESSAGES/django.po"
    words = set()
    for e in parse_po(path.read_text()):
        for text in e.msgstr.values():
            words |= {w.lower() for w in ENGLISH.findall(text)}
    return words | {"utc"}


def texts_read(page: str) -> list[str]:
    """The texts of a page a person reads or hears: text, the attributes said aloud, the
    preview's description; not scripts, styles or the URLs shown as text."""
    said = READ_ATTRIBUTES.findall(page) + META.findall(page)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    texts = re.sub(r"<[^>]+>", "\n", body).split("\n") + said
    return [" ".join(html.unescape(t).split()) for t in texts if t.strip()]


def english_left(page: str, allowed: set[str]) -> list[str]:
    found = []
    for text in texts_read(page):
        rest = re.sub(r"https?://\S+|/[\w/.?=&%-]*", " ", text)
        for words in [*FAMILY, *OURS]:
            rest = rest.replace(words, " ")
        left = [w for w in ENGLISH.findall(rest) if w.lower() not in allowed]
        if left:
            found.append(text)
    return found


def _pages(client: Client) -> dict[str, object]:
    one, secret = make_ruleset(uno_penalty=4, name="Fam Rules")
    party, _ = make_ruleset("party", name="Party Rules")
    creator = Client()
    own = creator.post(
        "/rules/new/", {**form_data(name="Our Rules"), "own_rules": "Loser shuffles"}
    )["Location"]
    game, _ = play_services.start_game(one.current, ["Ann", "Ben"], 0, uuid.uuid4())
    play_services.record_round(game, 0, {1: 7}, uuid.uuid4())
    over, _ = play_services.start_game(one.current, ["Cat", "Dan"], 0, uuid.uuid4())
    play_services.record_round(over, 0, {1: 600}, uuid.uuid4())
    rules, board, watch = f"/r/{one.code}/", f"/g/{game.code}/", f"/w/{game.spectator_code}/"
    urls = {
        "home": "/",
        "new rules": "/rules/new/",
        "import": "/rules/import/",
        "rules": rules,
        "rules, party": f"/r/{party.code}/",
        "rules, own rule": own,
        "revisions": f"{rules}history/",
        "answers": f"{rules}answers/?q=uno",
        "answers, none": f"{rules}answers/?q=zzzz",
        "card": f"{rules}card/",
        "tent card": f"{rules}card/?layout=tent",
        "small cards": f"{rules}card/?layout=small",
        "card, official rules": f"/r/{party.code}/card/",
        "game length": f"{rules}game-length/",
        "start": f"{rules}play/",
        "scoreboard": board,
        "rounds": f"{board}rounds/",
        "players": f"{board}players/",
        "another scorer": f"{board}scorer/",
        "the game's rules": f"{board}rules/",
        "spectator": watch,
        "big screen": f"{watch}table/",
        "game over": f"/g/{over.code}/",
        "not found": "/no-such-page/",
        "rules not found": "/r/zzzzzzzzzzz/",
    }
    pages = {name: client.get(url) for name, url in urls.items()}
    owner = Client(headers={"accept-language": "es"})
    owner.get(f"{rules}edit/{secret}/")
    pages["edit"] = owner.get(f"{rules}edit/")
    pages["form with errors"] = client.post("/rules/new/", {**form_data(), "name": ""})
    pages["import with errors"] = client.post("/rules/import/", {"text": "{"})
    start = {"name": ["Ann"] + [""] * 9, "dealer": "0", "submission_id": str(uuid.uuid4())}
    pages["start with errors"] = client.post(f"{rules}play/", start)
    new_round = {"submission_id": str(uuid.uuid4()), "expected_round": "2"}
    pages["round with errors"] = client.post(f"{board}rounds/new/", new_round)
    typed = {**new_round, "went_out": "0", "hand_1": "12"}
    pages["round saved"] = client.post(f"{board}rounds/new/", typed, follow=True)
    # The same round from another phone: the same hands are one round; other hands ask,
    # side by side, then "keep the saved round".
    same = {**typed, "submission_id": str(uuid.uuid4())}
    pages["round merged"] = client.post(f"{board}rounds/new/", same, follow=True)
    stale = {**typed, "hand_1": "13", "submission_id": str(uuid.uuid4())}
    pages["round saved on another phone"] = client.post(f"{board}rounds/new/", stale)
    pages["round discarded"] = client.post(
        f"{board}rounds/new/", {**stale, "discard": "keep"}, follow=True
    )
    b = play_services.board(play_services.load_game(pk=game.pk))
    pages["delete a round"] = client.get(f"{board}rounds/{b.rounds[-1].round.pk}/delete/")
    ann, ben = b.players
    pages["remove a player"] = client.get(f"{board}players/{ben.pk}/remove/")
    pages["player moved"] = client.post(
        f"{board}players/{ben.pk}/up/", {"seat": str(ben.seat)}, follow=True
    )
    pages["player added"] = client.post(
        f"{board}players/add/", {"name": "Cat", "start_from": "zero"}, follow=True
    )
    # A phone at the table (it scanned the printed card) sees the game being played there.
    table = Client(headers={"accept-language": "es"})
    card = table.get(f"{rules}card/")
    table_url = re.search(r'<span class="card-link">http://testserver([^<]+)</span>', card.text)
    started = table.post(
        f"{rules}play/",
        {"name": ["Ann", "Ben"] + [""] * 8, "dealer": "1", "submission_id": str(uuid.uuid4())},
    )
    assert started.status_code == 302, re.findall(r"errorlist[^>]*>(.*?)</ul>", started.text)
    scanned = Client(headers={"accept-language": "es"})
    pages["table with a game"] = scanned.get(table_url.group(1))
    pages["start again at the table"] = table.get(f"{rules}play/")
    # And every page of urls.py, as the person who holds every code gets it.
    language = {"accept-language": "es"}
    for name, (_path, response) in resolved_pages(headers=language).items():
        pages[name] = response
    # That phone keeps score through the card ("Keep score"), until the card is renewed.
    keep = re.search(r'href="(/g/[^"]+/)"', pages["table with a game"].text).group(1)
    pages["keep score from the card"] = scanned.get(keep)
    pages["scorer from the card"] = scanned.get(f"{keep}scorer/")
    host_game = started["Location"]
    table_code = re.search(r"/t/([^/]+)/", table_url.group(1)).group(1)
    pages["a new card"] = table.post(f"{host_game}new-card/", {"table": table_code}, follow=True)
    pages["scoring ended by a new card"] = scanned.get(keep)
    return pages


def test_the_check_finds_english_left(pseudo_spanish):
    allowed = djangos_own_spanish()
    page = (
        '<p>ｏｕｒｓ <b>Ann</b> 12</p><img alt="QR code"><a href="/r/x/">ｇｏ</a>'
        "<p>http://testserver/r/abc/</p><p>5 minutos, diciembre</p>"
    )
    assert english_left(page, allowed) == ["QR code"]


@pytest.mark.translated
def test_every_page_is_marked_for_translation(db, pseudo_spanish):
    allowed = djangos_own_spanish()
    client = Client(headers={"accept-language": pseudo_spanish})
    found = {}
    pages = _pages(client)
    # The pages hold what they were asked for (the texts under test are there).
    assert 'id="conflict"' in pages["round saved on another phone"].text
    assert 'class="panel in-progress' in pages["table with a game"].text
    assert 'class="panel notice start-question"' in pages["start again at the table"].text
    assert "data-lost-scoring" in pages["keep score from the card"].text
    assert pages["scoring ended by a new card"].status_code == 403
    for name in (
        "round discarded",
        "round merged",
        "a new card",
        "player moved",
        "player added",
        "round saved",
    ):
        assert 'class="message message-' in pages[name].text, name
    for name, response in pages.items():
        assert response.status_code in (200, 400, 403, 404, 409), (name, response.status_code)
        page = response.content.decode()
        assert '<html lang="es"' in page or not is_document(response), name
        left = english_left(page, allowed)
        if left:
            found[name] = left
    assert found == {}


@pytest.mark.translated
def test_the_spreadsheets_headings_and_the_manifest_are_marked(db, pseudo_spanish):
    ruleset, _ = make_ruleset(name="Fam Rules")
    game, _ = play_services.start_game(ruleset.current, ["Ann", "Ben"], 0, uuid.uuid4())
    client = Client(headers={"accept-language": pseudo_spanish})
    headings = client.get(f"/g/{game.code}/game.csv").content.decode("utf-8-sig").splitlines()[0]
    assert english_left(headings, set()) == []
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["lang"] == "es"
    assert english_left(manifest["name"] + " " + manifest["description"], set()) == []
