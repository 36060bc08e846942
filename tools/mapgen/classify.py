"""Turn per-hex facts into one of the twelve terrains, with the reason for each."""

from __future__ import annotations

import numpy as np

from . import climate
from .config import MapConfig
from .hexgrid import hex_id
from .hexstats import HexStats
from .projection import Grid
from .terrain import terrain_name


def _area_hexes(cfg: MapConfig) -> dict[int, tuple[str, str]]:
    """Flat hex index -> (terrain, name) for hexes whose centre lies in a hand-listed area."""
    grid: Grid = cfg.grid
    cx, cy = grid.centers()
    out: dict[int, tuple[str, str]] = {}
    for area in cfg.areas:
        sx, sy = grid.forward(np.array([area.lon]), np.array([area.lat]))
        d = np.hypot(cx - sx[0], cy - sy[0])
        for k in np.flatnonzero(d <= area.radius_km):
            out.setdefault(int(k), (terrain_name(area.terrain), area.name))
    return out


def classify(
    cfg: MapConfig,
    stats: HexStats,
    forced_land: set[int],
    city_pop: dict[int, int],
) -> tuple[list[str], list[str]]:
    """Terrain name and a short reason for every hex (flat index order)."""
    th = cfg.thresholds
    cols = cfg.grid.columns
    areas = _area_hexes(cfg)
    warm_density = th.wilderness_warm_density
    if warm_density < 0:
        warm_density = th.wilderness_density
    terrain: list[str] = []
    why: list[str] = []
    for k in range(cols * cfg.grid.rows):
        lf = float(stats.land_frac[k])
        kop = climate.KOPPEN[int(stats.koppen[k])]
        relief = float(stats.relief[k])
        mean = float(stats.elev_mean[k])
        bright = float(stats.brightness[k])
        dens = float(stats.place_density[k])
        pop = city_pop.get(k, 0)
        cold = kop[:1] == "D" and kop[2:3] in ("c", "d")
        facts = (
            f"land {lf:.2f} isl {stats.small_island_frac[k]:.2f} {kop or '-'} "
            f"elev {mean:.0f} relief {relief:.0f} bright {bright:.0f} places {dens:.2f}"
        )
        if lf >= th.island_min_land and stats.small_island_frac[k] > th.island_frac:
            t, reason = "islands", "mostly small islands"
        elif lf < th.water_land_frac and k not in forced_land:
            t, reason = "water", "mostly water"
        elif pop >= th.metropolis_pop:
            t, reason = "metropolis", f"city of {pop}"
        elif k in areas:
            t, reason = areas[k]
        elif relief >= th.mountain_relief or (
            mean >= th.mountain_mean and relief >= th.mountain_mean_relief
        ):
            t, reason = "mountains", "high relief"
        elif kop in ("ET", "EF"):
            t, reason = "barren", "tundra or ice"
        elif kop.startswith("BW"):
            t, reason = "desert", "arid climate"
        elif kop in ("Af", "Am"):
            t, reason = "jungle", "rainforest climate"
        elif bright < th.forest_brightness and not kop.startswith("B") and pop < th.no_forest_pop:
            t, reason = "forest", "dark canopy"
        elif pop < th.no_forest_pop and (
            dens < th.wilderness_any_density
            or (dens < th.wilderness_density and (cold or kop == "Cfc"))
            or (dens < warm_density and kop[:1] == "D" and not cold)
            or (dens < th.wilderness_rough_density and relief >= th.wilderness_relief)
        ):
            t, reason = "wilderness", "nearly empty"
        elif kop.startswith("BS"):
            t, reason = "plains", "steppe"
        elif (kop[:1] in ("C", "D") and kop[2:3] in ("a", "b") and relief < th.agricultural_relief
              and mean < th.agricultural_max_elev):
            t, reason = "agricultural", "warm summers, low relief"
        else:
            t, reason = "plains", "open land"
        terrain.append(t)
        why.append(f"{reason}; {facts}")
    for hid, value in cfg.overrides.items():
        c, r = int(hid[:2]), int(hid[2:])
        k = (r - 1) * cols + (c - 1)
        terrain[k] = terrain_name(value)
        why[k] = f"override; {why[k]}"
    return terrain, why


def hex_label(k: int, columns: int) -> str:
    """Hex id of a flat index."""
    return hex_id(k % columns + 1, k // columns + 1)
