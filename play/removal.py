"""Second chances: a round removed by Undo or Delete can be put back.

The last round removed from a game is kept (``RemovedRound``: its number, who went out,
its hands and its submission id). It can be put back at its old number for as long as no
other round was recorded since; every phone at the table sees the offer on its
scoreboard. A newer removal replaces it.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from play import corrections, removed_rounds, services
from play.models import Game, Hand, RemovedRound, Round


class CannotPutBack(Exception):
    """The round was put back already, or another round was recorded since."""


def remove_round(game: Game, round_id: int, version: int, *, last_only: bool = False) -> int:
    """Removes a round (as play.corrections.delete_round) and keeps it to be put back; returns its
    number. Raises services.RoundChanged when another phone changed it first."""
    with transaction.atomic():
        services.lock_game(game)
        round_ = Round.objects.filter(game=game, pk=round_id).first()
        hands = list(round_.hands.values_list("player_id", "points")) if round_ else []
        number = corrections.delete_round(game, round_id, version, last_only=last_only)
        assert round_ is not None  # delete_round refuses a round that is not there
        RemovedRound.objects.update_or_create(
            game=game,
            defaults={
                "number": number,
                "went_out_id": round_.went_out_id,
                "dealer_id": round_.dealer_id,
                "submission_id": round_.submission_id,
                "hands": [[player_id, points] for player_id, points in hands],
                "removed_at": timezone.now(),
            },
        )
    return number


def put_back(game: Game, removed_id: int) -> int:
    """Puts a removed round back at its number (later rounds move down one); returns the
    number. Raises CannotPutBack, changing nothing, when that is no longer possible."""
    with transaction.atomic():
        locked = services.lock_game(game)
        removed = RemovedRound.objects.filter(game=locked, pk=removed_id).first()
        if removed is None:
            raise CannotPutBack(
                _(
                    "That round is no longer waiting to be put back: another phone put it "
                    "back, or removed another round since. Nothing was changed."
                )
            )
        if removed_rounds.recorded_since(locked, removed):
            raise CannotPutBack(
                _(
                    "Round %(number)s can no longer be put back: another phone recorded a "
                    "round since. Nothing was changed; enter it again if it was right."
                )
                % {"number": removed.number}
            )
        number = min(removed.number, locked.rounds.count() + 1)
        # One at a time, highest first, so (game, number) stays unique at every step.
        for later in locked.rounds.filter(number__gte=number).order_by("-number"):
            later.number += 1
            later.save(update_fields=["number"])
        locked.adjustments.filter(after_round__gte=number).update(after_round=F("after_round") + 1)
        round_ = Round.objects.create(
            game=locked,
            number=number,
            went_out_id=removed.went_out_id,
            dealer_id=removed.dealer_id,
            submission_id=removed.submission_id,
        )
        Hand.objects.bulk_create(
            Hand(round=round_, player_id=player_id, points=points)
            for player_id, points in removed.hands
        )
        removed.delete()
        services.settle(locked)
    return number
