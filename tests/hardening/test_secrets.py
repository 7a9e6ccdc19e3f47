"""Secrets and abuse: unguessable codes, edit secrets stored only hashed, rate limits.

The 429s for guessed rule-set links and for creating rule sets and imports are in
tests/test_limits.py; here are the ones for games (starting one, Play again, guessing
game and spectator links).
"""

import base64
import hashlib
import math
import re
import uuid

import pytest
from django.db import connection
from django.test import Client, override_settings

from play import services as play_services
from play.models import Game
from rulesets import codes
from rulesets.models import RuleSet
from tests.conftest import one_letter_off
from tests.hardening.conftest import PLAYERS, make_world
from tests.rulesets.test_views import form_data

pytestmark = pytest.mark.django_db

SAMPLES = 2000


def bits(alphabet_size: int, length: int) -> float:
    return length * math.log2(alphabet_size)


def test_share_and_game_codes_carry_at_least_64_bits():
    assert len(set(codes.ALPHABET)) == len(codes.ALPHABET) == 58
    assert bits(len(codes.ALPHABET), codes.CODE_LENGTH) >= 64
    assert len(codes.ALPHABET) ** codes.CODE_LENGTH > 2**64
    world = make_world()
    game = world.game
    for code in [world.ruleset.code, game.code, game.spectator_code]:
        assert len(code) >= codes.CODE_LENGTH
        assert set(code) <= set(codes.ALPHABET)
        assert bits(len(codes.ALPHABET), len(code)) >= 64


def test_codes_use_the_whole_alphabet_and_do_not_repeat():
    sample = [codes.new_code() for _ in range(SAMPLES)]
    assert len(set(sample)) == SAMPLES
    assert {len(code) for code in sample} == {codes.CODE_LENGTH}
    # Every symbol turns up, about equally often (so none is wasted and none favoured).
    counts = dict.fromkeys(codes.ALPHABET, 0)
    for code in sample:
        for ch in code:
            counts[ch] += 1
    expected = SAMPLES * codes.CODE_LENGTH / len(codes.ALPHABET)  # about 379
    assert min(counts.values()) > expected * 0.7
    assert max(counts.values()) < expected * 1.3


def test_codes_and_secrets_come_from_the_secrets_module(monkeypatch):
    """Not from ``random``, whose output can be predicted from what it gave before."""
    monkeypatch.setattr(codes.secrets, "choice", lambda seq: seq[0])
    monkeypatch.setattr(codes.secrets, "token_urlsafe", lambda n: "from-secrets")
    assert codes.new_code() == codes.ALPHABET[0] * codes.CODE_LENGTH
    assert codes.new_secret() == "from-secrets"


def test_edit_secrets_carry_at_least_128_bits():
    sample = [codes.new_secret() for _ in range(SAMPLES)]
    assert len(set(sample)) == SAMPLES
    for secret in sample[:50]:
        raw = base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))
        assert len(raw) * 8 >= 128
        assert re.fullmatch(r"[A-Za-z0-9_-]+", secret)


def _every_stored_value() -> list[str]:
    """Every value of every column of every table, as text."""
    values = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            name = connection.ops.quote_name(table)
            cursor.execute(f"SELECT * FROM {name}")  # noqa: S608 - table names from the DB
            values += [str(v) for row in cursor.fetchall() for v in row if v is not None]
    return values


def test_the_edit_secret_is_stored_only_hashed():
    client = Client()
    response = client.post("/rules/new/", form_data(name="Ours"), follow=True)
    link = response.context["edit_link"]
    secret = link.rstrip("/").rsplit("/", 1)[1]
    assert len(secret) >= 24
    ruleset = RuleSet.objects.get()
    assert ruleset.edit_secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    stored = _every_stored_value()
    assert stored, "the scan found nothing at all"
    assert ruleset.edit_secret_hash in stored  # the scan does see the hash...
    assert not [v for v in stored if secret in v]  # ...and never the secret
    # Shown until saved, never in the session; the page that shows it is not cached.
    assert "no-store" in response["Cache-Control"]
    assert not [v for v in client.session.values() if secret in str(v)]
    client.post(f"/r/{ruleset.code}/link-saved/")
    assert client.get(f"/r/{ruleset.code}/").context["edit_link"] is None
    # The edit link sends no Referer onwards.
    grant = Client().get(link)
    assert grant.status_code == 302
    assert grant["Referrer-Policy"] == "no-referrer"


