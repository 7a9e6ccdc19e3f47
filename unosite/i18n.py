"""Every phone in its own language: how a response's language is chosen and kept apart.

The language comes from the switcher's cookie (Django's ``set_language`` view), else from
the browser's languages (Accept-Language), else English; only the languages listed in
``settings.LANGUAGES`` (those whose catalogue is complete) are ever chosen. URLs carry no
language, so every response says what it varies by, and every cache key and ETag of a
page includes the language (see ``rulesets.views.reference_cache_key``, the rules page's
and the scoreboard's ETags): a 304 never hands a Spanish page to a French phone.

The scripts' few texts come from the ``djangojs`` catalogue, served per language at a URL
that names the language and the deployed version, so browsers keep it (offline too).
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware import locale
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django.views.i18n import JavaScriptCatalog
from django.views.i18n import set_language as django_set_language

from unosite.deploy import site_version

CATALOGUE_MAX_AGE = 60 * 60 * 24 * 365  # its URL changes with every deploy


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's, and a response also varies by the cookie that may hold the choice."""

    def process_response(self, request, response):
        response = super().process_response(request, response)
        patch_vary_headers(response, ("Cookie",))
        return response


def listed(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The switcher's form: Django's view (the cookie, back to the page it was on), for a
    listed language only; anything else changes nothing."""
    if not listed(request.POST.get("language", "")):
        reason = _("That language is not offered here, so nothing was changed.")
        return render(request, "400.html", {"reason": reason}, status=400)
    return django_set_language(request)


def catalogue_url(language: str | None = None) -> str:
    """Where the page's scripts find their texts in ``language`` (the active one)."""
    language = language or translation.get_language()
    return reverse("javascript_catalog", args=[language]) + f"?v={site_version()}"


def context(request) -> dict:
    """For every page: the scripts' catalogue (none in English, the scripts' own words: one
    request fewer), the switcher's way back here, and the deployed site (the switcher's
    cached choices change with its languages and their words)."""
    english = translation.get_language() == settings.LANGUAGE_CODE
    return {
        "js_catalogue_url": "" if english else catalogue_url(),
        "here": request.get_full_path(),
        "site_version": site_version(),
    }


class Catalogue(JavaScriptCatalog):
    """The ``djangojs`` texts of one listed language (this project's, not Django's)."""

    packages = ["unosite"]

    def get_paths(self, packages):
        return [str(path) for path in settings.LOCALE_PATHS]

    def get(self, request: HttpRequest, *args, language: str, **kwargs) -> HttpResponse:
        if not listed(language):
            raise Http404("No such language.")
        with translation.override(language):
            response = super().get(request, *args, **kwargs)
        if request.GET.get("v") == site_version():
            patch_cache_control(response, public=True, max_age=CATALOGUE_MAX_AGE, immutable=True)
        else:
            patch_cache_control(response, no_cache=True)
        return response


javascript_catalog = require_safe(Catalogue.as_view())
