"""Scan the card, keep score (issue 37): the table link the printed card carries lets a
phone keep score; the share link and the spectator link never do; the host's phone can
renew the card, which ends scoring through the old one, and a phone that lost it is told
why and loses nothing it entered.

Personas: the *host* started the game at its table (so holds the game link); a phone
*at the table* opened the card's table link and nothing else; a *neighbour* opened the
card of another table with the same (public) rules; a *sharer* has the share link only.
"""

import json
import re
import uuid

import pytest
from django.test import Client

from play import services, tables
from play.models import Game, Round
from rulesets import codes
from tests.play.conftest import record

ANN, BEN, CAT = range(3)


@pytest.fixture
def host(rules, table_code):
    """The host's phone: it printed the card of ``table_code`` and started the game there."""
    c = Client()
    assert c.get(f"/r/{rules.code}/t/{table_code}/").status_code == 200
    data = {"name": ["Ann", "Ben", "Cat"] + [""] * 7, "dealer": "1"}
    response = c.post(f"/r/{rules.code}/play/", {**data, "submission_id": str(uuid.uuid4())})
    assert response.status_code == 302
    return c


@pytest.fixture
def game(host, table_code):
    game = Game.objects.get(table=table_code)
    record(services.load_game(pk=game.pk), ANN, {BEN: 30, CAT: 12})
    return services.load_game(pk=game.pk)


@pytest.fixture
def at_table(rules, table_code, game):
    """A phone that scanned the card on the table, and nothing else."""
    c = Client()
    assert c.get(f"/r/{rules.code}/t/{table_code}/").status_code == 200
    return c


def _round(game, **extra):
    data = {"went_out": str(BEN), "hand_0": "5", "hand_2": "7", "expected_round": "2"}
    return {**data, "submission_id": str(uuid.uuid4()), **extra}


def _href(html, text):
    match = re.search(r'<a class="button[^"]*" href="([^"]+)">' + re.escape(text) + "</a>", html)
    assert match, text
    return match.group(1)


def test_the_table_link_keeps_score_in_one_tap(rules, table_code, game, at_table):
    html = at_table.get(f"/r/{rules.code}/t/{table_code}/").content.decode()
    keep = _href(html, "Keep score")
    assert keep == f"/g/{game.spectator_code}/"
    page = at_table.get(keep)  # the one tap
    html = page.content.decode()
    assert page.status_code == 200
    assert f'action="/g/{game.spectator_code}/rounds/new/#record-title"' in html
    # The phone never learns the game link: every link, form and header uses the card's way.
    assert game.code not in html
    response = at_table.post(f"/g/{game.spectator_code}/rounds/new/", _round(game))
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.spectator_code}/#main"
    assert Round.objects.filter(game=game).count() == 2


@pytest.mark.parametrize(
    "path",
    [
        "",
        "rounds/",
        "players/",
        "scorer/",
        "board/",
        "rounds/{round}/edit/",
        "rounds/{round}/delete/",
    ],
)
def test_no_page_reached_through_the_card_shows_the_game_link(game, at_table, path):
    round_ = game.rounds.get(number=1)
    response = at_table.get(f"/g/{game.spectator_code}/" + path.format(round=round_.pk))
    assert response.status_code == 200
    assert game.code not in response.content.decode()
    assert game.code not in response.get("ETag", "")


def test_another_phone_is_shown_the_card_not_the_game_link(rules, table_code, game, at_table):
    html = at_table.get(f"/g/{game.spectator_code}/scorer/").content.decode()
    assert f'value="http://testserver/r/{rules.code}/t/{table_code}/"' in html
    assert "Make a new card" not in html  # only the game link may renew the card
    qr = at_table.get(f"/g/{game.spectator_code}/qr.svg")
    assert qr.status_code == 200
    assert game.code not in qr.content.decode()


def test_a_bad_entry_and_a_conflict_through_the_card_keep_the_card_s_links(game, at_table):
    bad = at_table.post(f"/g/{game.spectator_code}/rounds/new/", _round(game, went_out="9"))
    assert bad.status_code == 400
    assert game.code not in bad.content.decode()
    record(game, CAT, {ANN: 3, BEN: 4})  # another phone saved round 2 meanwhile
    late = at_table.post(f"/g/{game.spectator_code}/rounds/new/", _round(game))
    assert late.status_code == 409
    assert game.code not in late.content.decode()


def test_play_again_through_the_card_goes_on_through_the_card(game, at_table):
    while not services.load_game(pk=game.pk).finished:
        record(services.load_game(pk=game.pk), ANN, {BEN: 200, CAT: 200})
    response = at_table.post(f"/g/{game.spectator_code}/again/")
    new_game = Game.objects.get(previous=game)
    assert response["Location"] == f"/g/{new_game.spectator_code}/"
    assert at_table.get(response["Location"]).status_code == 200


def test_the_recent_games_of_a_phone_at_the_table_lead_back_through_the_card(game, at_table):
    at_table.get(f"/g/{game.spectator_code}/")
    html = at_table.get("/").content.decode()
    assert f'href="/g/{game.spectator_code}/"' in html
    assert game.code not in html
    assert "following" not in html


# --- Who never keeps score ------------------------------------------------------------


def test_the_share_link_alone_never_keeps_score(rules, game):
    sharer = Client()
    html = sharer.get(f"/r/{rules.code}/").content.decode()
    assert "Keep score" not in html and game.spectator_code not in html
    for code in (rules.code, game.spectator_code):
        response = sharer.post(f"/g/{code}/rounds/new/", _round(game))
        assert response.status_code == 403
    refused = sharer.get(f"/g/{rules.code}/").content.decode()
    assert "This is the link of the rules, not of a game" in refused
    assert Round.objects.filter(game=game).count() == 1


