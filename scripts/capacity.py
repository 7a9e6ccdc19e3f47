"""`make capacity`: how many tables of phones one box holds, in both shapes the app is served in.

A table is the evening of scripts/locustfile.py (4 phones here, as the targets count them).
For each shape this starts the app on a throwaway database, then lets Locust's client (a
separate process: ``--processes``) fill the evening up step by step (scripts/capacity_shape.py)
until a step's 99th percentile of some kind of table request passes 200 ms (then it halves the
gap between the most tables held and the fewest not held) or anything fails.
It prints a table per shape (tables, phones, requests/s, the server's CPU and the load
generator's, the worst p99 while they play, and while the step's new tables sat down), with
p50/p99 per kind of request at the last step held and the first one not held, and writes
bench/capacity.json, one entry per shape.

Shapes:

* ``run``: what `make run` serves: waitress (unosite/serve.py, 8 threads) on a SQLite file,
  Django's file cache in a folder every thread shares, and the tasks worker beside it.
* ``production``: the README's deployment: gunicorn's sync workers (as many as the shipped
  deploy/house-rules-web.service starts) behind the shipped
  deploy/nginx.conf, the PostgreSQL and Redis of DATABASE_URL and REDIS_URL (make capacity
  starts throwaway ones), and the tasks worker.

``--check`` is the short correctness run `.ci/run` makes (``make loadtest``): a few tables of
3 to 6 phones for about a minute with rounds every few seconds and more mishaps; it fails on
any lost, doubled or invented round, any 5xx and any error, whatever the latency.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts import streams  # noqa: E402
from unosite.front import free_port, nginx_config, push_redis  # noqa: E402

RESULTS = ROOT / "bench" / "capacity.json"


def cache_folder(tmp: Path) -> Path:
    """The shared cache's folder for this run: in memory where the default set-up puts it
    (unosite.env.cache_dir), but a folder of its own."""
    memory = Path("/dev/shm")
    if memory.is_dir() and os.access(memory, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="house-rules-capacity.", dir=memory))
    return tmp / "cache"


VENV_BIN = Path(sys.executable).parent
LOCUSTFILE = ROOT / "scripts" / "locustfile.py"
STEPPING = ROOT / "scripts" / "capacity_shape.py"
STEPS = "50,100,200,300,400,500,600,700,800,900,1000,1200,1400,1600,2000,3000,4000,5000"
# The tables whose phones' streams alone are held (scripts/streams.py): the issue's targets.
STREAM_TABLES = {"run": 1000, "production": 5000}
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# The deployment's gunicorn workers, as its systemd unit starts them.
WORKERS = re.search(
    r"--workers (\d+)", (ROOT / "deploy" / "house-rules-web.service").read_text()
).group(1)
DESCRIBED = {
    "run": "make run: waitress (8 threads), SQLite, the tasks worker",
    "production": f"gunicorn ({WORKERS} sync workers) behind nginx, PostgreSQL, Redis, "
    "the tasks worker",
}


# --- The server ------------------------------------------------------------------------


def app_env(folder: Path, shape: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    for name in ("PUBLIC_URL", "LOG_LEVEL"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="unosite.settings",
        DEBUG="false",
        SECRET_KEY="capacity-" + secrets.token_urlsafe(48),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        # Every phone of the load test comes from this one address.
        RATE_LIMIT_CREATE_PER_HOUR="0",
        RATE_LIMIT_EDIT_PER_HOUR="0",
        RATE_LIMIT_NOT_FOUND_PER_MINUTE="0",
    )
    if shape == "production":
        for name in ("DATABASE_URL", "REDIS_URL"):
            if not env.get(name):
                raise SystemExit(f"the production shape needs {name} (make capacity sets it)")
        env["RATE_LIMIT_TRUST_X_FORWARDED_FOR"] = "true"
    else:
        env["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
        env["CACHE_DIR"] = str(cache_folder(folder))
        env.pop("REDIS_URL", None)
    return env


def wait_until_up(url: str, procs: list[subprocess.Popen], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            raise SystemExit(f"capacity: a server process exited before answering {url}")
        with suppress(OSError), urllib.request.urlopen(url, timeout=2) as response:
            if response.status == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"capacity: {url} did not answer in {timeout:.0f} s")


class Served:
    """The app as one shape serves it, on a throwaway database; stopped at the end."""

    def __init__(self, shape: str, folder: Path):
        self.shape, self.folder = shape, folder
        self.env = app_env(folder, shape)
        self.procs: list[subprocess.Popen] = []
        self.url = ""

    def spawn(self, name: str, argv: list[str]) -> subprocess.Popen:
        log = (self.folder / f"{name}.log").open("w")
        proc = subprocess.Popen(
            argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.procs.append(proc)
        return proc

    def start(self) -> str:
        python = sys.executable
        subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT,
                       env=self.env, check=True)  # fmt: skip
        self.spawn("worker", [python, "manage.py", "db_worker", "--no-reload", "-v", "0"])
        port = free_port()
        if self.shape == "run":
            self.spawn("waitress", [python, "-m", "unosite.serve", "--host", "127.0.0.1",
                                    "--port", str(port), "--threads", "8"])  # fmt: skip
        else:
            upstream, publish = free_port(), free_port()
            self.env["PUSH_URL"] = f"http://127.0.0.1:{publish}/publish"
            self.spawn("gunicorn", [str(VENV_BIN / "gunicorn"), "unosite.wsgi", "--bind",
                                    f"127.0.0.1:{upstream}", "--workers", WORKERS,
                                    "--worker-class", "sync", "--backlog", "2048"])  # fmt: skip
            wait_until_up(f"http://127.0.0.1:{upstream}/healthz", self.procs)
            # Two workers, as Debian's "worker_processes auto" gives on this box's two cores.
            config = nginx_config(self.folder, port, upstream, workers=2, connections=16384,
                                  publish_port=publish,
                                  redis_url=push_redis(self.env["REDIS_URL"]))  # fmt: skip
            self.spawn("nginx", [NGINX, "-c", str(config), "-p", str(self.folder),
                                 "-g", "daemon off;"])  # fmt: skip
        self.url = f"http://127.0.0.1:{port}"
        wait_until_up(self.url + "/healthz", self.procs)
        return self.url

    def stop(self) -> None:
        for proc in self.procs:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


# --- CPU -------------------------------------------------------------------------------

DATABASES = {"postgres", "redis-server"}


def _cpu_by(groups: set[int]) -> tuple[float, float]:
    """CPU seconds so far: of the server (our groups, and PostgreSQL and Redis), and of
    everything else (the load generator, mostly)."""
    server = other = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError):
            text = stat.read_text()
            comm = text[text.index("(") + 1 : text.rindex(")")]
            fields = text.rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])
            if int(fields[2]) in groups or comm in DATABASES:
                server += ticks
            else:
                other += ticks
    hz = os.sysconf("SC_CLK_TCK")
    return server / hz, other / hz


class CpuLog(threading.Thread):
    """The server's and the rest's CPU, sampled every second, to read per step."""

    def __init__(self, served: Served):
        super().__init__(daemon=True)
        self.served = served
        self.samples: list[tuple[float, float, float]] = []
        self.done = threading.Event()

    def run(self):
        while not self.done.wait(1.0):
            groups = {p.pid for p in self.served.procs}
            self.samples.append((time.time(), *_cpu_by(groups)))

    def between(self, began: float, ended: float) -> tuple[float, float]:
        """Percent of one core: (server, the rest) between two times."""
        inside = [s for s in self.samples if began <= s[0] <= ended]
        if len(inside) < 2:
            return 0.0, 0.0
        (t0, s0, o0), (t1, s1, o1) = inside[0], inside[-1]
        return 100 * (s1 - s0) / (t1 - t0), 100 * (o1 - o0) / (t1 - t0)


# --- Locust ----------------------------------------------------------------------------


def locust(url: str, folder: Path, options: list[str], processes: int) -> dict:
    """Locust's client against ``url``, stepping as scripts/capacity_shape.py does; what each
    step saw and what the tables found at the end (its --steps-out file)."""
    out = folder / "steps.json"
    argv = [str(VENV_BIN / "locust"), "-f", f"{LOCUSTFILE},{STEPPING}", "--headless", "-H", url]
    port = str(free_port())  # the master and its worker processes, of this run only
    argv += ["--processes", str(processes), "--master-bind-port", port, "--master-port", port]
    argv += ["--stop-timeout", "90", "--only-summary", "--loglevel", "WARNING"]
    argv += ["--steps-out", str(out)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "DATABASE"))}
    proc = subprocess.Popen(argv + options, cwd=folder, env=env, start_new_session=True)
    try:
        proc.wait()
    finally:  # its worker processes too, whatever happened
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    return json.loads(out.read_text()) if out.exists() else {"steps": [], "wrap_up": None}


def rounds_stored(served: Served) -> int:
    """Every round in the database, counted by the app's own models."""
    code = "from play.models import Round; print(Round.objects.count())"
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT,
                         env=served.env, check=True, capture_output=True, text=True)  # fmt: skip
    return int(out.stdout.split()[-1])


