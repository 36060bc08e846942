"""Hex Clan orders: DEFEND, GARRISON, BUILD, GAMBLE (CC-CL-DEFEND, CC-CL-GARRISON, CC-HEX-06…13)."""

from __future__ import annotations

from random import Random

import pytest

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import Facts
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import economy
from conquest_tui.engine.orders.arguments import OrderSyntaxError
from conquest_tui.engine.orders.registry import CLAN
from conquest_tui.engine.orders.sheet import parse_order_line, parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences.event_text import problem_text
from conquest_tui.engine.steps import food
from conquest_tui.engine.world import hex_defense, structures

HOME = "0308"
"""The first Clan's starting city hex on test_small (Brackwater)."""
PLAINS, SWAMP, SWAMP2 = "0307", "0407", "0408"


def turn_ctx(game: Game) -> TurnContext:
    clan = game.clan(game.state.active_clan)
    ctx = TurnContext(game=game, clan=clan, sheet=parse_sheet("", game.rules))
    ctx.phase = "post"
    return ctx


def order(ctx: TurnContext, text: str) -> None:
    parsed = parse_order_line(text, 1, CLAN, ctx.game.rules)
    ctx.line = 1
    parsed.run(ctx)  # type: ignore[attr-defined]


def facts(ctx: TurnContext, kind: str) -> list[Facts]:
    return [e.facts for e in ctx.events if e.kind == kind]


def own(game: Game, clan: int, *hexes: str, defense: int = 3) -> None:
    for hex_id in hexes:
        state = game.hex(hex_id)
        state.owner, state.defense, state.garrison, state.conquered_turn = clan, defense, 0, 0


@pytest.fixture
def ctx(game: Game) -> TurnContext:
    context = turn_ctx(game)
    own(game, context.clan.number, HOME, PLAINS, SWAMP)
    context.clan.stock.money = 10_000
    context.clan.stock.troops = 40
    return context


def test_defend_parse_troops_and_wildcards_cc_cl_defend_02_03(rules) -> None:
    """CC-CL-DEFEND-02/03, CC-CL-GARRISON-01: troop count of 1–2 digits first, up to 6 hexes."""
    defend = parse_order_line("DE 10 0417 **14", 1, CLAN, rules)
    assert (defend.troops, defend.hexes) == (10, ("0417", "**14"))  # type: ignore[attr-defined]
    plain = parse_order_line("DEFEND 0416 0615 12** ****", 1, CLAN, rules)
    assert plain.troops == 0 and plain.hexes[-1] == "****"  # type: ignore[attr-defined]
    withdraw = parse_order_line("GR -5 051*", 1, CLAN, rules)
    assert (withdraw.troops, withdraw.hexes) == (-5, ("051*",))  # type: ignore[attr-defined]
    for bad in ("DEFEND", "DEFEND 100 0417", "DEFEND 0 0417", "GARRISON 0417",
                "DEFEND 0101 0102 0103 0104 0105 0106 0107", "DEFEND 05x1"):
        with pytest.raises(OrderSyntaxError):
            parse_order_line(bad, 1, CLAN, rules)


def test_defend_raises_one_level_once_per_turn_cc_cl_defend_01_cc_hex_08(ctx) -> None:
    """CC-CL-DEFEND-01, CC-HEX-08: one level for the cost of the current level, once a turn."""
    order(ctx, f"DEFEND {PLAINS}")
    assert ctx.game.hex(PLAINS).defense == 4
    assert ctx.clan.stock.money == 10_000 - 300
    assert facts(ctx, "defend")[0]["raised"] == ((PLAINS, 4, "Average", 300),)
    order(ctx, f"DEFEND {PLAINS}")
    assert ctx.game.hex(PLAINS).defense == 4 and ctx.clan.stock.money == 9_700
    assert [p.code for p in ctx.problems] == ["defended_already"]


def test_defend_level_ten_and_money_cc_cl_defend_01(ctx) -> None:
    """CC-CL-DEFEND-01: Mighty cannot be raised; a raise that cannot be paid costs nothing."""
    ctx.game.hex(PLAINS).defense = 10
    ctx.game.hex(SWAMP).defense = 9
    ctx.clan.stock.money = 1_999
    order(ctx, f"DEFEND {PLAINS} {SWAMP}")
    assert ctx.game.hex(PLAINS).defense == 10 and ctx.game.hex(SWAMP).defense == 9
    assert ctx.clan.stock.money == 1_999
    assert sorted(p.code for p in ctx.problems) == ["mighty", "no_money"]


