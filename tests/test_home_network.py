"""The first evening at home (issue 37, point 8): `make run` serves the phones of the home
network, says where they open it, and the card and the board use that address.

Only loopback addresses are ever used here: the network address is a fake.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from tests.conftest import make_ruleset
from tests.play.conftest import make_game
from unosite import links, serve

HOME = "http://192.168.1.20:8000"
SERVER_WORDS = ("make run", "HOST=", "PUBLIC_URL", "0.0.0.0", "<code>")


class FakeSocket:
    """A UDP socket that records what it was asked; it can send nothing."""

    sent: list = []

    def __init__(self, family, kind, address="192.168.1.20"):
        self.address = address
        self.connected_to = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, where):
        self.connected_to = where

    def getsockname(self):
        return (self.address, 54321)

    def sendto(self, *args):  # pragma: no cover - failing the test is the point
        FakeSocket.sent.append(args)

    send = sendall = sendto


def fake_socket(address):
    return lambda family, kind: FakeSocket(family, kind, address)


class TestNetworkAddress:
    def test_it_is_what_the_system_would_send_from(self, monkeypatch):
        monkeypatch.setattr(links.socket, "socket", fake_socket("192.168.1.20"))
        assert links.network_address() == "192.168.1.20"
        assert FakeSocket.sent == []

    def test_a_loopback_or_missing_network_is_none(self, monkeypatch):
        monkeypatch.setattr(links.socket, "socket", fake_socket("127.0.1.1"))
        assert links.network_address() is None

        def no_network(family, kind):
            raise OSError("Network is unreachable")

        monkeypatch.setattr(links.socket, "socket", no_network)
        assert links.network_address() is None


class TestTheServersAddress:
    def test_listening_everywhere_it_is_the_network_address(self, monkeypatch):
        monkeypatch.setattr(links, "network_address", lambda: "192.168.1.20")
        assert serve.home_url("0.0.0.0", 8000) == HOME
        assert serve.home_url("::", 8080) == "http://192.168.1.20:8080"

    def test_a_private_server_or_no_network_has_none(self, monkeypatch):
        monkeypatch.setattr(links, "network_address", lambda: "192.168.1.20")
        assert serve.home_url("127.0.0.1", 8000) == ""
        monkeypatch.setattr(links, "network_address", lambda: None)
        assert serve.home_url("0.0.0.0", 8000) == ""

    def test_it_prints_the_address_and_a_qr_code_of_it(self):
        text = serve.banner("0.0.0.0", 8000, HOME)
        assert f"they open {HOME}/" in text
        assert "█" in text or "▀" in text  # the QR code, drawn in the terminal
        assert "make run HOST=127.0.0.1" in text

    def test_a_private_server_says_so(self):
        text = serve.banner("127.0.0.1", 8000, "")
        assert "http://127.0.0.1:8000/" in text and "this computer only" in text

    def test_the_site_answers_to_the_home_address_and_no_other_name(self):
        env = {**os.environ, "HOME_URL": HOME, "ALLOWED_HOSTS": "", "PUBLIC_URL": ""}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        code = "from unosite import settings; print(','.join(settings.ALLOWED_HOSTS))"
        hosts = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.split()[-1]
        assert hosts.split(",") == ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"]


@pytest.fixture
def clean_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.usefixtures("clean_cache")
class TestThePages:
    def test_the_rules_and_card_use_the_home_address(self, db):
        ruleset, _secret = make_ruleset()
        with override_settings(HOME_URL=HOME):
            page = Client().get(f"/r/{ruleset.code}/", HTTP_HOST="localhost").content.decode()
        assert f"{HOME}/r/{ruleset.code}/" in page
        assert "A phone can’t open this link yet." not in page

    def test_the_board_uses_the_home_address_with_no_hint(self, db):
        game = make_game()
        phone = Client()
        with override_settings(HOME_URL=HOME):
            page = phone.get(f"/g/{game.code}/", HTTP_HOST="localhost").content.decode()
        assert f"{HOME}/w/{game.spectator_code}/" in page
        assert "only works on this computer" not in page

    def test_a_private_server_tells_the_family_in_plain_words(self, db):
        ruleset, _secret = make_ruleset()
        page = Client().get(f"/r/{ruleset.code}/", HTTP_HOST="localhost").content.decode()
        assert "A phone can’t open this link yet." in page
        assert "let in the phones on your home Wi-Fi" in page
        game = make_game()
        board = Client().get(f"/g/{game.code}/", HTTP_HOST="localhost").content.decode()
        assert "let in the phones on your home Wi-Fi" in board
        for words in SERVER_WORDS:
            assert words not in page and words not in board

    def test_a_hosted_site_shows_none_of_it(self, db):
        ruleset, _secret = make_ruleset()
        game = make_game()
        with override_settings(
            PUBLIC_URL="https://rules.example.org", HOME_URL="", ALLOWED_HOSTS=["localhost"]
        ):
            page = Client().get(f"/r/{ruleset.code}/", HTTP_HOST="localhost").content.decode()
            board = Client().get(f"/g/{game.code}/", HTTP_HOST="localhost").content.decode()
        assert f"https://rules.example.org/r/{ruleset.code}/" in page
        for text in (page, board):
            assert "A phone can’t open" not in text and "home Wi-Fi" not in text
            assert "192.168" not in text
