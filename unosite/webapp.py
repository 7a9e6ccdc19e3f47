"""The web app manifest: "Add to home screen" gives an app-like House Rules.

A view rather than a static file, so that its icons carry their hashed static URLs.
"""

from __future__ import annotations

import functools
import hashlib
import json

from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import condition, require_safe

THEME_COLOUR = "#c8102e"  # base.html's theme-color: the red of the icon's card
BACKGROUND_COLOUR = "#fbf8f3"  # the page background (site.css --bg)
ICON_SIZES = (192, 512)


@functools.cache
def _manifest_source(language: str) -> str:
    home = reverse("rulesets:home")
    manifest = {
        "id": home,
        "lang": language,
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "name": pgettext("card title", "House Rules for UNO"),
        "short_name": "House Rules",
        "description": gettext(
            "Your family’s UNO rules and the scoreboard, on every phone at the table."
        ),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static(f"img/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for size in ICON_SIZES
            for purpose in ("any", "maskable")
        ],
    }
    return json.dumps(manifest, indent=2, ensure_ascii=False)


def manifest_source() -> str:
    """The manifest in the reader's language (its name and description)."""
    return _manifest_source(translation.get_language())


def _etag(request) -> str:
    return hashlib.sha256(manifest_source().encode()).hexdigest()[:20]


@require_safe
@condition(etag_func=_etag)
def manifest(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(manifest_source(), content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