def test_defend_needs_an_owned_hex_held_before_this_turn_cc_hex_08_cc_hex_12(ctx) -> None:
    """CC-HEX-08, CC-HEX-12: not your hex, or conquered this turn: no raise and no guards."""
    ctx.game.hex(SWAMP).conquered_turn = ctx.game.state.game_turn
    order(ctx, f"DEFEND 5 {SWAMP} {SWAMP2}")
    order(ctx, f"GARRISON 5 {SWAMP}")
    assert ctx.game.hex(SWAMP).defense == 3 and ctx.game.hex(SWAMP).garrison == 0
    assert ctx.game.hex(SWAMP2).owner != ctx.clan.number
    assert ctx.clan.stock.money == 10_000 and ctx.clan.stock.troops == 40
    codes = [p.code for p in ctx.problems]
    assert codes.count("conquered_this_turn") == 2 and "not_owned" in codes


def test_defend_wildcards_skip_hexes_you_do_not_own_cc_cl_defend_03(ctx) -> None:
    """CC-CL-DEFEND-03: `03**` names 0307 and 0308 only; `****` every hex you own."""
    order(ctx, "DEFEND 03**")
    assert ctx.game.hex(PLAINS).defense == 4 and ctx.game.hex(HOME).defense == 4
    assert ctx.game.hex(SWAMP).defense == 3
    assert ctx.clan.stock.money == 10_000 - 600
    order(ctx, "DEFEND ****")
    assert ctx.game.hex(SWAMP).defense == 4
    owned = [h for h in ctx.game.map.hex_ids() if ctx.game.hex(h).owner == ctx.clan.number]
    assert owned == [PLAINS, HOME, SWAMP]
    assert [p.code for p in ctx.problems] == ["defended_already"]
    order(ctx, "DEFEND 99**")
    assert problem_text(ctx.problems[-1]).startswith("you own no hex that matches 99**")
    order(ctx, "GARRISON 1 *307")  # every position counts: 0307, not 0308
    assert (ctx.game.hex(PLAINS).garrison, ctx.game.hex(HOME).garrison) == (1, 0)


def test_defend_with_troops_assigns_up_to_the_new_level_cc_cl_defend_02_cc_hex_09(ctx) -> None:
    """CC-CL-DEFEND-02, CC-HEX-09: `DEFEND 10 hex` raises to 4, then assigns 4 guards (cap)."""
    order(ctx, f"DEFEND 10 {PLAINS}")
    assert ctx.game.hex(PLAINS).defense == 4 and ctx.game.hex(PLAINS).garrison == 4
    assert ctx.clan.stock.troops == 36
    assert facts(ctx, "guards")[0]["moved"] == ((4, "0307", 4, 4),)
    order(ctx, f"DEFEND -3 {PLAINS}")
    assert ctx.game.hex(PLAINS).defense == 4 and ctx.game.hex(PLAINS).garrison == 1
    assert ctx.clan.stock.troops == 39


def test_garrison_assigns_and_withdraws_without_raising_cc_cl_garrison_01_cc_hex_09(ctx) -> None:
    """CC-CL-GARRISON-01, CC-HEX-09: guards ≤ defense level, pool limits, negative withdraws."""
    ctx.clan.stock.troops = 4
    order(ctx, f"GARRISON 10 {PLAINS} {SWAMP}")
    assert ctx.game.hex(PLAINS).garrison == 3 and ctx.game.hex(SWAMP).garrison == 1
    assert ctx.game.hex(PLAINS).defense == 3 and ctx.clan.stock.troops == 0
    assert [p.code for p in ctx.problems] == ["no_troops"]
    order(ctx, f"GR -2 {PLAINS}")
    assert ctx.game.hex(PLAINS).garrison == 1 and ctx.clan.stock.troops == 2
    order(ctx, f"GR 5 {PLAINS}")
    order(ctx, f"GR 1 {PLAINS}")
    assert ctx.game.hex(PLAINS).garrison == 3
    assert ctx.problems[-1].code == "guards_full"


def test_check_flags_hexes_you_do_not_own_cc_cl_defend_03(game) -> None:
    """CC-CL-DEFEND-03: while typing, a hex or pattern naming none of your hexes is flagged."""
    clan = game.state.active_clan
    problems = check_sheet(game, clan, f"[PRE]\nDEFEND {HOME}\nDEFEND 0101\nGR 3 99**\n")
    assert [(p.line, p.code) for p in problems] == [(3, "not_owned"), (4, "not_owned")]


def test_guards_eat_no_food_cc_hex_13(ctx) -> None:
    """CC-HEX-13: a pulse with only hex guards eats nothing."""
    for convoy in ctx.game.convoys_of(ctx.clan.number):
        convoy.troops = 0
    ctx.clan.stock.troops = 0
    ctx.game.hex(PLAINS).garrison = 3
    ctx.clan.stock.food = 50
    food.run_pulse(ctx, 1)
    assert ctx.clan.stock.food == 50 and ctx.game.hex(PLAINS).garrison == 3


