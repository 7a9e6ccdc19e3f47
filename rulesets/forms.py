"""The rule-set form, built from the option definitions."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from rulesets import options as opts
from rulesets import own_rules
from rulesets.models import DESCRIPTION_MAX, NAME_MAX

IMPORT_MAX_BYTES = 64 * 1024
FORMAT = "house-rules/1"


def _bool_coerce(value: str) -> bool:
    return value == "true"


def option_field(option: opts.Option) -> forms.Field:
    common = {"label": option.label, "help_text": option.help}
    if option.kind == opts.INT:
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            error_messages={"invalid": "Enter a whole number."},
            **common,
        )
    if option.kind == opts.BOOL:
        return forms.TypedChoiceField(
            choices=[("true", option.choices[True]), ("false", option.choices[False])],
            coerce=_bool_coerce,
            widget=forms.RadioSelect,
            **common,
        )
    return forms.ChoiceField(
        choices=list(option.choices.items()), widget=forms.RadioSelect, **common
    )


def initial_for(options: dict[str, Any]) -> dict[str, Any]:
    """Form initial values for a mapping of options (booleans as 'true'/'false')."""
    return {
        key: ("true" if value else "false") if opts.BY_KEY[key].kind == opts.BOOL else value
        for key, value in options.items()
    }


def _when_attrs(option: opts.Option) -> dict[str, str] | None:
    if not option.when:
        return None
    key, allowed = option.when[0]  # the form shows or hides a field by one other field
    values = [initial_for({key: v})[key] for v in allowed]
    return {"key": key, "values": json.dumps(values), "note": option.when_note}


class RuleSetForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_MAX,
        label="Name",
        help_text="For example \u201cThe Garcias' rules\u201d.",
        error_messages={"required": "Give your rules a name."},
    )
    description = forms.CharField(
        max_length=DESCRIPTION_MAX,
        required=False,
        label="Description (optional)",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    own_rules = forms.CharField(
        required=False,
        label="Our own rules (optional)",
        help_text="Rules of your own, in your words: one per line, up to 10 lines of up to 200 "
        "characters each.",
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    allowed_extra = {"csrfmiddlewaretoken", "copied_from", "preset", "submission_id"}

    def clean_own_rules(self) -> list[str]:
        lines = [line for line in self.cleaned_data["own_rules"].splitlines() if line.strip()]
        try:
            return own_rules.clean(lines)
        except own_rules.OwnRulesError as exc:
            raise forms.ValidationError(exc.errors) from None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for option in opts.OPTIONS:
            self.fields[option.key] = option_field(option)

    def clean(self):
        cleaned = super().clean()
        if self.is_bound:
            unknown = sorted(set(self.data) - set(self.fields) - self.allowed_extra)
            if unknown:
                names = ", ".join(k[:40] for k in unknown[:5])
                raise forms.ValidationError(f"Unknown option: {names}. Nothing was saved.")
        return cleaned

    def options(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in opts.KEYS}

    def groups(self):
        """The fields grouped as the catalogue groups them, each with its option."""
        current = self._current_values()
        return [
            (
                title,
                [
                    {
                        "field": self[o.key],
                        "option": o,
                        "official": o.words(o.official),
                        "official_value": initial_for({o.key: o.official})[o.key],
                        "changed": current.get(o.key) != o.official,
                        "when": _when_attrs(o),
                    }
                    for o in group_options
                ],
            )
            for _key, title, group_options in opts.grouped()
        ]

    def _current_values(self) -> dict[str, Any]:
        values = {}
        for option in opts.OPTIONS:
            raw = self[option.key].value()
            try:
                values[option.key] = option.parse(raw)
            except ValueError:
                values[option.key] = None
        return values


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label="A rules.json file")
    text = forms.CharField(
        required=False,
        label="Or paste the JSON",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        max_length=IMPORT_MAX_BYTES,
        error_messages={"max_length": "That is too long: the limit is 64 KB."},
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        text = cleaned.get("text") or ""
        if self.errors:
            return cleaned
        if upload:
            if upload.size > IMPORT_MAX_BYTES:
                raise forms.ValidationError("That file is too large: the limit is 64 KB.")
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError("That file is not UTF-8 text.") from None
        if not text.strip():
            raise forms.ValidationError("Choose a file or paste the JSON.")
        cleaned["data"] = parse_import(text)
        return cleaned


def parse_import(text: str) -> dict[str, Any]:
    """Reads a house-rules/1 document; raises ValidationError naming what is wrong."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise forms.ValidationError("That is not valid JSON.") from None
    if not isinstance(doc, dict):
        raise forms.ValidationError("The JSON must be an object.")
    if not _plain_text(doc):
        raise forms.ValidationError(
            "The JSON contains a character that is not text (\\u0000, or half of a "
            "surrogate pair such as \\ud800), so it cannot be saved."
        )
    if doc.get("format") != FORMAT:
        raise forms.ValidationError(f'This is not a House Rules file (format "{FORMAT}").')
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise forms.ValidationError("The file has no name.")
    if len(name.strip()) > NAME_MAX:
        raise forms.ValidationError(f"The name is longer than {NAME_MAX} characters.")
    description = doc.get("description") or ""
    if not isinstance(description, str) or len(description.strip()) > DESCRIPTION_MAX:
        raise forms.ValidationError(
            f"The description must be text of at most {DESCRIPTION_MAX} characters."
        )
    try:  # files from before own rules existed have none
        own = own_rules.clean(doc.get("own_rules", []))
    except own_rules.OwnRulesError as exc:
        raise forms.ValidationError(exc.errors) from None
    raw = doc.get("options")
    if not isinstance(raw, dict):
        raise forms.ValidationError("The file has no options.")
    try:
        options = opts.validate(raw, partial=True)
    except opts.OptionsError as exc:
        raise forms.ValidationError(
            [f"{key}: {message}" for key, message in exc.errors.items()]
        ) from None
    return {
        "name": name.strip(),
        "description": description.strip(),
        "options": options,
        "own_rules": own,
    }


def _plain_text(doc: Any) -> bool:
    """No string in ``doc`` (keys included) holds a NUL or a lone surrogate.

    JSON escapes can make both; neither can be stored (PostgreSQL refuses NUL, and a lone
    surrogate cannot be encoded for any database or page).
    """
    pending = [doc]
    while pending:  # not recursive: json.loads allows deeper nesting than the stack would
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            if "\x00" in item:
                return False
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


def export(revision) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": revision.name,
        "description": revision.description,
        "revision": revision.number,
        "own_rules": revision.own_rules,
        "options": revision.options,
    }
