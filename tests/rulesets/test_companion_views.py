"""The companion page view (/r/<code>/) and the service worker (/sw.js)."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from domain import reference
from rulesets import services, sharing, views
from rulesets.forms import initial_for
from rulesets.presets import BY_SLUG, PRESETS
from tests.conftest import make_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


class TestRulesPage:
    def test_it_shows_name_description_revision_and_the_reference(self, client):
        rs, _ = make_ruleset("party", name="Friday <b>night</b>", description="Our table.")
        body = client.get(f"/r/{rs.code}/").content.decode()
        assert '<h1 dir="auto">Friday &lt;b&gt;night&lt;/b&gt;</h1>' in body
        assert "Our table." in body and "Revision 1" in body
        assert "This house plays 8 rules differently:" in body
        ref = reference.build(BY_SLUG["party"].options)
        for section in ref.sections:
            for rule in section.rules:
                assert escape(rule.text) in body
        for answer in ref.answers:
            assert escape(answer.question) in body

    def test_it_keeps_the_actions_and_the_share_panel(self, client):
        rs, _ = make_ruleset()
        body = client.get(f"/r/{rs.code}/").content.decode()
        assert f'href="/r/{rs.code}/play/">Start a game</a>' in body
        assert f'href="/rules/new/?from={rs.code}">Make my own version</a>' in body
        assert f'href="/r/{rs.code}/history/">Rule changes</a>' in body
        assert (
            f'href="/r/{rs.code}/rules.json" download>Save a copy of these rules (file)</a>' in body
        )
        assert 'id="share-title"' in body  # the share panel
        assert body.count('id="share-title"') == 1
        assert "/static/js/offline." in body and 'data-service-worker="/sw.js"' in body

    def test_the_owner_sees_edit_others_do_not(self, owner, viewer, stranger, ruleset):
        url = f"/r/{ruleset.code}/"
        assert "Edit these rules" in owner.get(url).content.decode()
        assert "Edit these rules" not in viewer.get(url).content.decode()
        assert "Edit these rules" not in stranger.get(url).content.decode()

    def test_the_secret_edit_link_is_shown_until_saved_and_never_stored(self, client):
        response = client.post(
            "/rules/new/",
            {"name": "Ours", "description": "", **initial_for(BY_SLUG["official"].options)},
        )
        url = response["Location"]
        first = client.get(url)
        assert 'id="edit-link"' in first.content.decode()
        assert "no-store" in first["Cache-Control"]
        # Right after saving, the QR code and share link come before the rules.
        body = first.content.decode()
        assert body.index('id="just-saved-title"') < body.index('id="reference"')
        again = client.get(url)
        assert 'id="edit-link"' in again.content.decode()
        assert "no-store" in again["Cache-Control"]
        client.post(f"{url}link-saved/")
        client.get(url)  # the message
        after = client.get(url)
        assert 'id="edit-link"' not in after.content.decode()
        assert "no-store" not in after.get("Cache-Control", "")

    def test_an_unknown_code_is_404(self, client):
        assert client.get("/r/nope1234567/").status_code == 404

    def test_it_rejects_post(self, client, ruleset):
        assert client.post(f"/r/{ruleset.code}/").status_code == 405

    def test_head_works(self, client, ruleset):
        assert client.head(f"/r/{ruleset.code}/").status_code == 200


class TestQueriesAndCache:
    @pytest.mark.parametrize("preset", PRESETS, ids=[p.slug for p in PRESETS])
    def test_a_fixed_number_of_queries_whatever_the_rule_set(
        self, django_assert_num_queries, preset
    ):
        rs, _ = make_ruleset(preset.slug, description="x" * 400)
        client = Client()
        # The rule set with its current revision, and the revision's own rules.
        with django_assert_num_queries(2):
            assert client.get(f"/r/{rs.code}/").status_code == 200
        # Warm cache: the reference is kept per revision. A house that plays every option
        # as the official rules still asks for its own rules, for the link preview's words.
        with django_assert_num_queries(1 if sharing.describe_rules(rs.current.options) else 2):
            assert client.get(f"/r/{rs.code}/").status_code == 200

    def test_the_owner_costs_no_more_queries(self, owner, ruleset):
        """As many as anyone's first visit (the count itself is pinned above)."""
        counts = []
        for client in (Client(), owner):
            cache.clear()  # each a first visit: the reference rendered again
            with CaptureQueriesContext(connection) as queries:
                assert client.get(f"/r/{ruleset.code}/").status_code == 200
            counts.append(len(queries))
        assert counts[1] <= counts[0], counts

    def test_the_reference_is_cached_per_revision(self, client, monkeypatch):
        rs, _ = make_ruleset("party")
        calls = []
        real_build = reference.build
        monkeypatch.setattr(
            reference,
            "build",
            lambda o, own=(), wild="": calls.append(1) or real_build(o, own, wild),
        )
        client.get(f"/r/{rs.code}/")
        client.get(f"/r/{rs.code}/")
        Client().get(f"/r/{rs.code}/")
        assert len(calls) == 1
        cached = cache.get(views.reference_cache_key(rs.current.pk))
        assert cached and "This house plays 8 rules differently" in cached["top"]
        assert "Can I stack a Draw Two on a Draw Two?" in cached["body"]

    def test_a_new_revision_gets_its_own_reference(self, client):
        rs, _ = make_ruleset()
        assert (
            "This house plays the official rules." in client.get(f"/r/{rs.code}/").content.decode()
        )
        options = {**BY_SLUG["official"].options, "uno_penalty": 4}
        services.save_revision(rs, "Official rules", "", options)
        body = client.get(f"/r/{rs.code}/").content.decode()
        assert "<strong>This house plays 1 rule differently:</strong> UNO penalty." in body
        assert "you draw 4 cards" in body

    def test_the_cached_reference_holds_no_token_nonce_or_viewer(self, owner, ruleset):
        response = owner.get(f"/r/{ruleset.code}/")
        nonce = re.search(r"nonce-([^\']+)\'", response["Content-Security-Policy"]).group(1)
        parts = cache.get(views.reference_cache_key(ruleset.current.pk))
        assert set(parts) == {"top", "body"}
        body = response.content.decode()
        for cached in parts.values():
            assert nonce not in cached and "nonce" not in cached
            assert "csrf" not in cached.lower()
            assert "Edit these rules" not in cached and "edit-link" not in cached
            assert cached in body
        # The page around it still carries both.
        assert nonce in body and "x-csrftoken" in body


