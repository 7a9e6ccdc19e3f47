"""One game for the whole table: the table link, "Start a game" asking first, another
scorer's QR code, the big screen, and the web app manifest.

Personas as in test_views: a *member* has the game link, a *spectator* the read-only
link, a *stranger* neither; here also a *neighbour*: a family with the same (public)
rules link, at another table.
"""

import datetime as dt
import io
import json
import re
import uuid

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import timezone
from PIL import Image

from play import services, tables
from play.models import Game
from rulesets import codes
from tests.conftest import make_ruleset
from tests.play.conftest import make_game, record

ANN, BEN, CAT = range(3)


def _start(client, code, names=("Ann", "Ben", "Cat")):
    padded = list(names) + [""] * (10 - len(names))
    data = {"name": padded, "dealer": "1", "submission_id": str(uuid.uuid4())}
    response = client.post(f"/r/{code}/play/", data)
    assert response.status_code == 302
    return Game.objects.get(code=response["Location"].strip("/").rsplit("/", 1)[1])


@pytest.fixture
def at_table(rules, table_code):
    """A phone that scanned the printed card: it opened the table link."""
    c = Client()
    assert c.get(f"/r/{rules.code}/t/{table_code}/").status_code == 200
    return c


# --- The table link ------------------------------------------------------------------


