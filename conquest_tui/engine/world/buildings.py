"""City buildings: which work, ERECT's conditions, and the garrison limits they change."""

from __future__ import annotations

from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState


def captured_this_turn(game: Game, city: CityState) -> bool:
    """Whether the city's owner took it during this game turn (CC-CITY-10)."""
    return bool(city.owner) and city.conquered_turn == game.state.game_turn


def works(game: Game, city: CityState, code: str) -> bool:
    """Whether the building stands and works: not in a city taken this turn (CC-CITY-40)."""
    return code in city.buildings and not captured_this_turn(game, city)


def troop_capacity(game: Game, city: CityState) -> int:
    """Troops the fortifications hold, the Barracks figure with a Barracks (CC-CITY-44, AMB-05)."""
    level = game.rules.fortification(city.fortification)
    return level.troop_capacity("BAR" in city.buildings)


def claymore_capacity(game: Game, city: CityState) -> int:
    """One claymore per 10 troops of capacity, Barracks included (CC-CITY-35, AMB-63)."""
    return troop_capacity(game, city) // game.rules.cities.troops_per_claymore


def garrison_cap(game: Game, city: CityState) -> int:
    """Troop limit now: capacity, or half of it in the turn of capture (CC-CL-ASSIGN-04, AMB-68)."""
    capacity = troop_capacity(game, city)
    if captured_this_turn(game, city):
        return int(capacity * game.rules.combat.assault.capture_turn_garrison_cap)
    return capacity


def erect_problem(game: Game, clan: int, city: CityState | None, hex_id: str,
                  code: str) -> Reason | None:
    """Why this building cannot go up in that city now, money aside (CC-CL-ERECT-01)."""
    if city is None:
        return reason("erect_no_city", hex=hex_id)
    if city.owner != clan:
        return reason("erect_not_yours", hex=hex_id)
    if captured_this_turn(game, city):
        return reason("erect_conquered", hex=hex_id)
    if code in city.buildings:
        return reason("erect_has_one", hex=hex_id)
    return None


def erect(game: Game, city: CityState, code: str) -> None:
    """Put the building up; it works from this moment on (CC-CITY-41)."""
    city.buildings.append(code)
    city.built_turns[code] = game.state.game_turn
