"""Moving things between a Clan's convoys: GIVE, ABSORB, SPLIT and CONVERT (CC-CL-GIVE, CC-CO-*)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import convoy_stats, convoys, experts
from conquest_tui.engine.core.events import Facts, Reason, facts_of, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import CARRIED_WEAPONS, Item
from conquest_tui.engine.core.state import Convoy


@attrs.frozen
class Handover:
    """What one GIVE moved, and what it did to the giving convoy."""

    moved: Facts
    """What moved, as GIVE's event facts: {"given": "vehicle", "quantity": 3, "vehicle": "car",
    "vehicles": "cars"}, {"given": "items", …, "item": "troops"}, {"given": "experts",
    "experts": ("Engineer",)}."""
    settings_reset: tuple[str, ...] = ()
    """Settings of the giver that lapsed with an expert it gave away (CC-CNV-80)."""
    sender_disbanded: bool = False
    """The giver gave its last vehicle away and disbanded (CC-CNV-72)."""


def vehicle_words(game: Game, key: str, count: int) -> tuple[int, str, str]:
    """(3, "car", "cars"): a count of vehicles with the names to read it by."""
    vehicle = game.rules.vehicles[key]
    return count, vehicle.name.lower(), vehicle.plural.lower()


def give_problem(game: Game, sender: Convoy, recipient: Convoy, kind: str, item: str,
                 quantity: int) -> Reason | None:
    """Why this GIVE cannot happen now, or None (CC-CL-GIVE-01/02)."""
    if sender.hex != recipient.hex:
        return reason("give_apart", sender=sender.number, sender_hex=sender.hex,
                      recipient=recipient.number, recipient_hex=recipient.hex)
    rules = game.rules
    if kind == "vehicle":
        vehicle = rules.vehicles[item]
        have = sender.vehicles.get(item, 0)
        if have < quantity:
            return reason("give_few_vehicles", number=sender.number, have=have,
                          vehicle=vehicle.name.lower(), vehicles=vehicle.plural.lower())
        if vehicle.convoy_type != recipient.convoy_type:
            return reason("give_vehicle_type", vehicles=vehicle.plural.lower(),
                          vehicle_type=vehicle.convoy_type, number=recipient.number,
                          convoy_type=recipient.convoy_type)
        return None
    if kind in ("troops", "weapon"):
        return _troops_or_weapons_problem(game, sender, recipient, Item(item), quantity)
    if kind == "cargo":
        return _cargo_problem(game, sender, recipient, item, quantity)
    if kind == "expert":
        if item not in sender.experts:
            return reason("give_no_expert", number=sender.number,
                          expert=experts.expert_name(item, rules))
        return experts.hire_problem(recipient, item, rules)
    if kind == "all_experts":
        if not _movable_experts(game, sender, recipient):
            return reason("give_no_movable_expert", sender=sender.number,
                          recipient=recipient.number)
        return None
    return reason("give_unknown_kind", kind=kind)


def _troops_or_weapons_problem(game: Game, sender: Convoy, recipient: Convoy, item: Item,
                               quantity: int) -> Reason | None:
    have = sender.carried(item)
    if have < quantity:
        return reason("give_carries_few", number=sender.number, have=have, item=item,
                      quantity=quantity)
    if recipient.mode == "empty":
        return reason("give_empty_mode", number=recipient.number)
    rules = game.rules
    if item == "troops":
        if recipient.health < rules.consumption.troop_loss_health:
            return reason("give_too_sick", number=recipient.number,
                          health=rules.consumption.troop_loss_health)
        room = convoy_stats.troop_capacity(recipient, rules) - recipient.troops
    else:
        room = convoy_stats.weapon_limits(recipient, rules)[item] - recipient.carried(item)
    if quantity > room:
        return reason("give_no_room", number=recipient.number, room=max(0, room), item=item)
    return None


def _cargo_problem(game: Game, sender: Convoy, recipient: Convoy, goods: str,
                   quantity: int) -> Reason | None:
    have = sender.cargo if sender.cargo_type == goods else 0
    if have < quantity:
        return reason("give_carries_few", number=sender.number, have=have, item=goods,
                      quantity=quantity)
    if recipient.cargo_type not in ("", goods):
        return reason("give_other_goods", number=recipient.number, goods=recipient.cargo_type)
    room = convoy_stats.cargo_capacity(recipient, game.rules) - recipient.cargo
    if quantity > room:
        return reason("give_no_cargo_room", number=recipient.number, room=max(0, room))
    return None


def _movable_experts(game: Game, sender: Convoy, recipient: Convoy) -> list[str]:
    return [code for code in sender.experts
            if experts.hire_problem(recipient, code, game.rules) is None]


def give(game: Game, sender: Convoy, recipient: Convoy, kind: str, item: str,
         quantity: int) -> Handover:
    """Carry out a GIVE that give_problem allowed."""
    rules = game.rules
    if kind == "vehicle":
        dumped = convoys.remove_vehicles(game, sender, item, quantity)
        convoys.add_vehicles(game, recipient, item, quantity)
        count, name, plural = vehicle_words(game, item, quantity)
        moved = facts_of({"given": "vehicle", "quantity": count, "vehicle": name,
                          "vehicles": plural, **convoys.overflow_fact(dumped)})
        if not sender.vehicles:
            game.remove_convoy(sender)
            return Handover(moved, sender_disbanded=True)
        return Handover(moved)
    if kind in ("troops", "weapon"):
        carried = Item(item)
        sender.set_carried(carried, sender.carried(carried) - quantity)
        recipient.set_carried(carried, recipient.carried(carried) + quantity)
        return Handover(_items(quantity, item))
    if kind == "cargo":
        sender.cargo -= quantity
        if sender.cargo == 0:
            sender.cargo_type = ""
        recipient.cargo_type = item
        recipient.cargo += quantity
        return Handover(_items(quantity, item))
    codes = [item] if kind == "expert" else _movable_experts(game, sender, recipient)
    for code in codes:
        sender.experts.remove(code)
        recipient.experts.append(code)
    recipient.experts.sort()
    names = [experts.expert_name(code, rules) for code in codes]
    return Handover(facts_of({"given": "experts", "experts": names}),
                    tuple(experts.settings_without_expert(sender)))


def _items(quantity: int, item: str) -> Facts:
    """GIVE's facts for troops, a weapon or goods (item keys)."""
    return facts_of({"given": "items", "quantity": quantity, "item": item})


