"""Django's SQLite backend, with writers taking turns instead of sleeping.

Every transaction here starts with BEGIN IMMEDIATE (settings), so writers wait for one
another. SQLite makes a writer that finds the database locked sleep and retry, ever
longer (1, 2, 5 ... 50, 100 ms): with several gunicorn workers recording rounds at once,
an unlucky one kept losing and waited a second or more while the lock was free most of
the time. Here a transaction first takes an advisory lock on a file beside the database
(``<name>.lock``), retried every half millisecond, so the next writer starts as soon as
the last one commits; SQLite's own locking is unchanged underneath (and still waits,
with its busy timeout, for writers that do not take the file lock, such as a sqlite3
shell). After as long as SQLite would wait (its busy timeout), the wait ends with the
same "database is locked" error, which the site answers with a 503 to retry.

In-memory databases (the tests') have no file and no other process: nothing changes.
"""

from __future__ import annotations

import fcntl
import os
import time

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

WRITE_LOCK_TIMEOUT = 5.0  # seconds, as PRAGMA busy_timeout=5000 in unosite.env
RETRY_EVERY = 0.0005  # seconds


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._write_lock_fd: int | None = None
        self._write_locked = False

    def _acquire_write_lock(self) -> None:
        if self.is_in_memory_db():
            return
        if self._write_lock_fd is None:
            path = f"{self.settings_dict['NAME']}.lock"
            self._write_lock_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + WRITE_LOCK_TIMEOUT
        while True:
            try:
                fcntl.flock(self._write_lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise OperationalError("database is locked") from None
                time.sleep(RETRY_EVERY)
            else:
                self._write_locked = True
                return

    def _release_write_lock(self) -> None:
        if self._write_locked:
            self._write_locked = False
            fcntl.flock(self._write_lock_fd, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self):
        self._acquire_write_lock()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_write_lock()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release_write_lock()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release_write_lock()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release_write_lock()
            if self._write_lock_fd is not None:
                os.close(self._write_lock_fd)
                self._write_lock_fd = None
