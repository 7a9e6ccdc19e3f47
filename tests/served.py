"""The app served as `make run` serves it (gunicorn, sync workers, DEBUG off) on a file
SQLite database, for tests that need real processes and connections.

The environment chooses what a whole run is served with: ``REDIS_URL`` (a cache shared
by the workers, as in production; by default each server has a folder of its own) and
``SERVED_WORKERS`` (how many workers, where a test does not ask for a number).
``RedisServer`` starts a throwaway redis-server on a free loopback port.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn in its own process group, so that stopping it stops its workers too."""

    def __init__(
        self,
        database: Path,
        log: Path,
        workers: int | None = None,
        redis_url: str | None = None,
        access_log: Path | None = None,
    ):
        """``access_log``: a file where gunicorn writes a line per request: the worker's
        process id, the method, the path and the status."""
        self.port = _free_port()
        self.access_log = access_log
        self.workers = workers or int(os.environ.get("SERVED_WORKERS") or 2)
        if redis_url is None:
            redis_url = os.environ.get("REDIS_URL", "")
        self.log = log
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "unosite.settings",
            "DATABASE_URL": f"sqlite:///{database}",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "PUBLIC_URL": "",
            # The cache the tests run with (none, or the Redis of `make test-production`),
            # shared by the workers as in a deployment of several.
            "REDIS_URL": redis_url,
            "CACHE_DIR": str(database.parent / "cache"),
            "RATE_LIMIT_CREATE_PER_HOUR": "0",
            "RATE_LIMIT_EDIT_PER_HOUR": "0",
            "RATE_LIMIT_NOT_FOUND_PER_MINUTE": "0",
        }
        self.env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.proc: subprocess.Popen | None = None

    def migrate(self) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=120,
        )

    def python(self, code: str) -> str:
        """Runs ``code`` in a Python with the server's settings; returns what it printed."""
        return subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout

    def start(self) -> None:
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "unosite.wsgi"]
                + ["--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers)]
                + ["--worker-class", "sync", "--log-level", "warning"]
                + (
                    ["--access-logfile", str(self.access_log)]
                    + ["--access-logformat", "%(p)s %(m)s %(U)s %(s)s"]
                    if self.access_log
                    else []
                ),
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"gunicorn exited: {self.log.read_text()}")
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass  # not listening yet, or too slow to answer on a busy machine
            finally:
                conn.close()
            time.sleep(0.1)
        pytest.fail("gunicorn did not answer in time")

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        with suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        # Wait until no worker of the group is left.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


class RedisServer:
    """A throwaway redis-server on a free loopback port, keeping nothing on disk."""

    def __init__(self, folder: Path):
        self.port = _free_port()
        self.folder = folder
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail("redis-server exited at start")
            with suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        pytest.fail("redis-server did not answer in time")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
