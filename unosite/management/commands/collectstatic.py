"""Django's collectstatic, then nginx's "busy for a moment" page (templates/busy.html) in every
language, with a copy of the stylesheet, into STATIC_ROOT/busy/ (see deploy/nginx.conf)."""

from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.management.commands import collectstatic
from django.template.loader import render_to_string
from django.utils import translation


class Command(collectstatic.Command):
    def handle(self, **options):
        result = super().handle(**options)
        if not options["dry_run"]:
            write_busy_pages(Path(settings.STATIC_ROOT) / "busy")
        return result


def write_busy_pages(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    stylesheet = Path(settings.BASE_DIR) / "static" / "css" / "site.css"
    (folder / "site.css").write_bytes(stylesheet.read_bytes())
    for code, _name in settings.LANGUAGES:
        (folder / f"{translation.to_locale(code)}.html").write_text(busy_page(code), "utf-8")


def busy_page(language: str) -> str:
    with translation.override(language):
        return render_to_string("busy.html")
