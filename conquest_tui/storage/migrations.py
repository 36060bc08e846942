"""Save-data migrations: a chain of pure dict→dict steps, one per save version (mitmproxy style)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The save version is decoupled from the program's release number: every change to the layout of
# a save's `data` gets a new SAVE_VERSION and a step `migrate_N_to_N+1` in MIGRATIONS. Steps are
# frozen in time (they spell out the fields they touch instead of reading today's record classes)
# and never change their input (they build new dicts and lists for whatever they edit). Adding a
# field with a default to a state record needs no step: a missing key or column gets the default.

SAVE_VERSION = 10
"""The layout of `data` this program writes and reads without migrating."""

Data = dict[str, Any]

# --- which game a save holds ---------------------------------------------------------------------
# The envelope's `game` field names the game of the data. The rule: a save without it (every save
# written before a second game came to the table) is Continental Conquest's, so no Continental
# save changes a byte and SAVE_VERSION stays where it is. A save of another game carries the
# version of the program that wrote it (its layout's steps, when there are any, key on it too).

GAME_KEY = "game"
CONTINENTAL = "continental"
CONQUEST = "conquest"
GAME_NAMES: dict[str, str] = {CONTINENTAL: "Continental Conquest", CONQUEST: "Conquest"}
"""Each game a save may hold, and its name in words."""


def game_of_envelope(envelope: Data) -> str:
    """The game a save's envelope says it holds ("continental" when it says nothing)."""
    game = envelope.get(GAME_KEY, CONTINENTAL)
    return game if isinstance(game, str) else ""


class MigrationError(ValueError):
    """A save's data that cannot be brought up to SAVE_VERSION; str() is one clause."""

    def __init__(self, version: int, message: str) -> None:
        super().__init__(message)
        self.version = version


class NewerVersionError(MigrationError):
    """A save written by a newer program than this one."""

    def __init__(self, version: int) -> None:
        super().__init__(
            version,
            f"this save is version {version}, but this program reads saves up to version "
            f"{SAVE_VERSION} — please update conquest-tui",
        )


# --- version 0 → 1 -----------------------------------------------------------------------------

V0_STOCK_ITEMS: tuple[str, ...] = (
    "money", "food", "fuel", "parts", "vaccine", "troops",
    "rifles", "grenades", "rockets", "claymores", "bombs",
)
"""Version 0 kept these stockpile items as flat fields on each clan."""

V1_COLUMNS: dict[str, tuple[str, ...]] = {
    "hex": (
        "owner", "defense", "garrison", "looted", "special", "custom", "custom_built_turn",
        "money", "food", "fuel", "parts", "vaccine", "road_parts_bonus", "conquered_turn",
    ),
    "city": (
        "hex", "owner", "population", "fortification", "base_value", "troops", "claymores",
        "buildings", "plague", "hostile_to", "conquered_turn", "spies",
    ),
    "convoy": (
        "owner", "number", "name", "convoy_type", "hex", "vehicles", "troops", "rifles",
        "grenades", "rockets", "bombs", "cargo_type", "cargo", "experts", "morale", "training",
        "health", "mode", "hidden", "kill_mode", "aid", "guarding", "patrolling", "infected",
        "created_turn", "zero_morale_turns", "moves_made", "parts_owed", "parts_factor",
    ),
    "sighting": ("hex", "game_turn", "owner", "size_name", "convoy_type", "how"),
    "event": ("clan", "phase", "text", "kind", "rule", "pulse", "line", "convoy", "game_turn"),
    "problem": ("line", "code", "message", "level"),
}
"""Column order of each version 1 table (the record's fields when version 1 was made)."""

V0_HEX_ADDED_IN_V1: dict[str, Any] = {"road_parts_bonus": 0}
"""Hex fields version 0 did not have, with the value an upgraded game gets."""


