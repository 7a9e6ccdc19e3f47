"""The version a scoreboard's poll compares.

Every change of a game bumps its ``version`` (the scoreboard's ETag) and writes it to the
shared cache under both of the game's codes, so that an unchanged poll is answered from
the cache, without a query. It is written while the game row is still locked, and only
there: the writers of one game take turns there, so the last version written is the last
committed (written after the commit, two writers' cache writes could land in the other
order and leave a phone looking at an old board). Before the commit, a phone may be told
the board changed while the database still shows the old one: it gets the old board
again, with its old ETag (a render more, never a change missed). Without the version in
the cache (a restart emptied it, Redis evicted it), the next poll reads it from the
database and adds it back (``poll_version``), for a minute: ``add`` writes nothing where a
change has written its own version meanwhile, and the minute bounds how long a version
read just before a change could stand if the cache lost the change's own at that moment.
"""

from __future__ import annotations

from django.core.cache import cache

from play import push
from play.models import Game
from unosite import cache as cache_keys

VERSION_TIMEOUT = 60 * 60 * 24 * 7
REREAD_VERSION_TIMEOUT = 60


def _version_key(code: str) -> str:
    return cache_keys.key("game-version", code, deploy=False)


def cached_version(code: str) -> int | None:
    """The version of the game with this code (or spectator code), if the cache has it."""
    return cache.get(_version_key(code))


def poll_version(code: str, spectator: bool = False) -> int | None:
    """The version a poll compares: from the cache, or from the database when the cache has
    lost it, kept again for the next polls. None: there is no such game."""
    version = cached_version(code)
    if version is None:
        found = Game.objects.filter(**{"spectator_code" if spectator else "code": code})
        version = found.values_list("version", flat=True).first()
        if version is not None:
            cache.add(_version_key(code), version, REREAD_VERSION_TIMEOUT)
    return version


def publish_version(game: Game) -> None:
    """Writes the game's version for the polls (here under the game's lock; elsewhere only
    where nothing else changes the game, such as seeding)."""
    keys = (_version_key(game.code), _version_key(game.spectator_code))
    cache.set_many(dict.fromkeys(keys, game.version), VERSION_TIMEOUT)
    push.announce(game.spectator_code, game.version)
