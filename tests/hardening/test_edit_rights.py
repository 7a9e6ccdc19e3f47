"""Edit rights that can be taken back, and forms that make one rule set when sent twice
(issue 15, findings 4, 6 and 7).

Before: a session cookie kept from before "forget" still edited, the edit link could never
change, nothing on the page let a browser stop editing, the secret waited in the session
cookie until its page was opened, and "new rules" or "import" sent twice made two rule sets.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.test import Client

from rulesets import access, services
from rulesets.models import RuleSet
from tests.conftest import make_ruleset
from tests.rulesets.test_views import form_data

pytestmark = pytest.mark.django_db


def can_edit(client: Client, ruleset: RuleSet) -> bool:
    status = client.get(f"/r/{ruleset.code}/edit/").status_code
    assert status in (200, 403)
    return status == 200


def browser_with(secret: str, ruleset: RuleSet) -> Client:
    c = Client()
    assert c.get(f"/r/{ruleset.code}/edit/{secret}/").status_code == 302
    return c


def shown_link(page: str) -> str | None:
    found = re.search(r"https?://[^\s\"<]+/edit/[A-Za-z0-9_-]+/", page)
    return found.group(0) if found else None


# --- Make a new edit link ------------------------------------------------------------------


def test_a_new_edit_link_cancels_the_old_link_and_every_other_browser():
    ruleset, secret = make_ruleset()
    mine = browser_with(secret, ruleset)
    phone = browser_with(secret, ruleset)
    # A copy of my session cookie, taken before anything (what "forget" could not cancel).
    kept = Client()
    kept.cookies["sessionid"] = mine.cookies["sessionid"].value
    assert can_edit(kept, ruleset)

    response = mine.post(f"/r/{ruleset.code}/new-link/")
    assert response.status_code == 302
    page = mine.get(response["Location"]).content.decode()
    new_link = shown_link(page)
    assert new_link and secret not in new_link
    assert "The old one no longer works" in page

    assert can_edit(mine, ruleset)
    assert not can_edit(phone, ruleset)
    assert not can_edit(kept, ruleset)
    assert Client().get(f"/r/{ruleset.code}/edit/{secret}/").status_code == 403
    new_secret = new_link.rstrip("/").rsplit("/", 1)[1]
    assert can_edit(browser_with(new_secret, ruleset), ruleset)
    # The phone's home page no longer lists the rules as its own.
    assert f"/r/{ruleset.code}/" not in phone.get("/").content.decode()


def test_only_an_editor_can_make_a_new_link(ruleset, viewer, stranger):
    old_hash = ruleset.edit_secret_hash
    for client in (viewer, stranger):
        assert client.post(f"/r/{ruleset.code}/new-link/").status_code == 403
    assert Client().get(f"/r/{ruleset.code}/new-link/").status_code == 405
    ruleset.refresh_from_db()
    assert ruleset.edit_secret_hash == old_hash and ruleset.edit_version == 1


def test_sessions_from_before_edit_versions_still_edit_until_a_new_link(ruleset):
    c = Client()
    session = SessionStore()
    session[access.SESSION_KEY] = [ruleset.pk]  # the old format: bare pks
    session.save()
    c.cookies["sessionid"] = session.session_key
    assert can_edit(c, ruleset)
    services.new_edit_link(ruleset)
    assert not can_edit(c, ruleset)


# --- Stop editing on this browser ----------------------------------------------------------


def test_the_owners_page_offers_both_and_a_viewers_page_neither(ruleset, owner, viewer):
    page = owner.get(f"/r/{ruleset.code}/").content.decode()
    assert "Stop editing on this browser" in page and "Make a new edit link" in page
    other = viewer.get(f"/r/{ruleset.code}/").content.decode()
    assert "Stop editing on this browser" not in other and "Make a new edit link" not in other


def test_stop_editing_on_this_browser(ruleset_and_secret, owner):
    ruleset, secret = ruleset_and_secret
    response = owner.post(f"/r/{ruleset.code}/forget/", follow=True)
    assert "can no longer change those rules" in response.content.decode()
    assert not can_edit(owner, ruleset)
    assert can_edit(browser_with(secret, ruleset), ruleset)  # the link still works


# --- The secret and its cookie -------------------------------------------------------------


def test_the_secret_is_never_in_the_session_and_its_cookie_lives_until_saved():
    c = Client()
    response = c.post("/rules/new/", {**form_data(), "submission_id": str(uuid.uuid4())})
    ruleset = RuleSet.objects.get()
    session = SessionStore(session_key=c.cookies["sessionid"].value).load()
    cookie = response.cookies["edit_link"]
    assert cookie["path"] == f"/r/{ruleset.code}/"
    assert cookie["httponly"] and int(cookie["max-age"]) <= 7 * 24 * 60 * 60
    assert cookie.value not in str(session)

    page = c.get(response["Location"])
    link = shown_link(page.content.decode())
    assert link and link.split("/edit/")[1].split(".")[0].rstrip("/") not in str(session)
    assert "no-store" in page["Cache-Control"]
    assert "edit_link" not in page.cookies  # kept while it is shown
    assert shown_link(c.get(response["Location"]).content.decode()) == link
    saved = c.post(f"/r/{ruleset.code}/link-saved/")
    assert saved.cookies["edit_link"]["max-age"] == 0  # deleted once the owner saved it
    assert shown_link(c.get(response["Location"]).content.decode()) is None


def test_a_stale_or_forged_link_cookie_shows_nothing(ruleset, owner):
    owner.cookies["edit_link"] = "forged"
    page = owner.get(f"/r/{ruleset.code}/")
    assert shown_link(page.content.decode()) is None
    assert page.cookies["edit_link"]["max-age"] == 0


def test_the_page_does_not_suggest_e_mailing_the_link():
    c = Client()
    response = c.post("/rules/new/", form_data())
    page = c.get(response["Location"]).content.decode()
    assert shown_link(page)
    assert "e-mail to yourself" not in page


# --- Submission ids ------------------------------------------------------------------------


def test_new_rules_sent_twice_make_one_rule_set():
    data = {**form_data(name="Twice"), "submission_id": str(uuid.uuid4())}
    first = Client()
    one = first.post("/rules/new/", data)
    # The second answer, to a browser whose first answer was lost: the same rule set.
    second = Client()
    two = second.post("/rules/new/", data)
    assert one.status_code == two.status_code == 302
    assert one["Location"] == two["Location"]
    assert RuleSet.objects.count() == 1
    ruleset = RuleSet.objects.get()
    assert can_edit(first, ruleset) and can_edit(second, ruleset)
    assert "edit_link" not in two.cookies  # the secret was shown once; only its hash is kept


def test_an_import_sent_twice_makes_one_rule_set():
    ruleset, _secret = make_ruleset(name="To copy")
    exported = Client().get(f"/r/{ruleset.code}/rules.json").content.decode()
    data = {"text": exported, "submission_id": str(uuid.uuid4())}
    c = Client()
    one = c.post("/rules/import/", data)
    two = c.post("/rules/import/", data)
    assert one["Location"] == two["Location"]
    assert RuleSet.objects.count() == 2


def test_the_forms_carry_a_submission_id():
    for path in ("/rules/new/", "/rules/import/"):
        page = Client().get(path).content.decode()
        found = re.search(r'name="submission_id" value="([^"]+)"', page)
        assert found, path
        uuid.UUID(found.group(1))


def test_a_replay_after_a_new_edit_link_gives_no_rights():
    data = {**form_data(), "submission_id": str(uuid.uuid4())}
    c = Client()
    c.post("/rules/new/", data)
    ruleset = RuleSet.objects.get()
    c.post(f"/r/{ruleset.code}/new-link/")
    later = Client()
    assert later.post("/rules/new/", data).status_code == 302
    assert not can_edit(later, ruleset)
    assert RuleSet.objects.count() == 1


def test_a_replay_does_not_count_as_a_creation(settings):
    settings.RATE_LIMIT_CREATE_PER_HOUR = 2
    data = {**form_data(), "submission_id": str(uuid.uuid4())}
    c = Client(REMOTE_ADDR="203.0.113.77")
    assert [c.post("/rules/new/", data).status_code for _ in range(3)] == [302] * 3
    assert c.post("/rules/new/", form_data()).status_code == 302
    assert c.post("/rules/new/", form_data()).status_code == 429
    assert RuleSet.objects.count() == 2


def test_the_same_submission_id_in_the_service_returns_the_first():
    submission = uuid.uuid4()
    first, secret = services.create_ruleset(
        "A", "", make_ruleset()[0].current.options, submission_id=submission
    )
    again, none = services.create_ruleset("B", "", first.current.options, submission_id=submission)
    assert again.pk == first.pk and secret and none is None
