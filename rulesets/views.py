from __future__ import annotations

import functools
import hashlib
import json
import uuid
from typing import cast
from urllib.parse import quote, urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_http_methods,
    require_POST,
    require_safe,
)

from domain import options as opts
from domain import reference
from rulesets import access, codes, search, services
from rulesets.forms import ImportForm, RuleSetForm, custom_wild_when, export, initial_for
from rulesets.models import NAME_MAX, Revision, RuleSet
from rulesets.presets import BY_SLUG, PRESETS
from unosite import cache as cache_keys
from unosite import ratelimit
from unosite.deploy import site_version
from unosite.htmx import HtmxHttpRequest
from unosite.links import absolute_url, site_origin
from unosite.ratelimit import limit_creation, limit_edits

# The edit secret travels from the answer to a form to the page that shows it in a cookie of
# that rule set's pages, which that page deletes; it expires within minutes if never shown.
EDIT_LINK_COOKIE = "edit_link"
EDIT_LINK_SALT = "rulesets.edit_link"
# The new edit link stays on this browser's rules page until its owner says it is saved.
EDIT_LINK_MAX_AGE = 7 * 24 * 60 * 60


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    ids = access.editable_ids(request)
    mine = []
    if ids:
        by_id = {r.pk: r for r in RuleSet.objects.filter(pk__in=ids).select_related("current")}
        mine = [by_id[pk] for pk in ids if pk in by_id and access.can_edit(request, by_id[pk])]
    return render(request, "rulesets/home.html", {"presets": PRESETS, "mine": mine})


def _start_values(request) -> tuple[dict, Revision | None, str]:
    """Initial values for a new rule set: from a copy, a preset, or official."""
    source_code = request.GET.get("from") or request.POST.get("copied_from")
    if source_code:
        if not codes.is_code(source_code):
            raise Http404(_("No rules have this link."))
        source = access.load(source_code).current_revision
        initial = {
            "name": (_("%(name)s (my version)") % {"name": source.name})[:80],
            "description": source.description,
            "own_rules": "\n".join(source.own_rules),
            "custom_wild_rule": source.custom_wild_rule,
        }
        return {**initial, **initial_for(source.options)}, source, ""
    slug = request.GET.get("preset") or request.POST.get("preset") or "official"
    preset = BY_SLUG.get(slug)
    if preset is None:
        raise Http404(_("There is no such preset."))
    # The name starts empty: a changed preset shared as "Official rules" misleads the table.
    return {"name": "", **initial_for(preset.options)}, None, preset.slug


def _rules_form(request, initial: dict) -> tuple[RuleSetForm, str | None]:
    """The form of the new and edit pages, and the option just set back to official.

    "Back to official" without JavaScript posts the form with the option's key: the page
    comes back with everything as typed and that option official, and nothing is saved.
    Bound on any other POST, so that a post without fields is refused, not shown blank.
    """
    if request.method != "POST":
        return RuleSetForm(initial=initial), None
    key = request.POST.get("back_to_official")
    if key is None:
        return RuleSetForm(request.POST), None
    if key not in opts.BY_KEY:
        form = RuleSetForm(request.POST)
        if form.is_valid():  # never saved: the button asked for something else
            form.add_error(None, _("There is no such rule to set back, so nothing was saved."))
        return form, None
    typed = {name: request.POST.get(name) for name in RuleSetForm.base_fields}
    typed.update({k: request.POST[k] for k in opts.KEYS if k in request.POST})
    typed[key] = initial_for({key: opts.BY_KEY[key].official})[key]
    return RuleSetForm(initial={**initial, **typed}), key


def _form_page(request, form, reset_key, context):
    if reset_key:
        label = opts.BY_KEY[reset_key].label
        messages.info(
            request,
            _("“%(rule)s” is back to the official rule. Nothing is saved yet.") % {"rule": label},
        )
    return render(
        request,
        "rulesets/form.html",
        {"form": form, "reset_key": reset_key, "custom_wild_when": custom_wild_when(), **context},
        status=400 if form.is_bound else 200,
    )


