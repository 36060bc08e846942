"""The stockpile's goods as a closed set: `Item`, its values the words saves and rules use."""

from __future__ import annotations

import enum


class Item(enum.StrEnum):
    """One good of a Clan's stockpile (CC-RES-01), in the order the 1995 sheet prints them
    (CC-CL-GEN-04); a convoy carries troops and four of the weapons (`CARRIED`)."""

    MONEY = "money"
    FOOD = "food"
    FUEL = "fuel"
    PARTS = "parts"
    VACCINE = "vaccine"
    TROOPS = "troops"
    RIFLES = "rifles"
    GRENADES = "grenades"
    ROCKETS = "rockets"
    CLAYMORES = "claymores"
    BOMBS = "bombs"


CARRIED_WEAPONS: tuple[Item, ...] = (Item.RIFLES, Item.GRENADES, Item.ROCKETS, Item.BOMBS)
"""The optional weapons a convoy carries (claymores stay in cities, CC-WPN-07)."""

CARRIED: frozenset[Item] = frozenset({Item.TROOPS, *CARRIED_WEAPONS})
"""What a convoy holds of the stockpile's goods (`Convoy.carried`)."""
