from django.db import models


class RateCount(models.Model):
    """How often one client did one kind of thing in one window of time (unosite.ratelimit).

    One row per (what, window): counted with a single conditional UPDATE, so every worker
    process shares the count and no two can both take the last allowed one.
    """

    key = models.CharField(max_length=200)  # "create:203.0.113.9"
    window = models.BigIntegerField()  # which window: seconds since the epoch // its length
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField()  # seconds since the epoch; later rows are deleted

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "window"], name="ratecount_key_window_unique")
        ]
        indexes = [models.Index(fields=["expires"], name="ratecount_expires")]

    def __str__(self) -> str:
        return f"{self.key} #{self.window}: {self.count}"
