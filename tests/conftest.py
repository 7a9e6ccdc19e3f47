import os

import pytest
from django.test import Client

from rulesets import services
from rulesets.presets import BY_SLUG

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: rate-limit counters and cached pages."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def make_ruleset(preset="official", name=None, description="", **changes):
    """A rule set from a preset with some options changed; returns (ruleset, secret)."""
    p = BY_SLUG[preset]
    options = {**p.options, **changes}
    return services.create_ruleset(name or p.name, description, options)


@pytest.fixture
def ruleset_and_secret(db):
    return make_ruleset()


@pytest.fixture
def ruleset(ruleset_and_secret):
    return ruleset_and_secret[0]


@pytest.fixture
def owner(ruleset_and_secret):
    """The creator's browser: it holds edit rights through its session."""
    rs, secret = ruleset_and_secret
    c = Client()
    response = c.get(f"/r/{rs.code}/edit/{secret}/")
    assert response.status_code == 302
    return c


@pytest.fixture
def viewer(ruleset_and_secret):
    """Someone who has the share link and has opened it."""
    rs, _secret = ruleset_and_secret
    c = Client()
    assert c.get(f"/r/{rs.code}/").status_code == 200
    return c


@pytest.fixture
def stranger(db):
    return Client()


def pytest_report_header(config):
    from django.conf import settings

    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE'].rsplit('.', 1)[-1]} ({db.get('HOST') or db['NAME']})"
