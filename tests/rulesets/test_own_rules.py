"""The family's own rules (catalogue ``own_rules``): checked once, stored with database
constraints, and shown on the page, the table card, in the JSON and in the history."""

import json

import pytest
from django.db import DataError, IntegrityError, transaction
from django.test import Client

from rulesets import own_rules, services
from rulesets.forms import initial_for
from rulesets.models import OwnRule, RuleSet
from rulesets.presets import BY_SLUG
from tests.conftest import make_ruleset

pytestmark = pytest.mark.django_db

RULES = ["Grandma always deals first.", "Whoever loses shuffles."]


def form_data(own="", **changes):
    values = initial_for({**BY_SLUG["official"].options, **changes})
    return {"name": "Ours", "description": "", "own_rules": own, **values}


class TestClean:
    def test_trimmed_in_order(self):
        assert own_rules.clean(["  One.  ", "Two."]) == ["One.", "Two."]

    @pytest.mark.parametrize(
        ("items", "says"),
        [
            ([""], "Own rule 1 is empty."),
            (["ok", "   "], "Own rule 2 is empty."),
            (["x" * 201], "201 characters long; the limit is 200"),
            (["tab\there"], "not plain text"),
            (["line\nbreak"], "not plain text"),
            (["next\x85line"], "not plain text"),
            (["half \ud800"], "not plain text"),
            ([3], "Own rule 1 is not text."),
            ("a string", "must be a list"),
            (["r"] * 11, "at most 10 rules of your own; there are 11"),
        ],
    )
    def test_bad_rules_are_refused_with_a_reason(self, items, says):
        with pytest.raises(own_rules.OwnRulesError) as exc:
            own_rules.clean(items)
        assert says in str(exc.value)

    def test_limits_are_inclusive(self):
        assert own_rules.clean(["x" * 200] * 10) == ["x" * 200] * 10


class TestDatabase:
    def rev(self):
        return make_ruleset()[0].current

    @pytest.mark.parametrize(
        "text", ["", " padded", "padded ", "x" * 201, "tab\tinside", "new\nline", "\x7f"]
    )
    def test_the_constraints_refuse_what_the_check_refuses(self, text):
        # A text over 200 characters: PostgreSQL's varchar(200) refuses it (DataError)
        # before the check constraint would; SQLite has only the check (IntegrityError).
        with pytest.raises((IntegrityError, DataError)), transaction.atomic():
            OwnRule.objects.create(revision=self.rev(), position=0, text=text)

    def test_at_most_ten_and_one_per_position(self):
        revision = self.rev()
        with pytest.raises(IntegrityError), transaction.atomic():
            OwnRule.objects.create(revision=revision, position=10, text="x")
        OwnRule.objects.create(revision=revision, position=0, text="x")
        with pytest.raises(IntegrityError), transaction.atomic():
            OwnRule.objects.create(revision=revision, position=0, text="y")


class TestForm:
    def test_one_rule_per_line_blank_lines_ignored(self, client):
        own = "Grandma always deals first.\r\n\r\n  Whoever loses shuffles.  \n"
        response = client.post("/rules/new/", form_data(own))
        assert response.status_code == 302
        rs = RuleSet.objects.get()
        assert rs.current.own_rules == RULES

    def test_too_long_a_rule_is_refused_and_what_was_typed_is_kept(self, client):
        own = "Fine.\n" + "y" * 250
        response = client.post("/rules/new/", form_data(own))
        assert response.status_code == 400
        body = response.content.decode()
        assert "Own rule 2 is 250 characters long; the limit is 200." in body
        assert "y" * 250 in body
        assert not RuleSet.objects.exists()

    def test_eleven_rules_are_refused(self, client):
        response = client.post("/rules/new/", form_data("\n".join(f"Rule {n}" for n in range(11))))
        assert response.status_code == 400
        assert "at most 10 rules of your own" in response.content.decode()

    def test_editing_changes_them_and_the_history_says_so(self, client):
        rs, secret = make_ruleset()
        client.get(f"/r/{rs.code}/edit/{secret}/")
        assert client.get(f"/r/{rs.code}/edit/").context["form"]["own_rules"].value() == ""
        client.post(f"/r/{rs.code}/edit/", form_data("\n".join(RULES)))
        client.post(f"/r/{rs.code}/edit/", form_data(RULES[1]))
        rs.refresh_from_db()
        assert rs.current.number == 3 and rs.current.own_rules == [RULES[1]]
        form = client.get(f"/r/{rs.code}/edit/").context["form"]
        assert form["own_rules"].value() == RULES[1]
        history = client.get(f"/r/{rs.code}/history/").content.decode()
        assert "Own rule added: \u201c<bdi>Grandma always deals first.</bdi>\u201d" in history
        assert "Own rule removed: \u201c<bdi>Grandma always deals first.</bdi>\u201d" in history

    def test_saving_the_same_rules_makes_no_revision(self, client):
        rs, secret = make_ruleset()
        services.save_revision(rs, rs.current.name, "", rs.current.options, RULES)
        rs.refresh_from_db()
        assert services.save_revision(rs, rs.current.name, "", rs.current.options, RULES) is None

    def test_a_copy_starts_with_them(self, client):
        rs, _ = services.create_ruleset("Ours", "", BY_SLUG["official"].options, own_rules=RULES)
        form = client.get(f"/rules/new/?from={rs.code}").context["form"]
        assert form["own_rules"].value() == "\n".join(RULES)


