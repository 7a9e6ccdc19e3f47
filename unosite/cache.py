"""The names of what the cache keeps: one helper for every key (the README's "Caching")."""

from __future__ import annotations

from unosite.deploy import site_version


def key(*parts: object, deploy: bool = True) -> str:
    """The cache key of an entry: what it is and everything it depends on, in ``parts``.

    ``deploy``: whether the entry was made by the deployed code, templates or texts (a
    rendered page part, a drawn QR code, a scoreboard's figures), which a deploy makes anew:
    the site's version begins the key. Data that outlives a deploy (a game's version) leaves
    it out."""
    names = (site_version(), *parts) if deploy else parts
    return ":".join(map(str, names))
