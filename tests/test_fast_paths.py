"""The fast paths of issue 7 behave exactly like the slow ones they replace.

* prepared loads (unosite.prepared) give the objects the ORM gives;
* kept pages (unosite.pagecache) are filled in per response: their own CSRF token (which
  validates), nonce and submission id; never kept with a message or the secret link; a
  new revision or round is a new page; the rules page answers its ETag with a 304;
* recording a round: what was read before the lock is read again when the game changed
  meanwhile, and the same form sent twice is recorded once;
* the SQLite backend: writers take turns on the lock file, released on commit, rollback
  and close, and a wait that lasts too long is the usual "database is locked".
"""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler
from django.test import Client

from play import services
from play.models import Game, Round
from rulesets import access
from rulesets.forms import initial_for
from rulesets.models import Revision, RuleSet
from rulesets.presets import BY_SLUG, PRESETS
from rulesets.services import save_revision
from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record
from unosite import pagecache
from unosite.prepared import OneValue, model_columns
from unosite.sqlite import base as sqlite_base

ANN, BEN, CAT, DAN = range(4)


def _same(a, b, model, columns=None) -> None:
    for name in columns or model_columns(model):
        left, right = getattr(a, name), getattr(b, name)
        assert (left, type(left)) == (right, type(right)), (model.__name__, name)


# --- Prepared loads --------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=[p.slug for p in PRESETS])
def test_a_rule_set_loads_as_the_orm_loads_it(db, preset):
    ruleset, _secret = make_ruleset(preset.slug, description="Ours")
    expected = RuleSet.objects.select_related("current").get(code=ruleset.code)
    loaded = access.load(ruleset.code)
    _same(loaded, expected, RuleSet)
    _same(loaded.current, expected.current, Revision)
    assert loaded.current.options == expected.current.options
    assert RuleSet.current.is_cached(loaded)  # no second query for the revision


def test_an_unknown_rule_set_is_a_404(db):
    from django.http import Http404

    with pytest.raises(Http404):
        access.load("NoSuchCode111")


def test_a_game_loads_for_its_board_as_the_orm_loads_it(db):
    game = make_game(preset="teams-to-100")
    record(game, ANN, {BEN: 100, CAT: 5, DAN: 1})  # the game ends: finished_at is set
    expected = services.load_game(pk=game.pk)
    assert expected.finished
    for lookup in ({"code": game.code}, {"spectator_code": game.spectator_code}):
        loaded = services.load_game_for_board(**lookup)
        _same(loaded, expected, Game)
        _same(loaded.revision, expected.revision, Revision, services._REVISION_COLUMNS)
        _same(loaded.revision.ruleset, expected.revision.ruleset, RuleSet, ["id", "code"])
        assert services.rules_of(loaded.revision) == services.rules_of(expected.revision)
    with pytest.raises(Game.DoesNotExist):
        services.load_game_for_board(code="NoSuchCode111")


def test_players_load_as_the_orm_loads_them(db):
    game = make_game(["Zoë", "Ben", "Ann"], preset="official")
    expected = list(game.players.order_by("seat"))
    loaded = services.players_of(game)
    assert loaded == expected
    for a, b in zip(loaded, expected, strict=True):
        _same(a, b, type(b))


def test_a_prepared_query_takes_exactly_one_parameter(db):
    two = OneValue(lambda code: RuleSet.objects.filter(code=code, preset=code).values_list("pk"))
    with pytest.raises(ValueError, match="exactly one parameter"):
        two("x")


# --- Kept pages ------------------------------------------------------------------------


def _token(html: str) -> str:
    return re.search(r'"x-csrftoken": "([^"]+)"', html).group(1)


def _nonce(response) -> str:
    return re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)


def test_a_kept_rules_page_is_filled_in_per_response(db, monkeypatch):
    ruleset, _secret = make_ruleset("party")
    first, second = Client(), Client()
    a = first.get(f"/r/{ruleset.code}/")
    renders = []
    monkeypatch.setattr(pagecache, "render_to_string", lambda *a, **k: renders.append(1))
    b = second.get(f"/r/{ruleset.code}/")
    assert renders == []  # the second came from the cache
    html_a, html_b = a.content.decode(), b.content.decode()
    assert pagecache.CSRF_HOLE not in html_b and pagecache.NONCE_HOLE not in html_b
    assert _token(html_a) != _token(html_b)
    assert f'nonce="{_nonce(b)}"' in html_b and _nonce(a) != _nonce(b)
    assert "csrftoken" in b.cookies
    # Apart from the token and the nonce, the same page.
    strip = lambda r, h: h.replace(_token(h), "T").replace(_nonce(r), "N")  # noqa: E731
    assert strip(a, html_a) == strip(b, html_b)


