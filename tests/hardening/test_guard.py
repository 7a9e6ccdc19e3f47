"""The first middleware, the logs and the smaller hardening items (issue 15, findings 2, 3, 8, 9).

Each test is a finding of the attack: a big body reaching the CSRF check or the disk, a
Host header with an 8,000-digit port, a traceback and an edit secret in the log, no
Permissions-Policy, a CSRF cookie that scripts can read, files others can read.
"""

from __future__ import annotations

import io
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from tests.conftest import make_ruleset
from unosite import env
from unosite.guard import normalise_host
from unosite.logs import RefusalFilter, mask


def cache_entries() -> int:
    """How many entries the cache holds (Django's file cache, or Redis)."""
    if hasattr(cache, "_list_cache_files"):
        return len(cache._list_cache_files())
    return len(cache._cache.get_client().keys("*"))


ROOT = Path(__file__).resolve().parents[2]
BIG = 300 * 1024  # over the 256 KB limit


# --- Request bodies ------------------------------------------------------------------


@pytest.mark.django_db
def test_a_body_over_the_limit_is_refused_before_the_csrf_check_reads_it():
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "x" * 32  # a made-up token was enough to make it read all
    response = client.post("/rules/import/", data=b"a" * BIG, content_type="text/plain")
    assert response.status_code == 413
    assert "too big" in response.content.decode()
    assert response["Content-Type"].startswith("text/plain")


@pytest.mark.django_db
def test_a_body_that_claims_to_be_huge_is_refused_without_reading_it():
    # Only the header: the 1 GiB it announces is never read (the payload here is empty).
    response = Client().post(
        "/rules/new/", data=b"", content_type="text/plain", CONTENT_LENGTH=str(1 << 30)
    )
    assert response.status_code == 413


@pytest.mark.django_db
@pytest.mark.parametrize("length", ["-1", "12abc", "9" * 40])
def test_an_impossible_content_length_is_a_400(length):
    response = Client().post(
        "/rules/new/", data=b"", content_type="text/plain", CONTENT_LENGTH=length
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_an_upload_under_the_limit_stays_in_memory(tmp_path):
    """A 200 KB file (over the import's own 64 KB, under the body limit) is refused by the
    form with its reason, and nothing was written to the temporary directory."""
    with override_settings(FILE_UPLOAD_TEMP_DIR=str(tmp_path)):
        upload = io.BytesIO(b"{" + b" " * (200 * 1024) + b"}")
        upload.name = "rules.json"
        response = Client().post("/rules/import/", {"file": upload})
    assert response.status_code == 400
    assert "too large" in response.content.decode()
    assert list(tmp_path.iterdir()) == []


def test_uploads_are_never_written_to_temporary_files(settings):
    assert settings.FILE_UPLOAD_HANDLERS == [
        "django.core.files.uploadhandler.MemoryFileUploadHandler"
    ]
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE >= settings.MAX_REQUEST_BODY


# --- The Host header -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "scheme", "expected"),
    [
        ("Rules.Example.org", "http", "rules.example.org"),
        ("rules.example.org.", "https", "rules.example.org"),
        ("rules.example.org:443", "https", "rules.example.org"),
        ("rules.example.org:80", "http", "rules.example.org"),
        ("rules.example.org:443", "http", "rules.example.org:443"),
        ("127.0.0.1:08000", "http", "127.0.0.1:8000"),
        ("[::1]:8000", "http", "[::1]:8000"),
        ("localhost:65535", "http", "localhost:65535"),
        ("localhost:65536", "http", None),
        ("localhost:0", "http", None),
        ("localhost:" + "9" * 8000, "http", None),
        ("localhost:", "http", None),
        ("a" * 254, "http", None),
        ("evil.org/path", "http", None),
        ("", "http", None),
    ],
)
def test_hosts_are_normalised_and_bounded(raw, scheme, expected):
    assert normalise_host(raw, scheme) == expected


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["*"])
def test_a_host_with_an_impossible_port_is_a_400():
    response = Client().get("/", HTTP_HOST="127.0.0.1:" + "9" * 8000)
    assert response.status_code == 400
    assert len(response.content) < 200


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["*"])
def test_links_use_one_spelling_of_the_host():
    ruleset, _secret = make_ruleset()
    page = Client().get(f"/r/{ruleset.code}/", HTTP_HOST="LocalHost.:80").content.decode()
    assert f"http://localhost/r/{ruleset.code}/" in page
    assert "LocalHost" not in page


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["*"])
def test_a_flood_of_hosts_does_not_grow_the_cache():
    """3,000 requests with 8,000-digit ports made 3,000 cached pages (115 MB a worker)."""
    ruleset, _secret = make_ruleset()
    client = Client()
    assert client.get(f"/r/{ruleset.code}/").status_code == 200
    kept = cache_entries()
    for n in range(200):
        response = client.get(f"/r/{ruleset.code}/", HTTP_HOST=f"127.0.0.1:{n}" + "9" * 8000)
        assert response.status_code == 400
    assert cache_entries() == kept


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["*"], PUBLIC_URL="https://rules.example.org")
def test_with_a_public_url_pages_are_kept_once_whatever_the_host():
    ruleset, _secret = make_ruleset()
    client = Client()
    client.get(f"/r/{ruleset.code}/", HTTP_HOST="127.0.0.1:7999")
    kept = cache_entries()
    for port in range(8000, 8050):
        page = client.get(f"/r/{ruleset.code}/", HTTP_HOST=f"127.0.0.1:{port}").content.decode()
        assert f"https://rules.example.org/r/{ruleset.code}/" in page
    assert cache_entries() == kept


# --- Headers and cookies ---------------------------------------------------------------


