"""Time saving and loading a synthetic 20-clan late game on a 60×60 map (prints, never asserts).

Run: `python -m bench.bench_saves` from the repository root.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from bench.synthetic import build_late_game
from conquest_tui.storage import save_checks, save_list, savefile
from conquest_tui.storage.save_state import structure_state, unstructure_state

RUNS = 20
SAVE_TARGET_MS = 10.0
LOAD_TARGET_MS = 25.0


def median_ms(
    action: Callable[[], Any], runs: int = RUNS, before: Callable[[], Any] | None = None
) -> float:
    """Median wall time of `action` in milliseconds (`before` runs untimed ahead of each run)."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _verdict(ms: float, target: float) -> str:
    return f"{ms:7.2f} ms  ({ms / target:4.2f}× the {target:g} ms target)"


def main() -> None:
    started = time.perf_counter()
    game = build_late_game()
    built_ms = (time.perf_counter() - started) * 1000
    state = game.state
    print(
        f"synthetic game: {game.map.columns}x{game.map.rows} map, {len(state.clans)} clans, "
        f"{len(state.convoys)} convoys, {len(game.map.cities)} cities, "
        f"{sum(len(c.last_turn.events) for c in state.clans)} events "
        f"(built in {built_ms:.0f} ms)"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        save_ms = median_ms(lambda: savefile.save_game(game, path))
        size = path.stat().st_size
        load_ms = median_ms(lambda: savefile.load_game(path, rules=game.rules))
        cold_ms = median_ms(
            lambda: savefile.load_game(path, rules=game.rules),
            runs=5,
            before=savefile._map_object_cache.clear,
        )
        summary_ms = median_ms(lambda: save_list.read_summary(path))

    rows = (
        ("save (to text, temp file, fsync, backups, replace)", save_ms, SAVE_TARGET_MS),
        ("load (read, JSON, checksum, migrate, structure)", load_ms, LOAD_TARGET_MS),
        ("load, first of its map (map built afresh)", cold_ms, LOAD_TARGET_MS),
    )
    for name, ms, target in rows:
        print(f"{name:52s} {_verdict(ms, target)}")
    print(f"{'read_summary (load list)':52s} {summary_ms:7.2f} ms")
    print(f"save file size: {size / 1024:.0f} KiB")

    data = unstructure_state(state)
    text = savefile.canonical_json(data)
    parsed = json.loads(text)
    parts = {
        "game_to_text": median_ms(lambda: savefile.game_to_text(game)),
        "  unstructure_state": median_ms(lambda: unstructure_state(state)),
        "  canonical JSON dumps (state)": median_ms(lambda: savefile.canonical_json(data)),
        "  sha256": median_ms(lambda: savefile.checksum_of(text)),
        "orjson.loads (state, as loading does)": median_ms(lambda: orjson.loads(text)),
        "structure_state": median_ms(lambda: structure_state(parsed)),
        "check_state (references and ranges, on every load)": median_ms(
            lambda: save_checks.check_state(game.rules, game.map, state, data)),
        "(readable layout instead: dumps indent=1)": median_ms(
            lambda: json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False), runs=5
        ),
    }
    print("breakdown (median ms):")
    for name, ms in parts.items():
        print(f"  {name:50s} {ms:7.2f}")


if __name__ == "__main__":
    main()
