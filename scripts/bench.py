"""`make bench`: serve the table fast, measured against this server's own limit.

Seeds a database, starts gunicorn (sync workers, two per core) on loopback with
production settings, drives each endpoint with wrk (8 connections, a warm-up, then
10 s) and prints requests/s, p50 and p99 latency and the ratio to /healthz, the
server's own limit on this machine, measured in the same run (first, and again for 5 s
after each endpoint: each ratio is to the limit around that endpoint). The same
figures go to bench/results.json (git-ignored), with how much CPU other processes
took meanwhile.

`make bench-production` (``--production``) serves the PostgreSQL and Redis named by
DATABASE_URL and REDIS_URL (the target starts both and stops them at the end), with four
workers, and prints the same table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results.json"

TARGETS = {
    "rules page": 0.25,
    "scoreboard (full page)": 0.15,
    "scoreboard poll, unchanged (304)": 0.7,
    "QR SVG": 0.6,
    "record a round (POST)": 0.08,
}
P99_LIMIT_MS = {"record a round (POST)": 100.0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cache_folder(tmp: Path) -> Path:
    """The shared cache's folder for this run: in memory where the default set-up puts it
    (unosite.env.cache_dir), but a folder of its own."""
    memory = Path("/dev/shm")
    if memory.is_dir() and os.access(memory, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="house-rules-bench.", dir=memory))
    return tmp / "cache"


def server_env(tmp: Path, cache: Path, production: bool) -> dict[str, str]:
    """The server's settings: the default set-up (a SQLite file, no Redis), or with
    ``production`` the PostgreSQL and Redis that DATABASE_URL and REDIS_URL name."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DEBUG="false",
        SECRET_KEY="bench-" + secrets.token_urlsafe(48),
        CACHE_DIR=str(cache),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="unosite.settings",
    )
    # Production defaults for everything else (rate limits included: nothing in the
    # benchmark is a 404 or creates anything, so they only cost what they cost in use).
    names = ["PUBLIC_URL", "RATE_LIMIT_NOT_FOUND_PER_MINUTE", "RATE_LIMIT_CREATE_PER_HOUR"]
    names += ["LOG_LEVEL"]
    if production:
        for name in ("DATABASE_URL", "REDIS_URL"):
            if not env.get(name):
                raise SystemExit(f"--production needs {name} (make bench-production sets it)")
    else:
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
        names.append("REDIS_URL")
    for name in names:
        env.pop(name, None)
    return env


def django_call(env: dict[str, str], function: str, *args):
    """benchseed.<function>(*args) in a child process with the bench settings; its JSON result.

    Seeding and counting go through the project's own code and the bench database, never
    through this process (which has no Django settings of its own).
    """
    code = f"""
import json, django
django.setup()
import benchseed
print(json.dumps(benchseed.{function}(*{args!r})))
"""
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "PYTHONPATH": f"{ROOT}:{ROOT / 'scripts'}"},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _busy_seconds() -> float:
    """CPU time every process on the machine has used since boot (user, system, irq...)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _group_seconds(pgid: int) -> float:
    """CPU time used by the processes of one process group (gunicorn and its workers)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        if int(fields[2]) == pgid:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


class CpuShare:
    """How much of the machine's CPU went to other processes while the benchmark ran:
    a busy neighbour lowers every figure, and not always by the same ratio."""

    def __init__(self, server_pgid: int):
        self.pgid = server_pgid
        self.start = self._sample()

    def _sample(self) -> tuple[float, float, float]:
        children = os.times()
        ours = _group_seconds(self.pgid) + children.children_user + children.children_system
        return time.monotonic(), _busy_seconds(), ours

    def others(self) -> float:
        """The share of all CPUs that processes other than gunicorn and wrk used."""
        (t0, busy0, ours0), (t1, busy1, ours1) = self.start, self._sample()
        capacity = (t1 - t0) * (os.cpu_count() or 1)
        return max(0.0, ((busy1 - busy0) - (ours1 - ours0)) / capacity) if capacity else 0.0


