"""Play seeded short bot games and count those whose events do not account for every unit.

Run: `python -m tools.conservation_sweep --games 400 --turns 10 --clans 3`. Each game is on
test_small; every Clan turn is the bot's sheet with a few extra orders drawn from the lists of
tests/test_conservation.py, and the ledger there checks, per Clan and item, that the holdings
after the turn are those before plus what the turn's events say. Prints the games that break it,
by item, with the first seed, game turn, Clan and missing amount of each.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from tests.test_conservation import EXTRA_CONVOY, EXTRA_POST, EXTRA_PRE, play_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--turns", type=int, default=10, help="game turns per game")
    parser.add_argument("--clans", type=int, default=3)
    args = parser.parse_args()
    rules, world = load_ruleset(), load_map("test_small")
    broken, by_item, first = 0, Counter[str](), {}
    started = time.perf_counter()
    for seed in range(args.games):
        draw = random.Random(seed)
        game = new_game(rules, world, GameSetup(
            clans=tuple(ClanSetup(f"Clan {n}") for n in range(args.clans)), seed=f"sweep-{seed}",
            turn_limit=0))
        items: set[str] = set()
        for _ in range(args.clans * args.turns):
            pre = draw.sample(EXTRA_PRE, draw.randint(0, 4))
            post = draw.sample(EXTRA_POST, draw.randint(0, 2))
            convoy = draw.sample(EXTRA_CONVOY, draw.randint(0, 3))
            for (clan, item), amount in play_turn(game, pre, post, convoy).items():
                items.add(item)
                first.setdefault(item, (seed, game.state.game_turn, clan, amount))
        broken += bool(items)
        by_item.update(items)
    seconds = time.perf_counter() - started
    print(f"{args.games} games of {args.clans} Clans x {args.turns} game turns: {broken} break "
          "the ledger "
          f"({seconds:.0f} s)")
    for item, count in by_item.most_common():
        seed, turn, clan, amount = first[item]
        print(f"  {item}: {count} games (first: seed {seed}, game turn {turn}, Clan {clan}, "
              f"{amount:+,} unaccounted)")


if __name__ == "__main__":
    main()
