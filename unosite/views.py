from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """For health checks: answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def readyz(request: HttpRequest) -> HttpResponse:
    """For a load balancer or a monitor: whether every part the site uses answers. 200 with
    a line per part when all do; 503 naming the part that does not (the site still serves
    pages, polls and rounds from the database while only the cache is out of reach)."""
    parts = {"database": _database_answers(), "cache": _cache_answers()}
    lines = [f"{name}: {'ok' if ok else 'out of reach'}" for name, ok in parts.items()]
    status = 200 if all(parts.values()) else 503
    response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain", status=status)
    response["Cache-Control"] = "no-store"
    return response


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except DatabaseError:
        return False


def _cache_answers() -> bool:
    reachable = getattr(cache, "reachable", None)  # Redis (unosite.cache_backends); files: yes
    return reachable() if reachable is not None else True


# Only the home page is meant for search engines: rules, tables and games carry family names,
# and their links scoring rights. Link previews (a chat app showing a shared rules page with
# its picture) fetch the rules page and its picture: those robots may read /r/, where the
# pages still say noindex (unosite.guard). Every other page says noindex too.
ROBOTS_TXT = """\
User-agent: *
Allow: /$
Allow: /static/
Disallow: /

User-agent: Twitterbot
User-agent: facebookexternalhit
User-agent: Slackbot-LinkExpanding
User-agent: WhatsApp
User-agent: TelegramBot
User-agent: Discordbot
Allow: /$
Allow: /static/
Allow: /r/
Disallow: /
"""


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(ROBOTS_TXT, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "public, max-age=86400"
    return response