def test_the_token_of_a_kept_scoreboard_validates_and_each_form_has_its_own_id(db):
    game = make_game()
    Client().get(f"/g/{game.code}/")  # keeps the page
    phone = Client(enforce_csrf_checks=True)
    html = phone.get(f"/g/{game.code}/").content.decode()
    again = phone.get(f"/g/{game.code}/").content.decode()
    ids = [re.search(r'name="submission_id" value="([^"]+)"', h).group(1) for h in (html, again)]
    assert ids[0] != ids[1] and str(pagecache.SUBMISSION_HOLE) not in html
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    data = {"went_out": "0", "hand_1": "3", "hand_2": "4", "hand_3": "5"}
    data |= {"submission_id": ids[0], "csrfmiddlewaretoken": token}
    response = phone.post(f"/g/{game.code}/rounds/new/", data)
    assert response.status_code == 302
    assert game.rounds.count() == 1
    # A new version of the game: a new page, showing the round.
    assert "Round 2" in phone.get(f"/g/{game.code}/").content.decode()


def test_a_message_is_shown_once_and_never_kept(db):
    game = make_game()
    member = Client()
    member.get(f"/g/{game.code}/")  # keeps the page of version 1
    data = {"went_out": "0", "hand_1": "3", "hand_2": "4", "hand_3": "5"}
    member.post(f"/g/{game.code}/rounds/new/", {**data, "submission_id": str(uuid.uuid4())})
    shown = member.get(f"/g/{game.code}/").content.decode()
    assert "Round 1 saved" in shown
    assert "Round 1 saved" not in member.get(f"/g/{game.code}/").content.decode()
    assert "Round 1 saved" not in Client().get(f"/g/{game.code}/").content.decode()


def test_the_secret_link_is_never_kept_and_a_new_revision_is_a_new_page(db):
    owner = Client()
    response = owner.post("/rules/new/", {"name": "Ours", "description": "", **_form()})
    assert response.status_code == 302
    code = response["Location"].split("/")[2]
    first = owner.get(f"/r/{code}/")
    assert "no-store" in first["Cache-Control"] and "edit-link" in first.content.decode()
    assert not first.has_header("ETag")
    assert "edit-link" not in owner.get(f"/r/{code}/").content.decode()
    assert "edit-link" not in Client().get(f"/r/{code}/").content.decode()
    ruleset = RuleSet.objects.get(code=code)
    save_revision(ruleset, "Ours, again", "", {**ruleset.current.options, "uno_penalty": 4})
    assert "Ours, again" in Client().get(f"/r/{code}/").content.decode()


def _form() -> dict:
    """The options of the official rules, as the rule set form posts them."""
    return {k: str(v) for k, v in initial_for(BY_SLUG["official"].options).items()}


def test_the_rules_page_answers_its_etag_with_a_304_unless_a_message_waits(db):
    ruleset, secret = make_ruleset()
    viewer = Client()
    first = viewer.get(f"/r/{ruleset.code}/")
    etag = first["ETag"]
    assert etag == viewer.get(f"/r/{ruleset.code}/")["ETag"]
    again = viewer.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag})
    assert again.status_code == 304 and again["ETag"] == etag
    # Whoever may edit gets another page, and another ETag.
    owner = Client()
    owner.get(f"/r/{ruleset.code}/edit/{secret}/")
    owner.get(f"/r/{ruleset.code}/edit/")  # shows and so consumes the grant message
    assert owner.get(f"/r/{ruleset.code}/")["ETag"] != etag
    # Saving without a change leaves a message for the rules page: it is shown, not a 304.
    unchanged = {"name": ruleset.current.name, "description": "", **_form()}
    assert owner.post(f"/r/{ruleset.code}/edit/", unchanged).status_code == 302
    owner_etag = owner.get(f"/r/{ruleset.code}/")
    assert owner_etag.status_code == 200 and "Nothing changed" in owner_etag.content.decode()
    assert not owner_etag.has_header("ETag")
    # A new revision: the old ETag no longer matches.
    save_revision(ruleset, "Changed", "", ruleset.current.options)
    changed = viewer.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_kept_pages_know_their_host(db, settings):
    settings.ALLOWED_HOSTS = ["testserver", "rules.example"]
    ruleset, _secret = make_ruleset()
    local = Client().get(f"/r/{ruleset.code}/").content.decode()
    remote = Client(HTTP_HOST="rules.example").get(f"/r/{ruleset.code}/").content.decode()
    assert "http://testserver/r/" in local and "http://rules.example/r/" in remote
    assert "http://testserver/" not in remote


