"""Intelligence for bots: PLANT spies, SABOTAGE, buy ESPIONAGE and send agents ([AGENTS])."""

from __future__ import annotations

from conquest_tui.bots.extras_state import Extras
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.orderbook.espionage import Espionage
from conquest_tui.engine.orderbook.spies import Plant, Sabotage

PRICE_MARGIN = 1.25
"""Espionage is priced at the target's popularity when it runs: keep a margin for its rise."""


def rival_cities(extras: Extras) -> list[tuple[str, int]]:
    """(hex, owner) of the cities the Clan knows to be another Clan's: its city list, then those
    last turn's ESPIONAGE CITIES named (CC-CL-ESPIONAGE-03)."""
    me = extras.view.number
    found = [(info.hex, info.owner) for info in extras.listed_cities()
             if info.owner not in (0, me, -1)]
    listed = {info.hex for info in extras.listed_cities()}
    return found + [(hex_id, owner) for hex_id, owner in bought_cities(extras)
                    if hex_id not in listed and owner != me]


def strongest_rival(extras: Extras) -> int:
    """The Clan to spy on: an enemy first; for a level that spies on the nearest, then the owner
    of the rival city nearest its convoys (the next it may attack); then one met; then the most
    popular. 0 when it knows of no other Clan."""
    known = extras.rivals()
    met = {clan.number for clan in extras.met()}
    near: dict[int, int] = {}
    if extras.level.spies_on_nearest:
        for city, owner in rival_cities(extras):
            for convoy in extras.convoys():
                distance = hexgrid.distance(city, convoy.hex)
                near[owner] = min(near.get(owner, distance), distance)
    ranked = sorted(known, key=lambda n: (n not in extras.enemies, near.get(n, 99), n not in met,
                                          -extras.popularity(n), n))
    return ranked[0] if ranked else 0


def add_intel(extras: Extras) -> None:
    """Spies, sabotage, espionage and agents, each as the level's judgement allows."""
    _plant(extras)
    _sabotage(extras)
    _espionage(extras)
    _agents(extras)


def spy_target(extras: Extras, hex_id: str, taken: set[str]) -> str:
    """The nearest rival city within the level's reach of a hex that has none of the Clan's
    spies yet; "" when there is none."""
    planted = set(extras.spies())
    reach = extras.level.spy_reach
    options = sorted((hexgrid.distance(hex_id, city), city)
                     for city, _owner in rival_cities(extras)
                     if city not in planted and city not in taken)
    return options[0][1] if options and options[0][0] <= reach else ""


def needs_counterspy(extras: Extras, hex_id: str) -> bool:
    """Whether the hex is an own city without a counterspy (CC-CO-PLANT-03)."""
    return hex_id in extras.owned_cities() and hex_id not in extras.spies()


def _plant(extras: Extras) -> None:
    """PLANT a convoy's Spy in the rival city it stands in (CC-CO-PLANT-01), else send the
    convoy toward the nearest rival city in reach; with none in reach, an own city without a
    counterspy gets him (CC-CO-PLANT-03)."""
    if not extras.level.plants_spies:
        return
    rivals = {hex_id for hex_id, _owner in rival_cities(extras)} - set(extras.spies())
    taken: set[str] = set()
    for convoy in extras.convoys():
        if "SPY" not in convoy.experts or convoy.health < 50:
            continue
        if convoy.hex in rivals - taken:
            if extras.convoy_line(convoy.number, Plant()):
                taken.add(convoy.hex)
            continue
        target = spy_target(extras, convoy.hex, taken)
        if target and extras.free_errand(convoy):
            extras.plan.errands[convoy.number] = target
            taken.add(target)
        elif not target and needs_counterspy(extras, convoy.hex):
            extras.convoy_line(convoy.number, Plant())


def leader(extras: Extras) -> int:
    """The Clan at the top of the printed Top Clans when it is not this one; 0 otherwise."""
    top = extras.standing().top_clans
    return top[0][0] if top and top[0][0] != extras.view.number else 0


def _sabotage(extras: Extras) -> None:
    """SABOTAGE an enemy's city where the Clan has a spy (CC-CL-SABOTAGE-01); a level that
    sabotages the leader also the leader's."""
    chance = extras.level.sabotage_chance
    if not chance:
        return
    owners = dict(rival_cities(extras))
    for hex_id in sorted(extras.spies()):  # in the map's order, whatever the strings' hashes
        owner = owners.get(hex_id, 0)
        targets = extras.enemies | ({leader(extras)} if extras.level.sabotages_leader else set())
        if owner and owner in targets and extras.rng.random() < chance:
            extras.post_line(Sabotage(hex=hex_id))
            return


def _espionage(extras: Extras) -> None:
    """Buy ESPIONAGE on the strongest rival (CC-CL-ESPIONAGE-01…03): what a level wants to know,
    cheapest first when money is short; as often as the level
    chooses."""
    view = extras.view
    if view.game_turn < view.rules.espionage_from_turn:
        return
    if extras.rng.random() >= extras.level.espionage_chance:
        return
    target = strongest_rival(extras)
    if not target:
        return
    # most wanted first; each in the rulebook's order, the order ESPIONAGE keeps them in
    popularity = extras.popularity(target) * PRICE_MARGIN
    for keywords in extras.level.espionage_wishes:
        cost = int(sum(view.rules.espionage[k] for k in keywords) * popularity)
        if cost <= extras.budget.spare and extras.pre_line(
                Espionage(target=target, keywords=keywords)):
            extras.budget.afford(cost)
            return


def bought_cities(extras: Extras) -> list[tuple[str, int]]:
    """(hex, owner) of the cities last turn's ESPIONAGE CITIES named (CC-CL-ESPIONAGE-03)."""
    found = []
    for event in extras.last_events():
        if event.kind == EventKind.ESPIONAGE_RESULT and event.facts.get("why") == "cities":
            owner, cities = event.facts.get("target", 0), event.facts.get("cities", ())
            if not isinstance(owner, int) or not isinstance(cities, tuple):
                continue
            found += [(str(city[0]), owner) for city in cities
                      if isinstance(city, tuple) and city]
    return found


def _agents(extras: Extras) -> None:
    """One [AGENTS] line per agent (CC-CL-TRAIN-02): enemies' cities first, then rival cities
    (seen, or named by bought espionage) and where rivals were last seen, nearest first."""
    plan = extras.plan
    room = plan.agent_room - len(plan.agents)
    if room <= 0:
        return
    home = extras.home()
    if not home:
        return
    enemy_cities = {hex_id for hex_id, owner in rival_cities(extras) if owner in extras.enemies}
    places = [hex_id for hex_id, _owner in rival_cities(extras)]
    places += [hex_id for hexes in extras.rivals().values() for hex_id in hexes]
    ranked = sorted((hex_id not in enemy_cities, hexgrid.nearest(hex_id, home), hex_id)
                    for hex_id in dict.fromkeys(places) if extras.view.map.contains(hex_id))
    for _not_enemy, _near, hex_id in ranked[:room]:
        plan.add_agent(hex_id)


__all__ = ["add_intel", "needs_counterspy", "rival_cities", "spy_target", "strongest_rival"]
