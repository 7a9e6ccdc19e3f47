"""Phone-sized screenshots of House Rules, light and dark, for the README.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--width 360]
                                            [--height 740] [--full-page]

Serves the app with gunicorn (DEBUG off, static files through WhiteNoise, as `make run`
does) on a throwaway SQLite database seeded with a rule set and a game three rounds in,
then opens the pages in Chromium with the same Playwright set-up as the browser tests
(tests/browser/conftest.py) and saves <page>-light.png and <page>-dark.png for the rules
page, the start form, the scoreboard mid-game and its history. Needs the development
dependencies (`pip install -e '.[dev]'`) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seed() -> dict[str, str]:
    """A rule set and a game three rounds in; returns the paths to photograph."""
    from play import services
    from rulesets import services as rule_services
    from rulesets.presets import BY_SLUG

    ruleset, _secret = rule_services.create_ruleset(
        "The Garcias' rules",
        "Sunday afternoons at Grandma's. Draw Twos stack.",
        {**BY_SLUG["official"].options, "stack_draw_two_on_draw_two": True},
    )
    game, _created = services.start_game(
        ruleset.current, ["Ana", "Ben", "Chloé", "Dev"], 0, uuid.uuid4()
    )
    for went_out, hands in [
        (1, {0: 37, 2: 12, 3: 70}),
        (3, {0: 9, 1: 54, 2: 25}),
        (0, {1: 20, 2: 81, 3: 6}),
    ]:
        services.record_round(game, went_out, hands, uuid.uuid4())
    return {
        "rules": f"/r/{ruleset.code}/",
        "start": f"/r/{ruleset.code}/play/",
        "scoreboard": f"/g/{game.code}/",
        "history": f"/g/{game.code}/rounds/",
    }


def wait_until_up(url: str, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn stopped with exit code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the app did not answer at {url} within {timeout} seconds")


def shoot(base: str, paths: dict[str, str], out: Path, width: int, height: int, full: bool):
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for scheme in ("light", "dark"):
                context = browser.new_context(
                    base_url=base,
                    viewport={"width": width, "height": height},
                    color_scheme=scheme,
                    device_scale_factor=2,
                )
                page = context.new_page()
                for name, path in paths.items():
                    page.goto(path)
                    page.wait_for_load_state("networkidle")
                    target = out / f"{name}-{scheme}.png"
                    page.screenshot(path=target, full_page=full)
                    saved.append(target)
                context.close()
        finally:
            browser.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=740)
    parser.add_argument("--full-page", action="store_true", help="the whole page, not one screen")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="house-rules-screenshots-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
        "CACHE_DIR": f"{tmp}/cache",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "PUBLIC_URL": "",
        "DJANGO_SETTINGS_MODULE": "unosite.settings",
    }
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    paths = seed()

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "unosite.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--worker-class",
            "sync",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base + "/healthz", proc)
        for path in shoot(base, paths, args.out, args.width, args.height, args.full_page):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
