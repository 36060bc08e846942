"""Turn close: what the Clan saw is recorded for its report and the other Clans' fog (CC-SEQ-12)."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.steps import agent_reports, city_buildings
from conquest_tui.engine.world import knowledge, radio, revolt, spies, treaties


def run(ctx: TurnContext) -> None:
    """Spotting from owned cities; the Clan's own hexes and cities are known to it."""
    game, clan = ctx.game, ctx.clan
    city_buildings.turn_end(ctx)
    treaties.turn_end(ctx)  # house rule treaties: terms run out, offers lapse
    clan.known_hexes.update(dict.fromkeys(game.owned_hexes(clan.number), game.state.game_turn))
    for convoy in game.convoys_of(clan.number):
        clan.known_hexes[convoy.hex] = game.state.game_turn
    knowledge.spot_from_cities(game, clan)
    spies.turn_end(game, clan, ctx.rng())  # sabotaged spotting, spy reports (CC-CO-PLANT-02)
    radio.report_heard(ctx)
    agent_reports.send_agents(ctx)  # after spotting, which clears older sightings (AMB-71)
    revolt.turn_end(ctx)  # house rule revolt: weakly held conquered cities may rise
