import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.conftest import make_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client():
    user = User.objects.create_superuser("admin", "admin@example.org", "pw-not-used")
    c = Client()
    c.force_login(user)
    return c


def test_admin_lists_and_shows_rule_sets_without_their_secret(admin_client):
    rs, secret = make_ruleset("party", name="Admin party")
    revision = rs.current
    pages = [
        "/admin/rulesets/ruleset/",
        f"/admin/rulesets/ruleset/{rs.pk}/change/",
        "/admin/rulesets/revision/",
        f"/admin/rulesets/revision/{revision.pk}/change/",
    ]
    for url in pages:
        response = admin_client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert secret not in body and rs.edit_secret_hash not in body, url
    assert "Admin party" in admin_client.get(pages[0]).content.decode()


def test_admin_cannot_change_a_revision(admin_client):
    rs, _ = make_ruleset()
    url = f"/admin/rulesets/revision/{rs.current.pk}/change/"
    admin_client.post(url, {"name": "Changed", "hand_size": 9})
    rs.current.refresh_from_db()
    assert rs.current.name == "Official rules" and rs.current.hand_size == 7


def test_admin_needs_staff(client):
    assert client.get("/admin/rulesets/ruleset/").status_code == 302
