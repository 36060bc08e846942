"""A hard bot holds the cities a rival can reach: it FORTIFYs them and fills them with troops
(issue 28; CC-CL-FORTIFY-01/02, CC-CITY-33, CC-GEN-05 sightings)."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.reports.view import ClanView


def _game(level: str, rival_seen: bool) -> tuple[Game, int, str]:
    """A three-Clan bot game on the small map whose first Clan is rich, and has (or has not)
    seen a rival's convoy by the rival's city last game turn: (game, Clan, its city)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="hold", level=level)
    clan = game.state.active_clan
    game.clan(clan).stock.money = 600_000
    if rival_seen:
        rival = next(city for city in game.state.cities if city.owner not in (0, clan))
        game.clan(clan).sightings.append(Sighting(hex=rival.hex, game_turn=game.state.game_turn,
                                                  owner=rival.owner))
    return game, clan, ClanView(game, clan).owned_cities()[0]


def _fortified(sheet: str, city: str) -> list[str]:
    """The sheet's FORTIFY lines for the city."""
    return [line for line in sheet.splitlines() if line.startswith(f"FORTIFY {city}")]


def test_a_hard_bot_fortifies_and_fills_its_city_when_a_rival_is_near() -> None:
    """A rival's convoy was seen ten hexes off: the hard bot raises its city a level and puts
    troops in it up to the new capacity (a Station holds 100), and the turn carries it out."""
    game, clan, city = _game("hard", rival_seen=True)
    before = game.city(city)
    assert before is not None and before.fortification == 2
    sheet = write_sheet(ClanView(game, clan), "hard")
    lines = _fortified(sheet, city)
    assert len(lines) == 1
    assert int(lines[0].split()[2]) > 0  # troops to fill it
    session.play_bot_turn(game)
    after = game.city(city)
    assert after is not None and after.fortification == 3
    assert after.troops > 60


def test_no_fortifying_without_a_rival_near_nor_at_normal_level() -> None:
    """Nothing seen of a rival: the hard bot spends on growth instead; a normal bot never
    fortifies, a rival seen or not."""
    game, clan, city = _game("hard", rival_seen=False)
    assert not _fortified(write_sheet(ClanView(game, clan), "hard"), city)
    game, clan, city = _game("normal", rival_seen=True)
    assert not _fortified(write_sheet(ClanView(game, clan), "normal"), city)


def _parts_bought(section: str) -> int:
    """Spare parts the sheet section's BUY lines buy."""
    return sum(int(line.split()[1]) for line in section.splitlines()
               if line.startswith("BUY") and line.split()[-1] == "PARTS")


def test_a_hard_bot_buys_parts_after_its_moves_and_scraps_nothing() -> None:
    """Parts are paid at the turn's end (CC-CNV-38, CC-CNV-40): with none in stock, the hard
    bot buys them in [POST], after its moves, and enough of them: no vehicle is scrapped, and
    the stock left is no more than a few turns' use of its buses."""
    game, clan, _city = _game("hard", rival_seen=False)
    game.clan(clan).stock.parts = 0
    game.clan(clan).stock.money = 100_000
    sheet = write_sheet(ClanView(game, clan), "hard")
    before, _, after = sheet.partition("[POST]")
    assert _parts_bought(before) == 0
    assert _parts_bought(after) > 0
    turn = session.play_bot_turn(game)
    assert not [event for event in turn.result.events if event.kind is EventKind.SCRAPPED]
    assert game.clan(clan).stock.parts <= _parts_bought(after)
