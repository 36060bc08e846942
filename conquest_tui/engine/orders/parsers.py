"""Every order parser this version has, gathered from the module of each order family."""

from __future__ import annotations

from conquest_tui.engine.orders import args_cities, args_clan, args_experts, args_hexes, arguments
from conquest_tui.engine.orders.registry import ArgumentParser

_FAMILIES = (arguments, args_hexes, args_cities, args_experts, args_clan)


def _gather() -> dict[str, ArgumentParser]:
    parsers: dict[str, ArgumentParser] = {}
    for family in _FAMILIES:
        for key, parser in family.PARSERS.items():
            if key in parsers:
                raise ValueError(f"{key} is parsed by two order families ({family.__name__})")
            parsers[key] = parser
    return parsers


PARSERS: dict[str, ArgumentParser] = _gather()
"""section:keyword → parser, for every order this version carries out."""
