from django import template

from play import recent

register = template.Library()


@register.inclusion_tag("play/_recent.html", takes_context=True)
def recent_games(context):
    """This browser's recent games (see play.recent), for the home page."""
    request = context.get("request")
    return {"games": recent.recent(request) if request is not None else []}
