"""Command line: python -m tools.mapgen <name>|all [--fetch-only] [--explain]."""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Any

from . import config, fetch, render, starts, validate, writer
from .hexgrid import parse_id
from .terrain import FROM_CHAR

REPO = Path(__file__).resolve().parents[2]


def _report(data: dict[str, Any], players: int) -> str:
    counts = collections.Counter(ch for row in data["terrain"] for ch in row)
    terr = ", ".join(f"{FROM_CHAR[c]} {n}" for c, n in counts.most_common())
    cities = data["cities"]
    rows = data["terrain"]
    land_minor = [
        parse_id(c["hex"]) for c in cities
        if not c["major"] and rows[int(c["hex"][2:]) - 1][int(c["hex"][:2]) - 1] not in ".~i"
    ]
    spacing, _ = starts.best_spread(land_minor, players)
    majors = sum(c["major"] for c in cities)
    return (
        f"  terrain: {terr}\n  cities {len(cities)} (majors {majors}), roads {len(data['roads'])}"
        f" paths, rivers {len(data['rivers'])} paths\n"
        f"  {players} land starts at least {spacing} hexes apart"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mapgen", description=__doc__)
    ap.add_argument("names", nargs="*", help="map names, or 'all'")
    ap.add_argument("--fetch-only", action="store_true", help="only download the data packages")
    ap.add_argument("--explain", action="store_true",
                    help="also write <cache>/<name>.why.txt with the reason for every hex")
    ap.add_argument("--out", type=Path, default=REPO, help="repository root to write into")
    args = ap.parse_args(argv)
    files = fetch.ensure_all()
    if args.fetch_only:
        return 0
    names = config.available() if args.names in ([], ["all"]) else args.names
    from .pipeline import build  # numpy and friends are needed from here on
    from .rasters import Sources

    src = Sources(files)
    failed = False
    for name in names:
        t0 = time.perf_counter()
        result = build(name, src)
        data = result.data
        errors = validate.problems(data)
        writer.write(data, args.out / "data" / "maps" / f"{name}.json")
        render.render(data, args.out / "docs" / "maps" / f"{name}.png",
                      radius=max(8.0, 700.0 / data["columns"]),
                      label_minors=data["columns"] <= 40)
        if args.explain:
            why = fetch.cache_dir() / f"{name}.why.txt"
            cols = data["columns"]
            lines = []
            for k, reason in enumerate(result.why):
                col, row = k % cols + 1, k // cols + 1
                lines.append(f"{col:02d}{row:02d} {data['terrain'][row - 1][col - 1]} {reason}\n")
            why.write_text("".join(lines))
        print(f"{name}: {time.perf_counter() - t0:.1f} s")
        print(_report(data, result.cfg.players_max))
        for e in errors:
            print(f"  INVALID: {e}")
        failed |= bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
