"""Speed from Django's own mechanisms, and what each must never do.

* the rules page answers its ETag with a 304 (never with a message or the secret link
  waiting to be shown); every 200 is rendered for its request: its own CSRF token (which
  validates), nonce and, on a scoreboard, submission id;
* the scoreboard poll: a 304 from the version kept in the cache, without a query; every
  change of a game writes its new version there, and a change that did not commit never
  makes a phone miss one;
* the rendered rule reference is kept per revision, and the rest of the rules page (but
  for its token, nonce and what it shows once) per version of the page: its ETag;
* recording a round takes the same number of queries however long the game;
* a database error that is not "busy or out of reach" is a logged 500, not a 503.
"""

from __future__ import annotations

import logging
import re
import uuid

import pytest
from django.core.cache import cache
from django.db import OperationalError, ProgrammingError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from play import corrections, removal, services, versions
from play.models import RemovedRound, Round
from rulesets.forms import initial_for
from rulesets.models import RuleSet
from rulesets.presets import BY_SLUG
from rulesets.services import save_revision
from tests.conftest import make_ruleset
from tests.hardening.conftest import FailOnce
from tests.play.conftest import make_game, record
from unosite import cache as cache_keys
from unosite import middleware, qr

ANN, BEN, CAT, DAN = range(4)


def _token(html: str) -> str:
    return re.search(r'"x-csrftoken": "([^"]+)"', html).group(1)


def _nonce(response) -> str:
    return re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)


def _form() -> dict:
    """The options of the official rules, as the rule set form posts them."""
    return {k: str(v) for k, v in initial_for(BY_SLUG["official"].options).items()}


# --- The rules page --------------------------------------------------------------------


def test_each_rules_page_has_its_own_token_and_nonce(db):
    ruleset, _secret = make_ruleset("party")
    a, b = Client().get(f"/r/{ruleset.code}/"), Client().get(f"/r/{ruleset.code}/")
    html_a, html_b = a.content.decode(), b.content.decode()
    assert _token(html_a) != _token(html_b)
    assert f'nonce="{_nonce(b)}"' in html_b and _nonce(a) != _nonce(b)
    assert a["ETag"] == b["ETag"]  # the same page apart from those


def test_the_rules_page_answers_its_etag_with_a_304_without_rendering(db, monkeypatch):
    ruleset, _secret = make_ruleset()
    viewer = Client()
    etag = viewer.get(f"/r/{ruleset.code}/")["ETag"]
    from rulesets import views

    monkeypatch.setattr(views, "render", lambda *a, **k: pytest.fail("rendered"))
    again = viewer.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag})
    assert again.status_code == 304 and again["ETag"] == etag


def test_the_rules_page_etag_follows_the_revision_the_editor_and_the_host(db, settings):
    settings.ALLOWED_HOSTS = ["testserver", "rules.example"]
    ruleset, secret = make_ruleset()
    viewer = Client()
    etag = viewer.get(f"/r/{ruleset.code}/")["ETag"]
    owner = Client()
    owner.get(f"/r/{ruleset.code}/edit/{secret}/")
    owner.get(f"/r/{ruleset.code}/edit/")  # shows and so consumes the grant message
    assert owner.get(f"/r/{ruleset.code}/")["ETag"] != etag
    remote = Client(HTTP_HOST="rules.example").get(f"/r/{ruleset.code}/")
    assert remote["ETag"] != etag and "http://rules.example/r/" in remote.content.decode()
    save_revision(ruleset, "Changed", "", {**ruleset.current.options, "uno_penalty": 4})
    changed = viewer.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Changed" in changed.content.decode()


def test_a_second_rules_page_comes_from_the_cached_fragments(db, monkeypatch):
    ruleset, _secret = make_ruleset("party")
    first = Client().get(f"/r/{ruleset.code}/")
    from domain import reference

    # The reference is not built again (the rules page's queries are pinned once, in
    # tests/rulesets/test_companion_views.py).
    monkeypatch.setattr(reference, "build", lambda *a, **k: pytest.fail("built again"))
    second = Client().get(f"/r/{ruleset.code}/")
    html_a, html_b = first.content.decode(), second.content.decode()
    # The same page but for the token and the nonce, which are this response's own.
    mine = html_b.replace(_token(html_b), _token(html_a)).replace(_nonce(second), _nonce(first))
    assert mine == html_a
    assert "This house plays 8 rules differently" in html_b


