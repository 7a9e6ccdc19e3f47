"""Every page is valid HTML: parsed by html5lib's strict WHATWG parser, ids unique, and
checked by the W3C's Nu HTML Checker (vnu.jar; `make test` and `make check-html` install it).

Each page is asked for as the person who would see it (the owner, a stranger, a phone at
the table) and must answer the status it should: a page that broke into a 404 or a 500
fails here instead of being checked as an error page.
"""

import json
import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import html5lib
import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import Client

from play import adjustments, table
from play.models import Game, Player, Round
from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record
from tests.resolved_pages import is_document, resolved_pages
from tests.rulesets.test_views import form_data
from unosite.management.commands.collectstatic import busy_page

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
VNU_JAR = Path(os.environ.get("VNU_JAR") or ROOT / ".tools/node_modules/vnu-jar/build/dist/vnu.jar")


def pages():
    """(name, status, response) for every kind of page, as its visitor gets it."""
    ruleset, secret = make_ruleset("party", name='Party <b>"night"</b> & more', description="x<y")
    game = make_game(names=("Ann", "Ben & Co", "<Cat>"))
    record(game, 0, {1: 12, 2: 30})
    round_id = Round.objects.get(game=game).pk
    # Points outside a round: one that counts, one undone (the board, the history).
    given = adjustments.add(
        game, Player.objects.get(game=game, name="Ann").pk, -5, "<late>", uuid.uuid4(), 1
    )
    adjustments.add(
        game, Player.objects.get(game=game, name="<Cat>").pk, 9, "bonus", uuid.uuid4(), 1
    )
    adjustments.undo(game, given[0].pk)
    finished = make_game(names=("Ann", "Ben"), preset="quick")
    record(finished, 0, {1: 250})
    # Pairs who came and went: a pair joined, another left (the players pages).
    pairs = make_game(names=("Ann", "Ben", "Cat", "Dan"), teams="pairs")
    record(pairs, 0, {1: 12})
    table.add_pair(pairs, ["Eve", "Fay"], "agreed", 5)
    table.remove_player(pairs, Player.objects.get(game=pairs, name="Ben").pk)
    ann = Player.objects.get(game=pairs, name="Ann").pk
    owner, stranger = Client(), Client()
    assert owner.get(f"/r/{ruleset.code}/edit/{secret}/").status_code == 302
    code, watch, rs = game.code, game.spectator_code, ruleset.code
    # The game is played at a table: its table link lists it, and "Start a game" asks first
    # (the browser remembers the table from the table link, opened before).
    table_code, game_rules = "T" * 11, game.revision.ruleset.code
    Game.objects.filter(pk=game.pk).update(table=table_code)
    gets = [
        (owner, "/", 200),
        (owner, "/rules/new/", 200),
        (owner, "/rules/new/?preset=teams-to-100", 200),
        (owner, f"/rules/new/?from={rs}", 200),
        (owner, "/rules/import/", 200),
        (owner, f"/r/{rs}/", 200),
        (stranger, f"/r/{rs}/", 200),
        (stranger, f"/r/{rs}/answers/", 200),
        (stranger, f"/r/{rs}/answers/?q=stack+a+plus+four", 200),
        (owner, f"/r/{rs}/edit/", 200),
        (stranger, f"/r/{rs}/edit/", 403),
        (owner, f"/r/{rs}/history/", 200),
        (owner, f"/r/{rs}/card/", 200),
        (owner, f"/r/{rs}/card/?layout=small", 200),
        (owner, f"/r/{rs}/play/", 200),
        (owner, f"/g/{code}/", 200),
        (owner, f"/g/{code}/rounds/", 200),
        (owner, f"/g/{code}/rounds/{round_id}/edit/", 200),
        (owner, f"/g/{code}/rounds/{round_id}/delete/", 200),
        (owner, f"/g/{finished.code}/", 200),
        (owner, f"/g/{code}/players/", 200),
        (owner, f"/g/{code}/points/", 200),
        (owner, f"/g/{finished.code}/points/", 200),
        (owner, f"/g/{code}/players/{Player.objects.get(game=game, name='Ann').pk}/remove/", 200),
        (owner, f"/g/{pairs.code}/", 200),
        (owner, f"/g/{pairs.code}/players/", 200),
        (owner, f"/g/{pairs.code}/players/{ann}/remove/", 200),
        (owner, f"/g/{pairs.code}/rounds/", 200),
        (stranger, f"/w/{watch}/", 200),
        (stranger, f"/w/{watch}/rounds/", 200),
        (owner, f"/r/{game_rules}/t/{table_code}/", 200),
        (owner, f"/r/{game_rules}/play/", 200),
        (owner, f"/g/{code}/scorer/", 200),
        (owner, f"/g/{code}/rules/", 200),
        (stranger, f"/w/{watch}/table/", 200),
        (stranger, "/no/such/page/", 404),
    ]
    # A phone that scanned the card keeps score under the spectator code.
    at_table = Client()
    assert at_table.get(f"/r/{game_rules}/t/{table_code}/").status_code == 200
    gets += [(at_table, f"/g/{watch}/", 200), (at_table, f"/g/{watch}/scorer/", 200)]
    found = [(f"GET {url}", status, client.get(url)) for client, url, status in gets]
    # The same round entered differently on a second phone: both side by side.
    late = {"went_out": "1", "hand_0": "3", "hand_2": "4", "expected_round": "1"}
    late["submission_id"] = "6b1f2f44-58f0-4c7b-9b73-1f5ad0b8c0de"
    found.append(
        ("POST a round already saved (409)", 409, owner.post(f"/g/{code}/rounds/new/", late))
    )
    # Forms sent back with their errors shown.
    bad_rules = {**form_data(), "name": "", "hand_size": "99"}
    found.append(("POST /rules/new/ (errors)", 400, stranger.post("/rules/new/", bad_rules)))
    found.append(
        ("POST /rules/import/ (errors)", 400, stranger.post("/rules/import/", {"text": "{"}))
    )
    # And every page of urls.py, as the person who holds every code gets it.
    found += [
        (f"GET {path} ({name})", 200, r)
        for name, (path, r) in resolved_pages().items()
        if is_document(r)
    ]
    # nginx's "busy" page, as collectstatic writes it (deploy/nginx.conf serves it).
    for language, _name in settings.LANGUAGES:
        page = HttpResponse(busy_page(language), status=503)
        found.append((f"busy page ({language})", 503, page))
    bad_points = {"player": "x", "points": "1000000000", "reason": " ", "direction": "add"}
    found.append(("POST points (errors)", 400, owner.post(f"/g/{code}/points/", bad_points)))
    return found


