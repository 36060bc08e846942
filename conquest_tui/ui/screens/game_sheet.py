"""The game screen's order sheet: its draft kept in the save as typing pauses, its forecast (the
warnings on its lines, the money after the turn, the forecast pane), saving, ending the turn and
resigning."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from conquest_tui.ui.screens.game_map import GameMap

if TYPE_CHECKING:
    from textual.message import Message

    from conquest_tui.engine.face import Forecast
    from conquest_tui.ui.widgets.forecast_pane import ForecastPane


class GameSheet(GameMap):
    """The order sheet being written, and what becomes of it."""

    DRAFT_PAUSE: ClassVar[float] = 2.0
    """Seconds after typing stops before the sheet being written goes into the save."""

    def on_order_sheet_pane_sheet_changed(self, event: Message) -> None:
        self._route_soon()
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft_timer = self.set_timer(self.DRAFT_PAUSE, self._draft_paused)

    def _draft_paused(self) -> None:
        """Typing stopped: the sheet goes into the save (the app writes it)."""
        self._draft_timer = None
        if self.panes_ready and self.is_attached:
            self.post_message(self.DraftPaused(self.seat, self.sheet_pane.text))

    @property
    def draft_pending(self) -> bool:
        """Whether typing stopped less than DRAFT_PAUSE ago (the save has not the sheet yet)."""
        return self._draft_timer is not None

    @property
    def draft(self) -> str:
        """The order sheet as written so far (the saved draft until the panes are mounted)."""
        if self.panes_ready:
            return self.sheet_pane.text
        return self.view.clan.draft_sheet if self._start_draft is None else self._start_draft

    def on_forecast_pane_ready(self, event: ForecastPane.Ready) -> None:
        """A forecast of the sheet: its warnings on the lines that will fail, and the money
        after the turn in the status line."""
        self._forecast_arrived(event.forecast, event.text)

    def _forecast_arrived(self, forecast: Forecast, text: str) -> None:
        from conquest_tui.engine.face import sheet_warnings

        sheet = self.sheet_pane
        checked = {problem.line for problem in sheet.problems if not problem.is_warning}
        sheet.set_forecast(sheet_warnings(forecast, checked), text)
        sheet.set_costs(forecast, text)
        self._money_after = forecast.end.money
        self._show_status()

    def action_toggle_forecast(self) -> None:
        """Show the forecast pane in place of the convoy and city panes (on a small terminal,
        in place of the order sheet too), or hide it."""
        shown = not self.has_class("-forecast")
        self.set_class(shown, "-forecast")
        if self.compact:  # the sheet and the forecast take turns: the focus follows
            if shown and self._focused_pane() == "#sheet":
                self.query_one("#forecast-scroll").focus()
            elif not shown:
                self.sheet_pane.editor.focus()

    def action_save(self) -> None:
        """Save now, the sheet being written included."""
        self.post_message(self.SaveRequested(self.seat, self.draft))

    def action_save_and_quit(self) -> None:
        """Save, the sheet included, and go back to the title screen."""
        self.post_message(self.SaveRequested(self.seat, self.draft, then_quit=True))

    def action_submit(self) -> None:
        """Ask, then run the Clan's turn. The box names the lines the turn will skip and those
        that run with a warning, from one judgement of the sheet as it stands (the checker's and
        the forecast's, as `conquest check --forecast` gives them)."""
        from conquest_tui.engine.face import forecast_text
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        detail = forecast_text.judgement_summary(self.seat.judge(self.sheet_pane.text))

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.TurnEnded(self.seat, self.sheet_pane.text))

        self.app.push_screen(
            ConfirmDialog(f"End the turn of Clan {self.view.clan.number}?", detail,
                          yes="End turn", no="Keep writing", title="End turn"),
            answered,
        )

    def action_resign(self) -> None:
        """Ask, then resign the Clan (CC-GEN-11): its units stay where they are and defend."""
        from conquest_tui.ui.screens.dialogs import ConfirmDialog

        clan = self.view.clan
        detail = ("Its convoys, cities and hexes stay where they are and defend themselves, but "
                  "it gives no more orders and cannot win. This cannot be undone; the sheet "
                  "being written is dropped.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(self.ClanResigned(self.seat))

        self.app.push_screen(
            ConfirmDialog(f"Resign Clan {clan.number} ({clan.name}) from the game?", detail,
                          yes="Resign", no="Keep playing", title="Resign"),
            answered,
        )
