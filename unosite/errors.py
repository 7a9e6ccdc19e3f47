"""Error pages in the site's style, each saying what went wrong in plain words."""

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404
from django.utils.translation import gettext as _


def _reason(exception, default: str) -> str:
    if exception is None or isinstance(exception, Resolver404) or not exception.args:
        return default
    message = exception.args[0]
    return message if isinstance(message, str) and message else default


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    reason = _reason(exception, _("The request was not valid."))
    return render(request, "400.html", {"reason": reason}, status=400)


def permission_denied(request: HttpRequest, exception=None) -> HttpResponse:
    reason = _reason(exception, _("You don't have access to this page."))
    return render(request, "403.html", {"reason": reason, "code": _rules_code(request)}, status=403)


def _rules_code(request) -> str | None:
    """The share code of the rules the refused page belongs to, when there are such rules:
    the page then offers to go back to them or to make one's own version."""
    from rulesets.models import RuleSet

    match = getattr(request, "resolver_match", None)
    code = match.kwargs.get("code") if match else None
    if isinstance(code, str) and RuleSet.objects.filter(code=code).exists():
        return code
    return None


def csrf_failure(request: HttpRequest, reason="") -> HttpResponse:
    reason = _(
        "This form had expired or came from another site, so nothing was changed. "
        "Go back, reload the page and try again."
    )
    return render(request, "403.html", {"reason": reason}, status=403)


def page_not_found(request: HttpRequest, exception=None) -> HttpResponse:
    reason = _reason(exception, _("There is nothing at this address."))
    return render(request, "404.html", {"reason": reason}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # A plain template with no context processors or queries: it must render when things break.
    return HttpResponseServerError(loader.get_template("500.html").render({}))
