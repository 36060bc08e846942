"""Prints the forecast's milliseconds: a two-Clan test_small game and the 20-Clan late game.

The app works a forecast out in a thread once typing stops (and once on the UI thread when the
game screen opens), so the number to watch is the 20-Clan one against a frame (16.7 ms at 60 Hz):
above it, the forecast must stay off the UI thread while typing.
"""

from __future__ import annotations

import statistics
import time

from bench.bench_turn import busy_sheet
from bench.synthetic import build_late_game
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.forecast import forecast_turn

FRAME_MS = 1000 / 60
RUNS = 15


def _median_ms(game: Game, sheet: str) -> float:
    clan = game.state.active_clan
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        forecast_turn(game, clan, sheet)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    from conquest_tui import session

    small = session.new_game(map_name="test_small", clans=2, seed="bench")
    small_ms = _median_ms(small, busy_sheet(small, small.state.active_clan))
    late = build_late_game()
    late_ms = _median_ms(late, busy_sheet(late, late.state.active_clan))
    print(f"forecast, test_small 2 Clans: median {small_ms:.1f} ms "
          f"(ratio to a frame {small_ms / FRAME_MS:.2f})")
    print(f"forecast, 20 Clans on {late.map.columns}×{late.map.rows}, "
          f"{len(late.state.convoys)} convoys: median {late_ms:.1f} ms "
          f"(ratio to a frame {late_ms / FRAME_MS:.2f})")


if __name__ == "__main__":
    main()
