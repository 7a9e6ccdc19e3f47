"""An evening at the table, as many times over as the box holds: the load of `make capacity`.

A Locust user here is a whole table, not one phone, because the phones of a table play one
game together: the host's phone brings the rules and starts the game, the others scan the
printed card and follow it, and a second phone keeps score too, from the card. Each phone
is a browser of its own (its cookies, its connection, kept alive as a browser keeps it),
and every request is one the page makes. An evening goes like this:

* The host brings the rules: most tables use a popular rule set someone shared online, some
  write their own from a preset, a few import a friend's file. The host opens the printed
  card (the table link) and starts a game of 3 to 6 players.
* Every other phone scans the card: the table link opens the rules page with the game in
  progress. One of them taps "Keep score" beside it and keeps score too (the card lets a
  phone at the table do that, under the game's spectator code); the others tap "Follow
  this game".
* Every phone's scoreboard follows the game as the page's own script does. Most phones hold
  the game's event stream (play/push.py) and ask for the board, with its ETag, when a
  message names a version other than the one shown; a share of phones (``--polling``, as
  on networks that cut streams) and every phone whose stream is refused or cut poll
  instead, at the interval written in the page. The time from a round's save to each
  phone of the table holding the new board is reported: "a change reaches a phone by its
  stream" (judged by `make capacity`), and the same for a phone that polled or saved it.
* About every `--round-every` seconds (jittered) the host records the round just played:
  the cards left in each hand, through the game page's form, then the page it is sent to.
  Now and then, as at a real table:
  - the second scorer enters the same round at the same moment. Mostly both entered the
    same hands: the round is saved once, and the other phone is told it was already saved
    by another phone (a merged double entry, no question asked); now and then one hand
    differs: one is saved, the other phone is shown both and keeps the saved round;
  - the host's phone is offline for a while: the round waits on the phone and is sent
    later with the same submission id, as the page's queue sends it;
  - the answer to a round is lost on the way: the queue sends the same round again, and
    it must count once;
  - a finger taps "Save" twice.
* Now and then a phone looks something up: a "Can I…?" answer, the rounds so far, the card.
* The evening ends after a few rounds, or when the game has a winner. The host reads the
  game back (its JSON export): every round the table had confirmed must be there once, in
  order, and nothing else. A lost, doubled or invented round is a failure, like a 5xx.

Run it headless against any server: ``make capacity`` and ``.ci/run`` do (scripts/capacity.py
starts the servers). By hand, with a server at :8000 started with the rate limits off
(RATE_LIMIT_CREATE_PER_HOUR=0, RATE_LIMIT_NOT_FOUND_PER_MINUTE=0: every phone comes from
one address here)::

    .venv/bin/locust -f scripts/locustfile.py --headless -H http://127.0.0.1:8000 \\
        --users 20 --spawn-rate 2 --run-time 2m --round-every 20
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

import gevent
import gevent.socket
from gevent.lock import Semaphore
from locust import User, events, task
from locust.contrib.fasthttp import FastHttpSession
from locust.runners import STATE_CLEANUP, STATE_STOPPED, STATE_STOPPING
from locust.user.users import LOCUST_STATE_STOPPING

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
QUESTIONS = ["stack", "+4", "forgot UNO", "can I play after drawing", "challenge", "7", "0"]
PRESETS = ["official", "party", "quick", "strict-family"]
# What a family changes from a preset (a few common house rules, so that the estimates of
# how long a game lasts are shared between tables, as they are between real families).
CHANGES = [
    {},
    {"uno_penalty": "4"},
    {"stack_draw_two_on_draw_two": "true"},
    {"target_score": "250"},
]
ROUND_KIND = "record a round"
INF = float("inf")
CHANGE_KIND = "a change reaches a phone by its stream"
CHANGE_KIND_OTHERWISE = "a change reaches a phone that polled or saved it"


@events.init_command_line_parser.add_listener
def _options(parser):
    group = parser.add_argument_group("An evening at the table")
    group.add_argument("--round-every", type=float, default=90.0, help="mean seconds per round")
    group.add_argument("--phones", default="3-6", help="phones at a table: N or LOW-HIGH")
    group.add_argument("--rounds", default="4-8", help="rounds in an evening: N or LOW-HIGH")
    group.add_argument(
        "--polling", type=float, default=0.15, help="share of phones that poll, not stream"
    )
    group.add_argument(
        "--mishaps", type=float, default=0.1, help="share of rounds with a mishap of each kind"
    )


def _between(text: str, rng: random.Random) -> int:
    low, _, high = text.partition("-")
    return rng.randint(int(low), int(high or low))


# --- What a browser reads in a page ----------------------------------------------------


class Page(HTMLParser):
    """The forms of a page as a browser would send them (by action), the choices of their
    radio buttons, and the few attributes the page's scripts read."""

    def __init__(self, html: str):
        super().__init__()
        self.forms: dict[str, list[tuple[str, str]]] = {}
        self.choices: dict[str, dict[str, list[str]]] = {}
        self.attrs: dict[str, str] = {}
        self.links: list[str] = []
        self._action: str | None = None
        self._select = False
        self._textarea = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        for name in ("data-hx-get", "data-hx-trigger", "data-round", "data-finished",
                     "data-events", "data-version"):  # fmt: skip
            if name in a and (tag == "section" or name == "data-finished"):
                self.attrs.setdefault(name, a[name])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "form":
            self._action = a.get("action", "").split("#", 1)[0]
            self.forms.setdefault(self._action, [])
            self.choices.setdefault(self._action, {})
            return
        if self._action is None:
            return
        fields, kind = self.forms[self._action], a.get("type", "text")
        if tag == "option" and self._select:
            name, value = fields[-1]
            if not value or "selected" in a:  # the first option, unless one is selected
                fields[-1] = (name, a.get("value", ""))
            return
        if not a.get("name"):
            return
        if tag == "input" and kind == "radio":
            self.choices[self._action].setdefault(a["name"], []).append(a.get("value", ""))
            if "checked" in a:
                fields.append((a["name"], a.get("value", "")))
        elif tag == "input" and kind == "checkbox":
            if "checked" in a:
                fields.append((a["name"], a.get("value", "on")))
        elif tag == "input" and kind not in ("submit", "button", "file", "image", "reset"):
            fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select = True
            fields.append((a["name"], ""))
        elif tag == "textarea":
            self._textarea = True
            fields.append((a["name"], ""))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "form":
            self._action = None
        elif tag == "select":
            self._select = False
        elif tag == "textarea":
            self._textarea = False

    def handle_data(self, data):
        if self._textarea and self._action is not None:
            name, value = self.forms[self._action][-1]
            self.forms[self._action][-1] = (name, value + data)

    def has_form(self, ending: str) -> bool:
        return any(action.endswith(ending) for action in self.forms)

    def form(self, ending: str) -> tuple[str, dict[str, str]]:
        """The form whose action ends with ``ending``: its action and fields."""
        for action, fields in self.forms.items():
            if action.endswith(ending):
                return action, dict(fields)
        raise LookupError(f"the page has no form for …{ending}")


