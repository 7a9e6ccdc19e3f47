"""The standings in words: who leads, by how much, what each side needs, the final places.

The numbers come from ``scoring.standings`` (one home for the ranking rule); this module
only says them, in whole sentences with ``ngettext`` for counts, so that they can be
translated later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from domain import scoring


@dataclass(frozen=True)
class Row:
    """One line of the ranked standings on the scoreboard."""

    side: object  # play.boards.Side: its name, players, total, progress
    place: scoring.Place
    label: str  # "1st", "Tied 2nd", "Winner"
    note: str  # "35 behind · needs 120 to win"

    @property
    def rank(self) -> int:
        return self.place.rank


def _points(n: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", n) % {"count": n}


def _rounds(n: int) -> str:
    return ngettext("%(count)s round", "%(count)s rounds", n) % {"count": n}


# A place is a whole word per rank in each language ("1st", "1.", "1.º", "1er"), not a number
# with an English suffix: scoring.MAX_PLAYERS sides at most play at once.
PLACES = (
    pgettext_lazy("place", "1st"),
    pgettext_lazy("place", "2nd"),
    pgettext_lazy("place", "3rd"),
    pgettext_lazy("place", "4th"),
    pgettext_lazy("place", "5th"),
    pgettext_lazy("place", "6th"),
    pgettext_lazy("place", "7th"),
    pgettext_lazy("place", "8th"),
    pgettext_lazy("place", "9th"),
    pgettext_lazy("place", "10th"),
)


def place_word(rank: int) -> str:
    """The place of a rank in the reader's language: "1st", "2nd"..."""
    if 1 <= rank <= len(PLACES):
        return str(PLACES[rank - 1])
    # Translators: a place in the standings beyond the 10th (never more than 10 sides play).
    return pgettext("place", "Place %(number)s") % {"number": rank}


def place_label(place: scoring.Place, finished: bool) -> str:
    if finished and place.leads:
        return _("Shared win") if place.tied else _("Winner")
    if place.tied:
        # Translators: %(place)s is a place such as "2nd" (its own text, context "place").
        return _("Tied %(place)s") % {"place": place_word(place.rank)}
    return place_word(place.rank)


def behind_text(place: scoring.Place, rules: scoring.Rules) -> str:
    """How far a side is from the leader, in the words of the scoring mode."""
    n = place.behind
    if rules.scoring == scoring.LOWEST_TOTAL_WINS:
        return ngettext(
            "%(count)s point more than the leader", "%(count)s points more than the leader", n
        ) % {"count": n}
    if rules.scoring == scoring.ROUND_WINS:
        return ngettext("%(count)s round behind", "%(count)s rounds behind", n) % {"count": n}
    return ngettext("%(count)s point behind", "%(count)s points behind", n) % {"count": n}


def need_text(place: scoring.Place, rules: scoring.Rules) -> str:
    """What a side still needs: points or rounds to win, or the room before the game ends."""
    if rules.scoring == scoring.LOWEST_TOTAL_WINS:
        n = place.to_end or 0
        return ngettext(
            "%(count)s more point ends the game",
            "%(count)s more points end the game",
            n,
        ) % {"count": n}
    n = place.to_win or 0
    if rules.scoring == scoring.ROUND_WINS:
        return ngettext("%(count)s round to win", "%(count)s rounds to win", n) % {"count": n}
    return ngettext("needs %(count)s to win", "needs %(count)s to win", n) % {"count": n}


def row_note(place: scoring.Place, rules: scoring.Rules, finished: bool) -> str:
    if place.leads:
        if finished:
            return ""
        if rules.scoring == scoring.LOWEST_TOTAL_WINS:
            first = _("tied for the lowest total") if place.tied else _("lowest total")
        else:
            first = _("tied for the lead") if place.tied else _("leads")
    else:
        first = behind_text(place, rules)
    if finished:
        return first
    return f"{first} · {need_text(place, rules)}"


def rows(sides: Sequence, rules: scoring.Rules, finished: bool) -> list[Row]:
    """The sides ranked best first, each with its place and a short note."""
    places = scoring.standings(rules, [s.total for s in sides])
    return [
        Row(
            side=sides[p.side],
            place=p,
            label=place_label(p, finished),
            note=row_note(p, rules, finished),
        )
        for p in places
    ]


