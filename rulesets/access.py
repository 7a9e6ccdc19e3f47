"""Who may do what with a rule set.

Reading needs only the share code. Editing needs the edit secret once: visiting the
edit link records the rule set in this browser's (signed) session.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from rulesets.models import Revision, RuleSet
from unosite.prepared import OneRow, OneValue, model_columns

SESSION_KEY = "editable"
MAX_REMEMBERED = 100


_RULESET_COLUMNS = model_columns(RuleSet)
_REVISION_COLUMNS = model_columns(Revision)
_LOAD = OneRow(
    lambda code: RuleSet.objects.filter(code=code).values_list(
        *_RULESET_COLUMNS, *(f"current__{column}" for column in _REVISION_COLUMNS)
    )[:1]
)


def load(code: str) -> RuleSet:
    """``RuleSet.objects.select_related("current").get(code=code)``, or a 404.

    The same query and objects, prepared once (see unosite.prepared): every page of a
    rule set starts here, and building the query of its ~70 columns cost more than
    running it.
    """
    row = _LOAD.row(code)
    if row is None:
        raise Http404("No rules have this link.")
    db = RuleSet.objects.db
    split = len(_RULESET_COLUMNS)
    ruleset = RuleSet.from_db(db, _RULESET_COLUMNS, row[:split])
    current = None
    if ruleset.current_id is not None:
        current = Revision.from_db(db, _REVISION_COLUMNS, row[split:])
    ruleset.current = current
    return ruleset


_PK_OF = OneValue(lambda code: RuleSet.objects.filter(code=code).values_list("pk")[:1])


def require_exists(code: str) -> None:
    """A 404 unless a rule set has this code, for pages that need nothing else of it (its
    QR codes): one query prepared once (see unosite.prepared)."""
    if _PK_OF(code) is None:
        raise Http404("No rules have this link.")


def editable_ids(request) -> list[int]:
    return list(request.session.get(SESSION_KEY, []))


def can_edit(request, ruleset: RuleSet) -> bool:
    return ruleset.pk in editable_ids(request)


def require_edit(request, ruleset: RuleSet) -> None:
    if not can_edit(request, ruleset):
        raise PermissionDenied("Only the person with the edit link can change these rules.")


def grant_edit(request, ruleset: RuleSet) -> None:
    ids = [pk for pk in editable_ids(request) if pk != ruleset.pk]
    request.session[SESSION_KEY] = [ruleset.pk, *ids][:MAX_REMEMBERED]
