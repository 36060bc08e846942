"""Moving things between a Clan's convoys: GIVE, ABSORB, SPLIT and CONVERT (CC-CL-GIVE, CC-CO-*)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import convoy_stats, convoys, experts
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy

CARRIED_WEAPONS = convoys.CARRIED_WEAPONS


@attrs.frozen
class Handover:
    """What one GIVE moved, and what it did to the giving convoy."""

    moved: str
    """"3 cars", "the Expert Engineer" …"""
    settings_reset: tuple[str, ...] = ()
    """Settings of the giver that lapsed with an expert it gave away (CC-CNV-80)."""
    sender_disbanded: bool = False
    """The giver gave its last vehicle away and disbanded (CC-CNV-72)."""


def vehicle_words(game: Game, key: str, count: int) -> str:
    """"3 cars", "1 bike"."""
    vehicle = game.rules.vehicles[key]
    return f"{count} {(vehicle.name if count == 1 else vehicle.plural).lower()}"


def give_problem(game: Game, sender: Convoy, recipient: Convoy, kind: str, item: str,
                 quantity: int) -> str | None:
    """Why this GIVE cannot happen now, or None (CC-CL-GIVE-01/02)."""
    if sender.hex != recipient.hex:
        return (f"convoy #{sender.number} is in {sender.hex} and convoy #{recipient.number} in "
                f"{recipient.hex}: both must be in the same hex")
    rules = game.rules
    if kind == "vehicle":
        vehicle = rules.vehicles[item]
        have = sender.vehicles.get(item, 0)
        if have < quantity:
            return f"convoy #{sender.number} has {vehicle_words(game, item, have)}"
        if vehicle.convoy_type != recipient.convoy_type:
            return (f"{vehicle.plural.lower()} are {vehicle.convoy_type} vehicles and convoy "
                    f"#{recipient.number} is a {recipient.convoy_type} convoy")
        return None
    if kind in ("troops", "weapon"):
        return _troops_or_weapons_problem(game, sender, recipient, item, quantity)
    if kind == "cargo":
        return _cargo_problem(game, sender, recipient, item, quantity)
    if kind == "expert":
        if item not in sender.experts:
            return f"convoy #{sender.number} has no Expert {experts.expert_name(item, rules)}"
        return experts.hire_problem(recipient, item, rules)
    if kind == "all_experts":
        if not _movable_experts(game, sender, recipient):
            return (f"convoy #{sender.number} has no expert that convoy #{recipient.number} "
                    "could take")
        return None
    return f"nothing of the kind {kind!r} can be given"


def _troops_or_weapons_problem(game: Game, sender: Convoy, recipient: Convoy, item: str,
                               quantity: int) -> str | None:
    have = getattr(sender, item)
    if have < quantity:
        return f"convoy #{sender.number} carries {have} {item}, not {quantity}"
    if recipient.mode == "empty":
        return f"convoy #{recipient.number} is in Empty mode and carries no troops or weapons"
    rules = game.rules
    if item == "troops":
        if recipient.health < rules.consumption.troop_loss_health:
            return (f"convoy #{recipient.number} is below "
                    f"{rules.consumption.troop_loss_health}% health and cannot take on troops")
        room = convoy_stats.troop_capacity(recipient, rules) - recipient.troops
    else:
        room = convoy_stats.weapon_limits(recipient, rules)[item] - getattr(recipient, item)
    if quantity > room:
        return f"convoy #{recipient.number} has room for {max(0, room)} more {item}"
    return None


def _cargo_problem(game: Game, sender: Convoy, recipient: Convoy, goods: str,
                   quantity: int) -> str | None:
    have = sender.cargo if sender.cargo_type == goods else 0
    if have < quantity:
        return f"convoy #{sender.number} carries {have} {goods}, not {quantity}"
    if recipient.cargo_type not in ("", goods):
        return (f"convoy #{recipient.number} carries {recipient.cargo_type}, and a convoy holds "
                "one kind of goods at a time")
    room = convoy_stats.cargo_capacity(recipient, game.rules) - recipient.cargo
    if quantity > room:
        return f"convoy #{recipient.number} has cargo room for {max(0, room)} more"
    return None


def _movable_experts(game: Game, sender: Convoy, recipient: Convoy) -> list[str]:
    return [code for code in sender.experts
            if experts.hire_problem(recipient, code, game.rules) is None]


def give(game: Game, sender: Convoy, recipient: Convoy, kind: str, item: str,
         quantity: int) -> Handover:
    """Carry out a GIVE that give_problem allowed."""
    rules = game.rules
    if kind == "vehicle":
        convoys.remove_vehicles(game, sender, item, quantity)
        convoys.add_vehicles(game, recipient, item, quantity)
        moved = vehicle_words(game, item, quantity)
        if not sender.vehicles:
            game.remove_convoy(sender)
            return Handover(moved, sender_disbanded=True)
        return Handover(moved)
    if kind in ("troops", "weapon"):
        setattr(sender, item, getattr(sender, item) - quantity)
        setattr(recipient, item, getattr(recipient, item) + quantity)
        return Handover(f"{quantity} {item}")
    if kind == "cargo":
        sender.cargo -= quantity
        if sender.cargo == 0:
            sender.cargo_type = ""
        recipient.cargo_type = item
        recipient.cargo += quantity
        return Handover(f"{quantity} {item}")
    codes = [item] if kind == "expert" else _movable_experts(game, sender, recipient)
    for code in codes:
        sender.experts.remove(code)
        recipient.experts.append(code)
    recipient.experts.sort()
    names = ", ".join(f"the Expert {experts.expert_name(code, rules)}" for code in codes)
    return Handover(names, tuple(experts.settings_without_expert(sender)))


# --- ABSORB -------------------------------------------------------------------------------------

@attrs.frozen
class Absorption:
    """What an ABSORB kept and lost."""

    experts_lost: tuple[str, ...]
    cargo_dumped: int
    returned: dict[str, int]
    """Troops and weapons that did not fit and went back to the stockpiles (AMB-69)."""


def absorb_problem(game: Game, issuer: Convoy, target: Convoy | None, number: int) -> str | None:
    """Why the issuing convoy cannot absorb convoy #number now, or None (CC-CO-ABSORB-01)."""
    if target is None:
        return f"you have no convoy #{number} to absorb"
    if target is issuer:
        return f"convoy #{issuer.number} cannot absorb itself"
    if target.hex != issuer.hex:
        return (f"convoy #{target.number} is in {target.hex}, not in {issuer.hex} with convoy "
                f"#{issuer.number}")
    if target.convoy_type != issuer.convoy_type:
        return (f"convoy #{target.number} is a {target.convoy_type} convoy and convoy "
                f"#{issuer.number} a {issuer.convoy_type} convoy: only the same type can merge")
    return None


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
        setattr(issuer, weapon, getattr(issuer, weapon) + getattr(target, weapon))
    issuer.morale = (issuer.morale + target.morale) // 2
    issuer.training = (issuer.training + target.training) // 2
    issuer.health = min(issuer.health, target.health)
    issuer.infected = issuer.infected or target.infected
    issuer.parts_owed += target.parts_owed
    game.remove_convoy(target)
    stock = game.clan(issuer.owner).stock
    before = {item: stock.get(item) for item in ("troops", *CARRIED_WEAPONS)}
    convoys.shed_overflow(game, issuer)
    returned = {item: stock.get(item) - amount for item, amount in before.items()
                if stock.get(item) > amount}
    return Absorption(lost, dumped, returned)


