"""Where each Ruleset field lives in data/rules/*.toml, and the dict → dict step that gathers them.

The rules files are laid out for their authors (one file per rulebook chapter, a table named
by its key); the Ruleset is laid out for the engine. `gather` turns the parsed files into one
dict shaped like the Ruleset, which the converter then structures:

* each Ruleset field is taken from `SOURCES[field]` = (file, dotted key path; "" = the file);
* a table of tables named by key gets that key as the record's `key` or `code` field;
* values the files do not repeat are filled in from where they are: a vehicle's size and rank
  (its class), a convoy type's vehicles (the vehicles of that type), building, expert and
  custom-structure costs (market.toml fixed_costs), the casino's d100 slices (the chances),
  the terrains that allow each custom structure (structures.toml), a house rule's name (its
  table's);
* a convoy type's `new_vehicles` table becomes (vehicle, count) pairs.

No value is guessed: every key of a file is either a Ruleset field's source or reported.
"""

from __future__ import annotations

from typing import Any

from conquest_tui.engine.rules.checks import show
from conquest_tui.engine.rules.ruleset import VehicleRule

Files = dict[str, dict[str, Any]]
"""Parsed rules files by name (no `.toml`)."""

SOURCES: dict[str, tuple[str, str]] = {
    "terrains": ("terrain", ""),
    "vehicle_classes": ("convoys", "classes"),
    "vehicles": ("vehicles", "vehicles"),
    "convoy_types": ("convoys", "types"),
    "convoy": ("convoys", "convoy"),
    "size_bands": ("convoys", "size_bands"),
    "creation_costs": ("convoys", "creation.costs"),
    "agent_base_cost": ("convoys", "agents.base_cost"),
    "defense_levels": ("hexes", "defense_levels"),
    "hexgen": ("hexes", "generation"),
    "directions": ("hexes", "directions"),
    "fortifications": ("cities", "fortifications"),
    "cities": ("cities", "rules"),
    "spotting": ("cities", "spotting"),
    "unowned_cities": ("cities", "unowned"),
    "population": ("cities", "population"),
    "buildings": ("buildings", "buildings"),
    "building_effects": ("buildings", "effects"),
    "special_structures": ("structures", "special"),
    "custom_structures": ("structures", "custom"),
    "structure_effects": ("structures", "effects"),
    "experts": ("experts", "experts"),
    "expert_effects": ("experts", "effects"),
    "market": ("market", "items"),
    "goods": ("market", "goods"),
    "market_rules": ("market", "rules"),
    "fixed_costs": ("market", "fixed_costs"),
    "start": ("start", "start"),
    "fair_starts": ("start", "fair_starts"),
    "game": ("start", "game"),
    "popularity": ("start", "popularity"),
    "consumption": ("consumption", ""),
    "loot": ("loot", "table"),
    "bank": ("loot", "bank"),
    "events": ("events", "table"),
    "event_chance_per_turn": ("events", "chance_per_turn"),
    "casino": ("casino", "outcomes"),
    "gambles_per_casino": ("casino", "per_casino_per_turn"),
    "espionage": ("espionage", "keywords"),
    "espionage_from_turn": ("espionage", "from_turn"),
    "sabotage": ("espionage", "sabotage"),
    "spies": ("espionage", "spies"),
    "plague": ("health", "plague"),
    "cure": ("health", "cure"),
    "combat": ("combat", ""),
    "weapons": ("combat", "weapons"),
    "morale": ("morale", ""),
    "order_lines": ("orders", "lines"),
    "order_limits": ("orders", "limits"),
    "house_rules": ("house_rules", ""),
}
"""Ruleset field → (rules file, dotted key path in it; "" = the whole file but the keys other
fields take from it)."""

RENAMED: dict[type, dict[str, str]] = {VehicleRule: {"vehicle_class": "class"}}
"""Record fields whose key in the files has another name (`class` is a Python keyword); the
converter structures them with cattrs' `override(rename=…)`."""

_KEYED_BY: dict[str, str] = {
    "terrains": "key", "vehicle_classes": "key", "vehicles": "key", "convoy_types": "key",
    "directions": "key", "population": "key", "market": "key", "weapons": "key",
    "buildings": "code", "special_structures": "code", "custom_structures": "code",
    "experts": "code",
}
"""Tables of tables whose records hold their own key (as `key` or `code`)."""


class LayoutError(ValueError):
    """A file key that no Ruleset field reads, or a reference to an unknown name: `file`,
    `path` and the reason."""

    def __init__(self, file: str, path: str, reason: str) -> None:
        super().__init__(f"{file}: {path}: {reason}")
        self.file = file
        self.path = path
        self.reason = reason


def source_of(path: str) -> tuple[str, str]:
    """(file, path in the file) of a field path of the Ruleset: `vehicles.truck.class` →
    ("vehicles", "vehicles.truck.class"); `terrains.plains.food` → ("terrain", "plains.food")."""
    cut = min((i for i in (path.find("."), path.find("[")) if i >= 0), default=len(path))
    field, rest = path[:cut], path[cut:]
    file, prefix = SOURCES.get(field, ("", field))
    if field == "vehicles":
        names = RENAMED[VehicleRule]
        rest = ".".join(names.get(part, part) for part in rest.split("."))
    if not prefix:
        return file, rest.lstrip(".")
    return file, prefix + rest


