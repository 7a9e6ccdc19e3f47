"""A game as CSV (one row a round) and as JSON. Neither contains the game's codes."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.utils.formats import get_format
from django.utils.translation import pgettext

from domain import scoring
from play.services import Board

FORMAT = "house-rules-game/1"


def _cell(value: Any) -> Any:
    """Text a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def separator() -> str:
    """The column separator the spreadsheet of the page's language reads: where numbers are
    written with a decimal comma (French, German, Spanish, Portuguese), the comma cannot
    part columns, and spreadsheets there split on semicolons."""
    return ";" if get_format("DECIMAL_SEPARATOR") == "," else ","


def as_csv(b: Board) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator())
    header = [
        pgettext("column heading", "round"),
        pgettext("column heading", "dealer"),
        pgettext("column heading", "went out"),
    ]
    if b.rules.counts_points:
        header += [
            pgettext("column heading", "%(name)s: hand") % {"name": p.name} for p in b.players
        ]
        per_round = [
            pgettext("column heading", "%(name)s: score") % {"name": s.name} for s in b.sides
        ]
    else:
        per_round = [
            pgettext("column heading", "%(name)s: round won") % {"name": s.name} for s in b.sides
        ]
    header += per_round
    header += [pgettext("column heading", "%(name)s: total") % {"name": s.name} for s in b.sides]
    # Points added or taken outside the rounds, where the totals count them.
    changed = any(row.adjustments for row in b.rounds)
    if changed:
        header.append(pgettext("column heading", "points changed outside the round"))
    writer.writerow([_cell(h) for h in header])
    for row in b.rounds:
        line: list[Any] = [row.round.number, row.dealer.name, row.went_out.name]
        if b.rules.counts_points:
            line += ["" if pts is None else pts for _p, pts in row.hands]
        line += row.scores + row.totals
        if changed:
            line.append("; ".join(change.text for change in row.adjustments))
        writer.writerow([_cell(v) for v in line])
    return out.getvalue()


def as_json(b: Board) -> dict[str, Any]:
    def side_names(indexes: list[int]) -> list[str]:
        return [b.sides[i].name for i in indexes]

    return {
        "format": FORMAT,
        "rules": {
            "name": b.revision.name,
            "revision": b.revision.number,
            "options": b.revision.options,
        },
        # What each kind of card left in a hand scores, by its name (the deck's own cards).
        "card_points": {
            str(label): scoring.card_points(key, b.rules)
            for key, label in b.rules.cards
            if not key.isdigit()
        },
        "started": b.game.created_at.isoformat(),
        "finished": b.game.finished_at.isoformat() if b.game.finished_at else None,
        "players": [
            {"seat": p.seat + 1, "name": p.name, "team": None if p.team is None else p.team + 1}
            for p in b.players
        ],
        "first_dealer": b.rounds[0].dealer.name if b.rounds else b.dealer.name,
        "rounds": [
            {
                "number": row.round.number,
                "dealer": row.dealer.name,
                "went_out": row.went_out.name,
                "hands": {p.name: pts for p, pts in row.hands if pts is not None},
                "scores": dict(zip([s.name for s in b.sides], row.scores, strict=True)),
                "totals": dict(zip([s.name for s in b.sides], row.totals, strict=True)),
            }
            for row in b.rounds
        ],
        "adjustments": [
            {
                "after_round": change.adjustment.after_round,
                "name": change.side.name,
                "points": change.adjustment.points,
                "reason": change.adjustment.reason,
                "undone": change.undone,
            }
            for change in b.adjustments
        ],
        "totals": {s.name: s.total for s in b.sides},
        "winners": side_names([s.index for s in b.winners]),
    }
