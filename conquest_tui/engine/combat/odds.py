"""Odds of a fight from what a Clan knows: a hex attack exactly, other fights by seeded runs."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.combat import (
    city_assault,
    city_battle,
    convoy_battle,
    fighters,
    hex_attack,
)
from conquest_tui.engine.combat.convoy_battle import Fighter, SeededChances
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState, Convoy, Sighting
from conquest_tui.engine.rules.ruleset_combat import AssaultRules, CombatRules, HexAttackRules

if TYPE_CHECKING:  # the caller hands in the Clan's view; combat sits below reports
    from conquest_tui.engine.reports.view import CityInfo, ClanView

HEX_ATTACK = "hex_attack"
CITY_INVASION = "city_invasion"
CONVOY_BATTLE = "convoy_battle"
DEFAULT_RUNS = 1_000
CHECKER_RUNS = 200
ENOUGH_MARGIN = 0.005
"""Without a number of runs, enough are made for the win share to be within half a point of
the true chance (95 % of the time): the Wilson interval around it reaches no further."""
Z95 = 1.96
BATCH = 250
MIN_RUNS = 500
MAX_RUNS = 40_000
UNKNOWN = -1
"""What the view says for an owner it does not know."""

Fact = tuple[str, int | str]


@attrs.frozen
class Assumption:
    """Something the Clan does not know and what the estimate took instead (`code` + facts)."""

    code: str
    facts: tuple[Fact, ...] = ()

    def fact(self, key: str) -> int | str:
        return dict(self.facts)[key]


@attrs.frozen
class Losses:
    """A side's losses, the mean over the runs."""

    troops: float
    vehicles: tuple[tuple[str, float], ...] = ()
    """(vehicle key, mean destroyed), for convoy battles."""
    population: float = 0.0
    """People killed in a city invasion, the looting after a conquest included."""


@attrs.frozen
class Estimate:
    """How a fight is likely to go: worked out exactly (`exact`) or from `runs` seeded runs of
    the combat code itself."""

    fight: str
    """"hex_attack", "city_invasion" or "convoy_battle"."""
    clan: int
    convoy: int
    hex: str
    troops: int
    """The Clan's troops going in."""
    runs: int
    seed: int
    win: float
    """0.0 … 1.0: the share of runs the Clan wins (takes the hex or city, beats every convoy)."""
    no_fight: float
    """The share of runs with no fight: too few troops, or the commander calls it off."""
    attacker: Losses
    defender: Losses
    spread: tuple[int, int]
    """10th and 90th percentile of the Clan's troop losses."""
    exact: bool = False
    """Worked out from every roll's chance rather than runs (`runs` is then 0)."""
    wiped_out: float = 0.0
    """The share of fights in which every troop the Clan sends in dies."""
    target: tuple[Fact, ...] = ()
    """What is fought: owner, defense level, guards, city name, enemy convoys …"""
    assumptions: tuple[Assumption, ...] = ()

    def fact(self, key: str, default: int | str = 0) -> int | str:
        return dict(self.target).get(key, default)

    @property
    def percent(self) -> int:
        """The chance to win in whole percent."""
        return round(self.win * 100)

    @property
    def chance(self) -> str:
        """The chance in a word: "no_fight", "certain", "none", "almost_none",
        "almost_certain" (rounding to 0 or 100% though some runs went the other way) or
        "about" (then `percent` says how much)."""
        if self.no_fight >= 1.0:
            return "no_fight"
        if self.win >= 1.0:
            return "certain"
        if self.win <= 0.0:
            return "none"
        if self.percent in (0, 100):
            return "almost_none" if self.percent == 0 else "almost_certain"
        return "about"


class OddsError(ValueError):
    """The fight asked about cannot happen (no city there, an own city, no troops …)."""

    def __init__(self, code: str, **facts: int | str) -> None:
        super().__init__(code)
        self.code = code
        self.facts = facts


