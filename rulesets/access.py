"""Who may do what with a rule set.

Reading needs only the share code. Editing needs the edit secret once: visiting the
edit link records the rule set and its edit version in this browser's (signed) session.
"Make a new edit link" changes the secret and raises the version: the old link and every
other browser's rights stop working, a copy of an old session cookie included.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from rulesets.models import RuleSet

SESSION_KEY = "editable"
MAX_REMEMBERED = 100


def load(code: str, with_revision: bool = True) -> RuleSet:
    """The rule set with this share code and its current revision (one query), or a 404.

    ``with_revision=False`` loads the rule set alone: ``ruleset.current`` is then one more
    query, made only when something reads it.
    """
    rulesets = RuleSet.objects.select_related("current") if with_revision else RuleSet.objects
    try:
        return rulesets.get(code=code)
    except RuleSet.DoesNotExist:
        raise Http404(_("No rules have this link.")) from None


def require_exists(code: str) -> None:
    """A 404 unless a rule set has this code, for pages that need nothing else of it (its
    QR codes)."""
    if not RuleSet.objects.filter(code=code).exists():
        raise Http404(_("No rules have this link."))


def _grants(request) -> dict[int, int]:
    """{rule set pk: the edit version this browser was given}, most recent first.

    Sessions from before edit versions hold bare pks: those count as version 1, so they
    keep editing until someone makes a new edit link.
    """
    grants: dict[int, int] = {}
    for item in request.session.get(SESSION_KEY, []):
        if isinstance(item, int):
            grants.setdefault(item, 1)
        elif isinstance(item, list) and len(item) == 2 and all(isinstance(n, int) for n in item):
            grants.setdefault(item[0], item[1])
    return grants


def editable_ids(request) -> list[int]:
    """The rule sets this browser was given edit rights to (some may have been taken back
    since: check with can_edit)."""
    return list(_grants(request))


def can_edit(request, ruleset: RuleSet) -> bool:
    """Whether this browser was given the rule set's current edit version: making a new
    edit link raises the version, which takes the rights of every other browser away."""
    return _grants(request).get(ruleset.pk) == ruleset.edit_version


def require_edit(request, ruleset: RuleSet) -> None:
    if not can_edit(request, ruleset):
        raise PermissionDenied(_("Only the person with the edit link can change these rules."))


def grant_edit(request, ruleset: RuleSet) -> None:
    grants = [[pk, version] for pk, version in _grants(request).items() if pk != ruleset.pk]
    request.session[SESSION_KEY] = [[ruleset.pk, ruleset.edit_version], *grants][:MAX_REMEMBERED]


def stop_editing(request, ruleset: RuleSet) -> None:
    """Takes this browser's edit rights away (the edit link still works)."""
    grants = [[pk, version] for pk, version in _grants(request).items() if pk != ruleset.pk]
    request.session[SESSION_KEY] = grants
