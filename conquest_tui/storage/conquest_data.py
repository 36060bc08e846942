"""Load Conquest's rules and map (data/conquest/) into the game package's frozen records."""

from __future__ import annotations

import functools
import json
import tomllib
from pathlib import Path
from typing import Any

from conquest_tui.games.conquest.board import Board, Continent
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.storage import paths

__all__ = ["ConquestDataError", "conquest_dir", "load_board", "load_rules"]


class ConquestDataError(ValueError):
    """A Conquest data file that cannot be used; the message names the file and the problem."""


def conquest_dir() -> Path:
    return paths.data_dir() / "conquest"


@functools.cache
def load_rules(folder: Path | None = None) -> ConquestRules:
    """data/conquest/rules.toml as ConquestRules."""
    file = (folder or conquest_dir()) / "rules.toml"
    try:
        data: dict[str, Any] = tomllib.loads(file.read_text(encoding="utf-8"))
        cards, attack = data["cards"], data["attack"]
        return ConquestRules(
            minimum_players=int(data["players"]["minimum"]),
            maximum_players=int(data["players"]["maximum"]),
            initial_armies={int(k): int(v) for k, v in data["setup"]["initial_armies"].items()},
            short_deal_extra_armies=int(data["setup"]["short_deal_extra_armies"]),
            territories_per_army=int(data["allotment"]["territories_per_army"]),
            minimum_allotment=int(data["allotment"]["minimum"]),
            minimum_attack_armies=int(attack["minimum_armies"]),
            dice_sides=int(attack["dice_sides"]),
            attacker_dice=tuple(tuple(pair) for pair in attack["attacker_dice"]),
            defender_dice=tuple(tuple(pair) for pair in attack["defender_dice"]),
            card_numbers=tuple(int(n) for n in cards["numbers"]),
            cards_per_number=int(cards["per_number"]),
            wild_cards=int(cards["wild_cards"]),
            set_size=int(cards["set_size"]),
            may_cash_at=int(cards["may_cash_at"]),
            must_cash_at=int(cards["must_cash_at"]),
            set_values=tuple(int(n) for n in cards["set_values"]),
            later_set_step=int(cards["later_step"]),
            held_territory_bonus=int(cards["held_territory_bonus"]),
            turn_limit=int(data["end"]["turn_limit"]),
        )
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as exc:
        raise ConquestDataError(f"{file}: {exc}") from None


@functools.cache
def load_board(folder: Path | None = None) -> Board:
    """data/conquest/classic_map.json as the Board (its borders checked symmetric and whole)."""
    file = (folder or conquest_dir()) / "classic_map.json"
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        continents = [
            Continent(name, int(c["bonus"]), tuple(c["territories"]))
            for name, c in data["continents"].items()
        ]
        return Board.build(continents, [(a, b) for a, b in data["edges"]])
    except (OSError, KeyError, TypeError, ValueError) as exc:
        raise ConquestDataError(f"{file}: {exc}") from None
