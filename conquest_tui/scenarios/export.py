"""A Clan's position written as a scenario to start from: only what its seat's view shows."""

from __future__ import annotations

import json
from typing import Any

import attrs

from conquest_tui.engine.core.items import Item
from conquest_tui.engine.face import UNKNOWN, ClanView
from conquest_tui.scenarios.expectations import possessive
from conquest_tui.scenarios.records import (
    CitySpec,
    ClanSpec,
    ConvoySpec,
    HexSpec,
    Scenario,
)
from conquest_tui.storage.converter import unstructure

STRANGER = "Another Clan"
"""The rival a scenario needs when the Clan has met nobody (a game has two Clans at least)."""


def scenario_from_view(view: ClanView) -> Scenario:
    """The Clan's position as its view shows it: its stockpile, convoys, hexes and the cities
    it knows, with the Clans it has met named; no sheets and no expectations yet."""
    own = view.clan
    names = {clan.number: clan.name for clan in view.met_clans()}
    names[own.number] = own.name
    clans = [ClanSpec(name=own.name, money=own.stock.money, popularity=own.popularity,
                      agents=own.agents, keep_convoys=False,
                      stock={item.value: own.stock.get(item) for item in Item
                             if item is not Item.MONEY})]
    clans += [ClanSpec(name=name) for number, name in sorted(names.items())
              if number != own.number]
    if len(clans) < 2:
        clans.append(ClanSpec(name=STRANGER))
    keys = {vehicle.name: key for key, vehicle in view.rules.vehicles.items()}
    convoys = [ConvoySpec(
        clan=own.name, number=c.number, hex=c.hex, type=c.convoy_type,
        vehicles={keys.get(name, name): count for name, count in c.vehicles},
        troops=c.troops, rifles=c.rifles[0], grenades=c.grenades[0], rockets=c.rockets[0],
        bombs=c.bombs[0], experts=list(c.experts), morale=c.morale, training=c.training,
        health=c.health, mode=c.mode, hidden=c.hidden, cargo_type=c.cargo_type, cargo=c.cargo,
    ) for c in view.convoys()]
    hexes = []
    for hex_id in sorted(view.known_hexes()):
        info = view.hex_info(hex_id)
        if info.owner == UNKNOWN or (info.owner and info.owner not in names):
            continue
        hexes.append(HexSpec(hex=hex_id, owner=names.get(info.owner, ""), defense=info.defense,
                             garrison=info.guards, custom=info.custom, special=info.special))
    cities = [CitySpec(hex=city.hex, owner=names.get(city.owner, ""), population=city.population,
                       fortification=city.fortification, troops=city.troops,
                       claymores=city.claymores, buildings=list(city.buildings))
              for city in view.listed_cities()
              if city.owner != UNKNOWN and (not city.owner or city.owner in names)]
    return Scenario(title=f"{possessive(own.name)} position, game turn {view.game_turn}",
                    map=view.map.name, turn=view.game_turn, clans=tuple(clans),
                    convoys=tuple(convoys), hexes=tuple(hexes), cities=tuple(cities))


def scenario_toml(scenario: Scenario) -> str:
    """The scenario as TOML a person reads and edits (fields left at their defaults omitted)."""
    data = _trimmed(unstructure(scenario, Scenario), scenario)
    lines: list[str] = []
    tables = {key: value for key, value in data.items() if isinstance(value, list)
              and value and isinstance(value[0], dict)}
    for key, value in data.items():
        if key not in tables:
            lines.append(f"{key} = {_value(value)}")
    for key, rows in tables.items():
        for row in rows:
            lines += ["", f"[[{key}]]"]
            lines += [f"{field} = {_value(value)}" for field, value in row.items()]
    return "\n".join(lines) + "\n"


def _trimmed(data: dict[str, Any], record: Any) -> dict[str, Any]:
    """Plain data without the fields that hold their default (None, empty, as declared)."""
    defaults = {field.name: field.default for field in attrs.fields(type(record))}
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "map":
            out[key] = value
            continue
        if value is None or value == defaults.get(key) or (
                value in ([], {}) and key != "buildings"):
            continue
        if isinstance(value, list) and value and attrs.has(type(getattr(record, key)[0])):
            value = [_trimmed(row, item) for row, item in zip(value, getattr(record, key),
                                                                 strict=True)]
        out[key] = value
    return out


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if "\n" in value:
            return '"""\n' + value.replace("\\", "\\\\").replace('"""', '\\"""') + '"""'
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"no TOML for {value!r}")
