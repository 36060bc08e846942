"""What special and custom structures do besides producing: visits, stand-in city uses (CC-HEX)."""

from __future__ import annotations

from collections.abc import Callable

from conquest_tui.engine.convoys import convoy_stats, convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.world.structure_uses import first_use, use_key

BANK = "BAN"
CASINO = "CAS"
FISHERY = "FIS"
POLICE = "POL"
RACETRACK = "RAC"
REC_CENTER = "REC"
UNIVERSITY = "UNI"
GARRISON = "GAR"
"""Structure codes of structures.toml whose effects are more than production."""


def owns_structure(game: Game, clan: int, hex_id: str, code: str) -> bool:
    """Whether the hex holds that special structure and the Clan owns it (CC-HEX-15)."""
    hex_state = game.hex(hex_id)
    return hex_state.special == code and hex_state.owner == clan


def may_hire_any_expert(game: Game, convoy: Convoy) -> bool:
    """A University in a hex the convoy's Clan owns: HIRE of any type (CC-HEX-30, CC-CO-HIRE-03)."""
    return owns_structure(game, convoy.owner, convoy.hex, UNIVERSITY)


def may_practice_here(game: Game, convoy: Convoy) -> bool:
    """An owned Police Station counts as a city for PRACTICE (CC-HEX-24, AMB-79)."""
    return owns_structure(game, convoy.owner, convoy.hex, POLICE)


def may_celebrate_here(game: Game, convoy: Convoy) -> bool:
    """An owned Rec Center counts as a city for CELEBRATE (CC-HEX-26, CC-CO-CELEBRATE-01)."""
    return owns_structure(game, convoy.owner, convoy.hex, REC_CENTER)


def police_bonus(game: Game, convoy: Convoy) -> float:
    """+10% to every combat ability (×2 with a Sergeant) for the rest of the owner's turn once
    the convoy has visited an owned Police Station (CC-HEX-24, AMB-79); 0.0 otherwise."""
    if game.state.active_clan != convoy.owner:
        return 0.0
    turn = game.state.game_turn
    suffix = f" #{convoy.number}"
    uses = game.clan(convoy.owner).structure_uses
    if not any(key.startswith(f"{POLICE} ") and key.endswith(suffix) and used == turn
               for key, used in uses.items()):
        return 0.0
    effects = game.rules.structure_effects
    return effects.police_combat_bonus * _sergeant_factor(game, convoy)


def visit(ctx: TurnContext, convoy: Convoy) -> None:
    """The effect of an owned special structure on a convoy entering or pausing in its hex."""
    hex_state = ctx.game.hex(convoy.hex)
    if not hex_state.special or hex_state.owner != ctx.clan.number:
        return
    effect = _VISIT_EFFECTS.get(hex_state.special)
    if effect is not None:
        effect(ctx, convoy)


def _sergeant_factor(game: Game, convoy: Convoy) -> int:
    return game.rules.structure_effects.police_sergeant_factor if "SER" in convoy.experts else 1


def _police(ctx: TurnContext, convoy: Convoy) -> None:
    game = ctx.game
    if not first_use(game, ctx.clan, use_key(POLICE, convoy.hex, convoy.number)):
        return
    effects = game.rules.structure_effects
    factor = _sergeant_factor(game, convoy)
    gain = effects.police_training.roll(ctx.rng()) * factor
    convoy.training = min(game.rules.morale.training_maximum, convoy.training + gain)
    bonus = round(effects.police_combat_bonus * factor * 100)
    ctx.report(EventKind.POLICE_STATION, "CC-HEX-24", convoy=convoy.number, hex=convoy.hex,
               gain=gain, training=convoy.training, bonus=bonus)


def _rec_center(ctx: TurnContext, convoy: Convoy) -> None:
    game = ctx.game
    if not first_use(game, ctx.clan, use_key(REC_CENTER, convoy.hex, convoy.number)):
        return
    rules = game.rules
    gain = rules.structure_effects.rec_center_morale.roll(ctx.rng())
    gain = gain * (100 + convoy_stats.expert_percent(convoy, "GOU", rules)) // 100
    convoy.morale += gain
    ctx.report(EventKind.REC_CENTER, "CC-HEX-26", convoy=convoy.number, hex=convoy.hex,
               gain=gain, morale=convoy.morale)


def _racetrack(ctx: TurnContext, convoy: Convoy) -> None:
    game = ctx.game
    if not first_use(game, ctx.clan, use_key(RACETRACK, convoy.hex)):
        return
    rules = game.rules
    scout = rules.convoy_types[convoy.convoy_type].scout
    count = rules.structure_effects.racetrack_scouts
    convoys.add_vehicles(game, convoy, scout, count)
    vehicle = rules.vehicles[scout]
    ctx.report(EventKind.RACETRACK, "CC-HEX-25", convoy=convoy.number, hex=convoy.hex,
               count=count, vehicle=vehicle.name.lower(), vehicles=vehicle.plural.lower(),
               training=convoy.training)


_VISIT_EFFECTS: dict[str, Callable[[TurnContext, Convoy], None]] = {
    POLICE: _police,
    REC_CENTER: _rec_center,
    RACETRACK: _racetrack,
}
"""Special structures that act on visiting convoys (the rest only produce, CC-HEX-16…30)."""


def recruit_garrison_guards(ctx: TurnContext) -> None:
    """Every Garrison hex the Clan owns fills its guards up to the defense level for free, except
    in the turn it was conquered (CC-HEX-38)."""
    game, clan = ctx.game, ctx.clan
    turn = game.state.game_turn
    for hex_id in game.owned_hexes(clan.number):
        hex_state = game.hex(hex_id)
        if hex_state.custom != GARRISON:
            continue
        if hex_state.conquered_turn == turn or hex_id in ctx.conquered:
            continue
        shortfall = hex_state.defense - hex_state.garrison
        if shortfall <= 0:
            continue
        hex_state.garrison = hex_state.defense
        ctx.report(EventKind.GARRISON_RECRUITS, "CC-HEX-38", hex=hex_id, recruited=shortfall,
                   guards=hex_state.garrison)
