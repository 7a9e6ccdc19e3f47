"""The scorekeeper: start a game, follow its scoreboard, record and correct rounds.

Two links reach a game. The game link (``/g/<code>/``) is for the phones at the table:
whoever has it may record and correct rounds. The spectator link (``/w/<code>/``) is
read-only. Views that change data exist only under the game link; a spectator code used
there gets a 403 saying so, an unknown code a 404.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import patch_cache_control
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import (
    condition,
    require_http_methods,
    require_POST,
    require_safe,
)

from play import (
    chart,
    evening,
    exports,
    recent,
    removal,
    removed_rounds,
    scoring,
    seating,
    services,
    standings,
    table,
    tables,
    versions,
)
from play.boards import Board, RoundRow, Side
from play.forms import RoundForm, StartForm, new_submission_id
from play.models import Game, StartFrom
from rulesets import access, codes
from rulesets.options import BY_KEY
from unosite.links import absolute_url, is_local
from unosite.qr import qr_response
from unosite.ratelimit import limit_creation

POLL_SECONDS = 3


# --- Loading a game ----------------------------------------------------------------


def _game(code: str, spectator: bool = False, for_board: bool = False, page: bool = False) -> Game:
    """The game of a link; ``for_board``: with only what the scoreboard shows of its rules
    (the scoreboard, its poll and recording a round: see services.load_game_for_board),
    and with ``page``, what the whole page shows (whether the rules have changed since)."""
    lookup = {"spectator_code": code} if spectator else {"code": code}
    try:
        if for_board:
            return services.load_game_for_board(current=page, **lookup)
        return services.load_game(**lookup)
    except Game.DoesNotExist:
        pass
    if not spectator and Game.objects.filter(spectator_code=code).exists():
        raise PermissionDenied(
            _(
                "This is the read-only link of a game: ask the table for the game link to "
                "record or change rounds."
            )
        )
    raise Http404(_("No game has this link."))


@dataclass(frozen=True)
class Links:
    """The URLs a page of one game links to, under the game link or the spectator link."""

    game: Game
    spectator: bool

    def _url(self, name: str, *args) -> str:
        if self.spectator:
            return reverse(f"play:watch_{name}", args=[self.game.spectator_code, *args])
        return reverse(f"play:{name}", args=[self.game.code, *args])

    @property
    def page(self):
        return self._url("game")

    @property
    def board(self):
        return self._url("board")

    @property
    def history(self):
        return self._url("history")

    @property
    def csv(self):
        return self._url("csv")

    @property
    def json(self):
        return self._url("json")

    @property
    def qr_svg(self):
        return self._url("qr_svg")

    @property
    def watch(self):
        return reverse("play:watch_game", args=[self.game.spectator_code])

    @property
    def watch_qr_svg(self):
        return reverse("play:watch_qr_svg", args=[self.game.spectator_code])


def _etag(code: str, version: int, spectator: bool) -> str:
    """The scoreboard's ETag: the game, by the code of the link it was asked for (a
    spectator's never holds the players' code), its version, which every change bumps, and
    the language it is written in (no query: the middleware chose it from the request)."""
    return f'"{code}-{"s" if spectator else "m"}{version}-{translation.get_language()}"'


def _context(request, b: Board, spectator: bool, **extra) -> dict:
    links = Links(b.game, spectator)
    etag = _etag(b.game.spectator_code if spectator else b.game.code, b.game.version, spectator)
    context = {
        "b": b,
        "game": b.game,
        "spectator": spectator,
        "links": links,
        "etag": etag,
        "poll_seconds": POLL_SECONDS,
        "rendered_at": int(time.time()),  # for the page's script: when this copy was made
        "unscored_partners": _unscored_partners(b),
        "watch_url": absolute_url(request, links.watch),
        "local": is_local(request),
        "cards": _keypad(b.rules),
        "standing_rows": standings.rows(b.playing_sides, b.rules, b.standing.finished),
        "standing_summary": standings.summary(b.playing_sides, b.rules, len(b.rounds)),
        "table_notes": table.notes(b.players, b.standing.totals, b.rules),
        "series": evening.of_game(b.game),
    }
    if b.removed is not None:
        context["removed"] = b.removed
        context["removed_text"] = removed_rounds.offer_text(b.removed, b.players)
    if not spectator:
        context["game_url"] = absolute_url(request, links.page)
    context.update(extra)
    return context


def _unscored_partners(b: Board) -> str:
    """For the round form's script, as JSON: who went out -> the seat whose hand does not
    score then (see scoring.unscored_partner)."""
    n = len(b.players)
    partners = {seat: scoring.unscored_partner(seat, n, b.rules) for seat in range(n)}
    return json.dumps({seat: other for seat, other in partners.items() if other is not None})


def _keypad(rules: scoring.Rules) -> list[dict]:
    return [
        {"key": key, "label": label, "points": scoring.card_points(key, rules)}
        for key, label in scoring.CARDS
    ]


def _next_round(b: Board) -> int:
    """The number the round a new record form records is expected to get."""
    return len(b.rounds) + 1


def _record_form(b: Board, data=None, submission_id=None) -> RoundForm:
    initial = {
        "submission_id": submission_id or new_submission_id(),
        "expected_round": _next_round(b),
    }
    return RoundForm(
        data,
        players=b.active,
        rules=b.rules,
        editing=False,
        seat_count=len(b.players),
        initial=initial,
    )


def _render_game(request, b: Board, spectator=False, form=None, status=200, **extra):
    """The scoreboard page. ``form``: the record form sent back (with errors, or after a
    conflict); None for a new one (under the game link, while the game goes on); False for
    none."""
    if form is None and not spectator and not b.standing.finished:
        form = _record_form(b)
    context = _context(request, b, spectator, form=form or None, **extra)
    return render(request, "play/game.html", context, status=status)


# --- Starting a game -----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@limit_creation
def new(request, code):
    """Start a game from a rule set's current rules (anyone with the rules link may).

    When a game with these rules is in progress at this browser's table, the page asks
    first whether to follow it (``?new=1`` answers "start a new one").
    """
    ruleset = access.load(code)
    revision = ruleset.current
    rules = services.rules_of(revision)
    names = _again_names(request, ruleset)
    initial = {
        "submission_id": new_submission_id(),
        "dealer": "random" if revision.dealer_selection == "random" else "1",
    }
    data = request.POST if request.method == "POST" else None
    form = StartForm(data, rules=rules, names=names, initial=initial)
    if request.method == "POST" and form.is_valid():
        names = form.cleaned_data["names"]
        # The same players as a game this phone kept score of tonight: the evening goes on.
        previous = evening.continued_by(ruleset.pk, names, recent.member_games(request))
        game, created = services.start_game(
            revision,
            names,
            form.cleaned_data["first_dealer"],
            form.cleaned_data["submission_id"],
            previous=previous,
            previous_optional=True,
            table=tables.own_table(request, ruleset),
        )
        if not created:
            messages.info(request, _("This game had already been started: here it is."))
        return redirect("play:game", code=game.code)
    asking = []
    if not form.is_bound and request.GET.get("new") != "1":
        asking = tables.in_progress(ruleset, tables.remembered(request, ruleset))
    return render(
        request,
        "play/start.html",
        {
            "asking": asking,
            "ruleset": ruleset,
            "revision": revision,
            "rules": rules,
            "form": form,
            "goal_text": _goal_text(revision),
        },
        status=400 if form.is_bound else 200,
    )


def _again_names(request, ruleset) -> list[str]:
    """Names to fill in from an earlier game of these rules (``?again=<game code>``)."""
    code = request.GET.get("again", "")
    if not codes.is_code(code):
        return []
    game = Game.objects.filter(code=code, revision__ruleset=ruleset).first()
    if game is None:
        return []
    return list(game.players.order_by("seat").values_list("name", flat=True))


def _goal_text(revision) -> str:
    options = revision.options
    texts = [BY_KEY["scoring"].text(options["scoring"], options)]
    goal_key = "rounds_to_win" if options["scoring"] == scoring.ROUND_WINS else "target_score"
    texts.append(BY_KEY[goal_key].text(options[goal_key], options))
    if options["teams"] == "pairs":
        texts.append(BY_KEY["teams"].text("pairs", options))
        partner = BY_KEY["team_scores_partner_hand"]
        if partner.is_relevant(options):  # it means nothing unless the winner scores
            texts.append(partner.text(options["team_scores_partner_hand"]))
    return " ".join(texts)


# --- The scoreboard ------------------------------------------------------------------


@require_safe
def game(request, code, spectator=False):
    game_ = _game(code, spectator, for_board=True, page=True)
    recent.remember(request, game_, spectator)
    return _render_game(request, services.board(game_), spectator)


def _poll_etag(request, code, spectator=False) -> str | None:
    """The ETag of the board as it is now, from the cache (no query) while it has it."""
    version = versions.poll_version(code, spectator)
    return None if version is None else _etag(code, version, spectator)


@require_safe
@condition(etag_func=_poll_etag)
def board(request, code, spectator=False):
    """The scoreboard alone, for polling: a 304 when nothing changed since the ETag."""
    b = services.board(_game(code, spectator, for_board=True))
    context = _context(request, b, spectator, fragment=True)
    response = render(request, "play/game.html#board", context)
    patch_cache_control(response, private=True, no_cache=True)
    # The ETag of the board as rendered, not the one the cache may hold by now.
    response["ETag"] = _etag(code, b.game.version, spectator)
    return response


@require_POST
def record(request, code):
    """Records a round. Nothing is recorded when the board has other rounds than the form
    was filled in for (``expected_round``: another phone recorded the same round, or undid
    one): the phone is shown what changed next to what it entered, and chooses.

    Pages send the form and are redirected; the phone's queue of rounds saved offline
    (static/js/table.js) asks for JSON, and says when it sends a round later
    (``X-Round-Sent: later``: no message then waits for the next page).
    """
    game_ = _game(code, for_board=True)
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
        b = services.board(services.load_game(pk=game_.pk))  # the whole page, shown again
        if b.standing.finished:
            return _round_refused(
                request, b, _("This game is over, so no more rounds can be recorded.")
            )
        if _wants_json(request):
            return JsonResponse({"result": "invalid", "message": _errors_text(form)}, status=400)
        return _render_game(request, b, form=_record_form(b, request.POST), status=400)
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
        return _round_refused(request, services.board(services.load_game(pk=game_.pk)), str(exc))
    except services.BoardChanged as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return _board_changed(request, b, form, exc)
    number = done.round.number
    if done.created:
        result, text = "recorded", _round_summary(rules, done)
    else:
        result = "already"
        text = _(
            "Round %(number)s had already been recorded (the form was sent twice); it counts once."
        ) % {"number": number}
    if request.headers.get("X-Round-Sent") != "later":
        (messages.success if done.created else messages.info)(request, text)
    # To the top of the page, where the message is (the form's #record-title would stick).
    page = reverse("play:game", args=[code]) + "#main"
    if _wants_json(request):
        return JsonResponse({"result": result, "number": number, "message": text, "redirect": page})
    return redirect(page)


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _errors_text(form: RoundForm) -> str:
    problems = " ".join(str(e) for errors in form.errors.values() for e in errors)
    # Translators: %(problems)s is the form's own messages, already in the page's language.
    return _("Nothing was saved: %(problems)s") % {"problems": problems}


def _round_refused(request, b: Board, problem: str):
    if _wants_json(request):
        return JsonResponse({"result": "refused", "message": problem}, status=409)
    return _render_game(request, b, status=409, problem=problem, form=False)


def outcome_text(row: RoundRow) -> str:
    """What a round gave, as the board says it: "Cat went out; Cat +18." """
    if row.gains:
        # Translators: %(hands)s lists names and numbers: "Ben 12, Cat 30" or "Cat +18".
        return _("%(name)s went out; %(hands)s.") % {"name": row.went_out.name, "hands": row.gains}
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


def _board_changed(request, b: Board, form: RoundForm, exc: services.BoardChanged):
    """409, nothing recorded: what the other phone recorded, next to what this one entered,
    with the choice of adding it as the next round or discarding it."""
    changed = _changed_texts(b, exc)
    mine = typed_text(form)
    if _wants_json(request):
        body = {
            "result": "conflict",
            "message": " ".join(changed),
            "next_round": exc.next_number,
            "mine": mine,
        }
        return JsonResponse(body, status=409)
    data = form.data.copy()
    data["expected_round"] = str(exc.next_number)  # sent again, it is for the next round
    conflict = {"changed": changed, "mine": mine, "next_round": exc.next_number}
    return _render_game(request, b, form=_record_form(b, data), status=409, conflict=conflict)


def _discarded(request, code: str, form: RoundForm):
    """ "Discard mine": nothing is recorded, and the phone is told what it had entered."""
    if form.is_valid():
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


@require_safe
def history(request, code, spectator=False):
    b = services.board(_game(code, spectator))
    names = [s.name for s in b.sides]
    context = _context(
        request,
        b,
        spectator,
        chart=chart.build(names, [r.totals for r in b.rounds], b.rules.goal),
        rows=list(reversed(b.rounds)),
        # The chart's description: each side's name and total ("After N rounds: Ann 40, ...").
        totals=", ".join(f"{s.name} {s.total}" for s in b.sides),
    )
    return render(request, "play/history.html", context)


# --- Correcting rounds ---------------------------------------------------------------


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
def edit(request, code, round_id):
    game_ = _game(code)
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
    context = _context(request, b, False, form=form, row=row)
    if request.method == "POST":
        if not form.is_valid():
            return render(request, "play/round.html", context, status=400)
        try:
            services.edit_round(
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
    b = services.board(services.load_game(pk=game_.pk))
    rows = [r for r in b.rounds if r.round.pk == round_id]
    if not rows:
        context = _context(request, b, False, form=None, row=None, problem=problem)
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
    context = _context(request, b, False, form=form, row=row, problem=problem)
    return render(request, "play/round.html", context, status=409)


@require_http_methods(["GET", "POST"])
def delete(request, code, round_id):
    game_ = _game(code)
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
            b = services.board(services.load_game(pk=game_.pk))
            rows = [r for r in b.rounds if r.round.pk == round_id]
            context = _context(request, b, False, row=rows[0] if rows else None, problem=str(exc))
            return render(request, "play/delete.html", context, status=409)
        # The history shows what was removed, with "Put it back".
        return redirect("play:history", code=code)
    return render(request, "play/delete.html", _context(request, b, False, row=row))


@require_POST
def undo(request, code):
    game_ = _game(code)
    try:
        round_id = int(request.POST.get("round", ""))
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, _("Nothing was undone: the form was incomplete. Try again."))
        return redirect("play:game", code=code)
    try:
        removal.remove_round(game_, round_id, version, last_only=True)
    except services.RoundChanged as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return _render_game(request, b, status=409, problem=str(exc))
    # The scoreboard (on every phone) shows what was removed, with "Put it back".
    return redirect(reverse("play:game", args=[code]) + "#board")


@require_POST
def put_back(request, code):
    """Puts back the round that Undo or Delete removed, if no round was recorded since."""
    game_ = _game(code)
    back_to = "play:history" if request.POST.get("back_to") == "history" else "play:game"
    try:
        removed_id = int(request.POST.get("removed", ""))
    except ValueError:
        removed_id = 0
    try:
        number = removal.put_back(game_, removed_id)
    except removal.CannotPutBack as exc:
        b = services.board(services.load_game(pk=game_.pk))
        return _render_game(request, b, status=409, problem=str(exc))
    messages.success(
        request, _("Round %(number)s is back, and the totals with it.") % {"number": number}
    )
    return redirect(back_to, code=code)


@require_POST
@limit_creation
def again(request, code):
    game_ = _game(code)
    try:
        new_game, _created = services.play_again(game_)
    except services.NotOver as exc:
        messages.error(request, str(exc))
        return redirect("play:game", code=code)
    except ValueError as exc:
        messages.error(
            request,
            # Translators: %(problem)s is a sentence saying what is wrong with the players.
            _("%(problem)s Check the players and start the game here.") % {"problem": exc},
        )
        url = reverse("play:new", args=[game_.revision.ruleset.code]) + f"?again={game_.code}"
        return redirect(url)
    return redirect("play:game", code=new_game.code)


# --- Exports and QR codes ------------------------------------------------------------


def _filename(b: Board, ext: str) -> str:
    """Named after the rules and the day: ``grandmas-rules-2026-12-01.csv``."""
    name = slugify(b.revision.name)[:60].strip("-") or "uno-game"
    return f"{name}-{timezone.localdate(b.game.created_at):%Y-%m-%d}.{ext}"


@require_safe
def export_csv(request, code, spectator=False):
    b = services.board(_game(code, spectator))
    # A byte order mark first: without it Excel reads the file as Latin-1 and breaks accents.
    body = "\ufeff" + exports.as_csv(b)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(b, "csv")}"'
    return response


@require_safe
def export_json(request, code, spectator=False):
    b = services.board(_game(code, spectator))
    body = json.dumps(exports.as_json(b), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_filename(b, "json")}"'
    return response


@require_safe
def qr(request, code, fmt, spectator=False):
    """The QR code of this game's link (or of its spectator link)."""
    game_ = _game(code, spectator)
    links = Links(game_, spectator)
    return qr_response(request, absolute_url(request, links.page), fmt)


