"""The round removed last from a game, while it can still be put back: what the scoreboard
offers (removing and putting back rounds is play.removal's)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.models import Game, RemovedRound, Round


def recorded_since(game: Game, removed: RemovedRound) -> bool:
    """Whether a round was recorded since ``removed`` was removed: then it cannot be put back."""
    return Round.objects.filter(game=game, created_at__gt=removed.removed_at).exists()


def offer(game: Game) -> RemovedRound | None:
    """The removed round that can still be put back, or None."""
    removed = RemovedRound.objects.filter(game=game).select_related("went_out").first()
    if removed is None or recorded_since(game, removed):
        return None
    return removed


def offer_text(removed: RemovedRound, players) -> str:
    """ "Round 4 removed: Ann went out; hands: Ben 77, Cat 9." """
    names = {p.pk: p.name for p in players}
    hands = ", ".join(f"{names.get(pid, '?')} {pts}" for pid, pts in removed.hands)
    if hands:
        return _("Round %(number)s removed: %(name)s went out; hands: %(hands)s.") % {
            "number": removed.number,
            "name": removed.went_out.name,
            "hands": hands,
        }
    return _("Round %(number)s removed: %(name)s went out.") % {
        "number": removed.number,
        "name": removed.went_out.name,
    }
