"""Load seeded damaged variants of a small real save; count loaded+played / refused / crashed.

Run: `python -m tools.damage_saves --variants 1300 --seed 1`. Each variant of a three-Clan save
(test_small map, one game turn played) is cut short, has a byte flipped, a key deleted, a value
of the wrong type, an amount out of range or a reference that leads nowhere (an unknown vehicle
kind, a hex off the map, an owner that is no Clan, a price of 0 …). Every variant is loaded with
`allow_edited=True`, so the checksum does not hide what the loader checks; a variant that loads
then plays a full game turn (every Clan's bot sheet), its reports and a save. A crash is any
exception other than a SaveError naming the file.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import inspect
import json
import random
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from conquest_tui.bots import write_sheet
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.report_text import render_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.session import new_game
from conquest_tui.storage import savefile
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.storage.savefile import SaveError

FILE_NAME = "damaged.json"
KINDS = ("truncate", "flip", "delete", "wrong_type", "out_of_range", "dangling")
WRONG_TYPES: tuple[Any, ...] = ("x", None, [], {}, True, 1.5, -1, "0101", [1], {"a": 1})
OUT_OF_RANGE: tuple[int, ...] = (-1, -7, -(10**6), 0, 10**9, 10**40)


@attrs.frozen
class Variant:
    """One damaged save: how it was made and its bytes."""

    kind: str
    how: str
    payload: bytes


@attrs.frozen
class Outcome:
    """What loading (and playing) a variant did: "played", "refused" or "crashed"."""

    status: str
    detail: str = ""


@cache
def base_text() -> str:
    """The undamaged save: three Clans on test_small after one game turn of bot sheets."""
    game = new_game(map_name="test_small", clans=3, seed="damaged-saves")
    play_round(game)
    return savefile.game_to_text(game)


def play_round(game: Game) -> None:
    """Every Clan plays its bot sheet once; each report is built and printed to text."""
    for _ in range(len(game.state.clan_order)):
        if game.state.finished:
            return
        clan = game.state.active_clan
        run_clan_turn(game, clan, write_sheet(ClanView(game, clan)))
        render_report(build_report(ClanView(game, clan)))


# --- making variants ---------------------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (keys and indexes) inside a JSON value, containers and leaves alike."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*prefix, key)
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield (*prefix, index)
            yield from _paths(inner, (*prefix, index))


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def _spelled(path: tuple[Any, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)[1:]


def _delete(data: dict[str, Any], rng: random.Random, paths: list[tuple[Any, ...]]) -> str:
    path = rng.choice(paths)
    del _parent(data, path)[path[-1]]
    return f"deleted {_spelled(path)}"


def _wrong_type(data: dict[str, Any], rng: random.Random, paths: list[tuple[Any, ...]]) -> str:
    path = rng.choice(paths)
    value = rng.choice(WRONG_TYPES)
    _parent(data, path)[path[-1]] = copy.deepcopy(value)
    return f"{_spelled(path)} = {json.dumps(value)}"


def _out_of_range(data: dict[str, Any], rng: random.Random, paths: list[tuple[Any, ...]]) -> str:
    numbers = [p for p in paths if type(_parent(data, p)[p[-1]]) is int]
    path = rng.choice(numbers)
    value = rng.choice(OUT_OF_RANGE)
    _parent(data, path)[path[-1]] = value
    return f"{_spelled(path)} = {value}"


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = _parent(data, path)
        if callable(value):
            target[path[-1]] = value(target[path[-1]])
        else:
            target[path[-1]] = value
    return edit


def _drop(*path: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        del _parent(data, path)[path[-1]]
    return edit


S = "state"
DANGLING: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown vehicle kind": _set(S, "convoys", "vehicles", 0,
                                 value=lambda v: {**v, "hovercraftt": 1}),
    "vehicle count 0": _set(S, "convoys", "vehicles", 0, value=lambda v: dict.fromkeys(v, 0)),
    "vehicle count negative": _set(S, "convoys", "vehicles", 1,
                                   value=lambda v: dict.fromkeys(v, -3)),
    "unknown convoy type": _set(S, "convoys", "convoy_type", 0, value="submarine"),
    "convoy in a missing hex": _set(S, "convoys", "hex", 0, value="9999"),
    "convoy hex not an id": _set(S, "convoys", "hex", 1, value="north"),
    "convoy owner no clan": _set(S, "convoys", "owner", 0, value=99),
    "convoy number repeated": _set(S, "convoys", value=lambda c: {
        **c, "owner": [c["owner"][0]] * len(c["owner"]), "number": [1] * len(c["number"])}),
    "unknown expert": _set(S, "convoys", "experts", 0, value=["WIZ"]),
    "unknown mode": _set(S, "convoys", "mode", 0, value="stealth"),
    "negative troops": _set(S, "convoys", "troops", 0, value=-5),
    "hex owner no clan": _set(S, "hexes", "owner", 0, value=42),
    "unknown special": _set(S, "hexes", "special", 3, value="UFO"),
    "defense 0": _set(S, "hexes", "defense", 2, value=0),
    "defense 99": _set(S, "hexes", "defense", 2, value=99),
    "city owner no clan": _set(S, "cities", "owner", 0, value=77),
    "city in a wrong hex": _set(S, "cities", "hex", 0, value="0101"),
    "unknown building": _set(S, "cities", "buildings", 0, value=["CASINO"]),
    "fortification 0": _set(S, "cities", "fortification", 0, value=0),
    "missing clan in clan order": _set(S, "clan_order", value=lambda order: order[:-1]),
    "empty clan order": _set(S, "clan_order", value=[]),
    "clan order no clan": _set(S, "clan_order", 0, value=55),
    "clan order repeated": _set(S, "clan_order", value=lambda order: [order[0], *order[:-1]]),
    "missing troops price": _drop(S, "prices", "troops"),
    "troops price 0": _set(S, "prices", "troops", value=0),
    "fuel price negative": _set(S, "prices", "fuel", value=-30),
    "unknown price": _set(S, "prices", value=lambda p: {**p, "gold": 5}),
    "goods price 0": _set(S, "goods_prices", value=lambda p: dict.fromkeys(p, 0)),
    "no goods prices": _set(S, "goods_prices", value={}),
    "negative money": _set(S, "clans", 0, "stock", "money", value=-1000),
    "negative food": _set(S, "clans", 1, "stock", "food", value=-1),
    "ally no clan": _set(S, "clans", 0, "allies", value=[12]),
    "ban no clan": _set(S, "clans", 1, "bans", value=[0]),
    "clan number repeated": _set(S, "clans", 1, "number", value=lambda n: n - 1),
    "clan number 0": _set(S, "clans", 2, "number", value=0),
    "known hex off the map": _set(S, "clans", 0, "known_hexes",
                                  value=lambda k: {**k, "0000": 1}),
    "popularity negative": _set(S, "clans", 0, "popularity", value=-50),
    "game turn 0": _set(S, "game_turn", value=0),
    "turn index outside": _set(S, "turn_index", value=7),
    "paved road off the map": _set(S, "paved", value=["0101-9999"]),
    "paved road not a link": _set(S, "paved", value=["nonsense"]),
    "winner no clan": _set(S, "winners", value=[31]),
    "unknown cargo": _set(S, "convoys", "cargo_type", 0, value="unobtainium"),
    "negative cargo": _set(S, "convoys", "cargo", 0, value=-10),
    "morale 500": _set(S, "convoys", "morale", 0, value=500),
    "health negative": _set(S, "convoys", "health", 0, value=-1),
    "parts factor negative": _set(S, "convoys", "parts_factor", 0, value=-1.0),
}
"""Edits whose damage only a check after structuring can see (the types are all right)."""


def _data_variant(kind: str, envelope: dict[str, Any], rng: random.Random) -> tuple[str, Any]:
    data = copy.deepcopy(envelope["data"])
    if kind == "dangling":
        name = rng.choice(sorted(DANGLING))
        try:
            DANGLING[name](data)
        except (KeyError, IndexError, TypeError):
            name += " (not applicable)"
        return name, data
    paths = list(_paths(data["state"], ("state",)))
    if rng.random() < 0.1:
        paths = list(_paths(data["map"], ("map",)))
    edit = {"delete": _delete, "wrong_type": _wrong_type, "out_of_range": _out_of_range}[kind]
    return edit(data, rng, paths), data


def dangling_variant(name: str) -> Variant:
    """The base save with one of the DANGLING edits."""
    envelope = json.loads(base_text())
    DANGLING[name](envelope["data"])
    return _encoded("dangling", name, envelope)


def _encoded(kind: str, how: str, envelope: dict[str, Any]) -> Variant:
    if not _loads_edited():
        # Before --allow-edited existed, the only way past the checksum was to forge it.
        with contextlib.suppress(TypeError):  # orjson refuses integers beyond 64 bits
            envelope["checksum"] = savefile.checksum_of(savefile.canonical_json(envelope["data"]))
    return Variant(kind, how, json.dumps(envelope, indent=1).encode("utf-8"))


def make_variant(index: int, seed: int) -> Variant:
    """The `index`-th damaged variant of the base save (the same for the same seed)."""
    rng = random.Random(f"{seed}:{index}")
    kind = KINDS[index % len(KINDS)]
    text = base_text()
    raw = text.encode("utf-8")
    if kind == "truncate":
        cut = rng.randrange(len(raw))
        return Variant(kind, f"cut at byte {cut}", raw[:cut])
    if kind == "flip":
        where = rng.randrange(len(raw))
        bit = 1 << rng.randrange(8)
        flipped = bytearray(raw)
        flipped[where] ^= bit
        return Variant(kind, f"byte {where} ^ {bit}", bytes(flipped))
    envelope = json.loads(text)
    how, data = _data_variant(kind, envelope, rng)
    envelope["data"] = data
    return _encoded(kind, how, envelope)


@cache
def _loads_edited() -> bool:
    return "allow_edited" in inspect.signature(savefile.load_game).parameters


# --- trying them -------------------------------------------------------------------------------


def try_variant(variant: Variant, folder: Path) -> Outcome:
    """Load the variant (edited saves allowed) and, if it loads, play a game turn and save."""
    path = folder / FILE_NAME
    path.write_bytes(variant.payload)
    rules = load_ruleset()
    try:
        if _loads_edited():
            game = savefile.load_game(path, rules, allow_edited=True)  # type: ignore[call-arg]
        else:
            game = savefile.load_game(path, rules)
    except SaveError as error:
        message = str(error)
        if not message.startswith(f"{path}: ") or "\n" in message:
            return Outcome("crashed", f"badly worded refusal: {message}")
        return Outcome("refused", message)
    except Exception:  # noqa: BLE001 — counting crashes is the point
        return Outcome("crashed", "load: " + _last_line())
    try:
        play_round(game)
        savefile.game_to_text(game)
    except Exception:  # noqa: BLE001
        return Outcome("crashed", "play: " + _last_line())
    return Outcome("played")


def _last_line() -> str:
    lines = traceback.format_exc().strip().splitlines()
    where = next((line.strip() for line in reversed(lines) if line.strip().startswith("File")), "")
    return f"{lines[-1]} ({where})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=1300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20, help="crashes to list")
    args = parser.parse_args(argv)
    counts: Counter[str] = Counter()
    by_kind: Counter[tuple[str, str]] = Counter()
    crashes: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for index in range(args.variants):
            variant = make_variant(index, args.seed)
            outcome = try_variant(variant, base)
            counts[outcome.status] += 1
            by_kind[(variant.kind, outcome.status)] += 1
            if outcome.status == "crashed":
                crashes.append(f"#{index} {variant.kind} {variant.how}: {outcome.detail}")
    total = args.variants
    print(f"{total} variants (seed {args.seed}): {counts['played']} loaded and played, "
          f"{counts['refused']} refused, {counts['crashed']} crashed")
    for kind in KINDS:
        row = ", ".join(f"{status} {by_kind[(kind, status)]}"
                        for status in ("played", "refused", "crashed"))
        print(f"  {kind:13s} {row}")
    for line in crashes[: args.show]:
        print("  " + line)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