def test_the_cached_fragments_follow_the_editor_the_host_and_the_revision(db, settings):
    settings.ALLOWED_HOSTS = ["testserver", "rules.example"]
    ruleset, secret = make_ruleset()
    owner = Client()
    owner.get(f"/r/{ruleset.code}/edit/{secret}/")
    owner.get(f"/r/{ruleset.code}/edit/")  # shows and so consumes the grant message
    assert "Edit these rules" in owner.get(f"/r/{ruleset.code}/").content.decode()
    viewer = Client().get(f"/r/{ruleset.code}/").content.decode()
    assert "Edit these rules" not in viewer and "Make a new edit link" not in viewer
    assert "Edit these rules" in owner.get(f"/r/{ruleset.code}/").content.decode()
    remote = Client(HTTP_HOST="rules.example").get(f"/r/{ruleset.code}/").content.decode()
    assert "http://rules.example/r/" in remote and "http://testserver/r/" not in remote
    save_revision(ruleset, "Changed", "", {**ruleset.current.options, "uno_penalty": 4})
    changed = Client().get(f"/r/{ruleset.code}/").content.decode()
    assert '<h1 dir="auto">Changed</h1>' in changed and "you draw 4 cards" in changed
    assert "Revision 2" in changed


def test_the_cached_fragments_follow_the_home_networks_address(db, settings):
    ruleset, _secret = make_ruleset()
    settings.HOME_URL = "http://192.168.1.20:8000"
    page = Client(HTTP_HOST="localhost").get(f"/r/{ruleset.code}/").content.decode()
    assert "http://192.168.1.20:8000/r/" in page
    settings.HOME_URL = "http://10.0.0.7:8000"  # make run again, on another Wi-Fi
    page = Client(HTTP_HOST="localhost").get(f"/r/{ruleset.code}/").content.decode()
    assert "http://10.0.0.7:8000/r/" in page and "192.168.1.20" not in page


def test_a_qr_code_is_drawn_once_and_its_rules_asked_for_each_time(
    db, django_assert_num_queries, monkeypatch
):
    ruleset, _secret = make_ruleset()
    first = Client().get(f"/r/{ruleset.code}/qr.svg")
    assert first.status_code == 200
    monkeypatch.setattr(qr, "svg_bytes", lambda url: pytest.fail("drawn again"))
    with django_assert_num_queries(1):  # whether the rules exist: never kept
        again = Client().get(f"/r/{ruleset.code}/qr.svg")
    assert again.status_code == 200 and again["Content-Type"] == "image/svg+xml"
    assert again.content == first.content
    assert Client().get(f"/r/{ruleset.code}/qr.png").status_code == 200
    RuleSet.objects.filter(pk=ruleset.pk).update(code="abcdefghjkm")  # gone
    assert Client().get(f"/r/{ruleset.code}/qr.svg").status_code == 404


def test_an_unknown_code_is_never_remembered(db):
    unknown = "abcdefghjkm"
    assert Client().get(f"/r/{unknown}/qr.svg").status_code == 404
    assert Client().get(f"/r/{unknown}/qr.svg").status_code == 404
    ruleset, _secret = make_ruleset()
    RuleSet.objects.filter(pk=ruleset.pk).update(code=unknown)  # rules made since with it
    assert Client().get(f"/r/{unknown}/qr.svg").status_code == 200


def test_a_waiting_message_is_shown_not_a_304(db):
    ruleset, secret = make_ruleset()
    owner = Client()
    owner.get(f"/r/{ruleset.code}/edit/{secret}/")
    owner.get(f"/r/{ruleset.code}/edit/")
    etag = owner.get(f"/r/{ruleset.code}/")["ETag"]
    unchanged = {"name": ruleset.current.name, "description": "", **_form()}
    assert owner.post(f"/r/{ruleset.code}/edit/", unchanged).status_code == 302
    shown = owner.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag})
    assert shown.status_code == 200 and "Nothing changed" in shown.content.decode()
    assert not shown.has_header("ETag")
    assert owner.get(f"/r/{ruleset.code}/", headers={"if-none-match": etag}).status_code == 304


