"""Shared pieces of the hardening tests: a small world to attack, and a picture of the database.

``make_world()`` builds what every attack needs: a rule set (with its edit secret), a game
of four under it with one round recorded, and that round; the ``worlds`` fixture makes three
once per module (plain, finished, round undone) for tests that only read them or whose changes
are rolled back. ``snapshot()`` is every row of
every model of the two apps, so "nothing changed" is one comparison. ``rolled_back()`` undoes
whatever one hypothesis example did, so examples do not see each other's games.
``FailOnce`` makes the database fail once, in the SQL, and ``routes()`` lists every URL.
"""

from __future__ import annotations

import re
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import quote

import pytest
from django.apps import apps
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from play import services
from play.models import Game, Round
from rulesets import codes
from rulesets.models import RuleSet
from tests.conftest import make_ruleset

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
# Ben, Cat and Dan's hands in the round already recorded (Ann went out).
FIRST_HANDS = {1: 7, 2: 9, 3: 12}


@dataclass
class World:
    ruleset: RuleSet
    secret: str
    game: Game
    round: Round

    @property
    def code(self) -> str:
        return self.ruleset.code


def make_world(preset: str = "official", finished: bool = False, **changes) -> World:
    ruleset, secret = make_ruleset(preset, **changes)
    table = codes.new_code()  # the table its printed card stands for (play.tables)
    game, _created = services.start_game(ruleset.current, PLAYERS, 0, uuid.uuid4(), table=table)
    game = services.load_game(pk=game.pk)
    done = services.record_round(game, 0, FIRST_HANDS, uuid.uuid4())
    if finished:
        # Ann goes out again with a deck's worth in the other hands: past any target.
        while not services.load_game(pk=game.pk).finished:
            services.record_round(game, 0, {1: 200, 2: 200, 3: 200}, uuid.uuid4())
    return World(ruleset, secret, services.load_game(pk=game.pk), done.round)


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker):
    """The worlds a module's tests ask for, by (finished, removed): plain, the game over,
    its round undone. Made once for the module in a transaction that is rolled back at its
    end; each test's own changes are rolled back inside it (pytest-django), so every test
    still starts from them as made."""
    from play import removal

    with django_db_blocker.unblock(), rolled_back():
        plain, finished, removed = make_world(), make_world(finished=True), make_world()
        removal.remove_round(removed.game, removed.round.pk, removed.round.version, last_only=True)
        for world in (plain, finished, removed):
            points_outside_rounds(world)
        yield {(False, False): plain, (True, False): finished, (False, True): removed}


def points_outside_rounds(world: World) -> None:
    """Points given to Ann outside a round, and points given to Ben and undone (for the URLs
    that undo them and put them back: see ``adjustment_of``)."""
    from play.models import Adjustment

    for seat, undone in ((0, None), (1, timezone.now())):
        Adjustment.objects.create(
            game=world.game,
            player=world.game.players.get(seat=seat),
            after_round=world.game.rounds.count(),
            points=5,
            reason="agreed bonus",
            submission_id=uuid.uuid4(),
            undone_at=undone,
        )


def adjustment_of(world: World, undone: bool = False) -> int:
    """The id of the world's points outside a round that count (or that were undone)."""
    return world.game.adjustments.get(undone_at__isnull=not undone).pk


def models():
    return [m for app in ("rulesets", "play") for m in apps.get_app_config(app).get_models()]


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every model of the rule sets and the scorekeeper, in primary-key order."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values_list()) for model in models()
    }


@contextmanager
def writes():
    """The statements run inside that could change a row of the rule sets or the
    scorekeeper (an INSERT, UPDATE or DELETE naming one of their tables). None: the
    database is as it was, without comparing snapshots; some: compare them (a view may
    have written and rolled back)."""
    from django.db import connection

    tables = tuple(f'"{model._meta.db_table}"' for model in models())
    found = []

    def watch(execute, sql, params, many, context):
        if sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE") and any(
            table in sql for table in tables
        ):
            found.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield found


class FailOnce:
    """Raises ``error`` instead of running the first statement that starts with ``prefix``."""

    def __init__(self, prefix: str, error: Exception):
        self.prefix = prefix
        self.error = error
        self.failed = 0

    def __call__(self, execute, sql, params, many, context):
        if not self.failed and sql.lstrip().upper().startswith(self.prefix.upper()):
            self.failed += 1
            raise self.error
        return execute(sql, params, many, context)


@contextmanager
def rolled_back():
    """Everything done inside is undone at the end (views' own atomic blocks nest inside)."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


# --- Every URL the site answers --------------------------------------------------------


@dataclass(frozen=True)
class Route:
    name: str  # "namespace:name"
    route: str  # as written in urls.py, e.g. "g/<str:code>/rounds/<int:round_id>/edit/"
    defaults: dict

    @property
    def params(self) -> list[str]:
        return re.findall(r"<(?:\w+:)?(\w+)>", self.route)

    def path(self, **values) -> str:
        """The path with each <converter:param> replaced by ``values[param]`` (quoted)."""
        return "/" + re.sub(
            r"<(?:\w+:)?(\w+)>", lambda m: quote(str(values[m.group(1)]), safe=""), self.route
        )


def routes() -> list[Route]:
    """Every named URL pattern from the resolver, the admin site's aside."""
    found: list[Route] = []

    def walk(patterns, prefix: str, namespace: str | None) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace == "admin":
                    continue
                walk(p.url_patterns, prefix + str(p.pattern), p.namespace or namespace)
            elif isinstance(p, URLPattern):
                name = f"{namespace}:{p.name}" if namespace else p.name
                found.append(Route(name, prefix + str(p.pattern), dict(p.default_args)))

    walk(get_resolver().url_patterns, "", None)
    return found
