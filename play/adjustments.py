"""Points outside a round: a scorer adds points to a player or pair, or takes some, with
the reason the table gave ("caught not calling UNO", "agreed bonus"). Not the correction
of a saved round (that is editing the round: play.views.corrections).

An adjustment counts in the standings, the chart and the downloads from the round it was
made after (see ``scoring.adjustments_by_round``). It can be undone and put back, like a
round: undone, it stays in the history, marked, and no longer counts. Every change locks
the game first and ends with ``services.settle`` (a new version: every phone follows).
"""

from __future__ import annotations

import uuid

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from play import services
from play.boards import Board
from play.models import Adjustment, Game


class Refused(ValueError):
    """An adjustment the game's state does not allow; the message says why, and nothing
    was changed."""


def most_points(b: Board) -> int:
    """The most points one adjustment may add or take: the game's target."""
    return b.rules.target_score


def allowed(b: Board) -> bool:
    """Whether points can be added or taken now: while the game goes on, in points."""
    return b.rules.counts_points and not b.standing.finished


def add(
    game: Game,
    player_id: int,
    points: int,
    reason: str,
    submission_id: uuid.UUID,
    expected_round: int,
) -> tuple[Adjustment, bool]:
    """Adds ``points`` (taken when negative) to the side of ``player_id``; returns (the
    adjustment, created). The same form sent twice adds once (its submission id).

    Refuses, changing nothing: a finished game or one scored in rounds won, a page shown
    before another phone recorded or removed a round (``expected_round`` is how many
    rounds the page showed), a player who left, more than ``most_points`` at once, or
    taking more points than the side has.
    """
    try:
        with transaction.atomic():
            locked = services.lock_game(game)
            if (existing := _sent_before(locked, submission_id)) is not None:
                return existing, False
            b = services.board(locked)
            _check(b, player_id, points, expected_round)
            adjustment = Adjustment.objects.create(
                game=locked,
                player_id=player_id,
                after_round=len(b.rounds),
                points=points,
                reason=reason,
                submission_id=submission_id,
            )
            services.settle(locked)
    except IntegrityError:
        # Sent twice at the same moment: the database refuses the submission id again.
        if (existing := _sent_before(game, submission_id)) is None:
            raise
        return existing, False
    return adjustment, True


def _sent_before(game: Game, submission_id: uuid.UUID) -> Adjustment | None:
    return game.adjustments.filter(submission_id=submission_id).first()


def _check(b: Board, player_id: int, points: int, expected_round: int) -> None:
    if b.standing.finished:
        raise Refused(_("This game is over, so its totals no longer change."))
    if not b.rules.counts_points:
        raise Refused(_("These rules count rounds won, not points: there are no points to add."))
    if expected_round != len(b.rounds):
        raise Refused(
            _(
                "The board changed on another phone while you were typing (it has "
                "%(count)s rounds now). Nothing was changed: check the totals, then save again."
            )
            % {"count": len(b.rounds)}
        )
    player = next((p for p in b.players if p.pk == player_id), None)
    if player is None:
        raise Refused(_("There is no such player in this game: nothing was changed."))
    if player.left_after is not None:
        raise Refused(
            _("%(name)s has left the game, so their points no longer change. Nothing was changed.")
            % {"name": player.name}
        )
    most = most_points(b)
    if not 0 < abs(points) <= most:
        raise Refused(
            _("At most %(max)s points at a time (the target score). Nothing was changed.")
            % {"max": most}
        )
    side = b.side_of(player)
    if side.total + points < 0:
        raise Refused(
            _(
                "%(name)s has %(total)s points, so no more than %(total)s can be taken. "
                "Nothing was changed."
            )
            % {"name": side.name, "total": side.total}
        )


def _locked(game: Game, adjustment_id: int) -> tuple[Game, Adjustment]:
    locked = services.lock_game(game)
    adjustment = locked.adjustments.filter(pk=adjustment_id).first()
    if adjustment is None:
        raise Refused(_("There is no such change of points in this game: nothing was changed."))
    return locked, adjustment


def undo(game: Game, adjustment_id: int) -> Adjustment:
    """Undoes an adjustment: it stays in the history, marked, and no longer counts."""
    with transaction.atomic():
        locked, adjustment = _locked(game, adjustment_id)
        if adjustment.undone_at is not None:
            raise Refused(
                _("That change of points was undone already (on another phone): nothing changed.")
            )
        adjustment.undone_at = timezone.now()
        adjustment.save(update_fields=["undone_at"])
        services.settle(locked)
    return adjustment


def put_back(game: Game, adjustment_id: int) -> Adjustment:
    """Puts an undone adjustment back: it counts again, where it was."""
    with transaction.atomic():
        locked, adjustment = _locked(game, adjustment_id)
        if adjustment.undone_at is None:
            raise Refused(
                _(
                    "That change of points counts already (put back on another phone): "
                    "nothing changed."
                )
            )
        adjustment.undone_at = None
        adjustment.save(update_fields=["undone_at"])
        services.settle(locked)
    return adjustment
