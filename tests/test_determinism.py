"""Same save + same sheet ⇒ byte-identical next save (DESIGN.md, Randomness)."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage.savefile import game_from_text, game_to_text

SHEET = ("[PRE]\nBUY 2 BIKES #1\nENLIST 20\n[CONVOY 1]\nNW\nN\nLOOT\nNE\nS\nPAUSE\n"
         "[POST]\nENLIST 3\n")


def _next_save(save_text: str) -> str:
    game = game_from_text(save_text, "fixture")
    run_clan_turn(game, game.state.active_clan, SHEET)
    return game_to_text(game)


def test_same_save_and_sheet_give_byte_identical_next_save(game: Game) -> None:
    start = game_to_text(game)
    first = _next_save(start)
    second = _next_save(start)
    assert first == second
    assert first != start


def test_a_whole_game_turn_replays_identically(game: Game) -> None:
    start = game_to_text(game)
    results = []
    for _ in range(2):
        replay = game_from_text(start, "fixture")
        for _ in range(len(replay.state.clan_order) * 2):
            run_clan_turn(replay, replay.state.active_clan, SHEET)
        results.append(game_to_text(replay))
    assert results[0] == results[1]
