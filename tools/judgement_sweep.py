"""Hold the sheet's judgement to the turn over many plausible sheets: the lines it says the turn
will skip are the lines the turn skips, dice aside.

Run: `python -m tools.judgement_sweep --sheets 2000 --seed 0` (about 15 s; the test suite runs
200 of them, `tests/test_judgement.py`). Each sheet is drawn by `plausible_sheet` for the first
Clan of a small two-Clan game (`sweep_game`: test_small, a second convoy, an ally who owns a
city nearby, every hex seen), judged as `conquest check --forecast` and the end-turn box judge
it, but with the turn's own dice (`judge_sheet(…, seed_suffix="")`), then played. A sheet
breaks the judgement when a line the checker says will be skipped runs (a false alarm), or a
line the turn skips (it failed, or its convoy was gone before its pulse) is neither skipped by
the checker nor warned of by the forecast. Prints each break with its sheet and the count.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time

import attrs

from conquest_tui.engine.convoys import convoys as convoy_rules
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.orders.sheet import counted, parse_sheet
from conquest_tui.engine.play.judgement import judge_sheet
from conquest_tui.engine.play.record_copy import copy_record
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
VEHICLES = ("BIKES", "CARS", "TRUCKS", "BUSES", "JETSKIS", "JEEPS")
TYPES = ("LAND", "MILITARY", "SEA", "AIR", "AMPHIBIOUS")
CONVOY_WORDS = ("PAUSE", "CAPTURE", "LOOT", "SCAN", "SPLIT", "PICKUP", "DUMP", "GUARD",
                "PATROL", "RECON", "HIRE", "ATTACK", "PRACTICE", "CELEBRATE", "FISH", "PAVE N",
                "AID ON", "CURE", "PLANT", "EMPTY", "DROPOFF", "HUNT")


@functools.cache
def _base() -> Game:
    rules = attrs.evolve(load_ruleset(), event_chance_per_turn=0.0)
    game = new_game(rules, load_map("test_small"),
                    GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")),
                              seed="judge", turn_limit=0))
    clan, other = game.state.clan_order
    home = convoy_rules.next_number(game, clan)
    first = game.convoy(clan, 1)
    assert first is not None
    convoy_rules.create_convoy(game, clan, home, first.hex, "military", hidden=False)
    game.clan(clan).allies.append(other)
    game.clan(other).allies.append(clan)
    near = min((city for city in game.state.cities if city.owner == 0),
               key=lambda city: abs(int(city.hex[:2]) - int(first.hex[:2]))
               + abs(int(city.hex[2:]) - int(first.hex[2:])))
    near.owner = other
    game.clan(clan).last_turn.visited_hexes = list(game.map.hex_ids())  # fog aside
    return game


def sweep_game() -> Game:
    """A fresh copy of the sweep's game: test_small, two Clans, random events off; the first
    Clan has convoy #1 (land) and #2 (military) in its home city, is allied to the second,
    which owns the unowned city nearest to it, and sees every hex."""
    base = _base()
    return Game(base.rules, base.map, copy_record(base.state))


def _clan_line(rng: random.Random, home: str, other: int, city: str) -> str:
    number = rng.randint(1, 4)
    to = rng.randint(1, 4)
    return rng.choice((
        f"BUY {rng.randint(1, 40)} {rng.choice(('FOOD', 'FUEL', 'PARTS', 'RIFLES'))}",
        f"BUY {rng.randint(1, 3)} {rng.choice(VEHICLES)} #{number}",
        f"BUY {rng.randint(1, 3)} {rng.choice(VEHICLES)} #{number}",
        f"SELL {rng.randint(1, 150)} {rng.choice(('FOOD', 'FUEL'))}",
        f"SELL {rng.randint(1, 3)} {rng.choice(VEHICLES)} #{number}",
        f"SELL CONVOY #{number}",
        f'CREATE {home} {rng.choice(TYPES)} "Scouts"',
        f"CREATE {home} LAND",
        f"CREATE {city} LAND",
        f"ENLIST {rng.randint(1, 60)}",
        f'NAME #{number} "Foo"',
        f"GIVE {rng.randint(1, 6)} TROOPS #{number} #{to}",
        f"GIVE {rng.randint(1, 2)} {rng.choice(VEHICLES)} #{number} #{to}",
        f"CONVERT {number} {rng.choice(TYPES)}",
        f"ALLY {other}", f"BAN {other}",
        f'MESSAGE {other} "hi"',
        f"GARRISON {rng.randint(1, 20)} {home}",
        f"DEFEND {home}",
        f"FORTIFY {home}",
        f"ERECT {home} MAR",
        "TRAIN 1",
        f"ASSIGN {home} {rng.randint(1, 20)}",
    ))


def _convoy_line(rng: random.Random, here: str, city: str) -> str:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(DIRECTIONS)
    if roll < 0.5:
        return rng.choice((city, here))
    if roll < 0.55:
        return f"ABSORB #{rng.randint(1, 4)}"
    if roll < 0.6:
        return f"ATTACK {rng.randint(1, 30)}"
    return rng.choice(CONVOY_WORDS)


def plausible_sheet(rng: random.Random, game: Game, clan: int) -> str:
    """A sheet a player of `game`'s Clan might write: a few Clan orders before and after the
    pulses (buying, selling and giving vehicles among convoys #1 to #4, CREATE, CONVERT, SELL
    CONVOY, diplomacy, guards…) and sections for some of convoys #1 to #4 (moves, the city next
    door, SPLIT, ABSORB, ATTACK and the other convoy orders), now and then past a limit."""
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    home = convoy.hex
    other = next(number for number in game.state.clan_order if number != clan)
    city = next((c.hex for c in game.state.cities if c.owner == other), home)
    out = ["[PRE]", *(_clan_line(rng, home, other, city) for _ in range(rng.randint(0, 6)))]
    for number in sorted(rng.sample((1, 2, 3, 4), rng.randint(0, 4))):
        out.append(f"[CONVOY {number}]")
        out += [_convoy_line(rng, home, city) for _ in range(rng.randint(0, 11))]
    out.append("[POST]")
    out += [_clan_line(rng, home, other, city) for _ in range(rng.randint(0, 5))]
    return "\n".join(out) + "\n"


@attrs.frozen
class Verdict:
    """Where the judgement and the turn part on one sheet (both empty: they agree)."""

    false_alarms: tuple[int, ...]
    """Lines the checker says will be skipped, which the turn ran."""
    unflagged: tuple[int, ...]
    """Lines the turn skipped that the judgement neither skipped nor warned of as failing."""

    def __bool__(self) -> bool:
        return bool(self.false_alarms or self.unflagged)


def skipped_by_turn(game: Game, clan: int, sheet: str) -> tuple[set[int], set[int]]:
    """Play the Clan's turn on `game`: the lines it skipped (those that failed, and those of a
    convoy gone before their pulse, which the turn passes over in silence), and the lines after
    the first of each section it skipped whole for want of its convoy (the turn says so once,
    on the section's first line)."""
    parsed = parse_sheet(sheet, game.rules)
    present: dict[int, set[int]] = {}

    def after_pulse(ctx: TurnContext, pulse: int) -> None:
        present[pulse] = {c.number for c in ctx.game.convoys_of(clan)}

    result = run_clan_turn(game, clan, parsed, after_pulse=after_pulse)
    skipped = {problem.line for problem in result.problems if problem.line > 0}
    orphans = {problem.line for problem in result.problems
               if problem.code == "no_convoy" and problem.facts.get("why") == "orphan_section"}
    whole: set[int] = set()
    for number, lines in parsed.convoys:
        good = counted(lines)
        if lines and lines[0].line in orphans:
            whole |= {sheet_line.line for sheet_line in lines[1:]}
            continue
        skipped |= {sheet_line.line for pulse, sheet_line in enumerate(good, start=1)
                    if pulse > 1 and number not in present.get(pulse - 1, {number})}
    return skipped, whole


def verdict(game: Game, clan: int, sheet: str) -> Verdict:
    """Judge the sheet with the turn's dice, play it on a copy, and compare (see the module)."""
    judgement = judge_sheet(game, clan, sheet, seed_suffix="")
    played = Game(game.rules, game.map, copy_record(game.state))
    skipped, whole = skipped_by_turn(played, clan, sheet)
    said = set(judgement.skipped) - whole
    warned = {p.line for p in judgement.problems if p.is_warning and p.code in (
        ProblemCode.FORECAST, ProblemCode.FORECAST_GONE)}
    return Verdict(tuple(sorted(said - skipped)), tuple(sorted(skipped - said - warned)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", type=int, default=2000, help="how many sheets (2000)")
    parser.add_argument("--seed", type=int, default=0, help="the first sheet's seed (0)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    broken = 0
    for seed in range(args.seed, args.seed + args.sheets):
        game = sweep_game()
        clan = game.state.clan_order[0]
        sheet = plausible_sheet(random.Random(seed), game, clan)
        found = verdict(game, clan, sheet)
        if found:
            broken += 1
            print(f"seed {seed}: false alarms on lines {list(found.false_alarms)}, "
                  f"unflagged lines {list(found.unflagged)}")
            for number, text in enumerate(sheet.split("\n"), start=1):
                print(f"  {number:3} {text}")
    took = time.perf_counter() - started
    print(f"{args.sheets} sheets, {broken} where the judgement and the turn part "
          f"({took:.1f} s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
