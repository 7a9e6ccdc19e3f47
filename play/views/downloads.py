"""A game to take away: its CSV and JSON files, and the QR codes of its links."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from play import exports, services
from play.boards import Board
from play.views.common import Links, game_of, scoring_link
from unosite.links import absolute_url
from unosite.qr import qr_response


def _filename(b: Board, ext: str) -> str:
    """Named after the rules and the day: ``grandmas-rules-2026-12-01.csv``."""
    name = slugify(b.revision.name)[:60].strip("-") or "uno-game"
    return f"{name}-{timezone.localdate(b.game.created_at):%Y-%m-%d}.{ext}"


@require_safe
def export_csv(request: HttpRequest, code, spectator=False) -> HttpResponse:
    b = services.board(game_of(code, spectator, request=request))
    # A byte order mark first: without it Excel reads the file as Latin-1 and breaks accents.
    body = "\ufeff" + exports.as_csv(b)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(b, "csv")}"'
    return response


@require_safe
def export_json(request: HttpRequest, code, spectator=False) -> HttpResponse:
    b = services.board(game_of(code, spectator, request=request))
    body = json.dumps(exports.as_json(b), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_filename(b, "json")}"'
    return response


@require_safe
def qr(request: HttpRequest, code, fmt, spectator=False) -> HttpResponse:
    """The QR code of this game's link (or of its spectator link)."""
    game_ = game_of(code, spectator, request=request)
    if spectator:
        return qr_response(request, absolute_url(request, Links(game_, True).page), fmt)
    return qr_response(request, scoring_link(request, game_), fmt)
