"""Per-client rate limits, counted where every worker sees the same count.

Four limits, all in settings: guessing links (past the limit in one minute, a link that
does not exist answers 429 instead of 404), creating things (rule sets, imports, games)
per hour, saving changes of rules per hour, and failed logins to /admin/ per quarter of an
hour.

The counters are kept apart from the cache: in the database (``RateCount``, one row per
client and window, counted with one conditional UPDATE), with Redis too. So they are shared
by all workers, exact under races, survive a restart, and emptying the cache resets none.
A creation takes its place before the view runs and gives it back if nothing was created,
so 200 parallel posts against a limit of 60 make exactly 60.

Only links that do not exist are refused to a client that guessed too many: the pages that
do exist stay open to everyone behind the same address (a family, a café's Wi-Fi).
"""

from __future__ import annotations

import functools
import random
import time

from django.conf import settings
from django.db import DatabaseError
from django.db.models import F
from django.http import HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from unosite.models import RateCount


def client_id(request) -> str:
    if settings.RATE_LIMIT_TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR", "unknown")[:64]


# --- The counters --------------------------------------------------------------------------


def _where(kind: str, client: str, window: int) -> tuple[str, int, int]:
    now = int(time.time())
    return f"{kind}:{client}", now // window, now + window


def take(kind: str, client: str, limit: int, window: int) -> bool:
    """Counts one more ``kind`` for ``client`` in this window if fewer than ``limit`` were
    counted; returns whether it was counted. Exact however many processes ask at once."""
    key, number, expires = _where(kind, client, window)
    _ensure_row(key, number, expires)
    taken = RateCount.objects.filter(key=key, window=number, count__lt=limit).update(
        count=F("count") + 1
    )
    return taken == 1


def give_back(kind: str, client: str, window: int) -> None:
    """Undoes one ``take`` of this window (what it was taken for did not happen)."""
    key, number, _expires = _where(kind, client, window)
    RateCount.objects.filter(key=key, window=number, count__gt=0).update(count=F("count") - 1)


def add(kind: str, client: str, window: int) -> int:
    """Counts one more ``kind`` for ``client`` in this window; returns the count."""
    key, number, expires = _where(kind, client, window)
    _ensure_row(key, number, expires)
    RateCount.objects.filter(key=key, window=number).update(count=F("count") + 1)
    return RateCount.objects.filter(key=key, window=number).values_list("count", flat=True)[0]


def _ensure_row(key: str, number: int, expires: int) -> None:
    RateCount.objects.bulk_create(
        [RateCount(key=key, window=number, count=0, expires=expires)], ignore_conflicts=True
    )
    if random.random() < 0.02:  # now and then, the windows that are over
        RateCount.objects.filter(expires__lt=int(time.time())).delete()


def seconds_left(window: int) -> int:
    return window - int(time.time()) % window


# --- The limits ----------------------------------------------------------------------------


def too_many(request, message: str, retry_after: int):
    response = render(request, "429.html", {"reason": message}, status=429)
    response["Retry-After"] = str(retry_after)
    return response


class NotFoundLimitMiddleware:
    """Past the limit of links that don't exist in a minute, such a link answers 429."""

    window = 60

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        limit = settings.RATE_LIMIT_NOT_FOUND_PER_MINUTE
        if response.status_code != 404 or not limit or request.path.startswith("/static/"):
            return response
        try:
            counted = add("404", client_id(request), self.window)
        except DatabaseError:  # a busy database: the 404 itself is still right
            return response
        if counted <= limit:
            return response
        return too_many(
            request,
            _(
                "Too many links that don't exist were opened from here. "
                "Wait a minute, then check the link and try again."
            ),
            seconds_left(self.window),
        )


CREATE_WINDOW = 3600


def nothing_created(response: HttpResponseBase) -> None:
    """Marks a view's redirect as no creation (a form sent twice, nothing changed): the
    limit gives its place back (``_hourly`` reads the mark)."""
    response.created = False  # type: ignore[attr-defined]  # our own mark on the response


def limit_creation(view):
    """Limits how many things one client creates an hour; only successful creations count.

    A view's response counts as a creation when it redirects, unless it says otherwise
    (``response.created = False``: a form sent twice, answered with what the first made).
    """

    def refusal(limit: int) -> str:
        return ngettext(
            "You have created %(count)d thing in the last hour, which is our limit. "
            "Please try again later; nothing was saved.",
            "You have created %(count)d things in the last hour, which is our limit. "
            "Please try again later; nothing was saved.",
            limit,
        ) % {"count": limit}

    return _hourly(view, "create", "RATE_LIMIT_CREATE_PER_HOUR", refusal)


def limit_edits(view):
    """Limits how many changes of rules one client saves an hour, as ``limit_creation``
    does creations: only a change saved counts (``response.created = False`` when nothing
    changed). Each change asks the tasks worker for new game-length estimates."""

    def refusal(limit: int) -> str:
        return ngettext(
            "You have saved changes %(count)d time in the last hour, which is our limit. "
            "Please try again later; nothing was saved.",
            "You have saved changes %(count)d times in the last hour, which is our limit. "
            "Please try again later; nothing was saved.",
            limit,
        ) % {"count": limit}

    return _hourly(view, "edit", "RATE_LIMIT_EDIT_PER_HOUR", refusal)


def _hourly(view, kind: str, setting: str, refusal):
    """``view`` with at most ``settings.<setting>`` POSTs a client that made something of
    ``kind`` (a redirect, unless ``response.created`` is False) an hour; the place is taken
    before the view runs and given back if nothing was made, so parallel posts cannot pass
    the limit and refused or repeated taps never count."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        limit = getattr(settings, setting)
        if not limit or request.method != "POST":
            return view(request, *args, **kwargs)
        client = client_id(request)
        if not take(kind, client, limit, CREATE_WINDOW):
            return too_many(request, refusal(limit), seconds_left(CREATE_WINDOW))
        created = False
        try:
            response = view(request, *args, **kwargs)
            created = response.status_code in (301, 302, 303) and getattr(response, "created", True)
        finally:
            if not created:
                give_back(kind, client, CREATE_WINDOW)
        return response

    return wrapper


LOGIN_WINDOW = 15 * 60


class AdminLoginLimitMiddleware:
    """At most RATE_LIMIT_ADMIN_LOGIN_FAILURES failed logins to /admin/ per client in a
    quarter of an hour; past them, the login form answers 429 (a right password too).

    Each attempt takes its place first and a successful one gives it back, so parallel
    attempts cannot try more passwords than the limit either.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.RATE_LIMIT_ADMIN_LOGIN_FAILURES
        if not (limit and request.method == "POST" and request.path == "/admin/login/"):
            return self.get_response(request)
        client = client_id(request)
        if not take("admin-login", client, limit, LOGIN_WINDOW):
            return too_many(
                request,
                _("Too many wrong passwords were tried from here. Wait a quarter of an hour."),
                seconds_left(LOGIN_WINDOW),
            )
        response = self.get_response(request)
        # The admin answers a failed login with its form again (200), a success with a redirect.
        if response.status_code in (301, 302, 303):
            give_back("admin-login", client, LOGIN_WINDOW)
        return response
