"""The rule-set form, built from the option definitions."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from domain import options as opts
from rulesets import own_rules
from rulesets.models import DESCRIPTION_MAX, NAME_MAX, NOTE_MAX

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

IMPORT_MAX_BYTES = 64 * 1024
FORMAT = "house-rules/1"
NAME_SUGGESTION = gettext_lazy("The Garcias' rules")

# The rules most houses change: first on the form, always shown.
COMMON = [
    "deck",
    "stack_draw_two_on_draw_two",
    "stack_draw_four_on_draw_four",
    "uno_penalty",
    "target_score",
    "draw_rule",
    "drawn_card",
]


def _max_length(what: str, limit: int) -> str:
    """ "The name can be at most 80 characters long.", in the request's language."""
    texts = {
        "The name": ngettext(
            "The name can be at most %(max)s character long.",
            "The name can be at most %(max)s characters long.",
            limit,
        ),
        "The description": ngettext(
            "The description can be at most %(max)s character long.",
            "The description can be at most %(max)s characters long.",
            limit,
        ),
        "The note": ngettext(
            "The note can be at most %(max)s character long.",
            "The note can be at most %(max)s characters long.",
            limit,
        ),
    }
    return texts[what] % {"max": limit}


def _bool_coerce(value: str) -> bool:
    return value == "true"


def option_field(option: opts.Option) -> forms.Field:
    choose = _("Choose what your table does for “%(rule)s”.") % {"rule": option.label}
    common: dict[str, Any] = {
        "label": option.label,
        "help_text": option.help,
        "error_messages": {"required": choose, "invalid_choice": choose},
    }
    if option.kind == opts.INT:
        too_small, too_big = option.range_messages()
        common["error_messages"] = {
            "required": _("Enter a number for “%(rule)s”.") % {"rule": option.label},
            "invalid": _("Enter a whole number for “%(rule)s”, such as %(example)s.")
            % {"rule": option.label, "example": option.official},
            "min_value": too_small,
            "max_value": too_big,
        }
        return forms.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "enterkeyhint": "next"}),
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


def custom_wild_when() -> dict[str, str]:
    """When the blank Wild's rule is asked (with 112 cards), for the form's script."""
    return {
        "conditions": json.dumps([["deck", ["modern_112"]]]),
        "note": _("Only with the 112-card deck."),
    }


def display_order() -> list[tuple[str, StrOrPromise, list[opts.Option]]]:
    """The options as the form shows them: the common ones first, then the catalogue's
    groups without them, as (key, title, options)."""
    common = [opts.BY_KEY[key] for key in COMMON]
    rest = [o for o in opts.OPTIONS if o.key not in COMMON]
    groups: list[tuple[str, StrOrPromise, list[opts.Option]]] = [
        ("common", pgettext("heading", "The rules most houses change"), common)
    ]
    groups += [(key, title, items) for key, title, items in opts.grouped(rest) if items]
    return groups


def initial_for(options: dict[str, Any]) -> dict[str, Any]:
    """Form initial values for a mapping of options (booleans as 'true'/'false')."""
    return {
        key: ("true" if value else "false") if opts.BY_KEY[key].kind == opts.BOOL else value
        for key, value in options.items()
    }


def _when_attrs(option: opts.Option) -> dict[str, StrOrPromise] | None:
    """When the option means something (``Option.when``), for the form's script: every
    condition, as [other option, [its values as the form writes them]]."""
    if not option.when:
        return None
    conditions = [
        [key, [initial_for({key: value})[key] for value in allowed]] for key, allowed in option.when
    ]
    return {"conditions": json.dumps(conditions), "note": option.when_note}


class RuleSetForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_MAX,
        label=pgettext_lazy("field label", "Name"),
        help_text=gettext_lazy("Up to 80 characters."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "enterkeyhint": "next"}),
    )
    description = forms.CharField(
        max_length=DESCRIPTION_MAX,
        required=False,
        label=gettext_lazy("Description (optional)"),
        help_text=gettext_lazy("Anything your table should know. Up to 500 characters."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    note = forms.CharField(
        max_length=NOTE_MAX,
        required=False,
        label=gettext_lazy("Why this change? (optional)"),
        help_text=gettext_lazy(
            "A note for the rule changes, for example “Grandma hates stacking”."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "enterkeyhint": "next"}),
    )

    own_rules = forms.CharField(
        required=False,
        label=gettext_lazy("Our own rules (optional)"),
        help_text=gettext_lazy(
            "Rules of your own, in your words: one per line, up to 10 lines of up to 200 "
            "characters each."
        ),
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    custom_wild_rule = forms.CharField(
        required=False,
        strip=False,  # trimmed by own_rules.clean_custom_wild, which also says what is wrong
        label=gettext_lazy("What does your blank Wild do? (optional)"),
        help_text=gettext_lazy(
            "The rule your family wrote on the blank Wild cards, in your words, up to 200 "
            "characters. Played, a blank Wild is a Wild (any card, name the colour), then it "
            "does what you wrote."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "enterkeyhint": "next"}),
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

    def clean_custom_wild_rule(self) -> str:
        try:
            return own_rules.clean_custom_wild(self.cleaned_data["custom_wild_rule"])
        except own_rules.OwnRulesError as exc:
            raise forms.ValidationError(exc.errors) from None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Texts with numbers in them, in the language of this request.
        suggestion = {"example": NAME_SUGGESTION}
        name = self.fields["name"]
        name.help_text = _("Whose rules are these? For example “%(example)s”.") % suggestion
        name.error_messages["required"] = (
            _(
                "Give your rules a name, for example “%(example)s”, so the table knows "
                "whose rules they are."
            )
            % suggestion
        )
        name.error_messages["max_length"] = _max_length("The name", NAME_MAX)
        self.fields["description"].error_messages["max_length"] = _max_length(
            "The description", DESCRIPTION_MAX
        )
        self.fields["note"].error_messages["max_length"] = _max_length("The note", NOTE_MAX)
        for option in opts.OPTIONS:
            self.fields[option.key] = option_field(option)
        # The deck is asked as the family would ask it, with the box in their hands.
        self.fields["deck"].label = pgettext("form question", "Which deck is in your box?")
        self.fields["deck"].help_text = _(
            "Boxes sold since about 2018 hold 112 cards: the 108 classic ones plus one Wild "
            "Shuffle Hands and three blank Wilds."
        )

    def clean(self):
        cleaned = super().clean()
        if self.is_bound:
            unknown = sorted(set(self.data) - set(self.fields) - self.allowed_extra)
            if unknown:
                names = ", ".join(k[:40] for k in unknown[:5])
                raise forms.ValidationError(
                    _("Unknown option: %(names)s. Nothing was saved.") % {"names": names}
                )
        return cleaned

    def options(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in opts.KEYS}

    def groups(self):
        """The fields as the form shows them (see display_order), each with its option."""
        current = self._valid_values()
        house = {o.key for o in opts.house_rules(current)}
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
                        # Changed from official ("Back to official"); a house rule only
                        # when it means something with the other choices.
                        "changed": current[o.key] != o.official,
                        "house": o.key in house,
                        "common": key == "common",
                        "when": _when_attrs(o),
                    }
                    for o in group_options
                ],
            )
            for key, title, group_options in display_order()
        ]

    def differences_text(self) -> str:
        """The differences as one list: "label: words; label: words"."""
        return "; ".join(f"{label}: {words}" for label, words in self.differences())

    def differences(self) -> list[tuple[StrOrPromise, str]]:
        """The house rules of the values shown (``options.house_rules``), in the order of
        the page: [(label, words)]."""
        current = self._valid_values()
        house = {o.key for o in opts.house_rules(current)}
        return [
            (o.label, o.words(current[o.key]))
            for _key, _title, items in display_order()
            for o in items
            if o.key in house
        ]

    def error_summary(self) -> list[dict[str, str]]:
        """Every problem in the order of the page, each with the id of its field."""
        problems: list[dict[str, Any]] = [
            {"anchor": "", "message": str(e)} for e in self.non_field_errors()
        ]
        names = ["name", "description", "own_rules", "note"] + [
            key
            for _key, _title, items in display_order()
            for o in items
            for key in ([o.key, "custom_wild_rule"] if o.key == "deck" else [o.key])
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

    def _valid_values(self) -> dict[str, Any]:
        """Every option's value as shown, official where it is missing or invalid (an
        invalid value is no house rule: it is an error to fix)."""
        values = {}
        for option in opts.OPTIONS:
            try:
                value = option.parse(self[option.key].value())
            except ValueError:
                value = None
            invalid = value is None or self[option.key].errors
            values[option.key] = option.official if invalid else value
        return values


class ImportForm(forms.Form):
    file = forms.FileField(required=False, label=gettext_lazy("A rules.json file"))
    text = forms.CharField(
        required=False,
        label=gettext_lazy("Or paste the JSON"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        max_length=IMPORT_MAX_BYTES,
        error_messages={"max_length": gettext_lazy("That is too long: the limit is 64 KB.")},
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        text = cleaned.get("text") or ""
        if self.errors:
            return cleaned
        if upload:
            if upload.size > IMPORT_MAX_BYTES:
                raise forms.ValidationError(_("That file is too large: the limit is 64 KB."))
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("That file is not UTF-8 text.")) from None
        if not text.strip():
            raise forms.ValidationError(_("Choose a file or paste the JSON."))
        cleaned["data"] = parse_import(text)
        return cleaned


def parse_import(text: str) -> dict[str, Any]:
    """Reads a house-rules/1 document; raises ValidationError naming what is wrong."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise forms.ValidationError(_("That is not valid JSON.")) from None
    if not isinstance(doc, dict):
        raise forms.ValidationError(_("The JSON must be an object."))
    if not _plain_text(doc):
        raise forms.ValidationError(
            _(
                "The JSON contains a character that is not text (\\u0000, or half of a "
                "surrogate pair such as \\ud800), so it cannot be saved."
            )
        )
    if doc.get("format") != FORMAT:
        raise forms.ValidationError(
            _('This is not a House Rules file (format "%(format)s").') % {"format": FORMAT}
        )
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise forms.ValidationError(_("The file has no name."))
    if len(name.strip()) > NAME_MAX:
        raise forms.ValidationError(
            ngettext(
                "The name is longer than %(max)s character.",
                "The name is longer than %(max)s characters.",
                NAME_MAX,
            )
            % {"max": NAME_MAX}
        )
    description = doc.get("description") or ""
    if not isinstance(description, str) or len(description.strip()) > DESCRIPTION_MAX:
        raise forms.ValidationError(
            ngettext(
                "The description must be text of at most %(max)s character.",
                "The description must be text of at most %(max)s characters.",
                DESCRIPTION_MAX,
            )
            % {"max": DESCRIPTION_MAX}
        )
    own = _own_rules(doc)
    raw = doc.get("options")
    if not isinstance(raw, dict):
        raise forms.ValidationError(_("The file has no options."))
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
        "custom_wild_rule": _custom_wild_rule(doc),
    }


def _own_rules(doc: dict[str, Any]) -> list[str]:
    """The own rules of an imported file (files from before own rules existed have none);
    raises ValidationError saying what is wrong."""
    try:
        return own_rules.clean(doc.get("own_rules", []))
    except own_rules.OwnRulesError as exc:
        raise forms.ValidationError(exc.errors) from None


def _custom_wild_rule(doc: dict[str, Any]) -> str:
    """The blank Wild's rule of an imported file (files from before the 112-card deck have
    none: empty); raises ValidationError saying what is wrong."""
    try:
        return own_rules.clean_custom_wild(doc.get("custom_wild_rule", ""))
    except own_rules.OwnRulesError as exc:
        raise forms.ValidationError(exc.errors) from None


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
        "custom_wild_rule": revision.custom_wild_rule,
        "note": revision.note,
        "options": revision.options,
    }
