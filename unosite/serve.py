"""`make run`'s server: waitress, which slow or hostile clients cannot take down.

It listens on every interface by default, so the phones of the home network can open it,
and prints the address they should open, with a QR code of it (``--host 127.0.0.1`` keeps
it to this computer). Unless PUBLIC_URL is set, that address (HOME_URL) is the one the
card, the board and every share link use, and the only name besides this computer's that
the site answers to (ALLOWED_HOSTS): a page of another site cannot reach it under a name
of its own. Moving to another Wi-Fi needs a restart.

gunicorn's sync workers read a request in the worker that will answer it, with no deadline:
two connections sending a header line every few seconds held both workers, and /healthz
stopped answering. waitress reads every connection in one event loop (poll(), which has no
limit of 1,024 sockets) and hands a request to its threads only once the whole of it has
arrived (buffered in memory: the body limit below is under waitress's 512 KB overflow to a
temporary file), so a slow client holds a socket, never a thread. It also refuses bodies
over the limit itself (413), closes connections idle for CHANNEL_TIMEOUT seconds and caps
open connections at CONNECTION_LIMIT. A client that sends a header line every 10 s is never
idle for long, so only that cap stands between such clients and everyone else: at this
file's former 1,000, 1,500 of them left /healthz unanswered; at 10,000, with connections let
in by the hundred (accept_in_batches), it answered within 0.65 s throughout (see the README).
The process's open-file limit is raised to what the system allows so that the cap, not the
limit, is what counts. It is pure Python, so `make run` needs nothing compiled and nothing
from Debian. Larger sites put nginx in front of gunicorn (deploy/nginx.conf, see the README).

With nginx and its Nchan module on the machine (`make run` installs them), nginx is in front:
it listens for the phones and holds their streams of the game's changes (play/push.py),
with the messages in its memory, and waitress answers it on 127.0.0.1 alone (the shipped
deploy/nginx.conf, see unosite/front.py). Without them (``--no-push``, or another
system), waitress listens itself and the phones ask every few seconds instead.

    python -m unosite.serve --host 0.0.0.0 --port 8000 --threads 8
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

CHANNEL_TIMEOUT = 30  # seconds a connection may send nothing before it is closed
CONNECTION_LIMIT = 10_000  # open connections; more wait in the listen backlog
HEADER_LIMIT = 16 * 1024  # bytes of request line and headers
ACCEPT_BATCH = 100  # connections let in at most per turn of the loop (accept_in_batches)
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def raise_open_file_limit(wanted: int) -> int:
    """Raises this process's limit of open files (sockets included) towards ``wanted``, as
    far as the system's hard limit allows; returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


def home_url(host: str, port: int) -> str:
    """The address phones on the home network open, or "" when the server listens on this
    computer only or no network address is found (a local lookup: nothing is sent)."""
    if host not in EVERY_INTERFACE:
        return ""
    from unosite.links import network_address

    address = network_address()
    return f"http://{address}:{port}" if address else ""


def banner(host: str, port: int, url: str) -> str:
    """What `make run` prints: where to open the site, and a QR code of it for the phones."""
    if url:
        import qrcode

        code: qrcode.QRCode[Any] = qrcode.QRCode(border=2)
        code.add_data(url + "/")
        drawn = io.StringIO()
        code.print_ascii(out=drawn, invert=True)
        return (
            f"House Rules is open to the phones on this network: they open {url}/\n"
            f"(or scan this code). Here, http://127.0.0.1:{port}/ works too.\n"
            f"{drawn.getvalue()}"
            f"To keep it to this computer: make run HOST=127.0.0.1\n"
        )
    shown = "127.0.0.1" if host in EVERY_INTERFACE else host
    where = f"[{shown}]" if ":" in shown else shown
    note = (
        "this computer only (make run HOST=0.0.0.0 opens it to the home network)"
        if host not in EVERY_INTERFACE
        else "this computer: no network address was found"
    )
    return f"Serving House Rules at http://{where}:{port}/ for {note}\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--no-push", action="store_true", help="waitress alone: phones poll")
    args = parser.parse_args(argv)
    host = args.host.strip("[]")

    url = "" if os.environ.get("PUBLIC_URL") else home_url(host, args.port)
    if url:
        os.environ["HOME_URL"] = url  # read by the settings, imported below
    else:
        os.environ.pop("HOME_URL", None)
    raise_open_file_limit(2 * CONNECTION_LIMIT + 100)  # nginx's too, for both its sides
    nginx, app_host, app_port = None, host, args.port
    if not args.no_push:
        nginx, app_host, app_port = in_front(host, args.port)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unosite.settings")
    from unosite.wsgi import application

    public = os.environ.get("PUBLIC_URL", "").rstrip("/")
    if public:
        sys.stdout.write(f"Serving House Rules for {public}/ on port {args.port}\n")
    else:
        sys.stdout.write(banner(host, args.port, url))
    sys.stdout.flush()
    server = waitress_server(application, app_host, app_port, args.threads)
    try:
        server.run()
    finally:
        if nginx is not None:
            nginx.stop()


