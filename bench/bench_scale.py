"""How a game turn's cost grows with Clans, convoys and game turns, the bots' planning and a
whole simulated game, each judged against its target (issue "Fast at scale again").

Run from the repository root (seeded; prints, never asserts):
    python -m bench.bench_scale                      # the working tree
    python -m bench.bench_scale --against HEAD~3     # and a commit beside it, rounds alternating
    python -m bench.bench_scale full scale           # only some figures (see FIGURES)

The figures, each from the same save or setup every sample:
* full: a 20-Clan game turn with 200 convoys (a synthetic late game, on the Europe map and on
  the 60×60 bench map): the engine on the sheets the bots write (the same sheets every sample:
  the bots are seeded), target ≤ 100 ms; the bots' planning of that game turn, target ≤ 300 ms
  (the bots' shared path answers, hex facts and unseen hexes' prices forgotten first, as after
  loading a save: the dearest case).
* clans: cost per Clan-turn, 40 Clans (400 convoys) vs 5 (50), synthetic 60×60 map, ≤ 1.3×;
  beside it, for reading it, the same ratio per order line the bots wrote (no target: the
  crowded 40-Clan game's bots write about a third more lines a Clan-turn and fight about 3.5
  battles a Clan-turn where the 5 Clans, far apart, fight none).
* convoys: cost per convoy, 800 vs 100 convoys of 20 Clans on the Europe map, ≤ 1.2×.
* age: game turn 50 vs game turn 1 of one 8-Clan Europe bot game, the engine's cost per order
  line the bots wrote, ≤ 1.5×: what a late game turn costs for the same work. Beside it, for
  reading it, the whole game turn's ratio and the ratio per convoy (no target). The whole ratio
  is the game's growth, not the engine's: by game turn 50 the bots hold 7 times the convoys,
  write 4 times the lines of the first game turn and fight where the first fights nothing (the
  bots are made to spend what they earn and to seek war), so a whole game turn 50 costs about 5
  times the first however fast each line runs.
* simulate: seconds per game of `conquest simulate --map europe --clans 8 --turns 25`, ≤ 2 s.

Each sample's line also says how many battles (convoy battles and city assaults) a Clan-turn
fought: the denser games of the clans and convoys figures fight several times more per Clan-turn
and per convoy, and those battles are the rules' own work, the same on every tree. So each ratio
figure is also printed with the battles' own time (inside `convoy_clash.battle` and
`city_battle.fight`) taken out of the engine's, for reading it: no target.

Each sample runs in a worker process (`--worker`, the tree's `conquest_tui` first on its path);
the trees' rounds alternate, so a comparison holds while a shared machine's speed drifts. The
whole distribution is judged: min, median, worst and the share of samples over the target (a
ratio's samples pair the two sizes of the same round). Each worker also reports a digest of the
sheets written and the state after the game turn: two trees that must play the same game show
the same digest. The age figure's saves are built once by bots with the working tree and kept
in the system's temporary folder (`--rebuild` to make them afresh).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.figures import Figure, machine_reference_ms, record
from bench.trees import export

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "conquest-bench"
FIGURES = ("full", "clans", "convoys", "age", "simulate")
ROUNDS = 5
FULL_TURN_TARGET_MS = 100.0
BOTS_TARGET_MS = 300.0
CLAN_RATIO_TARGET = 1.3
CONVOY_RATIO_TARGET = 1.2
AGE_RATIO_TARGET = 1.5
SIMULATE_TARGET_S = 2.0
CITIES = 240
"""Enough cities on the 60×60 map for 40 Clans."""
AGE = {"map_name": "europe", "clans": 8, "seed": "bench-age", "turns": 50}
FIGHTS = ("convoy_battle", "city_captured", "city_attack_failed")
"""Event kinds of a battle the active Clan fought (its convoy battles and city assaults)."""


# --- the worker: one tree, one figure, one sample --------------------------------------------


def _digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:12]


def _forget_bot_answers() -> None:
    """The bots' answers shared across turns (path answers, public hex facts, unseen hexes'
    prices), forgotten (a tree without them: nothing)."""
    from conquest_tui.bots import expansion, paths, still_view

    for kept in (getattr(paths, "_GROUNDS", None), getattr(still_view, "_PUBLIC", None),
                 getattr(expansion, "_UNSEEN", None)):
        if kept is not None:
            kept.clear()


class _Watch:
    """What the engine's time holds, for reading the figures: the time in battles (convoy
    battles, city assaults: the rules' own work, timed by wrapping the two functions every
    battle goes through), in the cyclic garbage collector's pauses, and the processor time the
    process got (a busy machine's wall time is longer), each summed while `with` lasts."""

    def __init__(self) -> None:
        self.fighting = self.collecting = self.processor = 0.0
        self._undo: list[tuple[Any, str, Any]] = []
        self._inside = False
        self._paused_at = 0.0
        self._began = 0.0
        gc.callbacks.append(self._collector)

    def _collector(self, phase: str, _info: dict[str, int]) -> None:
        if not self._inside:
            return
        if phase == "start":
            self._paused_at = time.perf_counter()
        else:
            self.collecting += time.perf_counter() - self._paused_at

    def __enter__(self) -> _Watch:
        from conquest_tui.engine.combat import city_battle, convoy_clash

        for module, name in ((convoy_clash, "battle"), (city_battle, "fight")):
            original = getattr(module, name)
            self._undo.append((module, name, original))
            setattr(module, name, self._timed(original))
        self._inside = True
        self._began = time.process_time()
        return self

    def _timed(self, original: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.fighting += time.perf_counter() - began
        return timed

    def __exit__(self, *_: object) -> None:
        self.processor += time.process_time() - self._began
        self._inside = False
        for module, name, original in self._undo:
            setattr(module, name, original)
        self._undo.clear()

    def close(self) -> None:
        gc.callbacks.remove(self._collector)


def game_turn(game: Any) -> dict[str, Any]:
    """One whole game turn of bots: (engine ms, bots ms, digest of sheets and the end state),
    and what the engine's time holds (`_Watch`)."""
    from conquest_tui.bots import write_sheet
    from conquest_tui.engine.orders.sheet import parse_sheet
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.engine.reports.view import ClanView
    from conquest_tui.storage.savefile import game_to_text

    try:
        from conquest_tui.session.bot_turns import bot_sheet
    except ImportError:
        bot_sheet = None  # type: ignore[assignment]
    _forget_bot_answers()
    start_turn = game.state.game_turn
    convoys = len(game.state.convoys)
    engine = bots = 0.0
    battles = 0
    sheets = []
    clan_turns = 0
    watch = _Watch()
    while game.state.game_turn == start_turn and not game.state.finished:
        clan = game.state.active_clan
        began = time.perf_counter()
        level = game.clan(clan).bot_level or "normal"
        # What a bot hands in: its sheet held to the judgement a player sees (bot_sheet), or,
        # in a tree from before bots were judged, the sheet as written.
        sheet = (bot_sheet(game, level) if bot_sheet is not None
                 else write_sheet(ClanView(game, clan), level))
        middle = time.perf_counter()
        with watch:
            result = run_clan_turn(game, clan, sheet)
        bots += middle - began
        battles += sum(1 for event in result.events
                       if event.kind in FIGHTS and not event.actor)  # its own, not told
        engine += time.perf_counter() - middle
        sheets.append(sheet)
        clan_turns += 1
    watch.close()
    lines = sum(_order_lines(parse_sheet(sheet, game.rules)) for sheet in sheets)  # untimed
    if len(game.state.clans) <= 20:
        sheets.append(game_to_text(game))
    return {"engine": engine * 1000, "bots": bots * 1000, "clan_turns": clan_turns,
            "fighting": watch.fighting * 1000, "collecting": watch.collecting * 1000,
            "processor": watch.processor * 1000,
            "convoys": convoys, "battles": battles, "lines": lines, "digest": _digest(sheets)}


def _order_lines(sheet: Any) -> int:
    """The order lines a parsed sheet carries: its Clan's, its convoys' and its agents'."""
    return (len(sheet.pre) + len(sheet.post) + len(sheet.agents)
            + sum(len(lines) for _, lines in sheet.convoys))


def synthetic_game(map_name: str, clans: int, convoys: int) -> Any:
    """A synthetic late game (bench/synthetic.py) at its first Clan's turn: on a map from
    data/maps/, or ("synthetic") the 60×60 bench map."""
    from bench.synthetic import build_map, build_state
    from conquest_tui.engine.core.game import Game
    from conquest_tui.storage.map_loader import load_map
    from conquest_tui.storage.rules_loader import load_ruleset

    rules = load_ruleset()
    game_map = (build_map(60, 60, cities=CITIES, seed="scale") if map_name == "synthetic"
                else load_map(map_name))
    state = build_state(game_map, rules, clans, seed="scale", convoys=convoys)
    state.turn_index = 0
    return Game(rules, game_map, state)


def age_saves(rebuild: bool) -> dict[int, Path]:
    """Saves of one Europe bot game at the start of game turns 1 and 50, built once."""
    paths = {turn: CACHE / "age-{map_name}-{clans}-{seed}-turn{t}.json".format(**AGE, t=turn)
             for turn in (1, int(AGE["turns"]))}  # type: ignore[call-overload]
    if all(path.is_file() for path in paths.values()) and not rebuild:
        return paths
    from conquest_tui import session
    from conquest_tui.storage import savefile

    clans = int(AGE["clans"])  # type: ignore[call-overload]
    game = session.new_game(map_name=str(AGE["map_name"]), clans=clans, bots=clans,
                            seed=str(AGE["seed"]), turn_limit=0, victory_threshold=10**9,
                            level=[("easy", "normal", "hard")[seat % 3]
                                   for seat in range(clans)])
    CACHE.mkdir(parents=True, exist_ok=True)
    savefile.save_game(game, paths[1], backups=0)
    while game.state.game_turn < int(AGE["turns"]) and not game.state.finished:  # type: ignore[call-overload]
        session.play_bots(game)
    savefile.save_game(game, paths[int(AGE["turns"])], backups=0)  # type: ignore[call-overload]
    return paths


def worker(figure: str, argument: str) -> dict[str, Any]:
    """One sample of a figure, with the tree on the path."""
    if figure == "turn":  # a synthetic game turn: "map clans convoys"
        map_name, clans, convoys = argument.split(":")
        game = synthetic_game(map_name, int(clans), int(convoys))
        game_turn(synthetic_game(map_name, int(clans), int(convoys)))  # warm-up
        return {**game_turn(game), "reference": machine_reference_ms()}
    if figure == "saved":  # a saved game's next game turn
        from conquest_tui.storage.rules_loader import load_ruleset
        from conquest_tui.storage.savefile import load_game

        rules = load_ruleset()
        game_turn(load_game(Path(argument), rules))  # warm-up
        return {**game_turn(load_game(Path(argument), rules)),
                "reference": machine_reference_ms()}
    if figure == "simulate":
        from conquest_tui.simulation.runner import GameSpec, run_game

        spec = GameSpec("europe", 8, 25, argument, ("normal",) * 8)
        began = time.perf_counter()
        summary = run_game(spec)
        seconds = time.perf_counter() - began
        digest = _digest([json.dumps(summary.as_json(), sort_keys=True)])
        return {"seconds": seconds, "reference": machine_reference_ms(), "digest": digest}
    raise SystemExit(f"unknown figure {figure}")


def run_worker(tree: Path, figure: str, argument: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(ROOT)])}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", figure,
                           argument], env=env, cwd=tree, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]



