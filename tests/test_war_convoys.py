"""Convoy against convoy: battles on entry and PAUSE, PATROL, HUNT, KILL MODE, rockets (CC-CBV)."""

from __future__ import annotations

from random import Random

import attrs
import pytest
from game_helpers import convoy_of, first_clan, second_clan
from war_helpers import ctx_of, kinds, order, place, two_clans

from conquest_tui.engine.combat import convoy_clash, fighters, judgement
from conquest_tui.engine.combat.convoy_battle import SeededChances, fight
from conquest_tui.engine.combat.fighters import fighter
from conquest_tui.engine.combat.repair import parts_needed
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orders.registry import CONVOY
from conquest_tui.engine.orders.sheet import OrderSyntaxError, parse_order_line
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import Dice
from conquest_tui.engine.sentences.event_text import event_text
from conquest_tui.storage.savefile import game_from_text, game_to_text

FIELD = "0506"
"""An open hex away from the starting cities, north-east of 0406."""


class Example:
    """The rulebook's worked example (CC-CBV-11, AMB-13): every die rolls its average, half the
    troops hit, no point lands on a troop, every vehicle hit is 5 points, targets alternate."""

    def __init__(self) -> None:
        self.picks = 0
        self.troop_rolls = 0

    def chance(self, probability: float) -> bool:
        if probability == 0.5:          # a troop's point of damage: every other troop
            self.troop_rolls += 1
            return self.troop_rolls % 2 == 0
        return False                    # no point lands on a troop

    def between(self, low: int, high: int) -> int:
        return 5

    def pick(self, count: int) -> int:
        self.picks += 1
        return (self.picks - 1) % count

    def roll(self, dice: Dice) -> int:
        return int(dice.average)


@pytest.fixture
def sides(game: Game) -> tuple[TurnContext, Convoy, Convoy]:
    """The active Clan's convoy #1 next to FIELD (west of it) and the other Clan's in FIELD."""
    own, other = two_clans(game, ("0406", {"truck": 2}, 40), (FIELD, {"car": 2}, 6))
    return ctx_of(game), own, other


# --- the battle's arithmetic -----------------------------------------------------------------


def test_worked_example_truck_against_two_cars_cc_cbv_11_amb_13(game: Game) -> None:
    """The truck's 42 leave the cars at 22 and 20 (30 HP: none destroyed); the cars' 19 all land
    on the truck; then the cars flee and the truck wins."""
    truck = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 20)
    cars = place(game, convoy_of(game, second_clan(game)), FIELD, {"car": 2}, 6)
    result = fight(fighter(game, truck, cars), fighter(game, cars, truck), game.rules.combat,
                   Example())
    assert len(result.rounds) == 1
    assert result.rounds[0].attacker.salvo == 42 and result.rounds[0].defender.salvo == 19
    assert sorted(result.defender.damage) == [20, 22] and not result.defender.destroyed
    assert result.attacker.damage == (19,)
    assert result.defender.fled and not result.attacker.fled
    assert result.outcome == "attacker"


def test_repair_costs_one_part_per_5_points_rounded_up_cc_cbv_12() -> None:
    """Cars 42 → 9 parts, truck 19 → 4 parts; a Tinkerer's 1 per 10: 42 → 5."""
    assert parts_needed(42, 5) == 9
    assert parts_needed(19, 5) == 4
    assert parts_needed(42, 10) == 5


def test_the_cars_456_flee_from_the_truck_6342_amb_41(rules: Ruleset) -> None:
    """Power × durability: the damaged cars (P 19, 18 HP + 6 troops) against the truck (P 42,
    131 HP + 20 troops); the cars flee, and would never have attacked."""
    combat = rules.combat
    cars = judgement.assess(16, 6, 0, 1.0, 18, combat)
    truck = judgement.assess(32, 20, 0, 1.0, 131, combat)
    assert cars.threat == 456 and truck.threat == 6342
    assert judgement.who_flees(truck, cars, combat) == (False, True)
    assert not judgement.engages(cars, truck, combat)
    assert judgement.engages(truck, cars, combat)


def test_kill_mode_and_air_modifiers_cc_cbv_07_amb_19(game: Game) -> None:
    """Kill Mode T or V costs 20% of the damage; an air convoy fights a non-air one at 50%;
    Gunner +10%, morale 40 +2%."""
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 0)
    other = place(game, convoy_of(game, second_clan(game)), FIELD, {"car": 1}, 0)
    own.experts, own.kill_mode, own.morale = ["GUN"], "V", 40
    assert fighter(game, own, other).factor == pytest.approx(1.12 * 0.8)
    assert fighter(game, own, other).kill_vehicles
    own.kill_mode = "T"
    assert fighter(game, own, other).troop_hit_chance == 0.5
    other.convoy_type, other.vehicles = "air", {"jet": 1}
    assert fighter(game, other, own).factor == pytest.approx(0.5)


