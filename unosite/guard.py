"""The first middleware: what no page of the site needs is refused before anything reads it.

- A request body over ``MAX_REQUEST_BODY`` (a rule file is at most 64 KB) is a 413 before
  the CSRF check, the form parser or an upload handler reads a byte of it; the stream is
  wrapped so that nothing can read past the limit either. Uploads are kept in memory
  (settings.FILE_UPLOAD_HANDLERS), so nothing is ever written to a temporary file.
- The Host header is normalised (lower case, no trailing dot, no default port) and bounded:
  a name of at most 253 characters and a port that is a real port number, or a 400. Links
  and cache keys then see one spelling per host.
- Every response says which browser features the site does not use (Permissions-Policy),
  and every one but the home page's and robots.txt's that search engines should not index it
  (X-Robots-Tag): games, tables, rules and their edit pages carry family names and rights.
- A HEAD request gets the headers of a GET and no body: a server that sent the body anyway
  (waitress does, as WSGI leaves it to the application) would have it read as the start of
  the next response on a kept-alive connection.

The refusals are plain text: this runs before the sessions, CSRF and CSP machinery a page
needs, on purpose; in the reader's language (from the request alone, as LocaleMiddleware,
which has not run yet, would choose it).
"""

from __future__ import annotations

import re

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

# The app copies to the clipboard and opens the phone's share sheet; nothing else.
PERMISSIONS_POLICY = ", ".join(
    [
        "accelerometer=()",
        "autoplay=()",
        "bluetooth=()",
        "camera=()",
        "display-capture=()",
        "geolocation=()",
        "gyroscope=()",
        "hid=()",
        "magnetometer=()",
        "microphone=()",
        "midi=()",
        "payment=()",
        "publickey-credentials-get=()",
        "serial=()",
        "usb=()",
        "xr-spatial-tracking=()",
        "clipboard-write=(self)",
        "web-share=(self)",
    ]
)

_HOST = re.compile(
    r"(?P<name>[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9.])?|\[[0-9a-f:.]{2,45}\])(?::(?P<port>[0-9]{1,5}))?"
)
# The only paths search engines are asked to index (views.ROBOTS_TXT).
INDEXED = ("/", "/robots.txt")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def normalise_host(raw: str, scheme: str) -> str | None:
    """``raw`` as one spelling per host ('Rules.Example.org.:443' -> 'rules.example.org'
    over https), or None when it is not a host name with a real port."""
    match = _HOST.fullmatch(raw.strip().lower())
    if match is None:
        return None
    name = match["name"].rstrip(".") or None
    if name is None:
        return None
    port = match["port"]
    if port is None:
        return name
    number = int(port)
    if not 1 <= number <= 65535:
        return None
    if _DEFAULT_PORTS.get(scheme) == number:
        return name
    return f"{name}:{number}"


def _refusal(text: str, status: int) -> HttpResponse:
    response = HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "no-store"
    return response


def without_body(response) -> None:
    """Drops the body of the answer to a HEAD request; its Content-Length stays that of
    the GET's body, as HTTP asks."""
    if response.streaming:
        if hasattr(response, "close"):
            response.close()
        response.streaming_content = []
        return
    if "Content-Length" not in response.headers:
        response.headers["Content-Length"] = str(len(response.content))
    response.content = b""


class RequestGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with translation.override(translation.get_language_from_request(request)):
            refusal = self.refuse(request)
        response = refusal or self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if request.path not in INDEXED:
            response.headers.setdefault("X-Robots-Tag", "noindex")
        if request.method == "HEAD":
            without_body(response)
        return response

    def refuse(self, request) -> HttpResponse | None:
        limit = settings.MAX_REQUEST_BODY
        raw_length = request.META.get("CONTENT_LENGTH") or "0"
        if not raw_length.isdigit() or len(raw_length) > 18:
            return _refusal(_("The request said it was of an impossible size."), 400)
        if int(raw_length) > limit:
            # Nothing of the body is read, by anyone.
            request.META["CONTENT_LENGTH"] = "0"
            request._stream = LimitedStream(request._stream, 0)
            return _refusal(
                _(
                    "What you sent is too big for this site, so nothing was saved. "
                    "A rules file is much smaller: check that you chose the right file."
                ),
                413,
            )
        request._stream = LimitedStream(request._stream, min(int(raw_length), limit))
        if "HTTP_HOST" in request.META:
            host = normalise_host(request.META["HTTP_HOST"], request.scheme)
            if host is None:
                return _refusal(_("The address this request was sent to is not valid."), 400)
            request.META["HTTP_HOST"] = host
        return None
