"""Who may do what: every URL x (creator, game member, spectator, stranger) x method.

The URL list comes from the resolver, so a URL added without a row here fails
``test_every_url_has_a_row``. What each person holds decides the codes they can put in
a URL:

* creator: made the rule set (this browser may edit it) and started the game, so holds
  the rule-set code, the edit secret, the game link and the spectator link;
* member: a phone at the table: the game link, the spectator link and the rule-set code
  (the game page links to the rules), no edit rights;
* table: a phone that scanned the card on the table (opened its table link) and nothing
  else: the rule-set code and the spectator code (the table page's "Keep score" and
  "Follow" links), which keep score under /g/ in its browser (play.tables), though it may
  not renew the card;
* spectator: the spectator link and the rule-set code; tried on the game link, the
  spectator code is a 403 that says so;
* sharer: only the rule set's share link (posted online, sent by a friend): the rule-set
  code, which it puts wherever a URL takes a code; it never keeps score, and a game's URL
  with it is a 403 that says so;
* stranger: no code at all, so guesses (well-formed codes that do not exist): 404.

Every cell starts from the same database (changes are rolled back) and, unless the
request succeeded, must leave it unchanged.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

import pytest
from django.test import Client

from play.models import RemovedRound
from rulesets import codes
from rulesets.forms import export
from tests.hardening.conftest import (
    adjustment_of,
    make_world,
    rolled_back,
    routes,
    snapshot,
    writes,
)
from tests.rulesets.test_views import form_data

pytestmark = pytest.mark.django_db

ROLES = ["creator", "member", "table", "spectator", "sharer", "stranger"]
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
OK = "ok"

# Who gets through, by what the URL needs: the others get the status given.
PUBLIC = dict.fromkeys(ROLES, OK)
RULES = {**PUBLIC, "stranger": 404}
EDITOR = {**dict.fromkeys(ROLES, 403), "creator": OK, "stranger": 404}
TABLE = {**RULES, "spectator": 403, "sharer": 403}
WATCH = {**RULES, "sharer": 404}
# Renewing the card on the table: the game link only (not through the card itself).
HOST = {**TABLE, "table": 403}

# What a successful request of each kind answers, by method; other methods are 405.
READ = {"GET": 200, "HEAD": 200}
FORM = {"GET": 200, "POST": 302}
POST = {"POST": 302}
GRANT = {"GET": 302, "HEAD": 302}


def _round(world, **extra):
    return {"went_out": "1", "hand_0": "5", "hand_2": "6", "hand_3": "7", **extra}


def _player(world):
    """The player the players' URLs name: Ben, in the second seat (so he can move up)."""
    return world.game.players.get(seat=1)


def _points(world) -> dict[str, str]:
    return {
        "player": str(_player(world).pk),
        "points": "10",
        "reason": "agreed bonus",
        "direction": "add",
        "submission_id": str(uuid.uuid4()),
        "expected_round": str(world.game.rounds.count()),
    }


def _removed(world) -> str:
    return str(RemovedRound.objects.get(game=world.game).pk)


@dataclass
class Row:
    methods: dict[str, int]
    access: dict[str, object]
    post: object = None  # world -> the data of a valid POST
    finished: bool = False  # the game is over (Play again needs it)
    removed: bool = False  # its round was undone (Put it back needs it)
    extra: dict = field(default_factory=dict)


