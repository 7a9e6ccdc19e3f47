"""What the phones' streams cost one box: part of `make capacity` (scripts/capacity.py).

The evening of scripts/locustfile.py is bounded by what the app does for the tables (their
rounds, boards and pages); a phone that waits for the next change costs only its stream,
held by nginx's Nchan (play/push.py). This measures that part alone, at the issue's scale
(4 phones at each of thousands of tables), in the shape as served:

1. a game for each table, started by the app's own service (``games``);
2. every phone's stream opened, as the page's EventSource opens it (each through the app's
   "may this phone listen?" check), by a few listener processes (one process may hold at
   most 20,000 open files here);
3. half a minute with every stream held and nothing happening: the server's CPU (the app's
   processes apart from nginx) and nginx's resident memory, before and after, per stream
   (and Redis's, in the production shape);
4. a change of every game published at once, as the app publishes it after a round (a burst
   harsher than any evening: every table saving a round in the same second), and the time
   from each publication to each of its phones holding the message.

``python scripts/streams.py --listen`` is one listener process (started by ``hold``).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
PER_LISTENER = 8000  # streams per listener process (each is an open file)
OPENING = 200  # streams being opened at once by a listener
IDLE_SECONDS = 30.0


def games(python: str, env: dict[str, str], n: int) -> list[str]:
    """``n`` games of four players under one rule set, started by play.services; their
    spectator codes (the stream's channel)."""
    code = (
        "import json, uuid\n"
        "from play import services\n"
        "from rulesets import services as rules\n"
        "from rulesets.presets import BY_SLUG\n"
        "p = BY_SLUG['official']\n"
        "rs, _ = rules.create_ruleset('Streams', '', dict(p.options))\n"
        f"codes = [services.start_game(rs.current, ['Ann', 'Ben', 'Cat', 'Dan'], 0,"
        f" uuid.uuid4())[0].spectator_code for _ in range({n})]\n"
        "print(json.dumps(codes))\n"
    )
    out = subprocess.run([python, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- A listener process ----------------------------------------------------------------


async def _hold(host: str, port: int, path: str, gate: asyncio.Semaphore, got: list, i: int,
                opened: asyncio.Event, counts: dict) -> None:  # fmt: skip
    async with gate:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
        except (OSError, asyncio.IncompleteReadError) as exc:
            counts["failed"] += 1
            counts.setdefault("error", repr(exc))
            return
        finally:
            counts["tried"] += 1
            if counts["tried"] == counts["all"]:
                opened.set()
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        counts["failed"] += 1
        counts.setdefault("error", head.split(b"\r\n", 1)[0].decode())
        writer.close()
        return
    counts["open"] += 1
    with suppress(OSError, asyncio.IncompleteReadError):
        while line := await reader.readline():
            if line.startswith(b"data:") and got[i] is None:
                got[i] = time.monotonic()
    writer.close()


async def _listen(url: str, paths: list[str]) -> None:
    """Opens a stream for each of ``paths``; says "open" when all are; on "report" (stdin),
    prints when each heard its first message (monotonic seconds, or null) and ends."""
    parts = urlsplit(url)
    got: list[float | None] = [None] * len(paths)
    counts = {"tried": 0, "open": 0, "failed": 0, "all": len(paths)}
    opened = asyncio.Event()
    gate = asyncio.Semaphore(OPENING)
    tasks = [
        asyncio.create_task(_hold(parts.hostname, parts.port, p, gate, got, i, opened, counts))
        for i, p in enumerate(paths)
    ]
    await opened.wait()
    print(json.dumps({"open": counts["open"], "failed": counts["failed"],
                      "error": counts.get("error")}), flush=True)  # fmt: skip
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    print(json.dumps({"heard": got}), flush=True)
    for t in tasks:
        t.cancel()


# --- The measure -----------------------------------------------------------------------


def _rss_kib(pids: set[int]) -> int:
    total = 0
    for pid in pids:
        with suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def _processes(groups: set[int]) -> dict[int, str]:
    """The processes of the server's groups: pid -> command name."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError):
            text = stat.read_text()
            if int(text.rsplit(")", 1)[1].split()[2]) in groups:
                found[int(stat.parent.name)] = text[text.index("(") + 1 : text.rindex(")")]
    return found


def _cpu_seconds(pids) -> float:
    ticks = 0
    for pid in pids:
        with suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def publishing_url(groups: set[int]) -> str:
    """Where the server's nginx takes a game's change (the app's PUSH_URL): the publishing
    server of the configuration it was started with (unosite/front.py writes it)."""
    for pid, name in _processes(groups).items():
        # nginx's master writes its arguments over its name: "nginx: master process ... -c F"
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
        if name == "nginx" and b"-c" in argv:
            config = Path(argv[argv.index(b"-c") + 1].decode()).with_name("house-rules.conf")
            port = re.findall(r"listen 127\.0\.0\.1:(\d+);", config.read_text())[-1]
            return f"http://127.0.0.1:{port}/publish"
    raise SystemExit("streams: no nginx in front of the app, so no streams to hold")


def _redis_used_bytes(redis_url: str | None) -> int | None:
    if not redis_url:
        return None
    import redis

    return int(redis.Redis.from_url(redis_url).info("memory")["used_memory"])


def hold(url: str, push_url: str, codes: list[str], phones: int, groups: set[int],
         redis_url: str | None = None) -> dict:  # fmt: skip
    """Every phone's stream of every game in ``codes`` held at ``url``, then every game's
    change published to ``push_url``: what that cost and how fast it reached the phones."""
    paths = [f"/w/{c}/events/" for c in codes for _ in range(phones)]
    procs = _processes(groups)
    nginx = {pid for pid, name in procs.items() if name == "nginx"}
    app = set(procs) - nginx
    rss_before, redis_before = _rss_kib(nginx), _redis_used_bytes(redis_url)
    began = time.monotonic()
    listeners = []
    for start in range(0, len(paths), PER_LISTENER):
        p = subprocess.Popen([sys.executable, __file__, "--listen", url], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)  # fmt: skip
        p.stdin.write(json.dumps(paths[start : start + PER_LISTENER]) + "\n")
        p.stdin.flush()
        listeners.append(p)
    said = [json.loads(p.stdout.readline() or "{}") for p in listeners]
    opening_s = time.monotonic() - began
    held = sum(s.get("open", 0) for s in said)
    errors = [s["error"] for s in said if s.get("error")]
    # Held, nothing happening: what the server spends and keeps for them.
    time.sleep(3)
    rss_after, redis_after = _rss_kib(nginx), _redis_used_bytes(redis_url)
    cpu_app, cpu_nginx, t0 = _cpu_seconds(app), _cpu_seconds(nginx), time.monotonic()
    time.sleep(IDLE_SECONDS)
    idle = time.monotonic() - t0
    idle_app = 100 * (_cpu_seconds(app) - cpu_app) / idle
    idle_nginx = 100 * (_cpu_seconds(nginx) - cpu_nginx) / idle
    # Every game changes at once.
    publish = urlsplit(push_url)
    conn = http.client.HTTPConnection(publish.hostname, publish.port, timeout=10)
    published: dict[str, float] = {}
    burst = time.monotonic()
    for code in codes:
        published[code] = time.monotonic()
        conn.request("POST", f"{publish.path}/{code}", body=b"2",
                     headers={"Content-Type": "text/plain"})  # fmt: skip
        conn.getresponse().read()
    burst_s = time.monotonic() - burst
    conn.close()
    time.sleep(5)  # the last publications on their way
    heard: list[float | None] = []
    for p in listeners:
        p.stdin.write("report\n")
        p.stdin.flush()
        heard += json.loads(p.stdout.readline() or '{"heard": []}')["heard"]
        p.stdin.close()
        p.wait(timeout=30)
    latencies = sorted(
        (t - published[paths[i].split("/")[2]]) * 1000 for i, t in enumerate(heard) if t
    )

    def pct(q: float) -> int | None:
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))])

    return {
        "tables": len(codes),
        "streams_asked": len(paths),
        "streams_held": held,
        "opening_seconds": round(opening_s, 1),
        "errors": errors[:3],
        "nginx_rss_mib": round(rss_after / 1024, 1),
        "nginx_kib_per_stream": round((rss_after - rss_before) / max(held, 1), 2),
        "redis_bytes_per_stream": (
            round((redis_after - redis_before) / max(held, 1)) if redis_url else None
        ),
        "idle_app_cpu_percent": round(idle_app, 1),
        "idle_nginx_cpu_percent": round(idle_nginx, 1),
        "changes_published": len(codes),
        "publishing_seconds": round(burst_s, 2),
        "phones_told": len(latencies),
        "change_p50_ms": pct(0.5),
        "change_p99_ms": pct(0.99),
        "change_max_ms": round(latencies[-1]) if latencies else None,
    }


def print_held(r: dict) -> None:
    print(f"\n  streams: {r['streams_held']} of {r['streams_asked']} held "
          f"({r['tables']} tables), opened in {r['opening_seconds']} s")  # fmt: skip
    for e in r["errors"]:
        print(f"    refused: {e}")
    redis = (f", Redis {r['redis_bytes_per_stream']} bytes"
             if r["redis_bytes_per_stream"] is not None else "")  # fmt: skip
    print(f"    memory: nginx {r['nginx_rss_mib']} MiB in all, "
          f"{r['nginx_kib_per_stream']} KiB per stream{redis}")  # fmt: skip
    print(
        f"    held {IDLE_SECONDS:.0f} s with nothing happening: the app's processes "
        f"{r['idle_app_cpu_percent']} % of a core, nginx {r['idle_nginx_cpu_percent']} %"
    )
    print(f"    every game changed at once ({r['changes_published']} in "
          f"{r['publishing_seconds']} s): {r['phones_told']} phones told, "
          f"p50 {r['change_p50_ms']} ms, p99 {r['change_p99_ms']} ms, "
          f"slowest {r['change_max_ms']} ms")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--listen"]:
        asyncio.run(_listen(sys.argv[2], json.loads(sys.stdin.readline())))
    else:
        raise SystemExit(__doc__)
