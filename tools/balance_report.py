"""How balanced bot games are, per map and number of Clans, with 95% intervals (issue 28).

Run: `python -m tools.balance_report --maps europe,oceania --clans 2-8 --games 20 --jobs 2`
(`--level easy` for easy bots, `--turns` the last game turn, `--seed` the run's seed;
`--executor dask --scheduler ADDRESS` instead of `--jobs`: on a Dask cluster, the same results).
Plays the games with the simulation runner and prints three tables:

* cells: per map and number of Clans, the median game length, the share ended by victory, convoy
  battles per game, the share of captured cities taken from another Clan (not from nobody), how
  often the most popular Clan at the end of game turn 10 won, the money a Clan had left at the
  end (and, as a median, in game turns of its income), the lines the turn refused or could
  not carry out per 100 sheets the bots handed in, and the starts whose win share is below half
  their fair share (1 / Clans ÷ 2; issue 28), beside how many would be by chance alone if every
  start were as good as the others;
* seats: per starting city, the land it reaches before any rival (CC-GEN-07), the other cities
  within reach, what the land within reach yields a game turn (money, and the goods at their
  selling price: farmland yields food, mountains money), the land moves to the nearest rival's
  start, and its win share;
* two Clans: each map's two starts and their win shares;
* with `--starts`, the games of one map and number of Clans deal the starts given (hexes,
  comma-separated) instead of the map's: how a map author measures a set before naming it in
  the map (docs/map-format.md);
* with `--ladder`, the ladder: per map, how often one hard bot beats three normal ones and one
  normal bot three easy ones (4 Clans, the stronger bot's seat rotated game by game).

Shares carry Wilson intervals, means a normal interval, medians the interval of the order
statistics; a shared victory counts as no one's win.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs

from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.hexgrid import HexId
from conquest_tui.engine.play.land_reach import LandReach, land_reach, measure
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.simulation import executor_options
from conquest_tui.simulation.executors import Executor, ExecutorError
from conquest_tui.simulation.jobs import game_specs, run_games
from conquest_tui.simulation.runner import ClanSummary, GameSpec, GameSummary
from conquest_tui.storage.map_loader import MapError, load_map, map_to_json
from conquest_tui.storage.rules_loader import load_ruleset
from tools.calibrate_victory import REAL_MAPS, clan_counts, house_names

Z = 1.96
"""The normal quantile of a 95% interval."""
LEADER_TURN = 10


def wilson(hits: int, total: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share (0–1); (0, 1) when there is nothing to count."""
    if total == 0:
        return 0.0, 1.0
    share = hits / total
    middle = (share + Z * Z / (2 * total)) / (1 + Z * Z / total)
    half = Z * math.sqrt(share * (1 - share) / total + Z * Z / (4 * total * total)) / (
        1 + Z * Z / total)
    return max(0.0, middle - half), min(1.0, middle + half)


def share_text(hits: int, total: int) -> str:
    """"62% (41–79)": the share and its Wilson interval, in percent."""
    if total == 0:
        return "–"
    low, high = wilson(hits, total)
    return f"{100 * hits / total:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def mean_text(values: Sequence[float], shape: str = ".1f") -> str:
    """"3.4 (2.1–4.7)": the mean and its normal 95% interval (`shape`: the numbers' format,
    ",.0f" for money)."""
    if not values:
        return "–"
    mean = statistics.fmean(values)
    if len(values) < 2:
        return format(mean, shape)
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    low = mean - half if min(values) < 0 else max(0.0, mean - half)  # counts are never below 0
    return f"{format(mean, shape)} ({format(low, shape)}–{format(mean + half, shape)})"


def median_text(values: Sequence[float], shape: str = "g") -> str:
    """"22 (21–23)": the median and the 95% interval of the order statistics around it
    (`shape`: the numbers' format)."""
    if not values:
        return "–"
    ordered = sorted(values)
    count = len(ordered)
    spread = Z * math.sqrt(count) / 2
    low = ordered[max(0, math.floor(count / 2 - spread) - 1)]
    high = ordered[min(count - 1, math.ceil(count / 2 + spread))]
    return (f"{format(statistics.median(ordered), shape)} ({format(low, shape)}–"
            f"{format(high, shape)})")


