"""One Clan's turn on a 20-Clan late game, 60×60 map, busy sheet: each run judged (≤ 10 ms)."""

from __future__ import annotations

import time

from bench.figures import Figure, machine_reference_ms, record
from bench.synthetic import build_late_game
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.storage.savefile import game_from_text, game_to_text

TARGET_MS = 10.0
RUNS = 15


def busy_sheet(game: Game, clan: int) -> str:
    """A full sheet: five clan orders and ten moves for every convoy, bounced back and forth."""
    lines = ["[PRE]", "BUY 100 FUEL", "BUY 50 FOOD", "ENLIST 10", "BUY 20 PARTS", "SELL 1 FOOD",
             "[POST]", "ENLIST 5", "BUY 10 FUEL"]
    for convoy in ClanView(game, clan).convoys():
        lines.append(f"[CONVOY {convoy.number}]")
        lines += ["N", "S", "NE", "SW", "SE", "NW", "LOOT", "PAUSE", "N", "S"]
    return "\n".join(lines) + "\n"


def main() -> None:
    game = build_late_game()
    text = game_to_text(game)
    clan = game.state.active_clan
    sheet = busy_sheet(game, clan)
    warm = game_from_text(text, "bench")  # untimed: the process's first turn fills its caches
    run_clan_turn(warm, warm.state.active_clan, sheet)
    times = []
    for _ in range(RUNS):
        fresh = game_from_text(text, "bench")
        start = time.perf_counter()
        run_clan_turn(fresh, fresh.state.active_clan, sheet)
        times.append((time.perf_counter() - start) * 1000)
    figure = Figure("clan-turn", "one Clan's turn, 20 Clans, 60×60, busy sheet", "ms", times,
                    TARGET_MS, reference_ms=machine_reference_ms())
    print(f"clans {len(game.state.clans)}, map {game.map.columns}×{game.map.rows}, "
          f"convoys {len(game.state.convoys)}, sheet lines {sheet.count(chr(10))}")
    print(f"clan turn: best {min(times):.2f} ms, median {figure.median:.2f} ms, worst "
          f"{figure.worst:.2f} ms (target ≤ {TARGET_MS:.0f} ms: over in {figure.share_over:.0%} "
          f"of {len(times)} runs, {figure.verdict})")
    record(figure)


if __name__ == "__main__":
    main()
