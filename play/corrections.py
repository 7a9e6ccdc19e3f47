"""Changing a round already saved: its result put right, or the round deleted (the
views are play.views.corrections; undoing the last round keeps it to be put back, see
play.removal). Both check that nobody changed the round since the phone was shown it.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from play import services
from play.models import Game, Round


def edit_round(
    game: Game, round_id: int, version: int, went_out: int, hands: Mapping[int, int]
) -> Round:
    """Replaces a round's result if nobody changed it since ``version`` was shown."""
    with transaction.atomic():
        game = services.lock_game(game)
        round_ = locked_round(game, round_id, version)
        players = services.players_of(game)
        round_.went_out = players[went_out]
        round_.version += 1
        round_.save(update_fields=["went_out", "version", "updated_at"])
        round_.hands.all().delete()
        services.store_hands(round_, players, hands)
        services.settle(game)
    return round_


def delete_round(game: Game, round_id: int, version: int, *, last_only: bool = False) -> int:
    """Deletes a round and renumbers the later ones; returns the deleted round's number.

    With ``last_only`` (undo), the round must still be the last one.
    """
    with transaction.atomic():
        game = services.lock_game(game)
        round_ = locked_round(game, round_id, version)
        number = round_.number
        if last_only and game.rounds.filter(number__gt=number).exists():
            raise services.RoundChanged(
                _(
                    "Another phone recorded a round after round %(number)s, so nothing was "
                    "undone. Delete the round you meant from the history."
                )
                % {"number": number}
            )
        round_.delete()
        # One at a time, lowest first, so (game, number) stays unique at every step.
        for later in game.rounds.filter(number__gt=number).order_by("number"):
            later.number -= 1
            later.save(update_fields=["number"])
        # Points changed after it now come after the round before it.
        game.adjustments.filter(after_round__gte=number).update(after_round=F("after_round") - 1)
        services.settle(game)
    return number


def locked_round(game: Game, round_id: int, version: int) -> Round:
    round_ = Round.objects.filter(game=game, pk=round_id).first()
    if round_ is None:
        raise services.RoundChanged(
            _("That round was deleted on another phone, so nothing was changed.")
        )
    if round_.version != version:
        raise services.RoundChanged(
            _(
                "Round %(number)s was changed on another phone while you were looking at "
                "it, so nothing was saved."
            )
            % {"number": round_.number},
            current=round_,
        )
    return round_
