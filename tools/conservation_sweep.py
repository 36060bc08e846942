"""Play seeded short bot games and count those whose events do not account for every unit.

Run: `python -m tools.conservation_sweep --games 400 --turns 10 --clans 3 --jobs 2`. Each game is
on test_small; every Clan turn is the bot's sheet (hard bots by default: they SELL the food,
fuel and parts their land makes beyond use and CELEBRATE) with a few extra orders drawn from the
lists of tests/test_conservation.py (among them SELL of all the food the stockpile shows and of
every unit it may sell, and CELEBRATE), and the ledger there checks, per Clan and item, that the
holdings after the turn are those before plus what the turn's events say. Prints the games that
break it, by item, with the first seed, game turn, Clan and missing amount of each, and how many
food sales and CELEBRATEs the games held (written, carried out, refused).
"""

from __future__ import annotations

import argparse
import functools
import random
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import attrs

from conquest_tui.bots import LEVELS
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from tests.test_conservation import EXTRA_CONVOY, EXTRA_POST, EXTRA_PRE, audit_turn, sheet_for

MIXED = "mixed"
"""--level value: the Clans' bots are easy, normal and hard in turn."""
FOOD_SALE = re.compile(r"^\s*SELL\s+\d+\s+FOOD\s*$", re.IGNORECASE | re.MULTILINE)
CELEBRATION = re.compile(r"^\s*CELEBRATE\s*$", re.IGNORECASE | re.MULTILINE)

Break = tuple[int, int, int, int]
"""(seed, game turn, Clan, amount unaccounted)."""


@attrs.frozen
class GameOutcome:
    """One game of the sweep: the first break of each item, and what its turns held."""

    seed: int
    breaks: dict[str, Break]
    counts: Counter[str]


@functools.cache
def _world() -> tuple[Ruleset, GameMap]:
    return load_ruleset(), load_map("test_small")


def _level(level: str, clan: int) -> str:
    return LEVELS[clan % len(LEVELS)] if level == MIXED else level


def _count_turn(game: Game, clan: int, sheet: str) -> Counter[str]:
    """The food sales and CELEBRATEs of the sheet, and what became of them in the turn."""
    counts: Counter[str] = Counter(food_sales_written=len(FOOD_SALE.findall(sheet)),
                                   celebrates_written=len(CELEBRATION.findall(sheet)))
    for event in game.clan(clan).last_turn.events:
        if event.facts.get("item") == "food" and event.kind == EventKind.SELL:
            counts["food_sales"] += 1
            counts["food_sold"] += int(str(event.facts["quantity"]))
        elif event.facts.get("item") == "food" and event.kind == EventKind.NOT_ENOUGH:
            counts["food_sales_refused"] += 1
        elif event.kind == EventKind.CELEBRATE:
            counts["celebrates"] += 1
    return counts


def play_game(seed: int, turns: int, clans: int, level: str) -> GameOutcome:
    """One seeded game of `clans` bots for `turns` game turns, every Clan turn audited."""
    rules, world = _world()
    draw = random.Random(seed)
    game = new_game(rules, world, GameSetup(
        clans=tuple(ClanSetup(f"Clan {n}") for n in range(clans)), seed=f"sweep-{seed}",
        turn_limit=0))
    breaks: dict[str, Break] = {}
    counts: Counter[str] = Counter()
    for turn in range(clans * turns):
        pre = draw.sample(EXTRA_PRE, draw.randint(0, 4))
        post = draw.sample(EXTRA_POST, draw.randint(0, 2))
        convoy = draw.sample(EXTRA_CONVOY, draw.randint(0, 3))
        clan = game.state.active_clan
        sheet = sheet_for(game, clan, pre, post, convoy, _level(level, turn % clans))
        for (who, item), amount in audit_turn(game, sheet).items():
            breaks.setdefault(item, (seed, game.state.game_turn, who, amount))
        counts.update(_count_turn(game, clan, sheet))
    return GameOutcome(seed, breaks, counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--turns", type=int, default=10, help="game turns per game")
    parser.add_argument("--clans", type=int, default=3)
    parser.add_argument("--level", choices=(*LEVELS, MIXED), default="hard",
                        help="the bots' level (mixed: easy, normal and hard in turn)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args()
    broken, by_item = 0, Counter[str]()
    first: dict[str, Break] = {}
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    seeds = range(args.games)
    play = functools.partial(play_game, turns=args.turns, clans=args.clans, level=args.level)
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            outcomes = list(pool.map(play, seeds, chunksize=4))
    else:
        outcomes = [play(seed) for seed in seeds]
    for outcome in outcomes:
        broken += bool(outcome.breaks)
        by_item.update(outcome.breaks.keys())
        counts.update(outcome.counts)
        for item, found in outcome.breaks.items():
            first.setdefault(item, found)
    seconds = time.perf_counter() - started
    print(f"{args.games} games of {args.clans} {args.level} Clans x {args.turns} game turns: "
          f"{broken} break the ledger ({seconds:.0f} s)")
    print(f"  food sales: {counts['food_sales']:,} carried out ({counts['food_sold']:,} food), "
          f"{counts['food_sales_refused']:,} refused, of {counts['food_sales_written']:,} "
          "written")
    print(f"  CELEBRATE: {counts['celebrates']:,} carried out, of "
          f"{counts['celebrates_written']:,} written")
    for item, count in by_item.most_common():
        seed, turn, clan, amount = first[item]
        print(f"  {item}: {count} games (first: seed {seed}, game turn {turn}, Clan {clan}, "
              f"{amount:+,} unaccounted)")


if __name__ == "__main__":
    main()