def wait_until_up(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer at {url}")


LATENCY = re.compile(r"^\s+(50|99)(?:\.0+)?%\s+([\d.]+)(us|ms|s)\s*$", re.M)
RPS = re.compile(r"Requests/sec:\s+([\d.]+)")
REQUESTS = re.compile(r"(\d+) requests in")
NON_2XX = re.compile(r"Non-2xx or 3xx responses:\s+(\d+)")
ERRORS = re.compile(r"Socket errors:.*")


def to_ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(url: str, seconds: int, connections: int, threads: int, script: Path | None) -> dict:
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if script:
        cmd += ["-s", str(script)]
    # A fresh tag per run: the POST script makes its submission ids from it, so the
    # warm-up and the measured run never send the same id.
    cmd += [url, "--", secrets.token_hex(4)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    latency = {m.group(1): to_ms(m.group(2), m.group(3)) for m in LATENCY.finditer(out)}
    non_2xx = NON_2XX.search(out)
    errors = ERRORS.search(out)
    return {
        "requests": int(REQUESTS.search(out).group(1)),
        "rps": float(RPS.search(out).group(1)),
        "p50_ms": latency.get("50"),
        "p99_ms": latency.get("99"),
        "non_2xx_3xx": int(non_2xx.group(1)) if non_2xx else 0,
        "socket_errors": errors.group(0) if errors else "",
    }


def lua_headers(headers: dict[str, str]) -> str:
    return "\n".join(f'wrk.headers["{k}"] = "{v}"' for k, v in headers.items())


def conditional_script(etag: str, tmp: Path) -> Path:
    path = tmp / "poll.lua"
    path.write_text(lua_headers({"If-None-Match": etag.replace('"', '\\"'), "HX-Request": "true"}))
    return path


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Table:
    """A phone at the table: it opened the game page, so it has the CSRF cookie and token."""

    def __init__(self, base: str, form_url: str):
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect
        )
        page = self.opener.open(base + form_url).read().decode()
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar if c.name == "csrftoken")
        self.form_url = form_url

    def headers(self) -> dict[str, str]:
        return {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookies,
            "X-CSRFToken": self.token,
            "Referer": self.base + self.form_url,
        }

    def post(self, path: str, fields: dict[str, str]) -> int:
        """Posts a form the way a browser does; the status (a redirect is not followed)."""
        body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": self.token}).encode()
        request = urllib.request.Request(
            self.base + path, data=body, headers=self.headers(), method="POST"
        )
        try:
            with self.opener.open(request) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code


def post_round_script(table: Table, post: dict, tmp: Path) -> Path:
    """A wrk script recording a valid round with a new submission id on every request.

    Requests go round the POST games (as at many tables at once), each thread from its
    own starting game; in each game, who went out moves one seat on every visit, and the
    others' hands hold a few cards (``post["hands"]``). The submission id is made of the
    run's tag (a wrk argument), the thread and a counter: unique across threads and runs.
    """
    urls = ", ".join(f'"{u}"' for u in post["record_urls"])
    hands = ", ".join(str(h) for h in post["hands"])
    token = urllib.parse.quote(table.token)
    path = tmp / "post.lua"
    path.write_text(
        f"""
wrk.method = "POST"
{lua_headers(table.headers())}
local urls = {{{urls}}}
local hands = {{{hands}}}
local players = {post["players"]}
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
local tag = "00000000"
local counter = 0
function init(args)
  if args[1] then tag = args[1] end
end
function request()
  counter = counter + 1
  local visit = counter + id * 37
  local url = urls[(visit % #urls) + 1]
  local out = math.floor(visit / #urls) % players
  local parts = {{"went_out=" .. out}}
  for seat = 0, players - 1 do
    if seat ~= out then parts[#parts + 1] = "hand_" .. seat .. "=" .. hands[seat + 1] end
  end
  local sid = string.format("%s-%04x-4000-8000-%012x", tag, id, counter)
  parts[#parts + 1] = "submission_id=" .. sid
  parts[#parts + 1] = "csrfmiddlewaretoken={token}"
  return wrk.format(nil, url, nil, table.concat(parts, "&"))
end
"""
    )
    return path


