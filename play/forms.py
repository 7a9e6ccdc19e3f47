"""The start form and the round form: they read what a phone sent and say what is wrong.

Both work without JavaScript: the start form has ten name inputs (blanks are ignored),
the round form one number input per hand (the card keypad only fills them in).
"""

from __future__ import annotations

import random
import unicodedata
import uuid
from typing import cast

from django import forms
from django.core.validators import MaxValueValidator
from django.http import QueryDict
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from domain import scoring
from play.models import NAME_MAX, REASON_MAX, Player

LONG_NAME = 10

# A hidden field that is not what the page put there: the form was damaged or tampered with.
DAMAGED_FORM_ERRORS = {
    "invalid": gettext_lazy("This form is incomplete: reload the page and try again."),
    "min_value": gettext_lazy("This form is incomplete: reload the page and try again."),
}
SUBMISSION_ERRORS = {
    "required": gettext_lazy(
        "This form has lost its submission id: reload the page and try again."
    ),
    "invalid": gettext_lazy("This form has lost its submission id: reload the page and try again."),
}


def clean_name(raw: str) -> str:
    """A name as typed, without control characters and with single spaces."""
    kept = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


def dealer_choices() -> list[tuple[str, str]]:
    return [("random", _("Pick at random"))] + [
        (str(n), _("Player %(number)s") % {"number": n}) for n in range(1, scoring.MAX_PLAYERS + 1)
    ]


class StartForm(forms.Form):
    """Ten name inputs in seat order (all named ``name``), who deals first, a submission id."""

    dealer = forms.ChoiceField(
        choices=dealer_choices,
        error_messages={
            "invalid_choice": gettext_lazy("Choose who deals first."),
            "required": gettext_lazy("Choose who deals first."),
        },
    )
    submission_id = forms.UUIDField(widget=forms.HiddenInput, error_messages=SUBMISSION_ERRORS)

    def __init__(self, *args, rules: scoring.Rules, names: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        if self.is_bound:
            data = cast(QueryDict, self.data)  # a bound form's data is the request's
            self.raw_names = [str(n)[:200] for n in data.getlist("name")]
        else:
            self.raw_names = list(names or [])
        self.names_errors: list[str] = []
        self.invalid_positions: set[int] = set()

    def positions(self) -> list[dict]:
        """The name inputs to show: at least ten, with what was typed in each."""
        count = max(scoring.MAX_PLAYERS, len(self.raw_names))
        values = self.raw_names + [""] * (count - len(self.raw_names))
        return [
            {"number": i + 1, "value": value, "invalid": i in self.invalid_positions}
            for i, value in enumerate(values)
        ]

    def clean(self):
        cleaned = super().clean()
        entered = [(i, clean_name(raw)) for i, raw in enumerate(self.raw_names)]
        entered = [(i, name) for i, name in entered if name]
        problems = []
        for i, name in entered:
            if len(name) > NAME_MAX:
                self.invalid_positions.add(i)
                problems.append(
                    ngettext(
                        "“%(name)s…” is too long: a name has at most %(max)s character.",
                        "“%(name)s…” is too long: a name has at most %(max)s characters.",
                        NAME_MAX,
                    )
                    % {"name": name[:20], "max": NAME_MAX}
                )
        seen: dict[str, int] = {}
        for i, name in entered:
            key = name.casefold()
            if key in seen:
                self.invalid_positions.update({seen[key], i})
                problems.append(
                    _(
                        "Two players are called “%(name)s”. Give each player a different name "
                        "(such as “%(name)s B.”)."
                    )
                    % {"name": name}
                )
            else:
                seen[key] = i
        count_error = scoring.player_count_error(len(entered), self.rules)
        if count_error:
            problems.insert(0, count_error)
        self.names_errors = problems
        if problems:
            raise forms.ValidationError(_("Check the players’ names."))
        cleaned["names"] = [name for _i, name in entered]
        dealer = cleaned.get("dealer")
        if dealer == "random":
            cleaned["first_dealer"] = random.randrange(len(entered))
        elif dealer:
            position = int(dealer) - 1
            seats = {i: seat for seat, (i, _name) in enumerate(entered)}
            if position not in seats:
                self.add_error(
                    "dealer",
                    _(
                        "Player %(number)s has no name, so they cannot deal. Choose who deals "
                        "first from the players you entered."
                    )
                    % {"number": position + 1},
                )
            else:
                cleaned["first_dealer"] = seats[position]
        return cleaned


def _hand_field(player: Player, deck_points: int) -> forms.IntegerField:
    """The points left in a player's hand: a whole number, from 0 to the whole deck's."""
    return forms.IntegerField(
        required=False,
        min_value=0,
        max_value=deck_points,
        label=player.name,
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "autocomplete": "off",
                "data-hand-input": True,
            }
        ),
        error_messages={
            "invalid": _("Enter the points in %(name)s’s hand as a whole number.")
            % {"name": player.name},
            "min_value": _("Points can’t be negative: enter 0 or more for %(name)s.")
            % {"name": player.name},
            "max_value": ngettext(
                "%(name)s’s hand can’t hold more than %(max)s point: that is the whole deck.",
                "%(name)s’s hand can’t hold more than %(max)s points: that is the whole deck.",
                deck_points,
            )
            % {"name": player.name, "max": deck_points},
        },
    )


