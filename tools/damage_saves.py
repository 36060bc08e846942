"""Load seeded damaged variants of a small real save; count loaded+played / refused / crashed.

Run: `python -m tools.damage_saves --variants 1300 --seed 1`. Each variant of a three-Clan save
(test_small map, one game turn played) is cut short, has a byte flipped, a key deleted, a value
of the wrong type, an amount out of range or a reference that leads nowhere (an unknown vehicle
kind, a hex off the map, an owner that is no Clan, a price of 0 …), is such an edit with its
checksum forged (recomputed after the edit: a checksum is no secret), or has a fact its event's
kind needs removed (forged too; every other one written back into its table's JSON text, as
the game writes a last turn and a mail from save version 7). The edited variants are loaded with
`allow_edited=True`, so the checksum does not hide what the loader checks, the forged ones as
any save; a variant that loads then plays a full game turn (every Clan's bot sheet), its
reports and a save. A crash is any exception other than a SaveError naming the file.

`python -m tools.damage_saves --hostile` loads, each in a process of its own, the hostile saves
(`HOSTILE`: lists nested hundreds deep, tables of 10⁶ entries, all with forged checksums) through
the command line (`conquest report --save X --clan N --allow-edited`) and prints each one's
exit code, time and peak memory: every one must be refused in one sentence (exit 1), under 2 s
and 300 MB, never exit 70 (the command line's crash).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import inspect
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from conquest_tui.bots import write_sheet
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.session import new_game
from conquest_tui.storage import savefile, sheet_log
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.storage.save_list import DATA_LINE, TAIL
from conquest_tui.storage.saved_events import table_text, text_table
from conquest_tui.storage.savefile import SaveError

FILE_NAME = "damaged.json"
KINDS = ("truncate", "flip", "delete", "wrong_type", "out_of_range", "dangling", "forged",
         "fact_removed")
FORGED_EDITS = ("delete", "wrong_type", "out_of_range", "dangling")
"""The edits a forged variant makes before its checksum is recomputed."""
WRONG_TYPES: tuple[Any, ...] = ("x", None, [], {}, True, 1.5, -1, "0101", [1], {"a": 1})
OUT_OF_RANGE: tuple[int, ...] = (-1, -7, -(10**6), 0, 10**9, 10**40)


@attrs.frozen
class Variant:
    """One damaged save: how it was made and its bytes."""

    kind: str
    how: str
    payload: bytes
    forged: bool = False
    """Its checksum matches (recomputed after the damage): loaded as any save, not as edited."""


@attrs.frozen
class Outcome:
    """What loading (and playing) a variant did: "played", "refused" or "crashed"."""

    status: str
    detail: str = ""


@cache
def base_text() -> str:
    """The undamaged save: three Clans on test_small after one game turn of bot sheets."""
    game = new_game(map_name="test_small", clans=3, seed="damaged-saves")
    play_round(game, log=True)
    return savefile.game_to_text(game)


def play_round(game: Game, *, log: bool = False) -> None:
    """Every Clan plays its bot sheet once; each report is built and printed to text (`log`:
    each turn kept in the save's sheet log, as the table keeps it)."""
    for _ in range(len(game.state.clan_order)):
        if game.state.finished:
            return
        clan, turn = game.state.active_clan, game.state.game_turn
        sheet = write_sheet(ClanView(game, clan))
        run_clan_turn(game, clan, sheet)
        render_report(build_report(ClanView(game, clan)))
        if log:
            sheet_log.record(game.state, turn, clan, sheet_log.EntryKind.SHEET, sheet)


# --- making variants ---------------------------------------------------------------------------


def _last_turns(state: Any) -> Iterator[dict[str, Any]]:
    for clan in state.get("clans", []) if isinstance(state, dict) else []:
        last = clan.get("last_turn") if isinstance(clan, dict) else None
        if isinstance(last, dict):
            yield last


def _event_texts(state: Any) -> Iterator[tuple[dict[str, Any], str]]:
    """(record, field) of every table of events a save from version 7 writes as a JSON text:
    each Clan's last turn's events and its mail."""
    for clan in state.get("clans", []) if isinstance(state, dict) else []:
        if isinstance(clan, dict):
            yield clan, "mail"
    for last in _last_turns(state):
        yield last, "events"


def open_event_tables(state: Any) -> Any:
    """Every Clan's last-turn events and mail as the table they hold (one list per field), in
    place: from save version 7 the game writes each as one JSON text (storage/saved_events),
    which an edit cannot reach into. Returns the state."""
    for record, field in _event_texts(state):
        if isinstance(record.get(field), str):
            record[field] = text_table(record[field])
    return state


def close_event_tables(state: Any) -> Any:
    """Every Clan's last-turn events and mail written back as the JSON text the game writes,
    in place (after an edit). Returns the state."""
    for record, field in _event_texts(state):
        if isinstance(record.get(field), dict):
            record[field] = table_text(record[field])
    return state



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
    "fuel carried as cargo": _set(S, "convoys", "cargo_type", 0, value="fuel"),
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


def forged_text(envelope: dict[str, Any], data_text: str | None = None) -> str:
    """The save laid out as the game writes it, its checksum recomputed over what it holds:
    `data_text` (the data as written, any JSON text: lists nested deeper than a JSON library
    writes, 10⁶ entries) or else the envelope's data."""
    header = {key: value for key, value in envelope.items() if key != "data"}
    if data_text is None:
        data_text = savefile.canonical_json(envelope["data"])
    header["checksum"] = ""
    header["checksum"] = savefile.checksum_of(data_text, header)
    lines = [f" {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},"
             for key, value in header.items()]
    return "".join(("{\n", "\n".join(lines), DATA_LINE, data_text, TAIL))


def _forged(kind: str, how: str, envelope: dict[str, Any]) -> Variant:
    try:
        text = forged_text(envelope)
    except TypeError:  # orjson writes no integer beyond 64 bits: written by the json module
        text = forged_text(envelope, json.dumps(envelope["data"], separators=(",", ":"),
                                                sort_keys=True))
    return Variant(kind, how, text.encode("utf-8"), forged=True)


def _without_a_fact(envelope: dict[str, Any], rng: random.Random) -> str:
    """Remove from one saved event a fact its kind needs (`facts/event_needs.NEEDS`)."""
    from conquest_tui.engine.core.events import EventKind
    from conquest_tui.engine.facts.event_needs import needs_of

    state = envelope["data"]["state"]
    found = []
    for c, clan in enumerate(state["clans"]):
        for where in ("inbox", "mail", "last_turn.events"):
            table = _events_at(clan, where)
            for i, (kind, facts) in enumerate(zip(table.get("kind", []), table.get("facts", []),
                                                  strict=True)):
                told = table.get("actor", [0] * (i + 1))[i] not in (0, table["clan"][i])
                needed = [name for name in needs_of(EventKind(kind), told=told).needed
                          if name in facts]
                found += [(c, where, i, name) for name in needed]
    c, where, i, name = rng.choice(found)
    del _events_at(state["clans"][c], where)["facts"][i][name]
    return f"state.clans[{c}].{where}[{i}].facts.{name} removed"


def _events_at(clan: dict[str, Any], where: str) -> dict[str, Any]:
    """A Clan's table of events (opened: `open_event_tables`) at "inbox", "mail" or
    "last_turn.events"."""
    table: dict[str, Any] = clan["last_turn"]["events"] if "." in where else clan.get(where, {})
    return table


# --- hostile saves: nesting and sizes no game makes, checksums forged ------------------------

DEEP = "@@deep@@"
"""Where a hostile save's data text gets the nesting or the 10⁶ entries put in."""


def _nested(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


def _many(count: int, item: str = "10") -> str:
    """`count` items; "0,0,0…" is denser than orjson reads after a save's header (it refuses
    such a file as JSON it cannot read: also a clean refusal, see "a dense column")."""
    return "[" + ",".join([item] * count) + "]"


@attrs.frozen
class Hostile:
    """A hostile save: the edit that marks where its monster goes, the monster's JSON text, the
    field its refusal must name."""

    mark: Callable[[dict[str, Any]], None]
    monster: Callable[[], str]
    field: str


def _mark(*path: Any) -> Callable[[dict[str, Any]], None]:
    return _set(*path, value=DEEP)


_CLAN = (S, "clans", 0)
_EVENTS = (*_CLAN, "last_turn", "events")
HOSTILE: dict[str, Hostile] = {
    "map roads nested 300 deep": Hostile(_mark("map", "roads"), lambda: _nested(300),
                                         "map.roads"),
    "map terrain of 10⁶ rows": Hostile(_mark("map", "terrain"),
                                       lambda: _many(10**6, '"ppppp"'), "map.terrain"),
    "map cities of 10⁶ entries": Hostile(_mark("map", "cities"), lambda: _many(10**6, "{}"),
                                         "map.cities"),
    "map city field nested 1,000 deep": Hostile(_mark("map", "cities", 0, "name"),
                                                lambda: _nested(1000), "map.cities[0].name"),
    "a fact nested 1,000 deep": Hostile(_mark(*_EVENTS, "facts", 0, "hex"),
                                        lambda: _nested(1000), "facts"),
    "a fact nested 300 deep": Hostile(_mark(*_EVENTS, "facts", 0, "hex"),
                                      lambda: _nested(300), "facts"),
    "allies nested 300 deep": Hostile(_mark(*_CLAN, "allies"), lambda: _nested(300),
                                      "state.clans[0].allies"),
    "a price nested 1,000 deep": Hostile(_mark(S, "prices", "troops"), lambda: _nested(1000),
                                         'state.prices["troops"]'),
    "city column of 10⁶ entries": Hostile(_mark(S, "cities", "owner"), lambda: _many(10**6),
                                          "state.cities.owner"),
    "hexes of 10⁶ entries": Hostile(_mark(S, "hexes", "owner"), lambda: _many(10**6),
                                    "state.hexes.owner"),
    "convoys of 10⁶ entries": Hostile(_mark(S, "convoys", "owner"), lambda: _many(10**6),
                                      "state.convoys.owner"),
    "10⁶ clans": Hostile(_mark(S, "clans"), lambda: _many(10**6, "{}"), "state.clans"),
    "10⁶ events": Hostile(_mark(*_EVENTS, "kind"), lambda: _many(10**6, '"move"'),
                          "state.clans[0].last_turn.events.kind"),
    "10⁶ known hexes": Hostile(_mark(*_CLAN, "known_hexes"),
                               lambda: "{" + ",".join(f'"{i:06d}":1' for i in range(10**6))
                               + "}", "state.clans[0].known_hexes"),
    "10⁶ sightings": Hostile(_mark(*_CLAN, "sightings", "hex"), lambda: _many(10**6, '"0101"'),
                             "state.clans[0].sightings.hex"),
    "10⁶ paved roads": Hostile(_mark(S, "paved"), lambda: _many(10**6, '"0101-0102"'),
                               "state.paved"),
    "10⁶ top clans rows": Hostile(_mark(S, "top_clans"), lambda: _many(10**6, "[]"),
                                  "state.top_clans"),
    "a last turn's text nested 1,000 deep": Hostile(
        _mark(*_EVENTS), lambda: json.dumps(_nested(1000)), "state.clans[0].last_turn.events"),
    "a last turn's text that is no JSON": Hostile(
        _mark(*_EVENTS), lambda: json.dumps('{"kind": ["move",'),
        "state.clans[0].last_turn.events"),
    "a fact nested 1,000 deep in a last turn's text": Hostile(
        _mark(*_EVENTS), lambda: _events_text("facts", 0, "hex", monster=_nested(1000)),
        "state.clans[0].last_turn.events.facts[0]"),
    "10⁶ events in a last turn's text": Hostile(
        _mark(*_EVENTS), lambda: _events_text("kind", monster=_many(10**6, '"move"')),
        "state.clans[0].last_turn.events.kind"),
    "a Clan's mail text nested 1,000 deep": Hostile(
        _mark(*_CLAN, "mail"), lambda: json.dumps(_nested(1000)), "state.clans[0].mail"),
    "a dense column": Hostile(_mark(S, "hexes", "owner"), lambda: _many(10**6, "0"),
                              "its JSON could not be read"),
}
"""Saves no game writes, all with forged checksums: each must be refused naming its field in
about the time it takes to read it (< 2 s, < 300 MB). A last turn's events are a JSON text in
a save (storage/saved_events): the first Clan's table is damaged both as an object (as saves
before version 7 hold it) and inside its text (read when its report asks for it)."""


def _events_text(*path: Any, monster: str) -> str:
    """The first Clan's last-turn events as the JSON text a save holds (a JSON string), with
    the monster's JSON text at `path` inside the table."""
    state = open_event_tables(json.loads(base_text())["data"]["state"])
    table = state["clans"][0]["last_turn"]["events"]
    _set(*path, value=DEEP)(table)
    inner = json.dumps(table, sort_keys=True, separators=(",", ":"))
    text = inner.replace(json.dumps(DEEP), monster, 1)
    return json.dumps(text.translate(str.maketrans("\"'", "'\"")))  # quotes as `table_text`


def hostile_variant(name: str) -> Variant:
    """The base save with one HOSTILE monster, laid out as the game writes saves."""
    hostile = HOSTILE[name]
    envelope = json.loads(base_text())
    open_event_tables(envelope["data"]["state"])
    hostile.mark(envelope["data"])
    data_text = savefile.canonical_json(envelope["data"])
    data_text = data_text.replace(json.dumps(DEEP), hostile.monster(), 1)
    return Variant("hostile", name, forged_text(envelope, data_text).encode("utf-8"),
                   forged=True)


def first_clan() -> int:
    """The first Clan saved in the base save (for `conquest report --clan`): the hostile edits
    damage its fields, and its report reads its last turn (checked when first used)."""
    return int(json.loads(base_text())["data"]["state"]["clans"][0]["number"])


def dangling_variant(name: str) -> Variant:
    """The base save with one of the DANGLING edits."""
    envelope = json.loads(base_text())
    open_event_tables(envelope["data"]["state"])
    DANGLING[name](envelope["data"])
    return _encoded("dangling", name, envelope)


LOG_DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "opening not base64": (_set("log", "opening", value="not base64 at all!"),
                           "data.log.opening"),
    "opening not zlib": (_set("log", "opening", value="bm90IHpsaWI="), "data.log.opening"),
    "opening another position": (
        _set("log", "opening", value=lambda _: sheet_log.pack_json({"map_name": "test_small"})),
        "data.log.opening"),
    "packed game turn damaged": (
        _set("log", "turns", value={"game_turn": [1], "packed": ["bm90IHpsaWI="]}),
        "data.log.turns[0]"),
    "digest changed": (_set("log", "current", "digest", -1, value="0123456789abcdef"),
                       "replaying game turn 1 up to Clan"),
    "sheet changed": (_set("log", "current", "sheet", 0, value="[PRE]\nBUY 40 FOOD\n"),
                      "replaying game turn 1 up to Clan"),
}
"""Damage to the sheet log that only a replay (`conquest branch`) finds, and what its refusal
names."""


def log_variant(name: str) -> Variant:
    """The base save with one of the LOG_DAMAGE edits."""
    envelope = json.loads(base_text())
    LOG_DAMAGE[name][0](envelope["data"])
    return _encoded("log", name, envelope)


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
    open_event_tables(envelope["data"]["state"])
    if kind == "fact_removed":
        how = _without_a_fact(envelope, rng)
        if index // len(KINDS) % 2:  # every other one inside its table's text, as written
            close_event_tables(envelope["data"]["state"])
        return _forged(kind, how, envelope)
    if kind == "forged":
        edit = rng.choice(FORGED_EDITS)
        how, data = _data_variant(edit, envelope, rng)
        envelope["data"] = data
        return _forged(kind, f"{edit}: {how}", envelope)
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
        if _loads_edited() and not variant.forged:
            game = savefile.load_game(path, rules, allow_edited=True)
        else:
            game = savefile.load_game(path, rules)
    except SaveError as error:
        return _refused(error, path)
    except Exception:  # noqa: BLE001 — counting crashes is the point
        return Outcome("crashed", "load: " + _last_line())
    replayed = _replayed(game, path)
    if replayed is not None:
        return replayed
    try:
        play_round(game)
        savefile.game_to_text(game)
    except SaveError as error:  # a Clan's last turn is checked when first used
        return _refused(error, path)
    except Exception:  # noqa: BLE001
        return Outcome("crashed", "play: " + _last_line())
    return Outcome("played")


def _replayed(game: Game, path: Path) -> Outcome | None:
    """Replay the loaded save's sheet log (`conquest branch` does): a damaged log or opening
    position is refused in one sentence naming the file and the field; None when it replays."""
    from conquest_tui.session.replay import ReplayRefused, replay

    try:
        replay(game, game.state.game_turn, str(path))
    except ReplayRefused as error:
        if "this save keeps no sheets" in str(error):
            return None
        return _refused(SaveError(str(error)), path)
    except Exception:  # noqa: BLE001
        return Outcome("crashed", "replay: " + _last_line())
    return None


def _refused(error: SaveError, path: Path) -> Outcome:
    """A refusal: one sentence naming the file, or a crash when it is worded otherwise."""
    message = str(error)
    if not message.startswith(f"{path}: ") or "\n" in message:
        return Outcome("crashed", f"badly worded refusal: {message}")
    return Outcome("refused", message)


def _through_the_cli(path: Path, outcome: Outcome) -> Outcome:
    """`conquest report --save PATH --clan N --allow-edited`, in this process: exit 70 is the
    command line's own crash."""
    from conquest_tui.cli import main as conquest

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
            io.StringIO()) as err:
        code = conquest(["report", "--save", str(path), "--clan", str(first_clan()),
                         "--allow-edited"])
    if code == 70:
        return Outcome("crashed", "cli: " + err.getvalue().strip())
    return outcome


