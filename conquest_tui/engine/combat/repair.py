"""After a convoy battle: repair with parts, scrapping the smallest vehicles when short."""

from __future__ import annotations

import math

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy


@attrs.frozen
class Repair:
    """What repairing one convoy cost: parts needed and paid, vehicles scrapped, parts they gave."""

    damage: int
    need: int
    paid: int
    scrapped: tuple[str, ...]
    gained: int


def parts_needed(damage: int, hit_points_per_part: int) -> int:
    """1 part per 5 hit points (10 with a Tinkerer), rounded up over the convoy (cars 42 → 9)."""
    return math.ceil(damage / hit_points_per_part)


def hit_points_per_part(game: Game, convoy: Convoy) -> int:
    """5, or 10 with an Expert Tinkerer (CC-CBV-12, AMB-09)."""
    rules = game.rules.consumption
    if "TIN" in convoy.experts:
        return rules.tinkerer_repair_hit_points_per_part
    return rules.repair_hit_points_per_part


def scrap_parts(game: Game, convoy: Convoy, key: str) -> int:
    """Parts from scrapping a vehicle: price / $1,000, doubled by a Tinkerer (AMB-43)."""
    rules = game.rules
    parts = rules.vehicles[key].cost // rules.consumption.scrap_dollars_per_part
    return parts * (rules.consumption.tinkerer_scrap_factor if "TIN" in convoy.experts else 1)


def repair(game: Game, convoy: Convoy, survivors: tuple[str, ...],
           damage: tuple[int, ...]) -> Repair:
    """Pay the owner's parts for the battle damage; while they are short, scrap vehicles from the
    smallest up (the most damaged of a kind first), each giving its scrap parts and needing no
    repair (CC-CBV-13). The convoy's vehicles must already be the survivors."""
    per = hit_points_per_part(game, convoy)
    stock = game.clan(convoy.owner).stock
    rules = game.rules
    left = sorted(zip(survivors, damage, strict=True),
                  key=lambda pair: (rules.vehicles[pair[0]].size, pair[0], -pair[1]))
    total = sum(damage)
    scrapped: list[str] = []
    gained = 0
    while left and stock.parts < parts_needed(sum(d for _, d in left), per):
        key, _ = left.pop(0)
        value = scrap_parts(game, convoy, key)
        gained += value
        stock.parts += value
        scrapped.append(key)
        convoy.vehicles[key] -= 1
        if convoy.vehicles[key] == 0:
            del convoy.vehicles[key]
    paid = parts_needed(sum(d for _, d in left), per)
    stock.parts -= paid
    return Repair(total, parts_needed(total, per), paid, tuple(scrapped), gained)
