"""Recording a round, and what a phone is told when another phone got there first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_POST

from domain import scoring
from play import seating, services
from play.boards import Board, RoundRow, Side
from play.forms import RoundForm
from play.models import Game
from play.views.common import game_of, record_form, reload, render_game


@require_POST
def record(request: HttpRequest, code) -> HttpResponse:
    """Records a round. Nothing is recorded when the board has other rounds than the form
    was filled in for (``expected_round``: another phone recorded the same round, or undid
    one): the phone is shown what changed next to what it entered, and chooses.

    Pages send the form and are redirected; the phone's queue of rounds saved offline
    (static/js/table.js) asks for JSON, and says when it sends a round later
    (``X-Round-Sent: later``: no message then waits for the next page).
    """
    try:
        game_ = game_of(code, for_board=True, request=request)
    except PermissionDenied as exc:
        return _not_scoring(request, code, exc)
    # Checking the form needs the players and the rules only; the whole board is built
    # when the page is shown again.
    players = services.players_of(game_)
    rules = services.rules_of(game_.revision)
    form = RoundForm(
        request.POST,
        players=seating.playing(players),
        rules=rules,
        editing=False,
        seat_count=len(players),
    )
    if request.POST.get("discard"):
        return _discarded(request, code, form)
    if not form.is_valid():
        return _invalid(request, game_, form)
    try:
        done = services.record_round(
            game_,
            form.cleaned_data["went_out"],
            form.hands(),
            form.cleaned_data["submission_id"],
            form.cleaned_data.get("expected_round"),
            players=players,
        )
    except services.GameOver as exc:
        return _round_refused(request, services.board(reload(game_)), str(exc))
    except services.BoardChanged as exc:
        b = services.board(reload(game_))
        return _board_changed(request, b, form, exc)
    number = done.round.number
    result, text = _recorded_text(rules, done)
    # A round sent later leaves no message for the next page, unless it was merged with
    # another phone's, or it ended the game (the page reloads for the final board): that,
    # the phone must read even when the page has moved on.
    ended = done.standing is not None and done.standing.finished
    if request.headers.get("X-Round-Sent") != "later" or done.merged or ended:
        (messages.success if done.created else messages.info)(request, text)
    # To the top of the page, where the message is (the form's #record-title would stick).
    page = reverse("play:game", args=[code]) + "#main"
    if _wants_json(request):
        return JsonResponse({"result": result, "number": number, "message": text, "redirect": page})
    return redirect(page)


def _not_scoring(request, code: str, exc: PermissionDenied):
    """403, nothing recorded: this phone may not keep score in this game (any more: the
    card on the table was renewed). What it entered is said back, never dropped silently;
    the phone's queue keeps the round until the phone discards it."""
    reason = str(exc.args[0]) if exc.args else ""
    game_ = Game.objects.filter(spectator_code=code).first()
    if game_ is not None:
        players = services.players_of(game_)
        form = RoundForm(
            request.POST,
            players=seating.playing(players),
            rules=services.rules_of(game_.revision),
            editing=False,
            seat_count=len(players),
        )
        if form.is_valid():
            reason += " " + _(
                "Your round was not saved: %(round)s Tell a phone that keeps score."
            ) % {"round": typed_text(form)}
    if _wants_json(request):
        return JsonResponse({"result": "refused", "message": reason}, status=403)
    raise PermissionDenied(reason)


def _invalid(request, game_, form: RoundForm):
    """400: the form sent back with its errors (409 when the game has ended meanwhile)."""
    b = services.board(reload(game_))  # the whole page, shown again
    if b.standing.finished:
        return _round_refused(
            request, b, _("This game is over, so no more rounds can be recorded.")
        )
    if _wants_json(request):
        return JsonResponse({"result": "invalid", "message": _errors_text(form)}, status=400)
    return render_game(request, b, form=record_form(b, request.POST), status=400)


