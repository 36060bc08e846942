"""A Clan's view read while its game stands still (one bot's sheet): its convoys listed once."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo


class StillView(ClanView):
    """A ClanView over a game nothing changes while it is read: the bot's brain asks for the
    Clan's convoys a dozen times a sheet, and each answer is the first one's (its records are
    frozen; each caller gets a list of its own)."""

    __slots__ = ("_convoys",)

    def __init__(self, game: Game, clan_number: int) -> None:
        super().__init__(game, clan_number)
        self._convoys: tuple[ConvoyInfo, ...] | None = None

    def convoys(self) -> list[ConvoyInfo]:
        """The Clan's convoys in number order (as the game stood when first asked)."""
        if self._convoys is None:
            self._convoys = tuple(super().convoys())
        return list(self._convoys)