def step_rows(steps: list[dict], cpu: CpuLog, phones: int) -> list[dict]:
    rows = []
    for s in steps:
        seconds = s["ended"] - s["began"]
        server, rest = cpu.between(s["began"], s["ended"])
        rows.append(
            {
                "tables": s["tables"],
                "phones": s["tables"] * phones,
                "requests_per_s": round(s["requests"] / seconds, 1),
                "server_cpu_percent": round(server),
                "load_generator_cpu_percent": round(rest),
                "worst_p99_ms": s["worst_p99_ms"],
                "change_to_phone_p99_ms": s.get("change_to_phone_p99_ms", 0),
                "arrival_worst_p99_ms": s["arrival"]["worst_p99_ms"],
                "failures": s["failures"],
                "passed": s["passed"],
                "kinds": s["kinds"],
                "errors": s["errors"][:5],
            }
        )
    return rows


def best_held(rows: list[dict]) -> dict | None:
    return max((r for r in rows if r["passed"]), key=lambda r: r["tables"], default=None)


def fewest_not_held(rows: list[dict]) -> dict | None:
    return min((r for r in rows if not r["passed"]), key=lambda r: r["tables"], default=None)


def print_steps(shape: str, rows: list[dict]) -> None:
    print(f"\n== {shape}: {DESCRIBED[shape]}")
    print(f"{'tables':>7} {'phones':>7} {'req/s':>7} {'server CPU':>11} {'load CPU':>9} "
          f"{'worst p99':>10} {'(sitting down)':>15} {'failed':>7}  held")  # fmt: skip
    for r in rows:
        print(f"{r['tables']:>7} {r['phones']:>7} {r['requests_per_s']:>7.0f} "
              f"{r['server_cpu_percent']:>10}% {r['load_generator_cpu_percent']:>8}% "
              f"{r['worst_p99_ms']:>7.0f} ms {r['arrival_worst_p99_ms']:>12.0f} ms "
              f"{r['failures']:>7}  "
              f"{'yes' if r['passed'] else 'NO'}")  # fmt: skip
    shown = [best_held(rows), fewest_not_held(rows)]
    for r in filter(None, shown):
        print(f"\n  per kind of request while {r['tables']} tables play (p50 / p99, ms):")
        for name, k in sorted(r["kinds"].items(), key=lambda kv: -kv[1]["requests"]):
            fails = f", {k['failures']} failed" if k["failures"] else ""
            print(f"    {name:44} {k['requests']:>7}  {k['p50_ms']:>5.0f} / {k['p99_ms']:>5.0f}"
                  f"{fails}")  # fmt: skip
        for e in r["errors"]:
            print(f"    error ({e['count']}x) {e['kind']}: {e['error'][:160]}")


