"""Absolute links to this site, whether a phone could open them, and the address it could use."""

from __future__ import annotations

import socket

from django.conf import settings


def site_origin(request) -> str:
    """The origin links and QR codes use: PUBLIC_URL when set, else the home network address
    `make run` serves phones at (HOME_URL), else the request's own origin."""
    return settings.PUBLIC_URL or settings.HOME_URL or f"{request.scheme}://{request.get_host()}"


def absolute_url(request, path: str) -> str:
    """``path`` on this site, under ``site_origin``."""
    return site_origin(request) + path


def is_local(request) -> bool:
    """True when the links a page shows work on this computer only, so a phone could not
    open a QR code."""
    host = site_origin(request).split("://", 1)[1]
    hostname = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return hostname in ("localhost", "127.0.0.1", "[::1]") or hostname.startswith("127.")


def network_address() -> str | None:
    """This computer's address on the local network (such as 192.168.1.20), or None.

    Asks the system which address it would send from; a UDP "connection" sends nothing.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    if address.startswith("127.") or address == "0.0.0.0":
        return None
    return address
