"""Creating and changing rule sets: plain functions that views and tests call."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from domain.options import Change, diff
from rulesets import codes
from rulesets.models import OwnRule, Revision, RuleSet
from rulesets.presets import BY_SLUG

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def create_ruleset(
    name: str,
    description: str,
    options: dict[str, Any],
    copied_from: Revision | None = None,
    preset: str = "",
    own_rules: Sequence[str] = (),
    submission_id: uuid.UUID | None = None,
    custom_wild_rule: str = "",
) -> tuple[RuleSet, str | None]:
    """Creates a rule set with its first revision; returns it and its edit secret.

    A form's submission id already used (the same form sent twice) returns the rule set
    that form made and None: its secret was shown once and only its hash is kept.
    """
    name, description = str(name), str(description)  # a preset's name is a lazy text
    submission_hash = codes.hash_secret(str(submission_id)) if submission_id else ""
    if submission_hash:
        existing = RuleSet.objects.filter(submission_hash=submission_hash).first()
        if existing:
            return existing, None
    secret = codes.new_secret()
    for _attempt in range(5):
        try:
            with transaction.atomic():
                ruleset = RuleSet.objects.create(
                    code=codes.new_code(),
                    edit_secret_hash=codes.hash_secret(secret),
                    copied_from=copied_from,
                    preset=preset,
                    submission_hash=submission_hash,
                )
                ruleset.current = Revision.objects.create(
                    ruleset=ruleset,
                    number=1,
                    name=name,
                    description=description,
                    custom_wild_rule=custom_wild_rule,
                    **options,
                )
                _store_own_rules(ruleset.current, own_rules)
                ruleset.save(update_fields=["current"])
            return ruleset, secret
        except IntegrityError:
            if submission_hash:  # the same form, sent twice at the same moment
                existing = RuleSet.objects.filter(submission_hash=submission_hash).first()
                if existing:
                    return existing, None
            # A code collision is astronomically unlikely; anything else repeats and is raised.
            if _attempt == 4:
                raise
    raise AssertionError("unreachable")


def _store_own_rules(revision: Revision, own_rules: Sequence[str]) -> None:
    OwnRule.objects.bulk_create(
        OwnRule(revision=revision, position=n, text=text) for n, text in enumerate(own_rules)
    )


def new_edit_link(ruleset: RuleSet) -> str:
    """A new edit secret for ``ruleset``; returns it. The old edit link stops working and
    the edit version goes up, so every browser loses its edit rights but the one the caller
    grants them to again (rulesets.access.grant_edit)."""
    secret = codes.new_secret()
    RuleSet.objects.filter(pk=ruleset.pk).update(
        edit_secret_hash=codes.hash_secret(secret), edit_version=F("edit_version") + 1
    )
    ruleset.refresh_from_db(fields=["edit_secret_hash", "edit_version"])
    return secret


def save_revision(
    ruleset: RuleSet,
    name: str,
    description: str,
    options: dict[str, Any],
    own_rules: Sequence[str] = (),
    note: str = "",
    custom_wild_rule: str = "",
) -> Revision | None:
    """Stores a new revision when anything changed; returns it, or None when nothing did.

    ``note`` says why ("Grandma hates stacking"); a note alone changes nothing.
    """
    with transaction.atomic():
        ruleset = (
            RuleSet.objects.select_for_update(of=("self",))
            .select_related("current")
            .get(pk=ruleset.pk)
        )
        current = ruleset.current_revision
        if (
            current.name == name
            and current.description == description
            and current.options == options
            and current.own_rules == list(own_rules)
            and current.custom_wild_rule == custom_wild_rule
        ):
            return None
        revision = Revision.objects.create(
            ruleset=ruleset,
            number=current.number + 1,
            name=name,
            description=description,
            note=note,
            custom_wild_rule=custom_wild_rule,
            **options,
        )
        _store_own_rules(revision, own_rules)
        ruleset.current = revision
        ruleset.save(update_fields=["current", "updated_at"])
    return revision


def restore_revision(ruleset: RuleSet, number: int) -> Revision | None:
    """Goes back to an earlier revision: a new revision equal to it (history is never
    rewritten). Returns it, or None when the rules are already the same as that one.

    Raises Revision.DoesNotExist for a number the rule set does not have.
    """
    old = ruleset.revisions.get(number=number)
    return save_revision(
        ruleset,
        old.name,
        old.description,
        old.options,
        old.own_rules,
        custom_wild_rule=old.custom_wild_rule,
        # Translators: the note kept with a revision that goes back to an earlier one.
        note=gettext("Back to the rules of revision %(number)s.") % {"number": old.number},
    )


def starting_point(ruleset: RuleSet) -> tuple[StrOrPromise, dict[str, Any]] | None:
    """What the first revision started from: (its name, its options), or None for an import."""
    if ruleset.copied_from is not None:
        return ruleset.copied_from.name, ruleset.copied_from.options
    preset = BY_SLUG.get(ruleset.preset)
    if preset is not None:
        return preset.name, preset.options
    return None


def first_revision_changes(ruleset: RuleSet, revision: Revision) -> list[str]:
    """The first revision's changes from the preset or rule set it started from."""
    start = starting_point(ruleset)
    source = ruleset.copied_from
    wild_before = source.custom_wild_rule if source is not None else ""
    wild = custom_wild_changes(wild_before, revision.custom_wild_rule)
    if start is None:
        return own_rule_changes([], revision.own_rules) + wild
    before = source.own_rules if source is not None else []
    changes = [str(change) for change in diff(start[1], revision.options)]
    return changes + own_rule_changes(before, revision.own_rules) + wild


