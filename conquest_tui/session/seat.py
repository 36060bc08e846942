"""One Clan's seat: the only door to the game for the person, bot or script playing that Clan.

A seat is opened by the table (`Session.open_seat`, `SeatDoor`) once its PIN, if any, was
heard; everything done for the Clan afterwards — its view, report, history, check, forecast,
odds, draft, turn, resignation and a change of who plays it — goes through it, and shows only
what that Clan may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from conquest_tui.session.errors import NoOdds, PinNeeded, SessionError

if TYPE_CHECKING:
    from conquest_tui.engine.combat.odds import Estimate
    from conquest_tui.engine.core.state import Problem
    from conquest_tui.engine.economy.price_list import PriceList
    from conquest_tui.engine.reports.forecast_records import Forecast, Judgement
    from conquest_tui.engine.reports.history import History
    from conquest_tui.engine.reports.report import Report
    from conquest_tui.engine.reports.view import ClanView
    from conquest_tui.engine.rules.ruleset import Ruleset
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session.boards import SeatInfo
    from conquest_tui.session.mail import Packet
    from conquest_tui.session.outcomes import HandOver, TurnOutcome
    from conquest_tui.session.table import Session


@attrs.frozen(eq=False)
class Seat:
    """The Clan's door to the game at one table (made only by the table, behind the PIN)."""

    _table: Session = attrs.field(repr=False, alias="table")
    number: int

    def sits_at(self, table: Session) -> bool:
        """Whether this seat is one of `table`'s (a seat of an older table is not)."""
        return self._table is table

    # --- who sits here ---------------------------------------------------------------------
    @property
    def info(self) -> SeatInfo:
        """The seat as the table knows it: name, human or bot, level, PIN."""
        return self._table.seat_info(self.number)

    @property
    def name(self) -> str:
        """The Clan's name."""
        return self.info.name

    @property
    def label(self) -> str:
        """"Clan N (name)"."""
        return self.info.label

    @property
    def rules(self) -> Ruleset:
        """The game's rulebook (public)."""
        return self._table.rules

    @property
    def is_turn(self) -> bool:
        """Whether it is this Clan's turn (and the game goes on)."""
        return not self._table.finished and self._table.active_clan == self.number

    # --- what the Clan sees ----------------------------------------------------------------
    def view(self) -> ClanView:
        """What the Clan may see now (fog of war)."""
        from conquest_tui.engine.reports.view import ClanView

        return ClanView(self._table._game, self.number)

    def report(self) -> Report:
        """The Clan's current report."""
        from conquest_tui.engine.reports.report import build_report

        return build_report(self.view())

    def history(self) -> History:
        """The Clan's past reports and the figures it may plot (everyone's once it is over)."""
        from conquest_tui.engine.reports.history import build_history

        return build_history(self._table._game, self.number)

    def past_report(self, game_turn: int) -> str:
        """The Clan's report of a past game turn as it read it ("" when it played no turn
        then): kept in the save, or rebuilt from the game's sheets (which may take a while for
        an old one in a long game: the history screen asks from a worker)."""
        from conquest_tui.engine.reports.past_reports import read_turn
        from conquest_tui.session.past_rebuild import past_report_text

        game = self._table._game
        past = read_turn(game.clan(self.number), game_turn)
        if past is None:
            return ""
        return past_report_text(game, self.number, game_turn, past.text)

    def report_kept(self, game_turn: int) -> bool:
        """Whether the save keeps the text of that game turn's report (else `past_report`
        rebuilds it by replay)."""
        from conquest_tui.engine.reports.past_reports import read_turn
        from conquest_tui.session.past_rebuild import needs_rebuild

        past = read_turn(self._table._game.clan(self.number), game_turn)
        return past is None or not needs_rebuild(past.text)

    def prices(self) -> PriceList:
        """What the Clan's orders would pay now for each thing they buy, and what sets it."""
        from conquest_tui.engine.economy.price_list import price_list

        return price_list(self._table._game, self.number)

    @property
    def draft(self) -> str:
        """The sheet being written, as last kept."""
        return self._table._game.clan(self.number).draft_sheet

    # --- working on the sheet ---------------------------------------------------------------
    def check(self, sheet: str) -> list[Problem]:
        """The problems of an order sheet, in line order, without running it."""
        from conquest_tui.engine.play.checker import check_sheet

        return check_sheet(self._table._game, self.number, sheet)

    def forecast(self, sheet: str) -> Forecast:
        """What the sheet would do, played ahead on a fog-safe copy (ValueError when the game
        is over). Safe to call from a worker thread while the table is not being written."""
        from conquest_tui.engine.play.forecast import forecast_turn

        return forecast_turn(self._table._game, self.number, sheet)

    def judge(self, sheet: str) -> Judgement:
        """One judgement of the sheet: the checker's problems (lines the turn will skip) and
        notices, and the forecast's warnings on the lines that run, by line (the forecast is
        None when the game is over). Safe from a worker thread as `forecast` is."""
        from conquest_tui.engine.play.judgement import judge_sheet

        return judge_sheet(self._table._game, self.number, sheet)

    def odds(self, convoy: int, target: str | None = None, *, attack_city: bool = False,
             troops: int | None = None, runs: int | None = None, seed: int = 0,
             sheet: str = "") -> list[Estimate]:
        """The fights one of the Clan's convoys would meet at `target` (its own hex by default),
        from what the Clan knows: with a `sheet`, the convoy as it brings it there (this turn's
        purchases and ENLIST, its moves on the way); a hex attack exactly, other fights by
        `runs` seeded runs (None: enough for half a point). NoOdds says why there is none."""
        from conquest_tui.engine.combat import odds
        from conquest_tui.engine.play.planned import planned_estimates
        from conquest_tui.engine.sentences.odds_text import error_text

        try:
            return planned_estimates(self._table._game, self.number, sheet, convoy, target,
                                     attack_city=attack_city, troops=troops, runs=runs,
                                     seed=seed)
        except odds.OddsError as error:
            raise NoOdds(error_text(error).capitalize() + ".") from None

    def route_fuel(self, convoy: int) -> Callable[[str, str], int] | None:
        """Fuel of one move of the convoy, over the ground as the Clan knows it (None: the
        Clan has no such convoy)."""
        from conquest_tui.engine.convoys import movement, routes

        live = self._table._game.convoy(self.number, convoy)
        if live is None:
            return None
        view = self.view()
        world = routes.RouteWorld(view.map, view.rules, view.known_roads()).as_game
        return lambda origin, target: movement.move_fuel(world, live, origin, target)

    def keep_draft(self, sheet: str) -> None:
        """Keep the sheet being written with the Clan (written with the next save)."""
        self._table._game.clan(self.number).draft_sheet = sheet

    def save_draft(self, sheet: str) -> None:
        """Keep the sheet being written and write it into the save now (SaveMovedOn when another
        window moved the game on: nothing is written then)."""
        self._table._write_draft(self.number, sheet)

    # --- acting -----------------------------------------------------------------------------
    def submit(self, sheet: str) -> TurnOutcome:
        """Run the Clan's turn, let bot seats play, save once (NotYourTurn, SheetRefused,
        SaveMovedOn: nothing ran)."""
        return self._table._submit(self.number, sheet)

    def packet(self) -> Packet:
        """The Clan's packet for play by mail: its report, in text and in the 1995 layout, and
        its signed sheet form (the game's first packet gives the game its id and secret, and
        saves them)."""
        return self._table._packet(self.number)

    def resign(self) -> HandOver:
        """The Clan drops out (CC-GEN-11); bot seats play; the game is saved."""
        return self._table._resign(self.number)

    def set_seat(self, seat: str, level: str | None = None) -> None:
        """Hand the seat to a bot (at `level`) or to a person, and save at once."""
        self._table._set_seat(self.number, seat, level)


