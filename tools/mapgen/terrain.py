"""The twelve terrain types, their legend characters and road-building costs."""

from __future__ import annotations

LEGEND: dict[str, str] = {
    "plains": "p",
    "agricultural": "a",
    "forest": "f",
    "desert": "d",
    "mountains": "m",
    "swamp": "s",
    "wilderness": "w",
    "jungle": "j",
    "barren": "b",
    "metropolis": "M",
    "water": ".",
    "islands": "i",
}
FROM_CHAR: dict[str, str] = {c: t for t, c in LEGEND.items()} | {"~": "sea_lane"}
WATER = frozenset({"water", "sea_lane"})

# Cost of building a road into a hex of each terrain (open ground 1 ... mountains 5).
ROAD_COST: dict[str, float] = {
    "plains": 1.0,
    "agricultural": 1.0,
    "metropolis": 1.0,
    "forest": 2.0,
    "islands": 2.0,
    "desert": 3.0,
    "wilderness": 3.0,
    "swamp": 4.0,
    "jungle": 4.0,
    "barren": 4.0,
    "mountains": 5.0,
}


def terrain_name(value: str) -> str:
    """Accept a terrain name or legend character and return the name."""
    if value in LEGEND:
        return value
    if value in FROM_CHAR:
        return FROM_CHAR[value]
    raise ValueError(f"unknown terrain {value!r}")