def custom_wild_changes(old: str, new: str) -> list[str]:
    """The blank Wild's rule written, changed or removed, in words."""
    if old == new:
        return []
    if not old:
        return [gettext("Blank Wild’s rule written: “%(text)s”") % {"text": new}]
    if not new:
        return [gettext("Blank Wild’s rule removed: “%(text)s”") % {"text": old}]
    # Translators: in the history of the rules: the blank Wild's rule before and after.
    return [gettext("Blank Wild’s rule: “%(old)s” → “%(new)s”") % {"old": old, "new": new}]


def with_user_text(sentence: str, texts: dict[str, str]) -> str:
    """``sentence`` (ours, with %(name)s places) as HTML, each text a person typed put in its
    place in a <bdi> of its own: a bidirectional character in it cannot turn our words around."""
    return mark_safe(
        escape(sentence) % {k: format_html("<bdi>{}</bdi>", v) for k, v in texts.items()}
    )


def own_rule_changes(old: list[str], new: list[str]) -> list[str]:
    """The family's own rules added and removed, in words."""
    lines = [
        with_user_text(gettext("Own rule removed: “%(text)s”"), {"text": text})
        for text in old
        if text not in new
    ]
    lines += [
        with_user_text(gettext("Own rule added: “%(text)s”"), {"text": text})
        for text in new
        if text not in old
    ]
    if not lines and old != new:
        lines.append(gettext("Own rules put in a new order"))
    return lines


def revision_changes(previous: Revision, revision: Revision) -> list[str]:
    """What a revision changed from the one before it, in words."""
    lines = []
    if previous.name != revision.name:
        # Translators: in the history of the rules: the name before and after a change.
        names = {"old": previous.name, "new": revision.name}
        lines.append(with_user_text(gettext("Name: “%(old)s” → “%(new)s”"), names))
    if previous.description != revision.description:
        lines.append(gettext("Description changed"))
    lines += [str(change) for change in diff(previous.options, revision.options)]
    lines += own_rule_changes(previous.own_rules, revision.own_rules)
    lines += custom_wild_changes(previous.custom_wild_rule, revision.custom_wild_rule)
    return lines


__all__ = ["create_ruleset", "save_revision", "restore_revision", "revision_changes", "Change"]
