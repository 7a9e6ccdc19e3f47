"""The production shape's logs and its "busy" page (issue 42, points 2 and 3).

gunicorn (as deploy/house-rules-web.service runs it: no access log of its own, Django's log
on its output), the tasks worker (deploy/house-rules-tasks.service) and deploy/nginx.conf in
front, on a file SQLite database. A creator writes rules, opens the edit link on a second
phone and edits; the worker computes the estimates the pages ask for; someone tries a wrong
secret. Then gunicorn goes away (killed, as in a crash or the moment of a deploy) and the
edit link and a page are asked for again. No edit secret is in any log at any point, and
while gunicorn is away nginx answers with the app's own "busy" page, in the visitor's
language, as a 503 with Retry-After, without saying which nginx it is.
"""

from __future__ import annotations

import http.client
import re
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from tests.hardening.test_restart import Phone
from tests.hardening.test_serving import NGINX, start_nginx, stop_group, wait_until_up
from tests.rulesets.test_views import form_data
from tests.served import ROOT, Server, _free_port
from unosite.front import nginx_config

pytestmark = pytest.mark.served


class Proxy:
    """What Phone needs of a server: the port it talks to (here nginx's)."""

    def __init__(self, port: int):
        self.port = port


def _estimates(database: Path) -> tuple[int, int]:
    """(estimates asked for, estimates computed)."""
    with closing(sqlite3.connect(database)) as db:
        return db.execute("SELECT count(*), count(figures) FROM estimates_estimate").fetchone()


def _ask(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.headers), response.read().decode()
    finally:
        conn.close()


@pytest.fixture
def production(tmp_path):
    """gunicorn, the tasks worker and nginx, every log of them in ``tmp_path``."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed: `make test` installs it from Debian's packages")
    if not (ROOT / "staticfiles" / "busy" / "de.html").exists():
        pytest.fail("staticfiles/busy/ is missing: run `manage.py collectstatic`")
    database = tmp_path / "db.sqlite3"
    server = Server(database, tmp_path / "gunicorn.log", workers=2)
    server.env["LOG_LEVEL"] = "INFO"  # more than a deployment logs: more places to leak
    server.migrate()
    server.start()
    with (tmp_path / "worker.log").open("w") as out:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "-v", "1"]
            + ["--interval", "0.5"],
            cwd=ROOT,
            env=server.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    port = _free_port()
    config = nginx_config(tmp_path, port, server.port)
    nginx = start_nginx(config, tmp_path)
    try:
        wait_until_up(port, nginx, tmp_path / "error.log", 20)
        yield port, server, database
    finally:
        start_nginx, stop_group(nginx)
        start_nginx, stop_group(worker)
        server.stop(signal.SIGKILL)


def test_no_edit_secret_in_any_log_and_nginx_shows_the_busy_page(production, tmp_path):
    port, server, database = production
    creator = Phone(Proxy(port))
    creator.get("/rules/new/")
    rules_page = creator.post("/rules/new/", form_data(name="Logged rules"))
    code = rules_page.split("/")[2]
    page = creator.get(rules_page)
    secret = re.search(rf"/r/{code}/edit/([^/\"<\s]+)/", page).group(1)

    # The edit link opened on a second phone, which then changes the rules.
    phone = Phone(Proxy(port))
    assert phone.send("GET", f"/r/{code}/edit/{secret}/")[0] == 302
    phone.get(f"/r/{code}/edit/")
    phone.post(f"/r/{code}/edit/", form_data(name="Logged rules", target_score="300"))
    phone.get(f"/r/{code}/")
    phone.get(f"/r/{code}/game-length/?players=4")  # asks the worker for an estimate
    # A wrong secret (a 403, which Django logs) and an unknown page.
    assert phone.send("GET", f"/r/{code}/edit/{secret[::-1]}/")[0] == 403
    assert phone.send("GET", f"/r/{code}/edit/{secret}/nothing/")[0] == 404

    # The worker computes what the pages asked for.
    deadline = time.monotonic() + 120
    while len(set(_estimates(database))) > 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    asked, computed = _estimates(database)
    assert asked == computed >= 1, (tmp_path / "worker.log").read_text()[-2000:]

    # gunicorn goes away: nginx answers with the busy page, in German for a German phone.
    server.stop(signal.SIGKILL)
    german = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    for path in [f"/r/{code}/edit/{secret}/", f"/r/{code}/", "/"]:
        status, headers, text = _ask(port, path, german)
        assert status == 503, (path, status, text[:300])
        assert headers["Retry-After"] == "5"
        assert headers["Server"] == "nginx"  # no version
        assert "Wir waren kurz ausgelastet" in text
        assert 'lang="de"' in text and "nginx" not in text
    status, headers, _text = _ask(port, "/busy/site.css")
    assert status == 200 and headers["Content-Type"] == "text/css"
    assert headers["Content-Security-Policy"].startswith("default-src 'none'")
    # The language cookie wins over the browser's languages; English otherwise.
    status, _headers, text = _ask(port, "/", {**german, "Cookie": "django_language=fr"})
    assert status == 503 and 'lang="fr"' in text
    assert 'lang="en"' in _ask(port, "/")[2]

    time.sleep(0.5)  # nginx writes its logs as it goes; let the last lines land
    logs = sorted(p for p in tmp_path.rglob("*") if p.is_file() and p.suffix in {".log", ".out"})
    assert {p.name for p in logs} >= {"access.log", "error.log", "gunicorn.log", "worker.log"}
    errors = (tmp_path / "error.log").read_text()
    assert "connect() failed" in errors  # the failure itself is logged (for other pages)
    for log in logs:
        assert secret not in log.read_text(), f"the edit secret is in {log.name}"
    assert f"/r/{code}/edit/..." in (tmp_path / "access.log").read_text()