def _columns(rows: list[Data], kind: str, added: dict[str, Any] | None = None) -> dict[str, Any]:
    """A list of objects → one list per field, in version 1 column order.

    Every object must have the same fields (version 0 wrote them all); unknown fields are kept
    as columns too, so that loading names them instead of losing them silently.
    """
    if not isinstance(rows, list):
        raise TypeError(f"expected a list of {kind} objects")
    order = V1_COLUMNS[kind]
    present = {key for row in rows for key in row}
    names = [n for n in order if n in present] + sorted(present - set(order))
    columns = {name: [row[name] for row in rows] for name in names}
    for name, value in (added or {}).items():
        columns.setdefault(name, [value] * len(rows))
    return columns


def _migrate_last_turn_0_to_1(last_turn: Data) -> Data:
    new = dict(last_turn)
    if "events" in new:
        new["events"] = _columns(new["events"], "event")
    if "problems" in new:
        new["problems"] = _columns(new["problems"], "problem")
    return new


def _migrate_clan_0_to_1(clan: Data) -> Data:
    """Flat stockpile fields → `stock`; record lists → columns; add `draft_sheet`."""
    new = {key: value for key, value in clan.items() if key not in V0_STOCK_ITEMS}
    new["stock"] = {item: clan[item] for item in V0_STOCK_ITEMS if item in clan}
    for key in ("sightings", "inbox"):
        if key in new:
            new[key] = _columns(new[key], "sighting" if key == "sightings" else "event")
    if "last_turn" in new:
        new["last_turn"] = _migrate_last_turn_0_to_1(new["last_turn"])
    new.setdefault("draft_sheet", "")
    return new


def migrate_0_to_1(data: Data) -> Data:
    """Version 0 → 1: stockpiles move into `stock`, lists of records become columns.

    Version 0 wrote each clan's stockpile items (money … bombs) as fields of the clan itself,
    every list of records (hexes, cities, convoys, sightings, events, problems) as a list of
    objects, and hexes without `road_parts_bonus`; clans had no `draft_sheet` yet.
    """
    state = data["state"]
    new_state = dict(state)
    new_state["clans"] = [_migrate_clan_0_to_1(clan) for clan in state["clans"]]
    new_state["hexes"] = _columns(state["hexes"], "hex", V0_HEX_ADDED_IN_V1)
    for key, kind in (("cities", "city"), ("convoys", "convoy")):
        if key in new_state:
            new_state[key] = _columns(new_state[key], kind)
    return {**data, "state": new_state}


# --- version 1 → 2 -----------------------------------------------------------------------------

V1_EVENT_KIND = "legacy"
"""The event kind version 2 gives every version 1 event: it has only its sentence to show."""


def _rows(columns: Data) -> list[Data]:
    """A version 1 table (one list per field) → one object per record."""
    names = list(columns)
    return [dict(zip(names, row, strict=True)) for row in zip(*columns.values(), strict=True)]


def _event_1_to_2(event: Data) -> Data:
    """`text` and `kind` → kind "legacy" with facts {sentence, code}; no actor."""
    new = {key: value for key, value in event.items() if key not in ("text", "kind")}
    new["kind"] = V1_EVENT_KIND
    new["facts"] = {"sentence": event["text"], "code": event.get("kind", "")}
    new["actor"] = 0
    return new


def _events_1_to_2(columns: Data) -> Data:
    """A version 1 events table → the version 2 events table (still one list per field)."""
    events = [_event_1_to_2(event) for event in _rows(columns)]
    names = list(events[0]) if events else []
    return {name: [event[name] for event in events] for name in names}


def _migrate_clan_1_to_2(clan: Data) -> Data:
    new = dict(clan)
    if "inbox" in new:
        new["inbox"] = _events_1_to_2(new["inbox"])
    if "last_turn" in new:
        last_turn = dict(new["last_turn"])
        if "events" in last_turn:
            last_turn["events"] = _events_1_to_2(last_turn["events"])
        new["last_turn"] = last_turn
    return new


