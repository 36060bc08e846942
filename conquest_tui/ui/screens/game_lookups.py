"""What the player looks up from the game screen, each on a screen of its own over it: the odds
of a fight, the inbox, the relations, the last turn played back, the history, the help."""

from __future__ import annotations

from conquest_tui.ui.screens.game_sheet import GameSheet


class GameLookups(GameSheet):
    """The screens opened over the game, and back."""

    async def action_help(self) -> None:
        """Show the help screen."""
        await self.app.run_action("help")

    def action_odds(self) -> None:
        """Show the odds of a fight for the selected convoy in the map cursor's hex (its own
        hex, or any other it would enter: on its route, as the sheet brings it there)."""
        from conquest_tui.ui.screens.odds import OddsScreen
        from conquest_tui.ui.widgets.convoy_pane import ConvoyPane

        convoy = self.query_one("#convoys", ConvoyPane).selected_convoy
        if convoy is None:
            self.notify("Select a convoy first (convoy pane).", severity="warning")
            return
        self.app.push_screen(OddsScreen(self.seat, self.view, convoy.number,
                                        self.map_pane.cursor, self.draft))

    def action_inbox(self) -> None:
        """Show the inbox: what the Clan was told outside its own orders."""
        from conquest_tui.ui.screens.inbox import InboxScreen

        self.app.push_screen(InboxScreen(self.view))

    def action_replay(self) -> None:
        """Play the Clan's last turn back on the map, pulse by pulse."""
        from conquest_tui.ui.screens.replay import ReplayScreen, replay_frames

        frames = replay_frames(self.view)
        if not frames:
            self.notify("There is no turn of yours to replay yet.", severity="warning")
            return
        self.app.push_screen(ReplayScreen(self.view, frames))

    def action_history(self) -> None:
        """Show the Clan's past reports, turn by turn, and plots of its figures."""
        from conquest_tui.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.seat.history(), self.seat))

    def action_relations(self) -> None:
        """Show the Clans met; its ALLY and BAN keys write lines on this sheet."""
        from conquest_tui.ui.screens.relations import RelationsScreen

        if not self.panes_ready:
            return
        sheet = self.sheet_pane
        self.app.push_screen(RelationsScreen(self.view, sheet.pending_clan_orders,
                                             sheet.toggle_clan_order))
