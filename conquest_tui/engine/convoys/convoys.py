"""Changing what a convoy holds: vehicles in and out, creation, sale, pickup (AMB-39/75/89)."""

from __future__ import annotations

from collections.abc import Container

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import CARRIED_WEAPONS
from conquest_tui.engine.core.state import Convoy


def add_vehicles(game: Game, convoy: Convoy, vehicle: str, count: int) -> None:
    """Add vehicles; training is diluted in proportion to the size increase (CC-CNV-22, AMB-39)."""
    rules = game.rules
    old_size = convoy_stats.size(convoy, rules)
    convoy.vehicles[vehicle] = convoy.vehicles.get(vehicle, 0) + count
    convoy.vehicles = dict(sorted(convoy.vehicles.items()))
    new_size = convoy_stats.size(convoy, rules)
    if old_size and new_size > old_size:
        convoy.training = convoy.training * old_size // new_size


def remove_vehicles(game: Game, convoy: Convoy, vehicle: str, count: int) -> int:
    """Take vehicles away; what no longer fits goes back to the stockpile or is lost (AMB-89).
    Returns the goods lost for want of room."""
    left = convoy.vehicles.get(vehicle, 0) - count
    if left > 0:
        convoy.vehicles[vehicle] = left
    else:
        convoy.vehicles.pop(vehicle, None)
    return shed_overflow(game, convoy)


def shed_overflow(game: Game, convoy: Convoy) -> int:
    """Return troops and weapons above capacity to the Clan; dump cargo above capacity.
    Returns the goods dumped (lost: the caller's event says how many, as `overflow`)."""
    rules = game.rules
    stock = game.clan(convoy.owner).stock
    capacity = convoy_stats.troop_capacity(convoy, rules)
    if convoy.troops > capacity:
        stock.troops += convoy.troops - capacity
        convoy.troops = capacity
    limits = convoy_stats.weapon_limits(convoy, rules)
    for weapon in CARRIED_WEAPONS:
        carried = convoy.carried(weapon)
        if carried > limits[weapon]:
            stock.add(weapon, carried - limits[weapon])
            convoy.set_carried(weapon, limits[weapon])
    cargo_limit = convoy_stats.cargo_capacity(convoy, rules)
    dumped = max(0, convoy.cargo - cargo_limit)
    convoy.cargo -= dumped
    if convoy.cargo == 0:
        convoy.cargo_type = ""
    return dumped


def overflow_fact(dumped: int) -> dict[str, int]:
    """The `overflow` fact of an event whose step lost goods for want of room: only when it did,
    so events that dumped nothing keep their facts as they were."""
    return {"overflow": dumped} if dumped else {}


def unload_to_stock(game: Game, convoy: Convoy) -> None:
    """Put every troop and optional weapon aboard back into the Clan stockpiles."""
    stock = game.clan(convoy.owner).stock
    stock.troops += convoy.troops
    convoy.troops = 0
    for weapon in CARRIED_WEAPONS:
        stock.add(weapon, convoy.carried(weapon))
        convoy.set_carried(weapon, 0)


def aboard(convoy: Convoy) -> dict[str, int]:
    """What a convoy that leaves the game takes with it, as event facts: its vehicles and troops,
    and the weapons and cargo it carried (only those it had) (CC-CNV-72)."""
    lost = {"vehicles": convoy.vehicle_count, "troops": convoy.troops}
    for weapon in CARRIED_WEAPONS:
        if convoy.carried(weapon):
            lost[weapon.value] = convoy.carried(weapon)
    if convoy.cargo:
        lost["cargo"] = convoy.cargo
    return lost


def sell_value(game: Game, convoy: Convoy) -> int:
    """What the convoy's vehicles fetch: about half their chart price (AMB-45)."""
    fraction = game.rules.market_rules.sell_fraction
    return sum(int(game.rules.vehicles[key].cost * fraction) * count
               for key, count in convoy.vehicles.items())


def sell_convoy(game: Game, convoy: Convoy) -> int:
    """SELL CONVOY: vehicles sold, troops and weapons home, experts lost (CC-CNV-71)."""
    value = sell_value(game, convoy)
    game.clan(convoy.owner).stock.money += value
    unload_to_stock(game, convoy)
    game.remove_convoy(convoy)
    return value


def next_number(game: Game, clan: int) -> int:
    """The lowest convoy number the Clan is not using."""
    return lowest_free_number({convoy.number for convoy in game.convoys_of(clan)})


