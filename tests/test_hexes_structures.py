"""Hex facts and structures: setup rolls, production, visits, LOOT, FISH, PAVE (CC-HEX, CC-CO)."""

from __future__ import annotations

from random import Random

import pytest

from conquest_tui.engine.convoys import convoy_stats, convoys
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.economy import economy, gameturn
from conquest_tui.engine.orderbook.hexes import fish_yield, pave_cost
from conquest_tui.engine.orders.registry import CLAN, CONVOY
from conquest_tui.engine.orders.sheet import parse_order_line, parse_sheet
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.steps import capture, entry, loot
from conquest_tui.engine.world import structures
from conquest_tui.storage.map_loader import load_map

HOME = "0308"
PLAINS, SWAMP, WATER = "0307", "0407", "0309"


def turn_ctx(game: Game, phase: str = "pulses") -> TurnContext:
    clan = game.clan(game.state.active_clan)
    ctx = TurnContext(game=game, clan=clan, sheet=parse_sheet("", game.rules))
    ctx.phase, ctx.pulse = phase, 1
    return ctx


def convoy_order(ctx: TurnContext, convoy: Convoy, text: str) -> None:
    parsed = parse_order_line(text, 1, CONVOY, ctx.game.rules)
    ctx.line, ctx.convoy = 1, convoy.number
    parsed.run(ctx, convoy)  # type: ignore[attr-defined]


def events_of(ctx: TurnContext, kind: str) -> list[Event]:
    return [e for e in ctx.events if e.kind == kind]


def own(game: Game, clan: int, *hexes: str) -> None:
    for hex_id in hexes:
        game.hex(hex_id).set_owner(clan)
        game.hex(hex_id).conquered_turn = 0


@pytest.fixture
def ctx(game: Game) -> TurnContext:
    context = turn_ctx(game)
    own(game, context.clan.number, HOME, PLAINS, SWAMP)
    return context


@pytest.fixture
def home_convoy(ctx: TurnContext) -> Convoy:
    convoy = ctx.game.convoy(ctx.clan.number, 1)
    assert convoy is not None and convoy.hex == HOME
    convoy.hidden = False
    return convoy


def visit(ctx: TurnContext, convoy: Convoy, hex_id: str) -> None:
    ctx.game.move_convoy(convoy, hex_id)
    entry.enter_hex(ctx, convoy)


# --- setup ---------------------------------------------------------------------------------


def test_setup_defense_levels_cc_hex_07(game) -> None:
    """CC-HEX-07, AMB-38: 1–5, +1 wilderness/mountains/jungle, +1 river; start hexes 3."""
    rules = game.rules
    levels = set()
    for hex_id in game.map.hex_ids():
        terrain = rules.terrains[game.map.terrain_of(hex_id)]
        bonus = terrain.defense_bonus + (1 if game.map.has_river(hex_id) else 0)
        level = game.hex(hex_id).defense
        if game.hex(hex_id).owner:
            assert level == rules.start.hex_defense
            continue
        assert 1 + bonus <= level <= 5 + bonus
        levels.add(level - bonus)
    assert levels == {1, 2, 3, 4, 5}


def test_special_structures_rolled_per_game_cc_hex_14(rules) -> None:
    """CC-HEX-14: 15–20% of eligible hexes; none in barren, water or city hexes but Fisheries."""
    world = load_map("british_isles")
    setup = GameSetup(clans=(ClanSetup("A"), ClanSetup("B")), seed="structures")
    game = new_game(rules, world, setup)
    cities = {site.hex for site in world.cities}
    eligible = with_structure = fisheries = water = 0
    for hex_id in world.hex_ids():
        terrain = rules.terrains[world.terrain_of(hex_id)]
        special = game.hex(hex_id).special
        if terrain.water:
            water += 1
            assert special in ("", "FIS")
            fisheries += special == "FIS"
            continue
        assert special != "FIS"
        if not terrain.special_structures or hex_id in cities:
            assert special == ""
            continue
        eligible += 1
        with_structure += bool(special)
    assert not rules.terrains["barren"].special_structures
    assert 0.13 <= with_structure / eligible <= 0.22
    assert 0.13 <= fisheries / water <= 0.22
    again = new_game(rules, world, setup)
    assert [h.special for h in again.state.hexes] == [h.special for h in game.state.hexes]


