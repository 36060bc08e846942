"""Hex and structure orders: BUILD, GAMBLE (Clan), FISH, PAVE (convoy) (CC-HEX)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orders.arguments import OrderSyntaxError, hex_arg, no_more
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import spaced
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import structures
from conquest_tui.engine.world.structure_uses import first_use, mark_used, use_key, used_this_turn


def build_problem(game: Game, clan: int, hex_id: str, code: str, *, owner: bool = True
                  ) -> Reason | None:
    """Why BUILD cannot put that structure in the hex, or None (CC-HEX-31, CC-CL-BUILD-01)."""
    rules = game.rules
    structure = rules.custom_structures[code]
    if not game.map.contains(hex_id):
        return reason("build_off_map", hex=hex_id)
    hex_state = game.hex(hex_id)
    terrain = rules.terrains[game.map.terrain_of(hex_id)]
    if code not in terrain.custom_structures:
        where = [rules.terrains[key].name for key in structure.terrains]
        return reason("build_terrain", structure=structure.name, terrains=where, hex=hex_id,
                      terrain=terrain.name)
    if hex_state.custom:
        built = rules.custom_structures[hex_state.custom].name
        return reason("build_taken", hex=hex_id, built=built)
    if owner and hex_state.owner != clan:
        return reason("hex_not_owned", hex=hex_id)
    return None


@clan_order("BUILD", abbr="BL", syntax="BUILD hex# structure",
            summary="build a custom structure", rule="CC-CL-BUILD-01")
@attrs.frozen
class Build(ClanOrder):
    """Build a custom structure in a hex (CC-CL-BUILD)."""

    hex: str = ""
    structure: str = ""
    """Custom structure code of structures.toml ("FAR")."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex# structure (a name or code of structures.toml)."""
        hex_id = hex_arg(words[0] if words else None, "BUILD")
        names = ", ".join(rule.name.upper() for rule in rules.custom_structures.values())
        if len(words) < 2:
            raise OrderSyntaxError("missing_structure", names=names)
        structure = rules.custom_structure_by_word(words[1].text)
        if structure is None:
            raise OrderSyntaxError("unknown_structure", text=words[1].text, names=names)
        no_more(words, spec, 2)
        return cls(spec.keyword, line_number, text, hex=hex_id, structure=structure.code)

    def words(self, rules: Ruleset) -> str:
        """BUILD 0516 FAR: the hex, then the structure's code."""
        return spaced(self.keyword, self.hex, self.structure)

    def check(self, game: Game, clan: int) -> Finding | None:
        """The terrain must take the structure and the hex have none (ownership may come)."""
        problem = build_problem(game, clan, self.hex, self.structure, owner=False)
        return ("cannot_build", problem.as_facts()) if problem else None

    def run(self, ctx: TurnContext) -> None:
        """Pay and build; production starts next turn."""
        game, clan = ctx.game, ctx.clan
        problem = build_problem(game, clan.number, self.hex, self.structure)
        if problem:
            ctx.fail(EventKind.CANNOT_BUILD, "CC-CL-BUILD-01", **problem.as_facts())
            return
        structure = game.rules.custom_structures[self.structure]
        if structure.cost > clan.stock.money:
            ctx.fail(EventKind.NO_MONEY, "CC-CL-GEN-03", why="build", structure=structure.name,
                     cost=structure.cost, money=clan.stock.money)
            return
        clan.stock.money -= structure.cost
        hex_state = game.hex(self.hex)
        hex_state.custom = structure.code
        hex_state.custom_built_turn = game.state.game_turn
        ctx.report(EventKind.BUILD, "CC-CL-BUILD-02", structure=structure.name, hex=self.hex,
                   cost=structure.cost, production=tuple(structure.production.items()))


def gamble_problem(game: Game, clan: int, hex_id: str, *, owner: bool = True
                   ) -> Reason | None:
    """Why the Clan cannot GAMBLE at that hex, or None (CC-CL-GAMBLE-01)."""
    if not game.map.contains(hex_id) or game.hex(hex_id).special != structures.CASINO:
        return reason("no_casino", hex=hex_id)
    if owner and game.hex(hex_id).owner != clan:
        return reason("casino_not_owned", hex=hex_id)
    return None


