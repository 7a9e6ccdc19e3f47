"""Points outside a round: add or take points with a reason, undo that, put it back (see
play.adjustments; correcting a saved round is play.views.corrections)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from play import adjustments, services
from play.boards import Board
from play.forms import AdjustmentForm, new_submission_id
from play.views.common import game_of, page_context, render_game


def _form(b: Board, data=None) -> AdjustmentForm:
    initial = {"submission_id": new_submission_id(), "expected_round": len(b.rounds)}
    return AdjustmentForm(
        data, sides=b.playing_sides, most=adjustments.most_points(b), initial=initial
    )


def _page(request, b: Board, form: AdjustmentForm, status=200, problem=""):
    context = page_context(
        request, b, False, form=form, problem=problem, allowed=adjustments.allowed(b)
    )
    return render(request, "play/points.html", context, status=status)


@require_http_methods(["GET", "POST"])
def add(request: HttpRequest, code) -> HttpResponse:
    """Add points to a player or pair, or take some, with the reason (scorers only)."""
    game_ = game_of(code, request=request)
    b = services.board(game_)
    if request.method == "GET":
        return _page(request, b, _form(b))
    form = _form(b, request.POST)
    if not form.is_valid():
        return _page(request, b, form, status=400)
    try:
        adjustment, _created = adjustments.add(
            game_,
            form.cleaned_data["player"],
            form.signed_points(),
            form.cleaned_data["reason"],
            form.cleaned_data["submission_id"],
            form.cleaned_data["expected_round"],
        )
    except adjustments.Refused as exc:
        # What was typed stays; sent again, it is checked against the board as it is now.
        b = services.board(services.load_game(pk=game_.pk))
        data = request.POST.copy()
        data["expected_round"] = str(len(b.rounds))
        form = _form(b, data)
        form.is_valid()
        return _page(request, b, form, status=409, problem=str(exc))
    # Read whole, not from the cache: the words of the change just made must be in it.
    b = services.board(services.load_game(pk=game_.pk), cached=False)
    change = next(a for a in b.adjustments if a.adjustment.pk == adjustment.pk)
    messages.success(request, _("Saved: %(change)s.") % {"change": change.text})
    return redirect(reverse("play:game", args=[code]) + "#board")


def _back(request, code):
    if request.POST.get("back_to") == "history":
        return redirect("play:history", code=code)
    return redirect(reverse("play:game", args=[code]) + "#board")


@require_POST
def undo(request: HttpRequest, code, adjustment_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    try:
        adjustments.undo(game_, adjustment_id)
    except adjustments.Refused as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return render_game(request, b, status=409, problem=str(exc))
    return _back(request, code)


@require_POST
def put_back(request: HttpRequest, code, adjustment_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    try:
        adjustments.put_back(game_, adjustment_id)
    except adjustments.Refused as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return render_game(request, b, status=409, problem=str(exc))
    return _back(request, code)
