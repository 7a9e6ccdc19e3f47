"""Games, their players and rounds.

A game is reached through two unguessable codes: ``code`` for the phones at the table
(they may record and correct rounds) and ``spectator_code`` for a read-only link. It
keeps the rule-set revision it started with, so later edits of the rules do not change
a game in progress. ``version`` goes up on every change: it is the scoreboard's ETag.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length, Lower, Trim
from django.db.models.lookups import GreaterThan, GreaterThanOrEqual, LessThanOrEqual

from domain import scoring
from rulesets.models import Revision

NAME_MAX = 30
CODE_MAX = 16
# Every seat a game has had, players who left included (see play.table); at most
# scoring.MAX_PLAYERS of them play at once.
MAX_SEATS = 30
START_POINTS_MAX = 100_000


class StartFrom(models.TextChoices):
    """Where a player who joins mid-game starts (said on the board)."""

    ZERO = "zero"
    LOWEST = "lowest"  # the lowest total of the players at the table
    AGREED = "agreed"  # an amount the table decided


class Game(models.Model):
    # Set only on a game loaded with play.services.WITH_CURRENT: its rule set's current
    # revision (not a column).
    current_revision_id: int

    code = models.CharField(max_length=CODE_MAX, unique=True)
    spectator_code = models.CharField(max_length=CODE_MAX, unique=True)
    revision = models.ForeignKey(Revision, on_delete=models.PROTECT, related_name="games")
    first_dealer = models.PositiveSmallIntegerField()
    # The start form's (or Play again's) submission id: a double tap starts one game.
    submission_id = models.UUIDField(unique=True)
    previous = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="next_game"
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    # The table it is played at (see play.tables): the code of the table link a printed
    # card carries, or of the table of the browser that started it. Empty for older games.
    table = models.CharField(max_length=CODE_MAX, blank=True, default="", db_index=True)
    # The table code before the host last renewed the card (play.tables.renew): a phone
    # that kept score through the old card is told why it no longer can.
    old_table = models.CharField(max_length=CODE_MAX, blank=True, default="")
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("code"), 11)
                & GreaterThanOrEqual(Length("spectator_code"), 11),
                name="game_codes_length",
            ),
            models.CheckConstraint(
                condition=~Q(code=F("spectator_code")), name="game_codes_differ"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__lt=scoring.MAX_PLAYERS), name="game_first_dealer_seat"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="game_version_positive"),
        ]

    # The code in the link that reached this game under /g/: its own ``code``, or its
    # spectator code on a phone that keeps score through the table's card (see
    # play.views.common.game_of). The pages link on with it, so a phone never learns
    # the game link it was not given.
    link_code = ""

    def __str__(self) -> str:
        return f"Game {self.pk} of {self.revision_id}"

    @property
    def url_code(self) -> str:
        return self.link_code or self.code

    @property
    def through_table(self) -> bool:
        """Whether this phone keeps score through the table's card (not the game link)."""
        return bool(self.link_code) and self.link_code != self.code

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()  # 0.. clockwise round the table
    name = models.CharField(max_length=NAME_MAX)
    # With pairs: the side, seat % (seats / 2) (see play.table: pairs may join and leave).
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    # A player who joined mid-game: after how many rounds, and with what.
    joined_after = models.PositiveSmallIntegerField(default=0)
    start_points = models.PositiveIntegerField(default=0)
    start_from = models.CharField(max_length=8, choices=StartFrom, default=StartFrom.ZERO)
    # A player who left: after how many rounds (their rounds and total stay).
    left_after = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start_points__lte=START_POINTS_MAX), name="player_start_points_range"
            ),
            models.CheckConstraint(
                condition=Q(start_from__in=StartFrom.values), name="player_start_from_valid"
            ),
            models.CheckConstraint(
                condition=Q(left_after__isnull=True) | Q(left_after__gte=F("joined_after")),
                name="player_leaves_after_joining",
            ),
            models.UniqueConstraint(fields=["game", "seat"], name="player_seat_unique"),
            models.UniqueConstraint(Lower("name"), "game", name="player_name_unique_ci"),
            models.CheckConstraint(condition=Q(seat__lt=MAX_SEATS), name="player_seat_range"),
            models.CheckConstraint(
                condition=Q(team__isnull=True) | Q(team__lt=MAX_SEATS // 2),
                name="player_team_range",
            ),
            models.CheckConstraint(
                condition=GreaterThan(Length(Trim("name")), 0)
                & LessThanOrEqual(Length("name"), NAME_MAX),
                name="player_name_not_blank",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    went_out = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    # Who dealt it, as the table sat then (seats change when players come and go). Empty
    # for rounds recorded before it was kept: the history counts those from today's seats.
    dealer = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    # Generated into the form when it is shown: a double tap or a retry records once.
    submission_id = models.UUIDField()
    # Goes up on every edit: a phone editing an old copy is told, nothing is overwritten.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_number_unique"),
            models.UniqueConstraint(
                fields=["game", "submission_id"], name="round_submission_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="round_version_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Hand(models.Model):
    """The points left in one player's hand at the end of a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    points = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="hand_unique"),
            models.CheckConstraint(
                condition=Q(points__gte=0, points__lte=scoring.MAX_DECK_POINTS),
                name="hand_points_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.points} points"


class RemovedRound(models.Model):
    """The last round removed from a game (Undo, or Delete in the history), kept so that it
    can be put back for as long as no other round was recorded since (see play.removal).

    One a game: a newer removal replaces it.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="removed_round")
    number = models.PositiveIntegerField()
    went_out = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    dealer = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    submission_id = models.UUIDField()
    # [[player id, points], ...]: the hands as they were.
    hands = models.JSONField(default=list)
    removed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(number__gte=1), name="removed_round_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}, removed"


ADJUSTMENT_MAX = 10_000  # the database's bound; the form allows at most the game's target
REASON_MAX = 80


class Adjustment(models.Model):
    """Points added to or taken from a player (with pairs, their pair) outside a round, with
    the reason the table gave ("caught not calling UNO", "agreed bonus"). Not the correction
    of a saved round (play.views.corrections): a change of the totals of its own.

    ``after_round`` is how many rounds had been recorded when it was made: the history and
    the chart show it there. Undone (``undone_at`` set), it no longer counts and can be put
    back (see play.adjustments).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="adjustments")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    after_round = models.PositiveIntegerField()
    points = models.IntegerField()  # added when positive, taken when negative
    reason = models.CharField(max_length=REASON_MAX)
    # Generated into the form when it is shown: a double tap or a retry adds once.
    submission_id = models.UUIDField()
    undone_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "after_round", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "submission_id"], name="adjustment_submission_unique"
            ),
            models.CheckConstraint(
                condition=Q(points__gte=-ADJUSTMENT_MAX, points__lte=ADJUSTMENT_MAX) & ~Q(points=0),
                name="adjustment_points_range",
            ),
            models.CheckConstraint(
                condition=GreaterThan(Length(Trim("reason")), 0)
                & LessThanOrEqual(Length("reason"), REASON_MAX),
                name="adjustment_reason_not_blank",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.points:+d} points: {self.reason}"
