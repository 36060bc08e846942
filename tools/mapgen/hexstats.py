"""Sample every data layer on a fine lattice and reduce it to per-hex facts."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from . import climate
from .projection import EARTH_RADIUS_KM, Grid
from .rasters import LAND, Sources


@dataclass
class HexStats:
    """Per-hex facts, each an array indexed (row-1)*columns + (col-1)."""

    land_frac: np.ndarray  # share of the hex that is land (lakes are water)
    small_island_frac: np.ndarray  # share of the land on landmasses below the island size
    elev_mean: np.ndarray  # mean elevation of the land, m
    relief: np.ndarray  # p90 - p10 elevation of the land, m
    koppen: np.ndarray  # majority Köppen class code of the land
    brightness: np.ndarray  # mean Blue Marble brightness of the land (0-255)
    place_density: np.ndarray  # GeoNames places >= 1000 inhabitants per 1000 km² of land
    center_lon: np.ndarray
    center_lat: np.ndarray


def lattice(grid: Grid, step_km: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Regular sample points (x, y) inside the map and the flat hex index of each."""
    xmin, xmax, ymin, ymax = grid.bounds()
    xs = np.arange(xmin + step_km / 2, xmax, step_km)
    ys = np.arange(ymax - step_km / 2, ymin, -step_km)
    x, y = np.meshgrid(xs, ys)
    x, y = x.ravel(), y.ravel()
    idx = grid.locate(x, y)
    keep = idx >= 0
    return x[keep], y[keep], idx[keep]


def _group_percentile(values: np.ndarray, groups: np.ndarray, n: int, q: float) -> np.ndarray:
    """Per-group q-quantile (nearest rank) of values; NaN for empty groups."""
    order = np.lexsort((values, groups))
    g = groups[order]
    v = values[order]
    counts = np.bincount(g, minlength=n)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out = np.full(n, np.nan)
    has = counts > 0
    pick = starts[has] + np.floor(q * (counts[has] - 1)).astype(np.int64)
    out[has] = v[pick]
    return out


def _small_island_mask(
    src: Sources, lon: np.ndarray, lat: np.ndarray, center_lon: float, max_km2: float
) -> np.ndarray:
    """True for sample points on a landmass smaller than max_km2 (8-connected mask cells)."""
    step = src.lsmask_step
    i, j = src.lsmask_index(lon, lat)
    # Work in a window around the samples; columns are unwrapped relative to the centre.
    jc = int((center_lon + 180.0) / step)
    ncol = src.lsmask.shape[1]
    jrel = (j - jc + ncol // 2) % ncol - ncol // 2
    margin = int(2.0 / step)
    i0, i1 = max(int(i.min()) - margin, 0), min(int(i.max()) + margin, src.lsmask.shape[0] - 1)
    j0, j1 = int(jrel.min()) - margin, int(jrel.max()) + margin
    cols = (np.arange(j0, j1 + 1) + jc) % ncol
    window = src.lsmask[i0 : i1 + 1][:, cols] == LAND
    labels, count = ndimage.label(window, structure=np.ones((3, 3), dtype=bool))
    row_lat = -90.0 + (np.arange(i0, i1 + 1) + 0.5) * step
    cell_km2 = (math.radians(step) * EARTH_RADIUS_KM) ** 2 * np.cos(np.radians(row_lat))
    area = np.bincount(labels.ravel(), weights=np.repeat(cell_km2, window.shape[1]),
                       minlength=count + 1)
    # Landmasses cut by the window edge are treated as large.
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    area[edge] = np.inf
    area[0] = np.inf
    point_label = labels[i - i0, jrel - j0]
    return area[point_label] < max_km2


def compute(src: Sources, grid: Grid, step_km: float, island_max_km2: float) -> HexStats:
    """Sample every layer and reduce it to per-hex facts."""
    n = grid.columns * grid.rows
    x, y, idx = lattice(grid, step_km)
    lon, lat = grid.inverse(x, y)
    land = src.land(lon, lat) == LAND
    total = np.bincount(idx, minlength=n).astype(float)
    land_n = np.bincount(idx, weights=land, minlength=n)
    land_frac = land_n / np.maximum(total, 1)
    small = _small_island_mask(src, lon, lat, grid.center_lon, island_max_km2) & land
    small_frac = np.bincount(idx, weights=small, minlength=n) / np.maximum(land_n, 1)

    li = idx[land]
    llon, llat = lon[land], lat[land]
    elev = src.elevation(llon, llat)
    elev = np.where(np.isnan(elev), 0.0, elev)  # coastal cells the coarse DEM calls ocean
    elev_mean = np.bincount(li, weights=elev, minlength=n) / np.maximum(land_n, 1)
    relief = np.nan_to_num(
        _group_percentile(elev, li, n, 0.9) - _group_percentile(elev, li, n, 0.1)
    )
    codes = src.koppen(llon, llat)
    nk = len(climate.KOPPEN)
    votes = np.bincount(li * nk + codes, minlength=n * nk).reshape(n, nk)
    votes[:, climate.NO_DATA] = 0
    kop = np.where(votes.sum(axis=1) > 0, votes.argmax(axis=1), climate.NO_DATA).astype(np.uint8)
    bright = np.bincount(li, weights=src.brightness(llon, llat), minlength=n) / np.maximum(
        land_n, 1
    )

    plon, plat = src.places
    px, py = grid.forward(plon, plat)
    # Only places on the near hemisphere can project into the map.
    near = np.isfinite(px) & (np.hypot(px, py) < 2 * EARTH_RADIUS_KM)
    pidx = grid.locate(px[near], py[near])
    pidx = pidx[pidx >= 0]
    places = np.bincount(pidx, minlength=n).astype(float)
    land_km2 = land_n * step_km**2
    density = places / np.maximum(land_km2, 1.0) * 1000.0

    cx, cy = grid.centers()
    clon, clat = grid.inverse(cx, cy)
    return HexStats(land_frac, small_frac, elev_mean, relief, kop, bright, density, clon, clat)
