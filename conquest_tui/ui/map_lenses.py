"""The map's lenses: how each hex is shaded for owners, defense, production and intel."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conquest_tui.engine.face import UNKNOWN, ClanView

TERRAIN = "terrain"
OWNER = "owner"
DEFENSE = "defense"
PRODUCTION = "production"
INTEL = "intel"

LENSES: tuple[str, ...] = (TERRAIN, OWNER, DEFENSE, PRODUCTION, INTEL)
"""The lenses in the order `v` cycles through them."""

LENS_TITLES: dict[str, str] = {
    TERRAIN: "Terrain",
    OWNER: "Owners",
    DEFENSE: "Defense",
    PRODUCTION: "Production",
    INTEL: "What you know",
}
"""Lens → its name in the map's border title and the legend."""

CLAN_SHADES = 8
"""Other Clans' hexes cycle through this many colours (clan number modulo)."""


@attrs.frozen
class Shade:
    """How one hex looks under a lens: a style key (map_palette.LENS_STYLES) and a character
    ("" keeps the terrain letter)."""

    key: str
    char: str = ""


NEVER_SEEN = Shade("unknown", " ")
"""Hexes the Clan has never seen, under every lens but terrain."""


def next_lens(lens: str, step: int = 1) -> str:
    """The lens after (step 1) or before (step −1) this one."""
    return LENSES[(LENSES.index(lens) + step) % len(LENSES)]


def lens_shading(view: ClanView, lens: str) -> Mapping[str, Shade] | None:
    """Hex → its shade under the lens (hexes missing: NEVER_SEEN); None for the terrain lens.

    Reads only the Clan's view: its hexes, what it saw and when, what it knows of cities.
    """
    if lens == TERRAIN:
        return None
    known = view.known_hexes()
    for hex_id in view.owned_hexes():
        known[hex_id] = view.game_turn
    if lens == INTEL:
        latest = view.last_turn().game_turn or view.game_turn
        for hex_id in view.owned_hexes():
            known[hex_id] = latest
        return {h: _intel_shade(latest - seen) for h, seen in known.items()}
    shading: dict[str, Shade] = {}
    for hex_id in known:
        info = view.hex_info(hex_id)
        if lens == OWNER:
            shading[hex_id] = _owner_shade(view, hex_id, info.owner)
        elif info.owner == UNKNOWN:
            shading[hex_id] = Shade("not-now")
        elif lens == DEFENSE:
            shading[hex_id] = defense_shade(info.defense)
        else:
            shading[hex_id] = production_shade(
                info.value, {"F": info.food, "U": info.fuel, "P": info.parts, "V": info.vaccine})
    return shading


def _owner_shade(view: ClanView, hex_id: str, owner: int) -> Shade:
    if owner == UNKNOWN:
        city = view.city_info(hex_id)
        owner = city.owner if city is not None else UNKNOWN
    if owner == view.number:
        return Shade("own")
    if owner == UNKNOWN:
        return Shade("not-now")
    if owner == 0:
        return Shade("nobody")
    return Shade(f"clan-{owner % CLAN_SHADES}", str(owner % 10))


DEFENSE_BANDS: tuple[tuple[int, str], ...] = ((2, "def-1"), (4, "def-2"), (6, "def-3"),
                                              (8, "def-4"), (99, "def-5"))
"""(highest level, style key): defense levels 0–2, 3–4, 5–6, 7–8, 9–10."""


def defense_shade(level: int) -> Shade:
    """Darker red for stronger hexes; the level as a digit ("+" for 10)."""
    key = next(k for top, k in DEFENSE_BANDS if level <= top)
    return Shade(key, str(level) if level < 10 else "+")


MONEY_BANDS: tuple[tuple[int, str], ...] = ((0, "prod-0"), (999, "prod-1"), (1999, "prod-2"),
                                            (3999, "prod-3"), (10**9, "prod-4"))
"""(highest money value, style key): $0, under $1,000, under $2,000, under $4,000, more."""


def production_shade(money: int, goods: Mapping[str, int]) -> Shade:
    """Shaded by money value; the letter of its largest other yield (F food, U fuel, P parts,
    V vaccine), "·" when it yields none."""
    key = next(k for top, k in MONEY_BANDS if money <= top)
    letter, amount = max(goods.items(), key=lambda item: item[1], default=("·", 0))
    return Shade(key, letter if amount > 0 else "·")


def _intel_shade(age: int) -> Shade:
    if age <= 0:
        return Shade("seen-now")
    if age == 1:
        return Shade("seen-1", "1")
    if age <= 3:
        return Shade("seen-3", str(age))
    return Shade("seen-old", str(age) if age < 10 else "+")