# --- SPLIT --------------------------------------------------------------------------------------

def split_problem(game: Game, convoy: Convoy) -> str | None:
    """Why the convoy cannot SPLIT: two or more vehicles of one type needed (CC-CO-SPLIT-02)."""
    if not any(count >= 2 for count in convoy.vehicles.values()):
        return (f"convoy #{convoy.number} needs two or more vehicles of at least one type to "
                "split")
    if game.rules.creation_cost(len(game.convoys_of(convoy.owner)) + 1) is None:
        return (f"you already have {game.rules.max_convoys} convoys, the most a Clan may have "
                "(AMB-55)")
    return None


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
        share = min(getattr(convoy, weapon) // 2, limits[weapon])
        setattr(secondary, weapon, share)
        setattr(convoy, weapon, getattr(convoy, weapon) - share)
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

def convert_problem(game: Game, convoy: Convoy, convoy_type: str) -> str | None:
    """Why the convoy cannot CONVERT to that type here (CC-CL-CONVERT-01)."""
    city = game.city(convoy.hex)
    if city is None or city.owner != convoy.owner:
        return (f"convoy #{convoy.number} is in {convoy.hex}, not in a city you own: convoys are "
                "converted only in their own cities")
    if convoy.convoy_type == convoy_type:
        return f"convoy #{convoy.number} is already a {convoy_type} convoy"
    return convoys.type_site_problem(game, convoy.hex, convoy_type, "converted")


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
