"""Telling every phone of a game at once that it changed (the push path).

Each phone on a board holds one event stream, ``/w/<spectator code>/events/``, which nginx's
Nchan module holds open: no Python runs while nothing happens, however many phones wait.
Once a change of a game is committed, :func:`announce` publishes the game's new version on
the game's channel (its spectator code) to the push engine's publishing address,
``PUSH_URL`` (nginx on this machine; with Redis behind Nchan, every box's phones hear it).
A phone that reads a version other than the one its board shows asks for the board, the
usual conditional request. The stream carries nothing a spectator could not read.

Before a stream is held, Nchan asks the app (:func:`play.views.scoreboard.events`) whether
the game exists. Without the engine (``PUSH_URL`` unset: ``manage.py runserver``, the
tests without a server) nothing is published, the app answers the stream itself with a
plain page, and the phones go on polling every few seconds: the same pages, more requests.
"""

from __future__ import annotations

import http.client
import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)

TIMEOUT = 0.5  # seconds; the engine is on this machine


def announce(channel: str, version: int) -> None:
    """Publishes ``version`` on ``channel`` once the current transaction commits (at once
    outside one): a phone told of a change must find it in the database."""
    if settings.PUSH_URL:
        transaction.on_commit(lambda: publish(settings.PUSH_URL, channel, version))


def publish(url: str, channel: str, version: int) -> bool:
    """One message to the engine. A failure is logged and costs nothing else: each phone
    asks for its board when its stream opens again, and polls while it is closed."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port or 80, timeout=TIMEOUT
    )
    try:
        connection.request(
            "POST",
            f"{parts.path.rstrip('/')}/{channel}",
            body=str(version),
            headers={"Content-Type": "text/plain"},
        )
        status = connection.getresponse().status
    except OSError as exc:
        log.warning("The push engine at %s did not take a change (%s)", url, exc)
        return False
    finally:
        connection.close()
    if status not in (201, 202):
        log.warning("The push engine at %s answered %s to a change", url, status)
        return False
    return True
