"""Bots hand in sheets held to the judgement a player sees: no line it condemns is left."""

from __future__ import annotations

import pytest

from conquest_tui import session
from conquest_tui.bots import LEVELS
from conquest_tui.bots.mending import condemned, mend
from conquest_tui.engine.play.judgement import judge_sheet
from conquest_tui.session.bot_turns import bot_sheet
from conquest_tui.storage.rules_loader import load_ruleset


def test_a_condemned_move_cuts_its_convoy_short_and_an_emptied_section_goes() -> None:
    """A move the forecast condemns is dropped with every later line of its convoy (they would
    set out from another hex); a [PRE] line alone; a convoy left with no line loses its header."""
    sheet = ("[PRE]\nBUY 10 FUEL\nENLIST 5\n[CONVOY 1]\nN\nNE\nCAPTURE\n[CONVOY 2]\nS\n"
             "[POST]\nENLIST 2\n")
    mended = mend(sheet, load_ruleset(), {2, 6, 9})
    assert mended == "[PRE]\nENLIST 5\n[CONVOY 1]\nN\n[POST]\nENLIST 2\n"


def test_a_sheet_nothing_condemns_is_handed_in_as_written() -> None:
    sheet = "[PRE]\n[CONVOY 1]\nN\n"
    assert mend(sheet, load_ruleset(), set()) == sheet


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", ["judged-1", "judged-2"])
def test_cc_gen_05_a_bot_hands_in_no_line_its_judgement_condemns(seed: str, level: str) -> None:
    """Every level's sheet, judged as `conquest check --forecast` judges a player's, has no line
    the checker refuses or the forecast cannot carry out, for every Clan over several turns."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed=seed, level=level)
    for _ in range(9):
        clan = game.state.active_clan
        sheet = bot_sheet(game)
        assert not condemned(judge_sheet(game, clan, sheet)), sheet
        session.play_bot_turn(game, keep_report=False)