def check_status(base: str, path: str, expected: int, headers: dict | None = None) -> None:
    request = urllib.request.Request(base + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    if status != expected:
        raise SystemExit(f"{path} answered {status}, not {expected}: nothing to measure")


def check_rounds(
    env: dict, table: Table, post: dict, before: int, requests: int, connections: int
) -> dict:
    """Every answered POST recorded a round, and a retry of one submission counts once."""
    after = django_call(env, "count_rounds", post["codes"])
    recorded = after - before
    # Requests wrk sent but stopped waiting for at the end of a run (the warm-up and the
    # measured one, at most one per connection each) may still be recorded.
    ok = requests <= recorded <= requests + 2 * connections
    sid = str(uuid.uuid4())
    fields = {**post["round_fields"], "submission_id": sid}
    first = table.post(post["record_url"], fields)
    again = table.post(post["record_url"], fields)
    retried = django_call(env, "count_rounds", post["codes"])
    idempotent = first in (302, 303) and again in (302, 303) and retried == after + 1
    return {
        "requests": requests,
        "rounds_recorded": recorded,
        "all_recorded": ok,
        "retry_statuses": [first, again],
        "retry_recorded_once": idempotent,
    }


def start_server(env: dict, port: int, workers: int) -> subprocess.Popen:
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    server = subprocess.Popen(
        [gunicorn, "unosite.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
        + ["--worker-class", "sync", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    wait_until_up(f"http://127.0.0.1:{port}/healthz")
    return server


def stop_server(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


class Runner:
    """Measures endpoints one after the other, each with /healthz just after it: each
    endpoint's ratio is to the mean of the limit measured just before and just after it
    (on a machine shared with other work, the limit moves during a run)."""

    def __init__(self, base: str, args):
        self.base = base
        self.args = args
        self.threads = min(args.connections, max(1, (os.cpu_count() or 1)))
        self.limits: list[float] = []

    def wrk(self, path: str, seconds: int, script: Path | None) -> dict:
        return run_wrk(self.base + path, seconds, self.args.connections, self.threads, script)

    def healthz(self, seconds: int) -> dict:
        result = self.wrk("/healthz", seconds, None)
        self.limits.append(result["rps"])
        print(f"  /healthz: {result['rps']:.0f} requests/s", flush=True)
        return result

    def measure(self, name: str, path: str, script: Path | None) -> dict:
        if not self.limits:
            self.healthz(self.args.between)
        warm = self.wrk(path, self.args.warmup, script)
        result = self.wrk(path, self.args.seconds, script)
        result.update(path=path, warmup_requests=warm["requests"])
        result["non_2xx_3xx"] += warm["non_2xx_3xx"]
        print(f"  {name}: {result['rps']:.0f} requests/s", flush=True)
        self.healthz(self.args.between)
        result["limit_rps"] = (self.limits[-2] + self.limits[-1]) / 2
        result["ratio"] = result["rps"] / result["limit_rps"] if result["limit_rps"] else 0.0
        return result


def print_table(results: dict) -> list[str]:
    """Prints the endpoints' figures against their targets; returns the names that missed."""
    print(
        f"{'endpoint':36} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'limit':>7} {'ratio':>6} "
        f"{'target':>7}"
    )
    failed = []
    for name, r in results.items():
        target = TARGETS.get(name)
        r["target"] = target
        ok = target is None or r["ratio"] >= target
        p99_limit = P99_LIMIT_MS.get(name)
        r["p99_limit_ms"] = p99_limit
        if p99_limit is not None:
            ok = ok and r["p99_ms"] is not None and r["p99_ms"] <= p99_limit
        if r["non_2xx_3xx"]:
            ok = False
        if not ok:
            failed.append(name)
        goal = f">= {target}" if target else ""
        if p99_limit is not None:
            goal += f", p99 <= {p99_limit:.0f}"
        print(
            f"{name:36} {r['rps']:9.0f} {r['p50_ms'] or 0:8.2f} {r['p99_ms'] or 0:8.2f} "
            f"{r['limit_rps']:7.0f} {r['ratio']:6.2f} {goal:>7}"
            f"{'' if ok else '  MISSED'}"
            f"{'  (' + str(r['non_2xx_3xx']) + ' non-2xx/3xx)' if r['non_2xx_3xx'] else ''}"
        )
    return failed


def print_rounds(check: dict) -> bool:
    print(
        f"Recording: {check['rounds_recorded']} rounds recorded for {check['requests']} "
        f"answered POSTs (warm-up included){'' if check['all_recorded'] else '  MISMATCH'}; "
        f"the same submission sent twice: {check['retry_statuses'][0]} then "
        f"{check['retry_statuses'][1]}, "
        f"{'recorded once' if check['retry_recorded_once'] else 'NOT recorded exactly once'}."
    )
    return check["all_recorded"] and check["retry_recorded_once"]


POST = "record a round (POST)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument(
        "--between", type=int, default=5, help="seconds of /healthz after each endpoint"
    )
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rulesets", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--only", help="a comma-separated subset of the endpoints (and /healthz)")
    parser.add_argument(
        "--production",
        action="store_true",
        help="serve the PostgreSQL and Redis of DATABASE_URL and REDIS_URL (make bench-production)",
    )
    args = parser.parse_args()

    if not shutil.which("wrk"):
        raise SystemExit("wrk is needed: apt-get install wrk (make bench installs it)")

    tmp = Path(tempfile.mkdtemp(prefix="house-rules-bench."))
    cache = cache_folder(tmp)
    env = server_env(tmp, cache, args.production)
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    where = "PostgreSQL and Redis" if args.production else "SQLite, no Redis"
    print(
        f"Seeding {args.rulesets} rule sets and {args.games} games of {args.players} players "
        f"with {args.rounds} rounds each ({where}, {args.workers} gunicorn workers)...",
        flush=True,
    )
    started = time.monotonic()
    fixtures = django_call(env, "seed", args.rulesets, args.games, args.players, args.rounds)
    print(f"  seeded in {time.monotonic() - started:.1f} s", flush=True)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(env, port, args.workers)
    results: dict[str, dict] = {}
    rounds_checks: dict[str, dict] = {}
    runner = Runner(base, args)
    try:
        endpoints = []
        check_status(base, fixtures["rules_url"], 200)
        endpoints.append(("rules page", fixtures["rules_url"], None))
        game = fixtures.get("game")
        if game:
            check_status(base, game["board_url"], 200)
            etag = urllib.request.urlopen(base + game["poll_url"]).headers["ETag"]
            check_status(base, game["poll_url"], 304, {"If-None-Match": etag})
            endpoints += [
                ("scoreboard (full page)", game["board_url"], None),
                (
                    "scoreboard poll, unchanged (304)",
                    game["poll_url"],
                    conditional_script(etag, tmp),
                ),
            ]
        check_status(base, fixtures["qr_url"], 200)
        endpoints.append(("QR SVG", fixtures["qr_url"], None))
        post = fixtures.get("post_game")
        if post:
            endpoints.append((POST, post["record_url"], None))
        if args.only:
            wanted = {name.strip() for name in args.only.split(",")}
            endpoints = [e for e in endpoints if e[0] in wanted]
        cpu = CpuShare(server.pid)
        results["/healthz"] = runner.healthz(args.seconds)
        for name, path, script in endpoints:
            if name == POST:
                table = Table(base, post["record_form_url"])
                before = django_call(env, "count_rounds", post["codes"])
                script = post_round_script(table, post, tmp)
            results[name] = runner.measure(name, path, script)
            if name == POST:
                r = results[name]
                rounds_checks["production" if args.production else "SQLite"] = check_rounds(
                    env,
                    table,
                    post,
                    before,
                    r["requests"] + r["warmup_requests"],
                    args.connections,
                )
        others = cpu.others()
    finally:
        stop_server(server)
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)

    limits = runner.limits
    limit = sum(limits) / len(limits)
    results["/healthz"].update(rps_first=results["/healthz"]["rps"], limits=limits)
    results["/healthz"]["limit_rps"] = results["/healthz"]["rps"]
    results["/healthz"]["ratio"] = 1.0
    print(
        f"\n/healthz: {min(limits):.0f} to {max(limits):.0f} requests/s over the run (the "
        "limit column: the mean of the measures just before and after each endpoint). Other "
        f"processes used {others:.0%} of the {os.cpu_count()} CPUs meanwhile"
        + (": figures are noisy, run again on a quiet machine" if others > 0.1 else "")
    )
    print(f"Served with {where}, {args.workers} gunicorn workers.\n")
    failed = print_table(results)
    print()
    for label, check in rounds_checks.items():
        print(f"{label}: ", end="")
        if not print_rounds(check):
            failed.append(f"rounds recorded ({label})")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "served_with": where,
                "cpus": os.cpu_count(),
                "workers": args.workers,
                "connections": args.connections,
                "seconds": args.seconds,
                "warmup_seconds": args.warmup,
                "healthz_between_seconds": args.between,
                "results": results,
                "mean_limit_rps": limit,
                "cpu_share_of_other_processes": others,
                "rounds": rounds_checks,
                "missed": failed,
            },
            indent=2,
        )
    )
    print(f"\nWritten to {RESULTS.relative_to(ROOT)}")
    if failed:
        print("Missed targets: " + ", ".join(failed))


if __name__ == "__main__":
    main()