def test_military_hunters_and_patrols_double_the_first_round_cc_cnv_05(game: Game) -> None:
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"tank": 1}, 0)
    other = place(game, convoy_of(game, second_clan(game)), FIELD, {"car": 1}, 0)
    own.convoy_type = "military"
    assert fighter(game, own, other, surprise=True).first_round_factor == 2.0
    assert fighter(game, own, other).first_round_factor == 1.0
    own.convoy_type, own.vehicles = "land", {"truck": 1}
    assert fighter(game, own, other, surprise=True).first_round_factor == 1.0


def test_armsmaster_adds_10_percent_hit_points_cc_cbv_09(game: Game) -> None:
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 0)
    other = place(game, convoy_of(game, second_clan(game)), FIELD, {"car": 1}, 0)
    assert fighter(game, own, other).units[0].hit_points == 150
    own.experts = ["ARM"]
    assert fighter(game, own, other).units[0].hit_points == 165


def test_rockets_fly_first_but_never_at_scouts_or_a_much_smaller_enemy_cc_wpn_05(
        game: Game) -> None:
    """A rocket hits a vehicle larger than a scout for 20–50; none against an all-scout convoy
    or when the firing convoy is at least twice the enemy's size."""
    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"car": 1}, 0)
    own.rockets = 3
    big = place(game, convoy_of(game, second_clan(game)), FIELD, {"truck": 1}, 20)
    result = fight(fighter(game, own, big), fighter(game, big, own), game.rules.combat,
                   SeededChances(Random(1)), forced=True)
    assert 20 <= result.rounds[0].attacker.rocket <= 50
    assert result.attacker.rockets_fired >= 1
    big.vehicles = {"bike": 1}
    result = fight(fighter(game, own, big), fighter(game, big, own), game.rules.combat,
                   SeededChances(Random(1)), forced=True)
    assert result.attacker.rockets_fired == 0


# --- battles in the turn -----------------------------------------------------------------------


def test_entering_convoy_attacks_and_both_clans_are_told_cc_cbv_01_17(sides) -> None:
    """Two trucks move onto two cars: a battle, reported to the mover, told to the idle owner
    (its inbox), broadcast on the radio; the cars lose and hide or are destroyed."""
    ctx, own, other = sides
    order(ctx, own, "NE")
    assert own.hex == FIELD
    battles = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert len(battles) == 1 and battles[0].facts["why"] in ("won_fled", "won_destroyed")
    told = kinds(ctx.game.clan(other.owner).inbox, EventKind.CONVOY_BATTLE)
    assert len(told) == 1 and told[0].facts["why"] in ("fled", "destroyed")
    assert "attacked your convoy #1" in event_text(told[0])
    assert "attacked Clan" in event_text(battles[0])
    assert not ctx.game.has_convoy(other) or other.hidden
    assert any(b.hex == FIELD for b in ctx.game.state.broadcasts)


def test_pause_starts_battles_cc_cbv_01(sides) -> None:
    ctx, own, other = sides
    ctx.game.move_convoy(own, FIELD)
    order(ctx, own, "PAUSE")
    assert kinds(ctx.events, EventKind.CONVOY_BATTLE)


def test_allies_and_hidden_convoys_are_left_alone_cc_cl_ally_02(sides) -> None:
    ctx, own, other = sides
    ctx.clan.allies.append(other.owner)
    ctx.game.move_convoy(own, FIELD)
    order(ctx, own, "PAUSE")
    assert not kinds(ctx.events, EventKind.CONVOY_BATTLE)
    ctx.clan.allies.clear()
    other.hidden = True
    order(ctx, own, "PAUSE")
    assert not kinds(ctx.events, EventKind.CONVOY_BATTLE)


def test_a_weak_convoy_declines_and_does_not_attack_the_hex_cc_cbv_02_cbh_01(sides) -> None:
    """Two cars meeting two trucks in the trucks' Clan's hex: no battle, and no hex attack."""
    ctx, own, other = sides
    place(ctx.game, own, FIELD, {"car": 2}, 6)
    place(ctx.game, other, FIELD, {"truck": 2}, 40)
    ctx.game.hex(FIELD).set_owner(other.owner)
    own.mode = "capture"
    order(ctx, own, "PAUSE")
    declined = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert [e.facts["why"] for e in declined] == ["declined"]
    assert "judged it too strong" in event_text(declined[0])
    assert not [e for e in ctx.events if e.kind.value.startswith("hex_")]
    assert ctx.game.hex(FIELD).owner == other.owner


