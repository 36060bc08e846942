"""How much a save grows a game turn: 20 normal bots on Europe, saved after every game turn
(prints, never asserts; the target is at most 30 KB a game turn; `python -m bench` shows it).

Run from the repository root:
    python -m bench.bench_save_growth                 # 20 game turns
    python -m bench.bench_save_growth --turns 30 --keep saves/growth.json
    python -m bench.bench_save_growth --records       # and the reports kept as data instead

Prints the save's size after each game turn, the past reports' share of it (the last three
game turns' texts, older ones rebuilt by replay), the sheet log's size and how long that save
took (the game turn's new reports packed), then the growth a game turn: over the whole
game and over its last five game turns (reports grow as Clans do). `--records` also prints what
each game turn's reports would add kept as the data they were built from (bench/report_records).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from bench.figures import Figure, record
from conquest_tui import session
from conquest_tui.session.bot_turns import play_bot_turn
from conquest_tui.storage import savefile

TARGET_KB = 30.0
CLANS = 20


def log_bytes(text: str) -> int:
    """Bytes of the save's text that hold its sheet log (the opening position and every sheet
    that ran), as written."""
    return len(json.dumps(json.loads(text)["data"].get("log", {}), separators=(",", ":")))


def past_reports_bytes(text: str) -> int:
    """Bytes of the save's text that hold the Clans' past reports (as written, compact JSON)."""
    state = json.loads(text)["data"]["state"]
    return sum(len(json.dumps(clan.get("past_reports", {}), separators=(",", ":")))
               for clan in state["clans"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20, help="game turns to play (20)")
    parser.add_argument("--seed", default="save-growth", help="the game's seed")
    parser.add_argument("--keep", type=Path, help="also write the last save here")
    parser.add_argument("--records", action="store_true",
                        help="also measure the reports kept as the data they were built from")
    args = parser.parse_args(argv)
    recorder = None
    if args.records:
        from bench.report_records import Recorder
        from conquest_tui.session import bot_turns

        recorder = Recorder()
        # the bench watches the reports kept (a Callable: its parameters are positional)
        bot_turns.archive_report = recorder.watch(  # type: ignore[assignment]
            bot_turns.archive_report)
    game = session.new_game(map_name="europe", clans=CLANS, bots=CLANS, seed=args.seed,
                            turn_limit=0, victory_threshold=10**9, level="normal")
    sizes: list[int] = []
    saving: list[float] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "growth.json"
        savefile.save_game(game, path, backups=0)
        sizes.append(path.stat().st_size)
        while game.state.game_turn <= args.turns and not game.state.finished:
            turn = game.state.game_turn
            while game.state.game_turn == turn and not game.state.finished:
                play_bot_turn(game)
            start = time.perf_counter()
            savefile.save_game(game, path, backups=0)
            saving.append((time.perf_counter() - start) * 1000)
            sizes.append(path.stat().st_size)
            text = path.read_text(encoding="utf-8")
            reports = past_reports_bytes(text)
            print(f"game turn {turn:3d}: {sizes[-1] / 1024:7.0f} KB "
                  f"(+{(sizes[-1] - sizes[-2]) / 1024:5.1f}), past reports "
                  f"{reports / 1024:6.0f} KB ({reports / sizes[-1]:4.0%}), sheet log "
                  f"{log_bytes(text) / 1024:4.0f} KB, saved in {saving[-1]:5.1f} ms", flush=True)
        if args.keep:
            args.keep.parent.mkdir(parents=True, exist_ok=True)
            args.keep.write_bytes(path.read_bytes())
    turns = len(sizes) - 1
    whole = (sizes[-1] - sizes[0]) / 1024 / max(1, turns)
    last = (sizes[-1] - sizes[max(0, turns - 5)]) / 1024 / min(5, max(1, turns))
    print(f"\n{CLANS} normal bots, {turns} game turns in {time.perf_counter() - started:.0f} s: "
          f"{whole:.1f} KB a game turn over the game, {last:.1f} KB over its last five "
          f"(target {TARGET_KB:g} KB); a save after a game turn (its reports packed): median "
          f"{statistics.median(saving):.1f} ms, worst {max(saving):.1f} ms")
    record(Figure("save-growth", f"a save's growth a game turn, {CLANS} normal bots, "
                  f"{turns} game turns", "KB", (whole,), TARGET_KB,
                  note=f"{last:.1f} KB a game turn over the last five"))
    if recorder is not None:
        print("\nthe reports each game turn adds, kept three ways:")
        for line in recorder.lines():
            print("  " + line)


if __name__ == "__main__":
    main()
