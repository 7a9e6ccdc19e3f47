"""Correcting rounds: edit, delete, undo, and putting a removed round back."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from play import corrections, removal, seating, services
from play.boards import Board, RoundRow
from play.forms import RoundForm
from play.views.common import game_of, page_context, reload, render_game


def _round_row(b: Board, round_id: int) -> RoundRow:
    for row in b.rounds:
        if row.round.pk == round_id:
            return row
    raise Http404(_("There is no such round in this game: it may have been deleted."))


def _conflict_text(b: Board, row: RoundRow) -> str:
    hands = ", ".join(f"{p.name} {pts}" for p, pts in row.hands if pts is not None)
    if hands:
        return _("It now says %(name)s went out; hands: %(hands)s.") % {
            "name": row.went_out.name,
            "hands": hands,
        }
    return _("It now says %(name)s went out.") % {"name": row.went_out.name}


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, code, round_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    b = services.board(game_)
    row = _round_row(b, round_id)
    initial = {"went_out": row.went_out.seat, "version": row.round.version}
    initial.update({f"hand_{p.seat}": pts for p, pts in row.hands if pts is not None})
    data = request.POST if request.method == "POST" else None
    players = seating.in_round(b.players, row.round.number)
    form = RoundForm(
        data,
        players=players,
        rules=b.rules,
        editing=True,
        seat_count=len(b.players),
        initial=initial,
    )
    context = page_context(request, b, False, form=form, row=row)
    if request.method == "POST":
        if not form.is_valid():
            return render(request, "play/round.html", context, status=400)
        try:
            corrections.edit_round(
                game_,
                round_id,
                form.cleaned_data["version"],
                form.cleaned_data["went_out"],
                form.hands(),
            )
        except services.RoundChanged as exc:
            return _round_conflict(request, game_, round_id, form, str(exc))
        messages.success(
            request,
            _("Round %(number)s corrected; the totals follow.") % {"number": row.round.number},
        )
        return redirect("play:game", code=code)
    return render(request, "play/round.html", context)


def _round_conflict(request, game_, round_id, form, problem):
    """409: show what the round says now, keep what this phone entered, save nothing."""
    b = services.board(reload(game_))
    rows = [r for r in b.rounds if r.round.pk == round_id]
    if not rows:
        context = page_context(request, b, False, form=None, row=None, problem=problem)
        return render(request, "play/round.html", context, status=409)
    row = rows[0]
    # The same entries, with the version the round has now: saving again is a choice.
    data = form.data.copy()
    data["version"] = str(row.round.version)
    players = seating.in_round(b.players, row.round.number)
    form = RoundForm(data, players=players, rules=b.rules, editing=True, seat_count=len(b.players))
    form.is_valid()
    problem = (
        f"{problem} {_conflict_text(b, row)} Your numbers are below: save again to replace "
        "it, or cancel to keep it."
    )
    context = page_context(request, b, False, form=form, row=row, problem=problem)
    return render(request, "play/round.html", context, status=409)


@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, code, round_id) -> HttpResponse:
    game_ = game_of(code, request=request)
    b = services.board(game_)
    row = _round_row(b, round_id)
    if request.method == "POST":
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            version = 0
        try:
            removal.remove_round(game_, round_id, version)
        except services.RoundChanged as exc:
            b = services.board(reload(game_))
            rows = [r for r in b.rounds if r.round.pk == round_id]
            context = page_context(
                request, b, False, row=rows[0] if rows else None, problem=str(exc)
            )
            return render(request, "play/delete.html", context, status=409)
        # The history shows what was removed, with "Put it back".
        return redirect("play:history", code=code)
    return render(request, "play/delete.html", page_context(request, b, False, row=row))


@require_POST
def undo(request: HttpRequest, code) -> HttpResponse:
    game_ = game_of(code, request=request)
    try:
        round_id = int(request.POST.get("round", ""))
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, _("Nothing was undone: the form was incomplete. Try again."))
        return redirect("play:game", code=code)
    try:
        removal.remove_round(game_, round_id, version, last_only=True)
    except services.RoundChanged as exc:
        b = services.board(reload(game_))
        return render_game(request, b, status=409, problem=str(exc))
    # The scoreboard (on every phone) shows what was removed, with "Put it back".
    return redirect(reverse("play:game", args=[code]) + "#board")


@require_POST
def put_back(request: HttpRequest, code) -> HttpResponse:
    """Puts back the round that Undo or Delete removed, if no round was recorded since."""
    game_ = game_of(code, request=request)
    back_to = "play:history" if request.POST.get("back_to") == "history" else "play:game"
    try:
        removed_id = int(request.POST.get("removed", ""))
    except ValueError:
        removed_id = 0
    try:
        number = removal.put_back(game_, removed_id)
    except removal.CannotPutBack as exc:
        b = services.board(reload(game_))
        return render_game(request, b, status=409, problem=str(exc))
    messages.success(
        request, _("Round %(number)s is back, and the totals with it.") % {"number": number}
    )
    return redirect(back_to, code=code)
