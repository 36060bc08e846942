"""The records of a scenario file (TOML), structured by the project's one converter."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class ClanSpec:
    """A Clan at the table: its name, and what it holds when the scenario starts."""

    name: str
    money: int | None = None
    stock: dict[str, int] = attrs.field(factory=dict)
    """Stockpile goods by name (food, fuel, troops, rifles, …)."""
    popularity: int | None = None
    vigilance: int | None = None
    agents: int | None = None
    income: bool = True
    """False: its hexes and cities produce nothing (its special and custom structures still do),
    so its money is exact when its orders run."""
    keep_convoys: bool = True
    """False: the Clan's starting convoy is taken away (its convoys are the scenario's)."""


@attrs.frozen
class ConvoySpec:
    """A convoy of a Clan, replacing the convoy of that number if it has one."""

    clan: str
    number: int
    hex: str
    type: str = "land"
    vehicles: dict[str, int] | None = None
    troops: int = 0
    rifles: int = 0
    grenades: int = 0
    rockets: int = 0
    bombs: int = 0
    experts: list[str] = attrs.field(factory=list)
    morale: int = 30
    training: int = 30
    health: int = 100
    mode: str = "capture"
    hidden: bool = False
    infected: bool = False
    cargo_type: str = ""
    cargo: int = 0


@attrs.frozen
class HexSpec:
    """One hex's owner (a Clan's name, "" for nobody), defense, guards and structures."""

    hex: str
    owner: str | None = None
    defense: int | None = None
    garrison: int | None = None
    custom: str | None = None
    special: str | None = None
    money: int | None = None
    food: int | None = None
    fuel: int | None = None
    parts: int | None = None
    vaccine: int | None = None


@attrs.frozen
class CitySpec:
    """One city's owner, people, fortification, troops, buildings, Plague and spies."""

    hex: str
    owner: str | None = None
    population: int | None = None
    fortification: int | None = None
    base_value: int | None = None
    troops: int | None = None
    claymores: int | None = None
    buildings: list[str] | None = None
    plague: bool | None = None
    spies: list[str] | None = None


@attrs.frozen
class TurnSpec:
    """One Clan's order sheet, exactly as a player types it."""

    clan: str
    sheet: str = ""


@attrs.frozen
class Expectation:
    """One thing that must hold after the turns: an event, a stock, an owner, a figure…

    `clan` names whose turn, stock or convoy; then one of `event` (with `facts` a subset of the
    event's facts and `count` how many such events), `stock`, `popularity`, `hex` (with
    `owner`, `defense`, `garrison`), `city` (with `owner`, `troops`, `population`, `plague`),
    `convoy` (a number, with `fields`), or `problem` (a code of the Clan's last sheet).
    """

    clan: str = ""
    event: str = ""
    facts: dict[str, Any] = attrs.field(factory=dict)
    between: dict[str, list[int]] = attrs.field(factory=dict)
    """Facts of the event that must lie in a range: `lost = [20, 44]` (both ends included)."""
    count: int | None = None
    stock: dict[str, int] = attrs.field(factory=dict)
    popularity: int | None = None
    hex: str = ""
    city: str = ""
    owner: str | None = None
    defense: int | None = None
    garrison: int | None = None
    troops: int | None = None
    population: int | None = None
    plague: bool | None = None
    convoy: int | None = None
    fields: dict[str, Any] = attrs.field(factory=dict)
    problem: str = ""
    note: str = ""
    """Why it holds, in the rulebook's words (shown when it fails)."""


@attrs.frozen
class Scenario:
    """A whole scenario: the map, the seed, the position, the sheets, the expectations.

    Its lists are tuples: a scenario's lists of records are read row by row, as written, not as
    the columns a save keeps its flat records in.
    """

    title: str
    rules: list[str] = attrs.field(factory=list)
    """The checklist ids it covers."""
    example: str = ""
    """The rulebook's worked example, quoted with its figures."""
    map: str = "test_small"
    seed: str = "scenario"
    calm: bool = True
    """True: no random events, so stocks are exact."""
    turn: int | None = None
    """The game turn the position is at (default: the first)."""
    expect_fails: str = ""
    """A known difference from the rulebook: the reason and its AMB id; the run must fail."""
    clans: tuple[ClanSpec, ...] = ()
    convoys: tuple[ConvoySpec, ...] = ()
    hexes: tuple[HexSpec, ...] = ()
    cities: tuple[CitySpec, ...] = ()
    turns: tuple[TurnSpec, ...] = ()
    expect: tuple[Expectation, ...] = ()
