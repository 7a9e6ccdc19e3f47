"""The estimate is computed outside any request, by the tasks worker."""

from django.conf import settings
from django.tasks import task
from django.utils import timezone

from estimates import compute
from estimates.models import Estimate


@task()
def compute_estimate(key: str, players: int, options: dict) -> None:
    if not Estimate.objects.filter(key=key, players=players, figures__isnull=True).exists():
        return  # computed already, or dropped: the rules it was asked for were edited since
    figures = compute.estimate(options, players, cpu_seconds=settings.ESTIMATE_CPU_SECONDS)
    Estimate.objects.update_or_create(
        key=key,
        players=players,
        defaults={"figures": figures, "computed_at": timezone.now(), "options": options},
        create_defaults={
            "figures": figures,
            "computed_at": timezone.now(),
            "options": options,
            "requested_at": timezone.now(),
        },
    )