def test_the_secret_link_is_shown_until_saved_with_no_etag(db):
    owner = Client()
    response = owner.post("/rules/new/", {"name": "Ours", "description": "", **_form()})
    code = response["Location"].split("/")[2]
    for _visit in range(2):
        page = owner.get(f"/r/{code}/")
        assert "no-store" in page["Cache-Control"] and "edit-link" in page.content.decode()
        assert not page.has_header("ETag")
    owner.post(f"/r/{code}/link-saved/")
    owner.get(f"/r/{code}/")  # the message
    after = owner.get(f"/r/{code}/")
    assert "edit-link" not in after.content.decode()
    assert "no-store" not in after.get("Cache-Control", "")


def test_the_reference_is_rendered_once_per_revision(db, monkeypatch):
    from domain import reference
    from rulesets import views

    ruleset, _secret = make_ruleset("party")
    built = []
    real = reference.build
    monkeypatch.setattr(reference, "build", lambda *args: built.append(1) or real(*args))
    Client().get(f"/r/{ruleset.code}/")
    Client().get(f"/r/{ruleset.code}/")
    assert len(built) == 1
    assert cache.get(views.reference_cache_key(ruleset.current.pk))
    save_revision(ruleset, "Changed", "", {**ruleset.current.options, "uno_penalty": 4})
    Client().get(f"/r/{ruleset.code}/")
    assert len(built) == 2


# --- The scoreboard --------------------------------------------------------------------


def _submission_id(html: str) -> str:
    return re.search(r'name="submission_id" value="([^"]+)"', html).group(1)


def test_each_scoreboard_has_its_own_submission_id_and_a_token_that_validates(db):
    game = make_game()
    phone = Client(enforce_csrf_checks=True)
    html = phone.get(f"/g/{game.code}/").content.decode()
    again = phone.get(f"/g/{game.code}/").content.decode()
    assert _submission_id(html) != _submission_id(again)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    data = {"went_out": "0", "hand_1": "3", "hand_2": "4", "hand_3": "5"}
    data |= {"submission_id": _submission_id(html), "csrfmiddlewaretoken": token}
    assert phone.post(f"/g/{game.code}/rounds/new/", data).status_code == 302
    assert game.rounds.count() == 1


def test_the_cached_undo_form_carries_each_pages_own_token(db):
    game = make_game()
    done = record(game, ANN, {BEN: 3, CAT: 4, DAN: 5})
    Client().get(f"/g/{game.code}/")  # the last round's fragment is cached now
    phone = Client(enforce_csrf_checks=True)
    html = phone.get(f"/g/{game.code}/").content.decode()
    undo = re.search(r'<div class="last-round">.*?</div>', html, re.S).group(0)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', undo).group(1)
    assert token == _token(html)
    fields = {"round": done.round.pk, "version": done.round.version, "csrfmiddlewaretoken": token}
    assert phone.post(f"/g/{game.code}/undo/", fields).status_code == 302
    assert game.rounds.count() == 0


def test_an_unchanged_poll_is_a_304_from_the_cache_without_a_query(db, django_assert_num_queries):
    game = make_game()
    phone = Client()
    for url in (f"/g/{game.code}/board/", f"/w/{game.spectator_code}/board/"):
        etag = phone.get(url)["ETag"]
        with django_assert_num_queries(0):
            assert phone.get(url, headers={"if-none-match": etag}).status_code == 304


@pytest.mark.parametrize("prefix, code", [("g", "code"), ("w", "spectator_code")])
def test_a_poll_after_the_cache_lost_the_version_is_a_304_again(db, prefix, code):
    """A restart empties the memory folder, Redis evicts: the next poll reads the version
    from the database and keeps it again, so the polls after it are 304s from the cache."""
    game = make_game()
    board = f"/{prefix}/{getattr(game, code)}/board/"
    phone = Client()
    etag = phone.get(board)["ETag"]
    cache.clear()  # evicted, or a new cache
    assert versions.cached_version(getattr(game, code)) is None
    assert phone.get(board, headers={"if-none-match": etag}).status_code == 304
    # Kept again: the next polls are the 304 from the cache (without a query, see above).
    assert versions.cached_version(getattr(game, code)) == game.version
    assert phone.get(board, headers={"if-none-match": etag}).status_code == 304
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    changed = phone.get(board, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_version_read_again_never_replaces_one_a_change_wrote(db):
    game = make_game()
    cache.clear()
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})  # writes version 2
    cache.delete(cache_keys.key("game-version", game.spectator_code, deploy=False))
    assert versions.poll_version(game.code) == 2
    assert versions.poll_version(game.spectator_code, spectator=True) == 2
    assert versions.poll_version("nosuchgame1") is None


