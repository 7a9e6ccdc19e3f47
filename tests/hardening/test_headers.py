"""Security headers on every response, and HSTS when the site is served over https.

tests/test_site.py checks the home page's CSP nonce and runs ``check --deploy``; here
every URL of the site (from the resolver) and every error page is checked, and the
settings are loaded in a subprocess with an https PUBLIC_URL to see HSTS.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.test import Client, override_settings

from rulesets import codes
from tests.hardening.conftest import FailOnce, adjustment_of, make_world, routes

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def directives(csp: str) -> dict[str, list[str]]:
    parsed = {}
    for part in csp.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


def assert_strict(response, label: str, referrer: str = "same-origin") -> None:
    csp = response.get("Content-Security-Policy", "")
    assert csp, f"{label}: no CSP"
    d = directives(csp)
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp, label
    assert d["default-src"] == ["'self'"], label
    assert d["frame-ancestors"] == ["'none'"], label
    assert d["object-src"] == ["'none'"], label
    assert d["base-uri"] == ["'none'"], label
    assert d["form-action"] == ["'self'"], label
    for name in ("script-src", "style-src", "connect-src"):
        # Only this site (and, for scripts, this response's nonce): no other hosts.
        assert all(v == "'self'" or v.startswith("'nonce-") for v in d[name]), (label, name)
    assert response["X-Content-Type-Options"] == "nosniff", label
    assert response["Referrer-Policy"] == referrer, label
    assert response["X-Frame-Options"] == "DENY", label
    assert "Strict-Transport-Security" not in response, f"{label}: HSTS over plain http"


class InlineCode(HTMLParser):
    """Collects what a strict CSP would block: inline styles, handlers, scripts without a nonce."""

    def __init__(self, nonce: str):
        super().__init__()
        self.nonce = nonce
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}=javascript:...>")
        if tag == "script" and "src" not in names and names.get("nonce") != self.nonce:
            self.found.append("<script> without src or nonce")


def assert_no_inline_code(response, label: str) -> None:
    if not response["Content-Type"].startswith("text/html"):
        return
    csp = response["Content-Security-Policy"]
    nonce = csp.split("'nonce-", 1)[1].split("'", 1)[0] if "'nonce-" in csp else ""
    parser = InlineCode(nonce)
    parser.feed(response.content.decode())
    assert not parser.found, (label, parser.found)


def _path(route, world) -> str:
    code = {"r/": world.code, "g/": world.game.code, "w/": world.game.spectator_code}
    return route.path(
        code=code.get(route.route[:2], ""),
        secret=world.secret,
        round_id=world.round.pk,
        player_id=world.game.players.get(seat=1).pk,
        adjustment_id=adjustment_of(world),
        number=1,
        language="en",
        table="T" * 11,
    )


@pytest.mark.parametrize("route", routes(), ids=lambda r: r.name)
def test_every_url_carries_the_security_headers(route, worlds):
    world = worlds[False, False]
    client = Client()
    client.get(f"/r/{world.code}/edit/{world.secret}/")
    path = _path(route, world)
    response = client.get(path)
    assert response.status_code in (200, 302, 405), (path, response.status_code)
    referrer = "no-referrer" if route.name == "rulesets:grant" else "same-origin"
    assert_strict(response, route.name, referrer)
    assert_no_inline_code(response, route.name)


def _error_responses():
    world = make_world()
    yield "404", Client().get(f"/r/{codes.new_code()}/")
    yield "404 malformed", Client().get("/r/%00/")
    yield "403", Client().get(f"/g/{world.game.spectator_code}/")
    yield "400", Client().get(f"/r/{world.code}/card/?layout=huge")
    yield "400 form", Client().post("/rules/new/", {"name": ""})
    yield "405", Client().put(f"/r/{world.code}/")
    yield "403 csrf", Client(enforce_csrf_checks=True).post("/rules/new/", {})
    with override_settings(RATE_LIMIT_NOT_FOUND_PER_MINUTE=1):
        guesser = Client(REMOTE_ADDR="203.0.113.70")
        guesser.get(f"/r/{codes.new_code()}/")
        yield "429", guesser.get(f"/r/{codes.new_code()}/")

    with connection.execute_wrapper(FailOnce("SELECT", OperationalError("database is locked"))):
        yield "503", Client().get(f"/g/{world.game.code}/")


def test_error_pages_carry_the_security_headers():
    seen = []
    for label, response in _error_responses():
        assert str(response.status_code) == label.split()[0], label
        assert_strict(response, label)
        assert_no_inline_code(response, label)
        seen.append(label)
    assert len(seen) == 9


# --- HSTS: only when PUBLIC_URL is https ------------------------------------------------

PROBE = """
import json
import django
django.setup()
from django.test import Client
c = Client(HTTP_HOST="rules.example.org")
found = {}
for label, kwargs in [
    ("secure", {"secure": True}),
    ("proxied", {"headers": {"X-Forwarded-Proto": "https"}}),
    ("plain", {}),
]:
    r = c.get("/", **kwargs)
    found[label] = {
        "status": r.status_code,
        "hsts": r.get("Strict-Transport-Security"),
        "location": r.get("Location"),
        "cookies": {k: bool(v["secure"]) for k, v in r.cookies.items()},
    }