def table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain text table: columns as wide as their widest cell."""
    widths = [max(len(str(row[i])) for row in (header, *rows)) for i in range(len(header))]
    print(f"\n{title}")
    for row in (header, ["-" * width for width in widths], *rows):
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)))


def cell_row(name: str, clans: int, games: Sequence[GameSummary]) -> list[str]:
    """One map and number of Clans: lengths, victories, battles, cities, leader, money."""
    captured = sum(game.counts.get("cities_captured", 0) for game in games)
    from_rivals = sum(game.counts.get("cities_from_rivals", 0) for game in games)
    led = [game for game in games
           if len(game.leaders) >= LEADER_TURN and game.leaders[LEADER_TURN - 1]]
    leader_won = sum(1 for game in led if game.winner == game.leaders[LEADER_TURN - 1])
    return [name, str(clans), str(len(games)),
            median_text([game.game_turns for game in games]),
            share_text(sum(1 for game in games if game.ended_by == "victory"), len(games)),
            mean_text([game.counts.get("convoy_battles", 0) for game in games]),
            median_text([game.counts.get("convoy_battles", 0) for game in games]),
            share_text(from_rivals, captured),
            share_text(leader_won, len(led)),
            "$" + mean_text([clan.money for game in games for clan in game.clans], ",.0f"),
            median_text([held_turns(clan) for game in games for clan in game.clans
                         if clan.hexes], ".1f"),
            failed_text(games), below_half_text(clans, games)]


def start_wins(games: Sequence[GameSummary]) -> dict[str, tuple[int, int]]:
    """Each starting city's (wins, games played) over the games that name their starts."""
    tally: dict[str, tuple[int, int]] = {}
    for game in games:
        if any(clan.start == "" for clan in game.clans):
            continue
        for clan in game.clans:
            wins, played = tally.get(clan.start, (0, 0))
            tally[clan.start] = (wins + (clan.number == game.winner), played + 1)
    return tally


def below_by_chance(played: int, share: float) -> float:
    """The chance that a start whose true win share is `share` wins fewer than half of it
    over `played` games (the binomial distribution)."""
    return sum(math.comb(played, wins) * share ** wins * (1 - share) ** (played - wins)
               for wins in range(played + 1) if wins < played * share / 2)


def below_half_text(clans: int, games: Sequence[GameSummary]) -> str:
    """"2 (0.3)": the starts that won less than half their fair share, and how many would
    (the expected number) if every start were as good as the others."""
    tally = start_wins(games)
    if not tally:
        return "–"
    share = 1 / clans
    below = sum(1 for wins, played in tally.values() if wins < played * share / 2)
    chance = sum(below_by_chance(played, share) for _, played in tally.values())
    return f"{below} ({chance:.1f})"


def held_turns(clan: ClanSummary) -> float:
    """The money a Clan held at the end, in game turns of its income (0 with no income)."""
    return clan.money / clan.income if clan.income > 0 else 0.0


def failed_text(games: Sequence[GameSummary]) -> str:
    """"1.3": lines the turn refused or could not carry out per 100 sheets the bots handed in."""
    sheets = sum(game.sheets for game in games)
    if not sheets:
        return "–"
    return f"{100 * sum(game.sheet_problems for game in games) / sheets:.1f}"


GOODS = ("food", "fuel", "parts", "vaccine")
"""The supplies land yields besides money (AMB-38), sold at the market's selling fraction."""


def land_yield(world: GameMap, reach: LandReach, start: HexId, ruleset: Ruleset) -> tuple[int, int]:
    """(money, goods): what the land within the fair-start reach of land moves of `start` yields
    a game turn, each hex at the middle of its terrain's ranges; goods at their selling price
    (AMB-45), so farmland's food counts only as the money it can be sold for."""
    layers = reach.layers(start)
    within = layers[min(ruleset.fair_starts.reach_moves, len(layers) - 1)]
    fraction = ruleset.market_rules.sell_fraction
    money = goods = 0.0
    for hex_id, bit in reach.index.items():
        if within >> bit & 1:
            terrain = ruleset.terrains[world.terrain_of(hex_id)]
            money += (terrain.money.low + terrain.money.high) / 2
            for item in GOODS:
                span = getattr(terrain, item)
                goods += ((span.low + span.high) / 2 * ruleset.market[item].start_price
                          * fraction)
    return round(money), round(goods)


def seat_rows(name: str, clans: int, games: Sequence[GameSummary]) -> list[list[str]]:
    """One row per starting city: its land before any rival, cities in reach, the money and the
    goods its land within reach yields a game turn, the land moves to the nearest rival's start
    ("–": none by land), wins."""
    world = load_map(name)
    reach = land_reach(world)
    ruleset = load_ruleset()
    rules = ruleset.fair_starts
    seen: dict[str, tuple[int, int]] = {}
    rival: dict[str, str] = {}
    for game in games:
        starts = tuple(clan.start for clan in game.clans)
        if "" in starts:
            continue
        fairness = measure(world, starts, rules)
        for index, clan in enumerate(game.clans):
            seen.setdefault(clan.start, (fairness.land[index], fairness.cities[index]))
            moves = [reach.moves_between(clan.start, other) for other in starts
                     if other != clan.start]
            rival.setdefault(clan.start, str(min((m for m in moves if m is not None),
                                                 default="–")))
    tally = start_wins(games)
    rows = []
    for start in sorted(seen, key=lambda hex_id: (-seen[hex_id][0], hex_id)):
        site = world.city_at(start)
        land, cities = seen[start]
        money, goods = land_yield(world, reach, start, ruleset)
        rows.append([name, str(clans), f"{site.name if site else '?'} ({start})", str(land),
                     str(cities), f"${money:,}", f"${goods:,}", rival[start],
                     str(tally[start][1]), share_text(*tally[start])])
    return rows


LADDER = (("hard", "normal"), ("normal", "easy"))
"""The ladder's rungs: one bot of the first level against three of the second."""


