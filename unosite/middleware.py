"""A database that is locked or unreachable for a moment is a 503 the user may retry.

Any other database error (a missing column, a broken query) is a bug: it goes on to
Django's 500 page and is logged with its traceback.
"""

import logging

from django.db import DatabaseError, Error, InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

RETRY_AFTER = 2

# PostgreSQL error classes (SQLSTATE) that mean "try again": connection exceptions (08),
# transaction rollbacks such as deadlocks (40), insufficient resources (53), the server
# shutting down or starting (57); and lock_not_available.
RETRY_SQLSTATE_CLASSES = ("08", "40", "53", "57")
RETRY_SQLSTATES = ("55P03",)
# What SQLite and the drivers say when the database is busy or out of reach (psycopg says
# it without an SQLSTATE when it cannot connect). Whole phrases: a single word such as
# "timeout" could be the name of a column in an error that is a bug.
RETRY_MESSAGES = (
    "database is locked",
    "database table is locked",
    "database or disk is full",  # SQLite (SQLITE_FULL); PostgreSQL's disk_full is class 53
    "unable to open database file",
    "connection refused",
    "connection reset",
    "connection timeout expired",
    "connection is closed",
    "connection to server",
    "server closed the connection",
    "could not connect",
    "timed out",
    "terminating connection",
)


def is_transient(exception: BaseException) -> bool:
    """True when a database error means "busy or out of reach for a moment"."""
    if isinstance(exception, InterfaceError):  # the connection is gone
        return True
    if not isinstance(exception, OperationalError) and type(exception) is not DatabaseError:
        return False
    sqlstate = getattr(exception.__cause__, "sqlstate", None)
    if sqlstate:
        return sqlstate[:2] in RETRY_SQLSTATE_CLASSES or sqlstate in RETRY_SQLSTATES
    message = str(exception).lower()
    return any(words in message for words in RETRY_MESSAGES)


def database_unavailable(request):
    reason = _(
        "The database was busy or out of reach for a moment, so nothing was saved. "
        "Please try again: sending the same form again is safe."
    )
    if request.headers.get("HX-Request"):
        response = HttpResponse(reason, status=503, content_type="text/plain; charset=utf-8")
    else:
        response = render(request, "503.html", {"reason": reason}, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, Error) and is_transient(exception):
            logger.warning("Database unavailable: %s", exception)
            return database_unavailable(request)
        return None
