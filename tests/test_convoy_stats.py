"""The rulebook's worked examples for convoy statistics, fuel and hex defense."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats, movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world.hex_defense import requirement


def sample_convoy() -> Convoy:
    """The sample land convoy #1 of the rulebook's orders sheet (T§7.6)."""
    return Convoy(
        owner=1, number=1, name="Sample", convoy_type="land", hex="0101",
        vehicles={"truck": 4, "bus": 1, "van": 3, "car": 9, "bike": 6},
        experts=["POL", "MER", "CHE", "GUN"], rockets=4, training=100,
    )


def test_cc_cnv_47_sample_convoy_troops_cargo_fuel(rules: Ruleset) -> None:
    convoy = sample_convoy()
    assert convoy_stats.troop_capacity(convoy, rules) == 172
    assert convoy_stats.cargo_capacity(convoy, rules) == 81
    assert convoy_stats.fuel_cost(convoy, rules) == 56


def test_cc_cnv_47_sample_convoy_weapons_and_strength(rules: Ruleset) -> None:
    convoy = sample_convoy()
    convoy.troops = 172
    limits = convoy_stats.weapon_limits(convoy, rules)
    assert (limits["rifles"], limits["grenades"], limits["rockets"]) == (6, 17, 4)
    assert convoy_stats.combat_strength(convoy, rules) == 748


def test_cc_cnv_42_amb_12_size_29_is_small(rules: Ruleset) -> None:
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex="0101",
                    vehicles={"bike": 5, "car": 2, "truck": 1})
    assert convoy_stats.size(convoy, rules) == 29
    assert convoy_stats.size_name(convoy, rules) == "small"


def test_cc_ter_17_truck_three_cars_five_bikes_into_jungle_cost_45_fuel(rules: Ruleset) -> None:
    world = GameMap.from_rows("fuel", ["pj", "pp"])
    game = Game(rules, world, _blank_state(world))
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex="0101",
                    vehicles={"truck": 1, "car": 3, "bike": 5})
    jungle = next(h for h in world.hex_ids() if world.terrain_of(h) == "jungle")
    assert convoy_stats.fuel_rate(convoy, rules) == 18
    assert movement.move_fuel(game, convoy, "0101", jungle) == 45


def test_cc_move_14_road_halves_fuel_after_other_modifiers(rules: Ruleset) -> None:
    world = GameMap.from_rows("road", ["jj", "jj"], roads=["0101 0201"])
    game = Game(rules, world, _blank_state(world))
    convoy = Convoy(owner=1, number=1, name="x", convoy_type="land", hex="0101",
                    vehicles={"truck": 1, "car": 3, "bike": 5})
    assert movement.move_fuel(game, convoy, "0101", "0201") == 23  # ⌈45 × 0.5⌉
    assert movement.move_fuel(game, convoy, "0101", "0102") == 45


def test_cc_hex_11_level_8_plains_with_6_guards_needs_20_to_44(rules: Ruleset) -> None:
    world = GameMap.from_rows("defense", ["pm"])
    game = Game(rules, world, _blank_state(world))
    assert requirement(game, "0101", 8, 6) == (20, 44)
    assert requirement(game, "0101", 5, 5) == (15, 31)  # CC-CBH-05
    mountains = next(h for h in world.hex_ids() if world.terrain_of(h) == "mountains")
    assert requirement(game, mountains, 8, 6) == (26, 50)  # 3–5 per guard (CC-HEX-10)


def _blank_state(world: GameMap):  # type: ignore[no-untyped-def]
    from conquest_tui.engine.core.state import GameState, HexState

    return GameState(map_name=world.name, seed="x", hexes=[HexState() for _ in world.hex_ids()])