def in_front(host: str, port: int) -> tuple[Nginx | None, str, int]:
    """nginx on ``host``:``port`` with the push engine, when this machine has them; then
    waitress listens on 127.0.0.1 alone. Returns (nginx, waitress's host and port)."""
    from unosite import front

    if not front.available():
        return None, host, port
    app_port, publish_port = front.free_port(), front.free_port()
    # Read by the settings, imported after this: where a change is published, and that the
    # phone's address is the one nginx passes on.
    os.environ["PUSH_URL"] = f"http://127.0.0.1:{publish_port}/publish"
    os.environ["RATE_LIMIT_TRUST_X_FORWARDED_FOR"] = "true"
    return start_nginx(host, port, app_port, publish_port), "127.0.0.1", app_port


def waitress_server(application, host: str, port: int, threads: int):
    from django.conf import settings
    from waitress.server import BaseWSGIServer, create_server

    connections: dict = {}  # waitress's map of open sockets, its listening ones included
    server = create_server(
        application,
        map=connections,
        host=host,
        port=port,
        threads=threads,
        ident="House Rules",
        channel_timeout=CHANNEL_TIMEOUT,
        connection_limit=CONNECTION_LIMIT,
        max_request_header_size=HEADER_LIMIT,
        # waitress refuses a body of this size or more: one byte over the site's limit.
        max_request_body_size=settings.MAX_REQUEST_BODY + 1,
        # poll(), not select(): select() cannot watch more than 1,024 sockets.
        asyncore_use_poll=True,
    )
    for listener in list(connections.values()):
        if isinstance(listener, BaseWSGIServer):
            accept_in_batches(listener)
    return server


class Nginx:
    """nginx in front of waitress, from a folder of its own, stopped with the server."""

    def __init__(self, folder: Path, process: subprocess.Popen) -> None:
        self.folder, self.process = folder, process

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_nginx(host: str, port: int, app_port: int, publish_port: int) -> Nginx:
    from unosite import front

    # Its configuration, logs and pid file, in memory where there is a folder for it; its
    # temporary files never happen (bodies are kept in memory, see deploy/nginx.conf).
    memory = Path("/dev/shm")
    where = memory if memory.is_dir() and os.access(memory, os.W_OK) else None
    folder = Path(tempfile.mkdtemp(prefix="house-rules-run.", dir=where))
    config = front.nginx_config(
        folder,
        port,
        app_port,
        workers=1,
        connections=CONNECTION_LIMIT,
        host=host,
        publish_port=publish_port,
    )
    process = subprocess.Popen(
        [front.NGINX, "-p", str(folder), "-c", str(config), "-g", "daemon off;"],
        stdin=subprocess.DEVNULL,
    )
    nginx = Nginx(folder, process)
    # Ctrl-C reaches nginx too (the same process group); a TERM sent to this server alone
    # (make's trap, a test) stops it here.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    return nginx


def accept_in_batches(listener) -> None:
    """Lets ``listener`` accept up to ACCEPT_BATCH waiting connections each time its socket is
    ready, not one: each turn of waitress's loop looks at every open connection, so 1,500
    connections opened at once took 1,500 turns to let in (a few seconds on a busy machine,
    during which a phone's request, waiting behind them, timed out)."""
    accept_one = listener.handle_accept

    def handle_accept() -> None:
        for _ in range(ACCEPT_BATCH):
            before = len(listener._map)
            accept_one()
            if len(listener._map) == before or len(listener._map) >= CONNECTION_LIMIT:
                return  # none waiting any more (or refused), or the cap is reached

    listener.handle_accept = handle_accept


if __name__ == "__main__":
    main()