def test_a_convoy_sizes_up_its_enemy_as_the_battle_would_cc_cbv_02_amb_41(sides) -> None:
    """Whether an entering convoy attacks is judged before either side is made ready for battle,
    on the very figures the battle weighs: the same answer for any mix of vehicles, troops,
    rockets, experts, morale and kill modes."""
    ctx, own, other = sides
    game = ctx.game
    rules = game.rules
    draw = Random("size-up")
    keys = sorted(rules.vehicles)
    answers = set()
    for _ in range(300):
        for convoy in (own, other):
            mix = {key: draw.randint(0, 3) for key in draw.sample(keys, draw.randint(1, 4))}
            place(game, convoy, FIELD, mix, draw.randint(0, 60))
            convoy.experts = draw.sample(["ARM", "GUN", "PIL"], draw.randint(0, 2))
            convoy.kill_mode = draw.choice("NTV")
            convoy.rockets = draw.choice((0, 3))
            convoy.morale, convoy.training = draw.randint(0, 100), draw.randint(0, 100)
        ahead = judgement.engages(fighters.assessment(game, own, other),
                                  fighters.assessment(game, other, own), rules.combat)
        fought = fight(fighter(game, own, other), fighter(game, other, own), rules.combat,
                       SeededChances(Random(0)))
        assert ahead == (fought.outcome != "declined")
        answers.add(ahead)
    assert answers == {True, False}


def test_patrol_surprises_the_newcomer_for_one_round_cc_co_patrol_01_cc_cbv_04(sides) -> None:
    """Against a patrol the weak newcomer cannot decline: it endures at least one round."""
    ctx, own, other = sides
    place(ctx.game, own, FIELD, {"car": 2}, 6)
    place(ctx.game, other, FIELD, {"truck": 2}, 40)
    other.patrolling = True
    order(ctx, own, "PAUSE")
    battles = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    assert battles and battles[0].facts["why"] != "declined" and battles[0].facts["rounds"] >= 1


def test_patrol_costs_four_times_the_fuel_rate_military_free_cc_co_patrol_02_03(sides) -> None:
    ctx, own, _ = sides
    ctx.game.move_convoy(own, FIELD)
    fuel = ctx.clan.stock.fuel
    order(ctx, own, "PATROL")
    event = kinds(ctx.events, EventKind.PATROL)[0]
    assert event.facts["fuel"] == 4 * 2 * 7          # two trucks, fuel 7 each
    assert ctx.clan.stock.fuel == fuel - 56 and own.patrolling
    own.convoy_type = "military"
    order(ctx, own, "PATROL")
    assert kinds(ctx.events, EventKind.PATROL)[1].facts["fuel"] == 0
    own.hidden = True
    order(ctx, own, "PATROL")
    assert kinds(ctx.events, EventKind.CANNOT_PATROL)[0].facts["why"] == "hidden"
    own.hidden = False
    order(ctx, own, "PAUSE")                          # moving or pausing ends the patrol
    assert not own.patrolling


def test_hunt_finds_hidden_convoys_once_a_turn_cc_co_hunt_01_03(sides) -> None:
    ctx, own, other = sides
    ctx.game.move_convoy(own, FIELD)
    other.hidden = True
    order(ctx, own, "HUNT")
    hunt = kinds(ctx.events, EventKind.HUNT)[0]
    assert hunt.facts["found"] == 1 and hunt.facts["fuel"] > 0
    assert kinds(ctx.events, EventKind.CONVOY_BATTLE)
    order(ctx, own, "HUNT")
    assert kinds(ctx.events, EventKind.CANNOT_HUNT)[0].facts["why"] == "once"


def test_military_hunts_again_but_never_twice_in_one_hex_cc_co_hunt_03_amb_80(sides) -> None:
    ctx, own, other = sides
    ctx.game.move_convoy(own, FIELD)
    own.convoy_type = "military"
    ctx.game.remove_convoy(other)
    order(ctx, own, "HUNT")
    order(ctx, own, "HUNT")
    assert kinds(ctx.events, EventKind.CANNOT_HUNT)[0].facts["why"] == "same_hex"
    ctx.game.move_convoy(own, "0406")
    order(ctx, own, "HUNT")
    assert len(kinds(ctx.events, EventKind.HUNT)) == 2


def test_kill_mode_needs_a_gunner_cc_co_km_01_02(sides) -> None:
    ctx, own, _ = sides
    order(ctx, own, "KM V")
    assert kinds(ctx.events, EventKind.NO_EXPERT) and own.kill_mode == "N"
    own.experts = ["GUN"]
    order(ctx, own, "KILL MODE T")
    assert own.kill_mode == "T"
    assert "Troops" in event_text(kinds(ctx.events, EventKind.KILL_MODE)[0])
    with pytest.raises(OrderSyntaxError):
        parse_order_line("KM X", 1, CONVOY, ctx.game.rules)


