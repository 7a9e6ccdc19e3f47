import copy
import functools
import gc
import inspect
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from django.test import Client
from hypothesis import settings as hypothesis_settings

from rulesets import services
from rulesets.presets import BY_SLUG

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Property and fuzz tests try the same examples on every run (derandomized, no example
# database), so that CI is repeatable; FUZZ_EXAMPLES=500 searches longer, at random.
hypothesis_settings.register_profile("repeatable", derandomize=True, database=None)
hypothesis_settings.register_profile("search", derandomize=False, database=None)
hypothesis_settings.load_profile("search" if os.environ.get("FUZZ_EXAMPLES") else "repeatable")

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_sessionstart(session):
    """An option that lacks a piece of its declaration (its column above all) would fail
    hundreds of tests far from the cause: say what it lacks, once, and run nothing."""
    from tests.domain.declarations import problems

    found = problems()
    if found:
        pytest.exit(
            "The rule options are not fully declared (docs/options.md, Adding an option):\n"
            + "\n".join(found),
            returncode=1,
        )


def pytest_collection_finish(session):
    """What is loaded by now (Django, the app, every test module) lives until the end: kept
    out of the garbage collector's rounds, as unosite/wsgi.py does for a served worker."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Marks what each test needs, before `-m` selects: `browser` (Chromium, a live server)
    for everything under tests/browser/, `served` for the tests that start a server process."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS) or "browser" in item.fixturenames:
            item.add_marker(pytest.mark.browser)
        if _starts_a_server(item):
            item.add_marker(pytest.mark.served)


def _starts_a_server(item) -> bool:
    """The test, or one of its fixtures, starts a server process (tests/served.py's Server,
    or a Popen of its own: gunicorn, waitress, nginx, redis-server)."""
    functions = [getattr(item, "function", None)]
    fixtures = getattr(item, "_fixtureinfo", None)
    if fixtures is not None:
        functions += [d.func for defs in fixtures.name2fixturedefs.values() for d in defs]
    return any(_source_starts_a_server(function) for function in functions)


@functools.cache
def _source_starts_a_server(function) -> bool:
    """Read once per function: the same fixtures serve hundreds of tests."""
    try:
        source = inspect.getsource(function)
    except (TypeError, OSError):
        return False
    return re.search(r"\b(Server|Popen)\(", source) is not None


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request):
    """Under pytest-xdist each worker gets its own test database by a suffix to its name,
    except on SQLite, whose test database is in memory and so each worker's own already
    (pytest-django would turn the name of our SQLite engine's into a file that cannot open)."""
    from django.conf import settings

    if any("sqlite" not in db["ENGINE"] for db in settings.DATABASES.values()):
        request.getfixturevalue("django_db_modify_db_settings_parallel_suffix")


@pytest.fixture(scope="session", autouse=True)
def _static_files_indexed_once():
    """Each test Client loads the middleware afresh, and WhiteNoise's indexes every file of
    STATIC_ROOT (some 700 with the admin's) each time: over half of the suite's time. Here
    the index is made once a session (no test changes the static files or their headers)."""
    from whitenoise.base import WhiteNoise

    original = WhiteNoise.update_files_dictionary
    indexes = {}

    def update_files_dictionary(self, root, prefix):
        key = (root, prefix, self.max_age, self.allow_all_origins, self.charset)
        if key not in indexes:
            kept, self.files = self.files, {}
            original(self, root, prefix)
            indexes[key], self.files = self.files, {**kept, **self.files}
        else:
            self.files.update(indexes[key])

    WhiteNoise.update_files_dictionary = update_files_dictionary
    yield
    WhiteNoise.update_files_dictionary = original


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashing():
    """The admin's passwords are hashed with PBKDF2's million rounds in production: about a
    second per login on this machine. Tests log in often and test the throttle, not the
    hash (Django's own advice for test settings)."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def _quick_estimates():
    """An estimate's budget is a second of the engine's time (ESTIMATE_CPU_SECONDS); pages
    that show one test its words, not its accuracy (tests of the method set their own)."""
    from django.test import override_settings

    with override_settings(ESTIMATE_CPU_SECONDS=0.05):
        yield


@pytest.fixture(scope="session", autouse=True)
def _each_estimate_computed_once():
    """The engine plays a second's worth of rounds for an estimate (seeded: the same ones every
    time), and the database is emptied after each test, so every test that shows a game's
    length would compute it again: a fifth of the suite's time. Within a run, each estimate
    (options, players, budget) is computed once; each caller gets its own copy.

    The budget is CPU time, so how many rounds fit in it depends on the machine and its load,
    and with them the words ("about 7 % longer" or "about as long"): here every estimate
    plays the same 100 rounds (the fewest a budget plays) unless it asks for a number of its
    own, the same on every machine."""
    from estimates import compute

    original = compute.estimate
    computed = {}

    @functools.wraps(original)
    def estimate(options, players, **kwargs):
        kwargs.setdefault("min_rounds", 100)
        kwargs.setdefault("max_rounds", kwargs["min_rounds"])
        key = json.dumps([options, players, kwargs], sort_keys=True, default=str)
        if key not in computed:
            computed[key] = original(options, players, **kwargs)
        return copy.deepcopy(computed[key])

    compute.estimate = estimate
    yield
    compute.estimate = original


@pytest.fixture(scope="session", autouse=True)
def _own_cache_folder(tmp_path_factory):
    """Without Redis the cache is a folder (CACHE_DIR, by default one per checkout), which
    every process on the machine reads: two test workers (`make test-fast`), or a test run
    beside `make run`, would clear each other's scoreboard versions in the middle of a test.
    Each test process gets a folder of its own, in memory where the machine has one
    (/dev/shm: the tests write some 4,000 versions and empty the folder before each test)."""
    from django.conf import settings
    from django.test import override_settings

    default = settings.CACHES["default"]
    if default["BACKEND"].endswith("RedisCache"):
        # Under pytest-xdist (`make test` runs both its parts on both cores) each worker
        # clears the cache before each test: worker gwN uses Redis's database N + 1 of the same
        # server, so that no worker empties another's in the middle of a test; so do the
        # servers it starts (tests/served.py passes them REDIS_URL).
        worker = os.environ.get("PYTEST_XDIST_WORKER", "")
        if not worker.startswith("gw"):
            yield
            return
        location = re.sub(
            r"(/\d+)?/?$", f"/{int(worker[2:]) % 15 + 1}", default["LOCATION"], count=1
        )
        shared = os.environ.get("REDIS_URL")
        os.environ["REDIS_URL"] = location
        try:
            with override_settings(CACHES={"default": {**default, "LOCATION": location}}):
                yield
        finally:
            if shared is None:
                os.environ.pop("REDIS_URL", None)
            else:
                os.environ["REDIS_URL"] = shared
        return
    memory = Path("/dev/shm")
    if memory.is_dir() and os.access(memory, os.W_OK):
        folder = tempfile.mkdtemp(prefix="house-rules-cache-", dir=memory)
    else:
        folder = str(tmp_path_factory.mktemp("cache"))
    try:
        with override_settings(CACHES={"default": {**default, "LOCATION": folder}}):
            yield
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: rendered references, scoreboards and their
    versions, QR codes."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _english_to_begin_with():
    """Each test starts in English, the source language: a request in another language
    leaves that language active in its thread (LocaleMiddleware activates the reader's and
    nothing puts English back), which would change the texts the next test reads."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def make_ruleset(preset="official", name=None, description="", **changes):
    """A rule set from a preset with some options changed; returns (ruleset, secret)."""
    p = BY_SLUG[preset]
    options = {**p.options, **changes}
    return services.create_ruleset(name or str(p.name), description, options)


def one_letter_off(secret: str) -> str:
    """The secret with its last letter changed (to one it is not already)."""
    return secret[:-1] + ("y" if secret.endswith("x") else "x")


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
    caches = ", ".join(
        f"{name} {cache['BACKEND'].rsplit('.', 1)[-1]} ({cache.get('LOCATION') or 'in memory'})"
        for name, cache in settings.CACHES.items()
    )
    return [
        f"database: {db['ENGINE'].rsplit('.', 1)[-1]} ({db.get('HOST') or db['NAME']})",
        f"cache: {caches}",
    ]