def _version(game) -> int:
    return type(game).objects.get(pk=game.pk).version


def test_every_change_of_a_game_writes_its_new_version_to_the_cache(db):
    game = make_game(target_score=50)
    assert versions.cached_version(game.code) == _version(game) == 1
    done = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    assert versions.cached_version(game.code) == _version(game) == 2
    assert versions.cached_version(game.spectator_code) == 2
    corrections.edit_round(game, done.round.pk, 1, BEN, {ANN: 2, CAT: 2, DAN: 2})
    assert versions.cached_version(game.code) == _version(game) == 3
    other = record(game, ANN, {BEN: 1, CAT: 1, DAN: 1}).round
    corrections.delete_round(game, other.pk, other.version, last_only=True)
    assert versions.cached_version(game.code) == _version(game) == 5
    record(game, ANN, {BEN: 60})  # the game ends
    services.play_again(services.load_game(pk=game.pk))
    assert versions.cached_version(game.code) == _version(game) == 7


def test_a_change_that_does_not_commit_never_makes_a_phone_miss_one(db):
    """The version is written while the game is locked, before the commit: a change that
    fails after it costs the phones a render, never a 304 for a board that changed."""
    game = make_game()
    phone = Client()
    etag = phone.get(f"/g/{game.code}/board/")["ETag"]
    fault = FailOnce("RELEASE SAVEPOINT", OperationalError("disk I/O error"))
    with pytest.raises(OperationalError), connection.execute_wrapper(fault), transaction.atomic():
        record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    assert game.rounds.count() == 0 and _version(game) == 1
    response = phone.get(f"/g/{game.code}/board/", headers={"if-none-match": etag})
    assert response.status_code == 200 and response["ETag"] == etag  # the board as it is
    record(game, ANN, {BEN: 1, CAT: 1, DAN: 1})
    response = phone.get(f"/g/{game.code}/board/", headers={"if-none-match": etag})
    assert response.status_code == 200 and "Round 2" in response.content.decode()


def _without_token_and_id(html: str) -> str:
    html = html.replace(_token(html), "TOKEN")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'name="submission_id" value="[^"]+"', "", html)
    html = re.sub(r'nonce="[^"]+"', "", html)
    return re.sub(r'data-rendered="\d+"', "", html)


def game_with_rounds(names: int, rounds: int, target_score: int):
    """A game of ``names`` players and ``rounds`` rounds, one point each (far from the end)."""
    game = make_game([f"Player {i}" for i in range(names)], target_score=target_score)
    for i in range(rounds):
        record(game, i % names, {(i + 1) % names: 1})
    return game


@pytest.mark.parametrize("names, rounds", [(2, 1), (10, 20)])
def test_a_second_scoreboard_comes_from_the_cache(db, monkeypatch, names, rounds):
    game = game_with_rounds(names, rounds, target_score=5000)
    first = Client().get(f"/g/{game.code}/").content.decode()
    # Its players, rounds and hands are not read again (the scoreboard's queries are pinned
    # once, in tests/play/test_views.py).
    for name in ("_assemble", "_rounds", "_hands"):
        monkeypatch.setattr(services, name, lambda *a, name=name, **k: pytest.fail(name))
    response = Client().get(f"/g/{game.code}/")
    again = response.content.decode()
    assert set(re.findall(r'nonce="([^"]+)"', again)) == {_nonce(response)}
    assert _without_token_and_id(again) == _without_token_and_id(first)
    assert _submission_id(again) != _submission_id(first) and _token(again) != _token(first)


def test_a_revision_is_read_once_for_every_game_of_it(db):
    """What a scoreboard shows of a revision is kept (a revision never changes): the first
    page of a second game of the same rules reads the game and its own rounds, not the
    revision again."""
    first = make_game(["Ann", "Ben"])
    Client().get(f"/g/{first.code}/")
    second, _created = services.start_game(first.revision, ["Cat", "Dan"], 0, uuid.uuid4())
    with CaptureQueriesContext(connection) as queries:
        html = Client().get(f"/g/{second.code}/").content.decode()
    # Only the game's own tables are read (the revision and its rule set come with the game).
    read = [re.search(r'FROM "(\w+)"', q["sql"]).group(1) for q in queries.captured_queries]
    assert all(table.startswith("play_") for table in read), read
    assert first.revision.name in html and "Cat" in html


