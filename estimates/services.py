"""Getting estimates (asked for once, computed by the tasks worker) and saying them in words."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from domain import options as opts
from domain import scoring
from estimates import compute
from estimates.models import Estimate

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# What a turn and a deal take at a family table, unless the family says otherwise: a turn
# is a few seconds (look, choose, play or draw); a deal is gathering, shuffling, dealing
# and, between rounds, adding up the scores.
TURN_SECONDS = 5
DEAL_SECONDS = 90
MAX_SECONDS = 600
USUAL_PLAYERS = (2, 3, 4, 6)
USUAL_PAIRS = (4, 6, 8)
COMPARED_PLAYERS = 4  # the rule-change history compares games of this many players
STALE_AFTER = dt.timedelta(minutes=10)  # a request not done by then is sent again


class EstimateInputError(ValueError):
    """Bad input: its message says what is wrong, for the page."""


def usual_players(options: Mapping[str, Any]) -> tuple[int, ...]:
    return USUAL_PAIRS if options["teams"] == "pairs" else USUAL_PLAYERS


def check_players(options: Mapping[str, Any], raw: str) -> int:
    """The player count typed or sent, or EstimateInputError saying why not."""
    raw = (raw or "").strip()
    if not (raw.isdecimal() and raw.isascii()) or len(raw) > 3:
        raise EstimateInputError(_say_how_many())
    players = int(raw)
    problem = scoring.player_count_problem(players, scoring.Rules.from_options(options).pairs)
    if problem == "pairs":
        raise EstimateInputError(
            gettext(
                "Four, six, eight or ten players can play: an even number, so that everyone "
                "has a partner."
            )
        )
    if problem:
        raise EstimateInputError(_say_how_many())
    return players


def _say_how_many() -> str:
    return gettext("Say how many players: a whole number from %(min)s to %(max)s.") % {
        "min": scoring.MIN_PLAYERS,
        "max": scoring.MAX_PLAYERS,
    }


def check_seconds(raw: str | None, default: int, what: str) -> float:
    """A time in seconds typed by the family for ``what`` ("turn" or "deal"), or
    EstimateInputError."""
    if raw is None or raw.strip() == "":
        return float(default)
    text = raw.strip().replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        raise EstimateInputError(_seconds_errors(what)[0]) from None
    if not (0 < value <= MAX_SECONDS):  # also refuses nan and inf
        raise EstimateInputError(_seconds_errors(what)[1] % {"most": MAX_SECONDS})
    return value


def _seconds_errors(what: str) -> tuple[str, str]:
    """The two complaints about a time typed for ``what`` ("turn" or "deal"), whole."""
    return {
        "deal": (
            gettext("The time for a deal must be a number of seconds."),
            gettext("The time for a deal must be more than 0 and at most %(most)s seconds."),
        ),
        "turn": (
            gettext("The time for a turn must be a number of seconds."),
            gettext("The time for a turn must be more than 0 and at most %(most)s seconds."),
        ),
    }[what]


def get(options: Mapping[str, Any], players: int, ruleset=None) -> Estimate | None:
    """The estimate if it is ready; otherwise asks for it (once) and returns None.

    Never computes anything in the calling request: the work goes to the tasks worker.
    ``ruleset``: whose current rules these are. Estimates it asked for under other rules
    (an earlier edit) and still pending are dropped: their tasks then do nothing, so a
    rule set edited 40 times has the worker compute its latest rules, not all 40.
    """
    from estimates.tasks import compute_estimate

    key = compute.options_key(options, players)
    row = Estimate.objects.filter(key=key, players=players).first()
    if row is not None and row.ready:
        return row
    now = timezone.now()
    if row is not None and now - row.requested_at < STALE_AFTER:
        return None  # asked for already; the worker is on it
    relevant = compute.relevant_options(options, players)
    try:
        with transaction.atomic():
            if ruleset is not None:
                Estimate.objects.filter(asked_for=ruleset, figures__isnull=True).exclude(
                    key=key
                ).delete()
            if row is None:
                Estimate.objects.create(
                    key=key, players=players, options=relevant, requested_at=now, asked_for=ruleset
                )
            else:
                updated = Estimate.objects.filter(
                    pk=row.pk, requested_at=row.requested_at, figures=None
                ).update(requested_at=now, asked_for=ruleset)
                if not updated:  # someone else asked again meanwhile
                    return None
    except IntegrityError:  # another request asked for it at the same moment
        return None
    compute_estimate.using(backend=settings.ESTIMATE_TASK_BACKEND).enqueue(
        key=key, players=players, options=relevant
    )
    row = Estimate.objects.filter(key=key, players=players).first()
    return row if row is not None and row.ready else None


# --- In words ---------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """One player count's figures, rounded for a family."""

    players: int
    rounds: float
    rounds_low: int
    rounds_high: int
    turns_per_round: int
    drawn_per_round: int
    minutes: int
    minutes_low: int
    minutes_high: int
    round_minutes: float
    endless: bool


