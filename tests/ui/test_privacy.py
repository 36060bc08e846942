"""Fog of war on screen: Clan 1's game screen shows nothing that only Clan 2 can know."""

from __future__ import annotations

from pathlib import Path

import attrs

from conquest_tui import session
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.overlay_builder import build_overlay
from conquest_tui.ui.widgets.city_pane import CityPane
from conquest_tui.ui.widgets.convoy_pane import ConvoyPane
from conquest_tui.ui.widgets.map_pane import MapPane
from tests.ui.helpers import screen_text, take_the_terminal, wait_until

SECRET_NAME = "Zeppelin Secret"
SECRET_CLAN = "Hidden Foxes"

SIZE = (200, 60)



def secret_game(*, with_secret: bool = True) -> tuple[Game, int, int, str]:
    """A game on test_small where Clan 2 has an extra convoy far outside Clan 1's sight.

    Returns the game, Clan 1 (who plays first), Clan 2 and the hidden convoy's hex.
    """
    game = session.new_game(map_name="test_small", clans=2, seed="privacy",
                            names=["Iron Wolves", SECRET_CLAN])
    first, second = game.state.clan_order
    game.clan(first).name, game.clan(second).name = "Iron Wolves", SECRET_CLAN
    known = set(game.clan(first).known_hexes) | set(ClanView(game, first).owned_hexes())
    own = game.convoys_of(second)[0]
    hidden = next(h for h in game.map.hex_ids()
                  if game.map.is_land(h) and h not in known and h != own.hex
                  and game.city(h) is None and h.startswith("1"))
    if with_secret:
        game.state.convoys.append(attrs.evolve(own, number=2, name=SECRET_NAME, hex=hidden))
    game.reindex()
    return game, first, second, hidden


def test_the_overlay_holds_no_foreign_convoy_and_no_foreign_owner() -> None:
    game, first, second, hidden = secret_game()
    overlay = build_overlay(ClanView(game, first))
    enemy_hexes = {c.hex for c in game.convoys_of(second)}
    assert not set(overlay.foreign_convoys) & enemy_hexes
    assert not set(overlay.own_convoys) & enemy_hexes
    assert hidden not in overlay.known_hexes  # type: ignore[operator]
    for hex_id in ClanView(game, second).owned_cities():
        assert overlay.cities[hex_id].owner_label is None, "Clan 1 never saw who owns it"
    assert str(second) not in {m.owner_label for m in overlay.cities.values()}


def test_the_overlay_shows_a_sighting_once_the_clan_has_one() -> None:
    from conquest_tui.engine.core.state import Sighting

    game, first, _, hidden = secret_game()
    game.clan(first).sightings.append(Sighting(hex=hidden, game_turn=1, how="spotted"))
    overlay = build_overlay(ClanView(game, first))
    assert overlay.foreign_convoys == {hidden: 1}


async def _clan_one_screen(game: Game, tmp_path: Path, name: str, cursor: str) -> str:
    path = tmp_path / f"{name}.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await take_the_terminal(pilot)
        screen.jump_to_hex(cursor)
        await pilot.wait_for_scheduled_animations()
        city = screen.query_one(CityPane)
        await wait_until(pilot, lambda: city.hex_id == cursor, "the city pane on the hex")
        facts = city.city_facts + city.hex_facts
        assert not [fact for fact in facts if fact[0] in ("Sighted", "Your convoys")]
        convoys = screen.query_one(ConvoyPane)
        assert {c.number for c in convoys.convoys} == {1}
        assert cursor not in screen.query_one(MapPane).overlay.foreign_convoys
        return screen_text(app)


async def test_clan_one_screen_does_not_show_clan_two_convoy(tmp_path: Path) -> None:
    game, first, second, hidden = secret_game()
    text = await _clan_one_screen(game, tmp_path, "with", hidden)
    assert SECRET_NAME not in text
    assert SECRET_CLAN not in text
    assert f"Clan {second}" not in text
    enemy_home = game.convoys_of(second)[0].hex
    text_home = await _clan_one_screen(game, tmp_path, "home", enemy_home)
    assert SECRET_CLAN not in text_home and f"Clan {second}" not in text_home

    # The strongest check: the whole screen is the same whether the convoy exists or not.
    plain, *_ = secret_game(with_secret=False)
    assert first == plain.state.clan_order[0]
    without = await _clan_one_screen(plain, tmp_path, "without", hidden)
    assert text == without
