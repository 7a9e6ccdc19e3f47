"""The app served as `make run` serves it (gunicorn, sync workers, DEBUG off) on a file
SQLite database, for tests that need real processes and connections."""

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

    def __init__(self, database: Path, log: Path, workers: int = 2):
        self.port = _free_port()
        self.workers = workers
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
            "REDIS_URL": os.environ.get("REDIS_URL", ""),
            "CACHE_DIR": str(database.parent / "cache"),
            "RATE_LIMIT_CREATE_PER_HOUR": "0",
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
                + ["--worker-class", "sync", "--log-level", "warning"],
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