def test_attack_requirement_example_cc_hex_10_cc_hex_11(game) -> None:
    """CC-HEX-10/11: level 8 plains with 6 guards needs 20–44; rough terrain guards cost 3–5."""
    assert hex_defense.requirement(game, PLAINS, 8, 6) == (20, 44)
    assert hex_defense.requirement(game, SWAMP, 1, 2) == (1 + 6, 4 + 10)


def test_defend_in_a_played_turn_cc_hex_06(game) -> None:
    """CC-HEX-06: a real turn: pre-turn DEFEND pays the level's cost to increase."""
    clan = game.state.active_clan
    own(game, clan, PLAINS, defense=7)
    run_clan_turn(game, clan, f"[PRE]\nDEFEND {PLAINS}\n")
    assert game.hex(PLAINS).defense == 8
    assert [e.facts["raised"] for e in game.clan(clan).last_turn.events if e.kind == "defend"] == [
        ((PLAINS, 8, "Rugged", 1_000),)]


# --- BUILD ---------------------------------------------------------------------------------


def test_build_needs_terrain_ownership_and_a_free_slot_cc_cl_build_01_cc_hex_31(ctx) -> None:
    """CC-CL-BUILD-01, CC-HEX-31: $10,000; terrain must allow it; one custom structure per hex."""
    order(ctx, f"BUILD {PLAINS} FARM")
    assert ctx.game.hex(PLAINS).custom == "" and ctx.problems[-1].code == "cannot_build"
    assert ctx.problems[-1].facts == {"reason": "build_terrain", "structure": "Farm",
                                      "terrains": ("Agricultural",), "hex": PLAINS,
                                      "terrain": "Plains"}
    order(ctx, f"BUILD {SWAMP2} REFUGE")
    assert ctx.problems[-1].facts == {"reason": "hex_not_owned", "hex": SWAMP2}
    order(ctx, f"BL {PLAINS} CAMP")
    assert ctx.game.hex(PLAINS).custom == "CAM" and ctx.clan.stock.money == 0
    ctx.clan.stock.money = 10_000
    order(ctx, f"BL {PLAINS} cam")
    assert ctx.problems[-1].facts == {"reason": "build_taken", "hex": PLAINS, "built": "Camp"}
    assert ctx.clan.stock.money == 10_000
    ctx.clan.stock.money = 9_999
    order(ctx, f"BUILD {SWAMP} REF")
    assert ctx.game.hex(SWAMP).custom == "" and ctx.problems[-1].code == "no_money"


def test_build_check_flags_wrong_terrain_cc_ter_12(game) -> None:
    """CC-TER-12: no custom structure in Barren or Water; the check says so while typing."""
    clan = game.state.active_clan
    problems = check_sheet(game, clan, "[POST]\nBUILD 0309 FARM\nBUILD 1401 DERRICK\n")
    assert [p.code for p in problems] == ["cannot_build", "cannot_build"]


@pytest.mark.parametrize(("code", "terrain"), [
    ("DER", "desert"), ("DER", "islands"), ("FAR", "agricultural"), ("SHO", "mountains"),
    ("LAB", "forest"), ("LAB", "jungle"), ("CAM", "plains"), ("CAM", "wilderness"),
    ("GAR", "metropolis"), ("REF", "swamp"),
])
def test_custom_structures_produce_from_next_turn_cc_hex_32_to_37(game, code, terrain) -> None:
    """CC-HEX-32…37, CC-CL-BUILD-02: fixed output for the hex owner from the turn after."""
    ctx = turn_ctx(game)
    hex_id = next(h for h in game.map.hex_ids() if game.map.terrain_of(h) == terrain)
    own(game, ctx.clan.number, hex_id)
    game.hex(hex_id).special = ""
    ctx.clan.stock.money = 10_000
    order(ctx, f"BUILD {hex_id} {code}")
    assert game.hex(hex_id).custom == code
    assert economy.structure_yield(game, game.hex(hex_id), None) == {}
    game.state.game_turn += 1
    expected = dict(game.rules.custom_structures[code].production)
    assert economy.structure_yield(game, game.hex(hex_id), None) == expected
    before = economy.hex_income(game, ctx.clan.number, None)
    game.hex(hex_id).set_owner(999)  # CC-HEX-32: it stays and serves whoever owns the hex
    after = economy.hex_income(game, ctx.clan.number, None)
    assert all(before.get(k, 0) - after.get(k, 0) >= v for k, v in expected.items())
    assert economy.structure_yield(game, game.hex(hex_id), None) == expected


