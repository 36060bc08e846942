"""The forecast: the Clan's own turn run on a private, fog-safe copy, pulse by pulse (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.forecast import fog_safe_state, forecast_turn
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage.savefile import game_to_text
from tests.game_helpers import convoy_of, first_clan, second_clan


def _there_and_back(game: Game, clan: int) -> list[str]:
    """Moves convoy #1 can make: one legal step and back, three times."""
    convoy = convoy_of(game, clan)
    opposite = {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE"}
    for direction, target in game.map.neighbors(convoy.hex):
        if movement.entry_problem(game, convoy.convoy_type, convoy.hex, target) is None:
            return [direction, opposite[direction]] * 2
    raise AssertionError("convoy #1 has nowhere to go")


def _sheet(game: Game, clan: int) -> str:
    moves = "\n".join(_there_and_back(game, clan))
    return f"[PRE]\nBUY 10 FOOD\n[CONVOY 1]\n{moves}\n[POST]\nENLIST 2\n"


def _seen_all_around(game: Game, clan: int) -> None:
    """The Clan saw every hex near its convoy last turn: nothing there is presumed."""
    home = convoy_of(game, clan).hex
    game.clan(clan).last_turn.visited_hexes += [home, *(h for _, h in game.map.neighbors(home))]


def test_forecast_with_the_real_dice_equals_the_real_turn(quiet: Game) -> None:
    """Same code, same dice, nothing unseen nearby: the forecast's last pulse and its end are
    the real turn's positions and stocks."""
    clan = first_clan(quiet)
    _seen_all_around(quiet, clan)
    sheet = _sheet(quiet, clan)
    forecast = forecast_turn(quiet, clan, sheet, seed_suffix="")
    run_clan_turn(quiet, clan, sheet)
    real = quiet.clan(clan).stock
    assert (forecast.end.money, forecast.end.food, forecast.end.fuel, forecast.end.parts) == \
        (real.money, real.food, real.fuel, real.parts)
    convoy = convoy_of(quiet, clan)
    mine = forecast.convoys[0]
    assert mine.pulses[-1].hex == convoy.hex == mine.end_hex
    assert mine.end_troops == convoy.troops
    assert [row.pulse for row in mine.pulses][:4] == [1, 2, 3, 4]
    assert mine.pulses[0].hex != mine.start_hex  # the first step shows at pulse 1


def test_forecast_with_its_own_dice_keeps_moves_and_fuel(quiet: Game) -> None:
    """Moves cost no dice: with the forecast's own dice, positions and fuel still match."""
    clan = first_clan(quiet)
    _seen_all_around(quiet, clan)
    sheet = _sheet(quiet, clan)
    forecast = forecast_turn(quiet, clan, sheet)
    run_clan_turn(quiet, clan, sheet)
    assert forecast.convoys[0].end_hex == convoy_of(quiet, clan).hex
    assert forecast.end.fuel == quiet.clan(clan).stock.fuel


def test_the_real_game_is_untouched_by_a_forecast(game: Game) -> None:
    clan = first_clan(game)
    before = game_to_text(game)
    forecast_turn(game, clan, _sheet(game, clan))
    assert game_to_text(game) == before


def test_running_out_of_fuel_fails_at_its_pulse_cc_res_08(quiet: Game) -> None:
    """Fuel for two moves only: the third move's line fails at pulse 3, the convoy stays."""
    clan = first_clan(quiet)
    convoy = convoy_of(quiet, clan)
    moves = _there_and_back(quiet, clan)
    for hex_state in quiet.state.hexes:
        hex_state.fuel = 0  # nothing to pick up on the way
    home, away = convoy.hex, dict(quiet.map.neighbors(convoy.hex))[moves[0]]
    cost = movement.move_fuel(quiet, convoy, home, away)
    quiet.clan(clan).stock.fuel = cost + movement.move_fuel(quiet, convoy, away, home) + cost - 1
    forecast = forecast_turn(quiet, clan, "[CONVOY 1]\n" + "\n".join(moves) + "\n")
    failed = [found for found in forecast.problems if found.problem.code == "no_fuel"]
    assert failed and failed[0].line == 4 and failed[0].pulse == 3
    rows = forecast.convoys[0].pulses
    assert rows[2].stopped and rows[2].hex == rows[1].hex
    assert forecast.pulses[1][1].fuel < cost  # what is left after pulse 2 buys no third move


def test_created_convoy_appears_with_the_turns_number_cc_cl_create(game: Game) -> None:
    clan = first_clan(game)
    home = convoy_of(game, clan).hex
    forecast = forecast_turn(game, clan, f'[PRE]\nCREATE {home} LAND "Scouts"\n')
    created = [c for c in forecast.convoys if c.created]
    assert [(c.number, c.name, c.end_hex) for c in created] == [(2, "Scouts", home)]
    assert forecast.end.money < forecast.start.money + forecast.income.get("money", 0)


def test_fog_keeps_only_the_convoys_the_clan_saw(game: Game) -> None:
    clan, other = first_clan(game), second_clan(game)
    theirs = convoy_of(game, other)
    assert all(c.owner == clan for c in fog_safe_state(game, clan).convoys)
    game.clan(clan).sightings.append(Sighting(theirs.hex, game.state.game_turn, owner=other))
    kept = fog_safe_state(game, clan).convoys
    assert any(c.owner == other and c.hex == theirs.hex for c in kept)
    assert all(c is not theirs for c in kept)  # copies, never the game's own


def test_forecast_for_the_clan_that_plays_second(game: Game) -> None:
    """The forecast is of the turn as if played now, for any Clan."""
    other = second_clan(game)
    forecast = forecast_turn(game, other, "")
    assert forecast.clan == other and forecast.pulses
    assert game.state.active_clan == first_clan(game)


def test_forecast_problem_lines_match_the_checkers_line_numbers(quiet: Game) -> None:
    clan = first_clan(quiet)
    sheet = "[CONVOY 1]\nPAUSE\nSCAN\n"
    checked = {p.line for p in check_sheet(quiet, clan, sheet)}
    forecast = forecast_turn(quiet, clan, sheet)
    assert all(found.line in (2, 3) for found in forecast.problems)
    assert checked <= {2, 3}


def test_a_hex_holds_only_plain_values_so_the_forecast_copy_is_a_copy() -> None:
    """fog_safe_state copies each hex from its field values: none may be a list or a dict."""
    import attrs

    from conquest_tui.engine.core.state import HexState

    assert {field.type for field in attrs.fields(HexState)} <= {int, str, bool, "int", "str",
                                                                  "bool"}


def test_check_with_forecast_prints_the_pulse_table(quiet: Game, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest check SHEET --forecast`: the failures as warnings on their lines (the exit
    status stays 0: the lines run), the money line, each convoy by pulse."""
    from conquest_tui import session
    from conquest_tui.cli import main

    clan = first_clan(quiet)
    save, sheet = tmp_path / "forecast.json", tmp_path / "sheet.txt"
    session.save(quiet, save)
    sheet.write_text("[CONVOY 1]\n" + "\n".join(_there_and_back(quiet, clan)) + "\nSCAN\n")
    assert main(["check", "--save", str(save), "--clan", str(clan), "--forecast",
                 str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "Forecast for turn 1: $25,000 now → $" in out
    assert ("line 6: warning: forecast: will fail at pulse 5: convoy #1 has no Expert Scout"
            in out)
    assert "No problems found (1 warning)." in out
    assert "Pulse" in out and "Troops" in out and "Not known: the dice" in out


def test_a_hex_not_seen_is_presumed_not_read(game: Game) -> None:
    """The forecast cannot learn a hidden hex's guards or defense roll: a hex the Clan does not
    see is taken as unclaimed and unguarded, of its terrain's usual defense."""
    clan, other = first_clan(game), second_clan(game)
    hidden = next(h for _, h in game.map.neighbors(convoy_of(game, clan).hex)
                  if game.map.is_land(h))
    real = game.hex(hidden)
    real.owner, real.garrison, real.defense = other, 40, 9
    private = fog_safe_state(game, clan)
    presumed = private.hexes[game.map.index_of(hidden)]
    assert (presumed.owner, presumed.garrison) == (0, 0) and presumed.defense < 9
    game.clan(clan).last_turn.visited_hexes.append(hidden)  # seen last turn: read as it is
    seen = fog_safe_state(game, clan).hexes[game.map.index_of(hidden)]
    assert (seen.owner, seen.garrison, seen.defense) == (other, 40, 9)


def test_a_city_not_seen_is_presumed_as_last_learned_cc_gen_05(game: Game) -> None:
    """The forecast cannot learn a city's garrison the Clan does not see: a city never learned
    is unowned with the fullest starting garrison, a remembered one is as remembered, a city
    seen last turn is as it is; no other Clan's spy is in the copy."""
    from conquest_tui.engine.core.state import CityMemory

    clan, other = first_clan(game), second_clan(game)
    city = next(c for c in game.state.cities if c.owner == 0)
    city.owner, city.troops, city.claymores, city.spies = other, 3, 7, [other]
    presumed = next(c for c in fog_safe_state(game, clan).cities if c.hex == city.hex)
    assert presumed.owner == 0 and presumed.troops > 3 and presumed.claymores == 0
    assert presumed.spies == []
    game.clan(clan).city_memory[city.hex] = CityMemory(hex=city.hex, game_turn=1, owner=other,
                                                       population=9, fortification=2, troops=55)
    remembered = next(c for c in fog_safe_state(game, clan).cities if c.hex == city.hex)
    assert (remembered.owner, remembered.troops, remembered.population) == (other, 55, 9)
    game.clan(clan).last_turn.visited_hexes.append(city.hex)
    seen = next(c for c in fog_safe_state(game, clan).cities if c.hex == city.hex)
    assert (seen.owner, seen.troops, seen.claymores) == (other, 3, 7)


def test_each_line_tells_the_money_it_takes_and_what_is_left_cc_cl_gen_03(quiet: Game) -> None:
    """Issue 27: the forecast tells each line's cost and the money left after it; a line the
    money cannot cover costs nothing and fails with its price (CC-CL-GEN-03, CC-CL-BUYS-02)."""
    clan = first_clan(quiet)
    price = quiet.state.prices["food"]
    sheet = "[PRE]\nBUY 10 FOOD\nBUY 99999 FOOD\n[POST]\nSELL 5 FOOD\n"
    forecast = forecast_turn(quiet, clan, sheet, seed_suffix="")
    bought, too_much, sold = (forecast.money_of(line) for line in (2, 3, 5))
    assert bought is not None and bought.cost == 10 * price and bought.phase == "pre"
    assert too_much is not None and too_much.cost == 0
    assert [found.line for found in forecast.problems] == [3]
    assert sold is not None and sold.cost < 0 and sold.phase == "post"
    assert bought.after == bought.before - 10 * price


def test_the_close_changes_nothing_the_forecast_shows_cc_seq_12(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The forecast stops before the turn's close (what the Clan saw recorded, cities filled
    from the unallocated troops, cities rising under the revolt house rule): each bot's
    forecast of a few game turns is the one that runs the close too (CC-SEQ-12)."""
    from conquest_tui import session
    from conquest_tui.engine.play import forecast as forecasting
    from conquest_tui.engine.play.turn import PHASES
    from conquest_tui.session.bot_turns import bot_sheet, play_bot_turn

    game = session.new_game(map_name="british_isles", clans=3, bots=3, seed="close",
                            turn_limit=0, house_rules=("revolt", "treaties"))
    compared = 0
    while game.state.game_turn <= 4:
        clan = game.state.active_clan
        sheet = bot_sheet(game)
        shown = forecast_turn(game, clan, sheet)
        with monkeypatch.context() as patched:
            patched.setattr(forecasting, "FORECAST_PHASES", PHASES)
            assert forecast_turn(game, clan, sheet) == shown
        compared += 1
        play_bot_turn(game, keep_report=False)
    assert compared == 12