def wrap_up_problems(wrap_up: dict | None) -> list[str]:
    """Errors inside the tables (a task that raised), or a run that never wrapped up."""
    if wrap_up is None:
        return ["the run ended before its wrap-up was written"]
    return [f"error in a table ({e['count']}x): {e['error']}" for e in wrap_up["exceptions"]]


def lost_or_doubled(steps: list[dict], wrap_up: dict | None) -> int:
    windows = [*steps, *([wrap_up] if wrap_up else [])]
    return sum(
        k["failures"]
        for w in windows
        for name, k in w["kinds"].items()
        if k["method"] == "CHECK" and name != "every round recorded once"
    )


def rounds_checked(steps: list[dict], wrap_up: dict | None) -> int:
    windows = [*steps, *([wrap_up] if wrap_up else [])]
    return sum(w["kinds"].get("every round recorded once", {}).get("requests", 0) for w in windows)


def measure(shape: str, args) -> dict:
    folder = Path(tempfile.mkdtemp(prefix=f"house-rules-capacity-{shape}."))
    served = Served(shape, folder)
    cpu = CpuLog(served)
    try:
        url = served.start()
        cpu.start()
        result = locust(url, folder, [
            "--tables", args.tables, "--step-seconds", str(args.step_seconds),
            "--arrive-seconds", str(args.arrive_seconds), "--phones", str(args.phones),
            "--round-every", str(args.round_every), "--rounds", "4-8",
            "--polling", str(args.polling),
        ], args.processes)  # fmt: skip
        cpu.done.set()  # the evening's CPU only, not the streams' part
        held = hold_streams(served, url, args) if args.stream_tables else None
    finally:
        cpu.done.set()
        served.stop()
    rows = step_rows(result["steps"], cpu, args.phones)
    print_steps(shape, rows)
    if held:
        streams.print_held(held)
    best = best_held(rows)
    problems = wrap_up_problems(result["wrap_up"])
    lost = lost_or_doubled(result["steps"], result["wrap_up"])
    checked = rounds_checked(result["steps"], result["wrap_up"])
    print(
        f"\n  rounds read back and found exactly once: {checked}; lost, doubled or invented: {lost}"
    )
    for p in problems:
        print(f"  problem: {p}")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "shape": shape,
        "served_by": DESCRIBED[shape],
        "tables": best["tables"] if best else 0,
        "phones": best["phones"] if best else 0,
        "p99_ms": best["worst_p99_ms"] if best else None,
        "change_to_phone_p99_ms": best["change_to_phone_p99_ms"] if best else None,
        "requests_per_s": best["requests_per_s"] if best else None,
        "server_cpu_percent": best["server_cpu_percent"] if best else None,
        "fewest_tables_not_held": (fewest_not_held(rows) or {}).get("tables"),
        "rounds_lost_or_doubled": lost,
        "problems": problems,
        "p99_limit_ms": 200,
        "streams": held,
        "steps": rows,
    }


