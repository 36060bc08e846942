"""Conquest's colours: each player's, each continent's tint, and the map's marks."""

from __future__ import annotations

import functools

from rich.style import Style

PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("Red", "#c83232"),
    ("Blue", "#3264dc"),
    ("Green", "#2e9a44"),
    ("Yellow", "#d2b41e"),
    ("Purple", "#a046c0"),
    ("Orange", "#e0701e"),
)
"""(its name as the table says it, its colour) for seats 1–6 in turn order."""

PLOT_COLOURS: tuple[int, ...] = (9, 12, 10, 11, 13, 208)
"""The same colours as 256-colour numbers, for the plots' lines (in seat order)."""

_DARK_TEXT = {"#d2b41e", "#e0701e"}

CONTINENT_TINTS: dict[str, tuple[str, str]] = {
    "North America": ("#2b2412", "#e0c070"),
    "South America": ("#2e1616", "#e08a7a"),
    "Europe": ("#141f33", "#8fb0f0"),
    "Africa": ("#2f2310", "#e8a850"),
    "Asia": ("#132b1a", "#7fd090"),
    "Australia": ("#2a1530", "#d08ae0"),
}
"""Continent → (the tint of its region, the colour of its name)."""

SEA = Style(bgcolor="#0b0f17", color="#3a4250")
LINK = "#6b7280"
LINK_LIT = "#f0f0f0"


def player_colour(index: int) -> str:
    """The colour of the player in seat `index` (0-based)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)][1]


def colour_name(index: int) -> str:
    """The colour's name for seat `index` (0-based), as the table says it."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)][0]


@functools.cache
def node_style(colour: str, *, selected: bool = False, source: bool = False,
               target: bool = False) -> Style:
    """A territory's label: its owner's colour; the cursor white, the attack's source cyan."""
    if selected:
        return Style(bgcolor="#f4f4f4", color="#000000", bold=True)
    if source:
        return Style(bgcolor="#22d3ee", color="#000000", bold=True)
    text = "#101010" if colour in _DARK_TEXT else "#ffffff"
    return Style(bgcolor=colour, color=text, bold=True, underline=target)
