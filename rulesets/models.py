from __future__ import annotations

import functools
import operator
from typing import cast

from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length, Trim
from django.db.models.lookups import Exact, GreaterThan, GreaterThanOrEqual, LessThanOrEqual
from django.utils.functional import cached_property

from domain import options as opts
from rulesets import columns, own_rules

NAME_MAX = 80
DESCRIPTION_MAX = 500
NOTE_MAX = 200


class RuleSet(models.Model):
    """A house's rules: a public share code, a hashed edit secret, and its revisions."""

    code = models.CharField(max_length=12, unique=True)
    edit_secret_hash = models.CharField(max_length=64)
    current = models.ForeignKey("Revision", on_delete=models.PROTECT, null=True, related_name="+")
    copied_from = models.ForeignKey(
        "Revision", on_delete=models.SET_NULL, null=True, blank=True, related_name="copies"
    )
    # The preset it started from (a slug of rulesets.presets), when not a copy or an import.
    preset = models.CharField(max_length=40, blank=True)
    # Raised by "Make a new edit link": a browser may edit while its session holds this
    # version (rulesets.access), so a new link takes the rights of every other browser away.
    edit_version = models.PositiveIntegerField(default=1)
    # The SHA-256 of the submission id of the form that made it (new rules or import), so
    # that the same form sent twice makes one rule set. Empty for older ones.
    submission_hash = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("code"), 11), name="ruleset_code_length"
            ),
            models.CheckConstraint(
                condition=Exact(Length("edit_secret_hash"), 64), name="ruleset_secret_is_sha256"
            ),
            models.CheckConstraint(condition=Q(edit_version__gte=1), name="ruleset_edit_version"),
            models.UniqueConstraint(
                fields=["submission_hash"],
                condition=~Q(submission_hash=""),
                name="ruleset_submission_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.current.name if self.current else '(new)'} [{self.code}]"

    @property
    def current_revision(self) -> Revision:
        """``current``, never None once the rule set is made: it is made with its first
        revision in one transaction (services.create_ruleset); the column is nullable only
        because the two rows point at each other."""
        assert self.current is not None, f"rule set {self.code} has no revision"
        return self.current


class Revision(models.Model):
    """One immutable version of a rule set: its name, description and every option."""

    ruleset = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=NAME_MAX)
    description = models.TextField(max_length=DESCRIPTION_MAX, blank=True)
    # Why this revision was made, in the words of whoever made it ("Grandma hates stacking").
    note = models.CharField(max_length=NOTE_MAX, blank=True)
    # What the house's blank Wild cards (Wild Customizable) do, in the family's words; shown
    # only with the 112-card deck. Empty: not written (the card is then just a Wild).
    custom_wild_rule = models.CharField(max_length=own_rules.MAX_LENGTH, blank=True, default="")
    # Every option of domain.options, a column each (columns.field_for), in catalogue order.
    # --- option columns (python manage.py option_columns writes these lines) ---
    deck = models.CharField(max_length=11, default="classic_108")
    hand_size = models.PositiveSmallIntegerField(default=7)
    dealer_selection = models.CharField(max_length=12, default="highest_card")
    direction = models.CharField(max_length=16, default="clockwise")
    first_card_wild = models.CharField(max_length=20, default="first_player_chooses")
    first_card_action = models.CharField(max_length=6, default="apply")
    draw_rule = models.CharField(max_length=19, default="draw_one")
    drawn_card = models.CharField(max_length=9, default="may_play")
    may_draw_instead_of_playing = models.BooleanField(default=True)
    jump_in = models.BooleanField(default=False)
    multiple_same_number = models.BooleanField(default=False)
    seven_swap = models.BooleanField(default=False)
    zero_rotate = models.BooleanField(default=False)
    two_player_reverse_skips = models.BooleanField(default=True)
    stack_draw_two_on_draw_two = models.BooleanField(default=False)
    stack_draw_four_on_draw_four = models.BooleanField(default=False)
    stack_draw_four_on_draw_two = models.BooleanField(default=False)
    stack_draw_two_on_draw_four = models.BooleanField(default=False)
    draw_card_skips_turn = models.BooleanField(default=True)
    wild_draw_four_rule = models.CharField(max_length=17, default="no_matching_color")
    wild_draw_four_challenge = models.BooleanField(default=True)
    challenge_guilty_draw = models.PositiveSmallIntegerField(default=4)
    challenge_wrong_draw = models.PositiveSmallIntegerField(default=6)
    uno_penalty = models.PositiveSmallIntegerField(default=2)
    last_card = models.CharField(max_length=17, default="any")
    scoring = models.CharField(max_length=19, default="winner_takes_points")
    target_score = models.PositiveSmallIntegerField(default=500)
    rounds_to_win = models.PositiveSmallIntegerField(default=1)
    teams = models.CharField(max_length=5, default="none")
    team_scores_partner_hand = models.BooleanField(default=False)
    points_action = models.PositiveSmallIntegerField(default=20)
    points_wild = models.PositiveSmallIntegerField(default=50)
    points_special_wild = models.PositiveSmallIntegerField(default=40)
    # --- end of option columns ---

    class Meta:
        ordering = ["ruleset", "number"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "number"], name="revision_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="revision_number_positive"),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("name"), NAME_MAX)
                & GreaterThan(Length(Trim("name")), 0),
                name="revision_name_length",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("description"), DESCRIPTION_MAX),
                name="revision_description_length",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("note"), NOTE_MAX), name="revision_note_length"
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("custom_wild_rule"), own_rules.MAX_LENGTH)
                & Exact(F("custom_wild_rule"), Trim("custom_wild_rule")),
                name="revision_custom_wild_rule_trimmed",
            ),
            models.CheckConstraint(
                condition=~functools.reduce(
                    operator.or_,
                    (Q(custom_wild_rule__contains=c) for c in own_rules.CONTROL_IN_DB),
                ),
                name="revision_custom_wild_rule_plain",
            ),
            *[c for c in map(columns.constraint_for, opts.OPTIONS) if c is not None],
        ]

    def __str__(self) -> str:
        return f"{self.name} (revision {self.number})"

    @property
    def options(self) -> dict:
        return {key: getattr(self, key) for key in opts.KEYS}

    @cached_property
    def own_rules(self) -> list[str]:
        """The family's own rules, in their order, read once per instance (prefetch
        ``own_rule_items`` for many)."""
        return [rule.text for rule in self.own_rule_items.all()]


class OwnRule(models.Model):
    """One of a revision's own rules, in the family's words: at most ten per revision
    (positions 0 to 9), each one line of 1-200 characters without spaces around it."""

    revision = models.ForeignKey(Revision, on_delete=models.CASCADE, related_name="own_rule_items")
    position = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=own_rules.MAX_LENGTH)

    class Meta:
        ordering = ["revision", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["revision", "position"], name="own_rule_position_unique"
            ),
            models.CheckConstraint(
                condition=Q(position__lt=own_rules.MAX_RULES), name="own_rule_at_most_ten"
            ),
            models.CheckConstraint(
                # Lookups joined by & make a Q (the stubs say only Combinable).
                condition=cast(
                    Q,
                    LessThanOrEqual(Length("text"), own_rules.MAX_LENGTH)
                    & GreaterThan(Length("text"), 0)
                    & Exact(F("text"), Trim("text")),
                ),
                name="own_rule_text_trimmed",
            ),
            models.CheckConstraint(
                condition=~functools.reduce(
                    operator.or_, (Q(text__contains=c) for c in own_rules.CONTROL_IN_DB)
                ),
                name="own_rule_text_plain",
            ),
        ]

    def __str__(self) -> str:
        return self.text