def migrate_1_to_2(data: Data) -> Data:
    """Version 1 → 2: events are typed (a kind and its facts) instead of sentences.

    Version 1 stored events and problems as tables (one list per field), each event with its
    sentence (`text`) and a free kind code (`kind`). Version 2 keeps the tables; an event has
    a kind and facts (a column of objects) and its sentence is rendered. An old event keeps its
    sentence as its one fact ("sentence", under kind "legacy", its old code as "code"), so it
    reads as before. Problems gained `facts`, which a missing key defaults.
    """
    state = data["state"]
    new_state = {**state, "clans": [_migrate_clan_1_to_2(clan) for clan in state["clans"]]}
    return {**data, "state": new_state}


# --- version 2 → 3 -----------------------------------------------------------------------------


def migrate_2_to_3(data: Data) -> Data:
    """Version 2 → 3: `data` is unchanged; the envelope's checksum now covers the header too.

    A version 2 save's checksum covers `data` alone (save_list.WHOLE_FILE_CHECKSUM), so its
    summary is not trusted: the load list reads it from the data. Saved again, it is version 3.
    """
    return data


# --- version 3 → 4 -----------------------------------------------------------------------------


def migrate_3_to_4(data: Data) -> Data:
    """Version 3 → 4: a radio broadcast is a kind and its facts, like an event, not a sentence.

    Version 3 kept the pending broadcasts as a table (one list per field) with the news as a
    sentence (`text`). Version 4 has `kind` and `facts` instead: an old broadcast becomes kind
    "legacy" with its sentence as its one fact, and is heard as before.
    """
    state = data["state"]
    table = state.get("broadcasts")
    if not isinstance(table, dict) or "text" not in table:
        return data
    texts = table["text"]
    if not isinstance(texts, list):
        raise ValueError("state.broadcasts.text is not a list")
    new_table = {key: value for key, value in table.items() if key != "text"}
    new_table["kind"] = [V1_EVENT_KIND] * len(texts)
    new_table["facts"] = [{"sentence": text} for text in texts]
    return {**data, "state": {**state, "broadcasts": new_table}}


# --- version 4 → 5 -----------------------------------------------------------------------------

V4_PROBLEM_CODE = "legacy"
"""The code version 5 gives a version 4 problem that was saved with its sentence."""
V4_PROBLEM_SAID = "said"
"""The fact that keeps that sentence, worded as it was shown."""


def _problems_4_to_5(table: Any) -> Any:
    """A version 4 problems table (one list per field) → the version 5 table."""
    if not isinstance(table, dict) or "message" not in table:
        return table
    messages, codes = table["message"], table.get("code")
    if not isinstance(messages, list) or not isinstance(codes, list) \
            or len(codes) != len(messages):
        raise ValueError("a problems table's message and code columns are not lists of one "
                         "length")
    facts = table.get("facts", [{}] * len(messages))
    if not isinstance(facts, list) or len(facts) != len(messages):
        raise ValueError("a problems table's facts column is not a list of its length")
    new = {key: value for key, value in table.items() if key != "message"}
    new["code"] = [V4_PROBLEM_CODE if message else code
                   for code, message in zip(codes, messages, strict=True)]
    new["facts"] = [{V4_PROBLEM_SAID: message, "code": code} if message else fact
                    for code, message, fact in zip(codes, messages, facts, strict=True)]
    return new


def migrate_4_to_5(data: Data) -> Data:
    """Version 4 → 5: a problem of a sheet is a code and facts, its sentence rendered.

    Version 4 kept a parse or check problem's sentence (`message`; "" for a resolve problem,
    already a kind and facts). Version 5 has no `message`: an old problem with one becomes code
    "legacy" with its sentence as the fact "said" (and its old code as "code"), and reads as it
    was shown; the others keep their code and facts.
    """
    state = data["state"]
    clans = []
    for clan in state["clans"]:
        last_turn = clan.get("last_turn") if isinstance(clan, dict) else None
        if isinstance(last_turn, dict) and "problems" in last_turn:
            clan = {**clan, "last_turn": {**last_turn,
                                          "problems": _problems_4_to_5(last_turn["problems"])}}
        clans.append(clan)
    return {**data, "state": {**state, "clans": clans}}