def test_water_hexes_have_no_value_and_no_owner_cc_hex_03(ctx, home_convoy) -> None:
    """CC-HEX-03: water produces nothing and a convoy there never captures it."""
    game = ctx.game
    assert set(economy.hex_yield(game, WATER, game.hex(WATER)).values()) == {0}
    game.move_convoy(home_convoy, WATER)
    home_convoy.troops = 50
    capture.attack_hex(ctx, home_convoy)
    assert game.hex(WATER).owner == 0


# --- production ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["ARS", "BAN", "CAS", "GAS", "HOS", "MIL", "PAR", "RES", "TRA"])
def test_special_structure_output_cc_hex_16_to_23_27_29(game, code) -> None:
    """CC-HEX-16…23, 27, 29, AMB-77: output rolled in the structure's range each Income Phase."""
    clan = game.state.active_clan
    own(game, clan, PLAINS)
    game.hex(PLAINS).special = ""
    plain = economy.hex_income(game, clan, None)
    game.hex(PLAINS).special = code
    rule = game.rules.special_structures[code]
    seen: dict[str, set[int]] = {item: set() for item in rule.production}
    for seed in range(40):
        totals = economy.hex_income(game, clan, Random(seed))
        for item, amount in rule.production.items():
            extra = totals[item] - plain.get(item, 0)
            assert amount.low <= extra <= amount.high
            seen[item].add(extra)
    assert all(len(values) > 1 for values in seen.values())


def test_structures_benefit_only_the_owner_and_start_next_turn_cc_hex_15_cc_hex_02(game) -> None:
    """CC-HEX-01, CC-HEX-15, CC-HEX-02: an unowned Gas Station gives nothing; once owned, the
    next Income Phase pays its 100–150 fuel."""
    clan = game.state.active_clan
    game.hex(PLAINS).special = "GAS"
    base = economy.hex_income(game, clan, None)["fuel"]
    assert economy.hex_income(game, clan, Random(3))["fuel"] == base
    own(game, clan, PLAINS)
    run_clan_turn(game, clan, "")
    assert game.clan(clan).last_turn.income["fuel"] - base - game.hex(PLAINS).fuel in range(
        100, 151)


def test_stadium_counts_five_popularity_cc_hex_28(game) -> None:
    """CC-HEX-28, AMB-04: a Stadium hex is worth 5 popularity instead of 1."""
    clan = game.state.active_clan
    own(game, clan, PLAINS)
    before = gameturn.popularity(game, clan)
    game.hex(PLAINS).special = "STA"
    assert gameturn.popularity(game, clan) == before + 4


def test_training_school_is_a_pickup_point_cc_hex_29(ctx, home_convoy) -> None:
    """CC-HEX-29: an owned Training School hex serves as a friendly city for pickup."""
    game = ctx.game
    ctx.game.move_convoy(home_convoy, PLAINS)
    assert not convoys.can_pick_up_at(game, home_convoy)
    game.hex(PLAINS).special = "TRA"
    assert convoys.can_pick_up_at(game, home_convoy)
    game.hex(PLAINS).set_owner(999)
    assert not convoys.can_pick_up_at(game, home_convoy)


def test_university_police_and_rec_center_stand_in_for_cities_cc_hex_30(ctx, home_convoy) -> None:
    """CC-HEX-30, CC-HEX-24, CC-HEX-26: HIRE any type, PRACTICE and CELEBRATE in owned hexes."""
    game = ctx.game
    ctx.game.move_convoy(home_convoy, PLAINS)
    for code, query in (("UNI", structures.may_hire_any_expert),
                        ("POL", structures.may_practice_here),
                        ("REC", structures.may_celebrate_here)):
        game.hex(PLAINS).special = code
        game.hex(PLAINS).set_owner(ctx.clan.number)
        assert query(game, home_convoy)
        game.hex(PLAINS).set_owner(999)
        assert not query(game, home_convoy)


