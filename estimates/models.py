"""Estimates of how long a game lasts, one per set of options that play alike and player count."""

from django.db import models
from django.db.models import Q


class Estimate(models.Model):
    """The figures for one (options key, players): computed once, shared by every rule set.

    ``figures`` stays empty while the estimate is being computed (``requested_at`` says
    since when); see estimates.compute for what it holds.
    """

    key = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField()
    figures = models.JSONField(null=True, blank=True)
    requested_at = models.DateTimeField()
    computed_at = models.DateTimeField(null=True, blank=True)
    # The rule set whose current rules asked for it while pending: a newer edit of those
    # rules drops it (estimates.services.get), so a rule set has one set of rules waiting.
    asked_for = models.ForeignKey(
        "rulesets.RuleSet", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "players"], name="estimate_once_per_key"),
            models.CheckConstraint(
                condition=Q(players__gte=2, players__lte=10), name="estimate_players_2_to_10"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key[:8]} for {self.players}"

    @property
    def ready(self) -> bool:
        return self.figures is not None
