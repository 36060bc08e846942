"""Time saving and loading two 20-Clan late games: a synthetic one (60×60 map, full histories)
and a real one played by bots (Europe, some 30 game turns). Prints, never asserts.

Run from the repository root:
    python -m bench.bench_saves                    # the working tree
    python -m bench.bench_saves --against HEAD     # and a commit beside it, runs alternating
                                                   # (each tree on saves it wrote itself)
    python -m bench.bench_saves --breakdown        # where a load of the synthetic save goes

The loads are timed in worker processes (`--worker`, the tree's `conquest_tui` first on its
path), each after two warm-up loads, each load beside msgspec's decoding of the same bytes,
each one's result kept past its clock and freed before the next pair's clocks start (neither
side times freeing what it made); the rounds of both trees alternate, so a
comparison holds while the machine's speed drifts. The whole distribution is judged: min,
median, 90th percentile, worst and the share of loads over the target. `--against REF` takes
REF's files with `git archive` into a temporary folder (the repository is not touched).
The real game's save is built once by bots with the working tree and kept in the system's
temporary folder, under a name that holds the save version and a digest of the code and data
that play and write it (`real_key`): a change to either builds it afresh (`--rebuild` to make
it afresh anyway, `--real PATH` to use another save).
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

RUNS = 20
SAVE_TARGET_MS = {"synthetic": 10.0, "real": 15.0}
"""A save's target by the save: the synthetic game's since the first saves, the real late
game's from issue "Fast at scale again"."""
LOAD_TARGET_MS = 25.0
MSGSPEC_TIMES = 3.0
"""A load takes at most this many times msgspec's decoding of the same file's JSON (no
records, no checks): the reference for what reading the bytes alone costs."""
ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "conquest-bench"
REAL = {"map_name": "europe", "clans": 20, "turns": 30, "seed": "bench-late-europe"}
"""The real game: 20 bots (easy, normal, hard in turn) on Europe, played to game turn 30 with
no victory threshold within reach, so that nobody wins first."""