class TestServiceWorker:
    def test_it_is_served_from_the_root_as_javascript(self, client):
        response = client.get("/sw.js")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("application/javascript")
        assert response["Cache-Control"] == "no-cache"
        assert response.has_header("ETag")

    def test_it_precaches_the_hashed_static_files(self, client):
        body = client.get("/sw.js").content.decode()
        precache = re.search(r"var PRECACHE = (\[.*?\]);", body).group(1)
        for name in ("css/site", "js/site", "js/offline", "img/icon", "django_htmx/htmx-2.min"):
            assert re.search(rf'"/static/{name}\.[0-9a-f]{{12}}\.(css|js|svg)"', precache), name
        assert "var HASHED = true;" in body

    def test_the_page_uses_the_same_static_urls(self, client, ruleset):
        body = client.get("/sw.js").content.decode()
        page = client.get(f"/r/{ruleset.code}/").content.decode()
        precache = re.findall(
            r'"(/static/[^"]+)"', re.search(r"var PRECACHE = (\[.*?\]);", body).group(1)
        )
        for url in precache:
            assert url in page, url

    def test_a_repeat_request_gets_a_304(self, client):
        etag = client.get("/sw.js")["ETag"]
        response = client.get("/sw.js", HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 304 and response.content == b""

    def test_it_rejects_post(self, client):
        assert client.post("/sw.js").status_code == 405

    def test_the_page_csp_allows_the_worker(self, client, ruleset):
        csp = client.get(f"/r/{ruleset.code}/")["Content-Security-Policy"]
        assert "worker-src 'self'" in csp