def lowest_free_number(used: Container[int]) -> int:
    """The lowest convoy number (from 1) not in `used`."""
    number = 1
    while number in used:
        number += 1
    return number


def is_sea_port(game: Game, hex_id: str) -> bool:
    """A city hex next to water or a small island, not merely on a river (CC-CNV-67, AMB-83)."""
    return game.map.is_coastal(hex_id)


def create_problem(game: Game, clan: int, hex_id: str, convoy_type: str) -> Reason | None:
    """Why the Clan cannot CREATE that convoy there now, or None (CC-CL-CREATE-01/02)."""
    city = game.city(hex_id)
    if city is None:
        return reason("create_no_city", hex=hex_id)
    site = game.map.city_at(hex_id)
    name = site.name if site else hex_id
    if city.owner != clan:
        return reason("create_not_yours", city=name, hex=hex_id)
    if city.conquered_turn == game.state.game_turn:
        return reason("create_conquered", city=name)
    return type_site_problem(game, hex_id, convoy_type, "created")


def type_site_problem(game: Game, hex_id: str, convoy_type: str, verb: str) -> Reason | None:
    """Why this city cannot launch that convoy type (Armory, Airport, coast), or None.

    `verb` says what is done there: "created" (CC-CL-CREATE-02) or "converted"
    (CC-CL-CONVERT-01). The city must exist.
    """
    city = game.city(hex_id)
    site = game.map.city_at(hex_id)
    name = site.name if site else hex_id
    kind = game.rules.convoy_types[convoy_type]
    if kind.requires_building and (city is None or kind.requires_building not in city.buildings):
        building = game.rules.buildings[kind.requires_building].name
        return reason("type_building", type_name=kind.name.lower(), verb=verb, building=building)
    if convoy_type == "sea" and not is_sea_port(game, hex_id):
        return reason("not_coastal", city=name)
    return None


def create_convoy(game: Game, clan: int, number: int, hex_id: str, convoy_type: str,
                  name: str = "", *, hidden: bool = True) -> Convoy:
    """A new convoy with its starting vehicles, hidden, in Capture mode (CC-CNV-69/70)."""
    convoy = new_convoy(game, clan, number, hex_id, convoy_type, name, hidden=hidden)
    game.state.convoys.append(convoy)
    game.state.convoys.sort(key=lambda c: (c.owner, c.number))
    return convoy


def new_convoy(game: Game, clan: int, number: int, hex_id: str, convoy_type: str,
               name: str = "", *, hidden: bool = True) -> Convoy:
    """The convoy that `create_convoy` would add, without adding it (the sheet checker uses it
    for a convoy that the sheet's own CREATE makes)."""
    rules = game.rules
    kind = rules.convoy_types[convoy_type]
    start = rules.start
    return Convoy(
        owner=clan,
        number=number,
        name=name or f"{kind.name} {number}",
        convoy_type=convoy_type,
        hex=hex_id,
        vehicles=dict(sorted(kind.new_vehicles)),
        morale=start.convoy_morale,
        training=start.convoy_training,
        health=100,
        mode="capture",
        hidden=hidden,
        created_turn=game.state.game_turn,
    )


def can_pick_up_at(game: Game, convoy: Convoy) -> bool:
    """Friendly city (owned or friendly) or an owned Training School hex (CC-RES-14, AMB-75)."""
    if game.is_friendly_city(convoy.hex, convoy.owner):
        return True
    hex_state = game.hex(convoy.hex)
    return hex_state.special == "TRA" and hex_state.owner == convoy.owner


def pick_up(game: Game, convoy: Convoy) -> dict[str, int]:
    """Take unallocated troops, then rifles, grenades, rockets and bombs, up to capacity."""
    taken: dict[str, int] = {}
    if convoy.mode == "empty" or convoy.health < game.rules.consumption.troop_loss_health:
        return taken
    rules = game.rules
    stock = game.clan(convoy.owner).stock
    room = convoy_stats.troop_capacity(convoy, rules) - convoy.troops
    if room > 0 and stock.troops > 0:
        amount = min(room, stock.troops)
        stock.troops -= amount
        convoy.troops += amount
        taken["troops"] = amount
    limits = convoy_stats.weapon_limits(convoy, rules)
    for weapon in CARRIED_WEAPONS:
        room = limits[weapon] - convoy.carried(weapon)
        have = stock.get(weapon)
        if room > 0 and have > 0:
            amount = min(room, have)
            stock.add(weapon, -amount)
            convoy.set_carried(weapon, convoy.carried(weapon) + amount)
            taken[weapon.value] = amount
    return taken