def _names(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def summary(sides: Sequence, rules: scoring.Rules, rounds_played: int) -> SafeString:
    """One sentence or two on the game in progress: who leads and what they need, as HTML
    in which each name is a <bdi> of its own (a name's bidirectional characters cannot turn
    the sentence around).

    Written "In the lead: Ann" so that a pair ("Ann & Cat") reads as well as one player.
    """
    # The sentence is made with a stand-in for each name, escaped, then given the names.
    stand_ins = [
        SimpleNamespace(name=f"\ue000{n}\ue001", total=side.total) for n, side in enumerate(sides)
    ]
    text = str(escape(_summary(stand_ins, rules, rounds_played)))
    for n, side in enumerate(sides):
        text = text.replace(f"\ue000{n}\ue001", format_html("<bdi>{}</bdi>", side.name))
    return mark_safe(text)  # escaped above, names included


def _summary(sides: Sequence, rules: scoring.Rules, rounds_played: int) -> str:
    if not rounds_played:
        return _("No rounds yet: everyone starts at 0.")
    places = scoring.standings(rules, [s.total for s in sides])
    top = scoring.leaders(places)
    names = _names([sides[p.side].name for p in top])
    total = top[0].total
    margin = scoring.lead(places)
    if rules.scoring == scoring.LOWEST_TOTAL_WINS:
        if len(top) > 1:
            first = _("Sharing the lowest total: %(names)s, %(points)s each.") % {
                "names": names,
                "points": _points(total),
            }
        else:
            first = _("Lowest total: %(name)s, %(points)s, %(margin)s fewer than the next.") % {
                "name": names,
                "points": _points(total),
                "margin": _points(margin),
            }
        closest = scoring.closest_to_end(places)
        assert closest is not None and closest.to_end is not None  # every side has a to_end
        end = _(
            "The game ends when a total reaches %(target)s; closest: %(name)s, %(points)s away."
        ) % {
            "target": rules.target_score,
            "name": sides[closest.side].name,
            "points": _points(closest.to_end),
        }
        return f"{first} {end}"
    to_win = top[0].to_win
    assert to_win is not None  # None only under lowest-total-wins
    if rules.scoring == scoring.ROUND_WINS:
        if len(top) > 1:
            return ngettext(
                "Sharing the lead: %(names)s, %(count)s round won each.",
                "Sharing the lead: %(names)s, %(count)s rounds won each.",
                total,
            ) % {"names": names, "count": total}
        return ngettext(
            "In the lead: %(name)s, by %(margin)s. %(count)s more round to win.",
            "In the lead: %(name)s, by %(margin)s. %(count)s more rounds to win.",
            to_win,
        ) % {"name": names, "margin": _rounds(margin), "count": to_win}
    if len(top) > 1:
        return _("Sharing the lead: %(names)s, %(points)s each.") % {
            "names": names,
            "points": _points(total),
        }
    return ngettext(
        "In the lead: %(name)s, by %(margin)s. %(count)s more point to win.",
        "In the lead: %(name)s, by %(margin)s. %(count)s more points to win.",
        to_win,
    ) % {"name": names, "margin": _points(margin), "count": to_win}


def amount(total: int, rules: scoring.Rules) -> str:
    """A total in the words of the scoring mode: "512 points", "3 rounds won"."""
    if rules.scoring == scoring.ROUND_WINS:
        return ngettext("%(count)d round won", "%(count)d rounds won", total) % {"count": total}
    return _points(total)


def result_rows(rows: Sequence[Row], rules: scoring.Rules) -> list[tuple[str, str, str]]:
    """The final places as (place, name, amount): ("Winner", "Ann", "512 points")."""
    found = []
    for row in rows:
        side: Any = row.side  # play.boards.Side
        found.append((row.label, side.name, amount(side.total, rules)))
    return found


def result_lines(rows: Sequence[Row], rules: scoring.Rules) -> list[str]:
    """The final places in words, one line a side: "Winner: Ann, 512 points"."""
    return [
        # Translators: a line of the final places a phone shares: "Winner: Ann, 512 points".
        _("%(place)s: %(name)s, %(amount)s") % {"place": place, "name": name, "amount": total}
        for place, name, total in result_rows(rows, rules)
    ]


def result_text(name: str, winner_text: str, rows: Sequence[Row], rules: scoring.Rules) -> str:
    """The end of a game as a phone shares it: the rules' name, who won, the final places."""
    # Translators: the first line of the result a phone shares; %(name)s is the rules' name.
    title = _("Our game of UNO (%(name)s) is over.") % {"name": name}
    return "\n".join([title, winner_text, "", *result_lines(rows, rules)])
