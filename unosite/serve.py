"""`make run`'s server: waitress, which slow or hostile clients cannot take down.

gunicorn's sync workers read a request in the worker that will answer it, with no deadline:
two connections sending a header line every few seconds held both workers, and /healthz
stopped answering. waitress reads every connection in one event loop and hands a request to
its threads only once the whole of it has arrived (buffered in memory: the body limit below
is under waitress's 512 KB overflow to a temporary file), so a slow client holds a socket,
never a thread. It also refuses bodies over the limit itself (413), closes connections idle
for CHANNEL_TIMEOUT seconds and caps open connections. It is pure Python, so `make run`
needs nothing compiled and nothing from Debian. Larger sites put nginx in front of gunicorn
(deploy/nginx.conf, see the README).

    python -m unosite.serve --host 127.0.0.1 --port 8000 --threads 8
"""

from __future__ import annotations

import argparse
import os

CHANNEL_TIMEOUT = 30  # seconds a connection may send nothing before it is closed
CONNECTION_LIMIT = 1000  # open connections; more wait in the listen backlog
HEADER_LIMIT = 16 * 1024  # bytes of request line and headers


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unosite.settings")
    from django.conf import settings
    from waitress import serve

    from unosite.wsgi import application

    serve(
        application,
        host=args.host.strip("[]"),
        port=args.port,
        threads=args.threads,
        ident="House Rules",
        channel_timeout=CHANNEL_TIMEOUT,
        connection_limit=CONNECTION_LIMIT,
        max_request_header_size=HEADER_LIMIT,
        # waitress refuses a body of this size or more: one byte over the site's limit.
        max_request_body_size=settings.MAX_REQUEST_BODY + 1,
        # poll(), not select(): select() cannot watch more than 1,024 sockets.
        asyncore_use_poll=True,
    )


if __name__ == "__main__":
    main()