def median_ms(
    action: Callable[[], Any], runs: int = RUNS, before: Callable[[], Any] | None = None
) -> float:
    """Median wall time of `action` in milliseconds (`before` runs untimed ahead of each run)."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


# --- the saves -------------------------------------------------------------------------------


def synthetic_save(folder: Path) -> Path:
    """The synthetic 20-Clan late game (bench/synthetic.py), saved."""
    from bench.synthetic import build_late_game
    from conquest_tui.storage import savefile

    started = time.perf_counter()
    game = build_late_game()
    state = game.state
    print(f"synthetic game: {game.map.columns}x{game.map.rows} map, {len(state.clans)} clans, "
          f"{len(state.convoys)} convoys, {len(game.map.cities)} cities, "
          f"{sum(len(c.last_turn.events) + len(c.inbox) + len(c.mail) for c in state.clans)} "
          "events "
          f"(built in {(time.perf_counter() - started) * 1000:.0f} ms)")
    path = folder / "synthetic.json"
    savefile.save_game(game, path, backups=0)
    return path


PLAYED_BY = ("conquest_tui/engine", "conquest_tui/bots", "conquest_tui/session",
             "conquest_tui/simulation", "conquest_tui/storage", "data")
"""What plays and writes the real game (beside the save version): a change to any file here
makes it anew."""


def real_key(root: Path = ROOT) -> str:
    """`v<save version>-<digest>`: the save version the tree writes and a digest of every file
    that plays and writes the real game (`PLAYED_BY`), so a cached save is never one an older
    tree made."""
    from conquest_tui.storage.migrations import SAVE_VERSION

    digest = hashlib.sha256()
    for folder in PLAYED_BY:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return f"v{SAVE_VERSION}-{digest.hexdigest()[:12]}"


def real_save(rebuild: bool, root: Path = ROOT) -> Path:
    """A 20-Clan Europe game of bots some 30 game turns in, built once and kept (a cached one
    made by other code or for another save version is not used: see `real_key`); `root`: the
    tree whose `conquest_tui` this process runs."""
    from conquest_tui import session
    from conquest_tui.storage import savefile

    name = "late-{map_name}-{clans}-{turns}-{seed}-".format(**REAL) + real_key(root) + ".json"
    path = CACHE / name
    if path.is_file() and not rebuild:
        return path
    started = time.perf_counter()
    clans = int(REAL["clans"])  # type: ignore[call-overload]
    game = session.new_game(map_name=str(REAL["map_name"]), clans=clans, bots=clans,
                            seed=str(REAL["seed"]), turn_limit=0, victory_threshold=10**9,
                            level=[("easy", "normal", "hard")[seat % 3]
                                   for seat in range(clans)])
    while game.state.game_turn <= int(REAL["turns"]) and not game.state.finished:  # type: ignore[call-overload]
        session.play_bots(game)
    CACHE.mkdir(parents=True, exist_ok=True)
    savefile.save_game(game, path, backups=0)
    print(f"real game built by bots in {time.perf_counter() - started:.0f} s: {path}")
    return path


def _table(value: Any) -> dict[str, Any]:
    """A table of events as a save holds it: an object, or (from save version 7) its JSON text."""
    from conquest_tui.storage.saved_events import text_table

    table: dict[str, Any] = text_table(value) if isinstance(value, str) else value
    return table


def describe(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))["data"]["state"]
    events = sum(len(_table(c.get("inbox", {})).get("kind", [])) +
                 len(_table(c.get("mail", {})).get("kind", [])) +
                 len(_table(c.get("last_turn", {}).get("events", {})).get("kind", []))
                 for c in data["clans"])
    return (f"{path.stat().st_size / 1024:.0f} KiB, game turn {data['game_turn']}, "
            f"{len(data['clans'])} clans, {len(data['convoys'].get('owner', []))} convoys, "
            f"{events} events")


# --- the worker: one tree, one save, timed loads -----------------------------------------------


def worker(save: Path, runs: int) -> dict[str, Any]:
    """Load `save` `runs` times (after two warm-up loads) with the `conquest_tui` first on the
    path; save it as many times to a temporary file. Times in ms."""
    from conquest_tui.storage import savefile
    from conquest_tui.storage.rules_loader import load_ruleset

    rules = load_ruleset()
    try:
        game = savefile.load_game(save, rules)
        savefile.load_game(save, rules)
    except Exception as exc:  # noqa: BLE001 — reported, not raised: the other tree may refuse it
        return {"error": f"{type(exc).__name__}: {exc}"}
    try:
        import msgspec
        decode: Callable[[bytes], Any] | None = msgspec.json.decode
    except ImportError:  # the test extra installs it; without it there is no reference
        decode = None
    raw = save.read_bytes()
    loads, reference = [], []
    made: list[Any] = []
    """The last load's game and decoded JSON, kept past their clocks and freed before the next
    pair's clocks start (neither holds a cycle: freed as they are let go), so neither side
    times freeing what it made or what came before it."""
    for _ in range(runs):  # each load beside its reference: pairs that drift together
        made.clear()
        start = time.perf_counter()
        made.append(savefile.load_game(save, rules))
        loads.append((time.perf_counter() - start) * 1000)
        if decode is not None:
            start = time.perf_counter()
            made.append(decode(raw))
            reference.append((time.perf_counter() - start) * 1000)
    made.clear()
    saves = []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "again.json"
        for _ in range(runs):
            start = time.perf_counter()
            savefile.save_game(game, target)
            saves.append((time.perf_counter() - start) * 1000)
    return {"load": loads, "save": saves, "msgspec": reference}


def own_saves(tree: Path, folder: Path) -> dict[str, Path] | str:
    """The synthetic and real saves as `tree` writes them (its save version, its layout), made
    in a process of its own with its `conquest_tui`; why not, when it cannot make them."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--build",
                           str(folder), "--tree", str(tree)], env=env, cwd=tree,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["failed"])[-1]
    made = json.loads(done.stdout.strip().splitlines()[-1])
    return {name: Path(path) for name, path in made.items()}


def run_worker(tree: Path, save: Path, runs: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", str(save),
                           "--runs", str(runs)], env=env, cwd=tree, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]



# --- judging the distribution -------------------------------------------------------------------


def judged(times: list[float], target: float) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    over = sum(1 for t in ordered if t > target) / len(ordered)
    return (f"min {ordered[0]:6.2f}  median {statistics.median(ordered):6.2f}  p90 {p90:6.2f}  "
            f"worst {ordered[-1]:6.2f} ms   over {target:g} ms: {over:4.0%}")


