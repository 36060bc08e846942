"""The order sheet a bot is writing: order records per section, within the sheet's line limits.

The plan holds orders, not text: each planner adds the records it means (`Buy(quantity=40,
item="food")`), reads back what is planned by type and field, and the sheet is written once,
each order by its own `line()`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import attrs

from conquest_tui.engine.orders.agent_lines import AgentDestination
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder, Order
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset

Planned = TypeVar("Planned", bound=Order)


@attrs.define
class ConvoyPlan:
    """The orders of one convoy's section, at most `room` of them (its order lines)."""

    number: int
    room: int
    lines: list[ConvoyOrder] = attrs.field(factory=list)

    @property
    def free(self) -> int:
        """Lines still free in this convoy's section."""
        return self.room - len(self.lines)

    def add(self, order: ConvoyOrder) -> bool:
        """Add an order if there is room; False when the section is full."""
        if self.free <= 0:
            return False
        self.lines.append(order)
        return True


@attrs.define
class SheetPlan:
    """A bot's sheet in the making: [PRE], one [CONVOY n] per convoy, [POST], [AGENTS]."""

    rules: Ruleset
    """The rulebook the orders' lines are written with."""
    pre_room: int
    post_room: int
    agent_room: int = 0
    pre: list[ClanOrder] = attrs.field(factory=list)
    post: list[ClanOrder] = attrs.field(factory=list)
    agents: list[AgentDestination] = attrs.field(factory=list)
    convoys: dict[int, ConvoyPlan] = attrs.field(factory=dict)
    errands: dict[int, str] = attrs.field(factory=dict)
    """Convoy number → hex it should head for this turn (e.g. a plagued city to CURE); the
    movement planner drives it there instead of choosing a goal of its own."""
    extras_spent: int = 0
    """Money the extras' lines (vaccine, experts, espionage, buildings, agents) may spend this
    turn: the brain takes it off what it spends after them."""

    @classmethod
    def for_view(cls, view: ClanView) -> SheetPlan:
        """An empty plan with the Clan's line limits and one section per convoy it has."""
        limits = view.rules.order_lines
        clan = view.clan
        plan = cls(view.rules, pre_room=limits.pre + clan.extra_pre_lines,
                   post_room=limits.post + clan.extra_post_lines, agent_room=clan.agents)
        for convoy in view.convoys():
            plan.convoys[convoy.number] = ConvoyPlan(convoy.number, convoy.order_lines)
        return plan

    def add_pre(self, order: ClanOrder) -> bool:
        """Add a pre-turn Clan order if there is room; False when [PRE] is full."""
        return _add(self.pre, self.pre_room, order)

    def add_post(self, order: ClanOrder) -> bool:
        """Add a post-turn Clan order if there is room; False when [POST] is full."""
        return _add(self.post, self.post_room, order)

    def add_agent(self, hex_id: str) -> bool:
        """Send an agent to a hex ([AGENTS]) if the Clan has an agent left for it."""
        return _add(self.agents, self.agent_room, AgentDestination(hex=hex_id))

    def convoy(self, number: int) -> ConvoyPlan:
        """The section of convoy `number` (made on first use: a convoy CREATEd in [PRE])."""
        if number not in self.convoys:
            self.convoys[number] = ConvoyPlan(number, 0)
        return self.convoys[number]

    def written(self, orders: Iterable[Order]) -> list[str]:
        """The orders' sheet lines."""
        return [order.line(self.rules) for order in orders]

    def text(self) -> str:
        """The sheet as a player would type it (empty sections left out, [PRE] always first)."""
        lines = ["[PRE]", *self.written(self.pre)]
        for number in sorted(self.convoys):
            section = self.convoys[number]
            if section.lines:
                lines += [f"[CONVOY {number}]", *self.written(section.lines)]
        if self.post:
            lines += ["[POST]", *self.written(self.post)]
        if self.agents:
            lines += ["[AGENTS]", *self.written(self.agents)]
        return "\n".join(lines) + "\n"


def _add(lines: list[Planned], room: int, item: Planned) -> bool:
    if len(lines) >= room:
        return False
    lines.append(item)
    return True


__all__ = ["ConvoyPlan", "SheetPlan"]