def test_the_spectator_link_stays_read_only(game):
    spectator = Client()
    assert spectator.get(f"/w/{game.spectator_code}/").status_code == 200
    response = spectator.post(f"/g/{game.spectator_code}/rounds/new/", _round(game))
    assert response.status_code == 403
    assert "read-only link" in response.content.decode()
    assert Round.objects.filter(game=game).count() == 1


def test_the_card_of_another_table_does_not_keep_score_here(rules, game):
    neighbour = Client()
    neighbour.get(f"/r/{rules.code}/t/{codes.new_code()}/")
    response = neighbour.post(f"/g/{game.spectator_code}/rounds/new/", _round(game))
    assert response.status_code == 403
    html = response.content.decode()
    assert "opened the card of another table" in html
    assert "Your round was not saved: Ben went out; Ann 5, Cat 7." in html
    assert Round.objects.filter(game=game).count() == 1


# --- A new card -------------------------------------------------------------------------


def test_the_host_renews_the_card_and_the_old_one_stops_keeping_score(
    rules, table_code, host, game, at_table
):
    version = game.version
    response = host.post(f"/g/{game.code}/new-card/", {"table": table_code})
    assert response.status_code == 302
    assert response["Location"] == f"/r/{rules.code}/card/"
    game.refresh_from_db()
    assert game.table != table_code and game.old_table == table_code
    assert game.version == version + 1  # the old phones' next poll is answered afresh
    # The host's card now carries the new table link; the old link shows no game.
    card = host.get(f"/r/{rules.code}/card/").content.decode()
    assert f"/r/{rules.code}/t/{game.table}/" in card
    assert "This table has a new card" in card
    old = Client().get(f"/r/{rules.code}/t/{table_code}/").content.decode()
    assert "being played" not in old
    # The phone of the old card is told why, on the page, in its poll and in its queue.
    page = at_table.get(f"/g/{game.spectator_code}/")
    assert page.status_code == 403
    assert "The card on this table was renewed" in page.content.decode()
    poll = at_table.get(f"/g/{game.spectator_code}/board/", headers={"HX-Request": "true"})
    assert poll.status_code == 403
    assert poll["Content-Type"].startswith("text/plain")
    assert "renewed" in poll.content.decode()
    queued = at_table.post(
        f"/g/{game.spectator_code}/rounds/new/",
        _round(game),
        headers={"Accept": "application/json"},
    )
    assert queued.status_code == 403
    answer = json.loads(queued.content)
    assert answer["result"] == "refused"  # the queue keeps it, with this message
    assert "renewed" in answer["message"]
    assert "Your round was not saved: Ben went out; Ann 5, Cat 7." in answer["message"]
    assert Round.objects.filter(game=game).count() == 1
    # The game link goes on; a phone that scans the new card keeps score again.
    assert host.get(f"/g/{game.code}/").status_code == 200
    at_table.get(f"/r/{rules.code}/t/{game.table}/")
    again = at_table.post(f"/g/{game.spectator_code}/rounds/new/", _round(game))
    assert again.status_code == 302
    assert Round.objects.filter(game=game).count() == 2


def test_only_the_game_link_renews_the_card(game, at_table):
    for client, status in ((at_table, 403), (Client(), 403)):
        response = client.post(f"/g/{game.spectator_code}/new-card/", {"table": game.table})
        assert response.status_code == status
    refused = at_table.post(f"/g/{game.spectator_code}/new-card/").content.decode()
    assert "Only a phone that keeps score with the game link" in refused
    assert Game.objects.get(pk=game.pk).table == game.table
    assert at_table.get(f"/g/{game.code}/new-card/").status_code == 405


def test_renewing_moves_every_game_of_the_table_and_none_elsewhere(rules, table_code, host, game):
    other = Client()
    other.get(f"/r/{rules.code}/t/{codes.new_code()}/")
    data = {"name": ["Zoe", "Yan"] + [""] * 8, "dealer": "1", "submission_id": str(uuid.uuid4())}
    other.post(f"/r/{rules.code}/play/", data)
    theirs = Game.objects.get(players__name="Zoe")
    second = services.start_game(game.revision, ["Dad", "Mom"], 0, uuid.uuid4(), table=table_code)[
        0
    ]
    new = tables.renew(host.get("/").wsgi_request, game)
    assert set(Game.objects.filter(table=new).values_list("pk", flat=True)) == {
        game.pk,
        second.pk,
    }
    assert Game.objects.get(pk=theirs.pk).old_table == ""


def test_a_phone_at_the_table_passes_the_card_s_link_on(rules, table_code, game, at_table):
    html = at_table.get(f"/g/{game.spectator_code}/").content.decode()
    assert "Table link" in html
    assert f"http://testserver/r/{rules.code}/t/{table_code}/" in html
    assert "Game link" not in html


def test_a_second_tap_on_make_a_new_card_changes_nothing(rules, table_code, host, game):
    assert host.post(f"/g/{game.code}/new-card/", {"table": table_code}).status_code == 302
    new = Game.objects.get(pk=game.pk).table
    other_host = Client()  # another phone with the game link, on the page from before
    again = other_host.post(f"/g/{game.code}/new-card/", {"table": table_code}, follow=True)
    html = again.content.decode()
    assert "The card had already been renewed: here it is. Nothing was changed." in html
    assert Game.objects.get(pk=game.pk).table == new
    assert f"/r/{rules.code}/t/{new}/" in html  # it prints the card as it is now
