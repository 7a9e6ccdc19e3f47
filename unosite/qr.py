"""QR codes for any public page: one mechanism, cached, with ETags.

``qr_response(request, url, fmt)`` answers a request for the QR code of ``url`` as an
SVG or PNG image; ``qr_svg(url)`` gives inline SVG markup to embed in a page. Generated
images are kept in Django's cache (keyed by what they show), carry a strong ETag and long
cache headers, and a matching ``If-None-Match`` gets a 304 with an empty body.
``cached_image_response`` is the same caching for any other generated image (the
Open Graph picture uses it).
"""

from __future__ import annotations

import hashlib
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import qrcode
import qrcode.constants
import qrcode.image.svg
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from PIL import Image

from unosite import cache as cache_keys

FORMATS = {"svg": "image/svg+xml", "png": "image/png"}
# The PNG sizes drawn, a few (each is kept in the cache apart): a phone's screen, the default,
# the download for printing and a poster.
PNG_SIZES = (256, 512, 1024, 2048)
PNG_DEFAULT = 512
BORDER = 4  # the quiet zone around the code, in modules, as the QR standard asks
QR_MAX_AGE = 60 * 60 * 24 * 30  # 30 days: a code's link does not change
CACHE_TIMEOUT = 60 * 60 * 24 * 7


class SizeError(ValueError):
    """A ``size`` that is not a whole number within the bounds; the message says why."""


def _matrix(url: str) -> qrcode.QRCode[Any]:
    code: qrcode.QRCode[Any] = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=10, border=BORDER
    )
    code.add_data(url)
    code.make(fit=True)
    return code


def parse_size(raw: str | None) -> int:
    """The PNG width in pixels from the ``size`` parameter, one of PNG_SIZES; raises
    SizeError."""
    if raw is None:
        return PNG_DEFAULT
    raw = raw.strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 5 or int(raw) not in PNG_SIZES:
        raise SizeError(
            _("The size must be one of %(sizes)s pixels.")
            % {"sizes": ", ".join(str(size) for size in PNG_SIZES)}
        )
    return int(raw)


def _svg_parts(url: str) -> tuple[int, str]:
    """(side in modules including the quiet zone, the path data) from qrcode's path factory."""
    factory: Any = qrcode.image.svg.SvgPathImage  # its stubs leave it abstract; it is not
    image = _matrix(url).make_image(image_factory=factory)
    # box_size 10 is one unit per module in the path factory's coordinates.
    side = int(image.units(image.pixel_size, text=False))
    return side, image.path.get("d")


def qr_svg(url: str, title: str | None = None, css_class: str = "qr") -> str:
    """Inline SVG markup of the QR code for ``url``, with a <title>; safe to mark_safe.

    Black on white whatever the colour scheme, so it scans in dark mode too. The size
    comes from CSS (it has a viewBox and no width or height).
    """
    side, path = _svg_parts(url)
    title = title if title is not None else f"QR code for {url}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" '
        f'class="{html.escape(css_class)}" shape-rendering="crispEdges">'
        f"<title>{html.escape(title)}</title>"
        f'<rect width="{side}" height="{side}" fill="#ffffff"/>'
        f'<path d="{path}" fill="#000000"/></svg>'
    )


def svg_bytes(url: str) -> bytes:
    """A standalone SVG document (8 px a module, scalable) of the QR code for ``url``."""
    side, path = _svg_parts(url)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side * 8}" height="{side * 8}" '
        f'viewBox="0 0 {side} {side}" shape-rendering="crispEdges">'
        f"<title>{html.escape(f'QR code for {url}')}</title>"
        f'<rect width="{side}" height="{side}" fill="#ffffff"/>'
        f'<path d="{path}" fill="#000000"/></svg>\n'
    ).encode()


def qr_image(url: str, size: int) -> Image.Image:
    """The QR code for ``url`` as a Pillow image exactly ``size`` pixels square.

    Every module is the same whole number of pixels; the rest is white margin.
    """
    code = _matrix(url)
    side = code.modules_count + 2 * BORDER
    box = max(1, size // side)
    code.box_size = box
    drawn = code.make_image(fill_color="black", back_color="white").get_image().convert("L")
    if drawn.width > size:  # only for links too long to fit; still better than failing
        return drawn.resize((size, size), Image.Resampling.NEAREST)
    canvas = Image.new("L", (size, size), 255)
    offset = (size - drawn.width) // 2
    canvas.paste(drawn, (offset, offset))
    return canvas


def png_bytes(url: str, size: int) -> bytes:
    out = io.BytesIO()
    qr_image(url, size).convert("1").save(out, format="PNG", optimize=True)
    return out.getvalue()


@dataclass(frozen=True)
class Cached:
    body: bytes
    etag: str  # quoted, strong


def cached_image(key: str, generate: Callable[[], bytes]) -> Cached:
    """The image for ``key`` from the cache, generating and storing it the first time."""
    cache_key = cache_keys.key("image", hashlib.sha256(key.encode()).hexdigest())
    hit = cache.get(cache_key)
    if hit is not None:
        return Cached(*hit)
    body = generate()
    etag = '"' + hashlib.sha256(body).hexdigest()[:40] + '"'
    cache.set(cache_key, (body, etag), CACHE_TIMEOUT)
    return Cached(body, etag)


def cached_image_response(
    request, key: str, content_type: str, generate: Callable[[], bytes], max_age: int
) -> HttpResponse:
    """A cached generated image with a strong ETag; 304 with no body on If-None-Match."""
    image = cached_image(key, generate)
    response = HttpResponse(image.body, content_type=content_type)
    response["ETag"] = image.etag
    patch_cache_control(response, public=True, max_age=max_age)
    # Given a response, it returns it or a 304, never None.
    return get_conditional_response(request, etag=image.etag, response=response) or response


def bad_size(request, reason: str) -> HttpResponse:
    return render(request, "400.html", {"reason": reason}, status=400)


def qr_response(request, url: str, fmt: str) -> HttpResponse:
    """The QR code for ``url`` as "svg" or "png".

    PNG takes an optional ``size`` GET parameter (pixels, one of PNG_SIZES); SVG scales
    to any size, so a ``size`` on it is refused too. Bad sizes are a 400 with a reason.
    """
    if fmt not in FORMATS:
        raise ValueError(f"Unknown QR format {fmt!r}: use 'svg' or 'png'.")
    raw_size = request.GET.get("size")
    if fmt == "svg":
        if raw_size is not None:
            return bad_size(request, _("An SVG QR code scales to any size: leave out size."))
        return cached_image_response(
            request, f"qr\0svg\0{url}", FORMATS[fmt], lambda: svg_bytes(url), QR_MAX_AGE
        )
    try:
        size = parse_size(raw_size)
    except SizeError as exc:
        return bad_size(request, str(exc))
    return cached_image_response(
        request, f"qr\0png\0{size}\0{url}", FORMATS[fmt], lambda: png_bytes(url, size), QR_MAX_AGE
    )
