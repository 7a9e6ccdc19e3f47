"""Starting a game: from a rule set, or again with the same players."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from domain import scoring
from domain.options import BY_KEY
from play import evening, recent, services, tables
from play.forms import StartForm, new_submission_id
from play.models import Game
from play.views.common import game_of
from rulesets import access, codes
from unosite.ratelimit import limit_creation


@require_http_methods(["GET", "POST"])
@limit_creation
def new(request: HttpRequest, code) -> HttpResponse:
    """Start a game from a rule set's current rules (anyone with the rules link may).

    When a game with these rules is in progress at this browser's table, the page asks
    first whether to follow it (``?new=1`` answers "start a new one").
    """
    ruleset = access.load(code)
    revision = ruleset.current_revision
    rules = services.rules_of(revision)
    names = _again_names(request, ruleset)
    initial = {
        "submission_id": new_submission_id(),
        "dealer": "random" if revision.options["dealer_selection"] == "random" else "1",
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
            texts.append(partner.text(options["team_scores_partner_hand"], options))
    return " ".join(texts)


@require_POST
@limit_creation
def again(request: HttpRequest, code) -> HttpResponse:
    game_ = game_of(code, request=request)
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
    # A phone that keeps score through the table's card goes on the same way.
    return redirect("play:game", code=tables.link_code(new_game, game_.through_table))