def game_minutes(rounds: float, turns: float, turn_s: float, deal_s: float) -> float:
    return (rounds * deal_s + turns * turn_s) / 60


def summarise(figures: Mapping[str, Any], turn_s: float, deal_s: float) -> Summary:
    rounds = figures["rounds"]
    minutes = [game_minutes(r, t, turn_s, deal_s) for r, t in figures["games"]]
    return Summary(
        players=figures["players"],
        rounds=rounds["mean"],
        rounds_low=rounds["p10"],
        rounds_high=rounds["p90"],
        turns_per_round=round(figures["turns_per_round"]),
        drawn_per_round=round(figures["drawn_per_round"]),
        minutes=round(game_minutes(rounds["mean"], figures["turns_per_game"], turn_s, deal_s)),
        minutes_low=round(compute.quantile(minutes, 0.1)),
        minutes_high=round(compute.quantile(minutes, 0.9)),
        round_minutes=game_minutes(1, figures["turns_per_round"], turn_s, deal_s),
        endless=figures["endless_share"] > 0.01,
    )


def _change(new: float, old: float) -> float:
    return (new - old) / old if old else 0.0


def _percent(change: float) -> int:
    return round(abs(change) * 100)


def _times(ratio: float) -> int:
    return round(ratio)


def _drawn_words(ratio: float) -> str | None:
    """'about twice as many cards are drawn', or None when about the same: a clause of its
    own (subject and verb), so that each language can say it whole."""
    # Translators: this and the other clauses about a game's length are joined into one
    # sentence ("With these house rules, rounds are about 20 % longer and about 30 % more
    # cards are drawn; a whole game is ..."): each is a whole clause with its own verb.
    if ratio >= 2.5:
        n = _times(ratio)
        return ngettext(
            "about %(n)s time as many cards are drawn",
            "about %(n)s times as many cards are drawn",
            n,
        ) % {"n": n}
    if ratio >= 1.8:
        return gettext("about twice as many cards are drawn")
    change = ratio - 1
    if _percent(change) < 5:
        return None
    if change > 0:
        return gettext("about %(percent)s %% more cards are drawn") % {"percent": _percent(change)}
    return gettext("about %(percent)s %% fewer cards are drawn") % {"percent": _percent(change)}


def _rounds_words(ratio: float) -> str:
    """How long a round is against official, as a whole clause: 'rounds are about as long'."""
    turns = ratio - 1
    if ratio >= 2.5:
        n = _times(ratio)
        return ngettext(
            "rounds are about %(n)s time as long", "rounds are about %(n)s times as long", n
        ) % {"n": n}
    if ratio >= 1.8:
        return gettext("rounds are about twice as long")
    if _percent(turns) < 5:
        return gettext("rounds are about as long")
    if turns > 0:
        return gettext("rounds are about %(percent)s %% longer") % {"percent": _percent(turns)}
    return gettext("rounds are about %(percent)s %% shorter") % {"percent": _percent(turns)}


