"""Spherical Lambert azimuthal equal-area projection and the flat-top hex layout on it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

EARTH_RADIUS_KM = 6371.0088
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Grid:
    """A columns x rows flat-top hex grid centred on the projection centre."""

    center_lon: float
    center_lat: float
    columns: int
    rows: int
    hex_km: float  # distance between the centres of adjacent hexes

    @property
    def radius(self) -> float:
        """Hex circumradius in km."""
        return self.hex_km / SQRT3

    @property
    def hex_area_km2(self) -> float:
        return 1.5 * SQRT3 * self.radius**2

    def _origin(self) -> tuple[float, float]:
        """Projected (x, y) of hex 0101's centre, chosen so the grid is centred."""
        width = (self.columns - 1) * 1.5 * self.radius
        height = (self.rows - 1) * self.hex_km + (self.hex_km / 2 if self.columns > 1 else 0)
        return -width / 2, height / 2

    def centers(self) -> tuple[np.ndarray, np.ndarray]:
        """Projected centres (x, y) of all hexes, indexed (row-1)*columns + (col-1)."""
        cols = np.tile(np.arange(1, self.columns + 1), self.rows)
        rows = np.repeat(np.arange(1, self.rows + 1), self.columns)
        return self.center_xy(cols, rows)

    def center_xy(self, cols: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Projected centres of hexes given 1-based columns and rows."""
        x0, y0 = self._origin()
        x = x0 + (cols - 1) * 1.5 * self.radius
        down = (rows - 1) * self.hex_km + np.where(cols % 2 == 0, self.hex_km / 2, 0.0)
        return x, y0 - down

    def locate(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Flat hex index of each projected point, or -1 outside the map."""
        x0, y0 = self._origin()
        px = (np.asarray(x) - x0) / self.radius
        py = (y0 - np.asarray(y)) / self.radius
        q = 2.0 / 3.0 * px
        r = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
        s = -q - r
        rq, rr, rs = np.round(q), np.round(r), np.round(s)
        dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        rq = np.where(fix_q, -rr - rs, rq)
        rr = np.where(fix_r, -rq - rs, rr)
        qi = rq.astype(np.int64)
        row0 = rr.astype(np.int64) + (qi - (qi & 1)) // 2
        inside = (qi >= 0) & (qi < self.columns) & (row0 >= 0) & (row0 < self.rows)
        return np.where(inside, row0 * self.columns + qi, -1)

    def bounds(self) -> tuple[float, float, float, float]:
        """(xmin, xmax, ymin, ymax) of the projected area covered by hexes."""
        x0, y0 = self._origin()
        width = (self.columns - 1) * 1.5 * self.radius
        height = (self.rows - 1) * self.hex_km + self.hex_km / 2
        r = self.radius
        return x0 - r, x0 + width + r, y0 - height - self.hex_km / 2, y0 + self.hex_km / 2

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Project lon/lat degrees to x/y km."""
        return laea_forward(lon, lat, self.center_lon, self.center_lat)

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Unproject x/y km to lon/lat degrees."""
        return laea_inverse(x, y, self.center_lon, self.center_lat)


def laea_forward(
    lon: np.ndarray, lat: np.ndarray, lon0: float, lat0: float
) -> tuple[np.ndarray, np.ndarray]:
    """Spherical Lambert azimuthal equal-area, forward."""
    lam = np.radians(np.asarray(lon, dtype=float) - lon0)
    phi = np.radians(np.asarray(lat, dtype=float))
    phi0 = math.radians(lat0)
    cosc = math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)
    k = np.sqrt(2.0 / np.maximum(1.0 + cosc, 1e-12))
    x = EARTH_RADIUS_KM * k * np.cos(phi) * np.sin(lam)
    y = EARTH_RADIUS_KM * k * (
        math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam)
    )
    return x, y


def laea_inverse(
    x: np.ndarray, y: np.ndarray, lon0: float, lat0: float
) -> tuple[np.ndarray, np.ndarray]:
    """Spherical Lambert azimuthal equal-area, inverse."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    phi0 = math.radians(lat0)
    rho = np.hypot(x, y)
    c = 2.0 * np.arcsin(np.clip(rho / (2.0 * EARTH_RADIUS_KM), -1.0, 1.0))
    safe = np.where(rho == 0, 1.0, rho)
    sinc, cosc = np.sin(c), np.cos(c)
    lat = np.arcsin(np.clip(cosc * math.sin(phi0) + y * sinc * math.cos(phi0) / safe, -1.0, 1.0))
    lon = lon0 + np.degrees(
        np.arctan2(x * sinc, rho * math.cos(phi0) * cosc - y * math.sin(phi0) * sinc)
    )
    lat = np.where(rho == 0, phi0, lat)
    lon = ((lon + 180.0) % 360.0) - 180.0
    return lon, np.degrees(lat)