r = c.get("/rules/new/", secure=True)
found["form"] = {k: bool(v["secure"]) for k, v in r.cookies.items()}
health = c.get("/healthz")
found["healthz"] = {"status": health.status_code, "hsts": health.get("Strict-Transport-Security")}
print(json.dumps(found))
"""

STRIPPED = ("DATABASE_URL", "DEBUG", "PUBLIC_URL", "SECRET_KEY", "ALLOWED_HOSTS")


def probe(tmp_path, public_url: str, **settings: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in STRIPPED and not k.startswith("SECURE_")}
    env.update(
        DJANGO_SETTINGS_MODULE="unosite.settings",
        DEBUG="false",
        PUBLIC_URL=public_url,
        SECRET_KEY="k3Y-" + "x7Qp9zR2" * 6,
        ALLOWED_HOSTS="rules.example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        **settings,
    )
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_hsts_and_secure_cookies_when_public_url_is_https(tmp_path):
    found = probe(tmp_path, "https://rules.example.org")
    for label in ("secure", "proxied"):  # direct TLS, or TLS ended at a proxy that says so
        assert found[label]["status"] == 200, found
        hsts = found[label]["hsts"]
        assert "max-age=31536000" in hsts and "includeSubDomains" in hsts, found
        assert "preload" not in hsts, found  # only when the admin asks for it
    # Plain http is sent to https (without HSTS: browsers ignore it over http anyway).
    assert found["plain"]["status"] == 301
    assert found["plain"]["location"] == "https://rules.example.org/"
    assert found["plain"]["hsts"] is None
    assert found["form"] and all(found["form"].values()), found["form"]  # Secure cookies
    # The health check stays reachable over plain http (load balancers probe it so).
    assert found["healthz"] == {"status": 200, "hsts": None}


def test_hsts_preload_and_its_other_parts_are_the_admin_s_choice(tmp_path):
    chosen = {
        "SECURE_HSTS_SECONDS": "600",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "false",
        "SECURE_HSTS_PRELOAD": "true",
    }
    found = probe(tmp_path, "https://rules.example.org", **chosen)
    assert found["secure"]["hsts"] == "max-age=600; preload", found
    # Without the redirect, plain http is answered as it is (a proxy in front redirects).
    found = probe(tmp_path, "https://rules.example.org", SECURE_SSL_REDIRECT="false")
    assert found["plain"]["status"] == 200 and found["plain"]["location"] is None, found


def test_no_hsts_when_public_url_is_plain_http(tmp_path):
    found = probe(tmp_path, "http://rules.example.org")
    for label in ("secure", "proxied", "plain"):
        assert found[label]["status"] == 200, found
        assert found[label]["hsts"] is None, found