def ladder_specs(name: str, games: int, turns: int, seed: str, strong: str,
                 weak: str) -> list[GameSpec]:
    """A rung's games on one map: one `strong` bot against three `weak` ones, its seat turning
    from game to game."""
    specs = []
    for index, spec in enumerate(game_specs(map_name=name, clans=4, turns=turns,
                                            seed=f"{seed}-{strong}", games=games,
                                            levels=[weak] * 4)):
        levels = [weak] * 4
        levels[index % 4] = strong
        specs.append(attrs.evolve(spec, levels=tuple(levels)))
    return specs


def ladder_row(name: str, games: int, turns: int, seed: str,
               executor: int | Executor) -> list[str]:
    """One map's ladder: each rung's games and the stronger bot's win share."""
    row = [name]
    for strong, weak in LADDER:
        played = run_games(ladder_specs(name, games, turns, seed, strong, weak), executor)
        won = sum(1 for game in played for clan in game.clans
                  if clan.number == game.winner and clan.level == strong)
        row += [str(len(played)), share_text(won, len(played))]
    return row


def map_with_starts(name: str, starts: Sequence[str], folder: Path) -> str:
    """The path of a copy of map `name`, written in `folder`, that names `starts` as its own
    set for their number of Clans (the copy is checked as any map file is when loaded)."""
    data = json.loads(map_to_json(load_map(name)))
    data["starts"] = {**data.get("starts", {}), str(len(starts)): list(starts)}
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    load_map(path)
    return str(path)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=",".join(REAL_MAPS), help="comma-separated maps")
    parser.add_argument("--clans", default="2-8", help="Clans per game: 6, 2-8 or 2,4,6 (2-8)")
    parser.add_argument("--games", type=int, default=20, help="games per map and Clans (20)")
    parser.add_argument("--turns", type=int, default=25, help="last game turn (25)")
    parser.add_argument("--level", default="normal", help="every bot's level (normal)")
    parser.add_argument("--seed", default="balance", help="the run's seed")
    executor_options.add_options(parser)
    parser.add_argument("--house", default="", help="house rules in play, comma-separated")
    parser.add_argument("--ladder", action="store_true",
                        help="also the ladder: one hard bot against three normal, one normal "
                        "against three easy, --games each a map")
    parser.add_argument("--starts", default="",
                        help="the starts to deal (hexes, comma-separated; one map, and as many "
                        "Clans as starts): a set measured before a map names it")
    args = parser.parse_args(argv)
    executor = executor_options.parsed(parser, args)
    starts = [hex_id.strip() for hex_id in args.starts.split(",") if hex_id.strip()]
    if starts and ("," in args.maps or clan_counts(args.clans) != [len(starts)]):
        parser.error("--starts needs one map and --clans the number of starts given")
    with tempfile.TemporaryDirectory() as folder:
        where = {name: name for name in args.maps.split(",")}
        if starts:
            try:
                where[args.maps] = map_with_starts(args.maps, starts, Path(folder))
            except MapError as error:
                parser.error(str(error))
        report(args, executor, where)


def report(args: argparse.Namespace, executor: int | Executor, where: dict[str, str]) -> None:
    """Play the games of every map (from the file `where` names) and print the tables."""
    cells: list[list[str]] = []
    seats: list[list[str]] = []
    pairs: list[list[str]] = []
    for name in args.maps.split(","):
        most = load_map(name).max_players
        for clans in (count for count in clan_counts(args.clans) if count <= most):
            specs = game_specs(map_name=where[name], clans=clans, turns=args.turns, seed=args.seed,
                               games=args.games, levels=[args.level] * clans,
                               house_rules=house_names(args.house))
            try:
                games = run_games(specs, executor)
            except ExecutorError as error:
                raise SystemExit(f"balance_report: {error}") from None
            cells.append(cell_row(name, clans, games))
            rows = seat_rows(name, clans, games)
            seats.extend(rows)
            if clans == 2:
                pairs.append([name, *(f"{row[2]} {row[9]}" for row in rows)])
            print(f"({name}, {clans} Clans: {len(games)} games played)", flush=True)
    table(f"Games of {args.level} bots, by map and number of Clans (95% intervals)",
          ["map", "Clans", "games", "median length", "ended by victory",
           "convoy battles a game", "median battles", "cities taken from rivals",
           f"turn-{LEADER_TURN} leader won", "money left a Clan", "turns of income held",
           "failed lines per 100 sheets", "starts below half share (by chance)"], cells)
    table("Each start: land before any rival, other cities within reach, what the land within "
          "reach yields a game turn, win share",
          ["map", "Clans", "start", "land", "cities", "money near", "goods near",
           "nearest rival", "games", "won"], seats)
    if pairs:
        table("Two Clans: each start's win share", ["map", "first start", "second start"],
              [row + [""] * (3 - len(row)) for row in pairs])
    if args.ladder:
        ladder = [ladder_row(name, args.games, args.turns, args.seed, executor)
                  for name in args.maps.split(",")]
        table("The ladder: the stronger bot's win share (4 Clans)",
              ["map", "games", "hard vs 3 normal", "games", "normal vs 3 easy"], ladder)


if __name__ == "__main__":
    main()
