"""The tasks worker through a PostgreSQL restart (issue 42, point 2).

django-tasks-db's worker stops with an error when the database is out of reach as it looks
for work; before the unit in deploy/, nothing started it again and no estimate was ever
computed after a one-second PostgreSQL restart. Here the worker runs as
deploy/house-rules-tasks.service runs it, restarted as systemd restarts it (the unit's own
Restart= and RestartSec=), against a throwaway PostgreSQL cluster that is stopped for a few
seconds and started again: an estimate asked for after the restart is computed.
Skipped where PostgreSQL is not installed (`make test-production` installs it).
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.served import ROOT, Server, _free_port

pytestmark = pytest.mark.served

UNIT = (ROOT / "deploy" / "house-rules-tasks.service").read_text()
ASK = """
import django
django.setup()
from estimates import services
from estimates.models import Estimate
from rulesets.presets import BY_SLUG
services.get(BY_SLUG["official"].options, {players})
print(Estimate.objects.filter(players={players}, figures__isnull=False).count())
"""


def _unit(key: str) -> str:
    return re.search(rf"^{key}=(.+)$", UNIT, re.M).group(1).strip()


class Cluster:
    """A throwaway PostgreSQL cluster on a free loopback port (as scripts/with-postgres)."""

    def __init__(self):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
        if not found:
            pytest.skip("PostgreSQL is not installed here (make test-production installs it)")
        self.bin = Path(found[-1])
        self.folder = Path(tempfile.mkdtemp(prefix="house-rules-pg-"))
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.run("initdb", "-D", self.data, "-U", "postgres", "-A", "trust", "--no-sync")
        self.start()
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "hr")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/hr"

    @property
    def data(self) -> str:
        return str(self.folder / "data")

    def run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self.as_user, str(self.bin / program), *args],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> None:
        options = f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(
            "pg_ctl", "-D", self.data, "-l", str(self.folder / "log"), "-w", "-o", options, "start"
        )

    def stop(self) -> None:
        self.run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        subprocess.run(
            [*self.as_user, str(self.bin / "pg_ctl"), "-D", self.data, "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


class Supervised:
    """The unit's ExecStart, started again as systemd would under its Restart= and
    RestartSec=: after an exit with an error (Restart=on-failure), RestartSec later."""

    def __init__(self, env: dict, log: Path):
        assert _unit("Restart") in ("on-failure", "always")
        self.delay = float(_unit("RestartSec"))
        command = shlex.split(_unit("ExecStart"))
        assert command[:2] == ["/srv/house-rules/.venv/bin/python", "manage.py"]
        self.command = [sys.executable, *command[1:]]
        self.env, self.log = env, log
        self.exits: list[int] = []
        self.proc: subprocess.Popen | None = None
        self.stopping = False
        self.thread = threading.Thread(target=self.keep_running, daemon=True)
        self.thread.start()

    def keep_running(self) -> None:
        while not self.stopping:
            with self.log.open("a") as out:
                self.proc = subprocess.Popen(
                    self.command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
                )
            code = self.proc.wait()
            if self.stopping:
                return
            self.exits.append(code)
            if code == 0:  # on-failure: a clean exit is not restarted
                return
            time.sleep(self.delay)

    def stop(self) -> None:
        self.stopping = True
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.thread.join(timeout=40)


def _computed(server: Server, players: int, seconds: float) -> bool:
    """Asks for the estimate for ``players`` until the worker has computed it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.python(ASK.format(players=players)).strip().splitlines()[-1] == "1":
            return True
        time.sleep(1)
    return False


def test_an_estimate_is_computed_after_a_postgresql_restart(tmp_path):
    cluster = Cluster()
    worker = None
    try:
        server = Server(tmp_path / "unused.sqlite3", tmp_path / "server.log")
        server.env["DATABASE_URL"] = cluster.url
        server.migrate()
        worker = Supervised(server.env, tmp_path / "worker.log")
        assert _computed(server, 4, 90), (tmp_path / "worker.log").read_text()[-3000:]

        # PostgreSQL restarts (an upgrade, a reboot of its own): down for a few seconds.
        cluster.stop()
        time.sleep(3)
        cluster.start()

        assert _computed(server, 5, 90), (tmp_path / "worker.log").read_text()[-3000:]
        # The worker did stop with an error while the database was away: the unit's
        # restart is what brought the estimates back.
        assert worker.exits and all(code != 0 for code in worker.exits), worker.exits
    finally:
        if worker is not None:
            worker.stop()
        cluster.remove()
