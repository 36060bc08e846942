"""The order sheet a bot is writing: lines per section, kept within the sheet's line limits."""

from __future__ import annotations

import attrs

from conquest_tui.engine.reports.view import ClanView


@attrs.define
class ConvoyPlan:
    """The lines of one convoy's section, at most `room` of them (its order lines)."""

    number: int
    room: int
    lines: list[str] = attrs.field(factory=list)

    @property
    def free(self) -> int:
        """Lines still free in this convoy's section."""
        return self.room - len(self.lines)

    def add(self, line: str) -> bool:
        """Add a line if there is room; False when the section is full."""
        if self.free <= 0:
            return False
        self.lines.append(line)
        return True


@attrs.define
class SheetPlan:
    """A bot's sheet in the making: [PRE], one [CONVOY n] per convoy, [POST], [AGENTS]."""

    pre_room: int
    post_room: int
    agent_room: int = 0
    pre: list[str] = attrs.field(factory=list)
    post: list[str] = attrs.field(factory=list)
    agents: list[str] = attrs.field(factory=list)
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
        plan = cls(pre_room=limits.pre + clan.extra_pre_lines,
                   post_room=limits.post + clan.extra_post_lines, agent_room=clan.agents)
        for convoy in view.convoys():
            plan.convoys[convoy.number] = ConvoyPlan(convoy.number, convoy.order_lines)
        return plan

    def add_pre(self, line: str) -> bool:
        """Add a pre-turn Clan order if there is room; False when [PRE] is full."""
        return _add(self.pre, self.pre_room, line)

    def add_post(self, line: str) -> bool:
        """Add a post-turn Clan order if there is room; False when [POST] is full."""
        return _add(self.post, self.post_room, line)

    def add_agent(self, line: str) -> bool:
        """Add an agent's destination line if the Clan has an agent left for it."""
        return _add(self.agents, self.agent_room, line)

    def convoy(self, number: int) -> ConvoyPlan:
        """The section of convoy `number` (made on first use: a convoy CREATEd in [PRE])."""
        if number not in self.convoys:
            self.convoys[number] = ConvoyPlan(number, 0)
        return self.convoys[number]

    def text(self) -> str:
        """The sheet as a player would type it (empty sections left out, [PRE] always first)."""
        lines = ["[PRE]", *self.pre]
        for number in sorted(self.convoys):
            section = self.convoys[number]
            if section.lines:
                lines += [f"[CONVOY {number}]", *section.lines]
        if self.post:
            lines += ["[POST]", *self.post]
        if self.agents:
            lines += ["[AGENTS]", *self.agents]
        return "\n".join(lines) + "\n"


def _add(lines: list[str], room: int, line: str) -> bool:
    if len(lines) >= room:
        return False
    lines.append(line)
    return True


__all__ = ["ConvoyPlan", "SheetPlan"]
