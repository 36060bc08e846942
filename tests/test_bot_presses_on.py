"""An easy bot that leads the Top Clans with victory in sight presses on: it grows more convoys
(issue 28: easy games end by victory, a normal bot still beats three easy ones)."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.bots.levels import level_named
from conquest_tui.engine.convoys.convoys import create_convoy
from conquest_tui.engine.reports.view import ClanView


def _easy_sheet(share: float, leads: bool) -> str:
    """The easy sheet of a rich Clan with all the convoys a rich easy bot grows to, whose
    popularity is `share` of the victory threshold, ahead of or behind its rival's by 20."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="presses-on")
    number, other = game.state.clan_order
    easy = level_named("easy")
    home = game.convoys_of(number)[0].hex
    for convoy in range(2, easy.max_convoys + easy.rich_convoys + 1):
        create_convoy(game, number, convoy, home, "land")
    game.reindex()
    game.clan(number).stock.money = 2_000_000
    mine = round(share * game.state.victory_threshold)
    game.clan(number).popularity = mine
    game.clan(other).popularity = mine - 20 if leads else mine + 20
    game.state.top_clans.append([number, other] if leads else [other, number])
    return write_sheet(ClanView(game, number), "easy")


def test_cc_cl_create_01_an_easy_leader_near_victory_creates_another_convoy() -> None:
    """Heading the Top Clans with its `lead_share` of the threshold, the easy bot CREATEs a
    convoy beyond the ones it grows to when rich; the same Clan trailing its rival does not."""
    share = level_named("easy").lead_share
    assert level_named("easy").lead_convoys > 0
    assert "CREATE" in _easy_sheet(share + 0.05, leads=True)
    assert "CREATE" not in _easy_sheet(share + 0.05, leads=False)


def test_cc_cl_create_01_an_easy_leader_far_from_victory_does_not_press_on() -> None:
    """A lead early in the game, far below the threshold, changes nothing: the easy bot grows
    its usual convoys (a normal bot's cities overtake it later)."""
    share = level_named("easy").lead_share
    assert "CREATE" not in _easy_sheet(share - 0.1, leads=True)

