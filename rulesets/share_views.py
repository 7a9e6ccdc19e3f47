"""Sharing pages of a rule set: its QR codes, the printable table card, the preview image.

Every one of them needs a known share code: an unknown code is a 404 page, never a QR
code for a dead link.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulesets import access, og, sharing
from unosite import qr

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

OG_MAX_AGE = 60 * 60  # the picture changes when the rules are edited
CARD_RULES = 8  # house rules listed on the big card; more are summed up
# The printed big card has room for two columns of about CARD_COLUMN_LINES lines of rules
# (12 pt type, about CARD_LINE_LETTERS letters a line, the bold label wider): longer texts
# (German, Spanish) list fewer rules, and the sentence after them counts the rest rightly.
CARD_COLUMN_LINES = 9.5
CARD_LINE_LETTERS = 40
SMALL_CARDS = 8  # small cards on one printed page (2 columns, 4 rows)
TENT_RULES = 5  # house rules on each face of the tent card; more are summed up
LAYOUTS = ("full", "small", "tent")


@require_safe
def qr_svg(request: HttpRequest, code) -> HttpResponse:
    access.require_exists(code)
    return qr.qr_response(request, sharing.rules_url(request, code), "svg")


@require_safe
def qr_png(request: HttpRequest, code) -> HttpResponse:
    access.require_exists(code)
    return qr.qr_response(request, sharing.rules_url(request, code), "png")


@require_safe
def og_image(request: HttpRequest, code) -> HttpResponse:
    """The link preview's picture, in the language the page naming it was written in
    (``?lang=``, a listed language), else the reader's."""
    ruleset = access.load(code)
    revision = ruleset.current_revision
    url = sharing.rules_url(request, ruleset.code)
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    with translation.override(language):
        rules = sharing.describe_rules(revision.options)
        return qr.cached_image_response(
            request,
            f"og\0{revision.pk}\0{url}\0{language}",
            "image/png",
            # The own rules are read only when the picture is drawn (not cached yet).
            lambda: og.png_bytes(revision.name, rules, url, own_rules=len(revision.own_rules)),
            OG_MAX_AGE,
        )


@require_safe
def card(request: HttpRequest, code) -> HttpResponse:
    ruleset = access.load(code)
    layout = request.GET.get("layout", "full")
    if layout not in LAYOUTS:
        reason = _(
            "The card layout must be “full” (one big card), “small” (cards to cut out) "
            "or “tent” (a card to fold)."
        )
        return render(request, "400.html", {"reason": reason}, status=400)
    revision = ruleset.current_revision
    share = sharing.share_for(request, ruleset, revision)
    # The card that stays on the table (the big one, the tent) carries this browser's
    # table link, not the public rules link: a phone that scans it also finds the game
    # being played at this table (play.tables). The small cards are handed out and taken
    # home, so they carry the rules link, which shows no game.
    card_url = share.url if layout == "small" else sharing.table_url(request, ruleset)
    title = _("QR code: scan to open %(name)s") % {"name": revision.name}
    shown = fitting(share.rules[:CARD_RULES], CARD_COLUMN_LINES, CARD_LINE_LETTERS)
    response = render(
        request,
        "rulesets/card.html",
        {
            "ruleset": ruleset,
            "revision": revision,
            "share": share,
            "layout": layout,
            "card_url": card_url,
            "qr": mark_safe(qr.qr_svg(card_url, title=title, css_class="qr card-qr-code")),
            "shown": shown,
            "more": len(share.rules) - len(shown),
            "own_rules": revision.own_rules,
            # The blank Wild's rule, quoted, with the 112-card deck only.
            "custom_wild_rule": revision.custom_wild_rule
            if revision.options["deck"] == "modern_112"
            else "",
            "tent_shown": share.rules[:TENT_RULES],
            "tent_more": max(len(share.rules) - TENT_RULES, 0),
            "copies": range(SMALL_CARDS),
        },
    )
    patch_cache_control(response, private=True)  # the table link is this browser's
    return response


def fitting(
    rules: list[tuple[StrOrPromise, str]], lines: float, letters: int
) -> list[tuple[StrOrPromise, str]]:
    """The first rules whose "label: words" fit, whole, in two balanced columns of ``lines``
    lines of about ``letters`` letters (a bold letter counts a little more). A rule is never
    split between columns, so a column is at most half the lines and half the longest rule
    longer than the other."""
    shown, total, longest = [], 0, 0
    for label, words in rules:
        need = -(-int(len(str(label)) * 1.15 + 2 + len(str(words))) // letters)
        if (total + need) / 2 + max(longest, need) / 2 > lines:
            break
        shown.append((label, words))
        total, longest = total + need, max(longest, need)
    return shown
