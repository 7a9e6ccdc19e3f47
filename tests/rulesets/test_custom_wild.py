"""The 112-card deck on a rule set (catalogue v3, issue 40): the deck asked on the short
form, the blank Wild's rule (``custom_wild_rule``) checked once, stored with database
constraints, carried by the JSON and told in the history."""

import json

import pytest
from django.db import DataError, IntegrityError, transaction

from rulesets import own_rules, services
from rulesets.forms import initial_for
from rulesets.models import Revision, RuleSet
from rulesets.presets import BY_SLUG, PRESETS
from tests.conftest import make_ruleset

pytestmark = pytest.mark.django_db

WILD = "Everyone passes their hand to the left."


def form_data(wild="", **changes):
    values = initial_for({**BY_SLUG["official"].options, **changes})
    return {"name": "Ours", "description": "", "own_rules": "", "custom_wild_rule": wild, **values}


class TestClean:
    def test_trimmed_and_empty_allowed(self):
        assert own_rules.clean_custom_wild(f"  {WILD} ") == WILD
        assert own_rules.clean_custom_wild("   ") == ""
        assert own_rules.clean_custom_wild("x" * 200) == "x" * 200

    @pytest.mark.parametrize(
        ("value", "says"),
        [
            ("x" * 201, "The blank Wild’s rule is 201 characters long; the limit is 200."),
            ("two\nlines", "not plain text"),
            ("tab\there", "not plain text"),
            ("half \ud800", "not plain text"),
            (7, "must be text"),
        ],
    )
    def test_bad_texts_are_refused_with_a_reason(self, value, says):
        with pytest.raises(own_rules.OwnRulesError) as exc:
            own_rules.clean_custom_wild(value)
        assert says in str(exc.value)


class TestDatabase:
    @pytest.mark.parametrize("text", [" padded", "padded ", "x" * 201, "tab\tinside", "\x85"])
    def test_the_constraints_refuse_what_the_check_refuses(self, text):
        revision = make_ruleset()[0].current
        with pytest.raises((IntegrityError, DataError)), transaction.atomic():
            Revision.objects.filter(pk=revision.pk).update(custom_wild_rule=text)

    def test_old_rule_sets_are_108_card_sets_with_no_text(self):
        revision = make_ruleset()[0].current
        assert (revision.deck, revision.custom_wild_rule) == ("classic_108", "")

    def test_presets_are_unchanged_and_play_with_108_cards(self):
        assert all(preset.options["deck"] == "classic_108" for preset in PRESETS)
        assert all(preset.options["points_special_wild"] == 40 for preset in PRESETS)


class TestForm:
    def test_the_deck_is_asked_on_the_short_form_with_the_blank_wilds_rule(self, client):
        html = client.get("/rules/new/").content.decode()
        deck = html.index('id="option-deck"')
        wild = html.index('id="option-custom_wild_rule"')
        assert deck < wild < html.index('id="option-stack_draw_two_on_draw_two"')
        assert "Which deck is in your box?" in html
        assert "112 cards, with Shuffle Hands and blank Wilds" in html
        assert "What does your blank Wild do?" in html
        # Asked with 112 cards only: the script hides it otherwise (without it, a note says so).
        assert 'data-when="[[&quot;deck&quot;, [&quot;modern_112&quot;]]]"' in html
        assert "Only with the 112-card deck." in html

    def test_a_112_card_house_with_its_blank_wild_is_saved(self, client):
        response = client.post("/rules/new/", form_data(f" {WILD} ", deck="modern_112"))
        assert response.status_code == 302
        revision = RuleSet.objects.get().current
        assert (revision.deck, revision.custom_wild_rule) == ("modern_112", WILD)

    @pytest.mark.parametrize(
        ("wild", "says"),
        [
            ("y" * 250, "The blank Wild’s rule is 250 characters long; the limit is 200."),
            ("Draw two\x07", "not plain text"),
        ],
    )
    def test_a_bad_text_is_refused_and_what_was_typed_is_kept(self, client, wild, says):
        response = client.post("/rules/new/", form_data(wild, deck="modern_112"))
        assert response.status_code == 400
        body = response.content.decode()
        assert says in body
        assert 'href="#id_custom_wild_rule"' in body  # the error summary links to it
        assert f'value="{wild[:8]}' in body  # what was typed is kept
        assert not RuleSet.objects.exists()

    def test_editing_it_makes_a_revision_the_history_tells_in_words(self, client):
        rs, secret = make_ruleset()
        client.get(f"/r/{rs.code}/edit/{secret}/")
        client.post(f"/r/{rs.code}/edit/", form_data(WILD, deck="modern_112"))
        client.post(f"/r/{rs.code}/edit/", form_data("Skip everyone.", deck="modern_112"))
        client.post(f"/r/{rs.code}/edit/", form_data("", deck="modern_112"))
        rs.refresh_from_db()
        assert rs.current.number == 4 and rs.current.custom_wild_rule == ""
        history = client.get(f"/r/{rs.code}/history/").content.decode()
        assert f"Blank Wild’s rule written: “{WILD}”" in history
        assert f"Blank Wild’s rule: “{WILD}” → “Skip everyone.”" in history
        assert "Blank Wild’s rule removed: “Skip everyone.”" in history
        assert "Which deck is in your box" not in history  # the option's label, not the question

    def test_the_same_text_saved_again_makes_no_revision(self):
        rs, _ = make_ruleset(deck="modern_112")
        options = rs.current.options
        assert services.save_revision(rs, rs.current.name, "", options, custom_wild_rule=WILD)
        rs.refresh_from_db()
        same = services.save_revision(rs, rs.current.name, "", options, custom_wild_rule=WILD)
        assert same is None

    def test_a_copy_starts_with_it(self, client):
        options = {**BY_SLUG["official"].options, "deck": "modern_112"}
        rs, _ = services.create_ruleset("Ours", "", options, custom_wild_rule=WILD)
        form = client.get(f"/rules/new/?from={rs.code}").context["form"]
        assert form["custom_wild_rule"].value() == WILD


class TestJson:
    def test_exported_and_imported(self, client):
        options = {**BY_SLUG["official"].options, "deck": "modern_112"}
        rs, _ = services.create_ruleset("Ours", "", options, custom_wild_rule=WILD)
        doc = json.loads(client.get(f"/r/{rs.code}/rules.json").content)
        assert doc["custom_wild_rule"] == WILD
        assert doc["options"]["deck"] == "modern_112"
        response = client.post("/rules/import/", {"text": json.dumps(doc)})
        assert response.status_code == 302
        copy = RuleSet.objects.exclude(pk=rs.pk).get().current
        assert (copy.deck, copy.custom_wild_rule) == ("modern_112", WILD)

    def test_an_old_file_without_them_is_a_108_card_set_with_no_text(self, client):
        doc = {"format": "house-rules/1", "name": "Old", "options": {"uno_penalty": 4}}
        assert client.post("/rules/import/", {"text": json.dumps(doc)}).status_code == 302
        revision = RuleSet.objects.get().current
        assert (revision.deck, revision.custom_wild_rule) == ("classic_108", "")

    @pytest.mark.parametrize(
        ("wild", "says"),
        [("x" * 201, "the limit is 200"), ("a\nb", "not plain text"), (["x"], "must be text")],
    )
    def test_bad_ones_are_refused_with_a_reason(self, client, wild, says):
        doc = {"format": "house-rules/1", "name": "Bad", "options": {}, "custom_wild_rule": wild}
        response = client.post("/rules/import/", {"text": json.dumps(doc)})
        assert response.status_code == 400
        assert says in response.content.decode()
        assert not RuleSet.objects.exists()
