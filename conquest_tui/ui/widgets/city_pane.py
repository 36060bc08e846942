"""The city pane: the city or hex under the map cursor, as far as the Clan knows it (fog of war)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from conquest_tui.engine.face import UNKNOWN, CityInfo, ClanView, HexInfo, Ruleset

UNKNOWN_TEXT = "?"
"""What the pane shows for a fact the Clan does not know."""

NOTE = "Note"
"""The label of a remark such as "as seen in turn 3" (several may appear)."""

Facts = list[tuple[str, str]]
"""(label, value) facts in display order; NOTE labels may repeat."""

CITY_LAYOUT: tuple[tuple[str, ...], ...] = (
    ("Owner", "Status"),
    ("Value", "Population"),
    ("Fortification", "Troops", "Claymores"),
    ("Produces", "Needs"),
    ("Guild expert",),
    ("Spotting", "Radio"),
    ("Buildings",),
)
"""City facts drawn on one line each: the first fact labels the line, the others follow it."""

HEX_LAYOUT: tuple[tuple[str, ...], ...] = (
    ("Owner", "Defense", "Guards"),
    ("Production",),
    ("Special", "Structure"),
    ("Roads", "River"),
    ("Your convoys",),
)
"""Hex facts drawn on one line each (sightings follow, one line each)."""


def owner_text(owner: int, clan_number: int) -> str:
    """"yours", "Clan 122", "unowned" or "unknown"."""
    if owner == UNKNOWN:
        return "unknown"
    if owner == clan_number:
        return "yours"
    return f"Clan {owner}" if owner else "unowned"


def _money(amount: int) -> str:
    return f"${amount:,}"


def city_facts(info: CityInfo, clan_number: int, rules: Ruleset, game_turn: int) -> Facts:
    """The facts of a city, "?" where the Clan does not know them.

    Args:
        info: The city as the Clan's view gives it.
        clan_number: The Clan looking.
        rules: For fortification, building and expert names.
        game_turn: The game turn now (facts from an earlier turn are marked).

    Returns:
        (label, value) facts, the first naming the city.
    """
    known = info.owner != UNKNOWN
    # Only a city the Clan owns or visited last turn has a value; a remembered one has none.
    live = info.owner == clan_number or info.value > 0

    def fact(value: str, available: bool = known) -> str:
        return value if available else UNKNOWN_TEXT

    fort = UNKNOWN_TEXT
    if known:
        fort = str(info.fortification)
        if 1 <= info.fortification <= len(rules.fortifications):
            fort += f" {rules.fortification(info.fortification).name}"
    buildings = ", ".join(
        rules.buildings[code].name if code in rules.buildings else code for code in info.buildings
    ) or "none"
    expert = info.expert
    if expert in rules.experts:
        expert = rules.experts[expert].name
    facts: Facts = [
        ("City", info.name.upper() if info.major else info.name),
        ("Owner", owner_text(info.owner, clan_number)),
        ("Status", fact(info.status)),
        ("Value", fact(_money(info.value), live)),
        ("Population", fact(f"{info.population:,}")),
        ("Fortification", fort),
        ("Troops", fact(f"{info.troops:,}")),
        ("Claymores", fact(str(info.claymores), live)),
        ("Produces", fact(info.produces or "-", info.encountered)),
        ("Needs", fact(info.needs or "-", info.encountered)),
        ("Guild expert", fact(expert or "None", info.encountered)),
        ("Spotting", fact(str(info.spotting))),
        ("Radio", fact(str(info.radio))),
        ("Buildings", fact(buildings)),
    ]
    if info.conquered:
        facts.append((NOTE, "conquered last turn"))
    if info.plague:
        facts.append((NOTE, f"the Plague is here: a CURE takes {info.cure_vaccine} vaccine "
                            "(less with a Doctor)"))
    if not live:
        facts.append((NOTE, f"as seen in turn {info.seen_turn}" if info.seen_turn
                      else "never visited: only the map's public facts"))
    elif info.seen_turn and info.seen_turn != game_turn:
        facts.append((NOTE, f"as seen in turn {info.seen_turn}"))
    return facts


def hex_facts(info: HexInfo, clan_number: int, rules: Ruleset) -> Facts:
    """The facts of a hex, "?" where the Clan does not know them.

    Args:
        info: The hex as the Clan's view gives it.
        clan_number: The Clan looking.
        rules: For the names of structures.

    Returns:
        (label, value) facts, the first naming the hex and its terrain.
    """
    known = info.owner != UNKNOWN

    def fact(value: str) -> str:
        return value if known else UNKNOWN_TEXT

    def structure(code: str, special: bool) -> str:
        if not code:
            return "none"
        table = rules.special_structures if special else rules.custom_structures
        return table[code].name if code in table else code

    production = (f"{_money(info.value)}  food {info.food}  fuel {info.fuel}  "
                  f"parts {info.parts}  vaccine {info.vaccine}")
    facts: Facts = [
        ("Hex", f"{info.hex} {info.terrain}"),
        ("Owner", owner_text(info.owner, clan_number)),
        ("Defense", fact(str(info.defense))),
        ("Guards", fact(str(info.guards))),
        ("Production", fact(production)),
        ("Special", fact(structure(info.special, special=True))),
        ("Structure", fact(structure(info.custom, special=False))),
        ("Roads", " ".join(info.roads) or "none"),
        ("River", "yes" if info.river else "no"),
    ]
    if info.conquered:
        facts.append((NOTE, "conquered last turn"))
    if not known:
        facts.append((NOTE, f"last seen in turn {info.seen_turn}" if info.seen_turn
                      else "never seen: only the map's public facts"))
    return facts


def presence_facts(view: ClanView, hex_id: str) -> Facts:
    """The Clan's own convoys in the hex and the enemy convoys it sighted there."""
    facts: Facts = []
    own = [f"#{convoy.number}" for convoy in view.convoys() if convoy.hex == hex_id]
    if own:
        facts.append(("Your convoys", " ".join(own)))
    for sighting in view.sightings():
        if sighting.hex != hex_id:
            continue
        whose = f"Clan {sighting.owner}" if sighting.owner else "an unknown Clan"
        what = " ".join(part for part in (sighting.size_name, sighting.convoy_type) if part)
        facts.append(("Sighted", f"{what or 'a'} convoy of {whose} "
                                 f"({sighting.how}, turn {sighting.game_turn})"))
    return facts


