"""Django's own SQLite backend on a file database, with the settings unosite.env gives it:
every transaction begins IMMEDIATE (it takes SQLite's lock for writing at once), the journal is
WAL, and a writer that finds the lock taken waits (busy timeout) instead of failing, so
two writers at the same time both succeed and nothing is lost."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from django.db.utils import ConnectionHandler

from unosite import env


@pytest.fixture
def two_writers(tmp_path, monkeypatch, django_db_blocker):
    """Two connections (as two server threads or workers would have) to one SQLite file,
    configured as unosite.env configures the served database."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    path = tmp_path / "writers.sqlite3"
    settings = env.database("DATABASE_URL", path)
    handler = ConnectionHandler({alias: dict(settings) for alias in ("default", "one", "two")})
    one, two = handler["one"], handler["two"]
    with django_db_blocker.unblock():
        with one.cursor() as cursor:
            cursor.execute("CREATE TABLE rounds (number INTEGER PRIMARY KEY, writer TEXT)")
        yield one, two
        one.close()
        two.close()


def test_the_settings_give_immediate_transactions_and_wal(two_writers):
    one, _ = two_writers
    assert one.settings_dict["ENGINE"] == "django.db.backends.sqlite3"
    assert one.transaction_mode == "IMMEDIATE"
    with one.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert cursor.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert cursor.execute("PRAGMA busy_timeout").fetchone()[0] == 5000


def test_a_sqlite_url_gets_the_same_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    config = env.database("DATABASE_URL", Path("/unused.sqlite3"))
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]


def test_two_writers_at_the_same_time_both_succeed_and_nothing_is_lost(two_writers):
    one, two = two_writers
    one.ensure_connection()
    two.ensure_connection()
    # The first holds the lock for writing; the second begins while it does and waits.
    one.set_autocommit(False)
    with one.cursor() as cursor:
        cursor.execute("INSERT INTO rounds (writer) VALUES ('one')")
    errors: list[BaseException] = []
    started = threading.Event()

    def second_writer():
        # A connection belongs to the thread that uses it.
        two.inc_thread_sharing()
        try:
            started.set()
            two.set_autocommit(False)
            with two.cursor() as cursor:
                cursor.execute("INSERT INTO rounds (writer) VALUES ('two')")
            two.commit()
            two.set_autocommit(True)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)
        finally:
            two.dec_thread_sharing()

    thread = threading.Thread(target=second_writer)
    thread.start()
    started.wait()
    thread.join(0.2)
    assert thread.is_alive(), "the second writer should wait for the first to commit"
    one.commit()
    one.set_autocommit(True)
    thread.join(5)
    assert not thread.is_alive() and not errors
    with one.cursor() as cursor:
        rows = cursor.execute("SELECT number, writer FROM rounds ORDER BY number").fetchall()
    assert rows == [(1, "one"), (2, "two")]
