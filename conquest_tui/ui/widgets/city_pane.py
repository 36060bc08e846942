"""The city pane: the city or hex under the map cursor, as far as the Clan knows it (fog of war)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from conquest_tui.engine.ruleset import Ruleset
from conquest_tui.engine.view import UNKNOWN, CityInfo, ClanView, HexInfo

UNKNOWN_TEXT = "?"
"""What the pane shows for a fact the Clan does not know."""

Row = tuple[str, str]
"""(label, value) of one fact."""


def owner_text(owner: int, clan_number: int) -> str:
    """"yours", "Clan 122", "unowned" or "unknown"."""
    if owner == UNKNOWN:
        return "unknown"
    if owner == clan_number:
        return "yours"
    return f"Clan {owner}" if owner else "unowned"


def _money(amount: int) -> str:
    return f"${amount:,}"


def city_rows(info: CityInfo, clan_number: int, rules: Ruleset, game_turn: int) -> list[Row]:
    """The facts of a city, "?" where the Clan does not know them.

    Args:
        info: The city as the Clan's view gives it.
        clan_number: The Clan looking.
        rules: For fortification, building and expert names.
        game_turn: The game turn now (facts from an earlier turn are marked).

    Returns:
        (label, value) rows, the first naming the city.
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
    rows: list[Row] = [
        ("City", info.name.upper() if info.major else info.name),
        ("Owner", owner_text(info.owner, clan_number)),
        ("Value", fact(_money(info.value), live)),
        ("Population", fact(f"{info.population:,}")),
        ("Fortification", fort),
        ("Troops", fact(f"{info.troops:,}")),
        ("Claymores", fact(str(info.claymores), live)),
        ("Produces", info.produces or "-"),
        ("Needs", info.needs or "-"),
        ("Guild expert", expert or "None"),
        ("Status", info.status),
        ("Spotting", fact(f"{info.spotting} hexes")),
        ("Radio", fact(f"{info.radio} hexes")),
        ("Buildings", fact(buildings)),
    ]
    if info.conquered:
        rows.append(("", "conquered last turn"))
    if not live:
        if info.seen_turn:
            rows.append(("", f"as seen in turn {info.seen_turn}"))
        else:
            rows.append(("", "never visited: only the map's public facts"))
    elif info.seen_turn and info.seen_turn != game_turn:
        rows.append(("", f"as seen in turn {info.seen_turn}"))
    return rows


def hex_rows(info: HexInfo, clan_number: int, rules: Ruleset) -> list[Row]:
    """The facts of a hex, "?" where the Clan does not know them.

    Args:
        info: The hex as the Clan's view gives it.
        clan_number: The Clan looking.
        rules: For the names of structures.

    Returns:
        (label, value) rows, the first naming the hex and its terrain.
    """
    known = info.owner != UNKNOWN

    def fact(value: str) -> str:
        return value if known else UNKNOWN_TEXT

    def structure(code: str, table: str) -> str:
        if not code:
            return "none"
        rules_table = rules.special_structures if table == "special" else rules.custom_structures
        return rules_table[code].name if code in rules_table else code

    production = (f"{_money(info.value)}  food {info.food}  fuel {info.fuel}  "
                  f"parts {info.parts}  vaccine {info.vaccine}")
    rows: list[Row] = [
        ("Hex", f"{info.hex} {info.terrain}"),
        ("Owner", owner_text(info.owner, clan_number)),
        ("Defense", fact(str(info.defense))),
        ("Guards", fact(str(info.guards))),
        ("Production", fact(production)),
        ("Special", fact(structure(info.special, "special"))),
        ("Structure", fact(structure(info.custom, "custom"))),
        ("Roads", " ".join(info.roads) or "none"),
        ("River", "yes" if info.river else "no"),
    ]
    if info.conquered:
        rows.append(("", "conquered last turn"))
    if not known:
        rows.append(("", f"last seen in turn {info.seen_turn}" if info.seen_turn
                     else "never seen: only the map's public facts"))
    return rows


def _grid(rows: list[Row]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    for label, value in rows:
        table.add_row(label, Text(value, style="bold" if value == UNKNOWN_TEXT else ""))
    return table


class CityPane(Widget):
    """Facts about the hex under the map cursor and the city in it, as the Clan knows them.

    Reads nothing but the ClanView it is given (and the ruleset's names): fog of war holds.
    """

    DEFAULT_CSS = """
    CityPane {
        height: 1fr;
    }
    CityPane > VerticalScroll {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    CityPane #city-facts {
        width: 1fr;
    }
    CityPane #city-hex-facts {
        width: 1fr;
        margin-top: 1;
    }
    CityPane #city-hex-facts.-alone {
        margin-top: 0;
    }
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
        self.rows: list[Row] = []
        """Every (label, value) row shown now, city first (for tests and copying)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="city-facts")
            yield Static("Move the map cursor to a hex.", id="city-hex-facts", classes="-alone")

    def show_hex(self, view: ClanView, hex_id: str) -> None:
        """Show the city (if any) and the hex at `hex_id` as the Clan knows them.

        Args:
            view: What the Clan knows.
            hex_id: The `CCRR` id of the hex.
        """
        game = view.game
        rules = game.rules
        self.hex_id = hex_id
        city = view.city_info(hex_id)
        city_part = city_rows(city, view.number, rules, game.state.game_turn) if city else []
        hex_part = hex_rows(view.hex_info(hex_id), view.number, rules)
        hex_part += self._presence_rows(view, hex_id)
        self.rows = city_part + hex_part
        facts = self.query_one("#city-facts", Static)
        facts.display = bool(city_part)
        if city_part:
            facts.update(_grid(city_part))
        hex_facts = self.query_one("#city-hex-facts", Static)
        hex_facts.set_class(not city_part, "-alone")
        hex_facts.update(_grid(hex_part))
        if city is not None:
            self.border_title = city.name.upper() if city.major else city.name
        else:
            self.border_title = f"Hex {hex_id}"

    @staticmethod
    def _presence_rows(view: ClanView, hex_id: str) -> list[Row]:
        rows: list[Row] = []
        own = [f"#{convoy.number}" for convoy in view.convoys() if convoy.hex == hex_id]
        if own:
            rows.append(("Your convoys", " ".join(own)))
        for sighting in view.sightings():
            if sighting.hex != hex_id:
                continue
            whose = f"Clan {sighting.owner}" if sighting.owner else "unknown Clan"
            what = " ".join(part for part in (sighting.size_name, sighting.convoy_type) if part)
            rows.append(("Sighted", f"{what or 'a'} convoy of {whose} "
                                    f"({sighting.how}, turn {sighting.game_turn})"))
        return rows