# --- A phone ---------------------------------------------------------------------------


class Phone:
    """One browser at the table: its cookies and its connection."""

    def __init__(self, table: Table, who: str):
        self.table = table
        self.who = who
        self.http = FastHttpSession(
            table.host,
            request_event=table.environment.events.request,
            user=table,
            connection_timeout=10.0,
            network_timeout=30.0,
            max_retries=1,  # as a browser retries on a kept-alive connection that closed
        )
        self.page: Page | None = None
        self.home = ""  # its scoreboard: the game link, or the card's way to it
        self.board_url = ""
        self.poll_seconds = 3.0
        self.etag = ""
        self.round = 1  # the round being played, as the board this phone shows says
        self.finished = False
        self.events_url = ""  # the game's event stream, as the board names it
        self.streaming = False  # holding the stream now (not polling)
        self.version = 0  # the game's version on the board this phone shows

    def get(self, kind: str, path: str, headers: dict | None = None, ok=(200,)):
        with self.http.get(path, name=kind, headers=headers, catch_response=True) as r:
            if r.status_code in ok:
                r.success()
            else:
                r.failure(f"{kind}: {r.status_code}")
            return r

    def post(self, kind: str, path: str, fields: dict | list, headers=None, ok=(302,)):
        with self.http.post(
            path,
            name=kind,
            data=urlencode(fields),
            headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
            allow_redirects=False,
            catch_response=True,
        ) as r:
            if r.status_code in ok:
                r.success()
            else:
                r.failure(f"{kind}: {r.status_code} {r.error or (r.text or '')[:200]}")
            if kind.startswith(ROUND_KIND) and r.status_code in (200, 302):
                self.table.last_saved = time.monotonic()
            return r

    def open(self, kind: str, path: str) -> Page:
        """A page, read as the browser reads it (its forms, its board and how it polls)."""
        response = self.get(kind, path)
        self.page = Page(response.text or "")
        if "data-hx-get" in self.page.attrs and "data-round" in self.page.attrs:
            self.board_url = self.page.attrs["data-hx-get"]
            every = re.search(r"every (\d+(?:\.\d+)?)s", self.page.attrs["data-hx-trigger"])
            self.poll_seconds = float(every.group(1)) if every else 3.0
            self.round = int(self.page.attrs["data-round"])
            self.etag = ""  # a full page: the board's ETag comes with its first poll
            self.events_url = self.page.attrs.get("data-events", "")
            self.shows(int(self.page.attrs.get("data-version") or 0))
        self.finished = self.page.attrs.get("data-finished") == "true"
        return self.page

    def shows(self, version: int) -> None:
        """This phone now holds the board of ``version``: the time since the change was
        saved, the first time it reaches this phone."""
        if version > self.version:
            if self.version:  # not the board's first opening on this phone
                self.table.reached(version, self.streaming)
            self.version = version

    def follow(self, response, kind: str) -> Page:
        """The page a form's redirect leads to, as the browser follows it."""
        return self.open(kind, response.headers["Location"])

    def poll(self, kind: str = "poll the scoreboard") -> None:
        """The scoreboard's own poll: its ETag, so an unchanged board is a 304."""
        headers = {"If-None-Match": self.etag, "HX-Request": "true"} if self.etag else None
        response = self.get(kind, self.board_url, headers, ok=(200, 304))
        if response.status_code == 200:
            self.etag = response.headers.get("ETag", "")
            board = Page(response.text or "")
            self.round = int(board.attrs.get("data-round", self.round))
            self.finished = board.attrs.get("data-finished") == "true"
            self.shows(int(board.attrs.get("data-version") or 0))

    def follow_the_game(self, rng: random.Random, polling: bool, until: float = INF) -> None:
        """The board's page, open until ``until`` (the host's, while a round is played) or
        until the table ends the evening (which kills this): the stream, or the poll when
        this phone polls or its stream is refused or cut."""
        looked_up = time.monotonic()
        while time.monotonic() < until and not self.table.stopping:
            if not polling and self.events_url and self.listen(until):
                continue  # cut, or a look at the clock: held again, as EventSource does
            gevent.sleep(min(self.poll_seconds, max(0.0, until - time.monotonic())))
            self.poll()
            if time.monotonic() - looked_up > rng.expovariate(1 / 300):
                self.look_something_up(rng)
                looked_up = time.monotonic()

    def listen(self, until: float = INF) -> bool:
        """The game's event stream, as the page's script holds it (Server-Sent Events): the
        board is asked for when a message names another version than the one shown, and
        once when the stream opens. False when the stream is refused or not served: the
        phone polls. Returns when the server closes it."""
        parts = urlsplit(self.table.host)
        began = time.perf_counter()
        sock = None
        try:
            sock = gevent.socket.create_connection((parts.hostname, parts.port or 80), timeout=10)
            sock.sendall(
                f"GET {self.events_url} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n".encode()
            )
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                chunk = sock.recv(4096)
                if not chunk:
                    raise ConnectionError("closed before its headers")
                buffer += chunk
            head, _, buffer = buffer.partition(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            held = status == 200 and b"text/event-stream" in head.lower()
            self.stream_event(began, None if held or status == 404 else f"{status}")
            if not held:
                return False
            self.poll("the board when the stream opens")
            self.streaming = True
            while True:
                # A phone waits as long as the game lasts; the host's, until its round is
                # played (and a look every few seconds whether the run is ending).
                sock.settimeout(
                    None if until == INF else max(0.01, min(5.0, until - time.monotonic()))
                )
                try:
                    chunk = sock.recv(4096)
                except TimeoutError:  # the clock, not the stream: it stays open
                    if time.monotonic() >= until or self.table.stopping:
                        return True
                    continue
                if not chunk:
                    return True
                *lines, buffer = (buffer + chunk).split(b"\n")
                told = [x[5:].strip() for x in lines if x.startswith(b"data:")]
                if any(v.isdigit() and int(v) != self.version for v in told):
                    self.poll("the board after a change")
        except OSError as exc:
            self.stream_event(began, repr(exc))
            return False
        finally:
            self.streaming = False
            if sock is not None:
                sock.close()

    def stream_event(self, began: float, problem: str | None) -> None:
        self.table.environment.events.request.fire(
            request_type="GET",
            name="hold the game's stream",
            response_time=(time.perf_counter() - began) * 1000,
            response_length=0,
            exception=RuntimeError(problem) if problem else None,
        )

    def look_something_up(self, rng: random.Random) -> None:
        t = self.table
        choice = rng.randrange(3)
        if choice == 0:
            question = rng.choice(QUESTIONS)
            self.get(
                "a “Can I…?” answer", f"/r/{t.rules}/answers/?q={question}", {"HX-Request": "true"}
            )
        elif choice == 1:
            self.get("the rounds so far", f"{t.game_path}rounds/")
        else:
            self.get("the table card", f"/r/{t.rules}/card/")


@dataclass
class Round:
    """A round as the host's family counted it."""

    went_out: int
    hands: dict[int, int]
    fields: dict[str, str] = field(default_factory=dict)


def csrf_token(phone: Phone) -> str:
    """The CSRF cookie, which the page's queue sends as a header."""
    return next((c.value for c in phone.http.cookiejar if c.name == "csrftoken"), "")


# --- The shared rule set --------------------------------------------------------------

_shared: dict[str, str] = {}
_shared_lock = Semaphore()


def shared_rules(phone: Phone) -> str:
    """A popular rule set, posted online and used by many tables (one per load process)."""
    with _shared_lock:
        if "code" not in _shared:
            _shared["code"] = write_rules(phone, "party", {}, "Our house rules (shared online)")
    return _shared["code"]


def write_rules(phone: Phone, preset: str, changes: dict, name: str) -> str:
    page = phone.open("write the rules: the form", f"/rules/new/?preset={preset}")
    action, fields = page.form("/rules/new/")
    fields.update(changes, name=name)
    created = phone.post("write the rules: save", action, fields)
    rules_page = created.headers["Location"]
    phone.open("the rules page", rules_page)
    return rules_page.split("/")[2]


def import_rules(phone: Phone, friend: str) -> str:
    exported = phone.get("a friend's rules file", f"/r/{friend}/rules.json").text
    page = phone.open("import rules: the form", "/rules/import/")
    action, fields = page.form("/rules/import/")
    fields["text"] = exported
    created = phone.post("import rules: save", action, fields)
    rules_page = created.headers["Location"]
    phone.open("the rules page", rules_page)
    return rules_page.split("/")[2]


# --- A table ---------------------------------------------------------------------------


class Table(User):
    """3 to 6 phones around one physical game, for one evening; then the next table."""

    # One evening is one long task; the next table sits down a few seconds later.
    def wait_time(self):
        return self.rng.uniform(1, 5)

    def __init__(self, environment):
        super().__init__(environment)
        self.rng = random.Random()
        self.options = environment.parsed_options
        self.saved_at: dict[int, float] = {}  # the game's versions, when they were saved
        self.last_saved: float | None = None  # when a round's save was last answered

    def reached(self, version: int, streaming: bool) -> None:
        """A phone of the table now holds the board of ``version``: how long after the save
        (for a version a round's save made; the first phone to hold it names it). Told by
        its stream ("PUSH", judged) or otherwise (a polling phone, the saving phone's own
        page: "PUSH-POLL", reported)."""
        if version not in self.saved_at:
            if self.last_saved is None:
                return
            self.saved_at[version], self.last_saved = self.last_saved, None
        self.environment.events.request.fire(
            request_type="PUSH" if streaming else "PUSH-POLL",
            name=CHANGE_KIND if streaming else CHANGE_KIND_OTHERWISE,
            response_time=(time.monotonic() - self.saved_at[version]) * 1000,
            response_length=0,
            exception=None,
        )

    @task
    def evening(self):
        o = self.options
        self.rules = ""
        self.game_path = ""
        self.saved_at, self.last_saved = {}, None
        self.confirmed: list[Round] = []  # the rounds the table was told are recorded
        self.phones = [Phone(self, "host")]
        # Players and phones: most players bring a phone, not all.
        players = max(3, min(6, _between(o.phones, self.rng)))
        host = self.phones[0]

        self.bring_rules(host)
        card = host.get("the table card", f"/r/{self.rules}/card/")
        table_link = re.search(r"/r/[\w-]+/t/[\w-]+/", card.text or "").group(0)
        self.start_game(host, players)

        others = [Phone(self, f"phone {i + 1}") for i in range(_between(o.phones, self.rng) - 1)]
        self.phones += others
        rounds = _between(o.rounds, self.rng)
        watchers = [
            gevent.spawn(self.watch, phone, table_link, i) for i, phone in enumerate(others)
        ]
        try:
            self.host_plays(host, rounds)
            self.everyone_saw(host)
        finally:
            self.over = True
            # The phones put away: their pages (streams and polls) closed.
            gevent.killall(watchers, timeout=60)
        self.read_back(host)

    def everyone_saw(self, host: Phone) -> None:
        """Every phone following the game holds the board the host's phone holds, within
        a poll's interval and a little more (a stream's phone, at once)."""
        following = [p for p in self.phones[1:] if p.version]
        deadline = time.monotonic() + host.poll_seconds + 3
        while time.monotonic() < deadline and not self.stopping:
            if all(p.version >= host.version for p in following):
                self.passed_check("every phone saw the last change")
                return
            gevent.sleep(0.2)
        if not self.stopping:
            behind = [p.who for p in following if p.version < host.version]
            self.fail_check("a phone missed a change", f"{self.game_path}: {behind}")

    # The start of the evening.

    def bring_rules(self, host: Phone) -> None:
        way = self.rng.random()
        if way < 0.6:  # the rules someone posted online: open them, start from there
            self.rules = shared_rules(host)
            host.open("the rules page", f"/r/{self.rules}/")
        elif way < 0.9:
            preset, changes = self.rng.choice(PRESETS), self.rng.choice(CHANGES)
            self.rules = write_rules(host, preset, changes, "Our house rules")
        else:
            self.rules = import_rules(host, shared_rules(host))

    def start_game(self, host: Phone, players: int) -> None:
        self.names = NAMES[:players]
        page = host.open("start a game: the form", f"/r/{self.rules}/play/?new=1")
        action, fields = page.form("/play/")
        fields.pop("name", None)
        body = list(fields.items()) + [("name", n) for n in self.names]
        started = host.post("start a game: start", action, body)
        if started.status_code != 302:
            raise RuntimeError("the game did not start")
        self.game_path = started.headers["Location"].split("#")[0]
        host.open("the scoreboard page", self.game_path)
        self.over = False

    # The other phones.

    def watch(self, phone: Phone, table_link: str, i: int) -> None:
        gevent.sleep(self.rng.uniform(0, 10))  # phones come out of pockets one by one
        page = phone.open("scan the card: the table link", table_link)
        if i == 0:  # taps "Keep score": keeps score too, through the card
            keep = next((link for link in page.links if link.startswith("/g/")), None)
            if keep is None:  # the game is over already: nothing to keep score of
                return
            phone.home = keep
            phone.open("keep score from the card", keep)
        else:
            follow = next((link for link in page.links if link.startswith("/w/")), None)
            if follow is None:  # the game is over already: nothing to follow
                return
            phone.open("the scoreboard page", follow)
        phone.follow_the_game(self.rng, self.rng.random() < self.options.polling)

    @property
    def stopping(self) -> bool:
        """The run is ending, or the load shape sent this table home: end the evening (its
        game read back) within the stop timeout."""
        if self._state == LOCUST_STATE_STOPPING:  # Locust's own mark, which it has no API for
            return True
        return self.environment.runner.state in (STATE_STOPPING, STATE_STOPPED, STATE_CLEANUP)

    # The host's phone: the board on the table, and the rounds.

    def host_plays(self, host: Phone, rounds: int) -> None:
        o = self.options
        polling = self.rng.random() < o.polling
        for _ in range(rounds):
            played_for = self.rng.uniform(0.5, 1.5) * o.round_every
            until = time.monotonic() + played_for
            host.follow_the_game(self.rng, polling, until)
            if self.stopping or host.finished:
                return
            self.record_round(host, self.count_hands())
            if host.finished:
                return

    def count_hands(self) -> Round:
        seats = range(len(self.names))
        went_out = self.rng.choice(seats)
        return Round(went_out, {s: self.rng.randint(0, 60) for s in seats if s != went_out})

    def fill(self, phone: Phone, r: Round) -> tuple[str, dict[str, str]]:
        action, fields = phone.page.form("/rounds/new/")
        fields["went_out"] = str(r.went_out)
        for seat in range(len(self.names)):
            if f"hand_{seat}" in fields:
                fields[f"hand_{seat}"] = "" if seat == r.went_out else str(r.hands[seat])
        # As the page's script keeps it: the round being played, by the board it shows.
        fields["expected_round"] = str(phone.round)
        return action, fields

    def record_round(self, host: Phone, r: Round) -> None:
        mishap = self.rng.random() / max(self.options.mishaps, 1e-9)
        scorers = [p for p in self.phones[1:] if p.page and p.page.has_form("/rounds/new/")]
        if mishap < 1 and scorers:
            self.same_round_on_two_phones(host, scorers[0], r)
        elif mishap < 2:
            self.offline_then_sent(host, r)
        elif mishap < 3:
            self.answer_lost(host, r)
        elif mishap < 4:
            self.tapped_twice(host, r)
        else:
            action, r.fields = self.fill(host, r)
            saved = host.post(ROUND_KIND, action, r.fields)
            if saved.status_code == 302:
                self.confirmed.append(r)
                host.follow(saved, "the scoreboard page")
            else:  # a 5xx or no answer (already a failure): the page's queue sends it later
                self.send_later(host, r, expect=("recorded", "already"))

    def same_round_on_two_phones(self, host: Phone, other: Phone, r: Round) -> None:
        """Both scorers enter the round just played at the same moment. Mostly they entered
        the same hands: it is saved once, and the phone that came second is told it was
        already saved by another phone (a 302 for both). Now and then the second phone
        miscounted one hand: the round saved first stays, and the other phone, shown both
        side by side (a 409), keeps the saved round."""
        theirs = r if self.rng.random() < 0.7 else self.miscounted(r)
        entries = [r, theirs]
        forms = [self.fill(host, r), self.fill(other, theirs)]
        answers = [None, None]

        def send(i, phone):
            action, fields = forms[i]
            answers[i] = phone.post(ROUND_KIND, action, fields, ok=(302, 409))

        gevent.joinall([gevent.spawn(send, 0, host), gevent.spawn(send, 1, other)])
        saved = [entries[i] for i, a in enumerate(answers) if a.status_code == 302]
        if theirs is r and saved:
            self.confirmed.append(r)  # one round, however many phones sent it
        elif len(saved) == 1:
            self.confirmed.append(saved[0])
        elif len(saved) == 2:  # two different entries of one round both saved: a double
            self.fail_check("a round entered on two phones", "both different entries saved")
        for phone, answer in zip((host, other), answers, strict=True):
            if answer.status_code == 302:
                phone.follow(answer, "the scoreboard page")
            elif answer.status_code == 409 and Page(answer.text).has_form("/rounds/new/"):
                action, fields = Page(answer.text).form("/rounds/new/")
                fields["discard"] = "keep"
                kept = phone.post("keep the saved round (the other phone's)", action, fields)
                phone.follow(kept, "the scoreboard page")
            elif answer.status_code == 409:  # the other phone's round ended the game
                phone.open("the scoreboard page", phone.home or self.game_path)

    def miscounted(self, r: Round) -> Round:
        """The same round with one hand a point off, as a phone that miscounted sends it."""
        seat = self.rng.choice(sorted(r.hands))
        return Round(r.went_out, {**r.hands, seat: r.hands[seat] + 1})

    def offline_then_sent(self, host: Phone, r: Round) -> None:
        """The phone is offline for a while: the round waits on it, then the page's queue
        sends it by itself with the same submission id."""
        r.fields = self.fill(host, r)[1]
        gevent.sleep(self.rng.uniform(5, 20))
        self.send_later(host, r, expect=("recorded", "already"))

    def send_later(self, host: Phone, r: Round, expect: tuple[str, ...]) -> None:
        action = f"{self.game_path}rounds/new/"
        headers = {"Accept": "application/json", "X-CSRFToken": csrf_token(host)}
        headers["X-Round-Sent"] = "later"
        for _attempt in range(10):
            sent = host.post(ROUND_KIND + " (sent later)", action, r.fields, headers, ok=(200,))
            if sent.status_code == 200:
                break
            gevent.sleep(2)  # the queue tries again by itself
        else:
            return
        result = json.loads(sent.text or "{}").get("result")
        if result in expect:
            self.confirmed.append(r)
        else:
            self.fail_check("a round sent later", f"answered {result!r}, expected {expect}")
        host.open("the scoreboard page", self.game_path)

    def answer_lost(self, host: Phone, r: Round) -> None:
        """The round reaches the server, its answer never reaches the phone: the queue sends
        it again, the same round with the same submission id."""
        action, r.fields = self.fill(host, r)
        first = host.post(ROUND_KIND, action, r.fields)
        self.send_later(
            host, r, expect=("already",) if first.status_code == 302 else ("recorded", "already")
        )

    def tapped_twice(self, host: Phone, r: Round) -> None:
        action, fields = self.fill(host, r)
        first = host.post(ROUND_KIND, action, fields)
        # The second is answered "already recorded", or, when the first ended the game, 409.
        host.post(ROUND_KIND + " (tapped twice)", action, fields, ok=(302, 409))
        if first.status_code == 302:
            self.confirmed.append(r)
        host.open("the scoreboard page", self.game_path)

    # The end of the evening: the game read back.

    def read_back(self, host: Phone) -> None:
        exported = host.get("read the game back", f"{self.game_path}game.json")
        if exported.status_code != 200:
            return
        names = self.names
        recorded = [
            (row["went_out"], {k: v for k, v in row["hands"].items() if k != row["went_out"]})
            for row in json.loads(exported.text)["rounds"]
        ]
        confirmed = [
            (names[r.went_out], {names[s]: pts for s, pts in r.hands.items()})
            for r in self.confirmed
        ]
        if recorded == confirmed:
            for _ in confirmed:
                self.passed_check("every round recorded once")
            return
        lost = [r for r in confirmed if r not in recorded]
        extra = len(recorded) - len(confirmed) + len(lost)
        self.fail_check(
            "a round lost, doubled or invented",
            f"{self.game_path}: confirmed {len(confirmed)}, recorded {len(recorded)}, "
            f"lost {len(lost)}, doubled or invented {extra}",
        )

    def passed_check(self, name: str) -> None:
        self.environment.events.request.fire(
            request_type="CHECK", name=name, response_time=0, response_length=0, exception=None
        )

    def fail_check(self, name: str, why: str) -> None:
        self.environment.events.request.fire(
            request_type="CHECK",
            name=name,
            response_time=0,
            response_length=0,
            exception=AssertionError(why),
        )
