"""The request a view gets when it reads ``request.htmx`` (django-htmx's middleware sets it):
the type django-htmx's documentation suggests, so mypy knows the attribute."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