def test_every_visit_of_a_scoreboard_has_a_record_form_of_its_own(db):
    """Two phones opening the same board: each page's form has its own submission id (so
    that the same round sent from both is seen as two) and the round it expects."""
    game = make_game(["Ann", "Ben", "Cat"])
    first = Client().get(f"/g/{game.code}/").content.decode()
    again = Client().get(f"/g/{game.code}/").content.decode()
    assert _submission_id(again) != _submission_id(first)
    assert 'name="expected_round" value="1"' in again
    assert again.count('name="went_out"') == 3


def test_the_cached_scoreboard_follows_every_change_of_the_game(db):
    game = make_game(["Ann", "Ben", "Cat"])
    phone = Client()
    assert "Round 1" in phone.get(f"/g/{game.code}/").content.decode()
    done = record(game, ANN, {BEN: 7, CAT: 9})
    html = phone.get(f"/g/{game.code}/").content.decode()
    assert "Round 2" in html and "Undo round 1" in html
    # Undo: the removed round is offered back on the next page.
    removal.remove_round(game, done.round.pk, done.round.version, last_only=True)
    html = phone.get(f"/g/{game.code}/").content.decode()
    assert "Round 1" in html and "Put round 1 back" in html and "Undo round 1" not in html
    removal.put_back(game, RemovedRound.objects.get(game=game).pk)
    html = phone.get(f"/g/{game.code}/").content.decode()
    assert "Put round 1 back" not in html and "Undo round 1" in html


def test_a_correction_that_ends_the_game_is_seen_though_the_board_was_cached(db):
    """A change computes whether the game is over from the rounds as changed, not from the
    board kept for the version before it."""
    game = make_game(["Ann", "Ben", "Cat"], target_score=100)
    done = record(game, ANN, {BEN: 10, CAT: 10})
    game = services.load_game(pk=game.pk)
    assert "Round 2" in Client().get(f"/g/{game.code}/").content.decode()  # kept now
    corrections.edit_round(game, done.round.pk, done.round.version, ANN, {BEN: 90, CAT: 20})
    assert services.load_game(pk=game.pk).finished
    assert "Game over" in Client().get(f"/g/{game.code}/").content.decode()


def test_the_cached_scoreboard_says_when_the_rules_changed(db):
    game = make_game(["Ann", "Ben", "Cat"])
    assert "These rules have changed" not in Client().get(f"/g/{game.code}/").content.decode()
    ruleset = game.revision.ruleset
    save_revision(ruleset, "Changed", "", {**ruleset.current.options, "uno_penalty": 4})
    html = Client().get(f"/g/{game.code}/").content.decode()  # the same game version
    assert "These rules have changed since the game started." in html


def test_the_players_and_the_spectators_scoreboards_are_kept_apart(db):
    game = make_game(["Ann", "Ben", "Cat"])
    Client().get(f"/g/{game.code}/")
    watching = Client().get(f"/w/{game.spectator_code}/").content.decode()
    assert 'name="went_out"' not in watching and game.code not in watching
    Client().get(f"/w/{game.spectator_code}/")
    playing = Client().get(f"/g/{game.code}/").content.decode()
    assert 'name="went_out"' in playing and f"/g/{game.code}/players/" in playing


def test_the_cached_scoreboard_follows_the_language(db, settings):
    settings.LANGUAGES = [("en", "English"), ("fr", "Français")]
    game = make_game(["Ann", "Ben", "Cat"])
    english = Client().get(f"/g/{game.code}/", headers={"accept-language": "en"})
    french = Client().get(f"/g/{game.code}/", headers={"accept-language": "fr"})
    assert "Points left in each hand" in english.content.decode()
    assert french["Content-Language"] == "fr"
    assert "Points left in each hand" not in french.content.decode()


def test_a_form_with_errors_is_never_the_cached_one(db):
    game = make_game(["Ann", "Ben", "Cat"])
    phone = Client()
    phone.get(f"/g/{game.code}/")
    data = {"went_out": "0", "hand_1": "-4", "hand_2": "3", "submission_id": str(uuid.uuid4())}
    html = phone.post(f"/g/{game.code}/rounds/new/", data).content.decode()
    assert 'value="-4"' in html and 'aria-invalid="true"' in html
    assert 'value="-4"' not in phone.get(f"/g/{game.code}/").content.decode()


