"""The forecast as data: the Clan's stocks and convoys pulse by pulse through a turn played
ahead, and the lines it could not carry out (built by `play.forecast`, worded by
`forecast_text`)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.state import Clan, Problem

CANNOT_KNOW: tuple[str, ...] = ("dice", "unseen_convoys", "unseen_hexes", "unseen_cities",
                                "other_clans")
"""What a forecast cannot know, as codes the app words: the turn's dice (income, battles, random
events are rolled with other dice), convoys the Clan has not seen, hexes it does not see now
(taken as unclaimed, of the usual defense for their terrain, with nothing to pick up), and what
other Clans do before the turn is really played."""


@attrs.frozen
class Stocks:
    """The Clan's money and supplies at one moment of the forecast turn."""

    money: int
    food: int
    fuel: int
    parts: int

    @classmethod
    def of(cls, clan: Clan) -> Stocks:
        """The stocks of a Clan now."""
        stock = clan.stock
        return cls(stock.money, stock.food, stock.fuel, stock.parts)


@attrs.frozen
class ConvoyPulse:
    """One convoy at the end of one pulse."""

    pulse: int
    hex: str
    troops: int
    parts_owed: int
    """Parts its moves so far cost, paid at the turn's maintenance (rounded up)."""
    fought: bool = False
    stopped: bool = False
    """Its line of this pulse could not be carried out."""
    gone: bool = False
    """It no longer exists (destroyed, sunk, disbanded, sold or absorbed)."""
    line: int = 0
    """The sheet line whose move or order led it into the pulse's fight (0: none)."""


@attrs.frozen
class ConvoyForecast:
    """One of the Clan's convoys through the forecast turn."""

    number: int
    name: str
    start_hex: str
    start_troops: int
    created: bool
    """CREATEd by this sheet's pre-turn orders (numbered as the turn numbers it)."""
    pulses: tuple[ConvoyPulse, ...]
    end_hex: str
    end_troops: int
    gone: bool


@attrs.frozen
class ForecastProblem:
    """A line the forecast turn could not carry out, with the pulse it failed in (0: not in a
    pulse). `problem` is the turn's own resolve problem (kind and facts)."""

    line: int
    pulse: int
    phase: str
    problem: Problem


@attrs.frozen
class LineMoney:
    """What one sheet line did to the Clan's money when the forecast turn carried it out."""

    line: int
    phase: str
    """The phase it ran in: "pre", "pulses" or "post" (a `TurnPhase` value)."""
    pulse: int
    """Its pulse (0: a Clan order)."""
    before: int
    after: int

    @property
    def cost(self) -> int:
        """The money it took (negative: the money it brought, e.g. a SELL)."""
        return self.before - self.after


@attrs.frozen
class Forecast:
    """What the sheet would do if the turn were played now (see CANNOT_KNOW)."""

    clan: int
    game_turn: int
    start: Stocks
    """Now, before this turn's income."""
    income: dict[str, int]
    """What the forecast's Income Phase brought (with the forecast's dice)."""
    pulses: tuple[tuple[int, Stocks], ...]
    """(pulse, stocks at its end)."""
    end: Stocks
    """After the turn's costs and income: when the Clan's last phase is done."""
    convoys: tuple[ConvoyForecast, ...]
    problems: tuple[ForecastProblem, ...]
    cannot_know: tuple[str, ...] = CANNOT_KNOW
    lines: tuple[LineMoney, ...] = ()
    """The money before and after each sheet line carried out, in the order they ran."""

    def problems_on(self, line: int) -> list[ForecastProblem]:
        """The forecast problems of one sheet line."""
        return [found for found in self.problems if found.line == line]

    def money_of(self, line: int) -> LineMoney | None:
        """What one sheet line did to the money (None: it was not carried out)."""
        return next((money for money in self.lines if money.line == line), None)

@attrs.frozen
class Judgement:
    """One judgement of a sheet, the same for `conquest check --forecast`, the app's end-turn
    box and the turn: the checker's problems (their lines will be skipped) and notices, and the
    forecast's warnings on the lines that will run (built by `play.judgement`)."""

    problems: tuple[Problem, ...]
    """By line: the checker's problems and notices, then the forecast's warnings."""
    forecast: Forecast | None
    """The turn played ahead (None when the game is over)."""

    @property
    def skipped(self) -> tuple[int, ...]:
        """The lines the turn will skip: those with a problem that is not a warning."""
        return tuple(sorted({p.line for p in self.problems if not p.is_warning and p.line}))

    @property
    def warned(self) -> tuple[int, ...]:
        """The lines that run but carry a warning (the checker's notices, the forecast's)."""
        skipped = set(self.skipped)
        return tuple(sorted({p.line for p in self.problems
                             if p.is_warning and p.line and p.line not in skipped}))

    @property
    def failing(self) -> tuple[int, ...]:
        """The lines the forecast could not carry out (with its own dice): they will most
        likely be skipped too when the turn runs."""
        return tuple(sorted({found.line for found in self.forecast.problems})) \
            if self.forecast is not None else ()
