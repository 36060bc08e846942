"""Fuel, food and parts as they are spent; the Dealer, Chemist, Gourmet, Tinkerer (CC-CNV-33…40)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.convoys import condition, convoys, movement
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.sentences.event_text import event_text

HOME = "0308"


def _clan(game: Game) -> int:
    return game.state.clan_order[0]


def _convoy(game: Game, convoy_type: str = "land", *, experts: tuple[str, ...] = (),
            number: int = 2) -> Convoy:
    convoy = convoys.create_convoy(game, _clan(game), number, HOME, convoy_type, hidden=False)
    convoy.created_turn = 0
    convoy.mode = "recon"
    convoy.experts = list(experts)
    return convoy


def _tune(game: Game, **consumption: float) -> None:
    game.rules = attrs.evolve(game.rules,
                              consumption=attrs.evolve(game.rules.consumption, **consumption))


def _events(game: Game, kind: str) -> list[Event]:
    return [e for e in game.clan(_clan(game)).last_turn.events if e.kind == kind]


def _step_into(game: Game, terrain: str) -> tuple[str, str]:
    """A land hex of this terrain and a land neighbour with no road between them."""
    for target in game.map.hex_ids():
        if game.map.terrain_of(target) != terrain:
            continue
        for _, origin in game.map.neighbors(target):
            if game.map.is_land(origin) and not game.road_between(origin, target):
                return origin, target
    raise AssertionError(terrain)


def test_fuel_modifiers_chemist_priest_training_road_last_cc_cnv_34(game: Game) -> None:
    """CC-CNV-34, CC-TER-02, CC-TER-05, AMB-25: 4 cars (rate 8) into forest, and by road."""
    convoy = _convoy(game)
    convoy.vehicles = {"car": 4}
    origin, forest = _step_into(game, "forest")
    assert movement.move_fuel(game, convoy, origin, forest) == 10  # 8 × 1.25
    convoy.experts = ["CHE"]
    assert movement.move_fuel(game, convoy, origin, forest) == 9  # 10 × 0.85 = 8.5
    convoy.experts = ["CHE", "PRI"]
    assert movement.move_fuel(game, convoy, origin, forest) == 7  # 10 × 0.70
    convoy.experts = []
    convoy.training = 80  # 10 steps of 5 above 30: −10%
    assert movement.move_fuel(game, convoy, origin, forest) == 9
    convoy.training = 0  # 6 steps below: +6%
    assert movement.move_fuel(game, convoy, origin, forest) == 11  # 10.6
    convoy.training = 30
    assert movement.move_fuel(game, convoy, HOME, "0307") == 4  # plains by road: 8 × 0.5


def test_terrain_multipliers_cc_ter_02_cc_ter_17(game: Game) -> None:
    """CC-TER-02, CC-TER-17: 1 truck + 3 cars + 5 bikes = 18 fuel, × the hex entered."""
    convoy = _convoy(game)
    convoy.vehicles = {"truck": 1, "car": 3, "bike": 5}
    cases = {"plains": 18, "agricultural": 18, "forest": 23, "desert": 23, "mountains": 36,
             "swamp": 27, "wilderness": 54, "jungle": 45, "barren": 90, "metropolis": 9}
    for terrain, fuel in cases.items():
        origin, target = _step_into(game, terrain)
        assert movement.move_fuel(game, convoy, origin, target) == fuel, terrain


def test_sea_river_and_air_costs_cc_ter_06_cc_ter_08(game: Game) -> None:
    """CC-TER-06, CC-TER-07, CC-TER-08, CC-CNV-38: river ×2 fuel ×1.5 parts; air ×1 per hex."""
    sea = _convoy(game, "sea")  # rate 3, size 4
    sea.parts_factor = 1.0
    assert movement.move_fuel(game, sea, HOME, "0407") == 6
    assert round(movement.move_parts(game, sea, HOME, "0407"), 6) == 0.6
    assert movement.move_fuel(game, sea, "0309", HOME) == 5  # into swamp from water: ×1.5
    air = _convoy(game, "air", number=3)  # rate 1, size 1 × 1.5
    air.parts_factor = 1.0
    assert movement.move_fuel(game, air, HOME, "1311") == 10  # 10 hexes, terrain ignored
    assert round(movement.move_parts(game, air, HOME, "1311"), 6) == 1.5  # 0.15 × 10


def test_dealer_buys_missing_fuel_at_double_price_cc_res_15_amb_85(game: Game) -> None:
    """CC-RES-15, AMB-85, CC-RES-08: the Dealer's convoy moves; another convoy does not."""
    clan = _clan(game)
    dealer = _convoy(game, experts=("DEA",))
    stock = game.clan(clan).stock
    for hex_state in game.state.hexes:
        hex_state.fuel = 0
    stock.fuel = 0
    price = game.state.prices["fuel"] * 2
    money = stock.money
    run_clan_turn(game, clan, "[CONVOY 1]\nN\n[CONVOY 2]\nN\n")
    income = game.clan(clan).last_turn.income.get("money", 0)
    assert dealer.hex == "0307"
    assert game.convoy(clan, 1).hex == HOME  # type: ignore[union-attr]
    assert stock.money == money + income - 2 * price  # 2 fuel for 0307 by road
    (bought,) = _events(game, "dealer")
    assert (bought.convoy, bought.facts) == (2, {"amount": 2, "item": "fuel",
                                                 "purpose": "the move to 0307",
                                                 "cost": 2 * price})
    assert event_text(bought) == (f"Convoy #2's Dealer bought 2 fuel for the move to 0307 at "
                                  f"double price: ${2 * price:,}.")
    assert stock.fuel == 0