def test_a_game_started_at_the_table_is_found_from_the_table_link(rules, at_table, table_code):
    game = _start(at_table, rules.code)
    assert game.table == table_code
    record(services.load_game(pk=game.pk), ANN, {BEN: 30, CAT: 12})

    third = Client()  # another phone scans the same card
    response = third.get(f"/r/{rules.code}/t/{table_code}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "A game is being played at this table" in html
    assert "Ann, Ben, Cat" in html
    assert "Round 2. Ann leads with 42 points." in html
    # Following is read-only: the spectator link, never the game link.
    assert f'href="/w/{game.spectator_code}/"' in html
    assert game.code not in html
    assert (
        response["Cache-Control"] == "private, no-cache" or "private" in response["Cache-Control"]
    )
    assert response["X-Robots-Tag"] == "noindex"
    # The rules are all there as on the rules page.
    assert 'id="reference"' in html
    assert third.session["tables"] == {rules.code: table_code}


def test_the_public_rules_link_never_shows_a_game(rules, at_table):
    _start(at_table, rules.code)
    html = Client().get(f"/r/{rules.code}/").content.decode()
    assert "being played at this table" not in html
    assert "Ann, Ben, Cat" not in html


def test_the_rules_pages_cached_fragments_never_carry_a_tables_games(rules, at_table, table_code):
    """The rules are the public page's cached fragments (issue 11); the games are not."""
    _start(at_table, rules.code)
    assert "Ann, Ben, Cat" in at_table.get(f"/r/{rules.code}/t/{table_code}/").content.decode()
    public = Client().get(f"/r/{rules.code}/").content.decode()
    elsewhere = Client().get(f"/r/{rules.code}/t/{codes.new_code()}/").content.decode()
    for html in (public, elsewhere):
        assert "Ann, Ben, Cat" not in html and "being played" not in html
        assert "Start a game" in html  # the same rules page, from the same fragments
    # A game that starts later appears at once: the list is never kept.
    second = Client()
    second.get(f"/r/{rules.code}/t/{table_code}/")
    _start(second, rules.code, ["Zoe", "Yan"])
    html = at_table.get(f"/r/{rules.code}/t/{table_code}/").content.decode()
    assert "Zoe, Yan" in html
    assert "Games being played at this table" in html  # two of them now
    assert "A game is being played" not in html


def test_another_table_with_the_same_rules_sees_nothing_of_ours(rules, at_table):
    _start(at_table, rules.code)
    neighbour = Client()
    html = neighbour.get(f"/r/{rules.code}/t/{codes.new_code()}/").content.decode()
    assert "being played" not in html and "Ann" not in html
    # Their own game at their own table is theirs alone.
    theirs = _start(neighbour, rules.code, ["Zoe", "Yan"])
    ours = at_table.get(f"/r/{rules.code}/t/{at_table.session['tables'][rules.code]}/")
    assert "Zoe" not in ours.content.decode()
    assert theirs.table == neighbour.session["tables"][rules.code]


def test_only_games_in_progress_of_these_rules_are_shown(rules, table_code):
    now = timezone.now()
    other_rules = make_ruleset("party")[0]
    fresh = services.start_game(rules.current, ["Ann", "Ben"], 0, uuid.uuid4(), table=table_code)[0]
    old = services.start_game(rules.current, ["Old", "Man"], 0, uuid.uuid4(), table=table_code)[0]
    Game.objects.filter(pk=old.pk).update(updated_at=now - dt.timedelta(hours=5))
    over = services.start_game(rules.current, ["Won", "Lost"], 0, uuid.uuid4(), table=table_code)
    Game.objects.filter(pk=over[0].pk).update(finished_at=now)
    services.start_game(other_rules.current, ["Par", "Ty"], 0, uuid.uuid4(), table=table_code)
    found = tables.in_progress(rules, table_code)
    assert [g.game.pk for g in found] == [fresh.pk]
    assert found[0].lead_text == "No round has been recorded yet."
    assert tables.in_progress(rules, None) == []


@pytest.mark.parametrize(
    ("preset", "changes", "names", "hands", "text"),
    [
        ("official", {}, ["Ann", "Ben"], {BEN: 1}, "Ann leads with 1 point."),
        (
            "official",
            {},
            ["Ann", "Ben", "Cat"],
            None,
            "Ann, Ben and Cat share the lead with 0 points each.",
        ),
        (
            "official",
            {"scoring": "round_wins", "rounds_to_win": 3},
            ["Ann", "Ben"],
            {},
            "Ann leads with 1 round won.",
        ),
        (
            "official",
            {"scoring": "lowest_total_wins"},
            ["Ann", "Ben", "Cat"],
            {BEN: 8, CAT: 8},
            "Ann leads with the lowest total, 0 points.",
        ),
        (
            "official",
            {"teams": "pairs"},
            ["Ann", "Ben", "Cat", "Dan"],
            {1: 10, 3: 5},
            "Ann & Cat lead with 15 points.",
        ),
    ],
)
def test_who_leads_in_words(db, preset, changes, names, hands, text):
    game = make_game(names, preset=preset, **changes)
    record(game, ANN, hands)
    Game.objects.filter(pk=game.pk).update(table="T" * 11)
    (found,) = tables.in_progress(game.revision.ruleset, "T" * 11)
    assert found.lead_text == text


def test_a_tie_shares_the_lead(db):
    game = make_game(["Ann", "Ben", "Cat"], scoring="round_wins", rounds_to_win=3)
    record(game, ANN)
    record(game, BEN)
    Game.objects.filter(pk=game.pk).update(table="T" * 11)
    (found,) = tables.in_progress(game.revision.ruleset, "T" * 11)
    assert found.lead_text == "Ann and Ben share the lead with 1 round won each."


@pytest.mark.parametrize("table", ["short", "0" * 11, "T" * 17, "a/b"])
def test_a_malformed_table_code_is_404(rules, table):
    assert Client().get(f"/r/{rules.code}/t/{table}/").status_code == 404


def test_a_table_link_of_unknown_rules_is_404(db):
    assert Client().get(f"/r/{codes.new_code()}/t/{codes.new_code()}/").status_code == 404


def test_the_table_link_takes_no_post(rules, table_code):
    assert Client().post(f"/r/{rules.code}/t/{table_code}/").status_code == 405


def test_a_browser_remembers_a_bounded_number_of_tables(db, monkeypatch):
    monkeypatch.setattr(tables, "MAX_REMEMBERED", 3)  # the bound, not its size (20)
    client = Client()
    for _ in range(tables.MAX_REMEMBERED + 3):
        rs = make_ruleset()[0]
        client.get(f"/r/{rs.code}/t/{codes.new_code()}/")
    remembered = client.session["tables"]
    assert len(remembered) == tables.MAX_REMEMBERED
    assert rs.code in remembered


# --- The printed card carries the table link ------------------------------------------


def test_the_card_carries_this_browsers_table_link(rules):
    printer = Client()
    first = printer.get(f"/r/{rules.code}/card/").content.decode()
    table = printer.session["tables"][rules.code]
    link = f"http://testserver/r/{rules.code}/t/{table}/"
    assert link in first
    # Printed again, it is the same table; the tent card too.
    assert link in printer.get(f"/r/{rules.code}/card/").content.decode()
    assert printer.get(f"/r/{rules.code}/card/?layout=tent").context["card_url"] == link
    # The small cards are handed out: the rules link, no table.
    small = printer.get(f"/r/{rules.code}/card/?layout=small").content.decode()
    assert f"/r/{rules.code}/t/" not in small
    # Another browser's card is another table.
    other = Client()
    other.get(f"/r/{rules.code}/card/")
    assert other.session["tables"][rules.code] != table


def test_a_game_started_after_printing_is_at_the_printed_table(rules):
    printer = Client()
    printer.get(f"/r/{rules.code}/card/")
    game = _start(printer, rules.code)
    assert game.table == printer.session["tables"][rules.code]


def test_play_again_stays_at_the_table(rules, at_table, table_code):
    game = services.load_game(pk=_start(at_table, rules.code, ["Ann", "Ben"]).pk)
    while not services.load_game(pk=game.pk).finished:
        record(game, ANN, {BEN: 200})
    new_game, _created = services.play_again(services.load_game(pk=game.pk))
    assert new_game.table == table_code


# --- "Start a game" asks first ----------------------------------------------------------


def test_start_a_game_asks_when_a_game_is_in_progress_at_this_table(rules, at_table, table_code):
    game = _start(at_table, rules.code)
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - dt.timedelta(minutes=12))
    phone_b = Client()
    phone_b.get(f"/r/{rules.code}/t/{table_code}/")
    response = phone_b.get(f"/r/{rules.code}/play/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Follow it, or start a new one?" in html
    assert re.search(r"A game with these rules started <time [^>]+>12\xa0minutes</time> ago", html)
    assert "at this table: Ann, Ben, Cat." in html
    assert f'href="/w/{game.spectator_code}/">Follow it</a>' in html
    assert 'href="?new=1">Start a new one</a>' in html
    assert 'name="name"' not in html  # the form comes after the answer
    # "Start a new one": the form.
    html = phone_b.get(f"/r/{rules.code}/play/?new=1").content.decode()
    assert html.count('name="name"') == 10
    assert "Follow it" not in html


def test_start_a_game_does_not_ask_elsewhere(rules, at_table):
    _start(at_table, rules.code)
    for client in (Client(), at_table):
        if client is at_table:
            Game.objects.update(finished_at=timezone.now())  # the game ended: nothing to follow
        html = client.get(f"/r/{rules.code}/play/").content.decode()
        assert "Follow it" not in html
        assert html.count('name="name"') == 10


def test_a_start_form_with_errors_does_not_ask(rules, at_table):
    _start(at_table, rules.code)
    data = {"name": ["Ann"] + [""] * 9, "dealer": "1", "submission_id": str(uuid.uuid4())}
    response = at_table.post(f"/r/{rules.code}/play/", data)
    assert response.status_code == 400
    assert "Follow it" not in response.content.decode()


# --- "Let another phone keep score" -------------------------------------------------------


def test_a_scorer_shows_the_game_link_large(game):
    member = Client()
    response = member.get(f"/g/{game.code}/scorer/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Let another phone keep score" in html
    assert f'src="/g/{game.code}/qr.svg" width="320" height="320"' in html
    assert f'value="http://testserver/g/{game.code}/"' in html
    board = member.get(f"/g/{game.code}/").content.decode()
    assert f'href="/g/{game.code}/scorer/">Let another phone keep score</a>' in board


def test_a_spectator_cannot_show_the_scorers_qr(game):
    response = Client().get(f"/g/{game.spectator_code}/scorer/")
    assert response.status_code == 403
    assert game.code not in response.content.decode()
    html = Client().get(f"/w/{game.spectator_code}/").content.decode()
    assert "Let another phone keep score" not in html


def test_a_stranger_gets_404_for_the_scorers_qr(db):
    assert Client().get(f"/g/{codes.new_code()}/scorer/").status_code == 404


# --- The big screen ---------------------------------------------------------------------


def test_the_table_display_ranks_the_totals_and_says_who_deals(game):
    record(game, BEN, {0: 10, 2: 30, 3: 5})  # Ben 45
    record(game, CAT, {0: 3, 1: 2, 3: 1})  # Cat 6
    response = Client().get(f"/w/{game.spectator_code}/table/")
    html = response.content.decode()
    assert response.status_code == 200
    names = re.findall(r'<span class="display-name"><bdi>(\w+)', html)
    places = re.findall(r'<span class="display-place">([^<]+)<', html)
    assert names == ["Ben", "Cat", "Ann", "Dan"]
    assert places == ["1st", "2nd", "Tied 3rd", "Tied 3rd"]  # Ann and Dan share the third place
    assert "needs 455 to win" in html  # Ben, 45 of 500: what the phones say
    assert "<strong><bdi>Cat</bdi></strong> deals" in html
    assert f'src="/w/{game.spectator_code}/qr.svg"' in html
    # Read-only: no form, no game link.
    assert "<form" not in html
    assert game.code not in html


def _places(html, place_class, name_class):
    """(place, name) from first to last, as a page shows them."""
    name = rf'<span class="{name_class}">(?:<bdi>)?(\w+)'
    rows = re.findall(rf'<span class="{place_class}">([^<]*)<.*?{name}', html, re.S)
    return [(place.strip(), name) for place, name in rows]


def test_the_table_display_ranks_as_the_phones_do_after_a_player_left(game, member):
    from play import table
    from play.models import Player

    record(game, BEN, {ANN: 30, CAT: 50, 3: 20})  # Ben 100
    record(game, CAT, {ANN: 5, BEN: 5, 3: 2})  # Cat 12, so Cat 62
    record(game, ANN, {BEN: 3, CAT: 3, 3: 1})  # Ann 7
    table.remove_player(game, Player.objects.get(game=game, name="Cat").pk)
    phone = member.get(f"/g/{game.code}/").content.decode()
    tv = Client().get(f"/w/{game.spectator_code}/table/").content.decode()
    on_phone = _places(phone, "score-place", "score-name")
    assert on_phone == [("1st", "Ben"), ("2nd", "Ann"), ("3rd", "Dan")]
    # Cat left: the big screen no longer ranks her 2nd (the phones' sides, the phones' places).
    assert _places(tv, "display-place", "display-name") == on_phone
    assert "Cat" not in re.sub(r"<title>.*?</title>", "", tv)


def test_the_table_display_with_lowest_total_wins_ranks_the_lowest_first(db):
    game = make_game(["Ann", "Ben", "Cat"], scoring="lowest_total_wins")
    record(game, ANN, {BEN: 40, CAT: 7})
    html = Client().get(f"/w/{game.spectator_code}/table/").content.decode()
    assert re.findall(r'<span class="display-name"><bdi>(\w+)', html) == ["Ann", "Cat", "Ben"]


def test_the_table_display_poll_answers_304_until_something_changes(game):
    watcher = Client()
    first = watcher.get(f"/w/{game.spectator_code}/table/board/")
    assert first.status_code == 200
    etag = first["ETag"]
    again = watcher.get(f"/w/{game.spectator_code}/table/board/", headers={"if-none-match": etag})
    assert again.status_code == 304
    record(game, ANN, {BEN: 1, CAT: 1, 3: 1})
    changed = watcher.get(f"/w/{game.spectator_code}/table/board/", headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert 'id="display"' in changed.content.decode()


def test_the_table_display_needs_the_spectator_code(game):
    assert Client().get(f"/w/{game.code}/table/").status_code == 404
    assert Client().get(f"/w/{codes.new_code()}/table/").status_code == 404
    assert Client().post(f"/w/{game.spectator_code}/table/").status_code == 405


# --- Installable ------------------------------------------------------------------------


def test_the_manifest_makes_the_site_installable(client, db):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "maskable"), ("512x512", "maskable"), ("512x512", "any")} <= sizes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon["src"]
        with Image.open(io.BytesIO(b"".join(image.streaming_content))) as png:
            assert png.format == "PNG"
            assert f"{png.width}x{png.height}" == icon["sizes"]
    assert (
        client.get("/manifest.webmanifest", headers={"if-none-match": response["ETag"]}).status_code
        == 304
    )
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_a_maskable_icon_keeps_its_picture_inside_the_safe_circle():
    """Outside the middle 80 % circle (launchers may crop it) there is only background."""
    with Image.open(finders.find("img/icon-512.png")) as icon:
        rgb = icon.convert("RGB")
        corner = rgb.getpixel((2, 2))
        for x, y in [(40, 40), (471, 40), (40, 471), (471, 471), (256, 10), (10, 256)]:
            assert rgb.getpixel((x, y)) == corner


def test_the_service_worker_keeps_the_manifest_for_offline(client, db):
    """The manifest is saved when the worker installs (its icons, static files, when the
    browser first fetches them)."""
    source = client.get("/sw.js").content.decode()
    assert re.search(r'var PRECACHE = \[.*"/manifest.webmanifest"\]', source)
    assert 'var MANIFEST_URL = "/manifest.webmanifest"' in source


# --- The end of the game, to share ---------------------------------------------------


def _finished(db_game_names=("Ann", "Ben", "Cat")):
    game = make_game(list(db_game_names), target_score=50)
    record(game, BEN, {ANN: 20, CAT: 40})  # Ben 60: the game is over
    record_ = services.load_game(pk=game.pk)
    assert services.board(record_).standing.finished
    return record_


def test_the_finished_board_shares_the_final_places_in_words_and_the_read_only_link(db):
    game = _finished()
    html = Client().get(f"/g/{game.code}/").content.decode()
    words = (
        "Our game of UNO (Official rules) is over.\n"
        "Ben wins with 60 points.\n\n"
        "Winner: Ben, 60 points\nTied 2nd: Ann, 0 points\nTied 2nd: Cat, 0 points"
    )
    assert f'data-share-text="{words}"' in html
    watch = f"http://testserver/w/{game.spectator_code}/"
    assert f'data-share-url="{watch}"' in html
    assert f"{words}\n{watch}</textarea>" in html
    # Only the read-only link is shared: never the game link.
    section = html[
        html.index('class="result-share') : html.index(
            "</section>", html.index('class="result-share')
        )
    ]
    assert game.code not in section


def test_a_game_in_progress_has_nothing_to_share(game):
    assert "Share the result" not in Client().get(f"/g/{game.code}/").content.decode()
    assert 'property="og:image"' not in Client().get(f"/w/{game.spectator_code}/").content.decode()


def test_the_read_only_link_of_a_finished_game_previews_its_final_places(db):
    game = _finished()
    html = Client().get(f"/w/{game.spectator_code}/").content.decode()
    image = f"http://testserver/w/{game.spectator_code}/result.png?lang=en"
    assert f'<meta property="og:image" content="{image}">' in html
    assert '<meta property="og:description" content="Ben wins with 60 points.">' in html
    response = Client().get(image)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    # Behind the spectator code only.
    assert Client().get(f"/w/{game.code}/result.png").status_code == 404


def test_the_preview_of_ten_players_with_long_names_draws(db):
    names = [f"Grandmother Maximiliana {i} 👵" for i in range(10)]
    game = make_game(names, target_score=50)
    record(game, 0, dict.fromkeys(range(1, 10), 9))
    response = Client().get(f"/w/{game.spectator_code}/result.png?lang=de")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
