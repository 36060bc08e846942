"""Hiring for bots: HIRE useful Expert Clansmen at city guilds and TRAIN agents."""

from __future__ import annotations

from conquest_tui.bots import intel
from conquest_tui.bots.extras_state import Extras
from conquest_tui.engine.orderbook.clan_admin import TrainAgents
from conquest_tui.engine.orderbook.experts import Hire
from conquest_tui.engine.orderbook.plague import Aid
from conquest_tui.engine.reports.view import CityInfo, ConvoyInfo


def _offered(extras: Extras, info: CityInfo) -> tuple[str, ...]:
    """Expert codes a convoy may hire in this city: any in an own major city, else its guild's."""
    rules = extras.view.rules
    if info.status.lower() not in ("owned", "friendly"):
        return ()
    if info.status.lower() == "owned" and info.major:
        return tuple(rules.experts)
    return (info.expert,) if info.expert in rules.experts else ()


def _choice(extras: Extras, convoy: ConvoyInfo, offered: tuple[str, ...]) -> str:
    """The most wanted expert on offer that the convoy has not got and may take; "" for none."""
    for code in extras.level.wanted_experts:
        if code not in offered or code in convoy.experts:
            continue
        if code == "SPY" and not (intel.spy_target(extras, convoy.hex, set())
                                  or intel.needs_counterspy(extras, convoy.hex)):
            continue
        if code == "MER" and convoy.cargo_capacity <= 0:
            continue
        if code == "PIL" and convoy.convoy_type != "air":
            continue
        return code
    return ""


def add_hiring(extras: Extras) -> None:
    """HIRE an expert in a friendly city's guild when the money is there (CC-CO-HIRE-01/02);
    a Doctor is at once set to AID ON (CC-CO-AID-01)."""
    view = extras.view
    level = extras.level
    if level.hire_chance < 1 and extras.rng.random() > level.hire_chance:
        return
    hires = level.hires_per_turn
    for convoy in extras.convoys():
        if hires <= 0:
            return
        info = extras.city(convoy.hex)
        if info is None or convoy.hidden or convoy.health < 50:
            continue
        code = _choice(extras, convoy, _offered(extras, info))
        if not code:
            continue
        cost = view.rules.experts[code].cost
        if extras.budget.spare < cost * level.hire_margin:
            continue
        if not extras.budget.afford(cost):
            continue
        if not extras.convoy_line(convoy.number, Hire(expert=code)):
            extras.budget.spare += cost
            continue
        hires -= 1
        if code == "DOC":
            extras.convoy_line(convoy.number, Aid(on=True))


def add_agents(extras: Extras) -> None:
    """TRAIN one more agent while the Clan has fewer than its level wants (CC-CL-TRAIN-01)."""
    view = extras.view
    agents = extras.clan.agents
    if agents >= extras.level.agents_wanted or view.game_turn < 2:
        return
    cost = view.rules.agent_cost(agents + 1)
    if extras.budget.spare >= 2 * cost and extras.pre_line(TrainAgents(quantity=1)):
        extras.budget.afford(cost)


__all__ = ["add_agents", "add_hiring"]