def hold_streams(served: Served, url: str, args) -> dict:
    """After the evening, the streams of --stream-tables tables alone (scripts/streams.py),
    on the same server: games started, every phone's stream held, every game changed."""
    tables = args.stream_tables
    print(f"capacity: the streams of {tables} tables of {args.phones} phones", flush=True)
    codes = streams.games(sys.executable, served.env, tables)
    groups = {p.pid for p in served.procs}
    redis_url = push_redis(served.env["REDIS_URL"]) if served.shape == "production" else None
    return streams.hold(url, streams.publishing_url(groups), codes, args.phones, groups,
                        redis_url)  # fmt: skip


def save(entry: dict) -> None:
    RESULTS.parent.mkdir(exist_ok=True)
    entries = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    entries = [e for e in entries if e.get("shape") != entry["shape"]] + [entry]
    RESULTS.write_text(json.dumps(entries, indent=1) + "\n")
    print("\n== capacity (bench/capacity.json): tables held at p99 <= 200 ms, nothing lost")
    for e in sorted(entries, key=lambda e: e["shape"] != "run"):
        print(f"  {e['shape']:11} {e['tables']:>6} tables ({e['phones']} phones), "
              f"p99 {e['p99_ms']} ms, {e['requests_per_s']} req/s  [{e['served_by']}]")  # fmt: skip