# --- ABSORB -------------------------------------------------------------------------------------

@attrs.frozen
class Absorption:
    """What an ABSORB kept and lost."""

    experts_lost: tuple[str, ...]
    cargo_dumped: int
    returned: dict[str, int]
    """Troops and weapons that did not fit and went back to the stockpiles (AMB-69)."""
    overflow: int = 0
    """Goods of the same kind beyond the joined convoy's room, lost."""


def absorb_target(game: Game, issuer: Convoy, number: int) -> Convoy | Reason:
    """The convoy #number the issuer can absorb now, or why not (CC-CO-ABSORB-01)."""
    target = game.convoy(issuer.owner, number)
    if target is None:
        return reason("absorb_none", target=number)
    if target is issuer:
        return reason("absorb_self", number=issuer.number)
    if target.hex != issuer.hex:
        return reason("absorb_apart", target=target.number, target_hex=target.hex,
                      hex=issuer.hex, number=issuer.number)
    if target.convoy_type != issuer.convoy_type:
        return reason("absorb_type", target=target.number, target_type=target.convoy_type,
                      number=issuer.number, convoy_type=issuer.convoy_type)
    return target


def absorb(game: Game, issuer: Convoy, target: Convoy) -> Absorption:
    """Merge the target into the issuer (CC-CO-ABSORB-02/03, AMB-69); the target disappears."""
    for key, count in target.vehicles.items():
        issuer.vehicles[key] = issuer.vehicles.get(key, 0) + count
    issuer.vehicles = dict(sorted(issuer.vehicles.items()))
    lost = tuple(code for code in target.experts if code in issuer.experts)
    issuer.experts = sorted({*issuer.experts, *target.experts})
    dumped = 0
    if target.cargo and issuer.cargo_type not in ("", target.cargo_type):
        dumped = target.cargo
    elif target.cargo:
        issuer.cargo_type = target.cargo_type
        issuer.cargo += target.cargo
    issuer.troops += target.troops
    for weapon in CARRIED_WEAPONS:
        issuer.set_carried(weapon, issuer.carried(weapon) + target.carried(weapon))
    issuer.morale = (issuer.morale + target.morale) // 2
    issuer.training = (issuer.training + target.training) // 2
    issuer.health = min(issuer.health, target.health)
    issuer.infected = issuer.infected or target.infected
    issuer.parts_owed += target.parts_owed
    game.remove_convoy(target)
    stock = game.clan(issuer.owner).stock
    before = {item: stock.get(item) for item in (Item.TROOPS, *CARRIED_WEAPONS)}
    overflow = convoys.shed_overflow(game, issuer)
    returned = {item.value: stock.get(item) - amount for item, amount in before.items()
                if stock.get(item) > amount}
    return Absorption(lost, dumped, returned, overflow)


# --- SPLIT --------------------------------------------------------------------------------------

