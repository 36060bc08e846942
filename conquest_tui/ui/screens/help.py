"""F1 help for players: a first turn, the keys, the order sheet, every order, the game's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Static

from conquest_tui.engine.face import CLAN, CONVOY, OrderRegistry, hide_rule_ids, price_text
from conquest_tui.storage.paths import interpretations_file
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

if TYPE_CHECKING:
    from conquest_tui.engine.face import HouseRule, PriceList

QUICK_START: tuple[str, ...] = (
    "The map opens on your convoy #1 beside your home city; the line at the bottom shows your "
    "money, troops and the problems on your sheet.",
    "F2 goes to your order sheet. Under [PRE] give your Clan's orders, e.g. BUY 20 FOOD.",
    "Under [CONVOY 1] each line is one pulse: N NE SE S SW NW moves one hex. Or move the map "
    "cursor to a hex and press m: the moves of a legal path there (roads first, within the "
    "moves left) are written for the selected convoy and drawn on the map, numbered by pulse.",
    "In the map, v changes what the colours show (terrain, owners, defense, production, what "
    "you know), L explains them, z shows the whole map and p replays your last turn.",
    "Tab completes an order's word (after BUY 2, what to buy, with its price); the line under "
    "the sheet says how the order is written. Tab never leaves the sheet: F6 or Esc does.",
    "What does it cost? In this help, m shows the Market: every price your Clan pays now. On "
    "the sheet, a line that costs money shows it on its right, with the money left after it.",
    "A line with a problem is underlined, the problem beside it; it is skipped, the rest runs.",
    "F3 shows the forecast: your turn played ahead with what you know, pulse by pulse (where "
    "each convoy stands, its fuel, food and troops) and your money after the turn. A line it "
    "expects to fail is marked \"forecast: will fail at pulse …\"; it still runs.",
    "F5 ends your turn. Read your report, press Enter and hand the keyboard to the next Clan.",
    "Next time, H shows every report you have read, a line for each turn, and plots of your "
    "popularity, income, hexes and cities; I is your inbox, R the Clans you have met.",
    "The game saves after every turn. Ctrl+S saves and goes back to the title; Ctrl+Q asks "
    "before it quits. Your sheet is kept either way.",
    "Leaving the table? Ctrl+P, \"Hand this seat to a bot\": the computer plays your Clan until "
    "you take it back (\"Take over Clan …\", your PIN asked if you set one).",
)
"""Your first turn, step by step (the top of F1 help)."""

TERMS: tuple[tuple[str, str], ...] = (
    ("Game turn", "every Clan takes one turn, in order; then markets, population and income "
                  "change"),
    ("Pulse", "a convoy's turn has pulses: its first sheet line is pulse 1, the second pulse 2…"),
    ("Convoy", "vehicles, troops and weapons moving together; each has a number (#1, #2…)"),
    ("Hex", "one map cell, numbered column then row (1212: column 12, row 12)"),
    ("Popularity", "your score; the first Clan to reach the victory mark wins, else the most "
                   "popular when the last game turn ends"),
    ("Modes", "in Capture mode a convoy takes the hexes it enters when it is strong enough; in "
              "Recon mode it scouts and leaves them alone"),
)
"""The rulebook's words a first-time player meets at once."""


def _steps(title: str, rows: Iterable[tuple[str, str]]) -> Table:
    """A titled two-column grid whose second column wraps under itself."""
    table = Table.grid(padding=(0, 1))
    table.title = title
    table.title_justify = "left"
    table.title_style = "bold"
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for left, right in rows:
        table.add_row(Text(left), Text(right))
    return table


RULES_NOTE = ("Where the 1995 rulebook is unclear or silent, this edition's choices are written "
              "in docs/rules-interpretations.md, beside the game.")

SHEET_FORMAT = """\
An order sheet has sections. Each line holds one order; a ";" starts a comment.

  [PRE]          Clan orders before the convoys move (buying, enlisting, creating…)
  [CONVOY n]     one line per pulse for convoy #n: a move (N NE SE S SW NW, or a hex
                 number) or a convoy order; the first line is pulse 1
  [POST]         Clan orders after the convoys moved

Orders may be written in full or abbreviated; case does not matter. Each line is checked as
you type: a line with a problem is underlined, the problem is written beside it (◂ …) and
listed under the sheet (Enter on one jumps to its line). Lines with problems are skipped when
the turn runs — the rest of the sheet still runs."""

MARKET_NOTE = ("BUY pays these prices when its line runs; supplies and weapons go to your "
               "stockpile, vehicles join the convoy named (BUY 2 BIKES #1) wherever it is. "
               "SELL pays half the price. The order sheet shows each line's cost in its right "
               "margin once the forecast has run, and the money left after it.")