@attrs.frozen
class _Run:
    """One run's result, as the totals need it."""

    won: bool
    fought: bool
    lost: int
    defender_lost: int
    own_vehicles: tuple[str, ...] = ()
    their_vehicles: tuple[str, ...] = ()
    population: int = 0
    wiped: bool = False
    """Every troop sent in died."""


def _own(view: ClanView, convoy: Convoy) -> None:
    if convoy.owner != view.number:
        raise OddsError("not_own_convoy", number=convoy.number)


def _seeded(kind: str, seed: int) -> Random:
    return Random(f"odds:{kind}:{seed}")


def _percentile(values: list[int], share: float) -> int:
    """Nearest-rank percentile of sorted `values`."""
    if not values:
        return 0
    return values[max(1, math.ceil(len(values) * share)) - 1]


@attrs.frozen
class _Totals:
    """The runs summed up: what an `Estimate` says of the fight itself (cached)."""

    fight: str
    runs: int
    seed: int
    win: float
    no_fight: float
    attacker: Losses
    defender: Losses
    spread: tuple[int, int]
    exact: bool = False
    wiped_out: float = 0.0


def _enough(one_run: Callable[[], _Run], runs: int | None) -> list[_Run]:
    """`runs` runs, or (None) batches until the win share is within `ENOUGH_MARGIN` of the true
    chance, from `MIN_RUNS` to `MAX_RUNS` runs."""
    if runs is not None:
        return [one_run() for _ in range(runs)]
    made: list[_Run] = []
    while len(made) < MAX_RUNS:
        made += [one_run() for _ in range(BATCH)]
        if len(made) >= MIN_RUNS and _within(sum(run.won for run in made), len(made)):
            break
    return made