# --- visits --------------------------------------------------------------------------------


@pytest.mark.parametrize(("experts", "low", "high", "bonus"), [
    ([], 1, 5, 0.10), (["SER"], 2, 10, 0.20),
])
def test_police_station_visit_cc_hex_24(ctx, home_convoy, experts, low, high, bonus) -> None:
    """CC-HEX-24, AMB-79: +1–5 training (×2 Sergeant) and +10% combat, once per turn."""
    game = ctx.game
    game.hex(PLAINS).special = "POL"
    home_convoy.experts = experts
    assert structures.police_bonus(game, home_convoy) == 0.0
    before = home_convoy.training
    visit(ctx, home_convoy, PLAINS)
    gain = home_convoy.training - before
    assert low <= gain <= high and gain % len(experts + [0]) == 0
    assert structures.police_bonus(game, home_convoy) == pytest.approx(bonus)
    visit(ctx, home_convoy, PLAINS)
    assert home_convoy.training == before + gain
    assert len(events_of(ctx, "police_station")) == 1
    game.state.turn_index = 1 - game.state.turn_index
    assert structures.police_bonus(game, home_convoy) == 0.0  # only in the owner's turn


def test_rec_center_visit_cc_hex_26(ctx, home_convoy) -> None:
    """CC-HEX-26: +5–10 morale per convoy, once per turn per rec center; Gourmet ×1.15."""
    game = ctx.game
    game.hex(PLAINS).special = "REC"
    before = home_convoy.morale
    visit(ctx, home_convoy, PLAINS)
    visit(ctx, home_convoy, PLAINS)
    assert 5 <= home_convoy.morale - before <= 10
    other = convoys.create_convoy(game, ctx.clan.number, 2, PLAINS, "land", hidden=False)
    other.experts = ["GOU"]
    morale = other.morale
    entry.enter_hex(ctx, other)
    assert 5 <= other.morale - morale <= 11
    assert len(events_of(ctx, "rec_center")) == 2
    game.hex(SWAMP).special = "REC"
    game.hex(SWAMP).set_owner(999)
    morale = home_convoy.morale
    home_convoy.mode = "recon"
    visit(ctx, home_convoy, SWAMP)
    assert home_convoy.morale == morale  # not your rec center


def test_racetrack_gives_the_first_convoy_a_scout_cc_hex_25(ctx, home_convoy) -> None:
    """CC-HEX-25, AMB-54: the first of your convoys to visit gets a fast scout of its type."""
    game = ctx.game
    game.hex(PLAINS).special = "RAC"
    bikes = home_convoy.vehicles["bike"]
    visit(ctx, home_convoy, PLAINS)
    assert home_convoy.vehicles["bike"] == bikes + 1
    other = convoys.create_convoy(game, ctx.clan.number, 2, PLAINS, "land", hidden=False)
    entry.enter_hex(ctx, other)
    visit(ctx, home_convoy, PLAINS)
    assert other.vehicles == dict(game.rules.convoy_types["land"].new_vehicles)
    assert home_convoy.vehicles["bike"] == bikes + 1
    assert [(e.convoy, e.facts["vehicle"], e.facts["count"], e.facts["hex"])
            for e in events_of(ctx, "racetrack")] == [(home_convoy.number, "bike", 1, PLAINS)]


