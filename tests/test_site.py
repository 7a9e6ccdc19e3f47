"""The skeleton: settings from the environment, health check, error pages, headers."""

import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from unosite import env

ROOT = Path(__file__).resolve().parents[1]


STRIPPED = ("DATABASE_URL", "DEBUG", "PUBLIC_URL", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")


def manage(*args, **environ):
    base = {k: v for k, v in os.environ.items() if k not in STRIPPED}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **environ},
        capture_output=True,
        text=True,
        timeout=60,
    )


PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k3Y-" + "x7Qp9zR2" * 6,
    "ALLOWED_HOSTS": "example.org",
    "PUBLIC_URL": "https://example.org",
}


def test_check_deploy_is_clean_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


WRONG_SETTINGS = [
    ({"DATABASE_URL": "mysql://x@y/z"}, "DATABASE_URL must be a postgres:// or sqlite:// URL"),
    ({"DATABASE_URL": "not a url"}, "DATABASE_URL"),
    ({"DEBUG": "yes please"}, "DEBUG must be true or false"),
    ({"PUBLIC_URL": "example.org"}, "PUBLIC_URL must be an origin"),
    ({**PRODUCTION, "SECRET_KEY": ""}, "SECRET_KEY must be set"),
    ({**PRODUCTION, "SECRET_KEY": "short"}, "SECRET_KEY must be at least 50 characters"),
]


def test_a_wrong_setting_stops_start_up_with_one_clear_line():
    environ, expected = WRONG_SETTINGS[0]
    result = manage("check", **environ)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("environ,expected", WRONG_SETTINGS)
def test_each_wrong_setting_is_named_in_that_line(environ, expected, monkeypatch):
    """The settings read as at start-up (in this process: the line above is how any
    ConfigError reaches the person starting the site)."""
    for name in STRIPPED:
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(env.ConfigError) as error:
        runpy.run_path(str(ROOT / "unosite" / "settings.py"))
    message = str(error.value)
    assert "\n" not in message and expected in message


@pytest.mark.parametrize("value,expected", [("true", True), ("FALSE", False), ("", None)])
def test_env_bool_is_strict(monkeypatch, value, expected):
    monkeypatch.setenv("X_FLAG", value)
    assert env.env_bool("X_FLAG", None) is expected


@pytest.mark.parametrize("value", ["1", "yes", "on", "truthy"])
def test_env_bool_refuses_anything_else(monkeypatch, value):
    monkeypatch.setenv("X_FLAG", value)
    with pytest.raises(SystemExit, match="X_FLAG must be true or false"):
        env.env_bool("X_FLAG", False)


def test_sqlite_by_default_with_wal_and_immediate_transactions():
    config = env.database("NO_SUCH_VARIABLE", Path("/tmp/x.sqlite3"))
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert "busy_timeout" in config["OPTIONS"]["init_command"]


def test_postgres_from_database_url(monkeypatch):
    monkeypatch.setenv("X_DB", "postgres://u:p@db.example:5433/rules")
    config = env.database("X_DB", Path("/tmp/x"))
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "rules")


def test_a_local_secret_key_is_generated_once(tmp_path, monkeypatch):
    monkeypatch.delenv("X_KEY", raising=False)
    key_file = tmp_path / ".secret_key"
    first = env.secret_key("X_KEY", required=False, key_file=key_file)
    assert len(first) >= 50
    assert env.secret_key("X_KEY", required=False, key_file=key_file) == first


def test_the_shared_cache_folder_is_the_setting_when_set(tmp_path, monkeypatch):
    monkeypatch.setenv("X_CACHE", str(tmp_path / "mine"))
    assert env.cache_dir("X_CACHE", tmp_path / ".cache") == str(tmp_path / "mine")


needs_memory_folder = pytest.mark.skipif(
    not os.access("/dev/shm", os.W_OK), reason="no /dev/shm on this machine"
)


