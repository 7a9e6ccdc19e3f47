"""Django's Redis cache, for which a Redis that is down is a cache that is empty.

Everything the cache keeps can be made again from the database (the README's "Caching"), so
while Redis is stopped or out of reach, a read is a miss and a write is dropped: pages,
polls and rounds are served from the database, slower, never a 500. Each failure is logged
(once a minute at most), and ``reachable()`` tells /readyz whether Redis answers. The
connection gives up fast (CONNECT_SECONDS, READ_SECONDS) so a Redis that hangs does not
hold a request either.

A write dropped while Redis was out of reach (a game's new version, say) would leave what
Redis held before in place, out of date, once it answers again (a network cut, not a
restart): so a process that dropped a write empties the cache when it next reaches Redis
(that Redis database is the cache's alone). Emptying loses nothing but time.
"""

from __future__ import annotations

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

CONNECT_SECONDS = 0.5
READ_SECONDS = 1.0
DOWN = (RedisConnectionError, RedisTimeoutError, OSError)


class DegradingRedisCache(RedisCache):
    def __init__(self, server, params):
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", CONNECT_SECONDS)
        options.setdefault("socket_timeout", READ_SECONDS)
        super().__init__(server, params)
        self._logged_at = 0.0
        self._dropped = False  # a write was lost: empty the cache once Redis answers

    def _safely(self, fallback, operation, *args):
        try:
            if self._dropped:
                super().clear()
                self._dropped = False
            return operation(*args)
        except DOWN as error:
            self._dropped = True
            now = time.monotonic()
            if now - self._logged_at > 60:
                self._logged_at = now
                logger.warning("Redis is out of reach; the cache is treated as empty: %s", error)
            return fallback

    def reachable(self) -> bool:
        """Whether Redis answers a PING now."""
        try:
            return bool(self._cache.get_client(write=True).ping())
        except DOWN:
            return False

    def get(self, key, default=None, version=None):
        return self._safely(default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._safely({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._safely(False, super().has_key, key, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely(False, super().add, key, value, timeout, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._safely(None, super().set, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely(list(data), super().set_many, data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._safely(False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        self._safely(None, super().delete_many, keys, version)

    def incr(self, key, delta=1, version=None):
        missing = object()
        value = self._safely(missing, super().incr, key, delta, version)
        if value is missing:
            raise ValueError(f"Key '{key}' not found (Redis is out of reach)")
        return value

    def clear(self):
        return self._safely(False, super().clear)