def _game_words(change: float) -> str:
    """How long a whole game is against official, as a whole clause."""
    if _percent(change) < 5:
        return gettext("a whole game lasts about as long as with the official rules")
    values = {"percent": _percent(change)}
    if change > 0:
        return (
            gettext("a whole game is about %(percent)s %% longer than with the official rules")
            % values
        )
    return (
        gettext("a whole game is about %(percent)s %% shorter than with the official rules")
        % values
    )


def compared_to_official(
    options: Mapping[str, Any], mine: Mapping[str, Any], official: Mapping[str, Any]
) -> str:
    """What these rules do to a game, compared with the official rules, in one sentence.

    Differences under 5 % are within the estimates' accuracy and called "about as long".
    """
    players = mine["players"]
    differences = opts.differences(
        compute.relevant_options(options, players),
        compute.relevant_options(opts.official(), players),
    )
    if not differences:
        return gettext("These are the official rules as far as the length of a game goes.")
    rounds = _rounds_words(mine["turns_per_round"] / official["turns_per_round"])
    drawn = _drawn_words(mine["drawn_per_round"] / official["drawn_per_round"])
    game = _change(
        game_minutes(mine["rounds"]["mean"], mine["turns_per_game"], TURN_SECONDS, DEAL_SECONDS),
        game_minutes(
            official["rounds"]["mean"], official["turns_per_game"], TURN_SECONDS, DEAL_SECONDS
        ),
    )
    values: dict[str, StrOrPromise | None] = {
        "rounds": rounds,
        "drawn": drawn,
        "whole": _game_words(game),
    }
    if len(differences) == 1:
        values["rule"] = differences[0].label
        if drawn:
            # Translators: %(rule)s is an option's name; %(rounds)s, %(drawn)s and %(whole)s
            # are the clauses about a game's length (see "rounds are about as long").
            return (
                gettext("With the house rule “%(rule)s”, %(rounds)s and %(drawn)s; %(whole)s.")
                % values
            )
        # Translators: %(rule)s is an option's name; %(rounds)s and %(whole)s are the
        # clauses about a game's length (see "rounds are about as long").
        return gettext("With the house rule “%(rule)s”, %(rounds)s; %(whole)s.") % values
    if drawn:
        # Translators: %(rounds)s, %(drawn)s and %(whole)s are the clauses about a game's
        # length (see "rounds are about as long").
        return gettext("With these house rules, %(rounds)s and %(drawn)s; %(whole)s.") % values
    # Translators: %(rounds)s and %(whole)s are the clauses about a game's length.
    return gettext("With these house rules, %(rounds)s; %(whole)s.") % values


def change_in_words(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """What a revision's changes do to a game: 'These changes make a game about 15 % shorter'."""
    old = game_minutes(
        before["rounds"]["mean"], before["turns_per_game"], TURN_SECONDS, DEAL_SECONDS
    )
    new = game_minutes(after["rounds"]["mean"], after["turns_per_game"], TURN_SECONDS, DEAL_SECONDS)
    change = _change(new, old)
    players = after["players"]
    percent = round(abs(change) * 100)
    values = {"n": round(new), "old": round(old), "percent": percent, "players": players}
    # Translators: the sentences about a change of rules say the number of players, always
    # 2 or more, as "%(players)s players"; the plural form follows the minutes (%(n)s).
    if percent < 5:
        return (
            ngettext(
                "These changes hardly change how long a game takes (about %(n)s minute with "
                "%(players)s players).",
                "These changes hardly change how long a game takes (about %(n)s minutes with "
                "%(players)s players).",
                values["n"],
            )
            % values
        )
    if change > 0:
        return (
            ngettext(
                "These changes make a game about %(percent)s %% longer: about %(n)s minute instead "
                "of %(old)s with %(players)s players.",
                "These changes make a game about %(percent)s %% longer: about %(n)s minutes "
                "instead of %(old)s with %(players)s players.",
                values["n"],
            )
            % values
        )
    return (
        ngettext(
            "These changes make a game about %(percent)s %% shorter: about %(n)s minute instead of "
            "%(old)s with %(players)s players.",
            "These changes make a game about %(percent)s %% shorter: about %(n)s minutes instead "
            "of %(old)s with %(players)s players.",
            values["n"],
        )
        % values
    )
