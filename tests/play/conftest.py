import uuid

import pytest
from django.test import Client

from play import services
from play.models import Game, Hand, Player, Round
from rulesets import codes
from tests.conftest import make_ruleset


def make_game(names=("Ann", "Ben", "Cat", "Dan"), preset="official", first_dealer=0, **changes):
    """A game of ``names`` under a new rule set from ``preset`` with ``changes``."""
    ruleset, _secret = make_ruleset(preset, **changes)
    game, created = services.start_game(ruleset.current, list(names), first_dealer, uuid.uuid4())
    assert created
    return services.load_game(pk=game.pk)


def record(game, went_out, hands=None, submission_id=None):
    """Records a round; ``hands`` maps seats to points."""
    return services.record_round(game, went_out, hands or {}, submission_id or uuid.uuid4())


@pytest.fixture
def game(db):
    return make_game()


@pytest.fixture
def member(game):
    """A phone at the table: it opened the game link."""
    c = Client()
    assert c.get(f"/g/{game.code}/").status_code == 200
    return c


@pytest.fixture
def spectator(game):
    """Someone following the game with the read-only link."""
    c = Client()
    assert c.get(f"/w/{game.spectator_code}/").status_code == 200
    return c


@pytest.fixture
def rules(db):
    return make_ruleset()[0]


@pytest.fixture
def table_code():
    """The code of a table (the printed card's link)."""
    return codes.new_code()


@pytest.fixture
def stranger(db):
    return Client()


def game_state(game):
    """Everything a change of the table could touch: the game, its players, rounds and hands
    ("nothing changed" is one comparison)."""
    g = Game.objects.get(pk=game.pk)
    return (
        g.version,
        g.first_dealer,
        list(
            Player.objects.filter(game=g)
            .order_by("pk")
            .values_list("seat", "name", "team", "left_after", "start_points", "joined_after")
        ),
        list(Round.objects.filter(game=g).values_list("number", "went_out_id")),
        sorted(Hand.objects.filter(round__game=g).values_list("round_id", "player_id", "points")),
    )
