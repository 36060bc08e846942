"""Per-map configuration, read from tools/mapgen/configs/<name>.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .projection import Grid

CONFIG_DIR = Path(__file__).with_name("configs")


@dataclass(frozen=True)
class Thresholds:
    """Terrain classification thresholds (see classify.py for the order of the rules)."""

    water_land_frac: float = 0.5
    island_min_land: float = 0.06
    island_max_km2: float = 5800.0
    island_frac: float = 0.5
    mountain_relief: float = 700.0
    mountain_mean: float = 1300.0
    mountain_mean_relief: float = 300.0
    forest_brightness: float = 36.0
    wilderness_density: float = 0.3
    wilderness_any_density: float = 0.0
    wilderness_warm_density: float = -1.0  # for D climates with warm summers; -1: as above
    wilderness_rough_density: float = 1.0
    wilderness_relief: float = 300.0
    agricultural_relief: float = 350.0
    agricultural_max_elev: float = 2000.0
    metropolis_pop: int = 2_000_000
    no_forest_pop: int = 500_000


@dataclass(frozen=True)
class Area:
    """A hand-listed circle of one terrain (swamps and forests no package carries)."""

    name: str
    terrain: str
    lon: float
    lat: float
    radius_km: float


@dataclass(frozen=True)
class CityAdd:
    name: str
    lon: float
    lat: float
    population: int
    country: str = ""


@dataclass(frozen=True)
class CitySettings:
    """Which GeoNames places become cities and how they are fixed by hand."""

    table: str = "cities15000"
    count: int = 100
    min_spacing: int = 2
    major_pop: int = 1_000_000
    max_majors: int = 30
    countries: tuple[str, ...] = ()  # empty: every country
    exclude_countries: tuple[str, ...] = ()
    rename: dict[str, str] = field(default_factory=dict)
    drop: tuple[str, ...] = ()
    population: dict[str, int] = field(default_factory=dict)
    keep: tuple[str, ...] = ()
    majors: tuple[str, ...] = ()
    minors: tuple[str, ...] = ()
    add: tuple[CityAdd, ...] = ()
    anything_share: float = 0.05


@dataclass(frozen=True)
class RoadSettings:
    """Synthetic road network settings plus hand-listed roads."""

    neighbours: int = 4
    max_hexes: int = 10
    detour: float = 1.5
    max_cost_ratio: float = 2.6
    add: tuple[tuple[str, str], ...] = ()  # city or hex-id pairs routed over land
    drop: tuple[tuple[str, str], ...] = ()  # city pairs never linked directly


@dataclass(frozen=True)
class RiverSettings:
    resolution: str = "l"
    max_level: int = 1
    min_hexes: int = 3
    step_km: float = 2.0
    drop_hexes: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapConfig:
    """Everything needed to build one map."""

    name: str
    title: str
    description: str
    players_min: int
    players_max: int
    grid: Grid
    sample_km: float
    thresholds: Thresholds
    areas: tuple[Area, ...]
    overrides: dict[str, str]
    cities: CitySettings
    roads: RoadSettings
    rivers: RiverSettings


def _pairs(items: list[Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(a), str(b)) for a, b in items)


def load(name: str, directory: Path = CONFIG_DIR) -> MapConfig:
    """Read and check the TOML configuration of one map."""
    with (directory / f"{name}.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    g = raw["grid"]
    grid = Grid(float(g["center_lon"]), float(g["center_lat"]), int(g["columns"]),
                int(g["rows"]), float(g["hex_km"]))
    c = dict(raw.get("cities", {}))
    adds = tuple(CityAdd(**a) for a in c.pop("add", []))
    for key in ("drop", "keep", "majors", "minors", "countries", "exclude_countries"):
        if key in c:
            c[key] = tuple(c[key])
    r = dict(raw.get("roads", {}))
    for key in ("add", "drop"):
        if key in r:
            r[key] = _pairs(r[key])
    rv = dict(raw.get("rivers", {}))
    if "drop_hexes" in rv:
        rv["drop_hexes"] = tuple(rv["drop_hexes"])
    return MapConfig(
        name=raw["name"],
        title=raw["title"],
        description=raw["description"],
        players_min=int(raw["players"]["min"]),
        players_max=int(raw["players"]["max"]),
        grid=grid,
        sample_km=float(g.get("sample_km", grid.hex_km / 14)),
        thresholds=Thresholds(**raw.get("thresholds", {})),
        areas=tuple(Area(**a) for a in raw.get("area", [])),
        overrides={str(k): str(v) for k, v in raw.get("overrides", {}).items()},
        cities=CitySettings(**c, add=adds),
        roads=RoadSettings(**r),
        rivers=RiverSettings(**rv),
    )


def available() -> list[str]:
    """Names of all configured maps."""
    return sorted(p.stem for p in CONFIG_DIR.glob("*.toml"))
