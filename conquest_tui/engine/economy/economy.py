"""What owned hexes, structures and cities produce each turn (CC-HEX-01, CC-CITY-25…29, AMB-40)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, HexState
from conquest_tui.engine.world import spies

RESOURCES = ("money", "food", "fuel", "parts", "vaccine")


def hex_yield(game: Game, hex_id: str, hex_state: HexState) -> dict[str, int]:
    """A hex's fixed terrain yield this game: rolled once at setup, plus its road bonus (AMB-23)."""
    parts = hex_state.parts + (hex_state.road_parts_bonus if game.has_road(hex_id) else 0)
    return {
        "money": hex_state.money,
        "food": hex_state.food,
        "fuel": hex_state.fuel,
        "parts": parts,
        "vaccine": hex_state.vaccine,
    }


def structure_yield(game: Game, hex_state: HexState, rng: Random | None) -> dict[str, int]:
    """Special and custom structure output (CC-HEX-15…38); midpoints when rng is None."""
    out: dict[str, int] = {}
    if hex_state.special:
        rule = game.rules.special_structures[hex_state.special]
        for item, amount in rule.production.items():
            value = amount.roll(rng) if rng else (amount.low + amount.high) // 2
            out[item] = out.get(item, 0) + value
    if hex_state.custom and hex_state.custom_built_turn < game.state.game_turn:
        for item, value in game.rules.custom_structures[hex_state.custom].production.items():
            out[item] = out.get(item, 0) + value
    return out


def hex_income(game: Game, clan: int, rng: Random | None) -> dict[str, int]:
    """Everything the Clan's hexes produce this Income Phase (CC-SEQ-03)."""
    totals = dict.fromkeys(RESOURCES, 0)
    money = food = fuel = parts = vaccine = 0  # hex_yield's, summed in place
    hexes = game.state.hexes
    index_of = game.map.index_of
    for hex_id in game.owned_hexes(clan):
        hex_state = hexes[index_of(hex_id)]
        money += hex_state.money
        food += hex_state.food
        fuel += hex_state.fuel
        parts += hex_state.parts + (hex_state.road_parts_bonus if game.has_road(hex_id) else 0)
        vaccine += hex_state.vaccine
        if hex_state.special or hex_state.custom:  # structure_yield has nothing else
            for item, value in structure_yield(game, hex_state, rng).items():
                totals[item] = totals.get(item, 0) + value
    for item, value in zip(RESOURCES, (money, food, fuel, parts, vaccine), strict=True):
        totals[item] += value
    return totals


def population_factor(game: Game, city: CityState, major: bool) -> float:
    """Income factor of a city's population band (CC-CITY-15/16, AMB-40)."""
    band = game.rules.population["major" if major else "minor"]
    if city.population < band.low_min:
        return 0.0
    if city.population < band.normal_min:
        return city.population / band.normal_min
    if city.population <= band.normal_max:
        return 1.0
    return city.population / band.normal_max


def needs_met(game: Game, city: CityState, clan: int,
              produced: frozenset[str] | None = None) -> bool:
    """Whether the Clan owns a city producing what this one needs (CC-CITY-25…27); `produced`:
    the goods of the Clan's cities when the caller has them (`goods_produced`)."""
    site = game.map.city_at(city.hex)
    if site is None:
        return False
    if site.needs == "anything":
        return True
    if produced is None:
        produced = goods_produced(game, clan)
    return site.needs in produced


def goods_produced(game: Game, clan: int) -> frozenset[str]:
    """What the Clan's cities produce."""
    return frozenset(site.produces for other in game.state.cities
                     if other.owner == clan and (site := game.map.city_at(other.hex)) is not None)


def city_value(game: Game, city: CityState, clan: int, rng: Random | None,
               produced: frozenset[str] | None = None) -> int:
    """One owned city's money this turn: (base + Marketplace) × band factor + 50% if needs met
    (`produced`: as for `needs_met`)."""
    site = game.map.city_at(city.hex)
    major = bool(site and site.major)
    factor = population_factor(game, city, major)
    if factor == 0.0 or spies.income_lost(city):  # sabotaged: no money this turn (AMB-33)
        return 0
    base = city.base_value
    if "MAR" in city.buildings:
        low, high = game.rules.building_effects.marketplace_value
        base += rng.randint(low, high) if rng else (low + high) // 2
    value = int(base * factor)
    if needs_met(game, city, clan, produced):
        value += int(city.base_value * game.rules.market_rules.need_income_bonus)
    return value


def city_income(game: Game, clan: int, rng: Random | None) -> dict[str, int]:
    """Money from every city the Clan owns."""
    produced = goods_produced(game, clan)
    total = sum(city_value(game, city, clan, rng, produced) for city in game.state.cities
                if city.owner == clan)
    return {"money": total}


def income_estimate(game: Game, clan: int) -> dict[str, int]:
    """Next turn's income if nothing is lost, ranges at their midpoints (CC-RPT-08)."""
    totals = hex_income(game, clan, None)
    totals["money"] += city_income(game, clan, None)["money"]
    return totals


def describe_amount(item: str, amount: int) -> str:
    """'$12,000' for money, '40 food' for the rest."""
    return f"${amount:,}" if item == "money" else f"{amount:,} {item}"
