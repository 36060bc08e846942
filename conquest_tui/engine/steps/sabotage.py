"""SABOTAGE by a planted spy: a counterspy's check, then the d100 outcome (CC-CL-SABOTAGE)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import CityState, Clan
from conquest_tui.engine.economy.population import band_rules
from conquest_tui.engine.rules.ruleset_outcomes import SabotageOutcome
from conquest_tui.engine.world import spies
from conquest_tui.engine.world.structure_uses import mark_used, use_key, used_this_turn

SABOTAGE_KEY = "SAB"
"""The Clan's once-a-turn sabotage of a city: "SAB 0512" (AMB-33)."""

CAUGHT = "caught"
"""The outcome when the counterspy catches the spy: no effect, the spy is eliminated."""

UNSEEN = frozenset({"nothing", "false_spotting", CAUGHT})
"""Outcomes the city's owner does not see as sabotage (the caught spy is told otherwise)."""


def sabotage_problem(game: Game, clan: Clan, hex_id: str) -> str:
    """Why the Clan cannot sabotage the city in this hex now ("" if it can): a `why` code."""
    city = game.city(hex_id)
    if city is None:
        return "no_city"
    if city.owner == clan.number:
        return "own_city"
    if clan.number not in city.spies:
        return "no_spy"
    if used_this_turn(game, clan, use_key(SABOTAGE_KEY, hex_id)):
        return "twice"
    return ""


def sabotage(game: Game, clan: Clan, city: CityState, rng: Random) -> dict[str, object]:
    """One attempt: a counterspy may catch the spy (10% + 10% per earlier attempt), otherwise
    d100 on the sabotage table. Returns the facts: `effect` and what it did."""
    mark_used(game, clan, use_key(SABOTAGE_KEY, city.hex))
    rules = game.rules.spies
    key = str(clan.number)
    attempts = city.spy_attempts.get(key, 0)
    city.spy_attempts[key] = attempts + 1
    if spies.has_counterspy(city):
        chance = rules.counterspy_detection + rules.counterspy_detection_per_attempt * attempts
        if rng.random() < chance:
            spies.remove_spy(city, clan.number)
            return {"effect": CAUGHT, "roll": 0}
    roll = rng.randint(1, 100)
    outcome = next(row for row in game.rules.sabotage if row.low <= roll <= row.high)
    return {"effect": outcome.kind, "roll": roll, **_apply(game, clan, city, outcome, rng)}


def _apply(game: Game, clan: Clan, city: CityState, outcome: SabotageOutcome,
           rng: Random) -> dict[str, object]:
    """Carry out one row of the table; what it did as facts."""
    kind, amounts = outcome.kind, outcome.amounts
    owner = game.clan(city.owner) if city.owner and game.has_clan(city.owner) else None
    if kind in ("kill_population", "kill_population_and_troops"):
        floor = band_rules(game, city).floor
        people = max(0, min(amounts["population"].roll(rng), city.population - floor))
        city.population -= people
        troops = 0
        if kind == "kill_population_and_troops":
            troops = min(amounts["troops"].roll(rng), city.troops)
            city.troops -= troops
        return {"people": people, "troops": troops}
    if kind == "kill_garrison_percent":
        assert outcome.percent is not None
        troops = min(city.troops, round(city.troops * outcome.percent.roll(rng)))
        city.troops -= troops
        return {"people": 0, "troops": troops}
    if kind == "no_income":
        city.income_sabotaged = bool(owner)
        return {}
    if kind == "burn_building":
        if not city.buildings:
            return {"building": ""}
        code = rng.choice(sorted(city.buildings))
        city.buildings.remove(code)
        city.built_turns.pop(code, None)
        return {"building": game.rules.buildings[code].name}
    if kind == "false_spotting":
        city.spotting_falsified = bool(owner)
        return {}
    if kind in ("steal_money", "steal_one_of"):
        item = "money" if kind == "steal_money" else rng.choice(sorted(amounts))
        wanted = amounts[item].roll(rng)
        taken = min(wanted, owner.stock.get(Item(item))) if owner else 0
        if owner is not None:
            owner.stock.add(Item(item), -taken)
        clan.stock.add(Item(item), taken)
        return {"stolen": ((item, taken),) if taken else ()}
    if kind == "destroy_claymores":
        claymores = min(amounts["claymores"].roll(rng), city.claymores)
        city.claymores -= claymores
        return {"claymores": claymores}
    if kind == "lower_fortification":
        before = city.fortification
        city.fortification = max(1, before - 1)
        return {"fortification": game.rules.fortification(city.fortification).name,
                "lowered": int(city.fortification < before)}
    return {}
