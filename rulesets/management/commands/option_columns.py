"""Writes Revision's option columns into rulesets/models.py from domain.options."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rulesets import columns


class Command(BaseCommand):
    help = (
        "Writes Revision's option columns (rulesets/models.py) from domain.options; "
        "--check only says whether they are up to date. Then: makemigrations."
    )
    # The checks would fail on the very columns this writes (a constraint of a new option).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--check", action="store_true", help="change nothing, fail if stale")

    def handle(self, *args: Any, check: bool = False, **options: Any) -> None:
        source = columns.MODELS_PY.read_text(encoding="utf-8")
        try:
            new = columns.rewrite(source)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if new == source:
            self.stdout.write("The option columns match domain.options.")
        elif check:
            raise CommandError("The option columns are stale: run manage.py option_columns.")
        else:
            columns.MODELS_PY.write_text(new, encoding="utf-8")
            self.stdout.write("Wrote the option columns; now run manage.py makemigrations.")
