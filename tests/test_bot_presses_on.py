"""An easy bot that leads the Top Clans near the turn limit presses on: it grows more convoys
(issue 28: easy games end by victory, a normal bot still beats three easy ones)."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.bots.levels import level_named
from conquest_tui.engine.convoys.convoys import create_convoy
from conquest_tui.engine.reports.view import ClanView

LIMIT = 25


def _easy_sheet(turns_left: int, leads: bool) -> str:
    """The easy sheet of a rich Clan with all the convoys a rich easy bot grows to, `turns_left`
    game turns before the turn limit, 20 points ahead of its rival or behind it."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="presses-on",
                            turn_limit=LIMIT)
    number, other = game.state.clan_order
    easy = level_named("easy")
    home = game.convoys_of(number)[0].hex
    for convoy in range(2, easy.max_convoys + easy.rich_convoys + 1):
        create_convoy(game, number, convoy, home, "land")
    game.reindex()
    game.state.game_turn = LIMIT - turns_left
    game.clan(number).stock.money = 2_000_000
    game.clan(number).popularity = 150
    game.clan(other).popularity = 130 if leads else 170
    game.state.top_clans.append([number, other] if leads else [other, number])
    return write_sheet(ClanView(game, number), "easy")


def test_cc_cl_create_01_an_easy_leader_near_the_turn_limit_creates_another_convoy() -> None:
    """Heading the Top Clans in its last game turns, the easy bot CREATEs a convoy beyond the
    ones it grows to when rich; the same Clan trailing its rival does not."""
    near = level_named("easy").lead_turns - 1
    assert "CREATE" in _easy_sheet(near, leads=True)
    assert "CREATE" not in _easy_sheet(near, leads=False)


def test_cc_cl_create_01_an_easy_leader_early_in_the_game_does_not_press_on() -> None:
    """A lead early in the game changes nothing: the easy bot grows its usual convoys (a normal
    bot's cities overtake it later)."""
    assert "CREATE" not in _easy_sheet(level_named("easy").lead_turns + 5, leads=True)
