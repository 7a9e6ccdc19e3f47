"""The link-preview picture (Open Graph image): 1200x630 PNG drawn with Pillow.

It shows the rule set's name, its main differences from the official rules and the QR
code of its link. Every piece of text is measured and wrapped or cut with an ellipsis
to its box, so long names, emoji, right-to-left text or HTML cannot break the layout
(text is drawn as text: markup is never interpreted).
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from django.utils.translation import gettext, ngettext, pgettext
from PIL import Image, ImageDraw, ImageFont

from unosite import qr

WIDTH, HEIGHT = 1200, 630
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
ELLIPSIS = "\u2026"

BG = (251, 248, 243)
TEXT = (29, 27, 25)
MUTED = (92, 86, 80)
RED = (200, 16, 46)
HOUSE = (122, 77, 0)
WHITE = (255, 255, 255)
LINE = (217, 210, 200)

MARGIN = 60
QR_SIDE = 430
QR_X = WIDTH - MARGIN - QR_SIDE
QR_Y = (HEIGHT - QR_SIDE) // 2 + 10
TEXT_RIGHT = QR_X - 50  # text column: MARGIN .. TEXT_RIGHT
MAX_RULES = 5

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int, bold: bool = False, mono: bool = False) -> Font:
    """DejaVu when the system has it, otherwise Pillow's built-in font at ``size``."""
    name = "DejaVuSansMono.ttf" if mono else "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = FONT_DIR / name
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


BREAKS = {"Cc", "Zl", "Zp", "Cs", "Co", "Cn"}  # controls, line breaks, unassigned
MISSING = "\U0010fffd"  # a private-use character no font draws: its mask is the "no glyph" box


def has_glyph(face: Font, char: str) -> bool:
    """Whether ``face`` can draw ``char`` (rather than an empty box)."""
    return _has_glyph(face, char)


@lru_cache(maxsize=4096)
def _has_glyph(face: Font, char: str) -> bool:
    if unicodedata.category(char) in ("Cf", "Zs", *BREAKS):
        return True
    missing = face.getmask(MISSING)
    mask = face.getmask(char)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def clean(text: str, face: Font | None = None) -> str:
    """One line of text: control characters and line breaks become spaces (format
    characters such as joiners stay);
    with ``face``, characters it has no glyph for (emoji, with DejaVu) are left out."""
    kept = (
        " " if unicodedata.category(c) in BREAKS else c
        for c in text
        if face is None or has_glyph(face, c)
    )
    return " ".join("".join(kept).split())


def fit(text: str, face: Font, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels long."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, face: Font, width: float, max_lines: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels, at most ``max_lines`` (the last one cut)."""
    words = clean(text, face).split(" ")
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while face.getlength(current) > width:  # a word longer than the line: break it
            cut = len(fit(current, face, width)) - 1
            cut = max(cut, 1)
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], fit(rest + ELLIPSIS, face, width)]
    return lines


def _name_lines(name: str, width: float) -> tuple[Font, list[str]]:
    """The biggest name font (64 down to 40 px) that fits in two lines, and the lines."""
    for size in (64, 56, 48, 40):
        face = font(size, bold=True)
        lines = wrap(name, face, width, max_lines=3)
        if len(lines) <= 2:
            return face, lines
    return face, wrap(name, face, width, max_lines=2)


def draw(
    name: str, rules: list[str], url: str, total_rules: int | None = None, own_rules: int = 0
) -> Image.Image:
    """The preview picture: ``rules`` are short phrases of the house's differences;
    ``own_rules`` counts the family's own rules (never "the official rules" alone with them)."""
    total = len(rules) if total_rules is None else total_rules
    image = Image.new("RGB", (WIDTH, HEIGHT), BG)
    pen = ImageDraw.Draw(image)
    draw_brand(pen)
    y = _draw_name(pen, name, y=120)
    if total:
        _draw_rules(pen, rules, total, y)
    else:
        if own_rules:
            official = gettext("Plays by the official rules plus its own rules.")
        else:
            official = gettext("Plays by the official rules.")
        pen.text((MARGIN, y), official, font=font(26), fill=MUTED)
    _draw_link(pen, url)
    _draw_qr(image, pen, url)
    return image