def test_dealer_without_money_buys_nothing_amb_85(game: Game) -> None:
    """AMB-85: no money, no purchase, no move, nothing spent."""
    clan = _clan(game)
    dealer = _convoy(game, experts=("DEA",))
    stock = game.clan(clan).stock
    for hex_state in game.state.hexes:
        hex_state.fuel = hex_state.money = 0
    for city in game.state.cities:
        city.base_value = 0
    stock.fuel = 0
    stock.money = 10
    run_clan_turn(game, clan, "[CONVOY 2]\nN\n")
    assert dealer.hex == HOME and stock.money == 10
    assert _events(game, "dealer_broke") and _events(game, "no_fuel")


def test_dealer_buys_parts_at_maintenance_cc_res_11_amb_85(game: Game) -> None:
    """CC-RES-11, AMB-85: parts bought before any vehicle is scrapped."""
    clan = _clan(game)
    dealer = _convoy(game, experts=("DEA",))
    for hex_state in game.state.hexes:
        hex_state.parts = hex_state.road_parts_bonus = 0
    game.clan(clan).stock.parts = 0
    run_clan_turn(game, clan, "[CONVOY 2]\nN\nS\nN\n")
    assert dealer.vehicles == {"bike": 2, "car": 1}
    assert _events(game, "dealer") and not _events(game, "scrapped")


def test_chemist_finds_gasoline_on_roads_amb_61_cc_cnv_52(game: Game) -> None:
    """AMB-61, CC-CNV-52: with the chance forced to 1, every road move finds 10–30 fuel."""
    _tune(game, chemist_find_chance=1.0)
    clan = _clan(game)
    _convoy(game, experts=("CHE",))
    run_clan_turn(game, clan, "[CONVOY 2]\nN\nSE\n")  # 0307 by road; 0407 swamp, no road
    found = [(e.facts["hex"], e.facts["fuel"]) for e in _events(game, "chemist_fuel")]
    assert len(found) == 1 and found[0][0] == "0307" and 10 <= found[0][1] <= 30