def test_short_of_parts_the_smallest_vehicles_are_scrapped_cc_cbv_13(sides) -> None:
    """With no parts, a damaged convoy scraps from its smallest vehicle up."""
    ctx, own, other = sides
    place(ctx.game, own, FIELD, {"truck": 2, "bike": 2}, 40)
    ctx.clan.stock.parts = 0
    for seed in range(30):
        ctx.pulse = seed + 2
        convoy_clash.battle(ctx, own, other, forced=True)
        repairs = kinds(ctx.events, EventKind.BATTLE_REPAIR)
        scrapped = [e for e in repairs if e.convoy == own.number and e.facts["scrapped"]]
        if scrapped:
            assert scrapped[0].facts["scrapped"][0][1] == "bike"
            assert "scrapped" in event_text(scrapped[0])
            return
        if not ctx.game.has_convoy(other):
            other = place(ctx.game, convoy_of(ctx.game, second_clan(ctx.game), 1)
                          if ctx.game.convoy(second_clan(ctx.game), 1) else other,
                          FIELD, {"car": 2}, 6)
            if not ctx.game.has_convoy(other):
                ctx.game.state.convoys.append(other)
        other.hidden = False
    pytest.fail("no battle damaged the convoy enough to scrap")


def test_every_loss_of_a_battle_is_in_an_event_conservation(sides) -> None:
    """Both Clans' holdings after a battle (a convoy destroyed, repairs, scrapping) equal those
    before plus what the reported and told events say."""
    from test_conservation import change, holdings

    ctx, own, other = sides
    game = ctx.game
    place(game, own, "0406", {"truck": 3, "bike": 2}, 60)
    own.rockets, own.rifles = 3, 2
    place(game, other, FIELD, {"car": 1, "bike": 1}, 4)
    other.rifles, other.cargo, other.cargo_type = 1, 1, "gems"
    other.patrolling = True
    ctx.clan.stock.parts = 0
    game.clan(other.owner).stock.parts = 0
    clans = (own.owner, other.owner)
    before = {clan: holdings(game, clan) for clan in clans}
    order(ctx, own, "NE")
    assert kinds(ctx.events, EventKind.CONVOY_BATTLE)
    for clan in clans:
        said = before[clan].copy()
        for event in ctx.events + game.clan(clan).inbox:
            if event.clan == clan:
                said.update(change(game, event))
        after = holdings(game, clan)
        assert {k: after[k] - said[k] for k in set(after) | set(said) if after[k] != said[k]} == {}


def test_convoys_guarding_a_city_are_attacked_first_cc_cbv_18(sides) -> None:
    """Whatever the drawn order, a guarding convoy comes first."""
    ctx, own, other = sides
    ctx.game.move_convoy(own, FIELD)
    guard = attrs.evolve(other, number=2, vehicles={"bike": 1}, guarding=True, last_done={})
    ctx.game.state.convoys.append(guard)
    for _ in range(6):
        assert convoy_clash.enemies(ctx, own)[0].guarding


def test_a_turn_with_battles_replays_byte_identically_determinism(sides) -> None:
    """Same save + same sheet ⇒ the same next save, with a battle, a patrol and a hunt."""
    ctx, own, other = sides
    other.patrolling = True
    start = game_to_text(ctx.game)
    saves = []
    for _ in range(2):
        replay = game_from_text(start, "fixture")
        result = run_clan_turn(replay, replay.state.active_clan,
                               "[CONVOY 1]\nNE\nHUNT\nPATROL\n")
        assert any(e.kind == EventKind.CONVOY_BATTLE for e in result.events)
        saves.append(game_to_text(replay))
    assert saves[0] == saves[1]


def test_amphibious_in_open_water_fights_at_half_amb_20(game: Game) -> None:
    own = place(game, convoy_of(game, first_clan(game)), "0101", {"hovercraft": 1}, 0)
    other = place(game, convoy_of(game, second_clan(game)), "0101", {"car": 1}, 0)
    own.convoy_type = "amphibious"
    assert fighter(game, own, other).factor == pytest.approx(0.5)
    game.move_convoy(own, FIELD)
    assert fighter(game, own, other).factor == pytest.approx(1.0)


def test_each_rocket_adds_20_combat_strength_cc_wpn_06(game: Game) -> None:
    from conquest_tui.engine.convoys.convoy_stats import combat_strength

    own = place(game, convoy_of(game, first_clan(game)), FIELD, {"truck": 1}, 0)
    before = combat_strength(own, game.rules)
    own.rockets = 1
    assert combat_strength(own, game.rules) == before + 20
