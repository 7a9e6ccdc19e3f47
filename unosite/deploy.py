"""What identifies the deployed site: cached pages and ETags change with it."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django.conf import settings

APPS = ("rulesets", "play", "estimates", "unosite")


@functools.cache
def site_version() -> str:
    """Changes whenever a deploy changes the templates, the static files, the code or the
    translations."""
    base = Path(settings.BASE_DIR)
    files = sorted(
        [
            *(base / "templates").rglob("*"),
            *(path for app in APPS for path in (base / app).rglob("*.py")),
            *(base / "locale").rglob("*.po"),
            Path(settings.STATIC_ROOT) / "staticfiles.json",
        ]
    )
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]