"""Under the price list: how buying works, in a few words."""

HOUSE_NOTE = ("Rules borrowed from other play-by-mail games of the 1990s. Each is off unless "
              "the game was started with it: tick it in the New Game form, or name it when "
              "starting a game from the command line (conquest new --house NAME).")
"""Above the house rules: what they are and how a game gets them."""

KeyGroup = tuple[str, Sequence[Binding]]
"""(group title, bindings) shown in one table."""


def rules_interpretations_path() -> Path:
    """docs/rules-interpretations.md (a checkout) or its copy shipped in the wheel's data."""
    return interpretations_file()


def bindings_of(node: DOMNode, keymap: Mapping[str, str]) -> list[Binding]:
    """A node's bindings with the keys in force (`keymap` applied), one per action.

    Args:
        node: The app, a screen or a pane.
        keymap: Binding id → keys, as given to the app's `set_keymap`.
    """
    by_key: dict[str, list[Binding]] = {}
    for base in reversed(type(node).__mro__):  # a subclass's binding of a key replaces its base's
        if "BINDINGS" in base.__dict__:
            by_key.update(BindingsMap(base.__dict__["BINDINGS"]).key_to_bindings)
    declared = BindingsMap.from_keys(by_key)
    declared.apply_keymap(dict(keymap))
    found: dict[tuple[str, str], Binding] = {}
    keys: dict[tuple[str, str], list[str]] = {}
    for key, bindings in declared.key_to_bindings.items():
        for binding in bindings:
            if binding.system:
                continue
            ident = (binding.action, binding.description)
            found.setdefault(ident, binding)
            keys.setdefault(ident, []).append(key)
    result = []
    for ident, binding in found.items():
        result.append(Binding(",".join(keys[ident]), binding.action, binding.description,
                              show=binding.show, id=binding.id, tooltip=binding.tooltip))
    return result


def keys_table(groups: Iterable[KeyGroup]) -> Table:
    """One table of every key, grouped."""
    table = Table(title="Keys", title_justify="left", expand=False, show_edge=False,
                  pad_edge=False)
    table.add_column("Where", style="dim", no_wrap=True)
    table.add_column("Keys", style="bold", no_wrap=True)
    table.add_column("Does")
    for title, bindings in groups:
        for index, binding in enumerate(bindings):
            keys = ", ".join(_key_name(k) for k in binding.key.split(","))
            does = binding.description or binding.action
            if binding.tooltip and binding.tooltip != binding.description:
                does = f"{does}: {binding.tooltip}" if binding.description else binding.tooltip
            table.add_row(Text(title if index == 0 else ""), Text(keys), Text(does))
    return table


def _key_name(key: str) -> str:
    names = {"escape": "Esc", "enter": "Enter", "tab": "Tab", "space": "Space"}
    key = key.strip()
    if key in names:
        return names[key]
    parts = key.split("+")
    parts = [p.upper() if p.startswith("f") and p[1:].isdigit() else p.title() if len(p) > 1
             else p for p in parts]
    return "+".join(parts)


def orders_table(orders: OrderRegistry, section: str) -> Table:
    """Every order of a section from the registry: keyword, abbreviation, syntax, summary."""
    title = "Convoy orders ([CONVOY n] sections)" if section == CONVOY else \
        "Clan orders ([PRE] and [POST] sections)"
    table = Table(title=title, title_justify="left", expand=False, show_edge=False,
                  pad_edge=False)
    table.add_column("Order", style="bold", no_wrap=True)
    table.add_column("Abbr", no_wrap=True)
    table.add_column("Syntax", style="cyan")
    table.add_column("Does")
    for spec in sorted((s for s in orders.specs if s.section == section),
                       key=lambda s: s.keyword):
        summary = spec.summary if spec.supported else f"{spec.summary} (not carried out yet)"
        table.add_row(*(Text(hide_rule_ids(cell)) for cell in (
            spec.keyword, spec.abbreviation or "-", spec.syntax, summary)))
    return table


def help_renderable(groups: Iterable[KeyGroup], orders: OrderRegistry) -> RenderableType:
    """The whole help text."""
    parts: list[RenderableType] = [
        _steps("Your first turn", ((f"{n}.", step) for n, step in
                                   enumerate(QUICK_START, start=1))),
        Text(""),
        keys_table(groups),
        Text(""),
        Text("The order sheet", style="bold"),
        Text(SHEET_FORMAT),
        Text(""),
        orders_table(orders, CONVOY),
        Text(""),
        orders_table(orders, CLAN),
        Text(""),
        _steps("Words of the game", TERMS),
        Text(""),
        Text(RULES_NOTE),
    ]
    return Group(*parts)


