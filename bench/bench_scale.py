"""Prints how a game turn's cost grows with convoys and clans, and a new game's set-up time.

Run: `python -m bench.bench_scale` from the repository root (seeded; prints, never asserts).
A game turn is every Clan playing, in turn order, the sheet the bot (normal) writes from its
view; only `run_clan_turn` is timed (the bot's writing is printed beside it).
"""

from __future__ import annotations

import statistics
import sys
import time

from bench.synthetic import build_map, build_state
from conquest_tui.bots import write_sheet
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.storage.savefile import game_from_text, game_to_text

RUNS = 7
CONVOY_RATIO_TARGET = 1.2
CLAN_RATIO_TARGET = 1.3
FULL_TURN_TARGET_MS = 100.0
NEW_GAME_TARGET_MS = 150.0
CITIES = 240
"""Enough cities on the 60×60 map for 40 Clans; the same map for every figure."""


def saved_game(rules: Ruleset, game_map: GameMap, clans: int, convoys: int) -> str:
    """The save text of a synthetic late game at the first Clan's turn."""
    state = build_state(game_map, rules, clans, seed="scale", convoys=convoys)
    state.turn_index = 0
    return game_to_text(Game(rules, game_map, state))


def one_game_turn(rules: Ruleset, text: str) -> tuple[float, float]:
    """Milliseconds of one whole game turn from a save: the engine's, the bots' writing."""
    game = game_from_text(text, "bench", rules)
    start_turn = game.state.game_turn
    engine = bots = 0.0
    while game.state.game_turn == start_turn and not game.state.finished:
        clan = game.state.active_clan
        began = time.perf_counter()
        sheet = write_sheet(ClanView(game, clan))
        middle = time.perf_counter()
        run_clan_turn(game, clan, sheet)
        bots += middle - began
        engine += time.perf_counter() - middle
    return engine * 1000, bots * 1000


def game_turns_ms(rules: Ruleset, game_map: GameMap,
                  sizes: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Median (engine, bots) milliseconds per (clans, convoys), the sizes run in turn each
    round so that a machine's drift touches them all alike."""
    texts = [saved_game(rules, game_map, clans, convoys) for clans, convoys in sizes]
    one_game_turn(rules, texts[0])  # warm-up: the order registry loads on first use
    rounds = [[one_game_turn(rules, text) for text in texts] for _ in range(RUNS)]
    return [(statistics.median(r[i][0] for r in rounds),
             statistics.median(r[i][1] for r in rounds)) for i in range(len(sizes))]


def new_game_ms(rules: Ruleset, clans: int = 20, map_name: str = "europe") -> float:
    """Median milliseconds of a new game of `clans` Clans on a map from data/maps/."""
    world = load_map(map_name)
    setup = GameSetup(clans=tuple(ClanSetup(f"Clan {i}") for i in range(1, clans + 1)),
                      seed="scale")
    times = []
    for _ in range(RUNS + 2):
        began = time.perf_counter()
        new_game(rules, world, setup)
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def _line(label: str, value: str, target: str) -> None:
    print(f"{label:<44} {value:>22}   {target}")


def _ratio(label: str, ratio: float, target: float) -> None:
    _line(label, f"{ratio:.2f}×", f"target ≤ {target}× (ratio to target {ratio / target:.2f})")


def main() -> None:
    rules = load_ruleset()
    game_map = build_map(60, 60, cities=CITIES, seed="scale")
    which = set(sys.argv[1:]) or {"convoys", "clans", "full", "new"}
    print(f"map {game_map.columns}×{game_map.rows}, {len(game_map.cities)} cities; "
          f"median of {RUNS} game turns (engine only; bots' sheet writing in brackets)")
    if "convoys" in which:
        (bare, _), *timed = game_turns_ms(rules, game_map, [(20, 0), (20, 100), (20, 800)])
        _line("20 clans, no convoys: game turn", f"{bare:8.1f} ms", "(the Clans' own cost)")
        per, extra = {}, {}
        for convoys, (engine, bots) in zip((100, 800), timed, strict=True):
            per[convoys] = engine / convoys
            extra[convoys] = (engine - bare) / convoys
            _line(f"20 clans, {convoys} convoys: game turn", f"{engine:8.1f} ms ({bots:6.1f})",
                  f"{per[convoys]:.3f} ms per convoy, {extra[convoys]:.3f} ms above no convoys")
        _ratio("cost per convoy, 800 vs 100", per[800] / per[100], CONVOY_RATIO_TARGET)
        _ratio("cost per convoy above no convoys, 800 vs 100", extra[800] / extra[100],
               CONVOY_RATIO_TARGET)
    if "clans" in which:
        timed = game_turns_ms(rules, game_map, [(5, 50), (40, 400)])
        per = {}
        for clans, (engine, bots) in zip((5, 40), timed, strict=True):
            per[clans] = engine / clans
            _line(f"{clans} clans, {clans * 10} convoys: game turn",
                  f"{engine:8.1f} ms ({bots:6.1f})", f"{per[clans]:.2f} ms per clan-turn")
        _ratio("cost per clan-turn, 40 vs 5", per[40] / per[5], CLAN_RATIO_TARGET)
    if "full" in which:
        [(engine, bots)] = game_turns_ms(rules, game_map, [(20, 200)])
        _line("20 clans, 200 convoys: game turn", f"{engine:8.1f} ms ({bots:6.1f})",
              f"target ≤ {FULL_TURN_TARGET_MS:g} ms (ratio {engine / FULL_TURN_TARGET_MS:.2f})")
    if "new" in which:
        ms = new_game_ms(rules)
        _line("new 20-clan game on the Europe map", f"{ms:8.1f} ms",
              f"target ≤ {NEW_GAME_TARGET_MS:g} ms (ratio {ms / NEW_GAME_TARGET_MS:.2f})")


if __name__ == "__main__":
    main()
