"""What every phase of a player turn shares: the game, the active Clan, its events and draws."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, cast

import attrs

from conquest_tui.engine.core.events import EventKind, Facts, fact, facts_of
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.rng import turn_rng
from conquest_tui.engine.core.state import Clan, Event, Problem
from conquest_tui.engine.core.turn_phases import TurnPhase

if TYPE_CHECKING:
    from conquest_tui.engine.orders.sheet import OrderSheet


@attrs.define
class TurnContext:
    """The active Clan's turn in progress. Phases report through it, never by printing."""

    game: Game
    clan: Clan
    sheet: OrderSheet
    phase: TurnPhase = TurnPhase.BETWEEN
    pulse: int = 0
    line: int = 0
    convoy: int = 0
    events: list[Event] = attrs.field(factory=list)
    problems: list[Problem] = attrs.field(factory=list)
    visited: set[str] = attrs.field(factory=set)
    """Hexes the Clan's convoys entered this turn (hex list, CC-RPT-03)."""
    conquered: list[str] = attrs.field(factory=list)
    hex_morale: dict[int, int] = attrs.field(factory=dict)
    """Convoy number → morale its hex captures gave this turn (the sum of its HEX_CAPTURED
    events' `morale`, kept as they are reported: AMB-62's cap reads it)."""
    after_pulse: Callable[[TurnContext, int], None] | None = None
    """Called at the end of each pulse with the pulse number (the forecast watches the turn)."""
    after_line: Callable[[TurnContext, int], None] | None = None
    """Called after each sheet line was carried out, with the Clan's money before it (the
    forecast tells what each line costs)."""
    _rngs: dict[tuple[str, int], Random] = attrs.field(factory=dict)

    @property
    def turn(self) -> int:
        """The current game turn."""
        return self.game.state.game_turn

    def rng(self) -> Random:
        """The generator of the current phase and pulse (one per phase, drawn in order)."""
        key = (self.phase, self.pulse)
        generator = self._rngs.get(key)
        if generator is None:
            generator = turn_rng(self, self.turn, self.clan.number, *key)
            self._rngs[key] = generator
        return generator

    def carry_out(self, step: Callable[[], None]) -> None:
        """Carry out the line being run (`step`), then tell `after_line` what money it found."""
        money = self.clan.stock.money
        step()
        if self.after_line is not None:
            self.after_line(self, money)

    def report(self, kind: EventKind, rule: str = "", /, **facts: object) -> Event:
        """Record an event of the active Clan, tagged with the current phase, pulse and line.

        `ctx.report(EventKind.SUNK, "CC-MOVE-12", convoy=2, hex="0309")`: the kind, the rule
        behind it and its facts; `line=` and `convoy=` set the event's own fields (default: the
        line and convoy being carried out). They are taken out of the facts here, not named as
        parameters, so that facts gathered in a dict can be spread into the call.
        """
        line, convoy = facts.pop("line", None), facts.pop("convoy", None)
        for name, value in facts.items():  # this call's own dict, made facts in place
            if type(value) is not int and type(value) is not str:
                facts[name] = fact(value)
        event = Event(
            clan=self.clan.number,
            phase=self.phase,
            kind=kind,
            facts=cast(Facts, facts),
            rule=rule,
            pulse=self.pulse,
            line=self.line if line is None else _tag(line),
            convoy=self.convoy if convoy is None else _tag(convoy),
            game_turn=self.game.state.game_turn,
        )
        self.events.append(event)
        return event

    def notify(self, clan: int, kind: EventKind, rule: str = "", /, **facts: object) -> None:
        """Tell another Clan on its next turn what happened to it now (CC-SEQ-16).

        `ctx.notify(owner, EventKind.HEX_LOST, "CC-CBH-06", hex="0307")`: the event goes to
        that Clan's inbox with this Clan as its actor, and reads in its told form.
        """
        if clan == self.clan.number or not self.game.has_clan(clan):
            return
        self.game.clan(clan).inbox.append(Event(
            clan=clan, phase=TurnPhase.BETWEEN, kind=kind, facts=facts_of(facts), rule=rule,
            pulse=self.pulse, game_turn=self.turn, actor=self.clan.number,
        ))

    def fail(self, kind: EventKind, rule: str = "", /, **facts: object) -> None:
        """An order that could not be carried out when its time came (resolve level).

        `ctx.fail(EventKind.NO_FUEL, "CC-CO-SCAN-03", why="scan", convoy=1, need=4, have=1)`
        records the problem (code = the kind's value, its facts) and the event; both read as
        the sentence rendered from kind and facts.
        """
        recorded = facts_of(facts)
        self.problems.append(Problem(self.line, kind.value, "resolve", recorded))
        self.report(kind, rule, **recorded)


def _tag(value: object) -> int:
    """An event's `line=` or `convoy=` given (not None, the one being carried out): a whole
    number."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"an event's line or convoy must be a whole number, not {value!r}")
