from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from rulesets import access, codes, services
from rulesets import options as opts
from rulesets.forms import ImportForm, RuleSetForm, export, initial_for
from rulesets.models import Revision, RuleSet
from rulesets.presets import BY_SLUG, PRESETS
from unosite.ratelimit import limit_creation

JUST_CREATED = "just_created"


@require_safe
def home(request):
    ids = access.editable_ids(request)
    mine = []
    if ids:
        by_id = {r.pk: r for r in RuleSet.objects.filter(pk__in=ids).select_related("current")}
        mine = [by_id[pk] for pk in ids if pk in by_id]
    return render(request, "rulesets/home.html", {"presets": PRESETS, "mine": mine})


def _start_values(request) -> tuple[dict, Revision | None, str]:
    """Initial values for a new rule set: from a copy, a preset, or official."""
    source_code = request.GET.get("from") or request.POST.get("copied_from")
    if source_code:
        source = access.load(source_code).current
        initial = {"name": f"{source.name} (my version)"[:80], "description": source.description}
        return {**initial, **initial_for(source.options)}, source, ""
    slug = request.GET.get("preset") or request.POST.get("preset") or "official"
    preset = BY_SLUG.get(slug)
    if preset is None:
        raise Http404("There is no such preset.")
    return {"name": preset.name, **initial_for(preset.options)}, None, preset.slug


@require_http_methods(["GET", "POST"])
@limit_creation
def new(request):
    initial, source, preset = _start_values(request)
    form = RuleSetForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        ruleset, secret = services.create_ruleset(
            form.cleaned_data["name"],
            form.cleaned_data["description"],
            form.options(),
            copied_from=source,
            preset=preset,
        )
        access.grant_edit(request, ruleset)
        request.session[JUST_CREATED] = {"code": ruleset.code, "secret": secret}
        return redirect("rulesets:rules", code=ruleset.code)
    return render(
        request,
        "rulesets/form.html",
        {"form": form, "source": source, "preset": preset, "editing": None},
        status=400 if form.is_bound else 200,
    )


@require_safe
def grant(request, code, secret):
    ruleset = access.load(code)
    if not codes.secret_matches(secret, ruleset.edit_secret_hash):
        raise access.PermissionDenied("This edit link is not valid for these rules.")
    access.grant_edit(request, ruleset)
    messages.success(request, "This browser can now edit these rules.")
    response = redirect("rulesets:edit", code=code)
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_http_methods(["GET", "POST"])
def edit(request, code):
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    current = ruleset.current
    initial = {"name": current.name, "description": current.description}
    form = RuleSetForm(request.POST or None, initial={**initial, **initial_for(current.options)})
    if request.method == "POST" and form.is_valid():
        revision = services.save_revision(
            ruleset, form.cleaned_data["name"], form.cleaned_data["description"], form.options()
        )
        if revision is None:
            messages.info(request, "Nothing changed, so no new revision was made.")
        else:
            messages.success(request, f"Saved as revision {revision.number}.")
        return redirect("rulesets:rules", code=code)
    return render(
        request,
        "rulesets/form.html",
        {"form": form, "ruleset": ruleset, "editing": current, "source": None, "preset": ""},
        status=400 if form.is_bound else 200,
    )


@require_safe
def history(request, code):
    ruleset = access.load(code)
    revisions = list(ruleset.revisions.order_by("number"))
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


@require_safe
def rules_json(request, code):
    ruleset = access.load(code)
    response = JsonResponse(export(ruleset.current), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'inline; filename="{code}-rules.json"'
    return response


@require_http_methods(["GET", "POST"])
@limit_creation
def import_rules(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["data"]
        ruleset, secret = services.create_ruleset(
            data["name"], data["description"], data["options"]
        )
        access.grant_edit(request, ruleset)
        request.session[JUST_CREATED] = {"code": ruleset.code, "secret": secret}
        return redirect("rulesets:rules", code=ruleset.code)
    return render(
        request, "rulesets/import.html", {"form": form}, status=400 if form.is_bound else 200
    )


@require_POST
def forget(request, code):
    """Removes a rule set from this browser's list (the edit link still works)."""
    ruleset = access.load(code)
    access.require_edit(request, ruleset)
    request.session[access.SESSION_KEY] = [
        pk for pk in access.editable_ids(request) if pk != ruleset.pk
    ]
    messages.info(request, "This browser no longer edits those rules.")
    return redirect("rulesets:home")


def edit_link(request, ruleset: RuleSet, secret: str) -> str:
    from rulesets.sharing import absolute_url

    return absolute_url(request, reverse("rulesets:grant", args=[ruleset.code, secret]))


def pop_just_created(request, ruleset: RuleSet) -> str | None:
    """The edit link to show once, right after creating, or None."""
    data = request.session.get(JUST_CREATED)
    if not data or data.get("code") != ruleset.code:
        return None
    del request.session[JUST_CREATED]
    return edit_link(request, ruleset, data["secret"])


@require_safe
def rules(request, code):
    ruleset = access.load(code)
    revision = ruleset.current
    return render(
        request,
        "rulesets/rules.html",
        {
            "ruleset": ruleset,
            "revision": revision,
            "can_edit": access.can_edit(request, ruleset),
            "edit_link": pop_just_created(request, ruleset),
            "differences": [
                (o, o.words(revision.options[o.key]), o.words(o.official))
                for o in opts.differences(revision.options)
            ],
        },
    )


def healthz(request):
    return HttpResponse("ok", content_type="text/plain")