def test_a_wrong_secret_gives_no_rights():
    world = make_world()
    c = Client()
    for guess in [
        one_letter_off(world.secret),
        world.secret.upper(),
        "",
        world.ruleset.edit_secret_hash,
    ]:
        if guess:
            assert c.get(f"/r/{world.code}/edit/{guess}/").status_code == 403
    assert c.get(f"/r/{world.code}/edit/").status_code == 403


# --- Rate limits for games -----------------------------------------------------------------


def _start(client, code):
    data = {"name": ["Ann", "Ben"], "dealer": "1", "submission_id": str(uuid.uuid4())}
    return client.post(f"/r/{code}/play/", data)


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=3)
def test_starting_games_is_limited_per_client():
    world = make_world()
    games = Game.objects.count()
    c = Client(REMOTE_ADDR="203.0.113.40")
    statuses = [_start(c, world.code).status_code for _ in range(5)]
    assert statuses == [302, 302, 302, 429, 429]
    assert Game.objects.count() == games + 3
    refused = _start(c, world.code)
    assert refused["Retry-After"]
    assert "nothing was saved" in refused.content.decode()
    # The start form still opens, and another client may still start games.
    assert c.get(f"/r/{world.code}/play/").status_code == 200
    assert _start(Client(REMOTE_ADDR="203.0.113.41"), world.code).status_code == 302


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=2)
def test_invalid_starts_do_not_count_and_play_again_does():
    world = make_world(finished=True)
    c = Client(REMOTE_ADDR="203.0.113.50")
    bad = {"name": ["Ann"], "dealer": "1", "submission_id": str(uuid.uuid4())}
    for _ in range(5):
        assert c.post(f"/r/{world.code}/play/", bad).status_code == 400
    assert _start(c, world.code).status_code == 302
    assert c.post(f"/g/{world.game.code}/again/").status_code == 302  # the second creation
    other = make_world(finished=True)
    assert c.post(f"/g/{other.game.code}/again/").status_code == 429
    assert not Game.objects.filter(previous=other.game).exists()
    assert _start(c, world.code).status_code == 429


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=2)
def test_creating_anything_shares_one_budget():
    world = make_world()
    c = Client(REMOTE_ADDR="203.0.113.55")
    assert c.post("/rules/new/", form_data()).status_code == 302
    assert _start(c, world.code).status_code == 302
    assert c.post("/rules/new/", form_data()).status_code == 429
    assert _start(c, world.code).status_code == 429


@override_settings(RATE_LIMIT_NOT_FOUND_PER_MINUTE=4)
def test_guessing_game_and_spectator_links_earns_429s():
    world = make_world()
    guesser = Client(REMOTE_ADDR="203.0.113.60")
    guesses = [f"/g/{codes.new_code()}/", f"/w/{codes.new_code()}/", "/g/not-a-code/"]
    statuses = [guesser.get(guesses[i % 3]).status_code for i in range(6)]
    assert statuses == [404] * 4 + [429] * 2
    assert guesser.get(f"/g/{codes.new_code()}/").status_code == 429
    # A game that exists stays open to everyone behind the address (a table on one Wi-Fi):
    # with codes of 64 bits, what a guesser learns from that is nothing it could use.
    assert guesser.get(f"/g/{world.game.code}/").status_code == 200
    assert Client(REMOTE_ADDR="203.0.113.61").get(f"/g/{codes.new_code()}/").status_code == 404


def test_the_limits_are_settings():
    from django.conf import settings

    assert settings.RATE_LIMIT_NOT_FOUND_PER_MINUTE > 0
    assert settings.RATE_LIMIT_CREATE_PER_HOUR > 0


def test_names_in_a_game_are_players_not_secrets():
    """Sanity check of the scan: a game's player names are found where they are stored."""
    world = make_world()
    assert set(PLAYERS) <= set(_every_stored_value())
    assert play_services.load_game(pk=world.game.pk).code in _every_stored_value()