@clan_order("GAMBLE", abbr="GA", syntax="GAMBLE hex#", summary="gamble at a casino you own",
            rule="CC-CL-GAMBLE-01")
@attrs.frozen
class Gamble(ClanOrder):
    """Stake money at a Casino the Clan owns (CC-CL-GAMBLE)."""

    hex: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """hex#."""
        hex_id = hex_arg(words[0] if words else None, "GAMBLE")
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, hex=hex_id)

    def words(self, rules: Ruleset) -> str:
        """GAMBLE 0516."""
        return spaced(self.keyword, self.hex)

    def check(self, game: Game, clan: int) -> Finding | None:
        """There must be a Casino there (ownership may come)."""
        problem = gamble_problem(game, clan, self.hex, owner=False)
        return ("cannot_gamble", problem.as_facts()) if problem else None

    def run(self, ctx: TurnContext) -> None:
        """Stake, roll d100 on the casino table, pay out (CC-CL-GAMBLE-02…04)."""
        game, clan = ctx.game, ctx.clan
        rules = game.rules
        problem = gamble_problem(game, clan.number, self.hex)
        if problem:
            ctx.fail(EventKind.CANNOT_GAMBLE, "CC-CL-GAMBLE-01", **problem.as_facts())
            return
        keys = [f"{use_key(structures.CASINO, self.hex)} {n}"
                for n in range(1, rules.gambles_per_casino + 1)]
        free = [key for key in keys if not used_this_turn(game, clan, key)]
        if not free:
            ctx.fail(EventKind.GAMBLED_ALREADY, "CC-HEX-18", hex=self.hex)
            return
        stake = rules.fixed_costs["gamble"]
        if stake > clan.stock.money:
            ctx.fail(EventKind.NO_MONEY, "CC-CL-GEN-03", why="gamble", stake=stake,
                     money=clan.stock.money)
            return
        mark_used(game, clan, free[0])
        roll = ctx.rng().randint(1, 100)
        outcome = next(o for o in rules.casino if o.low <= roll <= o.high)
        clan.stock.money -= stake
        extra = 0
        if outcome.returned >= 0:
            clan.stock.money += outcome.returned
        else:
            extra = min(-outcome.returned, clan.stock.money)
            clan.stock.money -= extra
        if outcome.removes_casino:
            game.hex(self.hex).special = ""
        ctx.report(EventKind.GAMBLE, "CC-CL-GAMBLE-04" if outcome.removes_casino else
                   "CC-CL-GAMBLE-02", stake=stake, hex=self.hex, outcome=outcome.name,
                   returned=outcome.returned, lost=extra, closed=int(outcome.removes_casino))


def fish_problem(game: Game, convoy: Convoy) -> Reason | None:
    """Why the convoy cannot FISH where it is now, or None (CC-CO-FISH-01)."""
    if convoy.convoy_type != "sea":
        return reason("fish_type", number=convoy.number, convoy_type=convoy.convoy_type,
                      scare=int(convoy.convoy_type == "amphibious"))
    if game.hex(convoy.hex).special != structures.FISHERY:
        return reason("no_fishery", hex=convoy.hex)
    if convoy.hidden:
        return reason("fish_hidden", number=convoy.number)
    if convoy.mode == "recon":
        return reason("fish_recon", number=convoy.number)
    return None


def fish_yield(game: Game, convoy: Convoy) -> int:
    """Food = size factor, at most 50, +15% Gourmet (+30% with a Priest) (CC-CO-FISH-02)."""
    rules = game.rules
    catch = min(convoy_stats.size(convoy, rules), rules.convoy.fish_size_cap)
    return catch * (100 + convoy_stats.expert_percent(convoy, "GOU", rules)) // 100


@convoy_order("FISH", abbr="FI", syntax="FISH", summary="fish at this hex's fishery (sea only)",
              rule="CC-CO-FISH-01")
