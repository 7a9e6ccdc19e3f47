"""Draws the app icons for the web app manifest (run once; the PNGs are committed).

    .venv/bin/python scripts/make_icons.py

Maskable: the background fills the whole square and the card stays inside the middle
80 % circle, so a launcher may crop the icon to any shape.
"""

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "static" / "img"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
BACKGROUND = (251, 248, 243)  # --bg
RED = (200, 16, 46)  # --red, the icon.svg card


def draw(size: int) -> Image.Image:
    scale = 4  # drawn large, then reduced: smooth edges
    big = size * scale
    card = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(card)
    w, h = big * 0.36, big * 0.52  # the card, inside the safe circle once rotated
    box = ((big - w) / 2, (big - h) / 2, (big + w) / 2, (big + h) / 2)
    d.rounded_rectangle(box, radius=big * 0.06, fill=RED)
    font = ImageFont.truetype(FONT, int(big * 0.3))
    d.text((big / 2, big / 2), "U", font=font, fill="white", anchor="mm")
    card = card.rotate(10, resample=Image.Resampling.BICUBIC)
    icon = Image.new("RGBA", (big, big), BACKGROUND + (255,))
    icon.alpha_composite(card)
    return icon.resize((size, size), Image.Resampling.LANCZOS).convert("RGB")


if __name__ == "__main__":
    for size in (192, 512):
        path = OUT / f"icon-{size}.png"
        draw(size).save(path, optimize=True)
        print(path, path.stat().st_size, "bytes")
