"""What history costs a save: a 25-game-turn 8-Clan Europe bot game saved with and without its
past reports and per-turn figures (prints, never asserts).

Run: `python -m bench.bench_history [seed]` from the repository root.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_saves import LOAD_TARGET_MS
from conquest_tui import session
from conquest_tui.engine.reports.past_reports import read_all
from conquest_tui.storage import savefile

TURNS = 25
RUNS = 30
CLANS = 8


def main() -> None:
    seed = sys.argv[1] if len(sys.argv) > 1 else "history"
    game = session.new_game(map_name="europe", clans=CLANS, bots=CLANS, seed=seed,
                            turn_limit=TURNS)
    table = session.Session(game)
    started = time.perf_counter()
    while not game.state.finished:
        table.play_bots()
    played_s = time.perf_counter() - started
    reports = sum(len(clan.past_reports) for clan in game.state.clans)
    texts = sum(len(past.text) for clan in game.state.clans for past in read_all(clan))
    print(f"{CLANS} bots, {TURNS} game turns on Europe (seed {seed!r}): played in "
          f"{played_s:.1f} s, {reports} reports kept ({texts / 1024:.0f} KiB of text), "
          f"{len(game.state.turn_figures)} figure rows", flush=True)
    neutral = [b for b in game.state.broadcasts if 0 in b.clans]
    for item in neutral:  # a neutral city's capture names "Clan 0": refused by the save checks
        item.clans = [clan for clan in item.clans if clan]
    if neutral:
        print(f"(worked around {len(neutral)} broadcasts naming Clan 0, an engine bug)")
    with tempfile.TemporaryDirectory() as folder:
        full, bare = Path(folder) / "history.json", Path(folder) / "bare.json"
        savefile.save_game(game, full)
        kept = [clan.past_reports for clan in game.state.clans]
        figures = game.state.turn_figures
        for clan in game.state.clans:
            clan.past_reports = []
        game.state.turn_figures = []
        savefile.save_game(game, bare)
        for clan, past in zip(game.state.clans, kept, strict=True):
            clan.past_reports = past
        game.state.turn_figures = figures
        with_size, bare_size = full.stat().st_size, bare.stat().st_size
        times: dict[Path, list[float]] = {full: [], bare: []}
        for _ in range(RUNS):  # interleaved: a busy machine slows both alike
            for path in (full, bare):
                start = time.perf_counter()
                savefile.load_game(path, rules=game.rules)
                times[path].append(time.perf_counter() - start)
        with_ms = statistics.median(times[full]) * 1000
        bare_ms = statistics.median(times[bare]) * 1000
        reads = []
        for _ in range(5):
            loaded = savefile.load_game(full, rules=game.rules)
            start = time.perf_counter()
            for clan in loaded.state.clans:
                read_all(clan)
            reads.append(time.perf_counter() - start)
        read_ms = statistics.median(reads) * 1000
    print(f"{'':34s} {'size':>10s} {'load':>10s}")
    print(f"{'without history':34s} {bare_size / 1024:7.0f} KiB {bare_ms:7.2f} ms")
    print(f"{'with past reports and figures':34s} {with_size / 1024:7.0f} KiB {with_ms:7.2f} ms"
          f"  ({with_ms / LOAD_TARGET_MS:.2f}× the {LOAD_TARGET_MS:g} ms target)")
    print(f"reading every Clan's past reports after a load: {read_ms:.1f} ms (a load leaves "
          "them packed; the history screen unpacks one Clan's)")


if __name__ == "__main__":
    main()
