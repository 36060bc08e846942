"""Write a map in the compact, diff-friendly JSON layout of docs/map-format.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CITY_KEYS = ("hex", "name", "population", "major", "produces", "needs", "guild",
             "fortification", "base_value")


def _list(items: list[str]) -> str:
    if not items:
        return "[]"
    return "[\n" + ",\n".join("  " + item for item in items) + "\n ]"


def fallback_json(data: dict[str, Any]) -> str:
    """The same layout as conquest_tui.storage.map_loader.map_to_json, for use without it."""
    dump = json.dumps
    cities = [
        "{" + ", ".join(f"{dump(k)}: {dump(c[k])}" for k in CITY_KEYS) + "}"
        for c in data["cities"]
    ]
    p = data["players"]
    lines = [
        "{",
        f' "format": {dump(data["format"])},',
        f' "version": {data["version"]},',
        f' "name": {dump(data["name"])},',
        f' "title": {dump(data["title"])},',
        f' "description": {dump(data.get("description", ""))},',
        f' "players": {{"min": {p["min"]}, "max": {p["max"]}}},',
        f' "columns": {data["columns"]},',
        f' "rows": {data["rows"]},',
        f' "terrain": {_list([dump(r) for r in data["terrain"]])},',
        f' "roads": {_list([dump(r) for r in data.get("roads", [])])},',
        f' "rivers": {_list([dump(r) for r in data.get("rivers", [])])},',
        f' "cities": {_list(cities)},',
        f' "sources": {dump(data.get("sources", ""))}',
    ]
    if data.get("starts"):
        lines[-1] += ","
        lines.append(f' "starts": {dump(data["starts"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_json(data: dict[str, Any]) -> str:
    """Serialise map data with the game's canonical writer when it can be imported."""
    try:
        from conquest_tui.storage.map_loader import map_from_data, map_to_json
    except ImportError:
        return fallback_json(data)
    return map_to_json(map_from_data(data, f"{data['name']}.json"))


def write(data: dict[str, Any], path: Path) -> None:
    """Write the map; the start sets a map file already names (chosen by bot games, not
    generated) are kept, and checked again against the new map's cities when it is written."""
    if path.is_file() and "starts" not in data:
        kept = json.loads(path.read_text(encoding="utf-8")).get("starts")
        if kept:
            data = {**data, "starts": kept}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_json(data), encoding="utf-8")
