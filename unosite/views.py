from django.http import HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request):
    """For health checks: answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")


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
def robots_txt(request):
    response = HttpResponse(ROBOTS_TXT, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "public, max-age=86400"
    return response
