"""The clans scale figure in processor instructions (callgrind): a machine's load cannot move it.

Run from the repository root, with valgrind installed (seeded; prints, never asserts):
    python -m bench.scale_instructions            # 5 and 40 Clans, as `bench_scale clans`

The bots write one game turn's sheets for each game (untimed); then, each in its own process
under callgrind, the engine plays them on a fresh game after a first game played them (warm, as
the bench's worker is), and the same process without the measured game turn is counted too: the
difference is the game turn's. A third run counts only the battles (`convoy_clash.battle`,
`city_battle.fight`, run inside `itertools.starmap`, which the engine never uses, so that
callgrind's `--toggle-collect` sees them).

    python -m bench.scale_instructions --bots     # also the engine as `bench_scale` times it

`--bots` counts too the engine's Clan-turns (each inside `itertools.starmap`, as the battles are)
with the bots writing each sheet just before it, as `bench_scale`'s worker plays them (a warm-up
game turn, then the measured one): the bots leave the game's lookups built and the collector's
young objects counted, so its figure, not the replay's, is the one the wall time follows.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.bench_scale import _forget_bot_answers, synthetic_game

ROOT = Path(__file__).resolve().parent.parent
SIZES = (5, 40)
CONVOYS_PER_CLAN = 10
TARGET = 1.3
SAME_HASHES = {**os.environ, "PYTHONHASHSEED": "0"}
"""Every counted process hashes strings alike (a replay less its setup is then the game turn's
alone): left to chance, the setup alone moved by 1.7 M instructions from one process to the next,
0.34 M of a 5-Clan game's Clan-turn (1.5%)."""


def record(clans: int, path: Path) -> None:
    """The bots' sheets of the game's first game turn, in order."""
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.session.bot_turns import bot_sheet

    game = synthetic_game("synthetic", clans, clans * CONVOYS_PER_CLAN)
    sheets = []
    start = game.state.game_turn
    while game.state.game_turn == start:
        clan = game.state.active_clan
        sheet = bot_sheet(game, game.clan(clan).bot_level or "normal")
        run_clan_turn(game, clan, sheet)
        sheets.append(sheet)
    path.write_text(json.dumps(sheets))


def replay(mode: str, clans: int, path: Path) -> None:
    """Under callgrind: a warm-up game plays the sheets, then (unless `setup`) a fresh one."""
    import itertools

    from conquest_tui.engine.combat import city_battle, convoy_clash
    from conquest_tui.engine.play.turn import run_clan_turn

    sheets = json.loads(path.read_text())
    warm = synthetic_game("synthetic", clans, clans * CONVOYS_PER_CLAN)
    for sheet in sheets:
        run_clan_turn(warm, warm.state.active_clan, sheet)
    game = synthetic_game("synthetic", clans, clans * CONVOYS_PER_CLAN)
    if mode == "battles":
        def inside_starmap(original: Any) -> Any:
            def run(*args: Any, **kwargs: Any) -> Any:
                return next(itertools.starmap(lambda: original(*args, **kwargs), [()]))
            return run
        convoy_clash.battle = inside_starmap(convoy_clash.battle)
        city_battle.fight = inside_starmap(city_battle.fight)
    if mode != "setup":
        for sheet in sheets:
            run_clan_turn(game, game.state.active_clan, sheet)


def among_bots(clans: int) -> None:
    """Under callgrind: a warm-up game turn of bots, then a fresh one, each Clan-turn's engine
    inside `itertools.starmap` (the only part counted)."""
    import itertools

    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.session.bot_turns import bot_sheet

    for counting in (False, True):
        game = synthetic_game("synthetic", clans, clans * CONVOYS_PER_CLAN)
        _forget_bot_answers()
        start = game.state.game_turn
        while game.state.game_turn == start:
            clan = game.state.active_clan
            sheet = bot_sheet(game, game.clan(clan).bot_level or "normal")
            if counting:
                next(itertools.starmap(run_clan_turn, [(game, clan, sheet)]))
            else:
                run_clan_turn(game, clan, sheet)


def counted(mode: str, clans: int, path: Path, folder: Path) -> int:
    """Instructions callgrind counted in one replay."""
    extra = ["--toggle-collect=starmap_next"] if mode in ("battles", "bots") else []
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", *extra,
         f"--callgrind-out-file={folder / f'{mode}-{clans}.out'}", sys.executable, "-m",
         "bench.scale_instructions", "--replay", mode, str(clans), str(path)],
        cwd=ROOT, capture_output=True, text=True, check=True, env=SAME_HASHES)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind said no count: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--replay"]:
        if sys.argv[2] == "bots":
            among_bots(int(sys.argv[3]))
        else:
            replay(sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]))
        return
    with_bots = "--bots" in sys.argv[1:]
    per_turn: dict[int, float] = {}
    among: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for clans in SIZES:
            path = folder / f"sheets-{clans}.json"
            record(clans, path)
            lines = sum(len(sheet.splitlines()) for sheet in json.loads(path.read_text()))
            turn = counted("replay", clans, path, folder) - counted("setup", clans, path, folder)
            battles = counted("battles", clans, path, folder)
            per_turn[clans] = turn / clans
            print(f"{clans:3d} Clans: {turn / clans / 1e6:7.2f} M instructions a Clan-turn, "
                  f"of it battles {battles / clans / 1e6:6.2f} M; "
                  f"{turn / lines / 1e3:6.1f} k a sheet line ({lines} lines)")
            per_turn[-clans] = (turn - battles) / clans
            if with_bots:
                among[clans] = counted("bots", clans, path, folder) / clans
                print(f"{clans:3d} Clans, the bots writing each sheet just before it: "
                      f"{among[clans] / 1e6:7.2f} M instructions a Clan-turn")
    small, large = SIZES
    print(f"per Clan-turn, {large} vs {small}: {per_turn[large] / per_turn[small]:.3f}× "
          f"(target ≤ {TARGET:g}); without the battles: "
          f"{per_turn[-large] / per_turn[-small]:.3f}×")
    if with_bots:
        print(f"per Clan-turn among the bots, {large} vs {small}: "
              f"{among[large] / among[small]:.3f}×")


if __name__ == "__main__":
    main()
