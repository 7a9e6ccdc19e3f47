"""The rules a game plays by: the revision it started with, which later changes to the
rule set do not touch (with one line to the rules as they are now)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from play.views.common import Links, game_of
from rulesets.views import reference_html


@require_safe
def rules(request: HttpRequest, code, spectator=False) -> HttpResponse:
    game = game_of(code, spectator, request=request)
    revision = game.revision
    context = {
        "game": game,
        "revision": revision,
        "links": Links(game, spectator),
        "newer_rules": game.current_revision_id != revision.pk,
        "reference_html": reference_html(revision),
    }
    return render(request, "play/rules.html", context)