def split_price(game: Game, convoy: Convoy) -> int | Reason:
    """What splitting costs, or why the convoy cannot SPLIT: two or more vehicles of one type
    are needed, and room for one more convoy (CC-CO-SPLIT-01/02, AMB-55)."""
    if not any(count >= 2 for count in convoy.vehicles.values()):
        return reason("split_vehicles", number=convoy.number)
    cost = split_cost(game, convoy.owner)
    if cost is None:
        return reason("split_most", most=game.rules.max_convoys)
    return cost


def split_cost(game: Game, clan: int) -> int | None:
    """SPLIT costs what CREATE would for the next convoy number (CC-CO-SPLIT-01)."""
    return game.rules.creation_cost(len(game.convoys_of(clan)) + 1)


def secondary_name(game: Game, name: str) -> str:
    """"<name> II", shortened to the 20-character limit (AMB-69)."""
    suffix = " II"
    return name[: game.rules.order_limits.name_max_length - len(suffix)].rstrip() + suffix


def split(game: Game, convoy: Convoy) -> Convoy:
    """Halve vehicles, troops, weapons and goods into a new secondary convoy (CC-CO-SPLIT-03/04).

    The secondary takes the smaller half of each; whatever it cannot hold stays with the
    primary, which keeps number, name and every expert (AMB-69).
    """
    rules = game.rules
    number = convoys.next_number(game, convoy.owner)
    factor = rules.convoy.split_factor
    secondary = Convoy(
        owner=convoy.owner, number=number, name=secondary_name(game, convoy.name),
        convoy_type=convoy.convoy_type, hex=convoy.hex,
        vehicles={key: count // 2 for key, count in convoy.vehicles.items() if count >= 2},
        health=convoy.health, infected=convoy.infected, mode=convoy.mode,
        hidden=convoy.hidden, parts_factor=convoy.parts_factor,
        created_turn=game.state.game_turn,
    )
    for key, count in secondary.vehicles.items():
        convoy.vehicles[key] -= count
    secondary.troops = min(convoy.troops // 2, convoy_stats.troop_capacity(secondary, rules))
    convoy.troops -= secondary.troops
    limits = convoy_stats.weapon_limits(secondary, rules)
    for weapon in CARRIED_WEAPONS:
        share = min(convoy.carried(weapon) // 2, limits[weapon])
        secondary.set_carried(weapon, share)
        convoy.set_carried(weapon, convoy.carried(weapon) - share)
    if convoy.cargo:
        secondary.cargo = min(convoy.cargo // 2, convoy_stats.cargo_capacity(secondary, rules))
        secondary.cargo_type = convoy.cargo_type if secondary.cargo else ""
        convoy.cargo -= secondary.cargo
    morale, training = int(convoy.morale * factor), int(convoy.training * factor)
    for half in (convoy, secondary):
        half.morale, half.training = morale, training
    game.state.convoys.append(secondary)
    game.state.convoys.sort(key=lambda c: (c.owner, c.number))
    convoys.shed_overflow(game, convoy)
    return secondary


# --- CONVERT ------------------------------------------------------------------------------------

def convert_problem(game: Game, convoy: Convoy, convoy_type: str) -> Reason | None:
    """Why the convoy cannot CONVERT to that type here (CC-CL-CONVERT-01)."""
    city = game.city(convoy.hex)
    if city is None or city.owner != convoy.owner:
        return reason("convert_city", number=convoy.number, hex=convoy.hex)
    if convoy.convoy_type == convoy_type:
        return convert_same(convoy.number, convoy_type)
    return convoys.type_site_problem(game, convoy.hex, convoy_type, "converted")


def convert_same(number: int, convoy_type: str) -> Reason:
    """Convoy #number is already of the type it would be converted to."""
    return reason("convert_same", number=number, convoy_type=convoy_type)


def convert_price(game: Game, convoy: Convoy, convoy_type: str) -> tuple[int, int]:
    """(what the old vehicles fetch, what the new type's fast scout costs) (AMB-70)."""
    scout = game.rules.convoy_types[convoy_type].scout
    return convoys.sell_value(game, convoy), game.rules.vehicles[scout].cost


def convert(game: Game, convoy: Convoy, convoy_type: str, name: str) -> int:
    """Sell the vehicles, buy one fast scout of the new type; troops and weapons go home,
    goods are lost; experts, morale, training, health, mode and hiding stay (CC-CL-CONVERT-02,
    AMB-70). Returns the goods dumped."""
    sale, scout_cost = convert_price(game, convoy, convoy_type)
    stock = game.clan(convoy.owner).stock
    stock.money += sale - scout_cost
    convoys.unload_to_stock(game, convoy)
    dumped = convoy.cargo
    convoy.cargo = 0
    convoy.cargo_type = ""
    convoy.convoy_type = convoy_type
    convoy.vehicles = {game.rules.convoy_types[convoy_type].scout: 1}
    if name:
        convoy.name = name
    return dumped
