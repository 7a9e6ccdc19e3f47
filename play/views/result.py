"""The end of a game, to share: the picture a link preview shows of the final places (the
spectator link's, read-only: whoever gets the link sees the result, and cannot change it)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_safe

from play import result_image, services, standings
from play.views.common import game_of
from unosite import qr

MAX_AGE = 300  # s: a finished game can be reopened (a round undone), so not for long


@require_safe
def image(request: HttpRequest, code) -> HttpResponse:
    """The preview picture, in the language of the page that names it (``?lang=``)."""
    b = services.board(game_of(code, spectator=True, for_board=True))
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    with translation.override(language):
        rows = standings.rows(b.playing_sides, b.rules, b.standing.finished)
        lines = standings.result_rows(rows, b.rules)
        heading = b.winner_text or standings.summary(b.playing_sides, b.rules, len(b.rounds))
        return qr.cached_image_response(
            request,
            f"result\0{b.game.pk}\0{b.game.version}\0{language}",
            "image/png",
            lambda: result_image.png_bytes(b.revision.name, heading, lines),
            MAX_AGE,
        )
