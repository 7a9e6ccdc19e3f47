import uuid
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from play.models import Game, Round
from play.services import start_game
from tests.conftest import make_ruleset

pytestmark = pytest.mark.django_db


def a_game(names=("Ann", "Ben", "Cat")):
    ruleset, _ = make_ruleset()
    game, _created = start_game(ruleset.current, list(names), 0, uuid.uuid4())
    return game


def test_it_deletes_only_games_idle_for_more_than_n_days():
    old, fresh = a_game(), a_game()
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=91))
    Game.objects.filter(pk=fresh.pk).update(updated_at=timezone.now() - timedelta(days=89))
    out = StringIO()
    call_command("purge_idle_games", stdout=out)
    assert "Deleted 1 game(s)" in out.getvalue()
    assert list(Game.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert not Round.objects.filter(game_id=old.pk).exists()


def test_days_and_dry_run():
    game = a_game()
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(days=10))
    out = StringIO()
    call_command("purge_idle_games", "--days", "7", "--dry-run", stdout=out)
    assert "1 game(s)" in out.getvalue() and Game.objects.count() == 1
    call_command("purge_idle_games", "--days", "7", stdout=StringIO())
    assert Game.objects.count() == 0


def test_days_must_be_positive():
    with pytest.raises(CommandError):
        call_command("purge_idle_games", "--days", "0")
