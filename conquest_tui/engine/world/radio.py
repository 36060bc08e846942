"""Radio: battles broadcast from a hex, heard at turn end by cities in range (CC-CITY-62…66)."""

from __future__ import annotations

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Broadcast, CityState
from conquest_tui.engine.world import buildings, knowledge

RADIO_TOWER = "RAD"


def broadcast(game: Game, hex_id: str, text: str, clans: list[int]) -> None:
    """Announce a convoy battle, city attack or razing in hex_id (CC-CITY-63)."""
    game.state.broadcasts.append(Broadcast(hex=hex_id, game_turn=game.state.game_turn,
                                           text=text, clans=sorted(set(clans))))


def listening_range(game: Game, city: CityState) -> int:
    """Radio range; a Radio Tower counts unless built or captured this turn (CC-CITY-52/66)."""
    tower = buildings.works(game, city, RADIO_TOWER) and \
        city.built_turns.get(RADIO_TOWER) != game.state.game_turn
    return knowledge.radio_range(game, city.fortification, [RADIO_TOWER] if tower else [])


def hear(game: Game, clan: int) -> list[tuple[Broadcast, str]]:
    """Broadcasts of other Clans' battles since the Clan's last report, with the city that heard
    each; every pending broadcast is then marked as covered for this Clan (CC-CITY-64/65)."""
    cities = [(city, listening_range(game, city)) for city in game.state.cities
              if city.owner == clan]
    heard: list[tuple[Broadcast, str]] = []
    for item in game.state.broadcasts:
        if clan in item.heard_by:
            continue
        item.heard_by.append(clan)
        if clan in item.clans:
            continue
        listener = next((city.hex for city, reach in cities
                         if hexgrid.distance(city.hex, item.hex) <= reach), None)
        if listener is not None:
            heard.append((item, listener))
    everyone = {c.number for c in game.state.clans}
    game.state.broadcasts = [b for b in game.state.broadcasts
                             if not everyone <= set(b.heard_by) | set(b.clans)]
    return heard


def report_heard(ctx: TurnContext) -> None:
    """End of turn: the Clan's radio report, one line per broadcast heard (CC-CITY-64)."""
    for item, listener in hear(ctx.game, ctx.clan.number):
        ctx.report(EventKind.RADIO, "CC-CITY-64", listener=listener, news=item.text,
                   hex=item.hex, turn=item.game_turn, clans=item.clans)
