"""The push path's app side (play/push.py): a change of a game is published once it is
committed, to the game's channel, with the game's version; the stream's address says
whether the game exists, as the game's pages do. nginx's side: tests/hardening/test_push.py.
"""

from __future__ import annotations

import http.server
import threading

import pytest
from django.db import transaction
from django.urls import reverse

from play import push, services
from tests.play.conftest import make_game, record


class Engine(http.server.ThreadingHTTPServer):
    """A stand-in for the push engine's publishing address: what it was sent."""

    def __init__(self):
        self.received: list[tuple[str, str]] = []
        engine = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers["Content-Length"])
                engine.received.append((self.path, self.rfile.read(length).decode()))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/publish"


@pytest.fixture
def engine(settings):
    server = Engine()
    settings.PUSH_URL = server.url
    yield server
    server.shutdown()
    server.server_close()


def test_a_round_is_published_on_the_games_channel_once_committed(engine, transactional_db):
    game = make_game()
    engine.received.clear()
    record(game, 0, {1: 10, 2: 20, 3: 30})
    version = services.load_game(pk=game.pk).version
    assert engine.received == [(f"/publish/{game.spectator_code}", str(version))]


def test_nothing_is_published_for_a_change_rolled_back(engine, transactional_db):
    game = make_game()
    engine.received.clear()
    with pytest.raises(RuntimeError), transaction.atomic():
        record(game, 0, {1: 10, 2: 20, 3: 30})
        raise RuntimeError("the request failed after the round")
    assert engine.received == []


def test_without_an_engine_nothing_is_sent(settings, transactional_db, monkeypatch):
    settings.PUSH_URL = ""
    monkeypatch.setattr(push, "publish", lambda *a: pytest.fail("published"))
    record(make_game(), 0, {1: 10, 2: 20, 3: 30})


def test_an_engine_out_of_reach_is_logged_and_the_round_stays(settings, transactional_db, caplog):
    settings.PUSH_URL = "http://127.0.0.1:9/publish"  # the discard port: nothing listens
    game = make_game()
    record(game, 0, {1: 10, 2: 20, 3: 30})
    assert len(services.board(services.load_game(pk=game.pk)).rounds) == 1
    assert "did not take a change" in caplog.text


def test_the_stream_of_a_game_that_exists_and_of_one_that_does_not(client, db):
    game = make_game()
    url = reverse("play:events", args=[game.spectator_code])
    response = client.get(url)
    # Without the engine in front, a plain answer: the browser does not retry it, and polls.
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert "no-store" in response["Cache-Control"]
    missing = reverse("play:events", args=["zzzzzzzzzzzz"])
    assert client.get(missing).status_code == 404
    # The game link's code is not a spectator code: no stream under it, as no page.
    assert client.get(reverse("play:events", args=[game.code])).status_code == 404
    assert client.get(reverse("play:watch_game", args=[game.code])).status_code == 404
    assert client.post(url).status_code == 405


@pytest.mark.parametrize("push_url", ["http://127.0.0.1:8090/publish", ""])
def test_every_board_names_its_version_and_its_stream_where_one_is_held(
    client, db, settings, push_url
):
    settings.PUSH_URL = push_url
    game = make_game()
    stream = reverse("play:events", args=[game.spectator_code])
    for page in ("play:game", "play:watch_game", "play:display"):
        code = game.code if page == "play:game" else game.spectator_code
        html = client.get(reverse(page, args=[code])).content.decode()
        assert f'data-version="{game.version}"' in html, page
        # Without an engine, no stream to open (the page polls, and says nothing failed).
        assert (f'data-events="{stream}"' in html) == bool(push_url), page