def test_passage_notes_and_hex_list_cc_hex_04_cc_hex_05(game) -> None:
    """CC-HEX-04/05: the owner hears of Capture/Empty passages, not Recon; entered hexes are
    remembered."""
    ctx = turn_ctx(game)
    other = next(c.number for c in game.state.clans if c.number != ctx.clan.number)
    own(game, other, PLAINS)
    game.hex(PLAINS).defense, game.hex(PLAINS).garrison = 10, 10
    convoy = game.convoy(ctx.clan.number, 1)
    assert convoy is not None
    convoy.mode = "recon"
    visit(ctx, convoy, PLAINS)
    assert not game.clan(other).inbox
    convoy.mode = "empty"
    visit(ctx, convoy, PLAINS)
    assert [e.kind for e in game.clan(other).inbox] == ["passage"]
    assert PLAINS in ctx.clan.known_hexes


# --- LOOT ----------------------------------------------------------------------------------


def test_a_bank_pays_its_owner_every_turn_cc_hex_15_cc_hex_17_cc_hex_40(ctx, home_convoy) -> None:
    """CC-HEX-15/17/40, AMB-76: the owner of a Bank's hex loots $2,000–$3,000 once per turn;
    the hex is never "empty" for him."""
    game = ctx.game
    own(game, ctx.clan.number, PLAINS)
    game.hex(PLAINS).special = "BAN"
    ctx.game.move_convoy(home_convoy, PLAINS)
    money = ctx.clan.stock.money
    convoy_order(ctx, home_convoy, "LOOT")
    gained = ctx.clan.stock.money - money
    assert 2_000 <= gained <= 3_000
    convoy_order(ctx, home_convoy, "LOOT")
    assert ctx.clan.stock.money == money + gained
    assert [e.facts["why"] for e in events_of(ctx, "loot_empty")] == ["bank"]
    assert not game.hex(PLAINS).looted
    game.state.game_turn += 1
    convoy_order(ctx, home_convoy, "LOOT")
    assert ctx.clan.stock.money > money + gained


def test_a_strangers_bank_is_searched_like_any_hex_cc_hex_15_amb_76(ctx, home_convoy) -> None:
    """CC-HEX-15, AMB-76: "you must own the hex containing the structure" to gain its
    benefits: another Clan's Bank pays a stranger nothing of its money; his LOOT searches the
    hex once a game, as any other hex, and its owner is told of no robbery."""
    game = ctx.game
    other = next(c.number for c in game.state.clans if c.number != ctx.clan.number)
    own(game, other, PLAINS)
    game.hex(PLAINS).defense, game.hex(PLAINS).garrison = 10, 10
    game.hex(PLAINS).special = "BAN"
    ctx.game.move_convoy(home_convoy, PLAINS)
    convoy_order(ctx, home_convoy, "LOOT")
    assert [e.facts["why"] for e in events_of(ctx, "loot")] == ["search"]
    assert game.hex(PLAINS).looted
    money = ctx.clan.stock.money
    game.state.game_turn += 1
    convoy_order(ctx, home_convoy, "LOOT")
    assert ctx.clan.stock.money == money
    assert [e.facts["why"] for e in events_of(ctx, "loot_empty")] == ["looted"]
    assert "bank_looted" not in [e.kind for e in game.clan(other).inbox]


def test_loot_not_hidden_nor_in_recon_cc_hex_43_cc_co_loot_02(ctx, home_convoy) -> None:
    """CC-HEX-43, CC-CO-LOOT-02: hidden or Recon convoys cannot loot; Empty mode can."""
    game = ctx.game
    ctx.game.move_convoy(home_convoy, PLAINS)
    home_convoy.hidden = True
    convoy_order(ctx, home_convoy, "LOOT")
    home_convoy.hidden, home_convoy.mode = False, "recon"
    convoy_order(ctx, home_convoy, "LOOT")
    assert [p.code for p in ctx.problems] == ["hidden", "recon"]
    assert not game.hex(PLAINS).looted
    home_convoy.mode = "empty"
    convoy_order(ctx, home_convoy, "LOOT")
    assert game.hex(PLAINS).looted and len(events_of(ctx, "loot")) == 1


