"""A Clan's price list now: what each thing its orders buy costs it, and what sets that price
(T§12, T§6, T§13; CC-RES-03…05, CC-RES-16, CC-CNV-68, CC-CL-TRAIN-01, CC-CL-ESPIONAGE-01)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import CARRIED_WEAPONS, Item
from conquest_tui.engine.economy import offers
from conquest_tui.engine.orders.writing import supply_word, vehicle_word
from conquest_tui.engine.rules.ruleset_tables import round_by

GROUPS: tuple[str, ...] = ("supplies", "weapons", "vehicles", "convoys", "experts",
                           "buildings", "structures", "hexes", "cities", "espionage", "other")
"""The price list's groups, in the order it is read."""

PriceFacts = Mapping[str, int | str]


@attrs.frozen
class Price:
    """One price of the list: what it buys, for how much now, and what sets it.

    `why` says what sets or changes it (a code the words read: "market" drifts each game turn
    between `low` and `high`, "offer" is this game turn's radio offer instead of `usual`,
    "fixed" never changes, "next_convoy" rises with each convoy, "doubling" doubles with each
    agent, "level" is the price of the next level, "terrain" is per parts multiplier of the two
    hexes, "popularity" is per point of the target's popularity)."""

    group: str
    key: str
    """The item, vehicle, expert, building or structure key; a hex; a keyword; a Clan number."""
    name: str
    """The rulebook's name of it."""
    price: int
    per: str
    """What one price buys: "unit", "troop", "vehicle", "expert", "building", "structure",
    "convoy", "agent", "level", "line", "stake", "multiplier", "point"."""
    why: str
    facts: PriceFacts = attrs.field(factory=dict)


@attrs.frozen
class PriceList:
    """Every price a Clan's orders pay, as they stand now for that Clan."""

    clan: int
    game_turn: int
    money: int
    prices: tuple[Price, ...]

    def group(self, name: str) -> tuple[Price, ...]:
        """The prices of one group, in the list's order."""
        return tuple(price for price in self.prices if price.group == name)

    def find(self, key: str, group: str | None = None) -> Price | None:
        """The price of one key (in one group), if the list has it."""
        return next((price for price in self.prices if price.key == key
                     and (group is None or price.group == group)), None)


def price_list(game: Game, clan_number: int) -> PriceList:
    """The Clan's prices now, from the same rules and functions its orders pay by."""
    clan = game.clan(clan_number)
    prices = [*_market(game), *_vehicles(game), *_convoys(game, clan_number),
              *_fixed(game), *_hexes(game), *_cities(game, clan_number),
              *_espionage(game, clan_number), *_other(game, clan.agents)]
    return PriceList(clan=clan_number, game_turn=game.state.game_turn, money=clan.stock.money,
                     prices=tuple(prices))


def _market(game: Game) -> list[Price]:
    """Supplies and weapons at BUY's price (the radio's offer when it is this one), troops at
    ENLIST's: the market's price drifts each game turn within its bounds (CC-RES-04, AMB-29)."""
    rules = game.rules
    market = rules.market_rules
    weapons = {item.value for item in CARRIED_WEAPONS} | {Item.CLAYMORES.value}
    found = []
    for key, item in rules.market.items():
        if key not in game.state.prices:
            continue
        if key == Item.TROOPS.value:
            price, offer = game.state.prices[key], None
        else:
            price, offer = offers.buy_price(game, key)
        low = max(1, round_by("nearest", item.start_price * market.price_floor))
        high = round_by("nearest", item.start_price * market.price_ceiling)
        facts: dict[str, int | str] = {"low": low, "high": high} if item.drifts else {}
        why = "market" if item.drifts else "fixed"
        if offer is not None:
            why, facts = "offer", {**facts, "usual": offer.usual}
        if key != Item.TROOPS.value:
            facts = {**facts, "word": supply_word(key)}
        found.append(Price("weapons" if key in weapons else "supplies", key, item.name, price,
                           "troop" if key == Item.TROOPS.value else "unit", why, facts))
    return found