@require_http_methods(["GET", "POST"])
@limit_creation
def new(request: HttpRequest) -> HttpResponse:
    initial, source, preset = _start_values(request)
    form, reset_key = _rules_form(request, initial)
    submission_id = _submission_id(request)
    if form.is_bound and form.is_valid():
        ruleset, secret = services.create_ruleset(
            form.cleaned_data["name"],
            form.cleaned_data["description"],
            form.options(),
            copied_from=source,
            preset=preset,
            own_rules=form.cleaned_data["own_rules"],
            submission_id=submission_id,
            custom_wild_rule=form.cleaned_data["custom_wild_rule"],
        )
        return _created(request, ruleset, secret)
    context = {
        "source": source,
        "preset": preset,
        "editing": None,
        "submission_id": submission_id or uuid.uuid4(),
    }
    return _form_page(request, form, reset_key, context)


def _submission_id(request) -> uuid.UUID | None:
    """The id a new-rules or import form was rendered with, or None (a page from before)."""
    try:
        return uuid.UUID(request.POST.get("submission_id", ""))
    except ValueError:
        return None


def _created(request, ruleset: RuleSet, secret: str | None):
    """The answer to a form that made a rule set: this browser may edit it, and its page
    shows the edit link once. The same form sent again (``secret`` None) leads to the same
    rule set, editable here too unless a new edit link was made since."""
    if secret is not None or ruleset.edit_version == 1:
        access.grant_edit(request, ruleset)
    response = redirect("rulesets:rules", code=ruleset.code)
    if secret is None:
        ratelimit.nothing_created(response)  # not a creation for the rate limit
    else:
        _show_edit_link_once(response, ruleset, secret)
    return response