def _at(root: Any, path: str) -> tuple[bool, Any]:
    """(found, value) of a dotted path in nested dicts."""
    value = root
    for part in path.split(".") if path else ():
        if not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value


def _check_claimed(files: Files) -> None:
    """Every key of every file is some field's source (or inside one)."""
    claimed: dict[str, set[str]] = {}
    whole: set[str] = set()
    for file, path in SOURCES.values():
        if not path:
            whole.add(file)
        parts = path.split(".") if path else []
        for depth in range(len(parts)):
            claimed.setdefault(".".join([file, *parts[:depth]]), set()).add(parts[depth])
    for table, keys in claimed.items():
        file, _, inner = table.partition(".")
        if file in whole and not inner:
            continue  # the whole-file field reports its unknown keys itself
        found, value = _at(files.get(file), inner)
        if found and isinstance(value, dict):
            for key in value:
                if key not in keys:
                    path = f"{inner}.{key}" if inner else key
                    raise LayoutError(file, path, "is not a known field (misspelt?)")


def _set(field: str, where: str, row: dict[str, Any], name: str, value: Any) -> None:
    """Fill in `row[name]`, a value the files do not repeat (so it must not be there)."""
    if name in row:
        file, path = source_of(f"{field}{where}.{name}")
        raise LayoutError(file, path, "is not a known field (misspelt?)")
    row[name] = value


def _keyed(field: str, table: Any) -> Any:
    if not isinstance(table, dict):
        return table
    out = {}
    for key, row in table.items():
        if isinstance(row, dict):
            row = dict(row)
            _set(field, f".{key}", row, _KEYED_BY[field], key)
        out[key] = row
    return out


def gather(files: Files) -> dict[str, Any]:
    """One dict shaped like the Ruleset from the parsed files (see the module docstring)."""
    _check_claimed(files)
    data: dict[str, Any] = {}
    taken: dict[str, set[str]] = {}
    for file, path in SOURCES.values():
        if path:
            taken.setdefault(file, set()).add(path.split(".")[0])
    for field, (file, path) in SOURCES.items():
        found, value = _at(files[file], path)
        if not path and isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in taken.get(file, ())}
        if found:
            data[field] = _keyed(field, value) if field in _KEYED_BY else value
    _fill_in(data)
    return data


def _table(data: dict[str, Any], field: str) -> dict[str, Any]:
    value = data.get(field)
    return value if isinstance(value, dict) else {}


def _fill_in(data: dict[str, Any]) -> None:
    """The values the files do not repeat (see the module docstring)."""
    classes = _table(data, "vehicle_classes")
    if all(isinstance(c, dict) and c.get("rank").__class__ is int for c in classes.values()):
        data["vehicle_classes"] = dict(sorted(classes.items(), key=lambda kv: kv[1]["rank"]))
    vehicles = _table(data, "vehicles")
    for key, vehicle in vehicles.items():
        if isinstance(vehicle, dict) and "class" in vehicle:
            vclass = classes.get(vehicle["class"])
            if not isinstance(vclass, dict):
                raise LayoutError("vehicles", f"vehicles.{key}.class",
                                  f"unknown vehicle class {show(vehicle['class'])}")
            for name in ("size", "rank"):
                if name in vclass:
                    _set("vehicles", f".{key}", vehicle, name, vclass[name])
    for key, kind in _table(data, "convoy_types").items():
        if not isinstance(kind, dict):
            continue
        own = [(v.get("rank", 0), name) for name, v in vehicles.items()
               if isinstance(v, dict) and v.get("convoy_type") == key]
        _set("convoy_types", f".{key}", kind, "vehicles", [name for _, name in sorted(own)])
        if isinstance(kind.get("new_vehicles"), dict):
            kind["new_vehicles"] = [[name, count] for name, count in kind["new_vehicles"].items()]
    fixed = _table(data, "fixed_costs")
    for field, cost in (("buildings", "building"), ("experts", "expert"),
                        ("custom_structures", "custom_structure")):
        for key, row in _table(data, field).items():
            if isinstance(row, dict) and cost in fixed:
                _set(field, f".{key}", row, "cost", fixed[cost])
    customs = _table(data, "custom_structures")
    for key, terrain in _table(data, "terrains").items():
        if isinstance(terrain, dict):
            _set("terrains", f".{key}", terrain, "custom_structures", [
                code for code, custom in customs.items()
                if isinstance(custom, dict) and isinstance(custom.get("terrains"), list)
                and key in custom["terrains"]])
    for key, rule in _table(data, "house_rules").items():
        if isinstance(rule, dict):
            _set("house_rules", f".{key}", rule, "name", key)
    low = 1
    for index, row in enumerate(data.get("casino") or ()):
        if isinstance(row, dict) and row.get("chance").__class__ is int:
            _set("casino", f"[{index}]", row, "low", low)
            _set("casino", f"[{index}]", row, "high", low + row["chance"] - 1)
            low += row["chance"]
