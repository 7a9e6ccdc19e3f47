"""Per-client rate limits kept in Django's cache (shared between workers with REDIS_URL).

Two limits, both in settings: guessing links (many 404s in a minute earn 429s for the
rest of that minute) and creating things (rule sets, imports, games) per hour.
"""

from __future__ import annotations

import functools
import time

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render


def client_id(request) -> str:
    if settings.RATE_LIMIT_TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


def _key(kind: str, request, window: int) -> str:
    return f"rl:{kind}:{client_id(request)}:{int(time.time() // window)}"


def _count(key: str) -> int:
    return cache.get(key, 0)


def _hit(key: str, window: int) -> None:
    if cache.add(key, 1, timeout=window + 1):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window + 1)


def too_many(request, message: str, retry_after: int):
    response = render(request, "429.html", {"reason": message}, status=429)
    response["Retry-After"] = str(retry_after)
    return response


class NotFoundLimitMiddleware:
    """Answers 429 to a client that has had too many 404s this minute (guessing codes)."""

    window = 60

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.RATE_LIMIT_NOT_FOUND_PER_MINUTE
        if not limit or request.path.startswith(("/static/", "/healthz")):
            return self.get_response(request)
        key = _key("404", request, self.window)
        if _count(key) >= limit:
            return too_many(
                request,
                "Too many links that don't exist were opened from here. "
                "Wait a minute, then check the link and try again.",
                self.window - int(time.time()) % self.window,
            )
        response = self.get_response(request)
        if response.status_code == 404:
            _hit(key, self.window)
        return response


def limit_creation(view):
    """Limits how many things one client creates an hour; only successful creations count."""

    window = 3600

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        limit = settings.RATE_LIMIT_CREATE_PER_HOUR
        if not limit or request.method != "POST":
            return view(request, *args, **kwargs)
        key = _key("create", request, window)
        if _count(key) >= limit:
            return too_many(
                request,
                f"You have created {limit} things in the last hour, which is our limit. "
                "Please try again later; nothing was saved.",
                window - int(time.time()) % window,
            )
        response = view(request, *args, **kwargs)
        if response.status_code in (301, 302, 303):
            _hit(key, window)
        return response

    return wrapper