def compare(saves: dict[str, dict[str, Path]], trees: dict[str, Path], rounds: int,
            runs: int) -> None:
    """Time each tree on its saves (save name → tree name → the save), rounds alternating."""
    from bench.figures import Figure, record  # here: a worker may run without the bench

    results: dict[tuple[str, str], dict[str, list[float]]] = {}
    errors: dict[tuple[str, str], str] = {}
    before = os.getloadavg()[0]
    for _ in range(rounds):
        for save_name, save in saves.items():
            for tree_name, tree in trees.items():
                key = (save_name, tree_name)
                if key in errors:
                    continue
                out = run_worker(tree, save[tree_name], runs)
                if "error" in out:
                    errors[key] = out["error"]
                    continue
                slot = results.setdefault(key, {"load": [], "save": [], "msgspec": []})
                for part in slot:
                    slot[part] += out.get(part, [])
    print(f"the machine's load (runnable processes, 1-minute average) before the runs "
          f"{before:.1f}, after {os.getloadavg()[0]:.1f}, on {os.cpu_count()} cores: times "
          "taken while it is above the cores are the machine's, not the load's")
    for save_name, save in saves.items():
        print(f"\n{save_name} save ({describe(save['working tree'])}):")
        for tree_name in trees:
            key = (save_name, tree_name)
            if save[tree_name] != save["working tree"]:
                print(f"  {tree_name:>12s} on the save it wrote ({describe(save[tree_name])})")
            if key in errors:
                print(f"  {tree_name:>12s}: cannot load it: {errors[key]}")
                continue
            print(f"  {tree_name:>12s} load  {judged(results[key]['load'], LOAD_TARGET_MS)}")
            print(f"  {'':>12s} save  {judged(results[key]['save'], SAVE_TARGET_MS[save_name])}")
            loads = results[key]["load"]
            reference = results[key]["msgspec"]
            if tree_name == "working tree":
                record(Figure("saves", f"{save_name} save: load", "ms", loads, LOAD_TARGET_MS,
                              reference_ms=statistics.median(reference) if reference else None,
                              note="÷ ref: msgspec"))
                record(Figure("saves", f"{save_name} save: save", "ms", results[key]["save"],
                              SAVE_TARGET_MS[save_name]))
            if reference:
                if tree_name == "working tree":
                    record(Figure("saves", f"{save_name} save: load ÷ msgspec beside it", "×",
                                  [a / b for a, b in zip(loads, reference, strict=True)],
                                  MSGSPEC_TIMES))
                print(f"  {'':>12s} msgspec.json.decode of the same bytes: median "
                      f"{statistics.median(reference):.2f} ms; load / msgspec: median "
                      f"{statistics.median(loads) / statistics.median(reference):.2f}, min "
                      f"{min(loads) / min(reference):.2f} (target {MSGSPEC_TIMES:g})")
                pairs = [a / b for a, b in zip(loads, reference, strict=True)]
                print(f"  {'':>12s} each load ÷ the decoding beside it: "
                      f"{judged(pairs, MSGSPEC_TIMES).replace(' ms', '')}")
        names = [name for name in trees if (save_name, name) in results]
        if len(names) == 2:
            a, b = (results[(save_name, name)]["load"] for name in names)
            medians = statistics.median(a) / statistics.median(b)
            print(f"  load {names[0]} / {names[1]}: median {medians:.2f}, "
                  f"min {min(a) / min(b):.2f} (the min is the steadier on a shared machine)")


# --- where the time goes (in this process) ------------------------------------------------------