def _recorded_text(rules: scoring.Rules, done: services.Recorded) -> tuple[str, str]:
    """The result for the phone's queue ("recorded" or "already") and what it is told."""
    if done.created:
        return "recorded", _round_summary(rules, done)
    if done.merged and rules.counts_points:
        text = _(
            "Round %(number)s was already saved by another phone, with the same hands: it "
            "counts once."
        )
        return "already", text % {"number": done.round.number}
    if done.merged:
        text = _(
            "Round %(number)s was already saved by another phone, with the same player "
            "going out: it counts once."
        )
        return "already", text % {"number": done.round.number}
    text = _(
        "Round %(number)s had already been recorded (the form was sent twice); it counts once."
    ) % {"number": done.round.number}
    return "already", text


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _errors_text(form: RoundForm) -> str:
    problems = " ".join(str(e) for errors in form.errors.values() for e in errors)
    # Translators: %(problems)s is the form's own messages, already in the page's language.
    return _("Nothing was saved: %(problems)s") % {"problems": problems}


def _round_refused(request, b: Board, problem: str):
    if _wants_json(request):
        return JsonResponse({"result": "refused", "message": problem}, status=409)
    return render_game(request, b, status=409, problem=problem, form=False)


def outcome_text(row: RoundRow) -> str:
    """What a round gave, as the board says it: "Cat went out; Cat +18." """
    if row.gains:
        # Translators: %(hands)s lists names and numbers: "Ben 12, Cat 30" or "Cat +18".
        return _("%(name)s went out; %(hands)s.") % {
            "name": row.went_out.name,
            "hands": row.gains_text,
        }
    return _("%(name)s went out.") % {"name": row.went_out.name}


def typed_text(form: RoundForm) -> str:
    """What a phone entered in a valid round form: "Ann went out; Ben 12, Cat 30." """
    by_seat = {p.seat: p for p in form.players}
    went_out = by_seat[form.cleaned_data["went_out"]]
    hands = [f"{by_seat[seat].name} {points}" for seat, points in form.hands().items()]
    if hands:
        values = {"name": went_out.name, "hands": ", ".join(hands)}
        return _("%(name)s went out; %(hands)s.") % values
    return _("%(name)s went out.") % {"name": went_out.name}


def _changed_texts(b: Board, exc: services.BoardChanged) -> list[str]:
    """What the other phones changed since the form was filled in, in sentences."""
    since = b.rounds[exc.expected - 1 :]
    if since:
        return [
            _("Round %(number)s was just saved by another phone: %(outcome)s")
            % {"number": row.round.number, "outcome": outcome_text(row)}
            for row in since
        ]
    return [
        ngettext(
            "The scoreboard changed on another phone since this form was opened: it now has "
            "%(count)d round, so yours would be round %(next)d.",
            "The scoreboard changed on another phone since this form was opened: it now has "
            "%(count)d rounds, so yours would be round %(next)d.",
            len(b.rounds),
        )
        % {"count": len(b.rounds), "next": exc.next_number}
    ]


def comparison(b: Board, row: RoundRow, went_out: int, hands: dict[int, int]) -> dict:
    """The round another phone saved and the one this phone entered, side by side in the
    same units: who went out, every hand, and the points each gives. ``went_out`` and
    ``hands`` (seat -> points) are this phone's entry."""
    by_seat = {p.seat: p for p in b.players}
    mine = scoring.RoundResult(went_out=went_out, hands=dict(hands))
    scores = scoring.round_scores(b.rules, len(b.players), mine)
    gains = ", ".join(f"{s.name} +{pts}" for s, pts in zip(b.sides, scores, strict=True) if pts)
    out = pgettext("the hand of the player who went out", "went out")
    saved_hands = {p.seat: pts for p, pts in row.other_hands}
    seats = sorted({*saved_hands, row.went_out.seat, *hands, went_out})

    def hand(seat: int, who_went_out: int, points: Mapping[int, int | None]) -> str:
        if seat == who_went_out:
            return out
        value = points.get(seat)
        return "–" if value is None else str(value)

    rows = [
        (
            by_seat[seat].name,
            hand(seat, row.went_out.seat, saved_hands),
            hand(seat, went_out, hands),
        )
        for seat in seats
    ]
    if b.rules.counts_points:
        rows.append((pgettext("row of the comparison", "Points"), row.gains_text, gains))
    else:
        rows.append((pgettext("row of the comparison", "Round won by"), row.gains_text, gains))
    return {
        "number": row.round.number,
        "saved_title": _("Saved as round %(number)s") % {"number": row.round.number},
        "mine_title": pgettext("column of the comparison", "This phone’s"),
        "rows": rows,
    }


