"""Every page is valid HTML: parsed by html5lib's strict WHATWG parser, ids unique."""

import re

import html5lib
import pytest
from django.test import Client

from play.models import Round
from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record

pytestmark = pytest.mark.django_db


def page_urls():
    ruleset, secret = make_ruleset("party", name='Party <b>"night"</b> & more', description="x<y")
    game = make_game(names=("Ann", "Ben & Co", "<Cat>"))
    record(game, 0, {1: 12, 2: 30})
    round_id = Round.objects.get(game=game).pk
    owner = Client()
    owner.get(f"/r/{ruleset.code}/edit/{secret}/")
    code, watch = game.code, game.spectator_code
    return owner, [
        "/",
        "/rules/new/",
        "/rules/new/?preset=teams-to-100",
        f"/rules/new/?from={ruleset.code}",
        "/rules/import/",
        f"/r/{ruleset.code}/",
        f"/r/{ruleset.code}/edit/",
        f"/r/{ruleset.code}/history/",
        f"/r/{ruleset.code}/card/",
        f"/r/{ruleset.code}/card/?layout=small",
        f"/r/{ruleset.code}/play/",
        f"/g/{code}/",
        f"/g/{code}/rounds/",
        f"/g/{code}/rounds/{round_id}/edit/",
        f"/g/{code}/rounds/{round_id}/delete/",
        f"/w/{watch}/",
        f"/w/{watch}/rounds/",
        "/no/such/page/",
    ]


def test_every_page_is_valid_html():
    client, urls = page_urls()
    parser = html5lib.HTMLParser(strict=True)
    checked = 0
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        body = response.content.decode()
        try:
            parser.parse(body)
        except html5lib.html5parser.ParseError as exc:
            line = body.splitlines()[parser.errors[-1][0][0] - 1] if parser.errors else ""
            pytest.fail(f"{url}: {exc}\n{line.strip()[:300]}")
        ids = re.findall(r'\sid="([^"]+)"', body)
        duplicates = {i for i in ids if ids.count(i) > 1}
        assert not duplicates, f"{url}: duplicate ids {duplicates}"
        checked += 1
    assert checked == len(urls)