# --- Players who come and go ---------------------------------------------------------


def _players_page(request, game_, status=200, problem="", typed=None):
    b = services.board(services.load_game(pk=game_.pk))
    context = _context(
        request,
        b,
        False,
        problem=problem,
        typed=typed or {},
        lowest=min((s.total for s in b.playing_sides), default=0),
        seats=[(p, table.can_move_up(b, i), table.partner(b, p)) for i, p in enumerate(b.active)],
        sits_after=table.new_seats_after(b),
        start_choices=StartFrom,
    )
    return render(request, "play/players.html", context, status=status)


@require_safe
def players(request, code):
    """Add, remove and rename players, and fix the seat order (members only)."""
    return _players_page(request, _game(code))


def _refused(request, game_, exc, typed=None):
    return _players_page(request, game_, status=409, problem=str(exc), typed=typed)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@require_POST
def add_player(request, code):
    """Adds a player, or with pairs a pair (``name`` and ``partner``)."""
    game_ = _game(code)
    typed = {
        "name": request.POST.get("name", "")[:200],
        "partner": request.POST.get("partner", "")[:200],
        "start_from": request.POST.get("start_from", ""),
        "amount": request.POST.get("amount", "")[:20],
    }
    amount = _int(typed["amount"]) if typed["start_from"] == StartFrom.AGREED else None
    pairs = services.rules_of(game_.revision).pairs
    try:
        if pairs:
            joined = table.add_pair(
                game_, [typed["name"], typed["partner"]], typed["start_from"], amount
            )
        else:
            joined = [table.add_player(game_, typed["name"], typed["start_from"], amount)]
    except table.Refused as exc:
        return _refused(request, game_, exc, typed)
    points = joined[0].start_points
    if pairs:
        text = ngettext(
            "%(name)s join the game from the next round, starting from %(points)s point.",
            "%(name)s join the game from the next round, starting from %(points)s points.",
            points,
        )
    else:
        text = ngettext(
            "%(name)s joins the game from the next round, starting from %(points)s point.",
            "%(name)s joins the game from the next round, starting from %(points)s points.",
            points,
        )
    messages.success(request, text % {"name": Side.name_of(joined), "points": points})
    return redirect("play:players", code=code)