def market_renderable(prices: PriceList) -> RenderableType:
    """The Market page: every price the Clan's orders pay now, by group, and what sets it."""
    parts: list[RenderableType] = [Text(price_text.heading(prices), style="bold")]
    for title, rows in price_text.groups(prices):
        table = Table(title=title, title_justify="left", title_style="bold", box=None,
                      show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(no_wrap=True, max_width=24)
        table.add_column(justify="right", no_wrap=True)
        table.add_column(ratio=1)
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))
        parts += [Text(""), table]
    parts += [Text(""), Text(MARKET_NOTE)]
    return Group(*parts)


def house_renderable(rules: Sequence[HouseRule], in_play: tuple[str, ...] | None
                     ) -> RenderableType:
    """The House rules page: each rule's title and name, whether it is on in this game (None:
    no game at the table), its summary and the seed it comes from."""
    parts: list[RenderableType] = [Text("House rules", style="bold"), Text(HOUSE_NOTE)]
    for rule in rules:
        state = "" if in_play is None else (
            " — on in this game" if rule.title in in_play else " — off in this game")
        parts += [Text(""), Text(f"{rule.title} ({rule.name}){state}", style="bold"),
                  Text(rule.summary), Text(f"From {rule.seed}.", style="dim")]
    return Group(*parts)


class HelpScreen(Screen[None]):
    """Keys and orders, and the Market page (the Clan's prices); Escape or F1 closes it."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("help")
    """Its layout, read when the screen is first shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "Close help", id="help.close",
                tooltip="Back to where you were"),
        Binding("m,dollar_sign", "market", "Market", id="help.market",
                tooltip="What everything costs your Clan now, and what sets each price "
                        "(again: back to the keys and orders)"),
        Binding("h", "house", "House rules", id="help.house",
                tooltip="The house rules, and which are on in this game (again: back to the "
                        "keys and orders)"),
    ]

    def __init__(self, groups: Sequence[KeyGroup], orders: OrderRegistry,
                 prices: PriceList | None = None, *, house_rules: Sequence[HouseRule] = (),
                 in_play: tuple[str, ...] | None = None) -> None:
        """Create the help screen.

        Args:
            groups: The key bindings to list, grouped by where they work.
            orders: The orders of the rules in play, listed with their syntax.
            prices: The Clan's prices, for the Market page (None: no Clan at the keyboard).
            house_rules: Every house rule, for the House rules page.
            in_play: The titles of the house rules on in this game (None: no game).
        """
        super().__init__(classes="help")
        self.groups = groups
        self.orders = orders
        self.prices = prices
        self.house_rules = house_rules
        self.in_play = in_play

    def compose(self) -> ComposeResult:
        with ContentSwitcher(initial="help-scroll", id="help-pages"):
            with VerticalScroll(id="help-scroll") as scroll:
                scroll.border_title = "Help — CONTINENTAL CONQUEST"
                scroll.border_subtitle = "↑↓ PgUp PgDn to scroll, Esc to close"
                yield Static(help_renderable(self.groups, self.orders), id="help-text")
            if self.prices is not None:
                with VerticalScroll(id="market-scroll") as market:
                    market.border_title = "Market — your prices now"
                    market.border_subtitle = "↑↓ PgUp PgDn to scroll, m for help, Esc to close"
                    yield Static(market_renderable(self.prices), id="market-text")
            with VerticalScroll(id="house-scroll") as house:
                house.border_title = "House rules"
                house.border_subtitle = "↑↓ PgUp PgDn to scroll, h for help, Esc to close"
                yield Static(house_renderable(self.house_rules, self.in_play), id="house-text")
        yield Footer()

    def on_mount(self) -> None:
        pages = self.query("#help-scroll")
        if pages:  # else closed before it was shown (keys faster than the screens)
            pages.first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.prices is not None if action == "market" else True

    def action_market(self) -> None:
        """Show the Market page, or the keys and orders again."""
        self._turn_to("market-scroll")

    def action_house(self) -> None:
        """Show the House rules page, or the keys and orders again."""
        self._turn_to("house-scroll")

    def _turn_to(self, wanted: str) -> None:
        pages = self.query(ContentSwitcher)
        if not pages:  # closed before it was shown (keys faster than the screens)
            return
        switcher = pages.first()
        page = "help-scroll" if switcher.current == wanted else wanted
        switcher.current = page
        self.query_one(f"#{page}").focus()

    def action_close(self) -> None:
        """Close help."""
        self.dismiss(None)
