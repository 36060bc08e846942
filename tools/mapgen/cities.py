"""Choose the map's cities from GeoNames, apply the hand fixes, and give each its game facts."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from .config import CitySettings, MapConfig
from .hexgrid import distance, neighbours
from .hexstats import HexStats
from .rasters import City, Sources

GOODS = ("milk", "wool", "ores", "minerals", "coal", "steel", "alcohol", "gas", "cloth", "gems")
GUILDS = ("ARM", "CHE", "DEA", "DOC", "ENG", "GOU", "GUN", "MER", "PIL", "POL", "PRI", "SCO",
          "SER", "SPY", "TIN", "TRA")

# Goods a city is likely to produce, by the terrain of its hex.
TERRAIN_GOODS: dict[str, tuple[str, ...]] = {
    "plains": ("wool", "milk", "gas", "coal"),
    "agricultural": ("milk", "alcohol", "wool", "cloth"),
    "forest": ("cloth", "coal", "minerals", "alcohol"),
    "desert": ("gas", "gems", "minerals"),
    "mountains": ("ores", "minerals", "gems", "coal"),
    "swamp": ("gas", "coal", "alcohol"),
    "wilderness": ("ores", "gems", "wool", "minerals"),
    "jungle": ("gems", "alcohol", "minerals"),
    "barren": ("ores", "gems", "gas"),
    "metropolis": ("steel", "cloth", "gas", "alcohol"),
    "islands": ("alcohol", "wool", "gems", "milk"),
}
MAJOR_GOODS = ("steel", "cloth", "coal", "gas", "alcohol")


@dataclass(eq=False)
class MapCity:
    """A chosen city, before and after its game facts are filled in."""

    name: str
    country: str
    lon: float
    lat: float
    real_pop: int
    col: int
    row: int
    major: bool = False
    source_name: str = ""
    geonameid: int = 0
    facts: dict[str, object] = field(default_factory=dict)

    @property
    def hex(self) -> tuple[int, int]:
        return self.col, self.row


def _matches(spec: str, city: City | MapCity, name: str) -> bool:
    """A spec is "Name" (any country), "Name,CC" or "#geonameid"."""
    if spec.startswith("#"):
        return int(spec[1:]) == city.geonameid
    if "," in spec:
        n, cc = (s.strip() for s in spec.rsplit(",", 1))
        return n == name and cc == city.country
    return spec == name


def _resolve(specs: tuple[str, ...] | Mapping[str, object], places: list[City]) -> dict[int, str]:
    """geonameid -> spec: "#id" names one place; a name ("Name" or "Name,CC") names the most
    populous place that has it."""
    out: dict[int, str] = {}
    for spec in specs:
        hits = [c for c in places if _matches(spec, c, c.name)]
        if hits:
            best = max(hits, key=lambda c: (c.population, -c.geonameid))
            out.setdefault(best.geonameid, spec)
    return out


def _candidates(src: Sources, cfg: MapConfig) -> list[MapCity]:
    """GeoNames places inside the map after drops, renames and population fixes."""
    s: CitySettings = cfg.cities
    grid = cfg.grid
    raw = list(src.cities(s.table))
    if s.countries:
        raw = [c for c in raw if c.country in s.countries]
    if s.exclude_countries:
        raw = [c for c in raw if c.country not in s.exclude_countries]
    raw += [
        City(-i - 1, a.name, a.country, a.lon, a.lat, a.population) for i, a in enumerate(s.add)
    ]
    x, y = grid.forward(np.array([c.lon for c in raw]), np.array([c.lat for c in raw]))
    idx = grid.locate(x, y)
    inside = [(c, int(k)) for c, k in zip(raw, idx, strict=True) if k >= 0]
    places = [c for c, _ in inside]
    renames = _resolve(s.rename, places)
    pops = _resolve(s.population, places)
    out = []
    for c, k in inside:
        if any(_matches(spec, c, c.name) for spec in s.drop):
            continue
        name = str(s.rename[renames[c.geonameid]]) if c.geonameid in renames else c.name
        real = int(s.population[pops[c.geonameid]]) if c.geonameid in pops else c.population
        out.append(MapCity(name, c.country, c.lon, c.lat, real, k % grid.columns + 1,
                           k // grid.columns + 1, source_name=c.name, geonameid=c.geonameid))
    out.sort(key=lambda m: (-m.real_pop, m.name, m.country))
    return out


def _place(city: MapCity) -> City:
    return City(city.geonameid, city.source_name, city.country, city.lon, city.lat,
                city.real_pop)


def _picked(specs: tuple[str, ...], cities: list[MapCity]) -> set[int]:
    """geonameids of the cities that a list of specs names (by GeoNames or map name)."""
    by_source = _resolve(specs, [_place(c) for c in cities])
    by_name = _resolve(specs, [City(c.geonameid, c.name, c.country, c.lon, c.lat, c.real_pop)
                               for c in cities])
    return set(by_source) | set(by_name)


def _flat(col: int, row: int, columns: int) -> int:
    return (row - 1) * columns + (col - 1)


def _land_hex(city: MapCity, stats: HexStats, cfg: MapConfig, taken: set[tuple[int, int]]
              ) -> tuple[int, int] | None:
    """The city's own hex if it has enough land, else the free neighbour with most land."""
    cols, rows = cfg.grid.columns, cfg.grid.rows
    own = city.hex
    if stats.land_frac[_flat(*own, cols)] >= 0.1 and own not in taken:
        return own
    best, best_land = None, 0.1
    for c, r in neighbours(*own):
        if 1 <= c <= cols and 1 <= r <= rows and (c, r) not in taken:
            lf = float(stats.land_frac[_flat(c, r, cols)])
            if lf > best_land:
                best, best_land = (c, r), lf
    return best