ROWS = {
    "healthz": Row(READ, PUBLIC),
    "robots_txt": Row(READ, PUBLIC),
    "readyz": Row(READ, PUBLIC),
    "set_language": Row(POST, PUBLIC, lambda w: {"language": "en", "next": "/"}),
    "javascript_catalog": Row(READ, PUBLIC),
    "rulesets:home": Row(READ, PUBLIC),
    "manifest": Row(READ, PUBLIC),
    "rulesets:service_worker": Row(READ, PUBLIC),
    "rulesets:new": Row(FORM, PUBLIC, lambda w: form_data(name="Ours")),
    "rulesets:import": Row(FORM, PUBLIC, lambda w: {"text": json.dumps(export(w.ruleset.current))}),
    "rulesets:rules": Row(READ, RULES),
    "rulesets:edit": Row(FORM, EDITOR, lambda w: form_data(name="Renamed")),
    "rulesets:grant": Row(GRANT, EDITOR),
    "rulesets:history": Row(READ, RULES),
    "rulesets:answers": Row(READ, RULES),
    "rulesets:json": Row(READ, RULES),
    "rulesets:forget": Row(POST, EDITOR, lambda w: {}),
    "rulesets:new_edit_link": Row(POST, EDITOR, lambda w: {}),
    "rulesets:edit_link_saved": Row(POST, EDITOR, lambda w: {}),
    "rulesets:restore": Row(POST, EDITOR, lambda w: {}),
    "rulesets:qr_svg": Row(READ, RULES),
    "rulesets:qr_png": Row(READ, RULES),
    "rulesets:og_image": Row(READ, RULES),
    "rulesets:card": Row(READ, RULES),
    "play:new": Row(
        FORM,
        RULES,
        lambda w: {"name": ["Eve", "Fay"], "dealer": "1", "submission_id": str(uuid.uuid4())},
    ),
    # Any table code may follow a rules code: a made-up one shows no game.
    "play:table": Row(READ, RULES),
    "play:scorer": Row(READ, TABLE),
    "play:add_points": Row(FORM, TABLE, lambda w: _points(w)),
    "play:undo_points": Row(POST, TABLE, lambda w: {}),
    "play:put_back_points": Row(POST, TABLE, lambda w: {}),
    "play:dealer": Row(
        POST, TABLE, lambda w: {"player": str(w.game.players.get(seat=3).pk), "round": "2"}
    ),
    "play:new_card": Row(POST, HOST, lambda w: {"table": w.game.table}),
    "play:display": Row(READ, WATCH),
    "play:display_board": Row(READ, WATCH),
    "play:game": Row(READ, TABLE),
    "play:board": Row(READ, TABLE),
    "play:history": Row(READ, TABLE),
    "play:rules": Row(READ, TABLE),
    "play:record": Row(POST, TABLE, lambda w: _round(w, submission_id=str(uuid.uuid4()))),
    "play:edit": Row(FORM, TABLE, lambda w: _round(w, version="1")),
    "play:delete": Row(FORM, TABLE, lambda w: {"version": "1"}),
    "play:undo": Row(POST, TABLE, lambda w: {"round": str(w.round.pk), "version": "1"}),
    "play:again": Row(POST, TABLE, lambda w: {}, finished=True),
    "play:put_back": Row(POST, TABLE, lambda w: {"removed": _removed(w)}, removed=True),
    "play:players": Row(READ, TABLE),
    "play:add_player": Row(POST, TABLE, lambda w: {"name": "Zed", "start_from": "zero"}),
    "play:rename_player": Row(POST, TABLE, lambda w: {"name": "Zed"}),
    "play:move_player": Row(POST, TABLE, lambda w: {"seat": str(_player(w).seat)}),
    "play:remove_player": Row(FORM, TABLE, lambda w: {}),
    "play:csv": Row(READ, TABLE),
    "play:json": Row(READ, TABLE),
    "play:qr_svg": Row(READ, TABLE),
    "play:qr_png": Row(READ, TABLE),
    "play:watch_game": Row(READ, WATCH),
    "play:watch_board": Row(READ, WATCH),
    "play:events": Row(READ, WATCH),
    "play:watch_history": Row(READ, WATCH),
    "play:watch_rules": Row(READ, WATCH),
    "play:result_image": Row(READ, WATCH),
    "play:watch_csv": Row(READ, WATCH),
    "play:watch_json": Row(READ, WATCH),
    "play:watch_qr_svg": Row(READ, WATCH),
    "play:watch_qr_png": Row(READ, WATCH),
    "estimates:game_length": Row(READ, RULES),
    "estimates:for_players": Row(READ, RULES),
    "estimates:revision_change": Row(READ, RULES),
}
ROUTES = {route.name: route for route in routes()}


def test_every_url_has_a_row():
    assert sorted(ROUTES) == sorted(ROWS), "add a row for each new URL (and remove old ones)"


def expected(row: Row, role: str, method: str) -> int:
    if method not in row.methods:
        return 405  # the method is refused before anything is looked up
    access = row.access[role]
    return row.methods[method] if access == OK else access