def test_loot_money_is_spendable_in_post_turn_orders_cc_hex_44(ctx, home_convoy) -> None:
    """CC-HEX-44: Bank loot taken in the pulses pays for a post-turn BUILD."""
    game = ctx.game
    game.hex(PLAINS).special = "BAN"
    ctx.game.move_convoy(home_convoy, PLAINS)
    ctx.clan.stock.money = 8_000
    loot.loot_hex(ctx, home_convoy)
    ctx.phase, ctx.pulse = "post", 0
    build = parse_order_line(f"BUILD {PLAINS} CAMP", 1, CLAN, game.rules)
    build.run(ctx)  # type: ignore[attr-defined]
    assert game.hex(PLAINS).custom == "CAM"
    assert 0 <= ctx.clan.stock.money <= 1_000


# --- FISH ----------------------------------------------------------------------------------


def sea_convoy(ctx: TurnContext, number: int = 2, kind: str = "sea") -> Convoy:
    convoy = convoys.create_convoy(ctx.game, ctx.clan.number, number, WATER, kind, hidden=False)
    ctx.game.hex(WATER).special = "FIS"
    return convoy


def test_fish_yield_is_the_size_factor_cc_co_fish_02(ctx) -> None:
    """CC-CO-FISH-02: food = size, capped at 50; Gourmet 57; Gourmet and Priest 65."""
    boat = sea_convoy(ctx)
    size = convoy_stats.size(boat, ctx.game.rules)
    assert size < 50
    food = ctx.clan.stock.food
    convoy_order(ctx, boat, "FISH")
    assert ctx.clan.stock.food == food + size
    assert events_of(ctx, "fish")[0].facts["food"] == size
    boat.vehicles = {"warship": 10}
    assert fish_yield(ctx.game, boat) == 50
    boat.experts = ["GOU"]
    assert fish_yield(ctx.game, boat) == 57
    boat.experts = ["GOU", "PRI"]
    assert fish_yield(ctx.game, boat) == 65


def test_fish_preconditions_cc_co_fish_01_cc_hex_19(ctx) -> None:
    """CC-CO-FISH-01, CC-HEX-19: sea convoys only, at a Fishery, not hidden or Recon, and the
    first of your convoys each turn; the Fishery needs no owner."""
    first = sea_convoy(ctx)
    second = sea_convoy(ctx, 3)
    amphibious = sea_convoy(ctx, 4, "amphibious")
    assert ctx.game.hex(WATER).owner == 0
    convoy_order(ctx, first, "FISH")
    convoy_order(ctx, second, "FISH")
    convoy_order(ctx, amphibious, "FISH")
    second.hidden = True
    convoy_order(ctx, second, "FISH")
    second.hidden, second.mode = False, "recon"
    convoy_order(ctx, second, "FISH")
    ctx.game.state.game_turn += 1
    second.mode = "capture"
    convoy_order(ctx, second, "FISH")
    ctx.game.hex(WATER).special = ""
    convoy_order(ctx, second, "FISH")
    assert [p.code for p in ctx.problems] == [
        "fished_already", "cannot_fish", "cannot_fish", "cannot_fish", "cannot_fish"]
    assert ctx.problems[1].facts["reason"] == "fish_type" and ctx.problems[1].facts["scare"] == 1
    assert len(events_of(ctx, "fish")) == 2


# --- PAVE ----------------------------------------------------------------------------------


def test_pave_cost_example_cc_co_pave_02(game) -> None:
    """CC-CO-PAVE-02, AMB-11: Desert (2.5) to Wilderness (3) costs $13,750."""
    assert (game.map.terrain_of("1607"), game.map.terrain_of("1507")) == ("desert", "wilderness")
    assert pave_cost(game, "1607", "1507") == 13_750