# --- Recording a round -----------------------------------------------------------------


def test_recording_a_round_takes_as_many_queries_however_long_the_game(db):
    counts = []
    for names, rounds in [(2, 1), (10, 20)]:
        game = game_with_rounds(names, rounds, target_score=500)
        game = services.load_game(pk=game.pk)  # as a phone loads it
        players = services.players_of(game)
        # The rounds are read with their hands at once, never one query per round or hand.
        with CaptureQueriesContext(connection) as queries:
            services.record_round(game, 0, {1: 3}, uuid.uuid4(), players=players)
        assert Round.objects.filter(game=game).count() == rounds + 1
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_a_round_recorded_after_the_rounds_were_read_is_read_again_under_the_lock(db, monkeypatch):
    game = make_game(target_score=50)
    record(game, ANN, {BEN: 10, CAT: 5, DAN: 5})
    real_lock = services.lock_game

    def another_phone_first(g):
        """Another phone records a round after this one read the rounds, before the lock."""
        monkeypatch.setattr(services, "lock_game", real_lock)
        record(services.load_game(pk=g.pk), ANN, {BEN: 10, CAT: 5, DAN: 5})
        return real_lock(g)

    monkeypatch.setattr(services, "lock_game", another_phone_first)
    loaded = services.load_game(pk=game.pk)
    done = services.record_round(loaded, ANN, {BEN: 10, CAT: 5, DAN: 5}, uuid.uuid4())
    assert done.round.number == 3
    assert [r.round.number for r in done.board.rounds] == [1, 2, 3]
    assert done.board.standing.finished  # 60 points of 50: the three rounds end it
    assert services.load_game(pk=game.pk).finished


def test_the_same_form_recorded_after_it_was_looked_for_counts_once(db, monkeypatch):
    game = make_game()
    sid = uuid.uuid4()
    real_lock = services.lock_game

    def same_form_first(g):
        """The same form, sent twice, is recorded by the other request just before the lock."""
        monkeypatch.setattr(services, "lock_game", real_lock)
        record(services.load_game(pk=g.pk), ANN, {BEN: 3}, submission_id=sid)
        return real_lock(g)

    monkeypatch.setattr(services, "lock_game", same_form_first)
    done = services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 3}, sid)
    assert not done.created and done.round.number == 1
    assert game.rounds.count() == 1


def test_the_same_form_twice_changes_neither_the_version_nor_what_the_polls_see(db):
    """Sent again for the round after the one it recorded, the form is found under the
    lock before anything is changed: the version stays, and the polls are never told of a
    change."""
    game = make_game()
    sid = uuid.uuid4()
    first = services.record_round(game, ANN, {BEN: 3}, sid)
    version = services.load_game(pk=game.pk).version
    loaded = services.load_game(pk=game.pk)
    again = services.record_round(loaded, ANN, {BEN: 3}, sid, expected_number=2)
    assert not again.created and again.round.pk == first.round.pk
    assert services.load_game(pk=game.pk).version == version == loaded.version
    assert versions.cached_version(game.code) == version
    assert game.rounds.count() == 1


def test_the_same_form_twice_is_recorded_once_even_after_the_last_round(db):
    game = make_game(target_score=50)
    sid = uuid.uuid4()
    first = services.record_round(game, ANN, {BEN: 40, CAT: 10, DAN: 1}, sid)
    assert first.created and first.board.standing.finished
    again = services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 1}, sid)
    assert not again.created and again.round.pk == first.round.pk
    assert game.rounds.count() == 1
    with pytest.raises(services.GameOver):
        services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 1}, uuid.uuid4())


@pytest.mark.parametrize("expected", [None, 1])
def test_a_form_sent_again_is_found_without_looking_for_it_first(
    db, django_assert_num_queries, expected
):
    """Sent again, the form finds its round: with the round it expected no longer the next
    one, under the lock; without it, by the database's unique submission id (the insert
    fails, nothing is kept, the round is looked for)."""
    game = make_game()
    sid = uuid.uuid4()
    first = services.record_round(game, ANN, {BEN: 3, CAT: 4, DAN: 5}, sid, expected)
    again = services.record_round(services.load_game(pk=game.pk), ANN, {BEN: 9}, sid, expected)
    assert first.created and not again.created and again.round.pk == first.round.pk
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert sorted(first.round.hands.values_list("points", flat=True)) == [3, 4, 5]
    assert services.load_game(pk=game.pk).version == 2  # counted once, changed once


