"""The bot's brain: legal sheets at every level, fed convoys, expansion, war, and fog."""

from __future__ import annotations

import pytest

from conquest_tui import session
from conquest_tui.bots import LEVELS, write_sheet
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView

Played = tuple[list[tuple[int, str, list[str]]], list[EventKind]]


def _play(game: Game, game_turns: int, level: str) -> Played:
    """Bot turns until `game_turns` more game turns are done: (clan, sheet, checker errors) of
    each turn, and every event kind the turns reported to their own Clan."""
    sheets = []
    kinds: list[EventKind] = []
    end = game.state.game_turn + game_turns
    while not game.state.finished and game.state.game_turn < end:
        clan = game.state.active_clan
        sheet = write_sheet(ClanView(game, clan), level)
        errors = [p.message or p.code for p in check_sheet(game, clan, sheet)
                  if not p.is_warning and p.level != "resolve"]
        sheets.append((clan, sheet, errors))
        result = run_clan_turn(game, clan, sheet)
        kinds += [event.kind for event in result.events if event.clan == clan]
    return sheets, kinds


def test_the_levels_are_easy_normal_hard_and_nothing_else() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="levels")
    view = ClanView(game, game.state.active_clan)
    with pytest.raises(ValueError, match="unknown bot level"):
        write_sheet(view, "godlike")


@pytest.mark.parametrize(("seed", "level"), [("check-1", "easy"), ("check-2", "normal"),
                                             ("check-3", "hard")])
def test_cc_gen_05_bot_sheets_pass_the_checker_with_no_error_line(seed: str, level: str) -> None:
    """Whatever a bot writes, a player could have typed: the checker finds no error in it."""
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed=seed)
    for clan, sheet, errors in _play(game, 8, level)[0]:
        assert errors == [], (clan, sheet, errors)


def test_cc_seq_08_bots_feed_their_troops_and_take_hexes_and_cities() -> None:
    """No troop deserts for hunger; every bot keeps convoys and land; they take cities too."""
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed="fed")
    kinds = _play(game, 12, "normal")[1]
    assert EventKind.DESERTION not in kinds
    assert kinds.count(EventKind.HEX_CAPTURED) > 40
    assert EventKind.CITY_CAPTURED in kinds
    for clan in game.state.clans:
        assert game.convoys_of(clan.number), clan.number
        assert len(game.owned_hexes(clan.number)) > 3, clan.number
        assert clan.popularity > 100, clan.number


def test_a_bot_writes_the_same_sheet_from_the_same_view() -> None:
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="same")
    _play(game, 3, "normal")
    view = ClanView(game, game.state.active_clan)
    assert write_sheet(view, "hard") == write_sheet(view, "hard")


def test_cc_gen_05_hard_bot_sheets_pass_the_checker_up_to_the_turn_limit() -> None:
    """A hard bot's sheets, its last game turns' all-out push included (issue 17), pass the
    checker; in the last game turn it starts nothing that pays off only later."""
    game = session.new_game(map_name="test_small", clans=4, bots=4, seed="hard-end",
                            turn_limit=6, victory_threshold=10**6)
    sheets = _play(game, 6, "hard")[0]
    for clan, sheet, errors in sheets:
        assert errors == [], (clan, sheet, errors)
    last = sheets[-len(game.state.clans):]
    assert all("CREATE" not in sheet and "DEFEND" not in sheet for _, sheet, _ in last)


def _low_convoy_beside_home(level: str) -> tuple[Game, int, str, str]:
    """A rich Clan whose first convoy, 3 buses and 2 troops, stands in an own hex beside its
    city; (game, clan, sheet the level writes, the city)."""
    game = session.new_game(map_name="test_small", clans=2, bots=2, seed="refill")
    number = game.state.active_clan
    convoy = game.convoys_of(number)[0]
    home = convoy.hex
    beside = next(h for _, h in game.map.neighbors(home) if game.map.is_land(h))
    game.hex(beside).owner = number
    convoy.hex = beside
    convoy.vehicles["bus"] = 3
    convoy.troops = 2
    game.clan(number).stock.money = 200_000
    return game, number, write_sheet(ClanView(game, number), level), home


def test_cc_res_14_a_hard_convoy_refills_in_its_city_on_the_way_and_sets_out_again() -> None:
    """Troops enlisted before the first pulse wait in the city; the hard convoy low on troops
    picks them up as it enters and takes hexes with the moves it has left. A normal one ends
    its turn in the city."""
    game, number, sheet, home = _low_convoy_beside_home("hard")
    assert "ENLIST" in sheet.split("[CONVOY")[0]
    result = run_clan_turn(game, number, sheet)
    mine = [e for e in result.events if e.convoy == 1]
    kinds = [e.kind for e in mine]
    pickup = kinds.index(EventKind.PICKUP)
    assert mine[pickup].facts["hex"] == home
    assert kinds[pickup:].count(EventKind.HEX_CAPTURED) >= 2
    game, number, sheet, home = _low_convoy_beside_home("normal")
    result = run_clan_turn(game, number, sheet)
    assert EventKind.HEX_CAPTURED not in [e.kind for e in result.events if e.convoy == 1]
    assert game.convoys_of(number)[0].hex == home