# --- Recording a round -----------------------------------------------------------------


def test_a_round_recorded_meanwhile_is_read_again_under_the_lock(db, monkeypatch):
    game = make_game()
    record(game, ANN, {BEN: 10, CAT: 10, DAN: 10})
    real = services._rounds_and_hands
    reads = []

    def read(g):
        result = real(g)
        reads.append(1)
        if len(reads) == 1:  # another phone records a round right after this first read
            monkeypatch.setattr(services, "_rounds_and_hands", real)
            record(services.load_game(pk=g.pk), BEN, {ANN: 1, CAT: 1, DAN: 1})
            monkeypatch.setattr(services, "_rounds_and_hands", read)
        return result

    monkeypatch.setattr(services, "_rounds_and_hands", read)
    done = services.record_round(
        services.load_game(pk=game.pk), CAT, {ANN: 2, BEN: 2, DAN: 2}, uuid.uuid4()
    )
    assert len(reads) == 2  # read again under the lock
    assert done.round.number == 3
    assert [r.number for r in Round.objects.filter(game=game).order_by("number")] == [1, 2, 3]
    board = services.board(services.load_game(pk=game.pk))
    assert [s.total for s in board.sides] == [30, 3, 6, 0]
    assert done.standing.totals == board.standing.totals
    assert done.board.standing.totals == board.standing.totals


def test_the_same_form_twice_is_recorded_once_even_after_the_last_round(db):
    game = make_game(target_score=50)
    sid = uuid.uuid4()
    first = services.record_round(game, ANN, {BEN: 40, CAT: 10, DAN: 1}, sid)
    assert first.created and first.standing.finished
    again = services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 1}, sid)
    assert not again.created and again.round.pk == first.round.pk
    assert game.rounds.count() == 1
    with pytest.raises(services.GameOver):
        services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 1}, uuid.uuid4())


# --- SQLite: writers take turns ----------------------------------------------------------


@pytest.fixture
def two_writers(tmp_path, monkeypatch, django_db_blocker):
    """Two connections (as two gunicorn workers would have) to one SQLite file."""
    monkeypatch.setattr(sqlite_base, "WRITE_LOCK_TIMEOUT", 0.05)
    path = tmp_path / "locks.sqlite3"
    handler = ConnectionHandler(
        {
            alias: {
                "ENGINE": "unosite.sqlite",
                "NAME": path,
                "OPTIONS": {"transaction_mode": "IMMEDIATE"},
            }
            for alias in ("default", "one", "two")
        }
    )
    one, two = handler["one"], handler["two"]
    with django_db_blocker.unblock():
        yield one, two
        one.close()
        two.close()


def test_a_writer_waits_for_the_other_and_goes_on_when_it_commits(two_writers):
    one, two = two_writers
    one.ensure_connection()
    two.ensure_connection()
    one.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    started = time.monotonic()
    with pytest.raises(OperationalError, match="database is locked"):
        two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    # It waited on the lock file (0.05 s here), not on SQLite (whose busy timeout is 5 s).
    assert time.monotonic() - started < 1
    one.commit()
    one.set_autocommit(True)
    two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    two.rollback()
    two.set_autocommit(True)
    # Released on rollback too: the first can write again.
    one.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    one.close()  # and on close
    two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    two.rollback()
    assert (two.settings_dict["NAME"].parent / "locks.sqlite3.lock").exists()


def test_the_tests_in_memory_database_needs_no_lock_file(db):
    from django.db import connections

    connection = connections["default"]
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only (make test-postgres runs on PostgreSQL)")
    assert connection.is_in_memory_db()
    assert connection.vendor == "sqlite" and isinstance(connection, sqlite_base.DatabaseWrapper)
    assert getattr(connection, "_write_lock_fd", None) is None
