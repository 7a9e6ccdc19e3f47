"""The rule-set form, built from the option definitions."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from rulesets import options as opts
from rulesets import own_rules
from rulesets.models import DESCRIPTION_MAX, NAME_MAX, NOTE_MAX

IMPORT_MAX_BYTES = 64 * 1024
FORMAT = "house-rules/1"
NAME_SUGGESTION = "The Garcias' rules"

# The rules most houses change: first on the form, always shown.
COMMON = [
    "stack_draw_two_on_draw_two",
    "stack_draw_four_on_draw_four",
    "uno_penalty",
    "target_score",
    "draw_rule",
    "drawn_card",
]

# A number out of bounds, said as the table would say it: (too small, too big).
BOUND_MESSAGES = {
    "hand_size": (
        "Deal at least {min} cards to each player.",
        "Deal at most {max} cards to each player.",
    ),
    "challenge_guilty_draw": (
        "Caught playing it illegally: the player can draw no fewer than {min} cards.",
        "Caught playing it illegally: the player can draw at most {max} cards.",
    ),
    "challenge_wrong_draw": (
        "A wrong challenge: the challenger can draw no fewer than {min} cards.",
        "A wrong challenge: the challenger can draw at most {max} cards.",
    ),
    "uno_penalty": (
        "The UNO penalty can be no fewer than {min} cards.",
        "The UNO penalty can be at most {max} cards.",
    ),
    "target_score": (
        "A game must go to at least {min} points.",
        "A game can go to at most {max} points.",
    ),
    "rounds_to_win": (
        "A game needs at least {min} round won to win.",
        "A game can need at most {max} rounds won to win.",
    ),
    "points_action": (
        "A Skip, Reverse or Draw Two can score no less than {min} points.",
        "A Skip, Reverse or Draw Two can score at most {max} points.",
    ),
    "points_wild": (
        "A Wild or Wild Draw Four can score no less than {min} points.",
        "A Wild or Wild Draw Four can score at most {max} points.",
    ),
}


def _bool_coerce(value: str) -> bool:
    return value == "true"


def option_field(option: opts.Option) -> forms.Field:
    choose = f"Choose what your table does for \u201c{option.label}\u201d."
    common = {
        "label": option.label,
        "help_text": option.help,
        "error_messages": {"required": choose, "invalid_choice": choose},
    }
    if option.kind == opts.INT:
        too_small, too_big = BOUND_MESSAGES.get(
            option.key, ("Enter at least {min}.", "Enter at most {max}.")
        )
        bounds = {"min": f"{option.minimum:,}", "max": f"{option.maximum:,}"}
        common["error_messages"] = {
            "required": f"Enter a number for \u201c{option.label}\u201d.",
            "invalid": f"Enter a whole number for \u201c{option.label}\u201d, such as "
            f"{option.official}.",
            "min_value": too_small.format(**bounds),
            "max_value": too_big.format(**bounds),
        }
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
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


def display_order() -> list[tuple[str, str, list[opts.Option]]]:
    """The options as the form shows them: the common ones first, then the catalogue's
    groups without them, as (key, title, options)."""
    common = [opts.BY_KEY[key] for key in COMMON]
    rest = [o for o in opts.OPTIONS if o.key not in COMMON]
    groups = [("common", "The rules most houses change", common)]
    groups += [(key, title, items) for key, title, items in opts.grouped(rest) if items]
    return groups


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
        help_text=f"Whose rules are these? For example \u201c{NAME_SUGGESTION}\u201d.",
        error_messages={
            "required": "Give your rules a name, for example \u201c"
            + NAME_SUGGESTION
            + "\u201d, so the table knows whose rules they are.",
            "max_length": f"The name can be at most {NAME_MAX} characters long.",
        },
    )
    description = forms.CharField(
        max_length=DESCRIPTION_MAX,
        required=False,
        label="Description (optional)",
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={
            "max_length": f"The description can be at most {DESCRIPTION_MAX} characters long."
        },
    )
    note = forms.CharField(
        max_length=NOTE_MAX,
        required=False,
        label="Why this change? (optional)",
        help_text="A note for the rule changes, for example \u201cGrandma hates stacking\u201d.",
        error_messages={"max_length": f"The note can be at most {NOTE_MAX} characters long."},
    )

    own_rules = forms.CharField(
        required=False,
        label="Our own rules (optional)",
        help_text="Rules of your own, in your words: one per line, up to 10 lines of up to 200 "
        "characters each.",
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    allowed_extra = {
        "csrfmiddlewaretoken",
        "copied_from",
        "preset",
        "submission_id",
        "back_to_official",
    }

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
        """The fields as the form shows them (see display_order), each with its option."""
        current = self._current_values()
        return [
            (
                key,
                title,
                [
                    {
                        "field": self[o.key],
                        "option": o,
                        "official": o.words(o.official),
                        "official_value": initial_for({o.key: o.official})[o.key],
                        # An invalid value is no house rule: it is an error to fix.
                        "changed": current.get(o.key) not in (None, o.official)
                        and not self[o.key].errors,
                        "common": key == "common",
                        "when": _when_attrs(o),
                    }
                    for o in group_options
                ],
            )
            for key, title, group_options in display_order()
        ]

    def differences(self) -> list[tuple[str, str]]:
        """The valid values shown that differ from official and mean something with the
        others (no target score when counting rounds): [(label, words)]."""
        current = self._current_values()
        return [
            (o.label, o.words(current[o.key]))
            for _key, _title, items in display_order()
            for o in items
            if current.get(o.key) not in (None, o.official)
            and not self[o.key].errors
            and o.is_relevant(current)
        ]

    def error_summary(self) -> list[dict[str, str]]:
        """Every problem in the order of the page, each with the id of its field."""
        problems = [{"anchor": "", "message": str(e)} for e in self.non_field_errors()]
        names = ["name", "description", "own_rules", "note"] + [
            o.key for _key, _title, items in display_order() for o in items
        ]
        for name in names:
            for message in self[name].errors if name in self.errors else []:
                problems.append({"anchor": self._anchor(name), "message": message})
        return problems

    def _anchor(self, name: str) -> str:
        bound = self[name]
        if name in opts.BY_KEY and opts.BY_KEY[name].kind != opts.INT:
            return f"{bound.auto_id}_0"  # the first choice of a group of radio buttons
        return bound.auto_id

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
        "note": revision.note,
        "options": revision.options,
    }
