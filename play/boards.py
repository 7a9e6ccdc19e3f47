"""What a scoreboard shows: the sides, the rounds and the board of a game.

``services.board`` builds a board from the database (and keeps it in the cache).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from domain import scoring
from play.models import Adjustment, Game, Player, RemovedRound, Round
from rulesets.models import Revision


@dataclass
class Side:
    index: int
    players: list[Player]
    total: int
    percent: int
    winner: bool

    @property
    def playing(self) -> bool:
        """Still at the table (a player who left keeps their side and total)."""
        return any(p.left_after is None for p in self.players)

    @property
    def name(self) -> str:
        return self.name_of(self.players)

    @staticmethod
    def name_of(players: Sequence[Player]) -> str:
        return " & ".join(p.name for p in players)


@dataclass
class AdjustmentRow:
    """Points added to or taken from a side outside a round, as the board shows them."""

    adjustment: Adjustment
    player: Player  # whom the table named (with pairs, their pair's side scores it)
    side: Side

    @property
    def undone(self) -> bool:
        return self.adjustment.undone_at is not None

    @property
    def points(self) -> str:
        """ "+20", "−20" (a real minus sign)."""
        points = self.adjustment.points
        return f"+{points}" if points > 0 else f"\u2212{-points}"

    @property
    def text(self) -> str:
        """ "Dad −20: caught not calling UNO"."""
        return _("%(name)s %(points)s: %(reason)s") % {
            "name": self.side.name,
            "points": self.points,
            "reason": self.adjustment.reason,
        }


@dataclass
class RoundRow:
    round: Round
    dealer: Player
    went_out: Player
    hands: list[tuple[Player, int | None]]  # every player, None where nothing was entered
    scores: list[int]  # per side
    totals: list[int]  # per side, after this round
    side_scores: list[tuple[Side, int]]  # the sides that scored in this round
    # Points added or taken outside a round, counted in this round's totals.
    adjustments: list[AdjustmentRow] = field(default_factory=list)

    @property
    def gains_text(self) -> str:
        """``gains`` as plain text, for a message: "Cat +18, Dan +4"."""
        return ", ".join(f"{side.name} +{points}" for side, points in self.side_scores)

    @property
    def gains(self) -> SafeString:
        """Who scored what in this round, names and numbers only: "Cat +18, Dan +4", as HTML
        in which each name is a <bdi> of its own."""
        return format_html_join(
            ", ", "<bdi>{}</bdi> +{}", ((side.name, points) for side, points in self.side_scores)
        )

    @property
    def other_hands(self) -> list[tuple[Player, int | None]]:
        """Every hand but that of the player who went out (and of players who had not
        joined yet, or had left)."""
        number = self.round.number
        return [
            (p, pts)
            for p, pts in self.hands
            if p.pk != self.went_out.pk
            and (
                pts is not None
                or (p.joined_after < number and (p.left_after is None or p.left_after >= number))
            )
        ]


def counted(
    players: Sequence[Player], adjustments: Sequence[Adjustment]
) -> list[scoring.PointsAdjustment]:
    """What scoring needs of the adjustments that count (not undone): seats and points."""
    seat_of = {p.pk: p.seat for p in players}
    return [
        scoring.PointsAdjustment(after=a.after_round, seat=seat_of[a.player_id], points=a.points)
        for a in adjustments
        if a.undone_at is None
    ]


def adjustment_rows(
    adjustments: Sequence[Adjustment],
    by_id: dict[int, Player],
    sides: Sequence[Side],
    rows: Sequence[RoundRow],
    rules: scoring.Rules,
) -> list[AdjustmentRow]:
    """The adjustments as the board shows them; those that count are also listed under the
    round whose totals count them (see scoring.adjustments_by_round)."""
    changes = []
    for a in adjustments:
        player = by_id[a.player_id]
        change = AdjustmentRow(a, player, sides[scoring.side_of(player.seat, len(by_id), rules)])
        changes.append(change)
        if rows and not change.undone:
            rows[min(max(a.after_round, 1), len(rows)) - 1].adjustments.append(change)
    return changes


@dataclass
class Board:
    game: Game
    revision: Revision
    rules: scoring.Rules
    players: list[Player]
    sides: list[Side]
    rounds: list[RoundRow]
    standing: scoring.Standing
    dealer: Player
    first_player: Player
    next_game: tuple[str, str] | None = None  # (code, spectator code) after Play again
    removed: RemovedRound | None = None  # a removed round that can be put back
    # Points added or taken outside the rounds, undone ones too, in the order made.
    adjustments: list[AdjustmentRow] = field(default_factory=list)

    @property
    def newer_rules(self) -> bool:
        """The rule set has been changed since the game started (``game`` must come with
        its rule set's current revision: load_game, load_game_for_board(current=True))."""
        return self.game.current_revision_id != self.revision.pk

    @property
    def winners(self) -> list[Side]:
        return [s for s in self.sides if s.winner]

    @property
    def active(self) -> list[Player]:
        """The players still at the table, in seat order."""
        return [p for p in self.players if p.left_after is None]

    @property
    def playing_sides(self) -> list[Side]:
        return [s for s in self.sides if s.playing]

    @property
    def last_round(self) -> RoundRow | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def recent_adjustments(self) -> list[AdjustmentRow]:
        """The adjustments made since the last round (undone ones too): the board offers
        to undo them, or to put them back."""
        return [a for a in self.adjustments if a.adjustment.after_round >= len(self.rounds)]

    @property
    def deck_points(self) -> int:
        return scoring.deck_points(self.rules)

    def side_of(self, player: Player) -> Side:
        return self.sides[scoring.side_of(player.seat, len(self.players), self.rules)]

    @property
    def winner_text(self) -> str:
        """The end of the game in words: who won, and with what."""
        won = self.winners
        if not won:
            return ""
        names = pgettext("between the names of winners", " and ").join(s.name for s in won)
        total = won[0].total
        if self.rules.scoring == scoring.ROUND_WINS:
            what = ngettext("%(count)d round won", "%(count)d rounds won", total)
        else:
            what = ngettext("%(count)d point", "%(count)d points", total)
        what %= {"count": total}
        lowest = self.rules.scoring == scoring.LOWEST_TOTAL_WINS
        values = {"names": names, "what": what}
        pair = len(won[0].players) > 1
        if len(won) > 1 and lowest:
            return _("%(names)s share the win with the lowest total, %(what)s each.") % values
        if len(won) > 1:
            return _("%(names)s share the win with %(what)s each.") % values
        if lowest and pair:
            return _("%(names)s win with the lowest total, %(what)s.") % values
        if lowest:
            return _("%(names)s wins with the lowest total, %(what)s.") % values
        if pair:
            return _("%(names)s win with %(what)s.") % values
        return _("%(names)s wins with %(what)s.") % values
