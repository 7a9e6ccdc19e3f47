"""Text people typed cannot turn the app's own words around (issue 42, point 6): a
right-to-left override (U+202E) in a house name, a player's name, a note or an own rule
stays inside an isolating element (<bdi>, or an element of its own with dir="auto")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from play import services
from rulesets.services import save_revision
from tests.play.conftest import make_game, record

RLO = "\u202e"
HOUSE = f"{RLO}Casa"
PLAYER = f"{RLO}Ann"


def not_isolated(page: str, text: str) -> list[str]:
    """The places ``text`` appears in the page's body as text (not in an attribute) outside
    a <bdi> or an element with dir="auto" that holds it alone; each with what precedes it."""
    body = page.split("<body", 1)[1]
    assert text in body
    places = []
    for match in re.finditer(re.escape(text), body):
        before = body[: match.start()]
        if before.rfind("<") > before.rfind(">"):
            continue  # inside a tag: an attribute
        tag = before[before.rfind("<") :]
        if tag == "<bdi>" and body[match.end() :].startswith("</"):
            continue
        if tag.startswith(("<title>", "<desc")):
            continue  # an SVG's title or description: read aloud, not drawn
        if 'dir="auto"' in tag and body[match.end() :].startswith("</"):
            continue
        places.append(before[-80:])
    return places


@pytest.fixture
def game(db):
    game = make_game(names=(PLAYER, "Ben", "Cat"))
    record(game, 0, {1: 10, 2: 20})
    return services.load_game(pk=game.pk)


def test_the_house_name_is_isolated_on_every_page_that_shows_it(game):
    revision = game.revision
    ruleset = revision.ruleset
    save_revision(
        ruleset, HOUSE, "", {**revision.options}, own_rules=[f"{RLO}Our rule"], note=f"{RLO}why"
    )
    phone = Client()
    rules = phone.get(f"/r/{ruleset.code}/").content.decode()
    assert not_isolated(rules, HOUSE) == [] and not_isolated(rules, f"{RLO}Our rule") == []
    card = phone.get(f"/r/{ruleset.code}/card/").content.decode()
    assert not_isolated(card, HOUSE) == [] and not_isolated(card, f"{RLO}Our rule") == []
    history = phone.get(f"/r/{ruleset.code}/history/").content.decode()
    assert not_isolated(history, HOUSE) == [] and not_isolated(history, f"{RLO}why") == []


def test_player_names_are_isolated_on_the_board_history_and_big_screen(game):
    phone = Client()
    for path in (
        f"/g/{game.code}/",
        f"/g/{game.code}/rounds/",
        f"/w/{game.spectator_code}/table/",
        f"/g/{game.code}/players/",
    ):
        page = phone.get(path).content.decode()
        places = not_isolated(page, PLAYER)
        assert places == [], (path, [p[-60:] for p in places])
