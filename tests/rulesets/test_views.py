import html
import json
import re
from urllib.parse import quote

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from domain import options as opts
from rulesets import codes, sharing
from rulesets.forms import COMMON, RuleSetForm, initial_for
from rulesets.models import Revision, RuleSet
from rulesets.presets import BY_SLUG
from tests.conftest import make_ruleset, one_letter_off
from tests.rulesets.option_sets import every_pair
from tests.rulesets.test_sharing import card_sheet

pytestmark = pytest.mark.django_db


def form_data(preset="official", name="Our rules", description="", **changes):
    values = initial_for({**BY_SLUG[preset].options, **changes})
    return {"name": name, "description": description, **{k: str(v) for k, v in values.items()}}


def create(client, **kwargs):
    response = client.post("/rules/new/", form_data(**kwargs))
    assert response.status_code == 302, response.content.decode()[:2000]
    return RuleSet.objects.get(code=response["Location"].split("/")[2])


class TestHome:
    def test_it_lists_the_presets(self, client):
        response = client.get("/")
        body = response.content.decode()
        for slug in BY_SLUG:
            assert f"/rules/new/?preset={slug}" in body
        assert "Your rule sets" not in body

    def test_it_lists_the_rule_sets_this_browser_may_edit(self, client):
        rs = create(client, name="Grandma's table")
        body = client.get("/").content.decode()
        assert "Your rule sets" in body and f"/r/{rs.code}/" in body
        assert "Grandma&#x27;s table" in body

    def test_it_rejects_post(self, client):
        assert client.post("/").status_code == 405


class TestCreate:
    def test_the_form_is_prefilled_from_a_preset(self, client):
        response = client.get("/rules/new/?preset=party")
        form = response.context["form"]
        assert form["name"].value() == ""  # the name starts empty: see TestShortForm
        assert form["jump_in"].value() == "true"
        assert form["hand_size"].value() == 7
        body = response.content.decode()
        assert "Official: 2 cards" in body  # the official value beside the option
        for key in opts.KEYS:
            assert f'name="{key}"' in body

    def test_no_preset_means_official(self, client):
        form = client.get("/rules/new/").context["form"]
        assert {k: form[k].value() for k in opts.KEYS} == initial_for(opts.official())

    def test_an_unknown_preset_is_404(self, client):
        assert client.get("/rules/new/?preset=nope").status_code == 404

    def test_saving_redirects_to_the_share_link_and_shows_the_edit_link_until_saved(self, client):
        response = client.post("/rules/new/", form_data(preset="party", name="  Party!  "))
        assert response.status_code == 302
        rs = RuleSet.objects.get()
        assert response["Location"] == f"/r/{rs.code}/"
        assert rs.current.name == "Party!"
        assert rs.current.options == BY_SLUG["party"].options
        page = client.get(response["Location"]).content.decode()
        assert "/edit/" in page and "Your private edit link" in page
        client.post(f"/r/{rs.code}/link-saved/")
        again = client.get(response["Location"]).content.decode()
        assert "Your private edit link" not in again
        assert f"/r/{rs.code}/edit/" in again  # this browser may edit

    def test_the_secret_is_stored_only_as_a_hash(self, client):
        response = client.post("/rules/new/", form_data())
        rs = RuleSet.objects.get()
        page = client.get(response["Location"]).content.decode()
        link = page.split(f"/r/{rs.code}/edit/")[1].split("/")[0]
        assert len(link) >= 22  # 144 bits
        assert rs.edit_secret_hash == codes.hash_secret(link) != link
        assert link not in json.dumps(list(RuleSet.objects.values()), default=str)

    @pytest.mark.parametrize(
        "field,value,message",
        [
            ("hand_size", "11", "Deal at most 10 cards to each player."),
            ("hand_size", "4", "Deal at least 5 cards to each player."),
            ("hand_size", "seven", "Enter a whole number"),
            ("target_score", "5001", "A game can go to at most 5,000 points."),
            ("target_score", "99999", "A game can go to at most 5,000 points."),
            ("uno_penalty", "-1", "The UNO penalty can be no fewer than 0 cards."),
            ("points_wild", "1e3", "Enter a whole number"),
            (
                "direction",
                "sideways",
                "Choose what your table does for \u201cDirection of play\u201d.",
            ),
            ("jump_in", "maybe", "Choose what your table does for \u201cJump in\u201d."),
            ("name", "   ", "Give your rules a name"),
            ("name", "x" * 81, "at most 80 characters"),
            ("description", "x" * 501, "at most 500 characters"),
        ],
    )
    def test_bad_input_is_refused_with_a_message_and_nothing_is_stored(
        self, client, field, value, message
    ):
        data = {**form_data(), field: value}
        response = client.post("/rules/new/", data)
        assert response.status_code == 400
        assert message in response.content.decode()
        assert response.context["form"][field].errors
        assert RuleSet.objects.count() == 0
        # Nothing the user entered is lost.
        assert response.context["form"]["name"].value() == data["name"]

    def test_a_missing_option_is_refused(self, client):
        data = form_data()
        del data["uno_penalty"]
        response = client.post("/rules/new/", data)
        assert response.status_code == 400
        assert RuleSet.objects.count() == 0

    def test_an_unknown_option_key_is_refused(self, client):
        response = client.post("/rules/new/", {**form_data(), "free_parking": "true"})
        assert response.status_code == 400
        assert "Unknown option: free_parking" in response.content.decode()
        assert RuleSet.objects.count() == 0

    def test_html_in_names_shows_as_text(self, client):
        rs = create(client, name="<script>alert(1)</script>", description="<b>bold</b>")
        body = Client().get(f"/r/{rs.code}/").content.decode()
        assert "<script>alert(1)</script>" not in body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
        assert "<b>bold</b>" not in body

    def test_the_form_needs_csrf(self):
        c = Client(enforce_csrf_checks=True)
        response = c.post("/rules/new/", form_data())
        assert response.status_code == 403
        assert RuleSet.objects.count() == 0