@needs_memory_folder
def test_the_shared_cache_folder_is_in_memory_and_private(tmp_path, monkeypatch):
    monkeypatch.delenv("X_CACHE", raising=False)
    folder = Path(env.cache_dir("X_CACHE", tmp_path / ".cache"))
    try:
        assert folder.parent == Path("/dev/shm") and folder.is_dir()
        assert folder.stat().st_uid == os.getuid() and folder.stat().st_mode & 0o777 == 0o700
        assert env.cache_dir("X_CACHE", tmp_path / ".cache") == str(folder)  # every worker
        other = Path(env.cache_dir("X_CACHE", tmp_path / "other" / ".cache"))
        assert other != folder  # another copy of the site on the machine
        other.rmdir()
    finally:
        folder.rmdir()


@needs_memory_folder
def test_a_memory_folder_others_could_write_to_is_not_used(tmp_path, monkeypatch):
    monkeypatch.delenv("X_CACHE", raising=False)
    fallback = tmp_path / ".cache"
    folder = Path(env.cache_dir("X_CACHE", fallback))
    try:
        folder.chmod(0o777)  # as if someone else had made it first for everyone
        assert env.cache_dir("X_CACHE", fallback) == str(fallback)
        folder.rmdir()
        folder.symlink_to(tmp_path)  # a link to a folder elsewhere
        assert env.cache_dir("X_CACHE", fallback) == str(fallback)
    finally:
        if folder.is_symlink():
            folder.unlink()
        elif folder.exists():
            folder.rmdir()


def test_healthz_answers_ok_without_the_database(django_assert_num_queries, db):
    with django_assert_num_queries(0):
        response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_pages_carry_a_strict_csp_with_a_nonce(db):
    response = Client().get("/")
    csp = response["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in csp
    assert "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    nonce = csp.split("'nonce-", 1)[1].split("'", 1)[0]
    body = response.content.decode()
    # Every inline script carries the nonce.
    for chunk in body.split("<script")[1:]:
        tag = chunk.split(">", 1)[0]
        assert "src=" in tag or f'nonce="{nonce}"' in tag, tag
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_404_page_is_in_the_site_style(db):
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Not found" in body and "House Rules" in body and "/static/css/site" in body


def test_500_page_renders_without_a_database():
    from django.test import RequestFactory

    from unosite.errors import server_error

    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()


def test_400_and_403_pages(db, rf):
    from django.core.exceptions import PermissionDenied

    from unosite.errors import bad_request, permission_denied

    response = permission_denied(rf.get("/"), PermissionDenied("Only owners."))
    assert response.status_code == 403 and "Only owners." in response.content.decode()
    assert bad_request(rf.get("/")).status_code == 400


def test_csrf_failure_is_a_clear_403(db):
    response = Client(enforce_csrf_checks=True).post("/rules/new/", {"name": "x"})
    assert response.status_code == 403
    assert "nothing was changed" in response.content.decode()


def test_every_setting_is_in_the_readme_s_configuration_table():
    """Each environment variable the settings read has its row (issue 42)."""
    settings = (ROOT / "unosite" / "settings.py").read_text()
    names = set(re.findall(r"env\.\w+\(\s*\"([A-Z_]+)\"", settings))
    assert {"SECURE_SSL_REDIRECT", "SECURE_HSTS_PRELOAD", "DATABASE_URL"} <= names
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Configuration\n") : readme.index("## Deployment\n")]
    assert sorted(name for name in names if f"| `{name}` |" not in table) == []


def test_htmx_never_settles_an_inline_style(client, db):
    """htmx copies the settled attributes of an element it swaps by setting them; a style
    attribute set that way breaks the Content Security Policy (style-src 'self'), which a
    phone's console reported while the round sheet had been opened (its place's height)."""
    import html
    import json
    import re

    page = client.get("/").content.decode()
    config = json.loads(
        html.unescape(re.search(r'name="htmx-config" content=\'([^\']+)\'', page)[1])
    )
    assert "style" not in config["attributesToSettle"]
    assert config["includeIndicatorStyles"] is False
