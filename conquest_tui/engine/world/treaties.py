"""Treaties (house rule `treaties`): which hold, binding and ending them, telling the Clans."""

from __future__ import annotations

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, facts_of
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event, Treaty, TreatyOffer
from conquest_tui.engine.core.turn_phases import TurnPhase

NAT, ALLIANCE = "nat", "alliance"
RULE = "HOUSE-TREATY-01"


def holds(treaty: Treaty, game_turn: int) -> bool:
    """Whether the treaty binds in this game turn: within its term, before a declared war
    takes effect (HOUSE-TREATY-04)."""
    return game_turn <= treaty.last_turn and not (treaty.war_from and game_turn >= treaty.war_from)


def between(game: Game, a: int, b: int) -> Treaty | None:
    """The treaty holding between two Clans now, if any."""
    if not game.state.treaties or a == b:
        return None
    turn = game.state.game_turn
    for treaty in game.state.treaties:
        if {a, b} == set(treaty.parties()) and holds(treaty, turn):
            return treaty
    return None


def at_peace(game: Game, a: int, b: int) -> bool:
    """Whether a treaty keeps the two Clans' convoys from fighting and each from attacking the
    other's hexes and cities (a non-aggression treaty or an alliance, HOUSE-TREATY-03)."""
    return bool(game.state.treaties) and between(game, a, b) is not None


def partners(game: Game, clan: int) -> list[int]:
    """The Clans the Clan has a treaty with now, in number order."""
    return sorted(t.partner(clan) for t in game.state.treaties
                  if clan in t.parties() and holds(t, game.state.game_turn))


def pending_offer(game: Game, offered_by: int, to: int) -> TreatyOffer | None:
    """The offer one Clan made another, not yet answered."""
    for offer in game.state.treaty_offers:
        if offer.offered_by == offered_by and offer.to == to:
            return offer
    return None


def facts(kind: str, other: int, turns: int = 0, last: int = 0) -> dict[str, object]:
    """The facts every treaty event carries."""
    return {"treaty": kind, "other": other, "turns": turns, "last": last}


def tell(game: Game, clan: int, kind: EventKind, actor: int, told: dict[str, object],
         rule: str = RULE) -> None:
    """Put an event in a Clan's inbox: it reads it first on its next turn."""
    game.clan(clan).inbox.append(Event(
        clan=clan, phase=TurnPhase.BETWEEN, kind=kind, facts=facts_of(told), rule=rule,
        game_turn=game.state.game_turn, actor=actor))


def bind(ctx: TurnContext, offer: TreatyOffer) -> Treaty:
    """The offer accepted: the treaty binds at once, for its term counted from the next game
    turn; an alliance puts each Clan on the other's ally list (HOUSE-TREATY-02)."""
    game = ctx.game
    game.state.treaty_offers.remove(offer)
    treaty = Treaty(kind=offer.kind, offered_by=offer.offered_by, accepted_by=offer.to,
                    last_turn=game.state.game_turn + offer.turns)
    if offer.kind == ALLIANCE:
        for clan, other in ((offer.offered_by, offer.to), (offer.to, offer.offered_by)):
            allies = game.clan(clan).allies
            if other not in allies:
                allies.append(other)
                allies.sort()
                treaty.allied.append(clan)
    game.state.treaties.append(treaty)
    ctx.report(EventKind.TREATY_MADE, RULE, **facts(offer.kind, offer.offered_by, offer.turns,
                                                   treaty.last_turn))
    tell(game, offer.offered_by, EventKind.TREATY_MADE, offer.to,
         facts(offer.kind, offer.to, offer.turns, treaty.last_turn))
    return treaty


def declare_war(ctx: TurnContext, treaty: Treaty) -> None:
    """A declaration of war: the treaty holds until the next game turn, the other Clan is told,
    every other Clan hears the treaty was broken (HOUSE-TREATY-05)."""
    game, me = ctx.game, ctx.clan.number
    other = treaty.partner(me)
    treaty.war_from = game.state.game_turn + 1
    treaty.declared_by = me
    ctx.report(EventKind.WAR_DECLARED, "HOUSE-TREATY-05",
               **facts(treaty.kind, other, 0, treaty.war_from))
    tell(game, other, EventKind.WAR_DECLARED, me, facts(treaty.kind, me, 0, treaty.war_from))
    for clan in game.state.clans:
        if clan.number not in (me, other) and not clan.resigned:
            tell(game, clan.number, EventKind.TREATY_BROKEN, 0,
                 {"treaty": treaty.kind, "breaker": me, "other": other})


def broke_this_turn(game: Game, clan: int) -> bool:
    """Whether the Clan declared war on a treaty partner in this game turn."""
    return any(t.declared_by == clan and t.war_from == game.state.game_turn + 1
               for t in game.state.treaties)


def turn_end(ctx: TurnContext) -> None:
    """The Clan's turn ends: treaties run out (their term over, or a declared war in effect)
    and leave the ally lists as they were; offers made to this Clan that it left unanswered
    lapse (HOUSE-TREATY-07)."""
    game = ctx.game
    state = game.state
    if not state.treaties and not state.treaty_offers:
        return
    me = ctx.clan.number
    for treaty in [t for t in state.treaties if not holds(t, state.game_turn)]:
        state.treaties.remove(treaty)
        for clan in treaty.allied:
            allies = game.clan(clan).allies
            if treaty.partner(clan) in allies:
                allies.remove(treaty.partner(clan))
        war = int(bool(treaty.war_from))
        for clan in treaty.parties():
            told = facts(treaty.kind, treaty.partner(clan), war, treaty.last_turn)
            if clan == me:
                ctx.report(EventKind.TREATY_ENDED, RULE, **told)
            else:
                tell(game, clan, EventKind.TREATY_ENDED, 0, told)
    for offer in [o for o in state.treaty_offers if o.to == me]:
        state.treaty_offers.remove(offer)
        ctx.report(EventKind.TREATY_LAPSED, RULE, **facts(offer.kind, offer.offered_by,
                                                         offer.turns))
        tell(game, offer.offered_by, EventKind.TREATY_LAPSED, me,
             facts(offer.kind, me, offer.turns))
