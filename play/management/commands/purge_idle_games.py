"""Deletes games nobody has touched for a while (data retention)."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from play.models import Game


class Command(BaseCommand):
    help = "Deletes games idle (no round recorded, edited or deleted) for more than N days."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=90, help="idle days (default 90)")
        parser.add_argument(
            "--dry-run", action="store_true", help="only count what would be deleted"
        )

    def handle(self, *args, days, dry_run, **options):
        if days < 1:
            raise CommandError("--days must be at least 1")
        cutoff = timezone.now() - timedelta(days=days)
        idle = Game.objects.filter(updated_at__lt=cutoff)
        count = idle.count()
        if dry_run:
            self.stdout.write(f"{count} game(s) idle for more than {days} days would be deleted.")
            return
        idle.delete()
        self.stdout.write(f"Deleted {count} game(s) idle for more than {days} days.")