def select(src: Sources, cfg: MapConfig, stats: HexStats) -> list[MapCity]:
    """Pick cities: kept ones, then by population with a spacing rule, then remote ones."""
    s = cfg.cities
    cands = _candidates(src, cfg)
    chosen: list[MapCity] = []
    taken: set[tuple[int, int]] = set()

    def accept(city: MapCity, spacing: int) -> bool:
        h = _land_hex(city, stats, cfg, taken)
        if h is None or any(distance(h, o.hex) < spacing for o in chosen):
            return False
        city.col, city.row = h
        chosen.append(city)
        taken.add(h)
        return True

    keep_ids = _picked(s.keep, cands)
    kept = [c for c in cands if c.geonameid in keep_ids]
    for city in kept:
        accept(city, 1)
    rest = [c for c in cands if c not in kept]
    by_pop_target = int(round(s.count * 0.85))
    for city in rest:
        if len(chosen) >= by_pop_target:
            break
        accept(city, s.min_spacing)
    # Fill the remaining places with the most remote candidates (farthest from any city).
    pool = [c for c in rest if c not in chosen]
    gap = [min((distance(c.hex, o.hex) for o in chosen), default=99) for c in pool]
    while len(chosen) < s.count and pool:
        i = max(range(len(pool)), key=lambda j: (gap[j], pool[j].real_pop))
        if gap[i] < s.min_spacing + 1:
            break
        best = pool.pop(i)
        gap.pop(i)
        if accept(best, s.min_spacing + 1):
            gap = [min(g, distance(c.hex, best.hex)) for g, c in zip(gap, pool, strict=True)]
    _mark_majors(chosen, s)
    _unique_names(chosen)
    chosen.sort(key=lambda c: (c.col, c.row))
    return chosen


def _mark_majors(chosen: list[MapCity], s: CitySettings) -> None:
    major_ids = _picked(s.majors, chosen)
    minor_ids = _picked(s.minors, chosen)
    forced = [c for c in chosen if c.geonameid in major_ids]
    auto = [
        c for c in chosen
        if c.real_pop >= s.major_pop and c not in forced and c.geonameid not in minor_ids
    ]
    auto.sort(key=lambda c: (-c.real_pop, c.name))
    for c in forced + auto[: max(0, s.max_majors - len(forced))]:
        c.major = True


def _unique_names(chosen: list[MapCity]) -> None:
    seen: dict[str, int] = {}
    for c in sorted(chosen, key=lambda c: (-c.real_pop, c.name)):
        seen[c.name] = seen.get(c.name, 0) + 1
        if seen[c.name] > 1:
            c.name = f"{c.name} ({c.country})"


def game_population(city: MapCity) -> int:
    """Starting population on the game's scale (minor about 25,000, major about 100,000)."""
    if city.major:
        value = 100_000 * (city.real_pop / 1_500_000) ** 0.3
        return int(round(min(max(value, 80_000), 250_000), -2))
    value = 25_000 * (max(city.real_pop, 1000) / 60_000) ** 0.25
    return int(round(min(max(value, 12_000), 55_000), -2))


def _base_value(city: MapCity, rng: random.Random) -> int:
    size = math.log10(max(city.real_pop, 1000))
    if city.major:
        share = min(max((size - 6.0) / 1.2, 0.0), 1.0)
        value = 80_000 + 30_000 * share + rng.randint(0, 10_000)
        return int(min(value, 120_000))
    share = min(max((size - 4.2) / 2.0, 0.0), 1.0)
    value = 8_000 + 5_000 * share + rng.randint(0, 2_000)
    return int(min(value, 15_000))


def _fortification(city: MapCity, rng: random.Random) -> int:
    if city.major:
        return 5
    roll = rng.random()
    return 1 if roll < 0.55 else 2 if roll < 0.9 else 3 if roll < 0.98 else 4


def assign_facts(cfg: MapConfig, chosen: list[MapCity], terrain_at: dict[tuple[int, int], str]
                 ) -> None:
    """Fill goods produced and needed, guild, fortification, base value and population."""
    produced = dict.fromkeys(GOODS, 0)
    needed = dict.fromkeys(GOODS, 0)
    # The most remote cities (largest gap to the nearest other city) need "anything".
    gaps = {
        c.name: min((distance(c.hex, o.hex) for o in chosen if o is not c), default=0)
        for c in chosen
    }
    n_any = max(1, round(len(chosen) * cfg.cities.anything_share))
    remote = sorted((c for c in chosen if not c.major), key=lambda c: (-gaps[c.name], c.name))
    anything = {c.name for c in remote[:n_any]}
    for city in chosen:
        rng = random.Random(f"{cfg.name}:{city.name}")
        terr = terrain_at[city.hex]
        likely = MAJOR_GOODS if city.major else TERRAIN_GOODS.get(terr, GOODS)
        weights = [(3.0 if g in likely else 0.4) / (1 + produced[g]) for g in GOODS]
        prod = rng.choices(GOODS, weights=weights)[0]
        produced[prod] += 1
        if city.name in anything:
            need = "anything"
        else:
            others = [g for g in GOODS if g != prod]
            need = rng.choices(others, weights=[1.0 / (1 + needed[g]) for g in others])[0]
            needed[need] += 1
        guild = rng.choice(GUILDS) if rng.random() < 0.7 else None
        city.facts = {
            "population": game_population(city),
            "produces": prod,
            "needs": need,
            "guild": guild,
            "fortification": _fortification(city, rng),
            "base_value": _base_value(city, rng),
        }