def draw_brand(pen: ImageDraw.ImageDraw) -> None:
    """The red band and the site's name, at the top."""
    pen.rectangle((0, 0, WIDTH, 14), fill=RED)
    brand = font(30, bold=True)
    pen.rounded_rectangle((MARGIN, 52, MARGIN + 30, 90), radius=5, fill=RED)
    pen.text((MARGIN + 15, 71), "U", font=font(24, bold=True), fill=WHITE, anchor="mm")
    # Translators: the site's name, at the top of a link's preview picture.
    title = gettext("House Rules for UNO")
    pen.text((MARGIN + 44, 71), title, font=brand, fill=RED, anchor="lm")


def _draw_name(pen: ImageDraw.ImageDraw, name: str, y: int) -> int:
    """The rule set's name from ``y`` down, in one to two lines; returns the y below it."""
    # Translators: the preview picture's title when the rules have no name that can be drawn.
    untitled = pgettext("preview picture", "House rules")
    face, lines = _name_lines(clean(name, font(64, bold=True)) or untitled, TEXT_RIGHT - MARGIN)
    # Pillow's built-in font (no DejaVu on the system) has no size: its letters' height then.
    size = face.size if isinstance(face, ImageFont.FreeTypeFont) else face.getbbox("Ag")[3]
    line_height = round(size * 1.2)
    for line in lines:
        pen.text((MARGIN, y), line, font=face, fill=TEXT)
        y += line_height
    return y + 18


def _draw_rules(pen: ImageDraw.ImageDraw, rules: list[str], total: int, y: int) -> None:
    """The heading and as many of the house's rules as fit above the link, then "and N more"."""
    width = TEXT_RIGHT - MARGIN
    body = font(26)
    line_height = 36
    bottom = HEIGHT - 96  # the link goes below
    # Translators: on a link's preview picture, above the list of house rules.
    heading = ngettext("Plays %(n)s rule differently:", "Plays %(n)s rules differently:", total) % {
        "n": total
    }
    pen.text((MARGIN, y), heading, font=font(26, bold=True), fill=HOUSE)
    y += 46
    shown = 0
    for rule in rules[:MAX_RULES]:
        lines = wrap(rule, body, width - 26, max_lines=2)
        more_after = total > shown + 1
        if y + line_height * (len(lines) + more_after) > bottom:
            break
        pen.ellipse((MARGIN + 2, y + 12, MARGIN + 12, y + 22), fill=HOUSE)
        for line in lines:
            pen.text((MARGIN + 26, y), line, font=body, fill=TEXT)
            y += line_height
        y += 4
        shown += 1
    if total > shown:
        # Translators: below the house rules on a preview picture: how many were left out.
        more = ngettext("and %(n)s more", "and %(n)s more", total - shown) % {"n": total - shown}
        pen.text((MARGIN + 26, y), more, font=body, fill=MUTED)


def _draw_link(pen: ImageDraw.ImageDraw, url: str) -> None:
    """The link without its https://, in the biggest monospace size that fits (or cut)."""
    width = TEXT_RIGHT - MARGIN
    shown_url = url.removeprefix("https://")
    for size in (24, 21, 18):
        link = font(size, mono=True)
        if link.getlength(shown_url) <= width:
            break
    pen.text((MARGIN, HEIGHT - 64), fit(shown_url, link, width), font=link, fill=MUTED, anchor="ls")


def _draw_qr(image: Image.Image, pen: ImageDraw.ImageDraw, url: str) -> None:
    """The link's QR code on a white card, with its caption above."""
    pad = 14
    pen.rounded_rectangle(
        (QR_X - pad, QR_Y - pad, QR_X + QR_SIDE + pad, QR_Y + QR_SIDE + pad),
        radius=18,
        fill=WHITE,
        outline=LINE,
        width=2,
    )
    image.paste(qr.qr_image(url, QR_SIDE).convert("RGB"), (QR_X, QR_Y))
    caption = font(22, bold=True)
    pen.text(
        (QR_X + QR_SIDE // 2, QR_Y - pad - 22),
        # Translators: above the QR code on a link's preview picture.
        gettext("Scan to open these rules"),
        font=caption,
        fill=MUTED,
        anchor="mm",
    )


def png_bytes(
    name: str, rules: list[str], url: str, total_rules: int | None = None, own_rules: int = 0
) -> bytes:
    out = io.BytesIO()
    # Pillow's optimize=True searched for a file 5 % smaller (37 KB instead of 39) in three
    # times the time (150 ms instead of 50): the first visitor of a new revision waited.
    draw(name, rules, url, total_rules, own_rules).save(out, format="PNG")
    return out.getvalue()
