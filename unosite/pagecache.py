"""Whole pages kept in Django's cache per version of what they show, with holes for
what belongs to one request.

A rules page shows one revision, a scoreboard one version of a game: the same HTML for
everyone who opens it, but for three things each response must have its own: the CSRF
token, the CSP nonce and the submission id of a new-round form. Those are rendered as
placeholders (random per process, so page content cannot contain them), the page is
stored, and every response fills the placeholders in with its own values, exactly as
rendering would have (the same token everywhere in the page, the CSRF cookie set, the
nonce in the CSP header).

Only plain pages are kept: the views skip the cache when a message is waiting to be shown
(it is shown once), and the keys name everything else a page depends on: the version of
what it shows, the host it was asked for (its links and QR codes are absolute), and the
deployed templates, static files and code (``site_version``).

A page whose only holes are the token and the nonce can also be answered with a 304
(``etag``, ``not_modified``): the rules page. Never a page with a form's submission id
(the scoreboard): a browser reusing its copy would send the same id twice.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import uuid
from pathlib import Path

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response

CSRF_HOLE = "csrf" + secrets.token_hex(16)
NONCE_HOLE = "nonce" + secrets.token_hex(16)
SUBMISSION_HOLE = uuid.uuid4()  # the value a form's submission id is rendered with
TIMEOUT = 60 * 60


@functools.cache
def site_version() -> str:
    """Changes whenever a deploy changes templates, static files or the code."""
    base = Path(settings.BASE_DIR)
    files = sorted(
        [
            *(base / "templates").rglob("*"),
            *(
                path
                for app in ("rulesets", "play", "unosite")
                for path in (base / app).rglob("*.py")
            ),
            Path(settings.STATIC_ROOT) / "staticfiles.json",
        ]
    )
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def usable(request) -> bool:
    """False while a message waits to be shown: such a page is rendered, never kept."""
    return not len(get_messages(request))


def key(request, *parts) -> str:
    # Links are absolute: PUBLIC_URL when set, otherwise the (normalised) host asked for.
    where = settings.PUBLIC_URL or f"{request.scheme}://{request.get_host()}"
    raw = "\0".join(str(part) for part in (site_version(), where, *parts))
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


def etag(page_key: str) -> str:
    """A strong ETag for the page kept under ``page_key``: the same page, the same ETag."""
    return f'"{page_key.removeprefix("page:")[:32]}"'


def not_modified(request, page_etag: str) -> HttpResponse | None:
    """A 304 when the browser already holds this page (If-None-Match), or None.

    Only for pages with nothing but the CSRF token and nonce filled in: the browser's copy
    keeps its own token (valid with its CSRF cookie) and nonce (used only on scripts
    from this site, which the policy allows anyway).
    """
    current = HttpResponse()
    current["ETag"] = page_etag
    response = get_conditional_response(request, etag=page_etag, response=current)
    return response if response.status_code == 304 else None


def _fill(request, html: str, page_etag: str | None = None) -> HttpResponse:
    html = html.replace(CSRF_HOLE, get_token(request))
    if NONCE_HOLE in html:
        html = html.replace(NONCE_HOLE, str(get_nonce(request)))
    hole = str(SUBMISSION_HOLE)
    if hole in html:
        html = html.replace(hole, str(uuid.uuid4()))
    response = HttpResponse(html)
    if page_etag:
        response["ETag"] = page_etag
    return response


def cached(request, page_key: str, page_etag: str | None = None) -> HttpResponse | None:
    """The kept page, filled in for this request (with ``page_etag``), or None."""
    html = cache.get(page_key)
    return None if html is None else _fill(request, html, page_etag)


def render(
    request, template: str, context: dict, page_key: str, page_etag: str | None = None
) -> HttpResponse:
    """Renders a page with placeholders, keeps it, and answers this request with it."""
    html = render_to_string(
        template, {**context, "csrf_token": CSRF_HOLE, "csp_nonce": NONCE_HOLE}, request
    )
    cache.set(page_key, html, TIMEOUT)
    return _fill(request, html, page_etag)
