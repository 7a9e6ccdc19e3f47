"""nginx in front of the app, as deploy/nginx.conf ships it, run from a folder of its own.

`make run` (unosite/serve.py) puts it in front of waitress so that the push engine (nginx's
Nchan module, see play/push.py) holds the phones' streams, with its messages in nginx's
memory; the tests of deploy/nginx.conf and `make capacity`'s production shape run the same
file with Redis behind Nchan, as a deployment does. Either way the file is the shipped one
with its addresses, folders and Redis moved, so what is tested is what is deployed.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "deploy" / "nginx.conf"
NGINX = "/usr/sbin/nginx"
# Debian's libnginx-mod-nchan.
NCHAN_MODULE = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
SHIPPED_REDIS = "redis://127.0.0.1:6379/2"
SEVERAL_BOXES = "# several boxes"  # the mark of the lines a deployment of several boxes uncomments


def available() -> bool:
    """Whether this machine has nginx and its Nchan module (`make run` installs both)."""
    return bool(shutil.which("nginx") or Path(NGINX).exists()) and NCHAN_MODULE.exists()


def nginx_config(
    folder: Path,
    port: int,
    upstream: int,
    workers: int = 1,
    connections: int = 1024,
    *,
    host: str = "127.0.0.1",
    publish_port: int | None = None,
    redis_url: str | None = None,
) -> Path:
    """The shipped configuration with its ports and logs moved to ``folder``, inside a main
    configuration of the kind Debian's /etc/nginx/nginx.conf is. ``redis_url``: the Redis
    behind Nchan (a deployment's shape); without it, Nchan keeps its messages in memory.
    ``publish_port``: where the app publishes (PUSH_URL), by default a free port."""
    site = SHIPPED.read_text()
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    replacements = [
        ("    listen 80;\n", f"    listen {listen};\n"),
        ("    listen [::]:80;\n", ""),
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
        ("/var/log/nginx/house-rules.access.log", str(folder / "access.log")),
        ("/var/log/nginx/house-rules.error.log", str(folder / "error.log")),
        ("root /srv/house-rules/staticfiles;", f"root {ROOT / 'staticfiles'};"),
        ("listen 127.0.0.1:8090;", f"listen 127.0.0.1:{publish_port or free_port()};"),
    ]
    for old, new in replacements:
        assert old in site, f"deploy/nginx.conf no longer has {old!r}"
        site = site.replace(old, new)
    if redis_url:  # the lines of several boxes, as the file says to uncomment them
        assert site.count(SEVERAL_BOXES) == 4, "deploy/nginx.conf: the several boxes' lines"
        site = (
            "\n".join(
                line.replace("#", "", 1) if line.endswith(SEVERAL_BOXES) else line
                for line in site.replace(SHIPPED_REDIS, redis_url).splitlines()
            )
            + "\n"
        )
    (folder / "house-rules.conf").write_text(site)
    main = folder / "nginx.conf"
    temp = folder / "temp"
    temp.mkdir(exist_ok=True)
    user = pwd.getpwuid(os.getuid()).pw_name
    main.write_text(
        f"load_module {NCHAN_MODULE};\n"
        f"user {user};\nworker_processes {workers};\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        f"worker_rlimit_nofile {connections * 2 + 64};\n"
        f"events {{ worker_connections {connections}; }}\n"
        "http {\n"
        f"    client_body_temp_path {temp / 'body'};\n"
        f"    proxy_temp_path {temp / 'proxy'};\n"
        f"    fastcgi_temp_path {temp / 'fastcgi'};\n"
        f"    uwsgi_temp_path {temp / 'uwsgi'};\n"
        f"    scgi_temp_path {temp / 'scgi'};\n"
        f"    include {folder / 'house-rules.conf'};\n"
        "}\n"
    )
    return main


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def push_redis(redis_url: str) -> str:
    """The Redis behind Nchan for an app whose cache is at ``redis_url``: the same server,
    database 2 (the cache may empty its own database; Nchan's channels stay)."""
    base = redis_url.rstrip("/")
    head, _, last = base.rpartition("/")
    if last.isdigit() and head.count("/") >= 2:
        base = head
    return f"{base}/2"