class TestShown:
    def test_at_the_top_of_the_page_and_on_the_card(self):
        rs, _ = services.create_ruleset(
            "Ours", "", {**BY_SLUG["official"].options, "uno_penalty": 4}, own_rules=RULES
        )
        page = Client().get(f"/r/{rs.code}/").content.decode()
        assert page.index("Our own rules") < page.index("This house plays 1 rule differently")
        for text in RULES:
            assert text in page
        card = Client().get(f"/r/{rs.code}/card/").content.decode()
        assert "Our own rules" in card and RULES[0] in card

    def test_the_official_rules_are_never_said_alone(self):
        """Issue 29: official options and own rules read as the official rules plus them."""
        rs, _ = services.create_ruleset("Ours", "", BY_SLUG["official"].options, own_rules=RULES)
        page = Client().get(f"/r/{rs.code}/").content.decode()
        assert "This house plays the official rules, plus 2 rules of its own." in page
        assert "This house plays the official rules." not in page
        for layout in ("", "?layout=tent", "?layout=small"):
            card = Client().get(f"/r/{rs.code}/card/{layout}").content.decode()
            assert "We play the official rules plus our own rules" in card, layout
            assert "We play the official rules." not in card, layout
            assert "We play the official rules<" not in card, layout

    def test_markup_is_shown_as_text(self):
        rs, _ = services.create_ruleset(
            "Ours", "", BY_SLUG["official"].options, own_rules=["<b>bold</b> & co"]
        )
        page = Client().get(f"/r/{rs.code}/").content.decode()
        assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in page and "<b>bold</b>" not in page

    def test_no_section_without_them(self):
        rs, _ = make_ruleset()
        assert "Our own rules" not in Client().get(f"/r/{rs.code}/").content.decode()


class TestJson:
    def test_exported_and_imported(self, client):
        rs, _ = services.create_ruleset("Ours", "", BY_SLUG["official"].options, own_rules=RULES)
        doc = json.loads(client.get(f"/r/{rs.code}/rules.json").content)
        assert doc["own_rules"] == RULES
        response = client.post("/rules/import/", {"text": json.dumps(doc)})
        assert response.status_code == 302
        copy = RuleSet.objects.exclude(pk=rs.pk).get()
        assert copy.current.own_rules == RULES

    def test_an_old_file_without_them_still_imports(self, client):
        doc = {"format": "house-rules/1", "name": "Old", "options": {"uno_penalty": 4}}
        assert client.post("/rules/import/", {"text": json.dumps(doc)}).status_code == 302
        assert RuleSet.objects.get().current.own_rules == []

    @pytest.mark.parametrize(
        ("own", "says"),
        [(["x" * 201], "the limit is 200"), ("text", "must be a list"), ([None], "not text")],
    )
    def test_bad_ones_are_refused_with_a_reason(self, client, own, says):
        doc = {"format": "house-rules/1", "name": "Bad", "options": {}, "own_rules": own}
        response = client.post("/rules/import/", {"text": json.dumps(doc)})
        assert response.status_code == 400
        assert says in response.content.decode()
        assert not RuleSet.objects.exists()
