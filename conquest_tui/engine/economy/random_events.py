"""Random events: the 50% roll at the Income Phase and the EVENT order (CC-CL-EVENT, AMB-31)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.convoys import convoys, experts
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.rng import rng_for
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders.args_clan import RequestEvent
from conquest_tui.engine.orders.sheet import SheetLine
from conquest_tui.engine.rules.ruleset import EventOutcome
from conquest_tui.engine.world import knowledge

EVENT_KIND = "random_event"
"""Event kind of every random-event report (one per turn at most)."""

RULE = "CC-CL-EVENT-01"


def _event_rng(ctx: TurnContext) -> Random:
    """Its own seeded stream, so events never shift the draws of other steps."""
    return rng_for(ctx.game.state.seed, ctx.turn, ctx.clan.number, "event")


def event_ordered(ctx: TurnContext) -> bool:
    """Whether the sheet has an EVENT order on a line that will run this turn."""
    lines = ctx.game.rules.order_lines
    clan = ctx.clan
    sections: tuple[tuple[tuple[SheetLine, ...], int], ...] = (
        (ctx.sheet.pre, lines.pre + clan.extra_pre_lines),
        (ctx.sheet.post, lines.post + clan.extra_post_lines),
    )
    return any(isinstance(line.order, RequestEvent)
               for section, limit in sections for line in section[:limit])


def had_event(ctx: TurnContext) -> bool:
    """Whether the Clan already had its random event this turn."""
    return any(event.kind == EVENT_KIND for event in ctx.events)


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
    detail = apply_outcome(ctx, outcome, rng)
    text = f"Random event: {outcome.text}"
    ctx.report(f"{text} {detail}".rstrip(), EVENT_KIND, RULE)


def _city_name(ctx: TurnContext, city: CityState) -> str:
    site = ctx.game.map.city_at(city.hex)
    return f"{site.name if site else 'the city'} ({city.hex})"


def apply_outcome(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> str:
    """Carry the outcome out; the sentence that says what it did to the Clan."""
    kind = outcome.kind
    if kind == "nothing":
        return ""
    if outcome.target in ("random_convoy", "all_convoys"):
        return _apply_to_convoys(ctx, outcome, rng)
    if outcome.target in ("random_city", "unknown_city"):
        return _apply_to_city(ctx, outcome, rng)
    stock = ctx.clan.stock
    if kind == "gain":
        got = {item: span.roll(rng) for item, span in outcome.amounts.items()}
        for item, amount in got.items():
            stock.add(item, amount)
        return "You gain " + _listing(got) + "."
    if kind == "lose":
        lost = {item: min(stock.get(item), span.roll(rng))
                for item, span in outcome.amounts.items()}
        for item, amount in lost.items():
            stock.add(item, -amount)
        return "You lose " + _listing(lost) + "."
    if kind == "lose_percent" and outcome.resource and outcome.percent:
        item = outcome.resource
        amount = int(stock.get(item) * outcome.percent.roll(rng))
        if outcome.maximum is not None:
            amount = min(amount, outcome.maximum)
        stock.add(item, -amount)
        where = " unallocated" if item == "troops" else ""
        return f"You lose {amount:,}{where} {item}."
    return ""


def _listing(amounts: dict[str, int]) -> str:
    return " and ".join(economy.describe_amount(item, amount) for item, amount in amounts.items())


def _apply_to_convoys(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> str:
    game = ctx.game
    own = game.convoys_of(ctx.clan.number)
    if not own:
        return "You have no convoy, so nothing comes of it."
    if outcome.target == "all_convoys":
        gain = outcome.amounts["morale"].roll(rng)
        for convoy in own:
            convoy.morale += experts.gourmet_morale_gain(convoy, gain, game.rules)
        return f"Every convoy gains {gain} morale."
    convoy = rng.choice(own)
    if outcome.kind == "scout_vehicle":
        scout = game.rules.convoy_types[convoy.convoy_type].scout
        convoys.add_vehicles(game, convoy, scout, 1)
        name = game.rules.vehicles[scout].name.lower()
        return f"A {name} joins convoy #{convoy.number}."
    if outcome.kind == "extra_maintenance":
        parts = outcome.amounts["parts"].roll(rng)
        convoy.parts_owed += parts
        return f"Convoy #{convoy.number} needs {parts} more parts at maintenance this turn."
    return _convoy_gain(ctx, convoy, outcome, rng)


def _convoy_gain(ctx: TurnContext, convoy: Convoy, outcome: EventOutcome, rng: Random) -> str:
    rules = ctx.game.rules
    said = []
    for item, span in outcome.amounts.items():
        amount = span.roll(rng)
        if item == "training":
            amount = experts.raise_training(convoy, amount, rules)
        else:
            amount = experts.gourmet_morale_gain(convoy, amount, rules)
            convoy.morale += amount
        said.append(f"{amount} {item}")
    return f"Convoy #{convoy.number} gains {' and '.join(said)}."


def _apply_to_city(ctx: TurnContext, outcome: EventOutcome, rng: Random) -> str:
    game, clan = ctx.game, ctx.clan
    if outcome.target == "unknown_city":
        unknown = [c for c in game.state.cities
                   if c.owner != clan.number and c.hex not in clan.city_memory]
        if not unknown:
            return "You already know every city."
        city = rng.choice(unknown)
        knowledge.see_hex(game, clan, city.hex)
        return f"{_city_name(ctx, city)} is now on your city list."
    owned = [c for c in game.state.cities if c.owner == clan.number]
    if not owned:
        return "You own no city, so nothing comes of it."
    city = rng.choice(owned)
    if outcome.kind == "city_income":
        clan.stock.money += city.base_value
        return f"{_city_name(ctx, city)} pays ${city.base_value:,}."
    city.plague = True
    return f"The Plague has broken out in {_city_name(ctx, city)}."
