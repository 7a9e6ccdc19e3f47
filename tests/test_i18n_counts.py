"""No "1 cards": every number shown with a noun agrees with it, on the rendered pages, in
every listed language.

The plural nouns come from the catalogues themselves (the words a plural form has that its
singular has not: "cards" from "%(count)s card"/"%(count)s cards", or the translator's
forms), plus a few English ones, so that a count written without ngettext is caught too. The
pages are those that show counts, with counts of 1 where a family can have them: one house
rule, one round, one game in the evening, one own rule, one thing to fix in a form.
"""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.conf import settings
from django.test import Client

from play import services as play_services
from tests.conftest import make_ruleset
from tests.rulesets.test_views import form_data
from tests.test_i18n import OTHER_LANGUAGES, catalogue, parse_po

ENGLISH_PLURALS = {
    "cards",
    "points",
    "rounds",
    "games",
    "players",
    "rules",
    "minutes",
    "seconds",
    "turns",
    "wins",
    "changes",
    "answers",
    "characters",
    "things",
    "hands",
    "revisions",
}
WORD = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    text = re.sub(r"%\(\w+\)[sd]|\{\w+\}|<[^>]*>", " ", text)
    return {w.lower() for w in WORD.findall(text) if len(w) > 2}


def plural_words(code: str) -> set[str]:
    """The words only a plural form uses, in ``code``'s catalogues (English: the msgids)."""
    found = set(ENGLISH_PLURALS) if code == "en" else set()
    for domain in ("django", "djangojs"):
        path = catalogue("en" if code == "en" else code, domain)
        if code == "en":
            path = catalogue(OTHER_LANGUAGES[0], domain)
        for entry in parse_po(path.read_text()):
            if not entry.msgid_plural:
                continue
            if code == "en":
                found |= _words(entry.msgid_plural) - _words(entry.msgid)
            else:
                singular = _words(entry.msgstr.get(0, ""))
                for index, text in entry.msgstr.items():
                    if index > 0:
                        found |= _words(text) - singular
    return found


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def one_with_a_plural(text: str, plurals: set[str]) -> list[str]:
    """Each "1 <plural>" (or "1 <word> <plural>": "1 house rules") in ``text``."""
    found = []
    for match in re.finditer(r"(?<![\d.,:/])\b1\s+(\w+)(?:\s+(\w+))?", text):
        words = [w.lower() for w in match.groups() if w]
        if words[0] in plurals or (len(words) > 1 and words[1] in plurals):
            found.append(match.group(0))
    return found


def test_the_check_finds_a_count_that_does_not_agree():
    plurals = plural_words("en")
    assert {"cards", "rounds", "players"} <= plurals
    text = visible_text("<p>We play 1 <b>house rules</b> differently. 1 card, 1\n rounds.</p>")
    assert one_with_a_plural(text, plurals) == ["1 house rules", "1 rounds"]
    assert one_with_a_plural("Round 1: 3 cards. Version 2.1 games, 11 rounds", plurals) == []


def _pages(client) -> dict[str, str]:
    """The pages that show counts, with as many counts of 1 as a family can have."""
    one_rule, _ = make_ruleset(uno_penalty=4)
    party, _ = make_ruleset("party")
    creator = Client()
    response = creator.post(
        "/rules/new/", {**form_data(name="Ours"), "own_rules": "Loser shuffles"}
    )
    own = response["Location"]
    game, _created = play_services.start_game(one_rule.current, ["Ann", "Ben"], 0, uuid.uuid4())
    play_services.record_round(game, 0, {1: 7}, uuid.uuid4())
    urls = {
        "home": "/",
        "new": "/rules/new/",
        "rules, one house rule": f"/r/{one_rule.code}/",
        "rules, party": f"/r/{party.code}/",
        "rules, own rule": own,
        "history": f"/r/{one_rule.code}/history/",
        "answers": f"/r/{one_rule.code}/answers/?q=uno",
        "card": f"/r/{one_rule.code}/card/",
        "tent card": f"/r/{one_rule.code}/card/?layout=tent",
        "small cards": f"/r/{one_rule.code}/card/?layout=small",
        "game length": f"/r/{one_rule.code}/game-length/",
        "start": f"/r/{one_rule.code}/play/",
        "scoreboard": f"/g/{game.code}/",
        "rounds": f"/g/{game.code}/rounds/",
        "players": f"/g/{game.code}/players/",
        "spectator": f"/w/{game.spectator_code}/",
    }
    pages = {name: client.get(url) for name, url in urls.items()}
    bad = client.post("/rules/new/", {**form_data(), "name": ""})
    pages["form with one error"] = bad
    for name, response in pages.items():
        assert response.status_code in (200, 400), (name, response.status_code)
    return {name: response.content.decode() for name, response in pages.items()}


@pytest.mark.parametrize("code", [code for code, _ in settings.LANGUAGES])
def test_no_page_shows_one_with_a_plural(db, code, settings):
    settings.ESTIMATE_TASK_BACKEND = "immediate"
    settings.ESTIMATE_CPU_SECONDS = 0.05  # the words of the game length, not its accuracy
    client = Client(headers={"accept-language": code})
    plurals = plural_words(code)
    found = {}
    for name, page in _pages(client).items():
        assert f'<html lang="{code}"' in page, name
        mistakes = one_with_a_plural(visible_text(page), plurals)
        if mistakes:
            found[name] = mistakes
    assert found == {}