@attrs.frozen
class Fish(ConvoyOrder):
    """Fish at the Fishery in the convoy's hex (CC-CO-FISH)."""

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """Only sea convoys fish (where the convoy will be is not known yet)."""
        if convoy.convoy_type != "sea":
            return "cannot_fish", reason("fish_type", number=convoy.number,
                                         convoy_type=convoy.convoy_type, scare=0).as_facts()
        return None

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """One catch per Fishery a turn; the food goes to the stockpile."""
        game = ctx.game
        problem = fish_problem(game, convoy)
        if problem:
            ctx.fail(EventKind.CANNOT_FISH, "CC-CO-FISH-01", convoy=convoy.number,
                     **problem.as_facts())
            return
        if not first_use(game, ctx.clan, use_key(structures.FISHERY, convoy.hex)):
            ctx.fail(EventKind.FISHED_ALREADY, "CC-CO-FISH-01", convoy=convoy.number,
                     hex=convoy.hex)
            return
        food = fish_yield(game, convoy)
        ctx.clan.stock.food += food
        ctx.report(EventKind.FISH, "CC-CO-FISH-02", hex=convoy.hex, food=food)


def pave_target(game: Game, convoy: Convoy, direction: str) -> str | Reason:
    """The destination when the convoy may PAVE that way, else why not (CC-CO-PAVE-01)."""
    truck = game.rules.convoy.pave_vehicle
    if convoy.convoy_type != "land" or not convoy.vehicles.get(truck):
        return reason("pave_truck", vehicle=truck)
    here = convoy.hex
    target = hexgrid.neighbor(here, direction)
    if target is None or not game.map.contains(target):
        return reason("pave_off_map", direction=direction, origin=here)
    if game.map.is_water(target):
        return reason("pave_water", target=target)
    if game.hex(here).owner != convoy.owner or game.hex(target).owner != convoy.owner:
        return reason("pave_control", origin=here, target=target)
    if game.road_between(here, target):
        return reason("pave_road", origin=here, target=target)
    return target


def pave_cost(game: Game, a: str, b: str) -> int:
    """$2,500 × (parts multiplier here + there): Desert → Wilderness $13,750 (AMB-11)."""
    terrains = game.rules.terrains
    multipliers = (terrains[game.map.terrain_of(a)].parts_multiplier
                   + terrains[game.map.terrain_of(b)].parts_multiplier)
    return round(game.rules.fixed_costs["pave_per_multiplier"] * multipliers)


@convoy_order("PAVE", abbr="PV", syntax="PAVE direction", summary="build a road (needs a truck)",
              rule="CC-CO-PAVE-01")
@attrs.frozen
class Pave(ConvoyOrder):
    """Build a road from the convoy's hex in a direction (CC-CO-PAVE)."""

    direction: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """direction: N, NE, SE, S, SW or NW (or the word, like NORTHEAST)."""
        if not words:
            raise OrderSyntaxError("missing_direction")
        direction = hexgrid.DIRECTION_WORDS.get(words[0].upper)
        if direction is None:
            raise OrderSyntaxError("bad_direction", text=words[0].text)
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, direction=direction)

    def words(self, rules: Ruleset) -> str:
        """PAVE NE."""
        return spaced(self.keyword, self.direction)

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """Only land convoys pave (where the convoy will be is not known yet)."""
        if convoy.convoy_type != "land":
            return "cannot_pave", reason("pave_type", number=convoy.number,
                                         convoy_type=convoy.convoy_type).as_facts()
        return None

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Pay the terrain's price and lay the road between the two hexes."""
        game, clan = ctx.game, ctx.clan
        target = pave_target(game, convoy, self.direction)
        if isinstance(target, Reason):
            ctx.fail(EventKind.CANNOT_PAVE, "CC-CO-PAVE-01", convoy=convoy.number,
                     **target.as_facts())
            return
        cost = pave_cost(game, convoy.hex, target)
        if cost > clan.stock.money:
            ctx.fail(EventKind.NO_MONEY, "CC-CO-PAVE-02", why="pave", convoy=convoy.number,
                     origin=convoy.hex, hex=target, cost=cost, money=clan.stock.money)
            return
        clan.stock.money -= cost
        game.pave(convoy.hex, target)
        ctx.report(EventKind.PAVE, "CC-CO-PAVE-03", direction=self.direction, origin=convoy.hex,
                   hex=target, cost=cost)