def _vehicles(game: Game) -> list[Price]:
    """Every vehicle, by convoy type: BUY pays its price, wherever the convoy is (CC-CL-BUYV);
    `word` is how BUY writes it."""
    rules = game.rules
    return [Price("vehicles", key, vehicle.name, vehicle.cost, "vehicle", "fixed",
                  {"convoy_type": rules.convoy_types[vehicle.convoy_type].name,
                   "plural": vehicle.plural, "word": vehicle_word(rules, key)})
            for convoy_type in rules.convoy_types.values() for key in convoy_type.vehicles
            for vehicle in (rules.vehicles[key],)]


def _convoys(game: Game, clan_number: int) -> list[Price]:
    """CREATE (and SPLIT) pay for the Clan's next convoy by how many it has (CC-CNV-68)."""
    count = len(game.convoys_of(clan_number))
    cost = game.rules.creation_cost(count + 1)
    if cost is None:
        return []
    return [Price("convoys", "create", "New convoy", cost, "convoy", "next_convoy",
                  {"count": count, "next": count + 1})]


def _fixed(game: Game) -> list[Price]:
    """Experts (HIRE), city buildings (ERECT) and custom structures (BUILD): fixed prices."""
    rules = game.rules
    found = [Price("experts", code, expert.name, expert.cost, "expert", "fixed")
             for code, expert in rules.experts.items()]
    building = rules.fixed_costs["building"]
    found += [Price("buildings", code, rule.name, building, "building", "fixed")
              for code, rule in rules.buildings.items()]
    found += [Price("structures", code, rule.name, rule.cost, "structure", "fixed",
                    {"terrains": ", ".join(rules.terrains[t].name for t in rule.terrains)})
              for code, rule in rules.custom_structures.items()]
    return found


def _hexes(game: Game) -> list[Price]:
    """DEFEND raises a hex one level at that level's price (CC-HEX-06); PAVE pays per parts
    multiplier of the two hexes' terrain (AMB-11)."""
    levels = game.rules.defense_levels
    found = [Price("hexes", str(level.level), level.name, level.cost_to_raise, "level", "level",
                   {"to": levels[level.level].name})
             for level in levels if level.cost_to_raise is not None and level.level < len(levels)]
    found.append(Price("hexes", "pave", "Road", game.rules.fixed_costs["pave_per_multiplier"],
                       "multiplier", "terrain"))
    return found


def _cities(game: Game, clan_number: int) -> list[Price]:
    """FORTIFY raises each of the Clan's cities one level at its level's price (CC-CITY-04)."""
    rules = game.rules
    found = []
    for city in sorted(game.state.cities, key=lambda c: c.hex):
        level = rules.fortification(city.fortification)
        if city.owner != clan_number or level.cost_to_raise is None:
            continue
        site = game.map.city_at(city.hex)
        found.append(Price("cities", city.hex, site.name if site else city.hex,
                           level.cost_to_raise, "level", "level",
                           {"level": level.name,
                            "to": rules.fortification(city.fortification + 1).name}))
    return found


def _espionage(game: Game, clan_number: int) -> list[Price]:
    """ESPIONAGE: each keyword's points × the target's popularity when the order runs; the
    Clans of the printed Top Clans list at their popularity now (CC-CL-ESPIONAGE-01, AMB-84)."""
    rules = game.rules
    found = [Price("espionage", keyword, keyword, points, "point", "popularity",
                   {"from_turn": rules.espionage_from_turn})
             for keyword, points in rules.espionage.items()]
    top = game.state.top_clans[-1] if game.state.top_clans else []
    for number in top:
        if number != clan_number and game.has_clan(number):
            target = game.clan(number)
            found.append(Price("espionage", str(number), target.name, target.popularity,
                               "point", "clan_popularity", {"clan": number}))
    return found


def _other(game: Game, agents: int) -> list[Price]:
    """TRAIN's next agent (doubling, CC-CL-TRAIN-01), ORDER's extra line and GAMBLE's stake."""
    fixed = game.rules.fixed_costs
    return [
        Price("other", "agent", "Agent", game.rules.agent_cost(agents + 1), "agent", "doubling",
              {"next": agents + 1}),
        Price("other", "order_line", "Order line", fixed["order_line"], "line", "fixed"),
        Price("other", "gamble", "Casino stake", fixed["gamble"], "stake", "fixed"),
    ]
