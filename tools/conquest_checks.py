"""Conquest's long checks: seeded dice against the exact odds, 100 bot games, hard against normal.

Run: `python -m tools.conquest_checks dice` (100,000 throws per pair of dice counts, each outcome
within 0.5 points of the enumerated odds), `games` (100 games of normal bots, 20 each of 2 to 6
players: how each ended, rounds, eliminations, sets cashed) and `hard` (40 games of one hard bot
against three normal ones, the hard seat moved round: how often hard wins; the aim is 60%).
Exits 1 when a check misses its mark.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from conquest_tui.games.conquest.dice import losses, roll
from conquest_tui.games.conquest.odds import throw_odds
from conquest_tui.games.conquest.runner import play_game
from conquest_tui.storage.conquest_data import load_board, load_rules


def dice(throws: int) -> bool:
    worst = 0.0
    for attacking in (1, 2, 3):
        for defending in (1, 2):
            rng = random.Random(f"dice check {attacking} {defending}")
            counts: dict[tuple[int, int], int] = {}
            for _ in range(throws):
                outcome = losses(roll(rng, attacking, 6), roll(rng, defending, 6))
                counts[outcome] = counts.get(outcome, 0) + 1
            for outcome, chance in throw_odds(attacking, defending).items():
                seen = counts.get(outcome, 0) / throws * 100
                gap = abs(seen - float(chance) * 100)
                worst = max(worst, gap)
                print(
                    f"{attacking} v {defending}: attacker loses {outcome[0]},"
                    f" defender {outcome[1]}:"
                    f" exact {float(chance) * 100:6.2f}%  seen {seen:6.2f}%  gap {gap:.2f}"
                )
    print(f"largest gap {worst:.2f} points (mark: 0.5)")
    return worst < 0.5


def games(count: int) -> bool:
    rules, board = load_rules(), load_board()
    rounds, conquered, cashed = [], 0, []
    started = time.perf_counter()
    for i in range(count):
        players = 2 + i % 5
        result = play_game(rules, board, ["normal"] * players, seed=i)
        rounds.append(result["turns"])
        conquered += result["world_conquered"]
        cashed.append(result["sets_cashed"])
    print(
        f"{count} games of normal bots (2-6 players): {conquered} ended with one player holding"
        f" all 42, {count - conquered} at the turn limit of {rules.turn_limit} rounds"
    )
    print(
        f"rounds: median {statistics.median(rounds)}, longest {max(rounds)}; sets cashed: median"
        f" {statistics.median(cashed)}, most {max(cashed)}; {time.perf_counter() - started:.1f} s"
    )
    return conquered == count


def hard(count: int) -> bool:
    rules, board = load_rules(), load_board()
    wins = 0
    for i in range(count):
        levels = ["normal"] * 4
        levels[i % 4] = "hard"
        result = play_game(rules, board, levels, seed=10_000 + i)
        wins += "(hard)" in (result["winner"] or "")
    print(f"hard beat three normal bots in {wins} of {count} games ({wins / count:.0%}; aim 60%)")
    return wins >= 0.6 * count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("check", choices=("dice", "games", "hard"))
    parser.add_argument("--count", type=int, help="throws per pair, or games")
    args = parser.parse_args()
    if args.check == "dice":
        ok = dice(args.count or 100_000)
    elif args.check == "games":
        ok = games(args.count or 100)
    else:
        ok = hard(args.count or 40)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