def _within(won: int, runs: int) -> bool:
    """Whether the 95 % Wilson interval of `won` in `runs` lies within `ENOUGH_MARGIN` of the
    share on both sides (it also bounds a share of 0 or 1, where p(1−p) would say 0)."""
    share = won / runs
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * runs)) / (1 + z2 / runs)
    half = Z95 * math.sqrt(share * (1 - share) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    return max(share - (centre - half), centre + half - share) <= ENOUGH_MARGIN


def _totals(kind: str, runs: list[_Run], seed: int) -> _Totals:
    count = len(runs)
    lost = sorted(run.lost for run in runs)

    def vehicles(pick: Callable[[_Run], Iterable[str]]) -> tuple[tuple[str, float], ...]:
        counter: Counter[str] = Counter()
        for run in runs:
            counter.update(pick(run))
        return tuple((key, n / count) for key, n in sorted(counter.items()))

    return _Totals(
        fight=kind, runs=count, seed=seed,
        win=sum(run.won for run in runs) / count,
        no_fight=sum(not run.fought for run in runs) / count,
        attacker=Losses(sum(lost) / count, vehicles(lambda run: run.own_vehicles)),
        defender=Losses(sum(run.defender_lost for run in runs) / count,
                        vehicles(lambda run: run.their_vehicles),
                        sum(run.population for run in runs) / count),
        spread=(_percentile(lost, 0.10), _percentile(lost, 0.90)),
        wiped_out=sum(run.wiped for run in runs) / count,
    )


# --- hex attack (CC-CBH-02…05, AMB-42) ---------------------------------------------------------
def hex_attack_odds(game: Game, view: ClanView, convoy: Convoy, hex_id: str, *,
                    troops: int | None = None, runs: int | None = None,
                    seed: int = 0) -> Estimate:
    """The convoy's attack on the hex in Capture mode, from the hex as the Clan knows it: exact,
    every roll of the attack weighed (`runs` and `seed` are not needed)."""
    _own(view, convoy)
    if game.map.is_water(hex_id):
        raise OddsError("water_hex", hex=hex_id)
    info = view.hex_info(hex_id)
    if info.owner == view.number:
        raise OddsError("own_hex", hex=hex_id)
    rules = game.rules
    assumptions: list[Assumption] = []
    level, guards = info.defense, info.guards
    if info.owner == UNKNOWN:
        level, guards = _assumed_hex(game, hex_id)
        assumptions.append(Assumption("hex_defense", (("hex", hex_id), ("level", level),
                                                      ("guards", guards))))
    defense = hex_attack.HexDefense(rules.defense_levels[level - 1].conquer,
                                    rules.terrains[game.map.terrain_of(hex_id)].guard_cost, guards)
    sent = convoy.troops if troops is None else min(troops, convoy.troops)
    results = _hex_exact(defense, sent, rules.combat.hex_attack)
    target = (("owner", info.owner), ("level", level), ("guards", guards),
              ("low", defense.low), ("high", defense.high))
    return Estimate(clan=view.number, convoy=convoy.number, hex=hex_id, troops=sent,
                    target=target, assumptions=tuple(assumptions),
                    **attrs.asdict(results, recurse=False))


def _assumed_hex(game: Game, hex_id: str) -> tuple[int, int]:
    """An unseen hex: the strongest defense it can start the game with (AMB-38); its guards
    are not known and none are counted (a hex starts with none)."""
    generation = game.rules.hexgen
    level = generation.defense_roll.high + game.rules.terrains[game.map.terrain_of(hex_id)] \
        .defense_bonus + (generation.river_defense_bonus if game.map.has_river(hex_id) else 0)
    return min(level, generation.max_defense_level), 0


def _hex_exact(defense: hex_attack.HexDefense, troops: int,
               rules: HexAttackRules) -> _Totals:
    """The attack's chances from `hex_attack.exact`: the turn's own rule, enumerated."""
    outcome = hex_attack.exact(defense, troops, rules)
    captured = float(outcome.captured)
    return _Totals(
        fight=HEX_ATTACK, runs=0, seed=0, win=captured,
        no_fight=1.0 if outcome.too_strong else float(outcome.called_off),
        attacker=Losses(outcome.expected_lost), defender=Losses(defense.guards * captured),
        spread=(_share_point(outcome.lost, 0.10), _share_point(outcome.lost, 0.90)),
        exact=True, wiped_out=float(outcome.failed))


def _share_point(chances: tuple[tuple[int, Fraction], ...], share: float) -> int:
    """The least value whose cumulative chance reaches `share` (`chances` in order)."""
    total = Fraction(0)
    for value, chance in chances:
        total += chance
        if total >= Fraction(share).limit_denominator(1000):
            return value
    return chances[-1][0] if chances else 0


# --- city invasion (CC-CBC-02…11) --------------------------------------------------------------
def city_invasion_odds(game: Game, view: ClanView, convoy: Convoy, *, troops: int | None = None,
                       runs: int | None = None, seed: int = 0) -> Estimate:
    """The convoy's ATTACK on the city in its hex, from the city as the Clan knows it (`troops`
    above the convoy's are cut to them)."""
    _own(view, convoy)
    info = view.city_info(convoy.hex)
    if info is None:
        raise OddsError("no_city", hex=convoy.hex)
    if info.owner == view.number:
        raise OddsError("own_city", hex=convoy.hex, city=info.name)
    if info.owner in view.clan.allies:
        raise OddsError("ally_city", hex=convoy.hex, city=info.name, owner=info.owner)
    if convoy.troops <= 0:
        raise OddsError("no_troops", number=convoy.number)
    city, assumptions = _known_city(game, view, info)
    sent = convoy.troops if troops is None else max(1, min(troops, convoy.troops))
    the_assault = city_assault.assault(game, convoy, city, sent, [])
    results = _city_runs(the_assault, game.rules.combat.assault, runs, seed)
    target = (("city", info.name), ("owner", info.owner), ("fortification", city.fortification),
              ("garrison", city.troops), ("population", city.population),
              ("seen_turn", info.seen_turn))
    return Estimate(clan=view.number, convoy=convoy.number, hex=convoy.hex, troops=sent,
                    target=target, assumptions=tuple(assumptions),
                    **attrs.asdict(results, recurse=False))


def _known_city(game: Game, view: ClanView,
                info: CityInfo) -> tuple[CityState, list[Assumption]]:
    """A stand-in city built only from what the Clan knows, and what it had to assume."""
    rules = game.rules
    site = game.map.city_at(info.hex)
    band = rules.population["major" if site is not None and site.major else "minor"]
    assumptions: list[Assumption] = []
    fort, population, troops = info.fortification, info.population, info.troops
    buildings = list(info.buildings)
    if not fort:
        fort = band.start_fortification.high
        population = band.typical_start
        assumptions.append(Assumption("city_unseen", (
            ("city", info.name), ("level", fort),
            ("fortification", rules.fortification(fort).name), ("population", population))))
        assumptions.append(Assumption("city_buildings", (("city", info.name),)))
    if not info.live:
        if info.seen_turn:
            assumptions.append(Assumption("city_old", (("city", info.name),
                                                       ("turn", info.seen_turn))))
        if info.seen_turn == 0:
            troops = rules.fortification(fort).troop_capacity("BAR" in buildings)
            assumptions.append(Assumption("city_troops", (("city", info.name),
                                                          ("troops", troops))))
        assumptions.append(Assumption("city_claymores", (("city", info.name),)))
    seen_here = [s for s in view.sightings() if s.hex == info.hex and s.owner != view.number]
    if seen_here:
        assumptions.append(Assumption("city_guards", (("city", info.name),
                                                      ("convoys", len(seen_here)))))
    city = CityState(hex=info.hex, owner=max(0, info.owner), population=population,
                     fortification=fort, troops=troops, claymores=info.claymores,
                     buildings=buildings)
    return city, assumptions


@functools.lru_cache(maxsize=64)
def _city_runs(the_assault: city_battle.Assault, rules: AssaultRules, runs: int | None,
               seed: int) -> _Totals:
    rng = _seeded(CITY_INVASION, seed)

    def one_run() -> _Run:
        result = city_battle.fight(the_assault, rules, rng)
        return _Run(result.won, bool(result.rounds), result.attackers_lost,
                    result.defenders_lost, population=result.population_lost + result.pillage,
                    wiped=result.attackers_lost >= the_assault.attackers)

    return _totals(CITY_INVASION, _enough(one_run, runs), seed)


# --- convoy battle (CC-CBV-01…10, AMB-41) ------------------------------------------------------
def enemy_sightings(view: ClanView, hex_id: str) -> list[Sighting]:
    """Enemy convoys the Clan saw in the hex: not its own, not its allies'."""
    allies = set(view.clan.allies)
    found = [s for s in view.sightings() if s.hex == hex_id and s.owner != view.number
             and s.owner not in allies]
    return sorted(found, key=lambda s: (s.owner, s.size_name, s.convoy_type))


def convoy_battle_odds(game: Game, view: ClanView, convoy: Convoy, hex_id: str, *,
                       runs: int | None = None, seed: int = 0) -> Estimate:
    """The convoy entering (or pausing in) the hex and attacking every enemy convoy the Clan
    saw there, one after the other; a win is beating them all (CC-CBV-01/02)."""
    _own(view, convoy)
    seen = enemy_sightings(view, hex_id)
    if not seen:
        raise OddsError("no_enemy_convoys", hex=hex_id)
    assumptions: list[Assumption] = []
    enemies = [_assumed_convoy(game, convoy, sighting, index, assumptions)
               for index, sighting in enumerate(seen, start=1)]
    placed = attrs.evolve(convoy, hex=hex_id, hidden=False)
    attacker = fighters.fighter(game, placed, enemies[0])
    sides = tuple(fighters.fighter(game, enemy, placed) for enemy in enemies)
    if len(enemies) > 1:
        assumptions.append(Assumption("no_repairs"))
    results = _battle_runs(attacker, sides, game.rules.combat, runs, seed)
    owners = tuple(sorted({s.owner for s in seen}))
    target = (("owner", owners[0] if len(owners) == 1 else 0), ("convoys", len(seen)),
              ("owners", ",".join(str(o) for o in owners)),
              ("seen_turn", max(s.game_turn for s in seen)))
    return Estimate(clan=view.number, convoy=convoy.number, hex=hex_id, troops=convoy.troops,
                    target=target, assumptions=tuple(assumptions),
                    **attrs.asdict(results, recurse=False))


def _assumed_convoy(game: Game, own: Convoy, sighting: Sighting, index: int,
                    assumptions: list[Assumption]) -> Convoy:
    """A stand-in for a convoy the Clan only saw: its size name and type when made out (else
    those of the Clan's own convoy), filled with that type's vehicles largest first to the middle
    of the size band, full of troops, with a new convoy's morale, training and health."""
    rules = game.rules
    convoy_type = sighting.convoy_type or own.convoy_type
    size_name = sighting.size_name or rules.size_name(
        sum(rules.vehicles[k].size * n for k, n in own.vehicles.items()))
    band = next(b for b in rules.size_bands if b.name == size_name)
    size = band.low if band.high is None else (band.low + band.high) // 2
    vehicles: dict[str, int] = {}
    left = size
    for key in reversed(rules.convoy_types[convoy_type].vehicles):
        count, left = divmod(left, rules.vehicles[key].size)
        if count:
            vehicles[key] = count
    troops = sum(rules.vehicles[k].troops * n for k, n in vehicles.items())
    start = rules.convoy
    assumptions.append(Assumption("enemy_convoy", (
        ("owner", sighting.owner), ("hex", sighting.hex), ("turn", sighting.game_turn),
        ("size", size_name), ("type", convoy_type), ("troops", troops),
        ("morale", start.new_morale), ("training", start.new_training),
        ("vehicles", ",".join(f"{n}:{k}" for k, n in vehicles.items())),
        ("size_known", int(bool(sighting.size_name))),
        ("type_known", int(bool(sighting.convoy_type))))))
    return Convoy(owner=sighting.owner or UNKNOWN, number=index, name="", convoy_type=convoy_type,
                  hex=sighting.hex, vehicles=vehicles, troops=troops, morale=start.new_morale,
                  training=start.new_training, health=start.new_health)


@functools.lru_cache(maxsize=256)
def _battle_runs(attacker: Fighter, enemies: tuple[Fighter, ...], rules: CombatRules,
                 runs: int | None, seed: int) -> _Totals:
    """Same sides, rules, runs and seed → the same runs (the checker asks on every keystroke)."""
    chances = SeededChances(_seeded(CONVOY_BATTLE, seed))
    return _totals(CONVOY_BATTLE, _enough(
        lambda: _one_battle_run(attacker, enemies, rules, chances), runs), seed)


def _one_battle_run(attacker: Fighter, enemies: tuple[Fighter, ...], rules: CombatRules,
                    chances: SeededChances) -> _Run:
    """One run: the enemies fought in turn until one is not beaten (CC-CBV-01)."""
    own = attacker
    lost = their_lost = 0
    own_vehicles: list[str] = []
    their_vehicles: list[str] = []
    fought = False
    for enemy in enemies:
        result = convoy_battle.fight(own, enemy, rules, chances)
        if result.outcome == "declined":
            return _Run(False, fought, lost, their_lost, tuple(own_vehicles),
                        tuple(their_vehicles))
        fought = True
        lost += result.attacker.troops_killed
        their_lost += result.defender.troops_killed
        own_vehicles += result.attacker.destroyed
        their_vehicles += result.defender.destroyed
        if result.outcome != "attacker":
            return _Run(False, True, lost, their_lost, tuple(own_vehicles),
                        tuple(their_vehicles), wiped=attacker.troops > 0
                        and lost >= attacker.troops)
        own = _after(own, result.attacker)
    return _Run(True, True, lost, their_lost, tuple(own_vehicles), tuple(their_vehicles),
                wiped=attacker.troops > 0 and lost >= attacker.troops)


def _after(side: Fighter, result: convoy_battle.SideResult) -> Fighter:
    """The side as it goes into its next battle: survivors with their damage unrepaired."""
    template = {unit.key: unit for unit in side.units}
    units = tuple(attrs.evolve(template[key], hit_points=max(1, template[key].hit_points - hurt))
                  for key, hurt in zip(result.survivors, result.damage, strict=True))
    return attrs.evolve(side, units=units, troops=side.troops - result.troops_killed,
                        rockets=side.rockets - result.rockets_fired)


# --- what a convoy would fight ------------------------------------------------------------------
def estimates(game: Game, view: ClanView, convoy: Convoy, target: str | None = None, *,
              attack_city: bool = False, troops: int | None = None, runs: int | None = None,
              seed: int = 0) -> list[Estimate]:
    """Every fight the convoy would meet in `target` (its own hex by default), as it stands
    now: the enemy convoys seen there; entering another hex, the hex itself in Capture mode
    (CC-MOVE-15: battles first, then the hex attack) and an ATTACK on the city there; in its own
    hex, with `attack_city`, that ATTACK. Any hex of the map may be asked about: the convoy is
    taken to have come next to it as it is."""
    _own(view, convoy)
    hex_id = target or convoy.hex
    if not game.map.contains(hex_id):
        raise OddsError("off_map", hex=hex_id)
    entering = hex_id != convoy.hex
    found: list[Estimate] = []
    if enemy_sightings(view, hex_id):
        found.append(convoy_battle_odds(game, view, convoy, hex_id, runs=runs, seed=seed))
    arriving = troops
    if entering and _attacks(game, view, convoy, hex_id):
        taken = hex_attack_odds(game, view, convoy, hex_id, troops=troops)
        found.append(taken)
        arriving = _after_hex_attack(taken)
    if (attack_city or entering) and _invadable(view, hex_id) and (arriving is None
                                                                    or arriving > 0):
        placed = attrs.evolve(convoy, hex=hex_id)
        invasion = city_invasion_odds(game, view, placed, troops=arriving, runs=runs, seed=seed)
        if arriving is not None and arriving != troops:
            invasion = attrs.evolve(invasion, assumptions=(*invasion.assumptions, Assumption(
                "after_hex_attack", (("hex", hex_id), ("troops", arriving)))))
        found.append(invasion)
    if not found:
        more = ""
        if not entering and view.city_info(hex_id) is not None:
            more = "city"
        elif entering and convoy.mode != "capture":
            more = "capture"
        raise OddsError("nothing_to_fight", hex=hex_id, more=more)
    return found


def _after_hex_attack(taken: Estimate) -> int:
    """The troops left to ATTACK the city once its hex is taken: those sent, less what taking it
    costs on average (all of them when too few to attack it)."""
    if taken.no_fight >= 1.0:
        return taken.troops
    if taken.win <= 0.0:
        return 0
    cost = (taken.attacker.troops - taken.wiped_out * taken.troops) / taken.win
    return max(0, taken.troops - round(cost))


def _invadable(view: ClanView, hex_id: str) -> bool:
    """A city is there that is neither the Clan's nor an ally's."""
    info = view.city_info(hex_id)
    return info is not None and info.owner != view.number and info.owner not in view.clan.allies


def _attacks(game: Game, view: ClanView, convoy: Convoy, hex_id: str) -> bool:
    """Entering the hex in Capture mode attacks it unless it is water or known to be the Clan's
    or an ally's (CC-CBH-01, 08, 09): a move reveals the convoy."""
    if convoy.mode != "capture" or game.map.is_water(hex_id):
        return False
    owner = view.hex_info(hex_id).owner
    return owner != view.number and owner not in view.clan.allies
