"""The link preview of a finished game (Open Graph image, 1200x630 PNG): the rules' name,
who won and the final places, drawn as the rules' own preview is (rulesets/og.py: the same
brand, fonts, and text measured and cut to its box)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rulesets import og

BOTTOM = 40  # px kept free below the last row


def draw(name: str, winner_text: str, rows: Sequence[tuple[str, str, str]]) -> Image.Image:
    """``rows``: (place, name, amount) from first to last, at most 10 (two columns from 6)."""
    image = Image.new("RGB", (og.WIDTH, og.HEIGHT), og.BG)
    pen = ImageDraw.Draw(image)
    og.draw_brand(pen)
    width = og.WIDTH - 2 * og.MARGIN
    title = og.font(34, bold=True)
    pen.text(
        (og.MARGIN, 120), og.fit(og.clean(name, title), title, width), font=title, fill=og.MUTED
    )
    winner = og.font(40, bold=True)
    y = 166
    for line in og.wrap(winner_text, winner, width, max_lines=2):
        pen.text((og.MARGIN, y), line, font=winner, fill=og.TEXT)
        y += 48
    _draw_rows(pen, rows, top=y + 16)
    return image


def _draw_rows(pen: ImageDraw.ImageDraw, rows: Sequence[tuple[str, str, str]], top: int) -> None:
    """The places in one column, or two from 6 sides (first places down the left), each row
    as tall as the room left allows; every text is cut with an ellipsis to its box."""
    columns = 2 if len(rows) > 5 else 1
    per_column = -(-len(rows) // columns)
    gap = 40
    column_width = (og.WIDTH - 2 * og.MARGIN - gap * (columns - 1)) // columns
    line = min(64, (og.HEIGHT - BOTTOM - top) // max(per_column, 1))
    size = max(16, min(34, line - 16))
    place_face = og.font(size - 6, bold=True)
    name_face, amount_face = og.font(size, bold=True), og.font(size)
    widest = max((place_face.getlength(og.clean(p, place_face)) for p, _n, _a in rows), default=0)
    place_width = min(widest + 16, column_width * 0.34)
    for i, (place, who, amount) in enumerate(rows):
        x = og.MARGIN + (i // per_column) * (column_width + gap)
        y = top + (i % per_column) * line + round(size * 0.95)
        colour = og.RED if i == 0 else og.MUTED
        place_text = og.fit(og.clean(place, place_face), place_face, place_width - 12)
        pen.text((x, y), place_text, font=place_face, fill=colour, anchor="ls")
        amount_text = og.clean(amount, amount_face)
        right = x + column_width
        pen.text((right, y), amount_text, font=amount_face, fill=og.TEXT, anchor="rs")
        room = column_width - place_width - amount_face.getlength(amount_text) - 16
        name_text = og.fit(og.clean(who, name_face), name_face, room)
        pen.text((x + place_width, y), name_text, font=name_face, fill=og.TEXT, anchor="ls")
        pen.line((x, y + 12, right, y + 12), fill=og.LINE, width=2)


def png_bytes(name: str, winner_text: str, rows: Sequence[tuple[str, str, str]]) -> bytes:
    out = io.BytesIO()
    draw(name, winner_text, rows).save(out, format="PNG")
    return out.getvalue()