def _last_line() -> str:
    lines = traceback.format_exc().strip().splitlines()
    where = next((line.strip() for line in reversed(lines) if line.strip().startswith("File")), "")
    return f"{lines[-1]} ({where})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=1300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20, help="crashes to list")
    parser.add_argument("--cli", action="store_true",
                        help="also run `conquest report --allow-edited` on each variant and "
                             "count exit 70 (the command line's crash) as a crash")
    parser.add_argument("--hostile", action="store_true",
                        help="the hostile saves through the command line, each in a process "
                             "of its own, with its time and peak memory")
    args = parser.parse_args(argv)
    if args.hostile:
        return hostile_main()
    counts: Counter[str] = Counter()
    by_kind: Counter[tuple[str, str]] = Counter()
    crashes: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for index in range(args.variants):
            variant = make_variant(index, args.seed)
            outcome = try_variant(variant, base)
            if args.cli and outcome.status != "crashed":
                outcome = _through_the_cli(base / FILE_NAME, outcome)
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


LIMIT_S = 2.0
LIMIT_MB = 300


def hostile_main() -> int:
    """`conquest report --save X --clan N --allow-edited` on each hostile save, each in a
    process of its own: exit code, wall time, peak memory (the process's own, from wait4)."""
    bad = 0
    clan = first_clan()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / FILE_NAME
        for name in HOSTILE:
            path.write_bytes(hostile_variant(name).payload)
            command = [sys.executable, "-m", "conquest_tui", "report", "--save", str(path),
                       "--clan", str(clan), "--allow-edited"]
            started = time.perf_counter()
            with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
                process = subprocess.Popen(command, stdout=out, stderr=err,
                                           env={**os.environ, "CONQUEST_DEBUG": ""})
                _, status, usage = os.wait4(process.pid, 0)  # this process's own peak memory
                seconds = time.perf_counter() - started
                process.returncode = code = os.waitstatus_to_exitcode(status)
                out.seek(0)
                err.seek(0)
                printed, complained = out.read(), err.read()
            peak = usage.ru_maxrss / 1024
            said = (complained or printed).decode("utf-8", "replace").strip().splitlines()
            line = said[-1] if said else ""
            fine = code not in (0, 70) and HOSTILE[name].field in line and \
                seconds < LIMIT_S and peak < LIMIT_MB and len(said) == 1
            bad += not fine
            print(f"{'ok ' if fine else 'BAD'} {name:48s} exit {code}  {seconds:5.2f} s  "
                  f"{peak:6.0f} MB  {line[:150]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