# --- The short check of .ci/run ------------------------------------------------------


def check(shape: str, args) -> int:
    folder = Path(tempfile.mkdtemp(prefix=f"house-rules-loadcheck-{shape}."))
    served = Served(shape, folder)
    try:
        url = served.start()
        print(f"loadtest ({DESCRIBED[shape]}): {args.check_tables} tables for "
              f"{args.check_seconds:.0f} s")  # fmt: skip
        result = locust(url, folder, [
            "--tables", str(args.check_tables), "--step-seconds", str(args.check_seconds),
            "--arrive-seconds", "5", "--p99-ms", "1e9", "--warm-up-seconds", "0",
            "--round-every", "8", "--rounds", "3-5", "--phones", "3-6", "--mishaps", "0.15",
        ], args.processes)  # fmt: skip
        stored = rounds_stored(served)
    finally:
        served.stop()
    steps, wrap_up = result["steps"], result["wrap_up"]
    checked = rounds_checked(steps, wrap_up)
    failed = {
        name: k["failures"]
        for w in [*steps, *([wrap_up] if wrap_up else [])]
        for name, k in w["kinds"].items()
        if k["failures"]
    }
    problems = wrap_up_problems(wrap_up) + [f"{n}: {c} failed" for n, c in failed.items()]
    if stored != checked:
        problems.append(f"the database holds {stored} rounds, the tables confirmed {checked}")
    if not checked:
        problems.append("no table got as far as reading its game back")
    requests = sum(w["requests"] for w in [*steps, *([wrap_up] if wrap_up else [])])
    print(f"loadtest ({shape}): {requests} requests; {checked} rounds confirmed, read back "
          f"and found exactly once; {stored} in the database")  # fmt: skip
    for p in problems:
        print(f"  problem: {p}")
    if args.keep:
        print(f"kept {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    # The plain closing line CI reads.
    print(f"loadtest {shape}: {0 if problems else 1} passed, {1 if problems else 0} failed")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", choices=sorted(DESCRIBED), required=True)
    parser.add_argument("--tables", default=STEPS, help="tables at each step")
    parser.add_argument("--phones", type=int, default=4, help="phones at each table")
    parser.add_argument("--step-seconds", type=float, default=60)
    parser.add_argument("--arrive-seconds", type=float, default=30)
    parser.add_argument("--round-every", type=float, default=90)
    parser.add_argument("--processes", type=int, default=1, help="Locust worker processes")
    parser.add_argument(
        "--polling", type=float, default=0.15, help="share of phones that poll (1: every phone)"
    )
    parser.add_argument(
        "--stream-tables",
        type=int,
        default=None,
        help="tables whose streams alone are held after the evening (0: none)",
    )
    parser.add_argument("--check", action="store_true", help="the short run of .ci/run")
    parser.add_argument("--check-tables", type=int, default=8)
    parser.add_argument("--check-seconds", type=float, default=60)
    parser.add_argument("--keep", action="store_true", help="keep the run's folder")
    args = parser.parse_args()
    if args.check:
        return check(args.shape, args)
    if args.stream_tables is None:
        args.stream_tables = STREAM_TABLES[args.shape]
    save(measure(args.shape, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
