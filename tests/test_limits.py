"""Rate limits and database faults (the hardening issue)."""

import pytest
from django.db import OperationalError
from django.test import Client, override_settings

from rulesets.models import RuleSet
from tests.rulesets.test_views import form_data

pytestmark = pytest.mark.django_db


@override_settings(RATE_LIMIT_NOT_FOUND_PER_MINUTE=5)
def test_guessing_codes_earns_429s(ruleset):
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    statuses = [guesser.get(f"/r/guess{i:06d}/").status_code for i in range(8)]
    assert statuses == [404] * 5 + [429] * 3
    response = guesser.get("/r/guess999999/")
    assert response.status_code == 429
    assert "Retry-After" in response
    assert "Wait a minute" in response.content.decode()
    # Pages that exist stay open, to the guesser and to everyone behind its address.
    assert guesser.get(f"/r/{ruleset.code}/").status_code == 200
    assert Client(REMOTE_ADDR="203.0.113.9").get(f"/r/{ruleset.code}/").status_code == 200
    # Another client is not affected at all.
    assert Client(REMOTE_ADDR="203.0.113.10").get("/r/guess000001/").status_code == 404


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=3)
def test_creating_rule_sets_is_limited_per_client():
    c = Client(REMOTE_ADDR="203.0.113.20")
    statuses = [c.post("/rules/new/", form_data()).status_code for _ in range(5)]
    assert statuses == [302, 302, 302, 429, 429]
    assert RuleSet.objects.count() == 3
    # Invalid attempts don't count, and others can still create.
    assert Client(REMOTE_ADDR="203.0.113.21").post("/rules/new/", form_data()).status_code == 302


@override_settings(RATE_LIMIT_CREATE_PER_HOUR=1)
def test_imports_count_as_creating():
    c = Client(REMOTE_ADDR="203.0.113.30")
    assert c.post("/rules/new/", form_data()).status_code == 302
    exported = c.get(f"/r/{RuleSet.objects.get().code}/rules.json").content.decode()
    assert c.post("/rules/import/", {"text": exported}).status_code == 429


@override_settings(RATE_LIMIT_EDIT_PER_HOUR=2, RATE_LIMIT_CREATE_PER_HOUR=0)
def test_saving_changes_of_rules_is_limited_per_client_and_only_changes_count():
    """Each change asks for new game-length estimates: one client made 40 edits and queued
    360 estimate tasks in 22 s (issue 42)."""
    c = Client(REMOTE_ADDR="203.0.113.40")
    assert c.post("/rules/new/", form_data()).status_code == 302
    ruleset = RuleSet.objects.get()
    edit = f"/r/{ruleset.code}/edit/"
    # Nothing changed, a form with a mistake: neither counts.
    assert c.post(edit, form_data()).status_code == 302
    assert c.post(edit, form_data(name="")).status_code == 400
    statuses = [c.post(edit, form_data(name=f"Ours {n}")).status_code for n in range(3)]
    assert statuses == [302, 302, 429]
    assert ruleset.revisions.count() == 3
    refused = c.post(edit, form_data(name="Ours 9"))
    assert "saved changes 2 times in the last hour" in refused.content.decode()
    assert c.post(f"/r/{ruleset.code}/history/1/restore/").status_code == 429
    assert ruleset.revisions.count() == 3  # the refused taps changed nothing
    # Another client is not affected.
    assert Client(REMOTE_ADDR="203.0.113.41").post("/rules/new/", form_data()).status_code == 302


def test_a_locked_database_is_a_503_that_may_be_retried(monkeypatch):
    from rulesets import services

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "create_ruleset", locked)
    response = Client().post("/rules/new/", form_data())
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "try again" in response.content.decode()
    htmx = Client().post("/rules/new/", form_data(), HTTP_HX_REQUEST="true")
    assert htmx.status_code == 503
    assert htmx["Content-Type"].startswith("text/plain")
