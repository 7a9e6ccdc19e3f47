"""The push path served (play/push.py): nginx's Nchan, as deploy/nginx.conf ships it, in front
of gunicorn. Two boxes share a database and a Redis, each with its own gunicorn and its own
nginx: a round recorded through one box reaches a phone whose stream the other box holds.
A stream for no game is a 404, as the game's pages; Redis restarting closes the streams,
and a phone's stream held again hears the next round; a phone that stops reading is let go,
and the others hear every change meanwhile.
"""

from __future__ import annotations

import contextlib
import http.client
import re
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.hardening.test_serving import NGINX, start_nginx, stop_group, wait_until_up
from tests.served import RedisServer, Server, _free_port
from unosite import front

pytestmark = pytest.mark.served

GAME = """
import uuid
import django
django.setup()
from play import services
from rulesets import services as rules
from rulesets.presets import BY_SLUG
ruleset, _ = rules.create_ruleset("Ours", "", dict(BY_SLUG["official"].options))
game, _ = services.start_game(ruleset.current, ["Ann", "Ben", "Cat"], 0, uuid.uuid4())
print(game.pk, game.code, game.spectator_code)
"""

ROUND = """
import uuid
import django
django.setup()
from play import services
game = services.load_game(pk={pk})
services.record_round(game, 0, {{1: 10, 2: 20}}, uuid.uuid4())
print(services.load_game(pk={pk}).version)
"""


class Box:
    """One app server (gunicorn) with its own nginx in front, publishing to it."""

    def __init__(self, folder: Path, database: Path, redis: RedisServer):
        folder.mkdir()
        self.folder = folder
        self.server = Server(database, folder / "gunicorn.log", workers=1, redis_url=redis.url)
        publish = _free_port()
        self.server.env["PUSH_URL"] = f"http://127.0.0.1:{publish}/publish"
        self.port = _free_port()
        self.config = front.nginx_config(
            folder, self.port, self.server.port, publish_port=publish,
            redis_url=front.push_redis(redis.url),
        )  # fmt: skip
        self.nginx: subprocess.Popen | None = None

    def start(self) -> None:
        self.server.start()
        self.nginx = start_nginx(self.config, self.folder)
        wait_until_up(self.port, self.nginx, self.folder / "error.log", 20)

    def stop(self) -> None:
        if self.nginx is not None:
            stop_group(self.nginx)
        self.server.stop()


class Stream:
    """A phone's stream of a game's changes, read as EventSource reads it."""

    def __init__(self, port: int, path: str):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            assert chunk, "the stream closed before its headers"
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])
        self.head = head.decode("latin-1").lower()

    def next_data(self, seconds: float) -> str | None:
        """The next message's data, or None if none came within ``seconds`` or it closed."""
        deadline = time.monotonic() + seconds
        while True:
            for line in self.buffer.split(b"\n"):
                if line.startswith(b"data:") and line[5:].strip():
                    self.buffer = self.buffer[self.buffer.index(line) + len(line) :]
                    return line[5:].strip().decode()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(4096)
            except TimeoutError:
                return None
            if not chunk:
                return None
            self.buffer += chunk

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def boxes(tmp_path_factory):
    if not (Path(NGINX).exists() and front.NCHAN_MODULE.exists()):
        pytest.fail("nginx's Nchan module is missing: `make test` installs it")
    folder = tmp_path_factory.mktemp("push")
    redis = RedisServer(folder)
    redis.start()
    database = folder / "db.sqlite3"
    pair = [Box(folder / "a", database, redis), Box(folder / "b", database, redis)]
    pair[0].server.migrate()
    try:
        for box in pair:
            box.start()
        yield pair, redis
    finally:
        for box in pair:
            box.stop()
        redis.stop()


def new_game(box: Box) -> tuple[str, str, str]:
    pk, code, spectator = box.server.python(GAME).split()
    return pk, code, spectator


