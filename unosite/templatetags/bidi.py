"""Text people typed (house names, player names, notes, own rules) kept apart from the app's
own words around it, so that a right-to-left override or any other bidirectional character in
it turns only itself around (issue 42, point 6).

Where the text fills an element of its own, the element says ``dir="auto"`` (as <bdi> does);
where it sits inside a sentence of ours, ``{% blocktranslate with name=player.name|bdi %}``
wraps it in <bdi>. Titles and attributes cannot hold an element: a title or a label read
aloud is not turned around on the page.
"""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def bdi(value) -> str:
    """``value``, escaped, in a <bdi> element (bidirectional isolation)."""
    return format_html("<bdi>{}</bdi>", value)