# --- version 5 → 6 -----------------------------------------------------------------------------


def migrate_5_to_6(data: Data) -> Data:
    """Version 5 → 6: the state has a post box (`mail`) for games played by mail.

    A version 5 game was never played by mail: it gets an empty post box, with no game id and
    no secret. Both are made when its first packet is (`session/mail.py`), and kept in the
    save from then on, so the same save and the same sheets always give the same next save.
    """
    state = data["state"]
    if "mail" in state:
        return data
    mail = {"game_id": "", "secret": "", "late": [],
            "sheets": {"clan": [], "game_turn": [], "text": []},
            "runs": {"game_turn": [], "clan": [], "arrival": [], "digest": []}}
    return {**data, "state": {**state, "mail": mail}}


# --- version 6 → 7 -----------------------------------------------------------------------------


def migrate_6_to_7(data: Data) -> Data:
    """Version 6 → 7: a Clan's last turn's events and its mail are each written as one JSON
    text (the table, one list per field, in a string, its double and single quotes swapped: a
    load keeps it unread until first used, storage/saved_events).

    A version 6 table (an object) is read as it is, so nothing changes here; the game writes
    it as a text when it next saves.
    """
    return data


# --- version 7 → 8 -----------------------------------------------------------------------------


def migrate_7_to_8(data: Data) -> Data:
    """Version 7 → 8: a save may keep its sheet log beside the state (`data.log`: the opening
    position and every Clan turn that ran, storage/sheet_log.py). An older save has none and
    plays on without one, so nothing changes here."""
    return data


# --- version 8 → 9 -----------------------------------------------------------------------------


def migrate_8_to_9(data: Data) -> Data:
    """Version 8 → 9: a Clan's last turn's events and its mail are written zlib-packed in
    base64 (storage/saved_events.table_text), and of the last game turns' past reports a save
    with a sheet log keeps, each after the first is packed against the one before
    (storage/past_reports). A load reads the version 8 texts and reports as they are (a table's
    text begins with "{", which base64 never does; a report's zlib header says what it was
    packed against), so nothing changes here; the game packs them when it next saves."""
    return data


# --- version 9 → 10 ----------------------------------------------------------------------------


def migrate_9_to_10(data: Data) -> Data:
    """Version 9 → 10: `data` is unchanged; the envelope's checksum is a CRC-32 (`crc32:`)
    instead of a SHA-256 (save_list.CRC_CHECKSUM). A version 9 save's `sha256:` checksum is
    checked as it was written; saved again, the save is version 10."""
    return data


MIGRATIONS: dict[int, Callable[[Data], Data]] = {
    0: migrate_0_to_1,
    1: migrate_1_to_2,
    2: migrate_2_to_3,
    3: migrate_3_to_4,
    4: migrate_4_to_5,
    5: migrate_5_to_6,
    6: migrate_6_to_7,
    7: migrate_7_to_8,
    8: migrate_8_to_9,
    9: migrate_9_to_10,
}
"""Version N → the step that turns version N data into version N+1 data."""


def migrate(data: Data, version: int) -> Data:
    """Bring a save's `data` from `version` up to SAVE_VERSION.

    Raises:
        NewerVersionError: the save is newer than this program.
        MigrationError: no step leads from `version`, or the old data did not fit a step.
    """
    if version > SAVE_VERSION:
        raise NewerVersionError(version)
    while version < SAVE_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(
                version, f"this save is version {version}, which this program cannot read"
            )
        try:
            data = step(data)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise MigrationError(
                version,
                f"this version {version} save could not be upgraded to version {version + 1} "
                f"({detail})",
            ) from None
        version += 1
    return data
