"""Every page of the site, from the URL resolver: each named URL asked for with GET as
the person who would open it (the creator of the rules, who also started the game, holds
every code), kept when it answers a page (HTML). The HTML checker and the check for
English left in a translated page visit these besides their own hand-made cases, so a
page added to urls.py is checked without anyone listing it.
"""

from __future__ import annotations

from django.test import Client

from tests.hardening.conftest import make_world, points_outside_rounds, routes
from tests.hardening.test_access import client_for, path_for


def is_document(response) -> bool:
    """A whole page, not a fragment htmx swaps into one (the board a phone refreshes)."""
    return response.content.lstrip()[:15].lower() == b"<!doctype html>"


def resolved_pages(**client_kwargs) -> dict[str, tuple[str, object]]:
    """Route name -> (path, response) for every named URL that answers GET with HTML: whole
    pages and the fragments of them that phones ask for."""
    world = make_world()
    points_outside_rounds(world)
    client: Client = client_for("creator", world, **client_kwargs)
    found = {}
    for route in routes():
        path = path_for(route, "creator", world)
        response = client.get(path)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            found[route.name] = (path, response)
    return found
