"""Draw a PNG preview of a map file with Pillow: terrain, rivers, roads and cities."""

from __future__ import annotations

import math
import unicodedata
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .hexgrid import parse_id
from .terrain import FROM_CHAR

COLOURS: dict[str, tuple[int, int, int]] = {
    "plains": (222, 200, 90),
    "agricultural": (150, 200, 90),
    "forest": (34, 118, 40),
    "desert": (246, 232, 196),
    "mountains": (140, 110, 90),
    "swamp": (100, 140, 120),
    "wilderness": (170, 160, 120),
    "jungle": (0, 110, 95),
    "barren": (215, 215, 215),
    "metropolis": (200, 60, 160),
    "water": (70, 120, 190),
    "sea_lane": (60, 100, 170),
    "islands": (240, 170, 60),
}
RIVER = (30, 80, 230)
ROAD = (150, 30, 20)
MARGIN = 8
LEGEND_H = 44


def _ascii(text: str) -> str:
    """Drop accents so that the built-in font can draw every name."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return folded.replace("\u2019", "'")


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def render(data: dict[str, Any], path: Path, radius: float, label_minors: bool = False) -> None:
    """Write a PNG preview of map data (in the map file format) to path."""
    cols, rows = data["columns"], data["rows"]
    h = math.sqrt(3) * radius

    def centre(hid: str) -> tuple[float, float]:
        c, r = parse_id(hid)
        x = MARGIN + radius + (c - 1) * 1.5 * radius
        y = MARGIN + h / 2 + (r - 1) * h + (h / 2 if c % 2 == 0 else 0)
        return x, y

    width = int(MARGIN * 2 + radius * (1.5 * cols + 0.5)) + 1
    height = int(MARGIN * 2 + h * (rows + 0.5)) + LEGEND_H + 1
    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    for r, line in enumerate(data["terrain"], start=1):
        for c, ch in enumerate(line, start=1):
            x, y = centre(f"{c:02d}{r:02d}")
            corners = [
                (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                for a in range(0, 360, 60)
            ]
            draw.polygon(corners, fill=COLOURS[FROM_CHAR[ch]], outline=(90, 90, 90))
    line_w = max(2, int(radius / 5))
    for river in data["rivers"]:
        draw.line([centre(hid) for hid in river.split()], fill=RIVER, width=line_w, joint="curve")
    for road in data["roads"]:
        draw.line([centre(hid) for hid in road.split()], fill=ROAD, width=max(1, line_w - 1))
    font = _font(max(9, int(radius * 0.9)))
    for city in data["cities"]:
        x, y = centre(city["hex"])
        if city["major"]:
            s = radius * 0.45
            draw.rectangle([x - s, y - s, x + s, y + s], fill=(0, 0, 0), outline=(255, 255, 255))
        else:
            s = radius * 0.28
            draw.ellipse([x - s, y - s, x + s, y + s], fill=(255, 255, 255), outline=(0, 0, 0))
    small = _font(max(8, int(radius * 0.6)))
    boxes: list[tuple[float, float, float, float]] = []
    ordered = sorted(data["cities"], key=lambda c: (not c["major"], -c["population"], c["name"]))
    for city in ordered:
        if not city["major"] and not label_minors:
            continue
        x, y = centre(city["hex"])
        f = font if city["major"] else small
        label = _ascii(city["name"])
        box = _place_label(draw, label, f, x, y, radius, boxes, city["major"])
        if box is None:
            continue
        boxes.append(box)
        draw.text(box[:2], label, fill=(0, 0, 0) if city["major"] else (40, 40, 40),
                  font=f, stroke_width=2, stroke_fill=(255, 255, 255))
    _legend(draw, height - LEGEND_H, width)
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, format="PNG", optimize=True)


def _place_label(
    draw: ImageDraw.ImageDraw, text: str, font: Any, x: float, y: float, radius: float,
    boxes: list[tuple[float, float, float, float]], force: bool = False,
) -> tuple[float, float, float, float] | None:
    """The first free spot right, left, above or below the city for its label."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left, bottom - top
    spots = [
        (x + radius * 0.55, y - h / 2 - top),
        (x - radius * 0.55 - w, y - h / 2 - top),
        (x - w / 2, y - radius * 0.5 - h - top),
        (x - w / 2, y + radius * 0.5 - top),
    ]
    spots = [(min(max(sx, 1.0), draw.im.size[0] - w - 1), sy) for sx, sy in spots]
    for sx, sy in spots:
        box = (sx, sy, sx + w, sy + h + top)
        if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                   for b in boxes):
            return box
    if force:
        sx, sy = spots[0]
        return sx, sy, sx + w, sy + h + top
    return None


def _legend(draw: ImageDraw.ImageDraw, top: int, width: int) -> None:
    font = _font(12)
    x, y = MARGIN, top + 4
    for name, colour in COLOURS.items():
        if name == "sea_lane":
            continue
        w = 24 + int(draw.textlength(name, font=font))
        if x + w > width - MARGIN:
            x, y = MARGIN, y + 18
        draw.rectangle([x, y, x + 12, y + 12], fill=colour, outline=(0, 0, 0))
        draw.text((x + 16, y - 1), name, fill=(0, 0, 0), font=font)
        x += w