# --- judging ----------------------------------------------------------------------------------


def judged(samples: list[float], target: float, unit: str) -> str:
    ordered = sorted(samples)
    over = sum(1 for s in ordered if s > target) / len(ordered)
    if ordered[-1] <= target:
        held = "held"
    else:
        held = "held at the median" if statistics.median(ordered) <= target else "NOT held"
    return (f"min {ordered[0]:7.2f}  median {statistics.median(ordered):7.2f}  "
            f"worst {ordered[-1]:7.2f} {unit}  target ≤ {target:g}: over {over:4.0%}  {held}")


SAMPLES: dict[str, list[tuple[str, str, str]]] = {
    # figure → (label, worker figure, argument) of each sample of a round
    "full": [("20 clans, 200 convoys, Europe", "turn", "europe:20:200"),
             ("20 clans, 200 convoys, 60×60 map", "turn", "synthetic:20:200")],
    "clans": [("5 clans, 50 convoys", "turn", "synthetic:5:50"),
              ("40 clans, 400 convoys", "turn", "synthetic:40:400")],
    "convoys": [("20 clans, 100 convoys, Europe", "turn", "europe:20:100"),
                ("20 clans, 800 convoys, Europe", "turn", "europe:20:800")],
    "age": [],  # filled from the saves
    "simulate": [("8 clans, 25 turns, Europe", "simulate", "bench-simulate-1")],
}