def codes_of(role: str, world) -> dict[str, str]:
    """The code each person puts in a URL, by the URL's first segment."""
    guess = codes.new_code()
    return {
        "creator": {"r/": world.code, "g/": world.game.code, "w/": world.game.spectator_code},
        "member": {"r/": world.code, "g/": world.game.code, "w/": world.game.spectator_code},
        "table": {
            "r/": world.code,
            "g/": world.game.spectator_code,
            "w/": world.game.spectator_code,
        },
        "spectator": {
            "r/": world.code,
            "g/": world.game.spectator_code,
            "w/": world.game.spectator_code,
        },
        "sharer": {"r/": world.code, "g/": world.code, "w/": world.code},
        "stranger": {"r/": guess, "g/": guess, "w/": guess},
    }[role]


def path_for(route, role: str, world) -> str:
    code = codes_of(role, world).get(route.route[:2], "")
    secret = world.secret if role == "creator" else codes.new_secret()
    return route.path(
        code=code,
        secret=secret,
        round_id=world.round.pk,
        player_id=_player(world).pk,
        adjustment_id=adjustment_of(world, undone=route.name == "play:put_back_points"),
        number=1,
        language="en",
        table=codes.new_code(),
    )


def client_for(role: str, world, **kwargs) -> Client:
    client = Client(**kwargs)
    if role == "creator":
        assert client.get(f"/r/{world.code}/edit/{world.secret}/").status_code == 302
    if role == "table":  # scanned the card on the table
        assert client.get(f"/r/{world.code}/t/{world.game.table}/").status_code == 200
    if role == "sharer":
        assert client.get(f"/r/{world.code}/").status_code == 200
    return client


def call(client: Client, method: str, path: str, data):
    if method == "POST":
        return client.post(path, data or {})
    if method in ("PUT", "PATCH", "DELETE"):  # with a body, as a form would send it
        return client.generic(method, path, "a=1", "application/x-www-form-urlencoded")
    return client.generic(method, path)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_who_may_do_what(name, worlds):
    row, route = ROWS[name], ROUTES[name]
    world = worlds[row.finished, row.removed]
    actual, wanted = {}, {}
    before = snapshot()  # every cell starts from this database (each is rolled back)
    cookies = {role: client_for(role, world).cookies for role in ROLES}  # signed, not in the DB
    client = Client()  # one handler for every cell; each cell starts from its role's cookies
    for role in ROLES:
        path = path_for(route, role, world)
        for method in METHODS:
            with rolled_back():
                client.cookies = SimpleCookie(cookies[role])
                data = row.post(world) if row.post and method == "POST" else None
                with writes() as written:
                    response = call(client, method, path, data)
                status = response.status_code
                actual[role, method] = status
                wanted[role, method] = expected(row, role, method)
                refused_or_read = method != "POST" or status != 302
                if refused_or_read and written:
                    assert snapshot() == before, f"{role} {method} {name} changed the database"
    assert actual == wanted


def test_the_write_watch_sees_the_apps_writes_and_nothing_else():
    """What lets the matrix skip the snapshot: a write to a rule set or a game is seen,
    the rate limiter's count of a guess is not (it is not the person's doing)."""
    world = make_world()
    with writes() as written:
        assert Client().get(f"/r/{codes.new_code()}/").status_code == 404
    assert written == []
    with rolled_back(), writes() as written:
        world.game.players.filter(seat=1).update(name="Zed")
        world.ruleset.revisions.update(note="changed")
    assert len(written) == 2


def test_a_successful_post_did_what_it_says():
    """The table's POST rows do change things (so their 302s are not refusals)."""
    world = make_world()
    member = Client()
    before = world.game.rounds.count()
    url = ROUTES["play:record"].path(code=world.game.code)
    assert member.post(url, _round(world, submission_id=str(uuid.uuid4()))).status_code == 302
    assert world.game.rounds.count() == before + 1


def test_a_phone_with_only_the_card_records_a_round_in_two_taps():
    """The scan opens the table link; tap 1: "Keep score"; then the entry; tap 2: Save."""
    import re

    world = make_world()
    phone = Client()
    scanned = phone.get(f"/r/{world.code}/t/{world.game.table}/").content.decode()
    keep = re.search(r'href="([^"]+)">Keep score</a>', scanned).group(1)
    board = phone.get(keep).content.decode()  # tap 1
    action = re.search(r'<form method="post" action="([^"#]+)[^"]*"[^>]*data-record', board)
    expected = re.search(r'name="expected_round" value="(\d+)"', board).group(1)
    data = _round(world, submission_id=str(uuid.uuid4()), expected_round=expected)
    before = world.game.rounds.count()
    assert phone.post(action.group(1), data).status_code == 302  # tap 2
    assert world.game.rounds.count() == before + 1


