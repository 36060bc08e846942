"""Revolt (house rule `revolt`): a conquered city held by too few troops may rise and go neutral."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import CityState
from conquest_tui.engine.rules.house import HouseRuleName
from conquest_tui.engine.world import treaties

RULE = "HOUSE-REVOLT-01"


def safe_garrison(game: Game, city: CityState) -> int:
    """The troops a conquered city needs to be safe: one for every so many people
    (HOUSE-REVOLT-02)."""
    return city.population // game.rules.house_rules.revolt.people_per_troop


def odds(game: Game, city: CityState, broke: bool) -> int:
    """The percent chance the city rises at its owner's turn end: each troop short adds its
    share, up to the most; a treaty broken this turn adds its share to every conquered city
    (HOUSE-REVOLT-03/04)."""
    rule = game.rules.house_rules.revolt
    short = max(0, safe_garrison(game, city) - city.troops)
    chance = min(rule.most_percent, short * rule.percent_per_troop_short)
    if broke:
        chance = min(rule.most_percent, chance + rule.breach_percent)
    return chance


def at_risk(game: Game, clan: int) -> list[CityState]:
    """The Clan's conquered cities (never one it held from the start), in map order; not
    yet in the game turn it took one, which it has until its next turn to garrison
    (HOUSE-REVOLT-06)."""
    turn = game.state.game_turn
    return [city for city in game.state.cities
            if city.owner == clan and 0 < city.conquered_turn < turn]


def turn_end(ctx: TurnContext) -> None:
    """Each conquered city of the Clan whose odds are above nothing rolls once from the turn's
    dice; a city that rises kills its garrison, goes back to neutral, is hostile to its old
    owner, and every other Clan hears the news (HOUSE-REVOLT-01/05)."""
    game = ctx.game
    if not game.house.on(HouseRuleName.REVOLT):
        return
    me = ctx.clan.number
    broke = treaties.broke_this_turn(game, me)
    for city in at_risk(game, me):
        chance = odds(game, city, broke)
        if chance <= 0 or ctx.rng().randrange(100) >= chance:
            continue
        killed = city.troops
        safe = safe_garrison(game, city)
        site = game.city_site(city.hex)
        assert site is not None, f"no city stands in {city.hex}"
        city.owner = 0
        city.troops = safe  # the people now hold their own city
        city.claymores = 0
        if me not in city.hostile_to:
            city.hostile_to.append(me)
        ctx.report(EventKind.CITY_REVOLT, RULE, hex=city.hex, city=site.name, owner=0,
                   troops=killed, safe=safe, chance=chance)
        for clan in game.state.clans:
            if clan.number != me and not clan.resigned:
                treaties.tell(game, clan.number, EventKind.CITY_REVOLT, 0,
                              {"hex": city.hex, "city": site.name, "owner": me, "troops": 0,
                               "safe": safe, "chance": chance}, RULE)