@attrs.define(eq=False)
class SeatDoor:
    """A seat's PIN at the table: the back-off's wait, hearing a PIN, then the seat."""

    _table: Session = attrs.field(repr=False, alias="table")
    number: int
    _opened: Seat | None = attrs.field(default=None, init=False)

    @property
    def needs_pin(self) -> bool:
        """Whether the seat has a PIN."""
        return self._table.seat_info(self.number).has_pin

    @property
    def label(self) -> str:
        """"Clan N (name)"."""
        return self._table.seat_info(self.number).label

    def wait(self) -> int:
        """Seconds before a PIN is heard (0: now)."""
        return self._table.pin_wait(self.number)

    def attempt(self, pin: str) -> PinAnswer:
        """Hear a PIN; once it is accepted, `seat` opens (SessionError: a wrong PIN that could
        not be counted, and nothing opens)."""
        from conquest_tui.pins.backoff import Verdict

        answer = self._table.try_pin(self.number, pin)
        if answer.verdict is Verdict.ACCEPTED:
            self._table.readable((self.number,))
            self._opened = Seat(self._table, self.number)
        return answer

    @property
    def seat(self) -> Seat:
        """The seat, once open: at once without a PIN, else after an accepted PIN."""
        if self._opened is None:
            if self.needs_pin:
                raise PinNeeded(f"{self.label} has a PIN")
            self._table.readable((self.number,))
            self._opened = Seat(self._table, self.number)
        return self._opened


def check_seat_word(seat: str, level: str | None, levels: tuple[str, ...]) -> None:
    """A seat is "human" or "bot", a level one of the bots'."""
    from conquest_tui.session.setup import SEATS

    if seat not in SEATS:
        raise SessionError(f"a seat is {' or '.join(SEATS)}, not {seat!r}")
    if level is not None and level not in levels:
        raise SessionError(f"a bot plays {', '.join(levels)}, not {level!r}")
