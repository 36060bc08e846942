"""The map's colours: each terrain's background and letter colour, and the overlay marks' styles."""

from __future__ import annotations

from rich.color import Color as RichColor
from rich.style import Style
from textual.color import Color

# Styles are built once, here, rather than as CSS component classes: the map needs about thirty
# of them, and Textual would otherwise parse and re-apply thirty rules each time it styles the
# pane (three times before its first frame).


def _style(background: str | None = None, color: str | None = None, *, bold: bool = False,
           underline: bool = False) -> Style:
    return Style(
        bgcolor=Color.parse(background).rich_color if background else None,
        color=Color.parse(color).rich_color if color else None,
        bold=bold or None,
        underline=underline or None,
    )


TERRAIN_STYLES: dict[str, Style] = {
    "plains": _style("#a8bf62", "#3c4a17"),
    "agricultural": _style("#d9c54e", "#5a4a00"),
    "forest": _style("#3d7a38", "#bfe3a8"),
    "desert": _style("#ecd9a6", "#8a6420"),
    "mountains": _style("#8c7867", "#f4ebe1"),
    "swamp": _style("#5c7a6a", "#d4e8b0"),
    "wilderness": _style("#7f8c3a", "#e8f0b0"),
    "jungle": _style("#1e7d5c", "#a8f0c8"),
    "barren": _style("#b3ada2", "#4d463c"),
    "metropolis": _style("#a8476a", "#ffe0ee"),
    "water": _style("#1c4680", "#6f9fe0"),
    "islands": _style("#3f8fb0", "#fff2a0"),
    "sea_lane": _style("#2f6fbd", "#c8e4ff"),
}
"""Terrain → its hexes' background and the colour of its letter."""

MARK_STYLES: dict[str, Style] = {
    "road": _style(color="#1a1410", bold=True),
    "river": _style(color="#0a3ea8", bold=True),
    "hex-id": _style("#202020", "#e0e0e0"),
    "city": _style("#101010", "#ffffff"),
    "city-major": _style("#101010", "#ffe36e", bold=True),
    "mark-own": _style("#101010", "#5cff7a", bold=True),
    "mark-foreign": _style("#101010", "#ff6b6b", bold=True),
    "mark-neutral": _style("#101010", "#ffffff"),
    "convoy-own": _style("#00d0e0", "#000000", bold=True),
    "convoy-foreign": _style("#e02020", "#ffffff", bold=True),
    "route": _style("#ffd400", "#000000", bold=True),
    "route-capture": _style("#ff3030", "#ffffff", bold=True),
}
"""Cell role → the style laid over its hex's terrain style (roles "fill" and "letter" add
nothing)."""

LENS_STYLES: dict[str, Style] = {
    "unknown": _style("#262626", "#707070"),
    "not-now": _style("#585858", "#d0d0d0"),
    "nobody": _style("#a3a3a3", "#2a2a2a"),
    "own": _style("#22b24c", "#ffffff", bold=True),
    "clan-0": _style("#c0392b", "#ffffff"),
    "clan-1": _style("#d35400", "#ffffff"),
    "clan-2": _style("#8e44ad", "#ffffff"),
    "clan-3": _style("#2471a3", "#ffffff"),
    "clan-4": _style("#b7950b", "#000000"),
    "clan-5": _style("#7e5109", "#ffffff"),
    "clan-6": _style("#c2185b", "#ffffff"),
    "clan-7": _style("#0e6e80", "#ffffff"),
    "def-1": _style("#f6e3d4", "#5a2a10"),
    "def-2": _style("#eab18f", "#4a1a08"),
    "def-3": _style("#d9714a", "#ffffff", bold=True),
    "def-4": _style("#b23a1e", "#ffffff", bold=True),
    "def-5": _style("#6e1408", "#ffffff", bold=True),
    "prod-0": _style("#7a7a7a", "#e8e8e8"),
    "prod-1": _style("#eef5d0", "#3a4a10"),
    "prod-2": _style("#bfdf7e", "#2a3a08"),
    "prod-3": _style("#6fb33c", "#ffffff", bold=True),
    "prod-4": _style("#2b6e1f", "#ffffff", bold=True),
    "seen-now": _style("#f2f2f2", "#202020"),
    "seen-1": _style("#b4cbe8", "#102040"),
    "seen-3": _style("#6a8cb8", "#ffffff"),
    "seen-old": _style("#3b4f70", "#d8e4f4"),
}
"""Lens shade key (map_lenses.Shade) → the hex's background and character colour, laid in place
of its terrain's. Every shade sets both, so it reads the same on dark and light themes."""

OWNED = _style(color="#ffffff", underline=True)
"""Laid over the hexes the Clan owns (on their letters and marks only the underline)."""

CURSOR = _style("#f4f4f4", "#000000", bold=True)
"""Laid over the hex under the cursor."""

FOG_VEIL = Color(0, 0, 0, 0.6)
"""Laid over the colours of hexes the Clan cannot see now."""


def veiled(color: RichColor | None, veil: Color = FOG_VEIL) -> RichColor | None:
    """A rich colour with the fog veil laid over it (None stays None)."""
    if color is None:
        return None
    return (Color.from_rich_color(color) + veil).rich_color


_PLAIN_ROLES = frozenset({"fill", "letter"})


def compose_style(terrain: str, role: str, fogged: bool, owned: bool, cursor: bool,
                  shade: str = "") -> Style:
    """The style of a cell: its terrain (or lens shade), its role's mark, then owned, cursor and
    fog over it."""
    style = LENS_STYLES[shade] if shade else TERRAIN_STYLES[terrain]
    if role not in _PLAIN_ROLES:
        style += MARK_STYLES[role]
    if owned:
        style += OWNED if role == "fill" else OWNED.without_color
    if cursor:
        style += CURSOR
    if fogged:
        style += Style(color=veiled(style.color), bgcolor=veiled(style.bgcolor))
    return style
