"""A city assault read off the game: to-hit figures, defenders, the garrison a conquest leaves."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.combat.city_battle import Assault
from conquest_tui.engine.convoys import experts
from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.world import buildings, structures, treaties

SHELTER = "SHE"
RIFLES = "rifles"
GUARD_KEY = "GUARD"
"""The `last_done` key of the turn a convoy began guarding (CC-MOVE-19, AMB-52)."""


def attack_problem(game: Game, convoy: Convoy) -> Reason | None:
    """Why this convoy cannot ATTACK where it stands now, or None (CC-CBC-01, CC-CO-ATTACK-02)."""
    city = game.city(convoy.hex)
    site = game.city_site(convoy.hex)
    if city is None or site is None:
        return reason("attack_no_city", hex=convoy.hex)
    where = {"city": site.name, "hex": convoy.hex}
    if city.owner == convoy.owner:
        return reason("attack_own", **where)
    if city.owner and city.owner in game.clan(convoy.owner).allies:
        return reason("attack_ally", owner=city.owner, **where)
    if city.owner and treaties.at_peace(game, convoy.owner, city.owner):  # HOUSE-TREATY-03
        return reason("attack_treaty", owner=city.owner, **where)
    if convoy.hidden:
        return reason("attack_hidden", number=convoy.number, **where)
    if convoy.troops <= 0:
        return reason("attack_no_troops", number=convoy.number, **where)
    return None


def guard_problem(game: Game, convoy: Convoy) -> Reason | None:
    """Why this convoy cannot GUARD where it stands, or None: the city must be friendly or its
    own; hidden convoys may guard (CC-CO-GUARD-01, CC-CNV-77)."""
    site = game.city_site(convoy.hex)
    if site is None:
        return reason("guard_no_city", hex=convoy.hex)
    if not game.is_friendly_city(convoy.hex, convoy.owner):
        return reason("guard_unfriendly", city=site.name, hex=convoy.hex)
    return None


def attacker_to_hit(game: Game, convoy: Convoy) -> float:
    """Every attacker modifier but the rifles (T§3.2, CC-CBC-05, AMB-26): 50%, a Sergeant +10%,
    an owned Police Station visited this turn +10% (×2 with a Sergeant), ±1% per 5 points of
    training and of morale from 30, −1% per 3 points of health below 100."""
    rules = game.rules
    combat, assault = rules.combat, rules.combat.assault
    percent = combat.step_percent(convoy.training) + combat.step_percent(convoy.morale) + \
        combat.health_percent(convoy.health)
    sergeant = assault.sergeant_bonus if "SER" in convoy.experts else 0.0
    return round(assault.attacker_to_hit + sergeant + structures.police_bonus(game, convoy)
                 + percent / 100, 6)


def defender_to_hit(game: Game, city: CityState) -> float:
    """The city's to-hit before its claymores: its fortification's, +10% with a working
    Shelter (CC-CBC-06, CC-CITY-54)."""
    base = game.rules.fortification(city.fortification).to_hit
    if buildings.works(game, city, SHELTER):
        base += game.rules.building_effects.shelter_to_hit_bonus
    return round(base, 6)


def guards_of(game: Game, city: CityState, attacker: int) -> list[Convoy]:
    """Convoys guarding the city that fight for it: not the attacker's, and only while the city
    is friendly to their Clan (CC-CBC-03, AMB-52)."""
    return [c for c in game.convoys_in(city.hex)
            if c.guarding and c.owner != attacker and game.is_friendly_city(city.hex, c.owner)]


def assault(game: Game, convoy: Convoy, city: CityState, troops: int,
            guards: list[Convoy]) -> Assault:
    """The assault of `troops` of the convoy's troops on the city (CC-CBC-02/03)."""
    return Assault(
        attackers=troops, attacker_to_hit=attacker_to_hit(game, convoy),
        defender_to_hit=defender_to_hit(game, city), garrison=city.troops,
        guards=tuple(g.troops for g in guards), rifles=convoy.rifles,
        troops_per_rifle=game.rules.weapons[RIFLES].troop_capacity_per_unit or 1,
        grenades=convoy.grenades, claymores=city.claymores, population=city.population,
        shelter=buildings.works(game, city, SHELTER))


def garrison_left(game: Game, convoy: Convoy, city: CityState, survivors: int,
                  rng: Random) -> int:
    """Troops the winners leave in the city they took, which is already theirs (CC-CBC-12):
    the Clan's Vigilance share of capacity (Barracks included) when the convoy has a
    Politician, else 5–10 (AMB-08); never more than survived, nor over half the capacity in the
    turn of capture (AMB-68)."""
    vigilance = game.clan(convoy.owner).vigilance
    if vigilance > 0 and experts.vigilance_applies(convoy):
        wanted = buildings.troop_capacity(game, city) * vigilance // 100
    else:
        wanted = game.rules.combat.assault.token_garrison.roll(rng)
    room = max(0, buildings.garrison_cap(game, city) - city.troops)
    return max(0, min(survivors, wanted, room))


def guard_ends_on_move(convoy: Convoy, turn: int) -> bool:
    """Whether a move or PAUSE now may go ahead, ending the convoy's GUARD: not in the turn it
    began guarding (CC-MOVE-19), in any later turn yes (AMB-52). For the movement orders."""
    if not convoy.guarding:
        return True
    if convoy.last_done.get(GUARD_KEY) == turn:
        return False
    convoy.guarding = False
    return True