def breakdown() -> None:
    """Where a load of the synthetic save goes, step by step (this process, this tree)."""
    import orjson

    from bench.synthetic import build_late_game
    from conquest_tui.storage import save_checks, savefile
    from conquest_tui.storage.clan_tables import make_together
    from conquest_tui.storage.converter import converter
    from conquest_tui.storage.event_checks import check_saved_events, prepare_saved_events
    from conquest_tui.storage.migrations import SAVE_VERSION
    from conquest_tui.storage.preflight import preflight
    from conquest_tui.storage.save_state import structure_state, unstructure_state

    game = build_late_game()
    state = game.state
    data = unstructure_state(state)
    text = savefile.canonical_json({"map": orjson.loads(savefile.game_to_text(game).split(
        '\n "data": ')[1][:-3])["map"], "state": data})
    fresh: list[Any] = []

    def parse() -> None:
        fresh[:] = [orjson.loads(text)]

    def parse_and_prepare() -> None:
        parse()
        prepare_saved_events(fresh[0]["state"], last_turns=False, inboxes=False)

    def parse_prepare_and_make() -> None:
        parse_and_prepare()
        make_together(fresh[0]["state"], converter())

    def next_clans_last_turn() -> None:  # as a load reads it: read from its text and checked
        clan = structure_state(fresh[0]["state"]).clans[0]
        clan.last_turn.events, clan.inbox, clan.mail  # noqa: B018

    gc.disable()  # as a save and a load pause it (savefile._gc_paused)
    parts = {
        "game_to_text": median_ms(lambda: savefile.game_to_text(game)),
        "  unstructure_state": median_ms(lambda: unstructure_state(state)),
        "  canonical JSON dumps (state)": median_ms(lambda: savefile.canonical_json(data)),
        "  checksum (CRC-32 from save version 10)": median_ms(
            lambda: savefile.checksum_of(text, {"version": SAVE_VERSION})),
        "orjson.loads (the data, as loading does)": median_ms(lambda: orjson.loads(text)),
        "preflight (the map's shape, tables' lengths)": median_ms(
            lambda: preflight(fresh[0], "bench", game.rules), before=parse),
        "prepare_saved_events (old mail's facts; inboxes kept)": median_ms(
            lambda: prepare_saved_events(fresh[0]["state"], last_turns=False, inboxes=False),
            before=parse),
        "make_together (every Clan's small tables, one pass)": median_ms(
            lambda: make_together(fresh[0]["state"], converter()), before=parse_and_prepare),
        "structure_state (last turns, inboxes, mail kept as read)": median_ms(
            lambda: structure_state(fresh[0]["state"]), before=parse_prepare_and_make),
        "  with one Clan's last turn, inbox, mail read, checked": median_ms(
            next_clans_last_turn, before=parse_prepare_and_make),
        "check_state (references and ranges, on every load)": median_ms(
            lambda: save_checks.check_state(game.rules, game.map, state, data)),
        "check_saved_events (problems, broadcasts, every inbox)": median_ms(
            lambda: check_saved_events(state, events_hold=True)),
    }
    gc.enable()
    print("breakdown of the synthetic save (median ms, collections paused as a load does):")
    for name, ms in parts.items():
        print(f"  {name:56s} {ms:7.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REF", help="also time this commit, alternating")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (4)")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"loads per round ({RUNS})")
    parser.add_argument("--real", type=Path, help="a late-game save to use as the real one")
    parser.add_argument("--rebuild", action="store_true", help="build the real game afresh")
    parser.add_argument("--breakdown", action="store_true", help="where a load's time goes")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--build", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.runs)))
        return
    if args.build:  # a tree's own saves (`own_saves`), with its conquest_tui
        print(json.dumps({"synthetic": str(synthetic_save(args.build)),
                          "real": str(real_save(False, args.tree))}))
        return
    if args.breakdown:
        breakdown()
        return
    with tempfile.TemporaryDirectory() as folder:
        saves = {"synthetic": {"working tree": synthetic_save(Path(folder))},
                 "real": {"working tree": args.real or real_save(args.rebuild)}}
        trees = {"working tree": ROOT}
        if args.against:
            other = Path(folder) / "against"
            (other / "saves").mkdir(parents=True)
            from bench.trees import export  # here: a worker runs without it

            trees[args.against] = export(args.against, other)
            theirs = own_saves(trees[args.against], other / "saves")
            if isinstance(theirs, str):  # it cannot make them: both trees on this tree's
                print(f"{args.against} could not write its own saves ({theirs}): both trees "
                      "load this tree's")
                theirs = {}
            for name, by_tree in saves.items():
                by_tree[args.against] = (args.real if args.real and name == "real"
                                         else theirs.get(name, by_tree["working tree"]))
        compare(saves, trees, args.rounds, args.runs)


if __name__ == "__main__":
    main()