def test_refusals_say_why():
    world = make_world()
    spectator = Client().get(f"/g/{world.game.spectator_code}/")
    assert spectator.status_code == 403
    assert "read-only link" in spectator.content.decode()
    member = Client().get(f"/r/{world.code}/edit/")
    assert member.status_code == 403
    assert "edit link" in member.content.decode()
    sharer = Client()
    sharer.get(f"/r/{world.code}/")
    shared = sharer.post(f"/g/{world.code}/rounds/new/", _round(world))
    assert shared.status_code == 403
    assert "This is the link of the rules, not of a game" in shared.content.decode()
    stranger = Client().get(f"/g/{codes.new_code()}/")
    assert stranger.status_code == 404
    assert "No game has this link." in stranger.content.decode()


# --- CSRF: every write needs the token -----------------------------------------------

WRITES = [name for name, row in ROWS.items() if "POST" in row.methods]


def _csrf_token(client: Client) -> str:
    client.get("/")  # every page sets the cookie (base.html hands the token to htmx)
    return client.cookies["csrftoken"].value


@pytest.mark.parametrize("name", WRITES)
def test_a_write_without_the_csrf_token_is_refused(name, worlds):
    row, route = ROWS[name], ROUTES[name]
    world = worlds[row.finished, row.removed]
    path = path_for(route, "creator", world)
    for method in ["POST", "PUT", "PATCH", "DELETE"]:
        client = client_for("creator", world, enforce_csrf_checks=True)
        _csrf_token(client)  # the cookie alone is not enough
        data = row.post(world) if method == "POST" else None
        with writes() as written:
            response = call(client, method, path, data)
        assert response.status_code == 403, (method, response.status_code)
        assert "nothing was changed" in response.content.decode()
        assert written == []
    # A token from another site's page (a wrong one) or a foreign origin is refused too.
    client = client_for("creator", world, enforce_csrf_checks=True)
    token = _csrf_token(client)
    bad = {**row.post(world), "csrfmiddlewaretoken": "x" * 64}
    with writes() as written:
        assert client.post(path, bad).status_code == 403
        foreign = client.post(
            path,
            {**row.post(world), "csrfmiddlewaretoken": token},
            headers={"Origin": "https://evil.example"},
        )
    assert foreign.status_code == 403
    assert written == []
    # The control: with the token, in the form or as htmx sends it, the same post succeeds.
    with rolled_back():
        assert (
            client.post(path, {**row.post(world), "csrfmiddlewaretoken": token}).status_code == 302
        )
    client = client_for("creator", world, enforce_csrf_checks=True)
    token = _csrf_token(client)
    with rolled_back():
        htmx = {"X-CSRFToken": token, "HX-Request": "true"}
        assert client.post(path, row.post(world), headers=htmx).status_code == 302


# --- The admin site: nothing without a staff login -----------------------------------


def _admin_routes():
    from django.urls import URLResolver, get_resolver

    admin = next(
        p
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and p.namespace == "admin"
    )
    found = []

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + str(p.pattern))
            else:
                found.append((p.name, prefix + str(p.pattern)))

    walk(admin.url_patterns, "admin/")
    return found


def test_the_admin_site_asks_for_a_staff_login():
    import re

    world = make_world()
    checked = 0
    for name, pattern in _admin_routes():
        path = "/" + re.sub(r"<(?:\w+:)?\w+>", "1", pattern).replace("^", "").replace("$", "")
        if "(" in path:  # a regular expression route (the catch-all): tried below
            continue
        response = Client().get(path)
        if name == "login":
            assert response.status_code == 200
        elif name == "logout":  # nobody to log out
            assert response.status_code in (302, 405)
        else:
            assert response.status_code == 302, (name, path, response.status_code)
            assert response["Location"].startswith("/admin/login/"), (name, path)
        checked += 1
    assert checked > 10
    assert Client().get(f"/admin/rulesets/ruleset/{world.ruleset.pk}/change/").status_code == 302
    wrong = Client().post("/admin/login/", {"username": "admin", "password": "admin"})
    assert wrong.status_code == 200
    assert "correct username and password" in wrong.content.decode()