class TestEditAccess:
    def test_the_edit_link_grants_edit_rights_and_drops_the_secret_from_the_url(
        self, ruleset_and_secret
    ):
        rs, secret = ruleset_and_secret
        c = Client()
        response = c.get(f"/r/{rs.code}/edit/{secret}/")
        assert response.status_code == 302
        assert response["Location"] == f"/r/{rs.code}/edit/"
        assert response["Referrer-Policy"] == "no-referrer"
        assert c.get(f"/r/{rs.code}/edit/").status_code == 200

    def test_a_wrong_secret_is_403(self, ruleset_and_secret):
        rs, secret = ruleset_and_secret
        c = Client()
        assert c.get(f"/r/{rs.code}/edit/{one_letter_off(secret)}/").status_code == 403
        assert c.get(f"/r/{rs.code}/edit/").status_code == 403

    def test_a_secret_for_other_rules_is_403(self, ruleset_and_secret):
        rs, _ = ruleset_and_secret
        _other, other_secret = make_ruleset()
        assert Client().get(f"/r/{rs.code}/edit/{other_secret}/").status_code == 403

    def test_an_unknown_code_is_404(self, db):
        assert Client().get("/r/nope/").status_code == 404
        assert Client().get("/r/nope/edit/").status_code == 404

    def test_owner_edits_and_a_revision_is_made(self, owner, ruleset):
        response = owner.post(
            f"/r/{ruleset.code}/edit/", form_data(name="Official rules", uno_penalty=4)
        )
        assert response.status_code == 302
        ruleset.refresh_from_db()
        assert ruleset.current.number == 2
        assert ruleset.current.uno_penalty == 4
        assert Revision.objects.get(ruleset=ruleset, number=1).uno_penalty == 2

    def test_saving_without_changes_makes_no_revision(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/edit/", form_data(name="Official rules"))
        ruleset.refresh_from_db()
        assert ruleset.current.number == 1

    @pytest.mark.parametrize("persona", ["viewer", "stranger"])
    def test_others_cannot_edit(self, request, ruleset, persona):
        c = request.getfixturevalue(persona)
        assert c.get(f"/r/{ruleset.code}/edit/").status_code == 403
        response = c.post(f"/r/{ruleset.code}/edit/", form_data(uno_penalty=4))
        assert response.status_code == 403
        assert "Only the person with the edit link" in response.content.decode()
        ruleset.refresh_from_db()
        assert ruleset.current.number == 1 and ruleset.current.uno_penalty == 2

    @pytest.mark.parametrize("persona", ["viewer", "stranger"])
    def test_others_cannot_forget(self, request, ruleset, persona):
        c = request.getfixturevalue(persona)
        assert c.post(f"/r/{ruleset.code}/forget/").status_code == 403

    def test_the_viewer_sees_no_edit_controls(self, viewer, ruleset):
        body = viewer.get(f"/r/{ruleset.code}/").content.decode()
        assert f"/r/{ruleset.code}/edit/" not in body

    def test_bad_input_on_edit_changes_nothing(self, owner, ruleset):
        response = owner.post(f"/r/{ruleset.code}/edit/", {**form_data(), "hand_size": "99"})
        assert response.status_code == 400
        ruleset.refresh_from_db()
        assert ruleset.current.number == 1

    def test_forget_removes_edit_rights_from_this_browser(self, owner, ruleset):
        assert owner.post(f"/r/{ruleset.code}/forget/").status_code == 302
        assert owner.get(f"/r/{ruleset.code}/edit/").status_code == 403


class TestHistory:
    def test_it_lists_the_changes_in_words(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/edit/", form_data(name="Ours", uno_penalty=4))
        body = Client().get(f"/r/{ruleset.code}/history/").content.decode()
        assert "Revision 2" in body and "Revision 1" in body
        assert "UNO penalty: 2 cards \u2192 4 cards" in body
        assert (
            "Name: \u201c<bdi>Official rules</bdi>\u201d \u2192 \u201c<bdi>Ours</bdi>\u201d" in body
        )

    def test_the_first_revision_lists_its_changes_from_the_preset(self, client):
        data = {**form_data(preset="party", name="Ours", uno_penalty=4), "preset": "party"}
        client.post("/rules/new/", data)
        rs = RuleSet.objects.get()
        body = client.get(f"/r/{rs.code}/history/").content.decode()
        assert "from the preset “Party night”" in body
        assert "UNO penalty: 2 cards → 4 cards" in body


class TestCopy:
    def test_anyone_with_the_link_starts_a_copy(self, ruleset):
        c = Client()
        response = c.get(f"/rules/new/?from={ruleset.code}")
        assert response.status_code == 200
        assert response.context["form"]["name"].value() == "Official rules (my version)"
        data = {**form_data(uno_penalty=3), "copied_from": ruleset.code}
        response = c.post("/rules/new/", data)
        copy = RuleSet.objects.exclude(pk=ruleset.pk).get()
        assert copy.copied_from == ruleset.current
        assert copy.current.uno_penalty == 3
        assert copy.edit_secret_hash != ruleset.edit_secret_hash
        # The original is untouched and the copier cannot edit it.
        assert c.get(f"/r/{ruleset.code}/edit/").status_code == 403

    def test_copying_unknown_rules_is_404(self, db):
        assert Client().get("/rules/new/?from=nope").status_code == 404


class TestJson:
    def test_export(self, ruleset):
        response = Client().get(f"/r/{ruleset.code}/rules.json")
        doc = response.json()
        assert doc == {
            "format": "house-rules/1",
            "name": "Official rules",
            "description": "",
            "revision": 1,
            "own_rules": [],
            "custom_wild_rule": "",
            "note": "",
            "options": opts.official(),
        }
        _rs, secret = make_ruleset()
        assert secret not in response.content.decode()

    def test_round_trip(self, db):
        rs, _ = make_ruleset("teams-to-100", description="Pairs night")
        exported = Client().get(f"/r/{rs.code}/rules.json").content.decode()
        c = Client()
        response = c.post("/rules/import/", {"text": exported})
        assert response.status_code == 302
        imported = RuleSet.objects.exclude(pk=rs.pk).get()
        assert imported.current.options == rs.current.options
        assert imported.current.description == "Pairs night"
        assert c.get(f"/r/{imported.code}/edit/").status_code == 200

    def test_upload(self, ruleset):
        from django.core.files.uploadedfile import SimpleUploadedFile

        data = Client().get(f"/r/{ruleset.code}/rules.json").content
        upload = SimpleUploadedFile("rules.json", data, content_type="application/json")
        assert Client().post("/rules/import/", {"file": upload}).status_code == 302
        assert RuleSet.objects.count() == 2

    @pytest.mark.parametrize(
        "text,message",
        [
            ("{", "not valid JSON"),
            ("[]", "must be an object"),
            ('{"format": "other"}', "not a House Rules file"),
            ('{"format": "house-rules/1", "options": {}}', "no name"),
            ('{"format": "house-rules/1", "name": "x"}', "no options"),
            (
                '{"format": "house-rules/1", "name": "x", "options": {"hand_size": 42}}',
                "hand_size: Enter a number from 5 to 10",
            ),
            (
                '{"format": "house-rules/1", "name": "x", "options": {"hand_size": "7"}}',
                "",
            ),
            (
                '{"format": "house-rules/1", "name": "x", "options": {"jump_in": "yes please"}}',
                "jump_in: Choose yes or no",
            ),
            (
                '{"format": "house-rules/1", "name": "x", "options": {"uno_bonus": 1}}',
                "uno_bonus: This is not a known option",
            ),
            ("", "Choose a file or paste the JSON"),
            ("x" * (64 * 1024 + 1), "too long"),
            ("[" * 100000 + "]" * 100000, "too long"),
        ],
    )
    def test_bad_imports_are_refused(self, db, text, message):
        response = Client().post("/rules/import/", {"text": text})
        if not message:  # a string "7" for an int is accepted (forms send strings too)
            assert response.status_code == 302
            return
        assert response.status_code == 400
        assert message in response.content.decode()
        assert RuleSet.objects.count() == 0

    def test_an_oversized_upload_is_refused(self, db):
        from django.core.files.uploadedfile import SimpleUploadedFile

        upload = SimpleUploadedFile("rules.json", b" " * (64 * 1024 + 1))
        response = Client().post("/rules/import/", {"file": upload})
        assert response.status_code == 400
        assert "too large" in response.content.decode()


class TestDatabaseConstraints:
    @pytest.mark.parametrize(
        "field,value",
        [("hand_size", 11), ("uno_penalty", 11), ("direction", "up"), ("scoring", "x")],
    )
    def test_the_database_refuses_invalid_options(self, ruleset, field, value):
        with pytest.raises(IntegrityError), transaction.atomic():
            Revision.objects.create(ruleset=ruleset, number=2, name="x", **{field: value})

    def test_the_database_refuses_a_blank_name_and_duplicate_numbers(self, ruleset):
        with pytest.raises(IntegrityError), transaction.atomic():
            Revision.objects.create(ruleset=ruleset, number=2, name="   ")
        with pytest.raises(IntegrityError), transaction.atomic():
            Revision.objects.create(ruleset=ruleset, number=1, name="again")


class TestShortForm:
    def test_the_name_starts_empty_and_saving_without_one_asks_for_it(self, client):
        response = client.get("/rules/new/?preset=party")
        assert response.context["form"]["name"].value() == ""
        assert "The Garcias" in response.content.decode()  # the suggestion
        response = client.post(
            "/rules/new/", {**form_data(preset="party", name=""), "preset": "party"}
        )
        assert response.status_code == 400
        body = response.content.decode()
        assert '<a href="#id_name">Give your rules a name, for example' in body
        assert RuleSet.objects.count() == 0

    def test_the_common_rules_come_first_after_the_name(self, client):
        body = client.get("/rules/new/").content.decode()
        name = body.index('name="name"')
        positions = [body.index(f'name="{key}"') for key in COMMON]
        assert name < min(positions)
        assert positions == sorted(positions)
        others = [body.index(f'name="{k}"') for k in opts.KEYS if k not in COMMON]
        assert max(positions) < min(others)
        assert 'data-option="uno_penalty" ' in body and "data-common" in body

    def test_the_summary_lists_what_differs(self, client):
        body = client.get("/rules/new/?preset=party").content.decode()
        count = len(sharing.house_rules(BY_SLUG["party"].options))
        assert f"{count} house rules: " in body
        assert "No house rules yet" in client.get("/rules/new/").content.decode()

    def test_the_editor_counts_the_house_rules_the_rules_page_counts(self):
        """One answer to "which rules are house rules" (options.house_rules): the editor's
        summary and its badges, for every two options' values together."""
        for options in every_pair():
            form = RuleSetForm(form_data(**options))
            house = {o.key for o in opts.house_rules(options)}
            assert {label for label, _words in form.differences()} == {
                opts.BY_KEY[key].label for key in house
            }
            badges = {
                item["option"].key
                for _key, _title, items in form.groups()
                for item in items
                if item["house"]
            }
            assert badges == house

    def test_a_changed_rule_that_means_nothing_here_has_no_badge_but_can_go_back(self, client):
        # Pairs with the lowest total winning: nobody scores a partner's hand.
        data = form_data(teams="pairs", scoring="lowest_total_wins", team_scores_partner_hand=True)
        body = client.post("/rules/new/", {**data, "back_to_official": "uno_penalty"})
        body = body.content.decode()
        field = body[body.index('id="option-team_scores_partner_hand"') :]
        field = field[: field.index('id="option-', 10)]
        assert 'class="house-mark" hidden' in field
        assert "Back to official" in field and " hidden>" not in field.split("back-official")[1]
        assert json.loads(html.unescape(re.search(r'data-when="([^"]+)"', field)[1])) == [
            ["teams", ["pairs"]],
            ["scoring", ["winner_takes_points"]],
        ]
        summary = body[body.index("data-diff-summary") :]
        summary = summary[: summary.index("</p>")]
        assert "hand scores too" not in summary and "2 house rules" in summary


class TestErrorSummary:
    def test_it_lists_each_problem_in_page_order_with_a_link_to_its_field(self, client):
        data = {**form_data(name=""), "target_score": "99999", "hand_size": "3", "jump_in": "x"}
        response = client.post("/rules/new/", data)
        assert response.status_code == 400
        problems = response.context["form"].error_summary()
        assert problems == [
            {"anchor": "id_name", "message": problems[0]["message"]},
            {"anchor": "id_target_score", "message": "A game can go to at most 5,000 points."},
            {"anchor": "id_hand_size", "message": "Deal at least 5 cards to each player."},
            {
                "anchor": "id_jump_in_0",
                "message": "Choose what your table does for \u201cJump in\u201d.",
            },
        ]
        body = response.content.decode()
        summary = body[body.index('id="form-errors"') : body.index("</ol>")]
        assert "3 things" not in summary and "4 things need fixing" in summary
        links = [summary.index(f'href="#{p["anchor"]}"') for p in problems]
        assert links == sorted(links)
        for p in problems:  # each link's target exists on the page
            assert f'id="{p["anchor"]}"' in body
        assert "Ensure this value" not in body
        assert RuleSet.objects.count() == 0

    def test_typed_values_are_kept_and_an_invalid_value_is_no_house_rule(self, client):
        data = {**form_data(name="Ours"), "target_score": "99999"}
        response = client.post("/rules/new/", data)
        body = response.content.decode()
        assert 'value="99999"' in body
        field = body[body.index('id="option-target_score"') :]
        field = field[: field.index('id="option-', 10)]
        assert 'class="house-mark" hidden' in field
        assert "aria-invalid" in field
        # The summary of differences leaves it out too.
        assert "No house rules yet" in body

    def test_an_unknown_option_is_listed_without_a_link(self, client):
        response = client.post("/rules/new/", {**form_data(), "free_parking": "true"})
        assert response.context["form"].error_summary()[0]["anchor"] == ""


class TestBackToOfficial:
    def test_without_javascript_it_resets_one_option_and_keeps_the_rest(self, client):
        data = {
            **form_data(name="Ours", uno_penalty=4, jump_in=True),
            "back_to_official": "uno_penalty",
        }
        response = client.post("/rules/new/", data)
        assert response.status_code == 200
        form = response.context["form"]
        assert form["uno_penalty"].value() == 2
        assert form["jump_in"].value() == "true"
        assert form["name"].value() == "Ours"
        assert "back to the official rule. Nothing is saved yet." in response.content.decode()
        assert RuleSet.objects.count() == 0

    def test_it_keeps_a_value_typed_wrong_elsewhere_without_complaining(self, client):
        data = {**form_data(name=""), "hand_size": "99", "back_to_official": "jump_in"}
        response = client.post("/rules/new/", data)
        assert response.status_code == 200
        assert response.context["form"]["hand_size"].value() == "99"
        assert not response.context["form"].errors

    def test_on_edit_it_saves_nothing(self, owner, ruleset):
        data = {**form_data(name="Changed", uno_penalty=4), "back_to_official": "uno_penalty"}
        response = owner.post(f"/r/{ruleset.code}/edit/", data)
        assert response.status_code == 200
        assert ruleset.revisions.count() == 1

    def test_an_unknown_key_is_refused(self, client):
        data = {**form_data(), "back_to_official": "free_parking"}
        response = client.post("/rules/new/", data)
        assert response.status_code == 400
        assert "no such rule to set back" in response.content.decode()
        assert RuleSet.objects.count() == 0

    def test_each_changed_option_has_the_button(self, client):
        body = client.get("/rules/new/?preset=party").content.decode()
        assert 'name="back_to_official" value="stack_draw_two_on_draw_two"' in body


class TestRevisionNotesAndRestore:
    def test_a_note_is_kept_shown_in_the_history_and_in_the_json(self, owner, ruleset):
        owner.post(
            f"/r/{ruleset.code}/edit/",
            {
                **form_data(name="Ours", stack_draw_two_on_draw_two=False),
                "note": "Grandma hates stacking",
            },
        )
        revision = ruleset.revisions.get(number=2)
        assert revision.note == "Grandma hates stacking"
        assert "Grandma hates stacking" in owner.get(f"/r/{ruleset.code}/history/").content.decode()
        assert (
            Client().get(f"/r/{ruleset.code}/rules.json").json()["note"] == "Grandma hates stacking"
        )

    def test_a_note_alone_makes_no_revision(self, owner, ruleset):
        owner.post(
            f"/r/{ruleset.code}/edit/", {**form_data(name="Official rules"), "note": "Why not"}
        )
        assert ruleset.revisions.count() == 1

    def test_a_too_long_note_is_refused(self, owner, ruleset):
        response = owner.post(
            f"/r/{ruleset.code}/edit/", {**form_data(name="X"), "note": "n" * 201}
        )
        assert response.status_code == 400
        assert "The note can be at most 200 characters long." in response.content.decode()

    def test_going_back_makes_a_new_revision_equal_to_the_old_one(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/edit/", form_data(name="Ours", uno_penalty=4))
        owner.post(f"/r/{ruleset.code}/edit/", form_data(name="Ours again", uno_penalty=6))
        response = owner.post(f"/r/{ruleset.code}/history/1/restore/")
        assert response.status_code == 302
        ruleset.refresh_from_db()
        assert ruleset.current.number == 4
        assert ruleset.current.options == ruleset.revisions.get(number=1).options
        assert ruleset.current.name == "Official rules"
        assert ruleset.current.note == "Back to the rules of revision 1."
        # Nothing was rewritten.
        assert ruleset.revisions.get(number=3).uno_penalty == 6
        body = owner.get(f"/r/{ruleset.code}/history/").content.decode()
        assert "Back to the rules of revision 1." in body

    def test_going_back_to_the_same_rules_makes_nothing(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/history/1/restore/")
        assert ruleset.revisions.count() == 1

    def test_the_history_offers_it_to_the_editor_only_on_earlier_revisions(
        self, owner, viewer, ruleset
    ):
        owner.post(f"/r/{ruleset.code}/edit/", form_data(name="Ours", uno_penalty=4))
        body = owner.get(f"/r/{ruleset.code}/history/").content.decode()
        assert f'action="/r/{ruleset.code}/history/1/restore/"' in body
        assert f'action="/r/{ruleset.code}/history/2/restore/"' not in body
        assert (
            "Go back to these rules"
            not in viewer.get(f"/r/{ruleset.code}/history/").content.decode()
        )

    @pytest.mark.parametrize("persona", ["viewer", "stranger"])
    def test_others_cannot_go_back(self, request, ruleset, persona):
        client = request.getfixturevalue(persona)
        assert client.post(f"/r/{ruleset.code}/history/1/restore/").status_code == 403

    def test_an_unknown_revision_is_404_and_get_is_refused(self, owner, ruleset):
        assert owner.post(f"/r/{ruleset.code}/history/9/restore/").status_code == 404
        assert owner.get(f"/r/{ruleset.code}/history/1/restore/").status_code == 405

    def test_times_are_utc_in_the_page_and_local_in_the_browser(self, ruleset):
        body = Client().get(f"/r/{ruleset.code}/history/").content.decode()
        assert "data-local" in body and " UTC</time>" in body


class TestWords:
    def test_the_rules_page_says_rule_changes_and_offers_a_file_copy_quietly(self, viewer, ruleset):
        body = viewer.get(f"/r/{ruleset.code}/").content.decode()
        assert ">Rule changes</a>" in body and ">History</a>" not in body
        assert "Download JSON" not in body
        assert (
            f'<a href="/r/{ruleset.code}/rules.json" download>Save a copy of these rules (file)</a>'
            in body
        )

    def test_the_403_page_offers_the_rules_and_a_copy(self, stranger, ruleset):
        response = stranger.get(f"/r/{ruleset.code}/edit/")
        assert response.status_code == 403
        body = response.content.decode()
        assert f'href="/r/{ruleset.code}/">Back to the rules</a>' in body
        assert f'href="/rules/new/?from={ruleset.code}">Make my own version</a>' in body

    def test_a_403_elsewhere_offers_the_home_page(self, stranger, ruleset):
        response = stranger.get(f"/r/{ruleset.code}/edit/wrongsecret/")
        assert response.status_code == 403
        assert "Back to the rules" in response.content.decode()  # same rules: offered too

    def test_the_localhost_warning_speaks_plainly(self, viewer, ruleset):
        body = viewer.get(f"/r/{ruleset.code}/", HTTP_HOST="localhost").content.decode()
        assert "A phone can’t open this link yet." in body
        assert "let in the phones on your home Wi-Fi" in body
        assert "HOST=0.0.0.0" not in body and "PUBLIC_URL" not in body


class TestAfterSave:
    def test_share_first_then_the_whole_secret_link_with_copy_share_and_mail(self, client):
        response = client.post(
            "/rules/new/",
            {**form_data(name="The Garcias' rules"), "preset": "official"},
            follow=True,
        )
        body = response.content.decode()
        rs = RuleSet.objects.get()
        qr = body.index(f'src="/r/{rs.code}/qr.svg"')
        secret = body.index('id="edit-link"')
        assert qr < secret < body.index('id="reference"')
        link = response.context["edit_link"]
        assert f">{link}</textarea>" in body  # shown whole
        assert 'href="mailto:?subject=' in body
        assert quote(link, safe="") in body  # the link is in the message
        assert "Send it to myself" in body and 'data-copy="#edit-link"' in body

    def test_the_edit_link_stays_until_the_owner_says_it_is_saved(self, client):
        client.post("/rules/new/", {**form_data(name="Ours"), "preset": "official"})
        rs = RuleSet.objects.get()
        url = f"/r/{rs.code}/"
        for _visit in range(3):  # reloaded, come back to: still there
            response = client.get(url)
            assert 'id="edit-link"' in response.content.decode()
            assert "no-store" in response["Cache-Control"]
        response = client.post(f"/r/{rs.code}/link-saved/", follow=True)
        body = response.content.decode()
        assert 'id="edit-link"' not in body
        assert "keep that edit link safe" in body
        assert 'id="edit-link"' not in client.get(url).content.decode()
        # Saying so changed nothing else: this browser still edits, the link still works.
        assert "Edit these rules" in client.get(url).content.decode()

    def test_a_new_edit_link_stays_until_saved_too(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/new-link/")
        url = f"/r/{ruleset.code}/"
        link = owner.get(url).context["edit_link"]
        assert link and owner.get(url).context["edit_link"] == link
        owner.post(f"/r/{ruleset.code}/link-saved/")
        assert owner.get(url).context["edit_link"] is None
        assert Client().get(link.split("testserver", 1)[1]).status_code == 302  # it works

    def test_only_an_editor_can_say_the_link_is_saved(self, client, ruleset):
        client.post("/rules/new/", {**form_data(name="Ours"), "preset": "official"})
        mine = RuleSet.objects.exclude(pk=ruleset.pk).get()
        assert client.post(f"/r/{ruleset.code}/link-saved/").status_code == 403
        assert client.get(f"/r/{mine.code}/link-saved/").status_code == 405
        assert 'id="edit-link"' in client.get(f"/r/{mine.code}/").content.decode()


class TestImportNames:
    def doc(self, name):
        return json.dumps({"format": "house-rules/1", "name": name, "options": {}})

    def test_a_name_this_browser_has_gets_copy(self, owner, ruleset):
        owner.post("/rules/import/", {"text": self.doc("Official rules")})
        owner.post("/rules/import/", {"text": self.doc("Official rules")})
        names = sorted(r.current.name for r in RuleSet.objects.all())
        assert names == ["Official rules", "Official rules (copy 2)", "Official rules (copy)"]

    def test_another_browser_keeps_the_name(self, stranger, ruleset):
        stranger.post("/rules/import/", {"text": self.doc("Official rules")})
        assert RuleSet.objects.filter(current__name="Official rules").count() == 2

    def test_a_long_name_stays_within_80_characters(self, client):
        name = "W" * 80
        client.post("/rules/import/", {"text": self.doc(name)})
        client.post("/rules/import/", {"text": self.doc(name)})
        assert sorted(len(r.current.name) for r in RuleSet.objects.all()) == [80, 80]
        assert RuleSet.objects.filter(current__name__endswith=" (copy)").count() == 1

    def test_the_page_has_a_drop_zone_and_paste(self, client):
        body = client.get("/rules/import/").content.decode()
        assert "data-drop-zone" in body and 'type="file"' in body and 'name="text"' in body


class TestTentCard:
    def test_it_has_a_fold_and_the_rules_on_both_faces(self, ruleset):
        response = Client().get(f"/r/{ruleset.code}/card/", {"layout": "tent"})
        assert response.status_code == 200
        body = response.content.decode()
        assert "Fold here" in body
        assert body.count('class="tent-face') == 2 and card_sheet(body).count("<svg") == 2
        assert 'class="tent-face tent-back" aria-hidden="true"' in body

    def test_an_unknown_layout_names_the_three(self, ruleset):
        response = Client().get(f"/r/{ruleset.code}/card/", {"layout": "round"})
        assert response.status_code == 400
        assert "“tent” (a card to fold)" in response.content.decode()


class TestOwnRulesInTheForm:
    def test_a_problem_with_our_own_rules_is_in_the_summary_after_the_name(self, client):
        data = {**form_data(name=""), "own_rules": "\n".join(f"Rule {n}" for n in range(12))}
        response = client.post("/rules/new/", data)
        anchors = [p["anchor"] for p in response.context["form"].error_summary()]
        assert anchors[:2] == ["id_name", "id_own_rules"]
        assert 'id="id_own_rules"' in response.content.decode()

    def test_going_back_brings_our_own_rules_back(self, owner, ruleset):
        owner.post(f"/r/{ruleset.code}/edit/", {**form_data(name="Ours"), "own_rules": "No phones"})
        owner.post(f"/r/{ruleset.code}/edit/", {**form_data(name="Ours"), "own_rules": ""})
        owner.post(f"/r/{ruleset.code}/history/2/restore/")
        ruleset.refresh_from_db()
        assert ruleset.current.number == 4
        assert ruleset.current.own_rules == ["No phones"]
