"""Agents at the end of the turn: each reports on the hex of his line (CC-CL-TRAIN-02, AMB-71)."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.state import Clan, Sighting
from conquest_tui.engine.orders.agent_lines import AgentDestination
from conquest_tui.engine.orders.sheet import counted
from conquest_tui.engine.world import knowledge

SIGHTED = "reported"
"""How a convoy an agent saw is remembered (`Sighting.how`), read as "reported in turn 5"."""


def agents_at_start(ctx: TurnContext) -> int:
    """The agents the Clan had when its turn began: those trained this turn have no line on
    this turn's sheet and are sent from the next (CC-RPT-11)."""
    trained = 0
    for event in ctx.events:
        quantity = event.facts.get("quantity") if event.kind == EventKind.TRAIN else None
        trained += quantity if isinstance(quantity, int) else 0
    return max(0, ctx.clan.agents - trained)


def send_agents(ctx: TurnContext) -> None:
    """Each line of the [AGENTS] section sends the next agent; lines past the Clan's agents do
    not run. Agents are never lost and go anywhere on the map (AMB-71)."""
    agents = agents_at_start(ctx)
    for index, sheet_line in enumerate(counted(ctx.sheet.agents)):
        order = sheet_line.order
        if not isinstance(order, AgentDestination):
            continue
        ctx.line = sheet_line.line
        if index >= agents:
            ctx.fail(EventKind.OVER_LIMIT, "CC-CL-TRAIN-02", why="agent_lines", limit=agents,
                     text=sheet_line.text)
        elif not ctx.game.map.contains(order.hex):
            ctx.fail(EventKind.CANNOT_SEND_AGENT, "CC-CL-TRAIN-02", why="off_map",
                     agent=index + 1, hex=order.hex)
        else:
            report_hex(ctx, index + 1, order.hex)
    ctx.line = 0


def report_hex(ctx: TurnContext, agent: int, hex_id: str) -> None:
    """What the agent sees: the hex-list and city-list entries of his hex (as SCAN gives them)
    and the convoys there that are not hidden, with owner and size (AMB-71)."""
    game, clan = ctx.game, ctx.clan
    hex_state = game.hex(hex_id)
    knowledge.see_hex(game, clan, hex_id)
    ctx.visited.add(hex_id)
    city = game.city(hex_id)
    site = game.city_site(hex_id)
    city_facts: dict[str, object] = {}
    if city is not None and site is not None:
        city_facts = {"city": site.name, "city_owner": city.owner,
                      "population": city.population, "fortification": city.fortification,
                      "troops": city.troops}
    convoys: list[tuple[int, str, str]] = []
    for other in game.convoys_in(hex_id):
        if other.owner == clan.number or other.hidden:
            continue
        size = convoy_stats.size_name(other, game.rules)
        convoys.append((other.owner, size, other.convoy_type))
        _remember(clan, Sighting(hex=hex_id, game_turn=ctx.turn, owner=other.owner,
                                 size_name=size, convoy_type=other.convoy_type, how=SIGHTED))
    ctx.report(EventKind.AGENT_REPORT, "CC-AMB-71", agent=agent, hex=hex_id,
               terrain=game.rules.terrains[game.map.terrain_of(hex_id)].name,
               owner=hex_state.owner, defense=hex_state.defense, guards=hex_state.garrison,
               convoys=tuple(convoys), **city_facts)


def _remember(clan: Clan, sighting: Sighting) -> None:
    """Add the sighting; one of the same hex and owner is replaced unless a convoy met it."""
    for index, old in enumerate(clan.sightings):
        if old.hex == sighting.hex and old.owner == sighting.owner:
            if old.how != "met":
                clan.sightings[index] = sighting
            return
    clan.sightings.append(sighting)
