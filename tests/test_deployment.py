"""The README's Deployment section, followed in a throwaway folder (issue 42, point 1).

The repository's files are copied as `git clone` would bring them (the compiled translations
and the static files are not among them), then the README's steps run there, with the
server's folders (/srv/house-rules, /etc/house-rules, /var/lib/house-rules) moved into the
throwaway folder and nothing done as root: the environment from uv.lock (from uv's cache,
which `make` filled), the environment file, migrations, `compilemessages`, `collectstatic`,
`check --deploy`. The systemd units are checked with `systemd-analyze verify` where it is
installed, and gunicorn is started as the web unit starts it: a German phone reads German.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.hardening.test_serving import stop_group
from tests.served import ROOT, _free_port

pytestmark = pytest.mark.served

README = (ROOT / "README.md").read_text()
DEPLOYMENT = README[README.index("## Deployment\n") : README.index("### Caching\n")]
UNITS = ["house-rules-web.service", "house-rules-tasks.service"]

# What the README's steps say, word for word, that the fixture below does.
STEPS = [
    "fonts-dejavu-core",
    "libnginx-mod-nchan",
    ".tools/venv/bin/uv sync --locked --python /usr/bin/python3",
    "sudo install -m 640 -g house-rules deploy/house-rules.env /etc/house-rules/env",
    'print(secrets.token_urlsafe(60))" > /etc/house-rules/secret_key',
    "sudo -u house-rules deploy/manage migrate --noinput",
    "sudo -u house-rules deploy/manage compilemessages --ignore=.venv --ignore=.tools",
    "sudo -u house-rules deploy/manage collectstatic --noinput",
    "sudo -u house-rules deploy/manage check --deploy",
    "sudo cp deploy/house-rules-web.service deploy/house-rules-tasks.service /etc/systemd/system/",
    "sudo cp deploy/nginx.conf /etc/nginx/conf.d/house-rules.conf",
]


def test_the_readme_says_the_steps_this_test_follows():
    for step in STEPS:
        assert step in DEPLOYMENT, step


def on_this_machine(text: str, folder: Path) -> str:
    """``text`` (a unit or the environment file) with the server's folders in ``folder``."""
    for server, here in [
        ("/srv/house-rules", folder / "srv"),
        ("/etc/house-rules/env", folder / "env"),
        ("/etc/house-rules/secret_key", folder / "secret_key"),
        ("/var/lib/house-rules", folder / "var"),
    ]:
        text = text.replace(server, str(here))
    return text


def environment_file(path: Path) -> dict[str, str]:
    """The settings of an environment file, read as systemd reads EnvironmentFile=."""
    found = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, value = line.split("=", 1)
            found[name.strip()] = value.strip()
    return found


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Path:
    uv = ROOT / ".tools" / "bin" / "uv"
    if not uv.exists():
        pytest.fail("uv is not in .tools/: `make test` installs it")
    folder = tmp_path_factory.mktemp("deployment")
    srv = folder / "srv"
    # 2. The code, as a clone has it (tracked files, and new ones not yet committed).
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (srv / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, srv / name)
    assert not list(srv.glob("locale/*/LC_MESSAGES/*.mo")) and not (srv / "staticfiles").exists()
    python = subprocess.run(
        [ROOT / "scripts" / "find-python"], capture_output=True, text=True, check=True
    ).stdout.strip()
    # 3. The environment, from uv.lock (uv's cache, so offline).
    base = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", str(folder))}
    subprocess.run(
        [uv, "sync", "--locked", "--offline", "-q", "--python", python],
        cwd=srv,
        env={**base, "UV_PROJECT_ENVIRONMENT": ".venv", "UV_PYTHON_DOWNLOADS": "never"},
        check=True,
        timeout=300,
    )
    # 4. The environment file and the secret key; the cache in this folder, not /dev/shm.
    settings = on_this_machine((ROOT / "deploy" / "house-rules.env").read_text(), folder)
    (folder / "env").write_text(settings + f"CACHE_DIR={folder / 'cache'}\n")
    (folder / "secret_key").write_text(secrets.token_urlsafe(60) + "\n")
    # 5. The database, the translations, the static files, the check.
    (folder / "var").mkdir()
    for step in [
        ["migrate", "--noinput"],
        ["compilemessages", "--ignore=.venv", "--ignore=.tools"],
        ["collectstatic", "--noinput"],
        ["check", "--deploy", "--fail-level", "WARNING"],
    ]:
        result = subprocess.run(
            [srv / "deploy" / "manage", *step, "-v", "1"],
            cwd=srv,
            env={**base, "HOUSE_RULES_ENV": str(folder / "env")},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, (step, result.stdout[-2000:], result.stderr[-2000:])
    assert (folder / "var" / "db.sqlite3").exists()
    assert (srv / "locale" / "de" / "LC_MESSAGES" / "django.mo").exists()
    assert (srv / "staticfiles" / "busy" / "de.html").exists()
    # 6. The units, with the folders of this machine.
    (folder / "units").mkdir()
    for unit in UNITS:
        text = on_this_machine((ROOT / "deploy" / unit).read_text(), folder)
        (folder / "units" / unit).write_text(text)
    return folder


def test_the_units_pass_systemd_analyze_verify(server):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here")
    units = [str(server / "units" / unit) for unit in UNITS]
    result = subprocess.run([analyze, "verify", *units], capture_output=True, text=True, timeout=60)
    ours = [line for line in result.stderr.splitlines() if str(server) in line]
    assert result.returncode == 0 and ours == [], result.stderr
    for unit in UNITS:
        text = (server / "units" / unit).read_text()
        assert "Restart=on-failure" in text and "User=house-rules" in text
        assert f"EnvironmentFile={server / 'env'}" in text


def test_a_german_phone_reads_the_site_in_german(server):
    unit = (server / "units" / "house-rules-web.service").read_text()
    command = shlex.split(re.search(r"^ExecStart=(.+)$", unit, re.M).group(1))
    port = _free_port()
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = "1"
    directory = re.search(r"^WorkingDirectory=(.+)$", unit, re.M).group(1)
    env = {"PATH": os.environ["PATH"], **environment_file(server / "env")}
    with (server / "gunicorn.log").open("w") as log:
        proc = subprocess.Popen(
            command,
            cwd=directory,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request(
                    "GET",
                    "/",
                    headers={
                        "Host": "rules.example.org",
                        "X-Forwarded-Proto": "https",  # as nginx says it, TLS ended there
                        "Accept-Language": "de-DE,de;q=0.9",
                    },
                )
                response = conn.getresponse()
                page = response.read().decode()
                break
            except OSError:
                assert proc.poll() is None, (server / "gunicorn.log").read_text()
                assert time.monotonic() < deadline, "gunicorn did not answer in time"
                time.sleep(0.3)
            finally:
                conn.close()
        assert response.status == 200, page[:500]
        assert '<html lang="de"' in page and "Zum Inhalt springen" in page
        assert response.headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains"
        )
    finally:
        stop_group(proc)
