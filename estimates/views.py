"""How long is a game? The estimate for a rule set, as a page and as htmx partials.

Nothing here computes: a missing estimate is asked for (estimates.services.get) and the
partial asks again a little later (htmx polling) until it is there.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from domain import options as opts
from domain import scoring
from estimates import services
from estimates.services import EstimateInputError
from rulesets import access
from unosite.htmx import HtmxHttpRequest

POLL_SECONDS = 2
MAX_POLLS = 60  # then the partial stops asking and says to come back later


def _poll_count(request) -> int:
    raw = request.GET.get("poll", "0")
    return min(int(raw), MAX_POLLS) if raw.isdecimal() and len(raw) < 4 else 0


def _figures(options, counts, ruleset=None):
    """{players: figures or None}, asking for the missing ones (for ``ruleset``'s current
    rules when given: see services.get)."""
    result = {}
    for players in counts:
        row = services.get(options, players, ruleset)
        result[players] = row.figures if row else None
    return result


def _bad(request, template, context, message):
    return render(request, template, {**context, "error": message}, status=400)


@require_safe
def game_length(request: HtmxHttpRequest, code) -> HttpResponse:
    """The rules' game length for the usual player counts (or ?players=N), with the times."""
    ruleset = access.load(code)
    revision = ruleset.current_revision
    options = revision.options
    template = "estimates/game_length.html" + ("#estimate" if request.htmx else "")
    context = {
        "ruleset": ruleset,
        "revision": revision,
        "turn_value": request.GET.get("turn", ""),
        "deal_value": request.GET.get("deal", ""),
        "players_value": request.GET.get("players", ""),
        "turn_default": services.TURN_SECONDS,
        "deal_default": services.DEAL_SECONDS,
    }
    counts: tuple[int, ...]
    try:
        turn_s = services.check_seconds(request.GET.get("turn"), services.TURN_SECONDS, "turn")
        deal_s = services.check_seconds(request.GET.get("deal"), services.DEAL_SECONDS, "deal")
        if request.GET.get("players", "").strip():
            counts = (services.check_players(options, request.GET["players"]),)
        else:
            counts = services.usual_players(options)
    except EstimateInputError as exc:
        return _bad(request, template, context, str(exc))
    mine = _figures(options, counts, ruleset)
    official = _figures(opts.official(), counts)
    return _render_ready(
        request,
        template,
        context,
        rows=(
            lambda: {
                "summaries": [services.summarise(mine[n], turn_s, deal_s) for n in counts],
                # One comparison in words: four players, or the count asked for.
                "compared": services.compared_to_official(
                    options, mine[_compared(counts)], official[_compared(counts)]
                ),
                "compared_players": _compared(counts),
            }
        )
        if all(mine.values()) and all(official.values())
        else None,
        poll_url=_poll_url(reverse("estimates:game_length", args=[code]), request),
        extra={
            "turn_s": turn_s,
            "deal_s": deal_s,
            "custom_times": bool(
                request.GET.get("turn", "").strip() or request.GET.get("deal", "").strip()
            ),
        },
    )


@require_safe
def for_players(request: HtmxHttpRequest, code) -> HttpResponse:
    """The start-game page: the game length for the players entered (``name`` fields)."""
    ruleset = access.load(code)
    revision = ruleset.current_revision
    options = revision.options
    names = [n for n in request.GET.getlist("name") if n.strip()]
    if not request.htmx:  # only htmx asks here; a browser gets the whole page instead
        return game_length(request, code)
    context = {"ruleset": ruleset, "revision": revision, "players": len(names)}
    template = "estimates/game_length.html#start"
    error = scoring.player_count_error(len(names), scoring.Rules.from_options(options))
    if error or len(names) > scoring.MAX_PLAYERS:
        # Not an error on this form: the names are still being typed.
        return render(request, template, {**context, "waiting_for_names": True})
    row = services.get(options, len(names), ruleset)
    figures = row.figures if row is not None else None
    return _render_ready(
        request,
        template,
        context,
        rows=(
            (lambda: services.summarise(figures, services.TURN_SECONDS, services.DEAL_SECONDS))
            if figures is not None
            else None
        ),
        poll_url=_poll_url(reverse("estimates:for_players", args=[code]), request),
    )


@require_safe
def revision_change(request: HtmxHttpRequest, code) -> HttpResponse:
    """The rule-change history: what a revision's changes (``?revision=N``, the current one
    when not given) do to the length of a game."""
    ruleset = access.load(code)
    raw = request.GET.get("revision", "")
    if raw and not (raw.isdecimal() and raw.isascii() and len(raw) < 10):
        raise Http404(_("No such revision."))
    revision = (
        get_object_or_404(ruleset.revisions, number=int(raw)) if raw else ruleset.current_revision
    )
    previous = ruleset.revisions.filter(number=revision.number - 1).first()
    context = {"ruleset": ruleset, "revision": revision, "previous": previous}
    template = "estimates/change.html" + ("#change" if request.htmx else "")
    if previous is None:
        return render(request, template, {**context, "first": True})
    players = services.COMPARED_PLAYERS  # four can play every rule set, pairs or not
    before = _figures(previous.options, [players])[players]
    after = _figures(revision.options, [players])[players]
    url = reverse("estimates:revision_change", args=[code])
    return _render_ready(
        request,
        template,
        context,
        rows=(
            (lambda: services.change_in_words(before, after))
            if before is not None and after is not None
            else None
        ),
        poll_url=_poll_url(url, request),
    )


def _compared(counts) -> int:
    return services.COMPARED_PLAYERS if services.COMPARED_PLAYERS in counts else counts[0]


def _poll_url(path: str, request) -> str:
    query = request.GET.copy()
    query["poll"] = str(_poll_count(request) + 1)
    return f"{path}?{query.urlencode()}"


def _render_ready(request, template, context, *, rows, poll_url, extra=None):
    """The page with its figures (``rows`` makes them, None while the estimates are not
    ready: the page then asks again, at most MAX_POLLS times)."""
    polls = _poll_count(request)
    ready = rows is not None
    context = {**context, **(extra or {}), "ready": ready, "poll_seconds": POLL_SECONDS}
    if rows is not None:
        context["rows"] = rows()
    elif polls < MAX_POLLS:
        context["poll_url"] = poll_url
    else:
        context["gave_up"] = True
    return render(request, template, context)