def test_every_page_of_the_url_resolver_is_checked():
    """The pages come from the resolver: one that answered with HTML before and no longer
    does (a broken URL in the access matrix's paths) would drop out of the check silently."""
    pages = resolved_pages()
    documents = {name for name, (_path, r) in pages.items() if is_document(r)}
    assert {"rulesets:home", "rulesets:rules", "play:game", "play:display"} <= documents
    assert len(documents) >= 15, sorted(documents)
    assert "play:board" in set(pages) - documents  # a fragment


def test_every_fragment_of_the_url_resolver_is_valid_html(db):
    parser = html5lib.HTMLParser(strict=True)
    for name, (path, response) in resolved_pages().items():
        if is_document(response):
            continue
        try:
            parser.parseFragment(response.content.decode())
        except html5lib.html5parser.ParseError as exc:
            pytest.fail(f"{name} ({path}): {exc}")


@pytest.fixture
def checked_pages():
    found = pages()
    wrong = [(name, r.status_code, status) for name, status, r in found if r.status_code != status]
    assert not wrong, f"pages answered (page, got, expected): {wrong}"
    return found


def test_every_page_is_valid_html(checked_pages):
    parser = html5lib.HTMLParser(strict=True)
    for name, _status, response in checked_pages:
        assert response["Content-Type"].startswith("text/html"), name
        body = response.content.decode()
        try:
            parser.parse(body)
        except html5lib.html5parser.ParseError as exc:
            line = body.splitlines()[parser.errors[-1][0][0] - 1] if parser.errors else ""
            pytest.fail(f"{name}: {exc}\n{line.strip()[:300]}")
        ids = re.findall(r'\sid="([^"]+)"', body)
        duplicates = {i for i in ids if ids.count(i) > 1}
        assert not duplicates, f"{name}: duplicate ids {duplicates}"


@pytest.mark.vnu
def test_the_nu_html_checker_reports_no_error(checked_pages, tmp_path):
    if not VNU_JAR.is_file():
        if os.environ.get("VNU_JAR"):
            pytest.fail(f"VNU_JAR names {VNU_JAR}, which does not exist")
        pytest.skip("the Nu HTML Checker is not installed: `make check-html` installs it")
    java = shutil.which("java")
    assert java, "a Java runtime is needed for the Nu HTML Checker (`make check-html`)"
    files = {}
    for i, (name, _status, response) in enumerate(checked_pages):
        path = tmp_path / f"page-{i:02}.html"
        path.write_bytes(response.content)
        files[path.name] = name
    result = subprocess.run(
        [java, "-jar", str(VNU_JAR), "--errors-only", "--format", "json", *sorted(files)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    messages = json.loads(result.stderr or result.stdout)["messages"]
    errors = [
        f"{files.get(m.get('url', '').rsplit('/', 1)[-1], m.get('url'))} line "
        f"{m.get('lastLine')}: {m['message']}"
        f"\n    {m.get('extract', '').strip()[:200]}"
        for m in messages
    ]
    assert not errors, "\n".join(errors)
    assert result.returncode == 0, result.stderr[-2000:]
