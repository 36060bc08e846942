"""A Clan's next sheet after its turn: its standing orders carried in (house rule `standing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game


def carry_standing(game: Game, clan_number: int, sheet: str) -> None:
    """After the Clan's turn from `sheet`: its next draft starts with the sheet's standing lines,
    in their sections and still marked (nothing changes where the house rule is off)."""
    from conquest_tui.engine.orders.sheet import parse_sheet
    from conquest_tui.engine.orders.standing import standing_draft
    from conquest_tui.engine.rules.house import HouseRuleName

    if not game.house.on(HouseRuleName.STANDING) or not game.has_clan(clan_number):
        return
    game.clan(clan_number).draft_sheet = standing_draft(
        parse_sheet(sheet, game.rules, game.house))
