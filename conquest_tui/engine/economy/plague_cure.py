"""Curing a city of the Plague: its vaccine cost, the cure, the city's gift (CC-CO-CURE, AMB-34)."""

from __future__ import annotations

import math
from random import Random

from conquest_tui.engine.convoys import convoy_stats, convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.rules.ruleset import Ruleset

DOCTOR = "DOC"


def doctor_factor(convoy: Convoy | None, rules: Ruleset) -> float:
    """1.0, 0.85 with a Doctor, 0.70 with a Doctor and a Priest (CC-CNV-29, CC-CO-CURE-01)."""
    if convoy is None:
        return 1.0
    return 1.0 - convoy_stats.expert_percent(convoy, DOCTOR, rules) / 100


def city_vaccine(population: int, rules: Ruleset, factor: float = 1.0) -> int:
    """1 vaccine per started 1,000 people (60,001 → 61), × the Doctor's factor, rounded up."""
    return math.ceil(round(rules.cure.vaccine_needed(population) * factor, 6))


def cure_cost(city: CityState, convoy: Convoy, rules: Ruleset) -> int:
    """What curing this city costs this convoy's Clan (CC-CO-CURE-01)."""
    return city_vaccine(city.population, rules, doctor_factor(convoy, rules))


def city_name(game: Game, city: CityState) -> str:
    """The city's name as the map writes it (a major city in capitals)."""
    site = game.city_site(city.hex)
    if site is None:
        return city.hex
    return site.name.upper() if site.major else site.name


def cure_problem(game: Game, convoy: Convoy, vaccine: int) -> Reason | None:
    """Why the convoy cannot cure where it stands: no city, no Plague, too little vaccine."""
    city = game.city(convoy.hex)
    if city is None:
        return reason("no_city", hex=convoy.hex)
    if not city.plague:
        return reason("no_plague", city=city_name(game, city), hex=city.hex)
    need = cure_cost(city, convoy, game.rules)
    if vaccine < need:
        return reason("no_vaccine", city=city_name(game, city), hex=city.hex, need=need,
                      have=vaccine)
    return None


def cure(ctx: TurnContext, convoy: Convoy, automatic: bool) -> Reason | None:
    """Cure the city in the convoy's hex; None when cured, else why not (nothing spent).

    The cure spends the vaccine, makes the city immune for a while (AMB-35), may bring a gift
    (AMB-34) and tells the owner when it is another Clan's city (CC-CO-CURE-03).
    """
    game, rules = ctx.game, ctx.game.rules
    problem = cure_problem(game, convoy, ctx.clan.stock.vaccine)
    if problem is not None:
        return problem
    city = game.city(convoy.hex)
    assert city is not None
    need = cure_cost(city, convoy, rules)
    ctx.clan.stock.vaccine -= need
    city.plague = False
    city.plague_immune_until = ctx.turn + rules.plague.immunity_turns - 1
    gift = _gift(ctx, convoy, city, ctx.rng())
    name = city_name(game, city)
    ctx.report(EventKind.CURE, "CC-CO-CURE-01", convoy=convoy.number, city=name, hex=city.hex,
               vaccine=need, doctor=int(DOCTOR in convoy.experts), automatic=int(automatic),
               owner=city.owner, rival=int(city.owner not in (0, ctx.clan.number)), **gift)
    if city.owner:
        ctx.notify(city.owner, EventKind.CURE, "CC-CO-CURE-03", city=name, hex=city.hex)
    return None


def _gift(ctx: TurnContext, convoy: Convoy, city: CityState, rng: Random) -> dict[str, object]:
    """The cured city's gift, if any, given (AMB-34); its facts: gift (kind), amount, item."""
    rules = ctx.game.rules
    if rng.random() >= rules.cure.gift_chance:
        return {"gift": "none"}
    roll = rng.randint(1, 6)
    row = next(g for g in rules.cure.gifts if g.low <= roll <= g.high)
    thousands = rules.cure.vaccine_needed(city.population)
    if row.kind == "per_thousand":
        assert row.resource is not None and row.per_thousand is not None
        amount = math.ceil(round(thousands * row.per_thousand.roll(rng), 6))
        ctx.clan.stock.add(Item(row.resource), amount)
        return {"gift": "supplies", "item": row.resource, "amount": amount}
    vehicle = _gift_vehicle(ctx.game, convoy, row.vehicle_class or "")
    if vehicle is None:
        return {"gift": "none"}
    convoys.add_vehicles(ctx.game, convoy, vehicle, 1)
    return {"gift": "vehicle", "vehicle": rules.vehicles[vehicle].name.lower(), "amount": 1,
            "training": convoy.training}


def _gift_vehicle(game: Game, convoy: Convoy, vehicle_class: str) -> str | None:
    """The vehicle of that class the convoy's type may carry (a small-combat one: a car)."""
    rules = game.rules
    for key in rules.convoy_types[convoy.convoy_type].vehicles:
        if rules.vehicles[key].vehicle_class == vehicle_class:
            return key
    return None