@pytest.mark.django_db
def test_every_response_has_a_permissions_policy(ruleset):
    for path in ["/", f"/r/{ruleset.code}/", "/r/AAAAAAAAAAAA/", "/healthz", "/sw.js"]:
        policy = Client().get(path)["Permissions-Policy"]
        assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy
        # What the site uses: copying a link and the phone's share sheet.
        assert "clipboard-write=(self)" in policy and "web-share=(self)" in policy


@pytest.mark.django_db
def test_the_csrf_cookie_is_not_readable_by_scripts():
    response = Client().get("/rules/new/")
    assert response.cookies["csrftoken"]["httponly"] is True
    # Forms and htmx take the token from the page.
    assert 'name="csrfmiddlewaretoken"' in response.content.decode()
    assert "x-csrftoken" in response.content.decode()


def test_no_script_reads_cookies():
    for path in (ROOT / "static" / "js").glob("*.js"):
        assert "document.cookie" not in path.read_text(), path


# --- Logs ------------------------------------------------------------------------------


def console_handler() -> logging.Handler:
    return next(
        h
        for h in logging.getLogger().handlers
        if any(isinstance(f, RefusalFilter) for f in h.filters)
    )


@pytest.fixture
def log():
    handler = console_handler()
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    yield buffer
    handler.setStream(old)


def test_mask_hides_anything_after_edit():
    assert mask('"GET /r/Abc/edit/s3cr3t_-x/ HTTP/1.1" 302') == '"GET /r/Abc/edit/… HTTP/1.1" 302'
    assert mask("/r/Abc/edit/") == "/r/Abc/edit/"


@pytest.mark.django_db
def test_a_refused_edit_link_is_one_line_without_the_secret(log):
    """A real secret tried with another rule set's code was logged in clear, with a traceback."""
    _first, secret = make_ruleset()
    other, _ = make_ruleset()
    response = Client().get(f"/r/{other.code}/edit/{secret}/")
    assert response.status_code == 403
    text = log.getvalue()
    assert secret not in text
    assert "Traceback" not in text
    assert text.count("\n") == 1, text
    assert f"/r/{other.code}/edit/…" in text


@pytest.mark.django_db
def test_404_and_403_are_one_line_each(log, ruleset):
    Client().get("/r/AAAAAAAAAAAA/")
    Client().post(f"/r/{ruleset.code}/edit/", {})
    lines = log.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert "Traceback" not in log.getvalue()


def test_the_development_servers_request_lines_are_masked():
    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"%s" %s %s',
        ("GET /r/A/edit/zz/ HTTP/1.1", "302", "0"),
        None,
    )
    assert RefusalFilter().filter(record)
    assert record.getMessage() == '"GET /r/A/edit/… HTTP/1.1" 302 0'


def test_gunicorn_s_own_log_masks_edit_secrets():
    """gunicorn logs the address of a request it failed to handle, in its own log."""
    import unosite.wsgi  # noqa: F401 (what a gunicorn worker loads)

    logger = logging.getLogger("gunicorn.error")
    args = ("GET", "/r/A/edit/zz/")
    record = logger.makeRecord(
        logger.name, logging.ERROR, __file__, 1, "Error handling request %s %s", args, None
    )
    assert logger.filter(record)
    assert record.getMessage() == "Error handling request GET /r/A/edit/…"


# --- Files -----------------------------------------------------------------------------


def test_the_secret_key_file_is_created_for_the_owner_only(tmp_path, monkeypatch):
    monkeypatch.delenv("X_KEY", raising=False)
    old = os.umask(0o022)
    try:
        env.secret_key("X_KEY", required=False, key_file=tmp_path / ".secret_key")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / ".secret_key").stat().st_mode) == 0o600


def test_the_database_file_is_created_for_the_owner_only(tmp_path):
    database = tmp_path / "db.sqlite3"
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "unosite.settings",
    }
    # One small app's tables are enough to write to the database (and its -wal file).
    subprocess.run(
        ["sh", "-c", f"umask 022 && {sys.executable} manage.py migrate sessions --noinput -v 0"],
        cwd=ROOT,
        env=environment,
        check=True,
        timeout=120,
    )
    files = [p for p in tmp_path.iterdir() if p.name.startswith("db.sqlite3")]
    assert database in files
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_a_database_file_others_could_read_is_made_private(tmp_path):
    database = tmp_path / "db.sqlite3"
    database.touch(mode=0o644)
    database.chmod(0o644)
    env.private_file(database)
    assert stat.S_IMODE(database.stat().st_mode) == 0o600


# --- Search engines (issue 42, point 7) --------------------------------------------------


def test_robots_txt_offers_search_engines_the_home_page_only():
    response = Client().get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    everyone = response.content.decode().split("\n\n")[0].splitlines()
    assert everyone == ["User-agent: *", "Allow: /$", "Allow: /static/", "Disallow: /"]


@pytest.mark.django_db
def test_game_table_and_edit_pages_say_noindex(owner, ruleset):
    from tests.play.conftest import make_game

    game = make_game()
    table = Client()
    table.get(f"/r/{ruleset.code}/play/")
    pages = {
        "game": f"/g/{game.code}/",
        "spectator": f"/w/{game.spectator_code}/",
        "big screen": f"/w/{game.spectator_code}/table/",
        "table": f"/r/{ruleset.code}/t/{'A' * 12}/",
        "rules": f"/r/{ruleset.code}/",
    }
    for name, path in pages.items():
        response = table.get(path)
        assert response["X-Robots-Tag"] == "noindex", (name, response.status_code)
    edit = owner.get(f"/r/{ruleset.code}/edit/")
    assert edit.status_code == 200 and edit["X-Robots-Tag"] == "noindex"
    assert "X-Robots-Tag" not in Client().get("/").headers
