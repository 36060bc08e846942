"""The map's legend: what the colours and signs of the current lens mean, in words."""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from conquest_tui.engine.face import TERRAIN_CHARS
from conquest_tui.ui import map_lenses as lenses
from conquest_tui.ui.map_palette import LENS_STYLES, MARK_STYLES, TERRAIN_STYLES

_TERRAIN_NAMES: dict[str, str] = {
    "plains": "plains", "agricultural": "farmland", "forest": "forest", "desert": "desert",
    "mountains": "mountains", "swamp": "swamp", "wilderness": "wilderness", "jungle": "jungle",
    "barren": "barren", "metropolis": "metropolis", "water": "water", "islands": "islands",
    "sea_lane": "sea lane",
}

_LENS_ROWS: dict[str, tuple[tuple[str, str, str], ...]] = {
    lenses.OWNER: (
        ("own", " ", "your hexes"),
        ("clan-3", "3", "Clan 3's (one colour each)"),
        ("nobody", " ", "nobody's"),
        ("not-now", " ", "owner not known now"),
        ("unknown", " ", "never seen"),
    ),
    lenses.DEFENSE: (
        ("def-1", "2", "defense 0 to 2"),
        ("def-2", "4", "defense 3 or 4"),
        ("def-3", "6", "defense 5 or 6"),
        ("def-4", "8", "defense 7 or 8"),
        ("def-5", "+", "defense 9 or 10 (+)"),
        ("not-now", " ", "not known now"),
        ("unknown", " ", "never seen"),
    ),
    lenses.PRODUCTION: (
        ("prod-0", "·", "worth no money"),
        ("prod-1", " ", "under $1,000"),
        ("prod-2", " ", "$1,000 to $1,999"),
        ("prod-3", " ", "$2,000 to $3,999"),
        ("prod-4", " ", "$4,000 or more"),
        ("not-now", " ", "not known now"),
        ("unknown", " ", "never seen"),
    ),
    lenses.INTEL: (
        ("seen-now", " ", "seen on your last turn"),
        ("seen-1", "1", "one turn before that"),
        ("seen-3", "3", "2 or 3 turns before"),
        ("seen-old", "6", "4 turns or more (+: 10)"),
        ("unknown", " ", "never seen"),
    ),
}

_LENS_NOTES: dict[str, str] = {
    lenses.DEFENSE: "The number in a hex is its defense level.",
    lenses.PRODUCTION: "Colour: money. Letter: its largest other yield: F food, U fuel, "
                       "P parts, V vaccine.",
    lenses.INTEL: "The number in a hex is how many turns ago you saw it.",
}

_MARKS: tuple[tuple[str, str, str], ...] = (
    ("mark-own", "■", "your city"),
    ("city-major", "◆ROME", "big city (capitals)"),
    ("mark-neutral", "●", "small city, nobody's"),
    ("mark-foreign", "3", "city of Clan 3"),
    ("convoy-own", "1,12", "your convoys"),
    ("convoy-foreign", "!2", "others' convoys seen"),
    ("road", "─┼", "road"),
    ("river", "═╬", "river"),
    ("route", "3", "planned route: pulse"),
    ("route-capture", "3!", "attack: costs troops"),
)


def legend_text(lens: str) -> Group:
    """The legend of a lens as Rich renderables: swatches, then words."""
    title = Text(lenses.LENS_TITLES[lens], style="bold")
    rows: list[Text] = [title]
    if lens == lenses.TERRAIN:
        for terrain, name in _TERRAIN_NAMES.items():
            rows.append(_row(TERRAIN_STYLES[terrain], TERRAIN_CHARS[terrain], name))
        rows.append(Text("Dim: not seen now", style="italic"))
    else:
        for key, char, words in _LENS_ROWS[lens]:
            rows.append(_row(LENS_STYLES[key], char, words))
        note = _LENS_NOTES.get(lens)
        if note:
            rows.append(Text(note, style="italic"))
    rows.append(Text("Signs", style="bold"))
    base = TERRAIN_STYLES["plains"]
    for role, sign, words in _MARKS:
        rows.append(_row(base + MARK_STYLES[role], sign, words))
    rows.append(Text("Underlined: your hex", style="italic"))
    rows.append(Text("v lens · L hide", style="dim"))
    return Group(*rows)


def _row(style: Style, sign: str, words: str) -> Text:
    text = Text()
    text.append(f" {sign:^5} ", style=style)
    text.append(f" {words}")
    return text


class MapLegend(Static):
    """The legend beside the map, shown on request (`L` in the map)."""

    def show_lens(self, lens: str) -> None:
        """Show the legend of this lens."""
        self.update(legend_text(lens))