def test_pave_builds_a_road_both_ways_cc_co_pave_01_03(ctx, home_convoy) -> None:
    """CC-CO-PAVE-01/03, CC-MOVE-22: a truck, both hexes yours; the road serves both hexes."""
    game = ctx.game
    ctx.game.move_convoy(home_convoy, PLAINS)
    ctx.clan.stock.money = 50_000
    there = hexgrid.direction_between(PLAINS, SWAMP)
    convoy_order(ctx, home_convoy, f"PAVE {there}")
    assert ctx.problems[-1].code == "cannot_pave"
    assert ctx.problems[-1].facts["reason"] == "pave_truck"
    assert ctx.problems[-1].facts["vehicle"] == "truck"
    convoys.add_vehicles(game, home_convoy, "truck", 1)
    target = SWAMP
    assert not game.road_between(PLAINS, target) and not game.has_road(target)
    parts = economy.hex_yield(game, target, game.hex(target))["parts"]
    convoy_order(ctx, home_convoy, f"PV {there}")
    assert game.road_between(PLAINS, target) and game.road_between(target, PLAINS)
    assert hexgrid.direction_between(target, PLAINS) in game.road_directions(target)
    assert ctx.clan.stock.money == 50_000 - 2_500 * (1 + 3)
    assert economy.hex_yield(game, target, game.hex(target))["parts"] == (
        parts + game.hex(target).road_parts_bonus)
    convoy_order(ctx, home_convoy, f"PAVE {there}")
    assert ctx.problems[-1].facts["reason"] == "pave_road"
    convoy_order(ctx, home_convoy, "PAVE N")
    assert ctx.problems[-1].facts["reason"] == "pave_control"
    ctx.game.move_convoy(home_convoy, HOME)
    convoy_order(ctx, home_convoy, "PAVE S")
    assert ctx.problems[-1].facts["reason"] == "pave_water"
    assert ctx.clan.stock.money == 50_000 - 10_000


class LootRoll(Random):
    """A generator whose d100 always shows one number; other draws stay random."""

    def __init__(self, roll: int) -> None:
        super().__init__(7)
        self.roll = roll

    def randint(self, a: int, b: int) -> int:
        return self.roll if (a, b) == (1, 100) else super().randint(a, b)


def test_loot_table_results_cc_co_loot_01_cc_hex_41(ctx, home_convoy, monkeypatch) -> None:
    """CC-CO-LOOT-01, CC-HEX-41, AMB-32: usually small, on 99–00 a $10,000–$25,000 find, on
    96–98 a free scout; 01–20 nothing; each hex only once."""
    game = ctx.game
    found: list[tuple[str, int]] = []
    for hex_id, roll in ((PLAINS, 99), (SWAMP, 97), (HOME, 5)):
        monkeypatch.setattr(TurnContext, "rng", lambda self, roll=roll: LootRoll(roll))
        money, bikes = ctx.clan.stock.money, home_convoy.vehicles["bike"]
        ctx.game.move_convoy(home_convoy, hex_id)
        loot.loot_hex(ctx, home_convoy)
        found.append((hex_id, ctx.clan.stock.money - money))
        assert game.hex(hex_id).looted
        if roll == 97:
            assert home_convoy.vehicles["bike"] == bikes + 1
    assert 10_000 <= found[0][1] <= 25_000 and found[1][1] == found[2][1] == 0
    assert [e.facts.get("found") for e in events_of(ctx, "loot")] == ["items", "vehicle",
                                                                      "nothing"]


def test_scout_loots_every_hex_it_enters_cc_hex_42_cc_co_loot_03(ctx, home_convoy) -> None:
    """CC-HEX-42, CC-CO-LOOT-03: an Expert Scout loots on entry, not in Recon mode."""
    game = ctx.game
    home_convoy.experts = ["SCO"]
    home_convoy.mode = "recon"
    visit(ctx, home_convoy, SWAMP)
    assert not game.hex(SWAMP).looted
    home_convoy.mode = "capture"
    visit(ctx, home_convoy, PLAINS)
    assert game.hex(PLAINS).looted and len(events_of(ctx, "loot")) == 1
