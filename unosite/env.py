"""Strict readers for settings taken from the environment.

A wrong value stops start-up with one line naming the variable (SystemExit with a
message prints just that line), never a traceback.
"""

import hashlib
import os
import secrets
import stat
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit


class ConfigError(SystemExit):
    def __init__(self, message: str):
        super().__init__(f"Configuration error: {message}")


def env_str(name: str, default: str = "") -> str:
    value = os.environ.get(name)
    if value is None:
        file = os.environ.get(f"{name}_FILE")
        if file:
            try:
                value = Path(file).read_text().strip()
            except OSError as exc:
                raise ConfigError(f"{name}_FILE: cannot read {file} ({exc.strerror})") from None
    return default if value is None else value.strip()


def env_bool(name: str, default: bool) -> bool:
    value = env_str(name, "").lower()
    if not value:
        return default
    if value == "true":
        return True
    if value == "false":
        return False
    raise ConfigError(f"{name} must be true or false, not {value!r}")


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    value = env_str(name, "")
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {value!r}") from None
    if number < minimum:
        raise ConfigError(f"{name} must be at least {minimum}")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    value = env_str(name, "")
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def public_url(name: str = "PUBLIC_URL") -> str:
    value = env_str(name, "").rstrip("/")
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path:
        raise ConfigError(
            f"{name} must be an origin such as https://rules.example.org, not {value!r}"
        )
    return value


def secret_key(name: str, *, required: bool, key_file: Path) -> str:
    value = env_str(name, "")
    if value:
        if len(value) < 50:
            raise ConfigError(f"{name} must be at least 50 characters long")
        return value
    if required:
        raise ConfigError(f"{name} must be set when serving over https with DEBUG off")
    for _attempt in range(50):
        try:
            value = key_file.read_text().strip()
        except FileNotFoundError:
            value = secrets.token_urlsafe(50)
            # Created readable by the owner only, and only once: of two processes starting
            # together, one writes the key and the other reads it.
            try:
                fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w") as file:
                file.write(value + "\n")
            print(f"Generated a local secret key in {key_file}", file=sys.stderr)
            return value
        if value:
            return value
        time.sleep(0.01)  # the other process has not written it yet
    raise ConfigError(f"{key_file} is empty: delete it to have a new key made")


def private_file(path: Path) -> None:
    """Creates ``path`` (empty) readable and writable by its owner only, or takes the rights
    of others away from it if it exists. SQLite makes its -wal and -shm files with the rights
    of the database file."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        mode = path.stat().st_mode
        if mode & 0o077:
            path.chmod(mode & 0o700)
    except OSError as exc:
        raise ConfigError(f"cannot create the database file {path} ({exc.strerror})") from None


CONN_MAX_AGE = 60  # seconds a database connection is reused for


def database(name: str, sqlite_path: Path) -> dict:
    import dj_database_url

    url = env_str(name, "")
    sqlite_options = {
        "transaction_mode": "IMMEDIATE",
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;"
        ),
    }
    # Connections are kept between requests (each worker process has its own): opening
    # one costs more than a simple query (SQLite registers its functions and runs the
    # PRAGMAs above on every connect).
    if not url:
        private_file(sqlite_path)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": sqlite_path,
            "OPTIONS": sqlite_options,
            "CONN_MAX_AGE": CONN_MAX_AGE,
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=CONN_MAX_AGE, conn_health_checks=True)
    except Exception as exc:  # the library raises several kinds for a bad URL
        raise ConfigError(f"{name} is not a valid database URL ({exc})") from None
    engine = config.get("ENGINE", "")
    if engine == "django.db.backends.sqlite3":
        if config["NAME"] and config["NAME"] != ":memory:":
            private_file(Path(config["NAME"]))
        config["OPTIONS"] = sqlite_options
    elif engine != "django.db.backends.postgresql":
        raise ConfigError(f"{name} must be a postgres:// or sqlite:// URL")
    return config  # type: ignore[return-value]  # a TypedDict (DBConfig), a dict at run time


def cache_dir(name: str, fallback: Path) -> str:
    """The folder of the cache every worker shares (the scoreboards' versions): ``name``
    when set; otherwise a folder in memory (under /dev/shm, on Linux) of this user and this
    copy of the site; otherwise ``fallback``.

    In memory, because every change of a game rewrites two small files there while the
    database is locked for writing. On a disk, replacing a file waits for the disk (ext4
    writes the new file out first): about 2 ms, and 40 ms and more in the tail, which every
    other phone recording a round waits for too. In memory it takes microseconds, and
    nothing there needs to outlive a restart.
    """
    value = env_str(name, "")
    if value:
        return value
    memory = Path("/dev/shm")
    if not (memory.is_dir() and os.access(memory, os.W_OK)):
        return str(fallback)
    copy = hashlib.sha256(str(fallback.resolve()).encode()).hexdigest()[:12]
    folder = memory / f"house-rules-{os.getuid()}-{copy}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return str(fallback)
    # /dev/shm is everyone's: the cache holds pickles, so only a folder of this user's alone
    # will do (not one someone else made first, nor a link).
    if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077:
        return str(folder)
    return str(fallback)
