"""Radio reports: broadcasts heard at turn end by cities in radio range (CC-CITY-62…66)."""

from __future__ import annotations

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.world import radio

HOME = "0308"  # the first Clan's starting city, a Station: radio range 6


def hex_at(game: Game, distance: int) -> str:
    return next(h for h in hexgrid.ring(HOME, distance) if game.map.contains(h))


def radio_lines(game: Game, clan: int) -> list[tuple[str, tuple[int, ...]]]:
    """The battles the Clan heard of: (hex, Clans taking part)."""
    return [(e.facts["hex"], e.facts["clans"]) for e in game.clan(clan).last_turn.events
            if e.kind == EventKind.RADIO]


def test_station_hears_battles_within_6_hexes_cc_city_64(game: Game) -> None:
    clan = game.state.active_clan
    game.city(HOME).fortification = 2
    for city in game.state.cities:
        if city.owner == clan and city.hex != HOME:
            city.owner = 0
    radio.broadcast(game, hex_at(game, 6), EventKind.CONVOY_BATTLE, [901, 902],
                    attacker=901, defender=902)
    radio.broadcast(game, hex_at(game, 7), EventKind.CONVOY_BATTLE, [903, 904],
                    attacker=903, defender=904)
    run_clan_turn(game, clan, "")
    lines = radio_lines(game, clan)
    assert lines == [(hex_at(game, 6), (901, 902))]


def test_radio_tower_adds_6_but_not_on_the_turn_built_cc_city_66(game: Game) -> None:
    clan = game.clan(game.state.active_clan)
    city = game.city(HOME)
    clan.stock.money = 20_000
    radio.broadcast(game, hex_at(game, 10), EventKind.CITY_CAPTURED, [901], attacker=901,
                    owner=0, won=1, city="Nowhere")
    run_clan_turn(game, clan.number, f"[PRE]\nERECT {HOME} RAD\n")
    assert "RAD" in city.buildings and radio_lines(game, clan.number) == []
    run_clan_turn(game, game.state.active_clan, "")
    radio.broadcast(game, hex_at(game, 10), EventKind.RAZE, [905], actor=905, city="Nowhere")
    run_clan_turn(game, clan.number, "")
    assert (hex_at(game, 10), (905,)) in radio_lines(game, clan.number)


def test_own_battles_are_always_on_the_radio_cc_city_64_cc_rpt_06(game: Game) -> None:
    """A battle of the Clan's own is on its radio report wherever it was, with no city that
    heard it (CC-CITY-64: "battles involving your own Clan are always reported to you")."""
    clan = game.state.active_clan
    for city in game.state.cities:
        if city.owner == clan:
            city.owner = 0
    radio.broadcast(game, HOME, EventKind.CONVOY_BATTLE, [clan, 902], attacker=clan,
                    defender=902)
    run_clan_turn(game, clan, "")
    assert radio_lines(game, clan) == [(HOME, (clan, 902))]
    heard = next(e for e in game.clan(clan).last_turn.events if e.kind == EventKind.RADIO)
    assert heard.facts["listener"] == ""


def test_each_broadcast_is_heard_once_then_forgotten_cc_city_65(game: Game) -> None:
    first, second = game.state.clan_order
    radio.broadcast(game, HOME, EventKind.CONVOY_BATTLE, [901, 902],
                    attacker=901, defender=902)
    run_clan_turn(game, first, "")
    assert len(radio_lines(game, first)) == 1
    run_clan_turn(game, second, "")
    assert game.state.broadcasts == []
    run_clan_turn(game, first, "")
    assert radio_lines(game, first) == []


def test_a_broadcast_is_heard_by_the_first_city_in_range_however_it_is_looked_up_cc_city_64(
        game: Game) -> None:
    """A few broadcasts are measured against each city, many looked up in the cities' listening
    areas: every hex of the map gets the same city (the first in range) either way, and a
    city whose radio is out (a range below zero) hears nothing."""
    cities = tuple((city.hex, reach) for city, reach in zip(
        game.state.cities, [6, 2, -1, 10, 0, 4] * len(game.state.cities), strict=False))
    hexes = set(game.map.hex_ids())
    one_by_one = {}  # one hex at a time: measured city by city
    for hex_id in sorted(hexes):
        one_by_one.update(radio.listeners_of(cities, {hex_id}))
    every = radio.listeners_of(cities, hexes)  # every hex: through the listening areas
    assert every == one_by_one
    assert every and set(every.values()) <= {hex_id for hex_id, reach in cities if reach >= 0}
    for hex_id in hexes:
        first = next((city for city, reach in cities
                      if hexgrid.distance(city, hex_id) <= reach), None)
        assert every.get(hex_id) == first, hex_id
