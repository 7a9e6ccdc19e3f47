"""The shipped nginx configuration, run on this machine: by the tests of deploy/nginx.conf
(tests/hardening/test_serving.py) and by `make capacity`'s production shape."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def nginx_config(
    folder: Path, port: int, upstream: int, workers: int = 1, connections: int = 1024
) -> Path:
    """The shipped server block with its ports and log moved to ``folder``, inside a main
    configuration of the kind Debian's /etc/nginx/nginx.conf is."""
    shipped = (ROOT / "deploy" / "nginx.conf").read_text()
    site = shipped
    for old, new in [
        ("    listen 80;\n", f"    listen 127.0.0.1:{port};\n"),
        ("    listen [::]:80;\n", ""),
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
        ("/var/log/nginx/house-rules.access.log", str(folder / "access.log")),
        ("/var/log/nginx/house-rules.error.log", str(folder / "error.log")),
        ("root /srv/house-rules/staticfiles;", f"root {ROOT / 'staticfiles'};"),
    ]:
        assert old in site, f"deploy/nginx.conf no longer has {old!r}"
        site = site.replace(old, new)
    (folder / "house-rules.conf").write_text(site)
    main = folder / "nginx.conf"
    temp = folder / "temp"
    temp.mkdir(exist_ok=True)
    user = pwd.getpwuid(os.getuid()).pw_name
    main.write_text(
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