DISPLAY_LABELS = {"Fortification": "Fort", "Guild expert": "Guild", "Your convoys": "Convoys"}
"""Shorter labels for the narrow pane (the facts keep their full names)."""


def _value(text: str) -> Text:
    value = Text(text)
    value.highlight_words([UNKNOWN_TEXT], style="bold")
    return value


def _grid(title: str, facts: Facts, layout: tuple[tuple[str, ...], ...]) -> Group:
    """A compact block: a bold title, then one line per layout group, then the other facts."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    by_label = dict(facts)
    placed: set[str] = set()
    for group in layout:
        present = [label for label in group if label in by_label]
        if not present:
            continue
        line = Text()
        for index, label in enumerate(present):
            if index:
                line.append("   ")
                line.append(label, style="dim")
                line.append(" ")
            line.append_text(_value(by_label[label]))
        table.add_row(DISPLAY_LABELS.get(present[0], present[0]), line)
        placed.update(present)
    for label, value in facts[1:]:
        if label not in placed:
            table.add_row("" if label == NOTE else label, Text(value, style="italic"
                                                                if label == NOTE else ""))
    return Group(Text(title, style="bold", overflow="fold"), table)


class CityPane(Widget):
    """Facts about the hex under the map cursor and the city in it, as the Clan knows them.

    Reads nothing but the ClanView it is given (and the ruleset's names): fog of war holds.
    """


    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty city pane; `show_hex` fills it.

        Args:
            name: The widget's name.
            id: The widget's DOM id.
            classes: Space-separated CSS classes.
            disabled: Whether the pane starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.hex_id: str | None = None
        """The hex shown now."""
        self.city_facts: Facts = []
        """The city's (label, value) facts shown now; empty when the hex has no city."""
        self.hex_facts: Facts = []
        """The hex's (label, value) facts shown now, with the convoys in it."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(can_focus=False):
            yield Static(id="city-facts")
            yield Static("Move the map cursor to a hex.", id="city-hex-facts")

    def show_hex(self, view: ClanView, hex_id: str) -> None:
        """Show the city (if any) and the hex at `hex_id` as the Clan knows them.

        Args:
            view: What the Clan knows.
            hex_id: The `CCRR` id of the hex.
        """
        rules = view.rules
        self.hex_id = hex_id
        city = view.city_info(hex_id)
        self.city_facts = (city_facts(city, view.number, rules, view.game_turn)
                           if city is not None else [])
        self.hex_facts = hex_facts(view.hex_info(hex_id), view.number, rules)
        self.hex_facts += presence_facts(view, hex_id)
        city_static = self.query_one("#city-facts", Static)
        city_static.display = bool(self.city_facts)
        if self.city_facts:
            title = f"{self.city_facts[0][1]}  (city in {hex_id})"
            city_static.update(_grid(title, self.city_facts, CITY_LAYOUT))
        self.query_one("#city-hex-facts", Static).update(
            _grid(f"Hex {self.hex_facts[0][1]}", self.hex_facts, HEX_LAYOUT))
        self.border_title = self.city_facts[0][1] if self.city_facts else f"Hex {hex_id}"
