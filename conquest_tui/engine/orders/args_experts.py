"""Parsers of expert orders: HIRE, CELEBRATE, PRACTICE, SCAN."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.arguments import OrderSyntaxError, no_args, no_more
from conquest_tui.engine.orders.registry import ArgumentParser, OrderSpec
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset


@attrs.frozen
class Hire(model.Order):
    """Hire an Expert Clansman for $10,000 (CC-CO-HIRE)."""

    expert: str = ""
    """Expert code like "ENG"; "" for the expert of the city's Guild (CC-CO-HIRE-02)."""


@attrs.frozen
class Celebrate(model.Order):
    """Raise morale with a feast in a friendly city or owned Rec Center hex (CC-CO-CELEBRATE)."""


@attrs.frozen
class Practice(model.Order):
    """Combat drills with an Expert Trainer (CC-CO-PRACTICE)."""


@attrs.frozen
class Scan(model.Order):
    """Dash into every adjacent hex and report it, with an Expert Scout (CC-CO-SCAN)."""


def _parse_hire(spec: OrderSpec, words: list[Token], line: int, text: str,
                rules: Ruleset) -> model.Order:
    if not words:
        return Hire(spec.keyword, line, text)
    no_more(words, spec, 1)
    expert = rules.expert_by_word(words[0].text)
    if expert is None:
        codes = ", ".join(rules.experts)
        raise OrderSyntaxError("unknown_expert", f'"{words[0].text}" is not an expert type; '
                               f"use a name or one of {codes}")
    return Hire(spec.keyword, line, text, expert=expert.code)


PARSERS: dict[str, ArgumentParser] = {
    "convoy:HIRE": _parse_hire,
    "convoy:CELEBRATE": no_args(Celebrate),
    "convoy:PRACTICE": no_args(Practice),
    "convoy:SCAN": no_args(Scan),
}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
