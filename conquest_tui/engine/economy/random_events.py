"""Random events: the 50% roll at the Income Phase and the EVENT order (CC-CL-EVENT, AMB-31)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.convoys import convoys, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.rng import turn_rng
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orders.sheet import SheetLine
from conquest_tui.engine.rules.ruleset import EventOutcome
from conquest_tui.engine.world import knowledge

RULE = "CC-CL-EVENT-01"


def _event_rng(ctx: TurnContext) -> Random:
    """Its own seeded stream, so events never shift the draws of other steps."""
    return turn_rng(ctx, ctx.turn, ctx.clan.number, "event")


def event_ordered(ctx: TurnContext) -> bool:
    """Whether the sheet has an EVENT order on a line that will run this turn."""
    lines = ctx.game.rules.order_lines
    clan = ctx.clan
    sections: tuple[tuple[tuple[SheetLine, ...], int], ...] = (
        (ctx.sheet.pre, lines.pre + clan.extra_pre_lines),
        (ctx.sheet.post, lines.post + clan.extra_post_lines),
    )
    return any(line.order is not None and line.order.keyword == "EVENT"
               for section, limit in sections for line in section[:limit])


def had_event(ctx: TurnContext) -> bool:
    """Whether the Clan already had its random event this turn."""
    return any(event.kind == EventKind.RANDOM_EVENT for event in ctx.events)


def roll_at_income(ctx: TurnContext) -> None:
    """The Income Phase's 50% chance of an event, unless an EVENT order will bring one (AMB-31)."""
    if event_ordered(ctx):
        return
    rng = _event_rng(ctx)
    if rng.random() < ctx.game.rules.event_chance_per_turn:
        _happen(ctx, rng)


def requested(ctx: TurnContext) -> bool:
    """The EVENT order: a guaranteed event, once a turn. False if one happened already."""
    if had_event(ctx):
        return False
    _happen(ctx, _event_rng(ctx))
    return True


def _outcome(ctx: TurnContext, rng: Random) -> EventOutcome:
    table = ctx.game.rules.events
    roll = rng.randint(min(o.low for o in table), max(o.high for o in table))
    return next(o for o in table if o.low <= roll <= o.high)


def _happen(ctx: TurnContext, rng: Random) -> None:
    outcome = _outcome(ctx, rng)
    effect = apply_outcome(ctx, outcome, rng)
    ctx.report(EventKind.RANDOM_EVENT, RULE, outcome=outcome.text, **effect)


def _city(ctx: TurnContext, city: CityState) -> dict[str, object]:
    site = ctx.game.map.city_at(city.hex)
    return {"city": site.name if site else "the city", "hex": city.hex}


Effect = dict[str, object]
"""What an outcome did, as the event's facts: "effect" ("" for nothing) and its amounts."""


def apply_outcome(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> Effect:
    """Carry the outcome out; the facts of what it did to the Clan."""
    kind = outcome.kind
    if kind == "nothing":
        return {"effect": ""}
    if outcome.target in ("random_convoy", "all_convoys"):
        return _apply_to_convoys(ctx, outcome, rng)
    if outcome.target in ("random_city", "unknown_city"):
        return _apply_to_city(ctx, outcome, rng)
    stock = ctx.clan.stock
    if kind == "gain":
        got = {item: span.roll(rng) for item, span in outcome.amounts.items()}
        for item, amount in got.items():
            stock.add(Item(item), amount)
        return {"effect": "gain", "amounts": tuple(got.items())}
    if kind == "lose":
        lost = {item: min(stock.get(Item(item)), span.roll(rng))
                for item, span in outcome.amounts.items()}
        for item, amount in lost.items():
            stock.add(Item(item), -amount)
        return {"effect": "lose", "amounts": tuple(lost.items())}
    if kind == "lose_percent" and outcome.resource and outcome.percent:
        item = outcome.resource
        amount = int(stock.get(Item(item)) * outcome.percent.roll(rng))
        if outcome.maximum is not None:
            amount = min(amount, outcome.maximum)
        stock.add(Item(item), -amount)
        return {"effect": "lose_percent", "item": item, "amount": amount}
    return {"effect": ""}


def _apply_to_convoys(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> Effect:
    game = ctx.game
    own = game.convoys_of(ctx.clan.number)
    if not own:
        return {"effect": "no_convoy"}
    if outcome.target == "all_convoys":
        gain = outcome.amounts["morale"].roll(rng)
        for convoy in own:
            convoy.morale += experts.gourmet_morale_gain(convoy, gain, game.rules)
        return {"effect": "all_convoys_morale", "morale": gain}
    convoy = rng.choice(own)
    if outcome.kind == "scout_vehicle":
        scout = game.rules.convoy_types[convoy.convoy_type].scout
        convoys.add_vehicles(game, convoy, scout, 1)
        return {"effect": "scout_vehicle", "convoy": convoy.number,
                "vehicle": game.rules.vehicles[scout].name.lower()}
    if outcome.kind == "extra_maintenance":
        parts = outcome.amounts["parts"].roll(rng)
        convoy.parts_owed += parts
        return {"effect": "extra_maintenance", "convoy": convoy.number, "parts": parts}
    return _convoy_gain(ctx, convoy, outcome, rng)


def _convoy_gain(ctx: TurnContext, convoy: Convoy, outcome: EventOutcome, rng: Random) -> Effect:
    rules = ctx.game.rules
    gains = []
    for item, span in outcome.amounts.items():
        amount = span.roll(rng)
        if item == "training":
            amount = experts.raise_training(convoy, amount, rules)
        else:
            amount = experts.gourmet_morale_gain(convoy, amount, rules)
            convoy.morale += amount
        gains.append((item, amount))
    return {"effect": "convoy_gain", "convoy": convoy.number, "gains": tuple(gains)}


def _apply_to_city(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> Effect:
    game, clan = ctx.game, ctx.clan
    if outcome.target == "unknown_city":
        unknown = [c for c in game.state.cities
                   if c.owner != clan.number and c.hex not in clan.city_memory]
        if not unknown:
            return {"effect": "every_city_known"}
        city = rng.choice(unknown)
        knowledge.see_hex(game, clan, city.hex)
        return {"effect": "city_known", **_city(ctx, city)}
    owned = [c for c in game.state.cities if c.owner == clan.number]
    if not owned:
        return {"effect": "no_city"}
    city = rng.choice(owned)
    if outcome.kind == "city_income":
        clan.stock.money += city.base_value
        return {"effect": "city_income", "money": city.base_value, **_city(ctx, city)}
    city.plague = True
    return {"effect": "city_plague", **_city(ctx, city)}
