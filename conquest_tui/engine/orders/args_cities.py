"""Parsers of city orders: PICKUP, DROPOFF, DUMP, ASSIGN, FORTIFY, ERECT."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.arguments import (
    MAX_QUANTITY,
    OrderSyntaxError,
    hex_arg,
    no_args,
    no_more,
)
from conquest_tui.engine.orders.registry import ArgumentParser, OrderSpec
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset


@attrs.frozen
class PickupGoods(model.Order):
    """Load the goods the city produces (CC-CO-PICKUP)."""


@attrs.frozen
class Dropoff(model.Order):
    """Sell all cargo to a city that needs it (CC-CO-DROPOFF)."""


@attrs.frozen
class Dump(model.Order):
    """Throw all cargo away (CC-CO-DUMP)."""


@attrs.frozen
class Assign(model.Order):
    """Move troops and claymores between the stockpiles and a city (CC-CL-ASSIGN)."""

    hex: str = ""
    troops: int = 0
    claymores: int = 0


@attrs.frozen
class Fortify(model.Order):
    """Raise a city's fortification one level, then assign like ASSIGN (CC-CL-FORTIFY)."""

    hex: str = ""
    troops: int = 0
    claymores: int = 0


@attrs.frozen
class Erect(model.Order):
    """Erect buildings in listed order while money lasts (CC-CL-ERECT)."""

    hex: str = ""
    buildings: tuple[str, ...] = ()


def signed_amount(token: Token, what: str) -> int:
    """A whole number that may be negative, like 50 or -5 (CC-CL-ASSIGN-03)."""
    text = token.text.replace(",", "")
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdigit():
        raise OrderSyntaxError("bad_quantity", f'"{token.text}" is not a whole number of {what}')
    value = int(text)
    if abs(value) > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", f"{value} is more {what} than anyone could use")
    return value


def _garrison_args(spec: OrderSpec, words: list[Token],
                   required: bool) -> tuple[str, int, int]:
    hex_id = hex_arg(words[0] if words else None, spec.keyword)
    if required and len(words) < 2:
        raise OrderSyntaxError("missing_quantity", f"{spec.keyword} needs a number of troops "
                               f"(format: {spec.syntax})")
    troops = signed_amount(words[1], "troops") if len(words) > 1 else 0
    claymores = signed_amount(words[2], "claymores") if len(words) > 2 else 0
    no_more(words, spec, 3)
    return hex_id, troops, claymores


def _parse_assign(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    hex_id, troops, claymores = _garrison_args(spec, words, required=True)
    if troops == 0 and claymores == 0:
        raise OrderSyntaxError("bad_quantity", "ASSIGN moves no troops and no claymores")
    return Assign(spec.keyword, line, text, hex=hex_id, troops=troops, claymores=claymores)


def _parse_fortify(spec: OrderSpec, words: list[Token], line: int, text: str,
                   rules: Ruleset) -> model.Order:
    hex_id, troops, claymores = _garrison_args(spec, words, required=False)
    return Fortify(spec.keyword, line, text, hex=hex_id, troops=troops, claymores=claymores)


def _parse_erect(spec: OrderSpec, words: list[Token], line: int, text: str,
                 rules: Ruleset) -> model.Order:
    hex_id = hex_arg(words[0] if words else None, "ERECT")
    names = words[1:]
    if not names:
        raise OrderSyntaxError("missing_building", "ERECT needs at least one building, like "
                               "ERECT 2914 AIR ARM STO")
    limit = rules.order_limits.erect_max_buildings
    if len(names) > limit:
        raise OrderSyntaxError("too_many", f"ERECT lists at most {limit} buildings, not "
                               f"{len(names)}")
    codes: list[str] = []
    for word in names:
        building = rules.building_by_word(word.text)
        if building is None:
            raise OrderSyntaxError("unknown_building", f'"{word.text}" is not a building; use '
                                   f"the 3-letter codes: {' '.join(rules.buildings)}")
        if building.code in codes:
            raise OrderSyntaxError("twice", f"{building.name} is listed twice; a city holds one "
                                   "of each type")
        codes.append(building.code)
    return Erect(spec.keyword, line, text, hex=hex_id, buildings=tuple(codes))


PARSERS: dict[str, ArgumentParser] = {
    "convoy:PICKUP": no_args(PickupGoods),
    "convoy:DROPOFF": no_args(Dropoff),
    "convoy:DUMP": no_args(Dump),
    "clan:ASSIGN": _parse_assign,
    "clan:FORTIFY": _parse_fortify,
    "clan:ERECT": _parse_erect,
}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
