"""The SQLite backend (unosite.sqlite) on a file database: writers take turns on the
lock file, released on commit, rollback and close, and a wait that lasts too long is the
usual "database is locked" (a 503 to retry). SQLITE_WRITE_LOCK=false serves with
Django's own backend instead (make bench measures both)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler

from unosite import env
from unosite.sqlite import base as sqlite_base


@pytest.fixture
def two_writers(tmp_path, monkeypatch, django_db_blocker):
    """Two connections (as two gunicorn workers would have) to one SQLite file."""
    monkeypatch.setattr(sqlite_base, "WRITE_LOCK_TIMEOUT", 0.05)
    path = tmp_path / "locks.sqlite3"
    handler = ConnectionHandler(
        {
            alias: {
                "ENGINE": "unosite.sqlite",
                "NAME": path,
                "OPTIONS": {"transaction_mode": "IMMEDIATE"},
            }
            for alias in ("default", "one", "two")
        }
    )
    one, two = handler["one"], handler["two"]
    with django_db_blocker.unblock():
        yield one, two
        one.close()
        two.close()


def test_a_writer_waits_for_the_other_and_goes_on_when_it_commits(two_writers):
    one, two = two_writers
    one.ensure_connection()
    two.ensure_connection()
    one.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    started = time.monotonic()
    with pytest.raises(OperationalError, match="database is locked"):
        two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    # It waited on the lock file (0.05 s here), not on SQLite (whose busy timeout is 5 s).
    assert time.monotonic() - started < 1
    one.commit()
    one.set_autocommit(True)
    two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    two.rollback()
    two.set_autocommit(True)
    # Released on rollback too: the first can write again.
    one.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    one.close()  # and on close
    two.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    two.rollback()
    assert (two.settings_dict["NAME"].parent / "locks.sqlite3.lock").exists()


def test_the_tests_in_memory_database_needs_no_lock_file(db):
    from django.db import connections

    connection = connections["default"]
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only (make test-postgres runs on PostgreSQL)")
    assert connection.is_in_memory_db()
    assert connection.vendor == "sqlite" and isinstance(connection, sqlite_base.DatabaseWrapper)
    assert getattr(connection, "_write_lock_fd", None) is None


def test_one_setting_turns_the_lock_off(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SQLITE_WRITE_LOCK", raising=False)
    assert env.database("DATABASE_URL", Path("/tmp/x.sqlite3"))["ENGINE"] == "unosite.sqlite"
    monkeypatch.setenv("SQLITE_WRITE_LOCK", "false")
    off = env.database("DATABASE_URL", Path("/tmp/x.sqlite3"))
    assert off["ENGINE"] == "django.db.backends.sqlite3"
    assert off["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
