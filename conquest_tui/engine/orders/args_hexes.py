"""Parsers of hex and structure orders: DEFEND, GARRISON, BUILD, FISH, GAMBLE, PAVE."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.arguments import OrderSyntaxError, hex_arg, no_args, no_more
from conquest_tui.engine.orders.registry import ArgumentParser, OrderSpec
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset


@attrs.frozen
class Defend(model.Order):
    """Raise the defense level of listed hexes, optionally assigning guards (CC-CL-DEFEND)."""

    troops: int = 0
    """Guards to add to each hex (negative: withdraw); 0 when the order gives no troop count."""
    hexes: tuple[str, ...] = ()
    """Hex numbers or patterns with `*` wildcards, as written (CC-CL-DEFEND-03)."""


@attrs.frozen
class Garrison(model.Order):
    """Assign or withdraw guards in listed hexes without raising them (CC-CL-GARRISON)."""

    troops: int = 0
    hexes: tuple[str, ...] = ()


@attrs.frozen
class Build(model.Order):
    """Build a custom structure in a hex (CC-CL-BUILD)."""

    hex: str = ""
    structure: str = ""
    """Custom structure code of structures.toml ("FAR")."""


@attrs.frozen
class Gamble(model.Order):
    """Stake money at a Casino the Clan owns (CC-CL-GAMBLE)."""

    hex: str = ""


@attrs.frozen
class Fish(model.Order):
    """Fish at the Fishery in the convoy's hex (CC-CO-FISH)."""


@attrs.frozen
class Pave(model.Order):
    """Build a road from the convoy's hex in a direction (CC-CO-PAVE)."""

    direction: str = ""


def _troop_count(token: Token, max_digits: int) -> int | None:
    """The signed troop count a 1- or 2-digit word gives (CC-CL-DEFEND-02), else None."""
    text = token.text
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdigit() or not 1 <= len(digits) <= max_digits:
        return None
    return -int(digits) if text.startswith("-") else int(digits)


def _hex_patterns(words: list[Token], spec: OrderSpec, rules: Ruleset) -> tuple[str, ...]:
    limit = rules.order_limits.defend_max_hexes
    if not words:
        raise OrderSyntaxError("missing_hex", f"{spec.keyword} needs at least one hex number, "
                               f"like 0417 or 12** (format: {spec.syntax})")
    if len(words) > limit:
        raise OrderSyntaxError("too_many_hexes", f"{spec.keyword} takes at most {limit} hex "
                               f"numbers per line, not {len(words)}")
    for word in words:
        if not hexgrid.is_hex_pattern(word.text):
            raise OrderSyntaxError("bad_hex", f'"{word.text}" is not a hex number or pattern, '
                                   "like 0516, 051* or ****")
    return tuple(word.text for word in words)


def _zero_troops(spec: OrderSpec) -> OrderSyntaxError:
    return OrderSyntaxError("bad_quantity", f"{spec.keyword} with 0 troops changes nothing: give "
                            "a number of guards to assign, or a negative one to withdraw")


def _parse_defend(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    troops = 0
    if words and not hexgrid.is_hex_pattern(words[0].text):
        count = _troop_count(words[0], rules.order_limits.defend_troops_max_digits)
        if count is not None:
            if count == 0:
                raise _zero_troops(spec)
            troops, words = count, words[1:]
    hexes = _hex_patterns(words, spec, rules)
    return Defend(spec.keyword, line, text, troops=troops, hexes=hexes)


def _parse_garrison(spec: OrderSpec, words: list[Token], line: int, text: str,
                    rules: Ruleset) -> model.Order:
    digits = rules.order_limits.defend_troops_max_digits
    count = _troop_count(words[0], digits) if words else None
    if count is None:
        raise OrderSyntaxError("missing_quantity", f"GARRISON needs a troop count of 1 to "
                               f"{digits} digits first, negative to withdraw (format: "
                               f"{spec.syntax})")
    if count == 0:
        raise _zero_troops(spec)
    hexes = _hex_patterns(words[1:], spec, rules)
    return Garrison(spec.keyword, line, text, troops=count, hexes=hexes)


def _parse_build(spec: OrderSpec, words: list[Token], line: int, text: str,
                 rules: Ruleset) -> model.Order:
    hex_id = hex_arg(words[0] if words else None, "BUILD")
    names = ", ".join(rule.name.upper() for rule in rules.custom_structures.values())
    if len(words) < 2:
        raise OrderSyntaxError("missing_structure", f"BUILD needs a structure: {names}")
    structure = rules.custom_structure_by_word(words[1].text)
    if structure is None:
        raise OrderSyntaxError("unknown_structure", f'"{words[1].text}" is not a custom '
                               f"structure: {names}")
    no_more(words, spec, 2)
    return Build(spec.keyword, line, text, hex=hex_id, structure=structure.code)


def _parse_gamble(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    hex_id = hex_arg(words[0] if words else None, "GAMBLE")
    no_more(words, spec, 1)
    return Gamble(spec.keyword, line, text, hex=hex_id)


def _parse_pave(spec: OrderSpec, words: list[Token], line: int, text: str,
                rules: Ruleset) -> model.Order:
    if not words:
        raise OrderSyntaxError("missing_direction", "PAVE needs a direction: N, NE, SE, S, SW "
                               "or NW")
    direction = hexgrid.DIRECTION_WORDS.get(words[0].upper)
    if direction is None:
        raise OrderSyntaxError("bad_direction", f'"{words[0].text}" is not a direction: N, NE, '
                               "SE, S, SW or NW")
    no_more(words, spec, 1)
    return Pave(spec.keyword, line, text, direction=direction)


PARSERS: dict[str, ArgumentParser] = {
    "clan:DEFEND": _parse_defend,
    "clan:GARRISON": _parse_garrison,
    "clan:BUILD": _parse_build,
    "clan:GAMBLE": _parse_gamble,
    "convoy:FISH": no_args(Fish),
    "convoy:PAVE": _parse_pave,
}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
