"""Sharing: what the share panel, the table card and link previews say about a rule set."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext

from domain import options as opts
from unosite.links import absolute_url, is_local

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAIN_RULES = 3  # differences named in a link preview's description

# The card left on the table carries this browser's table link, which play makes
# (play.tables) and registers when the app is ready (play.apps): rulesets, a floor below
# play, never imports it.
_table_path: Callable[..., str] | None = None


def register_table_path(function: Callable[..., str]) -> None:
    """Sets how the path of this browser's table link is made: ``function(request, ruleset)``."""
    global _table_path
    _table_path = function


def table_url(request, ruleset) -> str:
    """This browser's table link for these rules, as play makes it."""
    if _table_path is None:
        raise RuntimeError("play registers the table link when its app is ready")
    return absolute_url(request, _table_path(request, ruleset))


def rules_url(request, code: str) -> str:
    """The share link of a rule set: what its QR codes encode."""
    return absolute_url(request, reverse("rulesets:rules", args=[code]))


def house_rules(options) -> list[tuple[StrOrPromise, str]]:
    """The house's differences from official (``options.house_rules``, main ones first) as
    (label, value against official): [('UNO penalty', '4 cards (official: 2)')]."""
    return [(o.label, o.against_official(options[o.key])) for o in opts.house_rules(options)]


def phrases(rules: list[tuple[StrOrPromise, str]]) -> list[str]:
    # Translators: one line of the list of house rules: an option's name, then its
    # value against the official one, as in "UNO penalty: 4 cards (official: 2)".
    return [
        gettext("%(label)s: %(value)s") % {"label": label, "value": words} for label, words in rules
    ]


def describe_rules(options) -> list[str]:
    """The house rules as the page's one-line differences: 'UNO penalty: 4 cards (official: 2)'."""
    return phrases(house_rules(options))


def describe(revision) -> str:
    """One sentence for link previews naming the main house rules; never "the official
    rules" alone for a house with rules of its own."""
    rules = describe_rules(revision.options)
    if not rules:
        # Asked only here: a house whose options all differ needs no query for its own rules.
        own = len(revision.own_rules)
        if own:
            # Translators: a link preview's description for rules whose options are all the
            # official ones, beside rules the family wrote in their own words.
            return ngettext(
                "The official UNO rules plus %(n)s rule of this house's own. Open them to read "
                "and keep score.",
                "The official UNO rules plus %(n)s rules of this house's own. Open them to read "
                "and keep score.",
                own,
            ) % {"n": own}
        return gettext(
            "These house rules are the official UNO rules. Open them to read and keep score."
        )
    # Translators: what separates the house rules named in a link preview's description.
    named = gettext("; ").join(rules[:MAIN_RULES])
    more = len(rules) - MAIN_RULES
    values = {"n": len(rules), "named": named, "more": more}
    if more > 0:
        # Translators: a link preview's description: %(named)s lists the first three house
        # rules, %(more)s says how many more there are.
        return (
            ngettext(
                "UNO with %(n)s house rule: %(named)s; and %(more)s more.",
                "UNO with %(n)s house rules: %(named)s; and %(more)s more.",
                len(rules),
            )
            % values
        )
    # Translators: a link preview's description: %(named)s lists the house rules.
    return (
        ngettext(
            "UNO with %(n)s house rule: %(named)s.",
            "UNO with %(n)s house rules: %(named)s.",
            len(rules),
        )
        % values
    )


@dataclass(frozen=True)
class Share:
    url: str  # the absolute share link, as the QR code encodes it
    qr_svg: str  # image URLs on this site (paths)
    qr_png: str
    card: str
    small_cards: str
    og_image: str  # absolute, as crawlers need
    local: bool  # True when a phone could not open ``url``
    title: str
    description: str
    rules: list[tuple[StrOrPromise, str]]


def share_for(request, ruleset, revision=None) -> Share:
    revision = revision or ruleset.current
    code = ruleset.code
    card = reverse("rulesets:card", args=[code])
    og_path = reverse("rulesets:og_image", args=[code]) + f"?v={revision.number}"
    if get_language() != settings.LANGUAGE_CODE:
        # The picture in the language of the page that names it (a link preview shows both).
        og_path += f"&lang={get_language()}"
    local = is_local(request)
    return Share(
        url=rules_url(request, code),
        qr_svg=reverse("rulesets:qr_svg", args=[code]),
        qr_png=reverse("rulesets:qr_png", args=[code]) + "?size=1024",
        card=card,
        small_cards=card + "?layout=small",
        og_image=absolute_url(request, og_path),
        local=local,
        title=revision.name,
        description=describe(revision),
        rules=house_rules(revision.options),
    )
