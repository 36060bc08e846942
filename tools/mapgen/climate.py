"""Köppen-Geiger climate classes from monthly temperature and precipitation (Beck et al. 2018)."""

from __future__ import annotations

import numpy as np

KOPPEN = (
    "Af", "Am", "Aw",
    "BWh", "BWk", "BSh", "BSk",
    "Csa", "Csb", "Csc", "Cwa", "Cwb", "Cwc", "Cfa", "Cfb", "Cfc",
    "Dsa", "Dsb", "Dsc", "Dsd", "Dwa", "Dwb", "Dwc", "Dwd", "Dfa", "Dfb", "Dfc", "Dfd",
    "ET", "EF",
    "",  # no data (ocean)
)
CODE = {name: i for i, name in enumerate(KOPPEN)}
NO_DATA = CODE[""]


def koppen(t: np.ndarray, p: np.ndarray, lat: np.ndarray) -> np.ndarray:
    """Class codes for cells given monthly mean temperature (°C, shape 12xN), precipitation
    (mm per month, 12xN) and latitude (N)."""
    t = np.asarray(t, dtype=float)
    p = np.asarray(p, dtype=float)
    north = np.asarray(lat) >= 0
    summer_nh = np.zeros(12, dtype=bool)
    summer_nh[3:9] = True
    summer = np.where(north[None, :], summer_nh[:, None], ~summer_nh[:, None])
    winter = ~summer
    mat = t.mean(axis=0)
    annual = p.sum(axis=0)
    thot = t.max(axis=0)
    tcold = t.min(axis=0)
    tmon10 = (t > 10).sum(axis=0)
    pdry = p.min(axis=0)
    big = 1e9
    psdry = np.where(summer, p, big).min(axis=0)
    pwdry = np.where(winter, p, big).min(axis=0)
    pswet = np.where(summer, p, -big).max(axis=0)
    pwwet = np.where(winter, p, -big).max(axis=0)
    p_summer = np.where(summer, p, 0).sum(axis=0)
    p_winter = np.where(winter, p, 0).sum(axis=0)
    summer_rain = np.where(p_summer >= 0.7 * annual, 2 * mat + 28, 2 * mat + 14)
    pth = np.where(p_winter >= 0.7 * annual, 2 * mat, summer_rain)
    out = np.full(mat.shape, NO_DATA, dtype=np.uint8)

    def put(mask: np.ndarray, name: str) -> None:
        out[mask & (out == NO_DATA)] = CODE[name]

    valid = np.isfinite(mat) & np.isfinite(annual)
    polar = valid & (thot < 10)
    put(polar & (thot > 0), "ET")
    put(polar, "EF")
    arid = valid & ~polar & (annual < 10 * pth)
    hot = mat >= 18
    desert = arid & (annual < 5 * pth)
    put(desert & hot, "BWh")
    put(desert, "BWk")
    put(arid & hot, "BSh")
    put(arid, "BSk")
    rest = valid & ~polar & ~arid
    tropical = rest & (tcold >= 18)
    put(tropical & (pdry >= 60), "Af")
    put(tropical & (pdry >= 100 - annual / 25), "Am")
    put(tropical, "Aw")
    cond_s = (psdry < 40) & (psdry < pwwet / 3)
    cond_w = pwdry < pswet / 10
    # Where both hold, the season with less rain is the dry one.
    dry_summer = cond_s & ~(cond_w & (p_summer > p_winter))
    dry_winter = cond_w & ~dry_summer
    for group, mask in (("C", rest & (tcold > 0) & ~tropical), ("D", rest & (tcold <= 0))):
        for second, smask in (("s", dry_summer), ("w", dry_winter), ("f", np.ones_like(mask))):
            base = mask & smask
            put(base & (thot >= 22), f"{group}{second}a")
            put(base & (tmon10 >= 4), f"{group}{second}b")
            if group == "D":
                put(base & (tcold < -38), f"{group}{second}d")
            put(base, f"{group}{second}c")
    return out