def _cards_field() -> forms.CharField:
    """The cards tapped on a hand's keypad, as the keypad's keys ("7 skip shuffle_hands"):
    written by the script, empty when the points were typed (or without JavaScript)."""
    return forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.HiddenInput(attrs={"data-hand-cards": True}),
        error_messages={"max_length": DAMAGED_FORM_ERRORS["invalid"]},
    )


def _hidden_fields(editing: bool) -> dict[str, forms.Field]:
    """Editing, the round's version; recording, the submission id and the round expected."""
    if editing:
        return {
            "version": forms.IntegerField(
                widget=forms.HiddenInput,
                min_value=1,
                error_messages={
                    "required": _("This form is incomplete: reload the page and try again."),
                    "invalid": _("This form is incomplete: reload the page and try again."),
                },
            )
        }
    return {
        "submission_id": forms.UUIDField(
            widget=forms.HiddenInput, error_messages=SUBMISSION_ERRORS
        ),
        "expected_round": forms.IntegerField(
            widget=forms.HiddenInput,
            required=False,
            min_value=1,
            error_messages=DAMAGED_FORM_ERRORS,
        ),
    }


class RoundForm(forms.Form):
    """Who went out and the points left in each other hand.

    ``players`` are the players of the round in seat order; ``seat_count``, how many seats
    the game has had (players who left or joined later included; with pairs it says who
    sits opposite whom). For recording, the form carries a submission id; for editing, the
    round's version.
    """

    def __init__(
        self,
        *args,
        players: list[Player],
        rules: scoring.Rules,
        editing: bool,
        seat_count: int | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.players = players
        self.seat_count = seat_count or max(p.seat for p in players) + 1
        self.rules = rules
        self.deck_points = scoring.deck_points(rules)
        self.fields["went_out"] = forms.TypedChoiceField(
            choices=[(str(p.seat), format_html("<bdi>{}</bdi>", p.name)) for p in players],
            coerce=int,
            widget=forms.RadioSelect,
            error_messages={
                "required": _("Choose who went out."),
                "invalid_choice": _("Choose who went out from the players of this game."),
            },
        )
        if rules.counts_points:
            for p in players:
                self.fields[f"hand_{p.seat}"] = _hand_field(p, self.deck_points)
                self.fields[f"cards_{p.seat}"] = _cards_field()
        self.fields.update(_hidden_fields(editing))

    @property
    def long_names(self) -> bool:
        """Names too long for two radios a row on a phone, or for a name beside its input."""
        return any(len(p.name) > LONG_NAME for p in self.players)

    def hand_rows(self) -> list[tuple[Player, forms.BoundField, forms.BoundField]]:
        """Each player, their hand's points and the cards tapped on its keypad."""
        if not self.rules.counts_points:
            return []
        return [(p, self[f"hand_{p.seat}"], self[f"cards_{p.seat}"]) for p in self.players]

    def _check_cards(self, counted: set[int]) -> None:
        """The cards tapped on the keypads, when the script sent them: each one in this
        game's deck, its hand's points their sum, and no more of a kind than the deck has."""
        names = dict(self.rules.cards)
        tapped: dict[int, list[str]] = {}
        for p in self.players:
            cards = self.cleaned_data.get(f"cards_{p.seat}", "").split()
            hand = f"hand_{p.seat}"
            if not cards or hand in self.errors or p.seat not in counted:
                continue
            outside = [c for c in cards if c not in names]
            if any(c not in scoring.CARD_LABELS for c in outside):
                self.add_error(hand, DAMAGED_FORM_ERRORS["invalid"])
            elif outside:
                self.add_error(
                    hand,
                    _(
                        "%(name)s’s hand has a %(card)s, but these rules play with the 108-card "
                        "deck, which has none. Type the hand’s points without it, or change the "
                        "rules to the 112-card deck."
                    )
                    % {"name": p.name, "card": scoring.CARD_LABELS[outside[0]]},
                )
            elif scoring.hand_points(cards, self.rules) != self.cleaned_data.get(hand):
                self.add_error(
                    hand,
                    _(
                        "The points typed for %(name)s are not the cards tapped: tap the cards "
                        "again or type the points."
                    )
                    % {"name": p.name},
                )
            else:
                tapped[p.seat] = cards
        if self.errors:
            return
        for card, held, deck in scoring.too_many(tapped.values(), self.rules):
            self.add_error(
                None,
                ngettext(
                    "The hands hold %(held)s × %(card)s, but the deck has only %(count)s. "
                    "Check the cards tapped.",
                    "The hands hold %(held)s × %(card)s, but the deck has only %(count)s. "
                    "Check the cards tapped.",
                    deck,
                )
                % {"held": held, "card": scoring.CARD_LABELS[card], "count": deck},
            )

    def clean(self):
        cleaned = super().clean()
        went_out = cleaned.get("went_out")
        if went_out is None or not self.rules.counts_points:
            return cleaned
        # Seats are numbered over every player the game has had: the players of this form
        # may be some of them (players who left, or joined later, are not in a round).
        counted = set(scoring.counted_seats(went_out, self.seat_count, self.rules))
        total = 0
        for p in self.players:
            key = f"hand_{p.seat}"
            if key in self.errors:
                continue
            value = cleaned.get(key)
            if p.seat == went_out:
                if value:
                    self.add_error(
                        key,
                        _("%(name)s went out, so their hand is empty: leave it blank or 0.")
                        % {"name": p.name},
                    )
            elif p.seat in counted and value is None:
                self.add_error(
                    key,
                    _("Enter the points left in %(name)s’s hand (0 if none).") % {"name": p.name},
                )
            elif value:
                total += value
        self._check_cards(counted)
        if total > self.deck_points and not self.errors:
            raise forms.ValidationError(
                ngettext(
                    "Together these hands hold %(count)s point, more than the whole deck "
                    "(%(max)s). Check the numbers.",
                    "Together these hands hold %(count)s points, more than the whole deck "
                    "(%(max)s). Check the numbers.",
                    total,
                )
                % {"count": total, "max": self.deck_points}
            )
        return cleaned

    def hands(self) -> dict[int, int]:
        """Seat -> points for every hand with a number, except the player who went out."""
        if not self.rules.counts_points:
            return {}
        went_out = self.cleaned_data["went_out"]
        return {
            p.seat: self.cleaned_data[f"hand_{p.seat}"]
            for p in self.players
            if p.seat != went_out and self.cleaned_data.get(f"hand_{p.seat}") is not None
        }


def new_submission_id() -> uuid.UUID:
    return uuid.uuid4()


class AdjustmentForm(forms.Form):
    """Points added to or taken from a player or pair outside a round, with a reason.

    ``sides`` are the sides at the table (a player, or a pair): each is chosen by its first
    player. ``most`` is the most points one change may add or take (the game's target).
    The button pressed says whether the points are added or taken (``direction``).
    """

    ADD, TAKE = "add", "take"

    player = forms.TypedChoiceField(
        coerce=int,
        error_messages={
            "required": gettext_lazy("Choose who gets or loses the points."),
            "invalid_choice": gettext_lazy(
                "That player is no longer at the table: choose another. Nothing was changed."
            ),
        },
    )
    points = forms.IntegerField(
        min_value=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={
            "required": gettext_lazy("Enter how many points."),
            "invalid": gettext_lazy("Enter the points as a whole number."),
            "min_value": gettext_lazy("Enter 1 point or more; the button says add or take."),
        },
    )
    reason = forms.CharField(
        max_length=REASON_MAX,
        error_messages={
            "required": gettext_lazy("Say why, in a few words (such as “caught not calling UNO”)."),
            "max_length": gettext_lazy("Keep the reason to %(limit_value)d characters or fewer."),
        },
    )
    direction = forms.ChoiceField(
        choices=[(ADD, ADD), (TAKE, TAKE)],
        error_messages={
            "required": gettext_lazy("Choose whether to add or take the points."),
            "invalid_choice": gettext_lazy("Choose whether to add or take the points."),
        },
    )
    submission_id = forms.UUIDField(widget=forms.HiddenInput, error_messages=SUBMISSION_ERRORS)
    expected_round = forms.IntegerField(
        widget=forms.HiddenInput, min_value=0, error_messages=DAMAGED_FORM_ERRORS
    )

    def __init__(self, *args, sides, most: int, **kwargs):
        super().__init__(*args, **kwargs)
        player = self.fields["player"]
        points = self.fields["points"]
        assert isinstance(player, forms.ChoiceField) and isinstance(points, forms.IntegerField)
        player.choices = [(s.players[0].pk, s.name) for s in sides]
        points.max_value = most
        points.validators.append(MaxValueValidator(most))
        points.widget.attrs["max"] = most
        points.error_messages["max_value"] = _(
            "At most %(max)s points at a time (the target score)."
        ) % {"max": most}

    def clean_reason(self) -> str:
        reason = clean_name(self.cleaned_data["reason"])
        if not reason:
            raise forms.ValidationError(self.fields["reason"].error_messages["required"])
        return reason

    def signed_points(self) -> int:
        """The points, negative when taken."""
        points = self.cleaned_data["points"]
        return -points if self.cleaned_data["direction"] == self.TAKE else points
