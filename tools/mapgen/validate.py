"""Check a map against docs/map-format.md (and the game's own validator when present)."""

from __future__ import annotations

from typing import Any

from .cities import GOODS, GUILDS
from .hexgrid import adjacent, in_bounds, parse_id
from .terrain import FROM_CHAR, WATER


def problems(data: dict[str, Any]) -> list[str]:
    """Every rule of the map format that the data breaks (empty when valid)."""
    out: list[str] = []
    cols, rows = data["columns"], data["rows"]
    terr = data["terrain"]
    if len(terr) != rows:
        out.append(f"{len(terr)} terrain rows, expected {rows}")
    for r, line in enumerate(terr, start=1):
        if len(line) != cols:
            out.append(f"row {r} has {len(line)} columns")
        bad = set(line) - set(FROM_CHAR)
        if bad:
            out.append(f"row {r} has unknown terrain {sorted(bad)}")

    def terrain_of(hid: str) -> str:
        c, r = parse_id(hid)
        return FROM_CHAR[terr[r - 1][c - 1]]

    for kind in ("roads", "rivers"):
        for path in data[kind]:
            ids = path.split(" ")
            if len(ids) < 2:
                out.append(f"{kind} path {path!r} is shorter than one link")
            for hid in ids:
                if len(hid) != 4 or not hid.isdigit() or not in_bounds(parse_id(hid), cols, rows):
                    out.append(f"{kind} hex {hid} out of range")
                elif terrain_of(hid) in WATER:
                    out.append(f"{kind} hex {hid} is water")
            for a, b in zip(ids, ids[1:], strict=False):
                if not adjacent(parse_id(a), parse_id(b)):
                    out.append(f"{kind} {a}-{b} not adjacent")
    names: set[str] = set()
    hexes: set[str] = set()
    for city in data["cities"]:
        hid, name = city["hex"], city["name"]
        if not in_bounds(parse_id(hid), cols, rows):
            out.append(f"city {name} off the map")
            continue
        if terrain_of(hid) in WATER:
            out.append(f"city {name} on water")
        if name in names:
            out.append(f"duplicate city name {name}")
        if hid in hexes:
            out.append(f"two cities in {hid}")
        names.add(name)
        hexes.add(hid)
        if city["produces"] not in GOODS:
            out.append(f"{name} produces {city['produces']}")
        if city["needs"] not in (*GOODS, "anything") or city["needs"] == city["produces"]:
            out.append(f"{name} needs {city['needs']}")
        if city["guild"] is not None and city["guild"] not in GUILDS:
            out.append(f"{name} guild {city['guild']}")
        if not 1 <= city["fortification"] <= 6:
            out.append(f"{name} fortification {city['fortification']}")
        if city["population"] < 1000 or city["base_value"] <= 0:
            out.append(f"{name} population or base value")
    p = data["players"]
    if not 2 <= p["min"] <= p["max"] <= 20:
        out.append(f"players {p}")
    try:
        from conquest_tui.storage.map_loader import validate_map_data
    except ImportError:
        return out
    out.extend(f"map_loader: {e}" for e in validate_map_data(data, f"{data['name']}.json"))
    return out