def _show_edit_link_once(response, ruleset: RuleSet, secret: str) -> None:
    response.set_signed_cookie(
        EDIT_LINK_COOKIE,
        secret,
        salt=EDIT_LINK_SALT,
        max_age=EDIT_LINK_MAX_AGE,
        path=reverse("rulesets:rules", args=[ruleset.code]),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


@require_safe
def grant(request: HttpRequest, code, secret) -> HttpResponse:
    ruleset = access.load(code)
    if not codes.secret_matches(secret, ruleset.edit_secret_hash):
        raise access.PermissionDenied(_("This edit link is not valid for these rules."))
    access.grant_edit(request, ruleset)
    messages.success(request, _("This browser can now edit these rules."))
    response = redirect("rulesets:edit", code=code)
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_http_methods(["GET", "POST"])
@limit_edits
def edit(request: HttpRequest, code) -> HttpResponse:
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    current = ruleset.current_revision
    initial = {
        "name": current.name,
        "description": current.description,
        "own_rules": "\n".join(current.own_rules),
        "custom_wild_rule": current.custom_wild_rule,
    }
    form, reset_key = _rules_form(request, {**initial, **initial_for(current.options)})
    if form.is_bound and form.is_valid():
        revision = services.save_revision(
            ruleset,
            form.cleaned_data["name"],
            form.cleaned_data["description"],
            form.options(),
            own_rules=form.cleaned_data["own_rules"],
            note=form.cleaned_data["note"],
            custom_wild_rule=form.cleaned_data["custom_wild_rule"],
        )
        response = redirect("rulesets:rules", code=code)
        if revision is None:
            messages.info(request, _("Nothing changed, so no new revision was made."))
            ratelimit.nothing_created(response)  # not counted against the limit of edits
        else:
            messages.success(
                request, _("Saved as revision %(number)s.") % {"number": revision.number}
            )
        return response
    context = {"ruleset": ruleset, "editing": current, "source": None, "preset": ""}
    return _form_page(request, form, reset_key, context)


@require_safe
def history(request: HttpRequest, code) -> HttpResponse:
    ruleset = access.load(code)
    revisions = list(ruleset.revisions.order_by("number").prefetch_related("own_rule_items"))
    entries = [(revisions[0], services.first_revision_changes(ruleset, revisions[0]))]
    entries += [
        (revision, services.revision_changes(previous, revision))
        for previous, revision in zip(revisions, revisions[1:], strict=False)
    ]
    entries.reverse()
    start = services.starting_point(ruleset)
    return render(
        request,
        "rulesets/history.html",
        {
            "ruleset": ruleset,
            "entries": entries,
            "started_from": start[0] if start else None,
            "can_edit": access.can_edit(request, ruleset),
        },
    )


@require_POST
@limit_edits
def restore(request: HttpRequest, code, number) -> HttpResponse:
    """ "Go back to these rules": a new revision equal to an earlier one."""
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    try:
        revision = services.restore_revision(ruleset, number)
    except Revision.DoesNotExist:
        raise Http404(_("These rules have no such revision.")) from None
    response = redirect("rulesets:rules", code=code)
    if revision is None:
        messages.info(
            request,
            _("These rules are already the same as revision %(number)s.") % {"number": number},
        )
        ratelimit.nothing_created(response)  # not counted against the limit of edits
    else:
        messages.success(
            request,
            _("Back to the rules of revision %(old)s, saved as revision %(new)s.")
            % {"old": number, "new": revision.number},
        )
    return response


@require_safe
def rules_json(request: HttpRequest, code) -> JsonResponse:
    ruleset = access.load(code)
    response = JsonResponse(export(ruleset.current_revision), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'inline; filename="{code}-rules.json"'
    return response


@require_http_methods(["GET", "POST"])
@limit_creation
def import_rules(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    submission_id = _submission_id(request)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["data"]
        ruleset, secret = services.create_ruleset(
            copy_name(request, data["name"]),
            data["description"],
            data["options"],
            own_rules=data["own_rules"],
            submission_id=submission_id,
            custom_wild_rule=data["custom_wild_rule"],
        )
        return _created(request, ruleset, secret)
    context = {"form": form, "submission_id": submission_id or uuid.uuid4()}
    return render(request, "rulesets/import.html", context, status=400 if form.is_bound else 200)


def copy_name(request, name: str) -> str:
    """An imported name, with "(copy)" when this browser already edits rules of that name."""
    ids = access.editable_ids(request)
    if not ids:
        return name
    taken = set(
        Revision.objects.filter(ruleset__pk__in=ids, ruleset__current=F("pk")).values_list(
            "name", flat=True
        )
    )
    if name not in taken:
        return name
    for n in range(1, 100):
        suffix = " " + (_("(copy)") if n == 1 else _("(copy %(number)s)") % {"number": n})
        candidate = name[: NAME_MAX - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
    return name


@require_POST
def forget(request: HttpRequest, code) -> HttpResponse:
    """ "Stop editing on this browser": takes this browser's edit rights away (the edit link
    still works)."""
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    access.stop_editing(request, ruleset)
    messages.info(
        request,
        _("This browser can no longer change those rules. Your edit link still works."),
    )
    return redirect("rulesets:home")


@require_POST
def new_edit_link(request: HttpRequest, code) -> HttpResponse:
    """ "Make a new edit link": the old link stops working, and so do the edit rights of every
    browser but this one."""
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    secret = services.new_edit_link(ruleset)
    access.grant_edit(request, ruleset)
    messages.success(
        request,
        _(
            "Here is your new edit link. The old one no longer works, and no other phone or "
            "computer can change these rules until the new link is opened there."
        ),
    )
    response = redirect("rulesets:rules", code=code)
    _show_edit_link_once(response, ruleset, secret)
    return response


@require_POST
def edit_link_saved(request: HttpRequest, code) -> HttpResponse:
    """ "I have saved it": the new edit link, shown on the rules page until now, goes away."""
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    messages.success(
        request, _("Good: keep that edit link safe. The table only needs the share link.")
    )
    response = redirect("rulesets:rules", code=code)
    forget_edit_link_cookie(response, ruleset)
    return response


def edit_link(request, ruleset: RuleSet, secret: str) -> str:
    return absolute_url(request, reverse("rulesets:grant", args=[ruleset.code, secret]))


def pop_just_created(request, ruleset: RuleSet) -> str | None:
    """The edit link to show, from creating (or making a new link) until its owner says it
    is saved (``edit_link_saved``), or None.

    Only the rule set's current secret is shown, and only to a browser that may edit; a
    cookie that shows nothing (an old link, edit rights gone) is deleted by the view.
    """
    secret = request.get_signed_cookie(
        EDIT_LINK_COOKIE, default=None, salt=EDIT_LINK_SALT, max_age=EDIT_LINK_MAX_AGE
    )
    if not secret or not access.can_edit(request, ruleset):
        return None
    if not codes.secret_matches(secret, ruleset.edit_secret_hash):
        return None
    return edit_link(request, ruleset, secret)


def forget_edit_link_cookie(response, ruleset: RuleSet) -> None:
    response.delete_cookie(
        EDIT_LINK_COOKIE, path=reverse("rulesets:rules", args=[ruleset.code]), samesite="Lax"
    )


def edit_link_mailto(revision: Revision, link: str) -> str:
    """ "Send it to myself": a mailto: link with the edit link in the message."""
    subject = _("Edit link for “%(name)s”") % {"name": revision.name}
    body = _(
        "This is the private edit link of “%(name)s” on House Rules:\n\n"
        "%(link)s\n\nOpen it to change these rules. Keep it for yourself: the table only "
        "needs the share link."
    ) % {"name": revision.name, "link": link}
    return "mailto:?" + urlencode({"subject": subject, "body": body}, quote_via=quote)


REFERENCE_TIMEOUT = 60 * 60 * 24 * 7


def reference_cache_key(revision_pk: int, language: str | None = None) -> str:
    """Names everything the rendered reference depends on: the deployed code and texts,
    the language it is written in (the active one unless given), and the revision (whose
    options never change)."""
    return cache_keys.key("reference", language or translation.get_language(), revision_pk)


def reference_html(revision: Revision) -> dict[str, str]:
    """The rendered rule reference of a revision, cached: it is the same for every viewer.

    Two parts: its ``top`` (what this house plays differently), shown on the first screen,
    and its ``body`` (the house rules, the answers, the sections), below the search box.
    Rendered without the request, so they hold no CSRF token, nonce or viewer detail.
    """

    def render_parts() -> dict[str, str]:
        ref = reference.build(revision.options, revision.own_rules, revision.custom_wild_rule)
        # The offline search finds answers with the server's own words for them.
        context = {"ref": ref, "search_words": search.offline_words(ref)}
        return {
            part: render_to_string(f"rulesets/rules.html#reference_{part}", context)
            for part in ("top", "body")
        }

    key = reference_cache_key(revision.pk)
    parts = cast(dict[str, str], cache.get_or_set(key, render_parts, REFERENCE_TIMEOUT))
    # Rendered by our own template, escaped there.
    return {part: mark_safe(html) for part, html in parts.items()}


def rules_page_key(request, revision_pk: int, can_edit: bool) -> str:
    """The version of a rules page, its ETag: everything it shows but its CSRF token, its
    nonce and what it shows once (the secret edit link, messages); a browser's copy keeps
    its own token and nonce, valid with its own cookie. Its language too, and whatever else
    the page comes to vary on."""
    # Its links and QR code are absolute: PUBLIC_URL, the home network's address or the host
    # asked for (links.site_origin).
    where = site_origin(request)
    language = translation.get_language()
    raw = "\0".join(map(str, (site_version(), language, where, revision_pk, can_edit)))
    return '"' + hashlib.sha256(raw.encode()).hexdigest()[:32] + '"'


@require_safe
def rules(request: HttpRequest, code) -> HttpResponse:
    ruleset = access.load(code)
    revision = ruleset.current_revision
    can_edit = access.can_edit(request, ruleset)
    secret_link = pop_just_created(request, ruleset)
    page_key = rules_page_key(request, revision.pk, can_edit)
    # A page that may show something for a while (the secret edit link until it is saved, a
    # message) is never answered with a 304 nor given an ETag.
    shows_once = EDIT_LINK_COOKIE in request.COOKIES or len(get_messages(request))
    if not shows_once:
        not_modified = get_conditional_response(request, etag=page_key)
        if not_modified is not None:
            not_modified["ETag"] = page_key
            return not_modified
    context = {
        "ruleset": ruleset,
        "revision": revision,
        "can_edit": can_edit,
        "edit_link": secret_link,
        "edit_link_mailto": edit_link_mailto(revision, secret_link) if secret_link else "",
        "reference_html": reference_html(revision),
    }
    response = render(request, "rulesets/rules.html", context)
    if not shows_once:
        response["ETag"] = page_key
    if EDIT_LINK_COOKIE in request.COOKIES and not secret_link:
        forget_edit_link_cookie(response, ruleset)
    if secret_link:
        # The secret edit link is for this browser's screen: no cache, offline one included,
        # may keep it.
        patch_cache_control(response, no_store=True)
    return response


@require_safe
def answers(request: HtmxHttpRequest, code) -> HttpResponse:
    """Finding an answer by table words: a page of its own without JavaScript, the results
    fragment for the search box on the rules page with it."""
    ruleset = access.load(code)
    revision = ruleset.current_revision
    ref = reference.build(revision.options, revision.own_rules, revision.custom_wild_rule)
    query = request.GET.get("q", "")
    results = search.search(ref, query) if query.strip() else None
    template = "rulesets/answers.html#results" if request.htmx else "rulesets/answers.html"
    return render(
        request,
        template,
        {"ruleset": ruleset, "revision": revision, "query": query, "results": results},
    )


SERVICE_WORKER_STATIC = [
    "css/site.css",
    "js/site.js",
    "js/offline.js",
    "img/icon.svg",
    "django_htmx/htmx-2.min.js",
]


# The offline page wears the site's look: its stylesheet and icon (precached above).
OFFLINE_LOOK = {"stylesheet": "css/site.css", "icon": "img/icon.svg"}


def _static_or_empty(path: str) -> str:
    try:
        return static(path)
    except ValueError:  # not collected (yet): the offline page is plain then
        return ""


@functools.cache
def service_worker_source() -> str:
    """The service worker, with the hashed URLs of the static files it keeps offline."""
    urls = []
    for path in SERVICE_WORKER_STATIC:
        try:
            urls.append(static(path))
        except ValueError:  # not collected (yet): the worker still caches what pages use
            continue
    manifest = reverse("manifest")
    look = {name: _static_or_empty(path) for name, path in OFFLINE_LOOK.items()}
    context = {
        "precache": json.dumps([*urls, manifest]),
        "offline_look": json.dumps(look),
        "manifest_url": json.dumps(manifest),
        "static_url": json.dumps(settings.STATIC_URL),
        "hashed": json.dumps(not settings.DEBUG),
        "version": json.dumps(hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]),
        "offline_texts": json.dumps(_offline_texts(), ensure_ascii=False),
    }
    return render_to_string("rulesets/sw.js", context)


def _offline_texts() -> dict[str, dict[str, str]]:
    """The worker's offline page in every listed language: one worker serves every phone, so
    it holds them all and picks the language of the last page this phone saved (the
    switcher's choice), else the browser's."""
    texts = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            texts[code] = {
                "dir": "rtl" if translation.get_language_bidi() else "ltr",
                "title": _("Offline · House Rules"),
                "heading": _("You are offline"),
                "text": _(
                    "This page has not been opened on this device before, so there is no saved "
                    "copy. Pages you have opened once are still readable: go back to them."
                ),
                "home": _("Go to the home page"),
            }
    return texts


def _service_worker_etag(request) -> str:
    return hashlib.sha256(service_worker_source().encode()).hexdigest()[:20]


@require_safe
@condition(etag_func=_service_worker_etag)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The offline service worker, served from the site root so its scope is the whole site."""
    response = HttpResponse(
        service_worker_source(), content_type="application/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response
