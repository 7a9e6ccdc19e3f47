"""Absolute links to this site, and whether a phone could open them."""

from __future__ import annotations

from django.conf import settings


def absolute_url(request, path: str) -> str:
    """``path`` on this site: under PUBLIC_URL when set, otherwise the request's origin."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


def is_local(request) -> bool:
    """True when the page is viewed on this machine only, so a phone could not open a QR code."""
    host = settings.PUBLIC_URL.split("://", 1)[1] if settings.PUBLIC_URL else request.get_host()
    hostname = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return hostname in ("localhost", "127.0.0.1", "[::1]") or hostname.startswith("127.")