def _ratio(figure: str, small: dict[str, Any], large: dict[str, Any], less: str = "") -> float:
    """A ratio figure's value for one round's pair of samples: per Clan-turn (clans), per
    convoy (convoys) or per order line the bots wrote (age), of the engine's time less `less`'s
    if named."""
    def cost(sample: dict[str, Any]) -> float:
        return float(sample["engine"] - (sample[less] if less else 0.0))

    if figure == "clans":
        turns = int(large["clan_turns"]), int(small["clan_turns"])
        return (cost(large) / turns[0]) / (cost(small) / turns[1])
    if figure == "convoys":
        return (cost(large) / 800) / (cost(small) / 100)
    return (cost(large) / int(large["lines"])) / (cost(small) / int(small["lines"]))


def report(figure: str, tree: str, out: dict[str, list[dict[str, Any]]]) -> None:
    """The figure's lines for one tree: raw samples, then the judged figure."""
    labels = [label for label, _, _ in SAMPLES[figure]]
    runs = [out[label] for label in labels]
    digests = sorted({run.get("digest", "") for samples in runs for run in samples})
    print(f"  [{tree}] digests {' '.join(digests)}")
    mine = tree == "working tree"  # the table records the working tree's figures

    def reference(samples: list[dict[str, Any]]) -> float | None:
        known = [r["reference"] for r in samples if "reference" in r]
        return statistics.median(known) if known else None

    if figure == "simulate":
        print(f"  [{tree}] seconds per game   "
              f"{judged([r['seconds'] for r in runs[0]], SIMULATE_TARGET_S, 's')}")
        if mine:
            record(Figure("scale", "a simulated game: Europe, 8 Clans, 25 game turns", "s",
                          [r["seconds"] for r in runs[0]], SIMULATE_TARGET_S,
                          reference_ms=reference(runs[0])))
        return
    for label, samples in zip(labels, runs, strict=True):
        engine = [r["engine"] for r in samples]
        bots = [r["bots"] for r in samples]
        fights = [r["battles"] / r["clan_turns"] for r in samples if "battles" in r]
        fought = f", {statistics.median(fights):5.2f} battles a Clan-turn" if fights else ""
        print(f"  [{tree}] {label:<32} engine median {statistics.median(engine):8.1f} ms, "
              f"bots median {statistics.median(bots):8.1f} ms{fought}")
        if all("processor" in r for r in samples):
            # for reading the engine's time: the processor's share of it, the collector's pauses
            print(f"  [{tree}] {'':<32} of the engine's: processor time median "
                  f"{statistics.median(r['processor'] for r in samples):6.1f} ms, worst "
                  f"{max(r['processor'] for r in samples):6.1f}; collector pauses median "
                  f"{statistics.median(r['collecting'] for r in samples):5.1f} ms, worst "
                  f"{max(r['collecting'] for r in samples):5.1f}")
    if figure == "full":
        for label, samples in zip(labels, runs, strict=True):
            print(f"  [{tree}] {label}")
            print(f"  [{tree}]   game turn (engine) "
                  f"{judged([r['engine'] for r in samples], FULL_TURN_TARGET_MS, 'ms')}")
            print(f"  [{tree}]   bots' planning     "
                  f"{judged([r['bots'] for r in samples], BOTS_TARGET_MS, 'ms')}")
            if mine:
                record(Figure("scale", f"a game turn's engine: {label}", "ms",
                              [r["engine"] for r in samples], FULL_TURN_TARGET_MS,
                              reference_ms=reference(samples)))
                record(Figure("scale", f"the bots' planning: {label}", "ms",
                              [r["bots"] for r in samples], BOTS_TARGET_MS,
                              reference_ms=reference(samples)))
        return
    small, large = runs
    ratios = [_ratio(figure, a, b) for a, b in zip(small, large, strict=True)]
    target, name = {"clans": (CLAN_RATIO_TARGET, "per clan-turn, 40 vs 5"),
                    "convoys": (CONVOY_RATIO_TARGET, "per convoy, 800 vs 100")}.get(
                        figure, (AGE_RATIO_TARGET, "per order line, game turn 50 vs 1"))
    print(f"  [{tree}] {name:<19} {judged(ratios, target, '×')}")
    if mine:
        record(Figure("scale", name.replace("clan", "Clan"), "×", ratios, target))
    if all("fighting" in r for r in small + large):
        # the same ratio with the battles' own time taken out: what grows besides the rules'
        # work of the battles a denser or later game fights
        calm = [_ratio(figure, a, b, "fighting") for a, b in zip(small, large, strict=True)]
        shares = [r["fighting"] / r["engine"] for r in large]
        print(f"  [{tree}] {name} without the battles' own time: median "
              f"{statistics.median(calm):.2f}×, worst {max(calm):.2f}× (battles "
              f"{statistics.median(shares):.0%} of the larger game's engine time; for reading "
              f"the figure, no target)")
    if figure == "age":
        # the whole game turn, and per convoy the game holds by then, beside the judged figure
        whole = [b["engine"] / a["engine"] for a, b in zip(small, large, strict=True)]
        per = [(b["engine"] / b["convoys"]) / (a["engine"] / a["convoys"])
               for a, b in zip(small, large, strict=True)]
        print(f"  [{tree}] the whole game turn 50 vs 1, {large[0]['lines']} vs "
              f"{small[0]['lines']} lines, {large[0]['battles']} vs {small[0]['battles']} "
              f"battles: median {statistics.median(whole):.2f}×, worst {max(whole):.2f}× (the "
              f"game's growth; for reading the figure, no target)")
        print(f"  [{tree}] per convoy, {large[0]['convoys']} vs {small[0]['convoys']} convoys: "
              f"median {statistics.median(per):.2f}× (for reading the figure; no target)")
    if figure == "clans" and all("lines" in r for r in small + large):
        # the work the sheets ask for: a 40-Clan game's bots write more lines a Clan-turn than a
        # 5-Clan game's, and fight
        per = [(b["engine"] / b["lines"]) / (a["engine"] / a["lines"])
               for a, b in zip(small, large, strict=True)]
        print(f"  [{tree}] per order line, {large[0]['lines']} vs {small[0]['lines']} lines, "
              f"{large[0]['battles']} vs {small[0]['battles']} battles: "
              f"median {statistics.median(per):.2f}× (for reading the figure; no target)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figures", nargs="*", help=f"some of: {', '.join(FIGURES)}")
    parser.add_argument("--against", metavar="REF", help="also time this commit")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--rebuild", action="store_true", help="build the age saves afresh")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return
    figures = args.figures or list(FIGURES)
    unknown = sorted(set(figures) - set(FIGURES))
    if unknown:
        parser.error(f"unknown figure {', '.join(unknown)}: choose among {', '.join(FIGURES)}")
    if "age" in figures:
        saves = age_saves(args.rebuild)
        SAMPLES["age"] = [(f"game turn {turn}, 8 clans, Europe", "saved", str(path))
                          for turn, path in sorted(saves.items())]
    with tempfile.TemporaryDirectory() as folder:
        trees = {"working tree": ROOT}
        if args.against:
            trees[args.against] = export(args.against, Path(folder))
        for figure in figures:
            print(f"\n{figure}: {args.rounds} rounds" + (", trees alternating"
                                                          if len(trees) > 1 else ""))
            out: dict[str, dict[str, list[dict[str, Any]]]] = {t: {} for t in trees}
            failed: dict[str, str] = {}
            for _ in range(args.rounds):
                for tree_name, tree in trees.items():
                    for label, kind, argument in SAMPLES[figure]:
                        if tree_name in failed:
                            continue
                        sample = run_worker(tree, kind, argument)
                        if "error" in sample:
                            failed[tree_name] = sample["error"]
                            continue
                        out[tree_name].setdefault(label, []).append(sample)
            for tree_name in trees:
                if tree_name in failed:
                    print(f"  [{tree_name}] failed: {failed[tree_name]}")
                else:
                    report(figure, tree_name, out[tree_name])


if __name__ == "__main__":
    main()