@require_POST
def rename_player(request, code, player_id):
    game_ = _game(code)
    name = request.POST.get("name", "")[:200]
    try:
        player = table.rename_player(game_, player_id, name)
    except table.Refused as exc:
        return _refused(request, game_, exc, {"rename": player_id, "rename_name": name})
    messages.success(request, _("Renamed: %(name)s.") % {"name": player.name})
    return redirect("play:players", code=code)


@require_POST
def move_player(request, code, player_id):
    game_ = _game(code)
    try:
        player = table.move_up(game_, player_id, _int(request.POST.get("seat")))
    except table.Refused as exc:
        return _refused(request, game_, exc)
    messages.success(
        request, _("%(name)s moved one seat up; the deal follows.") % {"name": player.name}
    )
    return redirect("play:players", code=code)


@require_http_methods(["GET", "POST"])
def remove_player(request, code, player_id):
    """Removes a player, or with pairs the player's pair (asking first)."""
    game_ = _game(code)
    if request.method == "GET":
        b = services.board(game_)
        player = next((p for p in b.active if p.pk == player_id), None)
        if player is None:
            raise Http404(_("This player is not at the table."))
        leaving = b.side_of(player) if b.rules.pairs else None
        name = leaving.name if leaving else player.name
        context = _context(request, b, False, player=player, name=name, pair=bool(leaving))
        return render(request, "play/remove_player.html", context)
    try:
        leaving = table.remove_player(game_, player_id)
    except table.Refused as exc:
        return _refused(request, game_, exc)
    name = Side.name_of(leaving)
    if len(leaving) > 1:
        text = _("%(name)s have left the game; their rounds stay in the history.") % {"name": name}
    else:
        text = _("%(name)s has left the game; their rounds stay in the history.") % {"name": name}
    messages.success(request, text)
    return redirect("play:players", code=code)
