"""The [AGENTS] section's lines: one hex number a line, where an agent goes (CC-CL-TRAIN-02)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from conquest_tui.engine.orders.arguments import OrderSyntaxError, hex_arg, shown
from conquest_tui.engine.orders.model import Order
from conquest_tui.engine.orders.tokens import TokenError, tokenize

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset

AGENT = "AGENT"
"""The keyword an agent line is recorded under (it is written without one)."""


@attrs.frozen
class AgentDestination(Order):
    """One agent-destination line: the hex the agent of that line reports on (AMB-71)."""

    KEYWORD: ClassVar[str] = AGENT

    hex: str = ""

    def words(self, rules: Ruleset) -> str:
        """The hex number alone, as the [AGENTS] section is written: 0516."""
        return self.hex


def parse_agent_line(text: str, line_number: int) -> AgentDestination:
    """A line such as `0516` (or `AGENT 0516`). Raises OrderSyntaxError."""
    try:
        words = tokenize(text)
    except TokenError:
        raise OrderSyntaxError("quote") from None
    if words and words[0].upper == AGENT:
        words = words[1:]
    if not words:
        raise OrderSyntaxError("missing_hex", why="agent")
    target = hex_arg(words[0], "an agent line")
    if len(words) > 1:
        extra = shown(" ".join(token.text for token in words[1:]))
        raise OrderSyntaxError("extra_words", why="agent", extra=extra)
    return AgentDestination(AGENT, line_number, text.strip(), hex=target)