def test_camp_troops_go_to_the_unallocated_pool_cc_hex_35(game) -> None:
    """CC-HEX-35: a Camp's 30 troops arrive in the Income Phase, into the unallocated pool."""
    clan = game.state.active_clan
    own(game, clan, PLAINS)
    game.hex(PLAINS).custom, game.hex(PLAINS).custom_built_turn = "CAM", 0
    assert economy.hex_income(game, clan, None)["troops"] == 30
    run_clan_turn(game, clan, "")
    assert game.clan(clan).last_turn.income["troops"] == 30


def test_special_and_custom_structures_add_up_cc_hex_39(game) -> None:
    """CC-HEX-39: a hex may hold both; their outputs are cumulative."""
    hex_state = game.hex(PLAINS)
    hex_state.special, hex_state.custom, hex_state.custom_built_turn = "RES", "CAM", 0
    out = economy.structure_yield(game, hex_state, Random(1))
    assert out["troops"] == 30 and 20 <= out["food"] <= 30


def test_garrison_recruits_free_guards_cc_hex_38(ctx) -> None:
    """CC-HEX-38: guards up to the defense level for free, but not in the conquest turn."""
    game = ctx.game
    game.hex(PLAINS).custom, game.hex(PLAINS).garrison = "GAR", 1
    game.hex(SWAMP).custom = "GAR"
    game.hex(SWAMP).conquered_turn = game.state.game_turn
    structures.recruit_garrison_guards(ctx)
    assert game.hex(PLAINS).garrison == 3 and ctx.clan.stock.troops == 40
    assert game.hex(SWAMP).garrison == 0
    assert facts(ctx, "garrison_recruits") == [{"hex": PLAINS, "recruited": 2, "guards": 3}]


# --- GAMBLE --------------------------------------------------------------------------------


class FixedRoll(Random):
    """A generator whose randint always gives one d100 result."""

    def __init__(self, roll: int) -> None:
        super().__init__(0)
        self.roll = roll

    def randint(self, a: int, b: int) -> int:
        return self.roll


@pytest.fixture
def casino(ctx, monkeypatch) -> TurnContext:
    ctx.game.hex(PLAINS).special = "CAS"
    ctx.clan.stock.money = 50_000
    return ctx


def gamble_with(casino: TurnContext, monkeypatch, key: str) -> None:
    outcome = next(o for o in casino.game.rules.casino if o.key == key)
    monkeypatch.setattr(TurnContext, "rng", lambda self: FixedRoll(outcome.low))
    order(casino, f"GAMBLE {PLAINS}")


@pytest.mark.parametrize(("key", "money"), [
    ("jackpot", 140_000), ("big_winner", 90_000), ("winner", 60_000), ("average", 50_000),
    ("loser", 40_000), ("big_loser", 30_000),
])
def test_gamble_outcomes_cc_cl_gamble_01_02(casino, monkeypatch, key, money) -> None:
    """CC-CL-GAMBLE-01/02: $10,000 stake at an owned Casino; money returned per the table."""
    gamble_with(casino, monkeypatch, key)
    assert casino.clan.stock.money == money
    assert casino.game.hex(PLAINS).special == "CAS"
    gambled = facts(casino, "gamble")[0]
    assert (gambled["stake"], gambled["hex"], gambled["closed"]) == (10_000, PLAINS, 0)


def test_gamble_cheated_closes_the_casino_cc_cl_gamble_04(casino, monkeypatch) -> None:
    """CC-CL-GAMBLE-04, AMB-50: stake plus $20,000 lost, capped at the money on hand."""
    casino.clan.stock.money = 25_000
    gamble_with(casino, monkeypatch, "cheated")
    assert casino.clan.stock.money == 0
    assert casino.game.hex(PLAINS).special == ""
    assert facts(casino, "gamble")[0]["closed"] == 1


def test_gamble_once_per_casino_and_needs_the_stake_cc_hex_18(casino, monkeypatch) -> None:
    """CC-HEX-18, CC-CL-GAMBLE-01: once per turn per casino owned; stake on hand or no bet."""
    gamble_with(casino, monkeypatch, "average")
    gamble_with(casino, monkeypatch, "jackpot")
    assert casino.clan.stock.money == 50_000
    assert casino.problems[-1].code == "gambled_already"
    casino.game.hex(SWAMP).special = "CAS"
    casino.clan.stock.money = 9_000
    order(casino, f"GAMBLE {SWAMP}")
    assert casino.problems[-1].code == "no_money" and casino.clan.stock.money == 9_000
    casino.game.hex(SWAMP).set_owner(999)
    order(casino, f"GAMBLE {SWAMP}")
    assert casino.problems[-1].facts == {"reason": "casino_not_owned", "hex": SWAMP}
    order(casino, f"GAMBLE {HOME}")
    assert casino.problems[-1].facts == {"reason": "no_casino", "hex": HOME}