def record_round(box: Box, pk: str) -> str:
    """A round recorded by the app of ``box`` (its process publishes, as a request would)."""
    return box.server.python(ROUND.format(pk=pk)).split()[-1]


def test_a_round_recorded_on_one_box_reaches_a_phone_held_by_the_other(boxes):
    (a, b), _redis = boxes
    pk, _code, spectator = new_game(a)
    stream = Stream(b.port, f"/w/{spectator}/events/")
    try:
        assert stream.status == 200 and "text/event-stream" in stream.head
        time.sleep(0.2)  # held by nginx b and subscribed through Redis
        began = time.monotonic()
        version = record_round(a, pk)
        assert stream.next_data(5) == version
        # The round's save includes starting a Python; the message itself is immediate.
        assert time.monotonic() - began < 5
    finally:
        stream.close()


def test_a_stream_for_no_game_is_a_404_as_its_pages(boxes):
    (a, _b), _redis = boxes
    _pk, code, _spectator = new_game(a)
    for path in ("/w/zzzzzzzzzzzz/events/", f"/w/{code}/events/"):
        stream = Stream(a.port, path)
        assert stream.status == 404, path
        stream.close()


def test_after_redis_restarts_a_phone_holds_its_stream_again_and_hears_the_next_round(boxes):
    (a, b), redis = boxes
    pk, _code, spectator = new_game(a)
    stream = Stream(b.port, f"/w/{spectator}/events/")
    redis.stop()
    redis.start()  # the same port, empty
    stream.close()
    deadline = time.monotonic() + 20
    while True:  # as EventSource tries again by itself
        stream = Stream(b.port, f"/w/{spectator}/events/")
        if stream.status == 200:
            break
        stream.close()
        assert time.monotonic() < deadline, stream.status
        time.sleep(0.5)
    try:
        time.sleep(0.2)
        version = record_round(a, pk)
        assert stream.next_data(5) == version
    finally:
        stream.close()


def test_a_phone_that_stops_reading_is_let_go_and_the_others_hear_every_change(boxes):
    """A client that never reads cannot hold nginx's memory: what waits for it is dropped
    with it after deploy/nginx.conf's send_timeout, and the phones that read are not held
    up meanwhile. The changes here are far bigger than a game's (a version number), so that
    they fill the sockets' buffers at once."""
    (a, _b), _redis = boxes
    _pk, _code, spectator = new_game(a)
    path = f"/w/{spectator}/events/"
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(("127.0.0.1", a.port))
    stuck.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    reading = Stream(a.port, path)
    publish = urlsplit(a.server.env["PUSH_URL"])
    timeout = int(re.search(r"send_timeout (\d+)s;", front.SHIPPED.read_text()).group(1))
    changes, size = 600, 16 * 1024  # 9.6 MB: more than both ends of a socket buffer
    try:
        assert reading.status == 200
        time.sleep(0.2)
        publisher = http.client.HTTPConnection(publish.hostname, publish.port, timeout=5)
        began = time.monotonic()
        for n in range(changes):
            body = f"{n:06d}".encode() + b"x" * (size - 6)
            publisher.request("POST", f"{publish.path}/{spectator}", body=body)
            assert publisher.getresponse().read() is not None
            # The phone that reads hears each change, whatever the other one does.
            assert (reading.next_data(5) or "")[:6] == f"{n:06d}"
        publisher.close()
        assert time.monotonic() - began < timeout / 2, "the readers were held up"
        # After send_timeout without a byte taken, nginx closes the stuck phone's stream:
        # what it then reads is what sat in the buffers, then the end.
        time.sleep(timeout + 3 - (time.monotonic() - began))
        stuck.settimeout(5)
        got = 0
        with contextlib.suppress(ConnectionResetError):  # closed, with or without its FIN
            while chunk := stuck.recv(1 << 20):
                got += len(chunk)
        assert got < changes * size / 2, got
    finally:
        stuck.close()
        reading.close()