def test_tinkerer_parts_and_scrap_cc_cnv_39_cc_cnv_40_cc_cnv_65(game: Game) -> None:
    """CC-CNV-39, CC-CNV-40, CC-CNV-65, AMB-43: −15% parts; scrapped bike gives 2, ×2 = 4."""
    clan = _clan(game)
    convoy = _convoy(game, experts=("TIN",))
    convoy.parts_factor = 1.0
    assert round(movement.move_parts(game, convoy, "0306", "0406"), 6) == 0.425  # 0.5 × 0.85
    for hex_state in game.state.hexes:
        hex_state.parts = hex_state.road_parts_bonus = 0
    game.clan(clan).stock.parts = 0
    run_clan_turn(game, clan, "[CONVOY 2]\nN\nS\nN\nS\n")
    scrapped = _events(game, "scrapped")
    assert scrapped and scrapped[0].facts["scrapped"] == ("bike",)
    assert convoy.vehicles == {"bike": 1, "car": 1}
    assert game.clan(clan).stock.parts == 4 - scrapped[0].facts["paid"]


def test_food_per_pulse_gourmet_health_cc_cnv_35_cc_cnv_36(game: Game) -> None:
    """CC-RES-09, CC-CNV-35, CC-CNV-36, AMB-87: 100 troops eat 100 a turn; Gourmet 85; sick +."""
    clan = _clan(game)
    stock = game.clan(clan).stock
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    stock.troops = 0
    convoy.vehicles = {"truck": 5}
    convoy.troops = 100
    stock.food = 1000
    run_clan_turn(game, clan, "")
    eaten = 1000 + game.clan(clan).last_turn.income.get("food", 0) - stock.food
    assert eaten == 100
    run_clan_turn(game, game.state.active_clan, "")
    convoy.experts = ["GOU"]
    convoy.health = 91  # 3 steps of 3 below 100: +3%
    before = stock.food
    run_clan_turn(game, clan, "")
    eaten = before + game.clan(clan).last_turn.income.get("food", 0) - stock.food
    assert eaten == 88  # 100 × (1 − 0.15 + 0.03)


def test_desertion_takes_a_vehicle_when_none_left_amb_44(game: Game) -> None:
    """AMB-44, CC-SEQ-08, CC-CNV-19: all desert (chance 1), morale −2, the smallest vehicle too."""
    _tune(game, desertion_chance=1.0, desertion_vehicle_chance=1.0)
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None and convoy.troops == 5
    for hex_state in game.state.hexes:
        hex_state.food = 0
    game.clan(clan).stock.food = 0
    game.clan(clan).stock.troops = 0
    for city in game.state.cities:
        city.owner = 0 if city.owner == clan else city.owner
    run_clan_turn(game, clan, "")
    assert convoy.troops == 0
    assert [(e.convoy, e.facts) for e in _events(game, "vehicle_deserted")] == [
        (1, {"vehicle": "bike"})]
    assert convoy.vehicles == {"bike": 1, "car": 1}


def test_morale_decay_cap_and_zero_disband_cc_cnv_14_16_17(game: Game) -> None:
    """CC-CNV-14, CC-CNV-16, CC-CNV-17, AMB-37, AMB-81."""
    clan = _clan(game)
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    convoy.morale = 150
    run_clan_turn(game, clan, "")
    assert convoy.morale == 100
    run_clan_turn(game, game.state.active_clan, "")
    convoy.morale = 2
    run_clan_turn(game, clan, "")
    assert convoy.morale == 0 and convoy.zero_morale_turns == 1
    assert _events(game, "morale_zero")
    run_clan_turn(game, game.state.active_clan, "")
    run_clan_turn(game, clan, "")
    assert game.convoy(clan, 1) is None
    assert [(e.convoy, e.facts["why"]) for e in _events(game, "disband")] == [(1, "zero_morale")]


def test_training_and_morale_bounds_cc_cnv_21(game: Game) -> None:
    """CC-CNV-21, CC-CNV-14: training stays within 0–100; morale never below 0."""
    convoy = _convoy(game)
    assert condition.change_training(convoy, 90, game.rules) == 70 and convoy.training == 100
    assert condition.change_training(convoy, -150, game.rules) == -100
    assert condition.change_morale(convoy, -50, game.rules) == -30 and convoy.morale == 0
    assert condition.change_morale(convoy, 120, game.rules) == 120  # capped at the turn's end
