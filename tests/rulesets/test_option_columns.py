"""Revision's option columns are declared in rulesets/models.py, written from domain.options
by ``manage.py option_columns``: these tests say when the two disagree, and what to run."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from domain import options as opts
from rulesets import columns
from rulesets.models import Revision

NOT_OPTIONS = {
    "id",
    "ruleset",
    "number",
    "created_at",
    "name",
    "description",
    "note",
    "custom_wild_rule",
}
RUN = "run `python manage.py option_columns`, then `python manage.py makemigrations`"


def test_the_model_declares_the_columns_the_options_give():
    source = columns.MODELS_PY.read_text(encoding="utf-8")
    assert columns.written(source) == columns.block(), (
        f"Revision's option columns differ from domain.options: {RUN}"
    )


@pytest.mark.parametrize("option", opts.OPTIONS, ids=lambda option: option.key)
def test_each_column_is_its_options_field(option):
    column = Revision._meta.get_field(option.key)
    _, path, args, kwargs = column.deconstruct()
    _, want_path, want_args, want_kwargs = columns.field_for(option).deconstruct()
    assert (path, args, kwargs) == (want_path, want_args, want_kwargs), f"{option.key}: {RUN}"


def test_every_other_column_is_an_option():
    names = {field.name for field in Revision._meta.concrete_fields}
    assert names - NOT_OPTIONS == set(opts.KEYS), RUN


def test_every_number_and_choice_is_checked_by_the_database():
    constrained = {c.name for c in Revision._meta.constraints}
    for option in opts.OPTIONS:
        if option.kind != opts.BOOL:
            assert f"revision_{option.key}_valid" in constrained, option.key


@pytest.fixture
def models_copy(tmp_path, monkeypatch):
    copy = tmp_path / "models.py"
    copy.write_text(columns.MODELS_PY.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(columns, "MODELS_PY", copy)
    return copy


def test_the_command_writes_a_missing_column_and_check_then_passes(models_copy):
    line = columns.source_of(opts.BY_KEY["uno_penalty"])
    models_copy.write_text(models_copy.read_text().replace(line, ""))
    with pytest.raises(CommandError, match="stale"):
        call_command("option_columns", "--check")
    call_command("option_columns")
    assert line in models_copy.read_text()
    call_command("option_columns", "--check")


def test_the_command_refuses_a_model_without_its_markers(models_copy):
    models_copy.write_text(models_copy.read_text().replace(columns.BEGIN, ""))
    before = models_copy.read_text()
    with pytest.raises(CommandError, match="marker"):
        call_command("option_columns")
    assert models_copy.read_text() == before