def test_the_board_after_a_round_is_the_board_read_again(db):
    game = make_game()
    record(game, ANN, {BEN: 10, CAT: 10, DAN: 10})
    done = record(game, CAT, {ANN: 2, BEN: 2, DAN: 2}, submission_id=uuid.uuid4())
    read = services.board(services.load_game(pk=game.pk))
    assert done.board.standing == read.standing
    assert [r.round.number for r in done.board.rounds] == [1, 2]
    assert done.row.went_out.name == "Cat"
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]


# --- Database errors ---------------------------------------------------------------------


def test_a_missing_column_is_a_logged_500_not_a_503(db, caplog):
    game = make_game()
    fault = FailOnce('INSERT INTO "play_round"', OperationalError("no such column: oops"))
    client = Client(raise_request_exception=False)
    data = {"went_out": "0", "hand_1": "3", "hand_2": "4", "hand_3": "5"}
    data["submission_id"] = str(uuid.uuid4())
    with caplog.at_level(logging.ERROR, "django.request"), connection.execute_wrapper(fault):
        response = client.post(f"/g/{game.code}/rounds/new/", data)
    assert response.status_code == 500
    assert any("Internal Server Error" in r.getMessage() for r in caplog.records)


class _Cause(Exception):
    def __init__(self, sqlstate):
        self.sqlstate = sqlstate


def _wrapped(error_class, message, sqlstate=None):
    error = error_class(message)
    if sqlstate:
        error.__cause__ = _Cause(sqlstate)
    return error


@pytest.mark.parametrize(
    "error, transient",
    [
        (_wrapped(OperationalError, "database is locked"), True),
        (_wrapped(OperationalError, "server closed the connection unexpectedly"), True),
        (_wrapped(OperationalError, "deadlock detected", "40P01"), True),
        (_wrapped(OperationalError, "the database system is starting up", "57P03"), True),
        (_wrapped(OperationalError, "canceling statement due to lock timeout", "55P03"), True),
        (_wrapped(OperationalError, "no such column: revision.oops"), False),
        (_wrapped(OperationalError, "no such table: play_game"), False),
        # A word of a busy database in an error that is a bug is not enough.
        (_wrapped(OperationalError, "no such column: play_game.timeout"), False),
        (_wrapped(OperationalError, "no such table: connection"), False),
        (
            _wrapped(
                OperationalError,
                'connection to server at "127.0.0.1", port 5432 failed: Connection refused',
            ),
            True,
        ),
        (_wrapped(OperationalError, "connection timeout expired"), True),
        (_wrapped(ProgrammingError, 'column "oops" does not exist', "42703"), False),
        (_wrapped(OperationalError, "division by zero", "22012"), False),
    ],
    ids=lambda value: str(value)[:30] if isinstance(value, Exception) else None,
)
def test_only_a_busy_or_unreachable_database_is_transient(error, transient):
    assert middleware.is_transient(error) is transient


def test_rule_sets_are_loaded_with_one_query(db, django_assert_num_queries):
    from rulesets import access

    ruleset, _secret = make_ruleset()
    with django_assert_num_queries(1):
        loaded = access.load(ruleset.code)
        assert loaded.current.name == ruleset.current.name
    assert RuleSet.current.is_cached(loaded)


# --- The language switcher --------------------------------------------------------------


def test_the_switchers_cached_choices_follow_the_language_and_keep_the_page_own_token(db, settings):
    settings.LANGUAGES = [("en", "English"), ("fr", "Français")]
    ruleset, _secret = make_ruleset("official")
    pages = []
    for path, language in [("/", "en"), (f"/r/{ruleset.code}/", "en"), ("/", "fr")]:
        html = Client().get(path, headers={"accept-language": language}).content.decode()
        switcher = re.search(r'<form class="language-switcher".*?</form>', html, re.S).group(0)
        pages.append((path, language, switcher, _token(html)))
    for path, language, switcher, token in pages:
        assert f'<option value="{language}" lang="{language}" selected>' in switcher
        assert f'name="next" value="{path}"' in switcher
        assert re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', switcher).group(1) == token
    assert len({token for *_, token in pages}) == 3
