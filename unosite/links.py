"""Absolute links to this site, whether a phone could open them, and the address it could use."""

from __future__ import annotations

import socket

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


def phone_url(request, path: str) -> str:
    """Where a phone on the same network could open ``path`` of a page seen on localhost,
    or "" when this computer's network address cannot be found."""
    address = network_address()
    if address is None:
        return ""
    return f"{request.scheme}://{address}:{request.get_port()}{path}"