def _compared(b: Board, exc: services.BoardChanged, form: RoundForm) -> dict | None:
    """The comparison with the round this phone's form was filled in for, when another
    phone saved it (not when a round was undone meanwhile)."""
    if not 0 < exc.expected <= len(b.rounds):
        return None
    return comparison(b, b.rounds[exc.expected - 1], form.cleaned_data["went_out"], form.hands())


def _board_changed(request, b: Board, form: RoundForm, exc: services.BoardChanged):
    """409, nothing recorded: what the other phone recorded, next to what this one entered,
    with the choice of keeping the saved round (first: the safe one) or adding this one as
    a new round."""
    changed = _changed_texts(b, exc)
    mine = typed_text(form)
    compare = _compared(b, exc, form)
    if _wants_json(request):
        body = {
            "result": "conflict",
            "message": " ".join(changed),
            "next_round": exc.next_number,
            "mine": mine,
            "compare": compare,
        }
        return JsonResponse(body, status=409)
    data = cast(QueryDict, form.data).copy()  # a bound form's data is the request's
    data["expected_round"] = str(exc.next_number)  # sent again, it is for the next round
    conflict = {
        "changed": changed,
        "mine": mine,
        "next_round": exc.next_number,
        "compare": compare,
    }
    return render_game(request, b, form=record_form(b, data), status=409, conflict=conflict)


def _discarded(request, code: str, form: RoundForm):
    """ "Discard mine": nothing is recorded, and the phone is told what it had entered."""
    if form.is_valid() and request.POST.get("discard") == "keep":
        text = _(
            "The saved round stays as it is; yours was not saved. You had entered: %(round)s"
        ) % {"round": typed_text(form)}
    elif form.is_valid():
        text = _("Your round was not saved, as you asked. You had entered: %(round)s") % {
            "round": typed_text(form)
        }
    else:
        text = _("Your round was not saved, as you asked.")
    messages.info(request, text)
    return redirect(reverse("play:game", args=[code]) + "#main")


def _round_summary(rules: scoring.Rules, done: services.Recorded) -> str:
    """What a phone is told after recording a round: who went out, and what it gave."""
    went_out, number, players = done.round.went_out, done.round.number, done.players
    assert done.standing is not None  # a round created comes with the standing after it
    side = scoring.side_of(went_out.seat, len(players), rules)
    side_players = [players[seat] for seat in scoring.sides(len(players), rules)[side]]
    values = {
        "number": number,
        "name": went_out.name,
        "side": Side.name_of(side_players),
        "points": done.standing.scores[number - 1][side],
    }
    if rules.scoring == scoring.WINNER_TAKES_POINTS and len(side_players) == 1:
        text = _("Round %(number)s saved: %(name)s went out. %(side)s scores %(points)s.")
    elif rules.scoring == scoring.WINNER_TAKES_POINTS:
        text = _("Round %(number)s saved: %(name)s went out. %(side)s score %(points)s.")
    elif rules.scoring == scoring.LOWEST_TOTAL_WINS:
        text = _(
            "Round %(number)s saved: %(name)s went out. Each hand was added to its player’s total."
        )
    else:
        text = _("Round %(number)s saved: %(name)s went out. %(side)s won it.")
    text %= values
    if done.standing.finished:
        text += " " + _("The game is over.")
    return text
