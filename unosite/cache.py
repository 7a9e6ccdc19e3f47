"""The "shared" cache of a server without Redis: a folder of files (see settings.CACHES).

Django's FileBasedCache lists its whole folder on every write, to count its files against
MAX_ENTRIES. The scoreboards' versions are written on every change of a game, while the
game (on SQLite: the whole database) is locked, so that listing grew with the number of
games kept: 0.9 ms a write with 400 files, 21 ms with 5,000 (measured in /dev/shm).
"""

from __future__ import annotations

import random

from django.core.cache.backends.filebased import FileBasedCache

# A write counts the files one time in this many, at random.
COUNT_EVERY = 100


class FolderCache(FileBasedCache):
    """Django's file cache that counts its files (and culls when there are too many) on
    one write in COUNT_EVERY, not on every one: the folder may hold a few hundred entries
    more than MAX_ENTRIES before they are culled."""

    def _cull(self):
        if random.randrange(COUNT_EVERY) == 0:
            super()._cull()
