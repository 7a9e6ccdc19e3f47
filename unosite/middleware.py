"""A database that is locked or unreachable for a moment is a 503 the user may retry, not a 500."""

import logging

from django.db import DatabaseError, InterfaceError, OperationalError
from django.shortcuts import render

logger = logging.getLogger(__name__)

RETRY_AFTER = 2


def database_unavailable(request):
    reason = (
        "The database was busy or out of reach for a moment, so nothing was saved. "
        "Please try again: sending the same form again is safe."
    )
    if request.headers.get("HX-Request"):
        from django.http import HttpResponse

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
        if isinstance(exception, OperationalError | InterfaceError) or (
            type(exception) is DatabaseError
        ):
            logger.warning("Database unavailable: %s", exception)
            return database_unavailable(request)
        return None
