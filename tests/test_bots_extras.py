"""Bots' extras: city care, hiring, agents, spies, espionage, diplomacy and trade, from the view.

Each planner is put in a situation built for it; what it writes must pass the sheet checker with
no error, and it writes nothing when it cannot afford it. Checklist ids are named per test.
"""

from __future__ import annotations

import random

import attrs
import pytest

from conquest_tui.bots import city_care, diplomacy, hiring, intel, trade
from conquest_tui.bots.extras import add_extras
from conquest_tui.bots.extras_state import Budget, Extras, budget_for
from conquest_tui.bots.levels import level_named
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.orderbook.market import Buy
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import problem_text
from tests.game_helpers import convoy_of, first_clan, second_clan

HOME = "0308"       # Brackwater: the first Clan's city (guild: Trainer), needs milk
DUNMARCH = "1307"   # a free city with a Doctors' guild
ARDMOOR = "0402"    # a free city that produces milk
RICH = 200_000


def _extras(game: Game, level: str = "normal", spare: int | None = None,
            **changes: object) -> Extras:
    """The first Clan's extras planner with an empty plan and a budget (all money by default);
    `changes` alter the level's fields."""
    view = ClanView(game, first_clan(game))
    plan = SheetPlan.for_view(view)
    budget = Budget(view.clan.stock.money if spare is None else spare)
    judgement = attrs.evolve(level_named(level), **changes)  # type: ignore[arg-type]
    return Extras(view, judgement, plan, random.Random(1), budget)


def _lines(extras: Extras, section: str) -> list[str]:
    """The lines of a section of the extras' plan ("pre", "post" or "agents"), as written."""
    plan = extras.plan
    return plan.written({"pre": plan.pre, "post": plan.post, "agents": plan.agents}[section])


def _convoy_lines(extras: Extras) -> list[str]:
    """The lines of convoy #1's section of the extras' plan, as written."""
    return extras.plan.written(extras.plan.convoy(1).lines)


def _errors(game: Game, plan: SheetPlan) -> list[str]:
    """The checker's errors (not notices) on the plan's sheet."""
    problems = check_sheet(game, first_clan(game), plan.text())
    return [f"{p.code}: {problem_text(p)}" for p in problems if not p.is_warning]


def _rich(game: Game, money: int = RICH) -> None:
    game.clan(first_clan(game)).stock.money = money


def _plague_at_home(game: Game) -> None:
    """Brackwater has the Plague and convoy #1 has a Doctor, who sees it (AMB-67)."""
    city = game.city(HOME)
    assert city is not None
    city.plague = True
    convoy_of(game, first_clan(game)).experts.append("DOC")


# --- city care ---------------------------------------------------------------------------------

def test_cure_buys_the_missing_vaccine_and_cures_cc_co_cure_01(game: Game) -> None:
    """A plagued city with a convoy in it: BUY the vaccine short, CURE; the turn cures it."""
    _plague_at_home(game)
    _rich(game)
    extras = _extras(game)
    city_care.add_cures(extras)
    assert any(line.startswith("BUY") and line.endswith("VACCINE")
               for line in _lines(extras, "pre"))
    assert _convoy_lines(extras) == ["CURE"]
    assert _errors(game, extras.plan) == []
    result = run_clan_turn(game, first_clan(game), extras.plan.text())
    assert any(e.kind == EventKind.CURE for e in result.events)


def test_no_cure_without_money_for_the_vaccine_cc_co_cure_01(game: Game) -> None:
    _plague_at_home(game)
    game.clan(first_clan(game)).stock.vaccine = 0
    extras = _extras(game, spare=0)
    city_care.add_cures(extras)
    assert _lines(extras, "pre") == [] and _convoy_lines(extras) == []


def test_a_convoy_is_sent_to_a_plagued_city_nearby_cc_co_cure_01(game: Game) -> None:
    _plague_at_home(game)
    _rich(game)
    game.city(HOME).buildings.append("HOS")  # type: ignore[union-attr]  # shows the Plague
    game.move_convoy(convoy_of(game, first_clan(game)), "0408")
    extras = _extras(game)
    city_care.add_cures(extras)
    assert extras.plan.errands == {1: HOME}


def test_erect_a_building_when_rich_cc_cl_erect_01(game: Game) -> None:
    _rich(game)
    extras = _extras(game)
    city_care.add_buildings(extras)
    assert _lines(extras, "post") == [f"ERECT {HOME} MAR"]
    assert _errors(game, extras.plan) == []


def test_hard_bot_erects_a_church_first_cc_cl_erect_01_cc_city_46(game: Game) -> None:
    """A hard bot grows its people (popularity) first: Church, then Hospital and Market, in one
    ERECT line (CC-CL-ERECT-02 builds them in order as far as the money goes)."""
    _rich(game)
    extras = _extras(game, "hard")
    city_care.add_buildings(extras)
    (line,) = _lines(extras, "post")
    assert line.startswith(f"ERECT {HOME} CHU HOS MAR")
    assert _errors(game, extras.plan) == []
    poor = _extras(game, "hard", spare=15_000)
    city_care.add_buildings(poor)
    assert _lines(poor, "post") == [f"ERECT {HOME} CHU"]


def test_no_building_without_money_cc_cl_erect_02(game: Game) -> None:
    extras = _extras(game, spare=15_000)
    city_care.add_buildings(extras)
    assert _lines(extras, "post") == []


def test_build_a_paying_structure_in_an_own_hex_cc_cl_build_01(game: Game) -> None:
    """An owned hex beside the city whose terrain takes a structure gets one (CC-HEX-31)."""
    _rich(game)
    hex_id = next(h for _d, h in game.map.neighbors(HOME)
                  if game.rules.terrains[game.map.terrain_of(h)].custom_structures)
    game.hex(hex_id).set_owner(first_clan(game))
    extras = _extras(game)
    city_care.add_structures(extras)
    (line,) = _lines(extras, "post")
    assert line.startswith(f"BUILD {hex_id} ")
    assert _errors(game, extras.plan) == []
    result = run_clan_turn(game, first_clan(game), extras.plan.text())
    assert any(e.kind == EventKind.BUILD for e in result.events)
    poor = _extras(game, spare=12_000)
    city_care.add_structures(poor)
    assert _lines(poor, "post") == []


# --- hiring and agents -------------------------------------------------------------------------

def test_hire_a_doctor_at_a_guild_and_switch_aid_on_cc_co_hire_01_cc_co_aid_01(game: Game) -> None:
    _rich(game)
    game.move_convoy(convoy_of(game, first_clan(game)), DUNMARCH)
    extras = _extras(game)
    hiring.add_hiring(extras)
    assert _convoy_lines(extras) == ["HIRE DOC", "AID ON"]
    assert _errors(game, extras.plan) == []
    result = run_clan_turn(game, first_clan(game), extras.plan.text())
    assert [e.facts["code"] for e in result.events if e.kind == EventKind.HIRE] == ["DOC"]


def test_no_hire_without_money_cc_co_hire_01(game: Game) -> None:
    game.move_convoy(convoy_of(game, first_clan(game)), DUNMARCH)
    extras = _extras(game, spare=5_000)
    hiring.add_hiring(extras)
    assert _convoy_lines(extras) == []


def test_train_an_agent_when_money_allows_cc_cl_train_01(game: Game) -> None:
    game.state.game_turn = 3
    extras = _extras(game)
    hiring.add_agents(extras)
    assert _lines(extras, "pre") == ["TRAIN 1"]
    assert _errors(game, extras.plan) == []
    assert not _extras(game, "easy").plan.pre
    poor = _extras(game, spare=1_500)
    hiring.add_agents(poor)
    assert _lines(poor, "pre") == []


# --- intelligence ------------------------------------------------------------------------------

class _Sure(random.Random):
    """Dice that always come up lowest: every "sometimes" happens."""

    def random(self) -> float:
        return 0.0


def _visit(game: Game, hex_id: str) -> None:
    """Convoy #1 of the first Clan moved into the hex last turn (so it sees the city there)."""
    clan = game.clan(first_clan(game))
    game.move_convoy(convoy_of(game, clan.number), hex_id)
    clan.last_turn.visited_hexes.append(hex_id)


def _meet(game: Game) -> int:
    """The Clans have met; returns the other Clan's number."""
    me, other = first_clan(game), second_clan(game)
    game.clan(me).met_clans.append(other)
    game.clan(other).met_clans.append(me)
    return other


def test_agents_go_to_rival_cities_cc_cl_train_02(game: Game) -> None:
    other = _meet(game)
    clan = game.clan(first_clan(game))
    clan.agents = 2
    rival = next(c.hex for c in game.state.cities if c.owner == other)
    _visit(game, rival)
    extras = _extras(game)
    intel.add_intel(extras)
    assert rival in _lines(extras, "agents")
    assert len(_lines(extras, "agents")) <= 2
    assert _errors(game, extras.plan) == []


def test_cities_bought_by_espionage_become_agent_targets_cc_cl_espionage_03(game: Game) -> None:
    other = _meet(game)
    clan = game.clan(first_clan(game))
    clan.agents = 1
    rival = next(c.hex for c in game.state.cities if c.owner == other)
    clan.last_turn.events.append(Event(
        clan=clan.number, phase="pre", kind=EventKind.ESPIONAGE_RESULT,
        facts={"why": "cities", "target": other, "cities": ((rival, "Somewhere"),)}))
    extras = _extras(game)
    assert intel.rival_cities(extras) == [(rival, other)]
    intel.add_intel(extras)
    assert _lines(extras, "agents") == [rival]
    assert _errors(game, extras.plan) == []


def test_plant_the_spy_in_a_rival_city_cc_co_plant_01(game: Game) -> None:
    other = _meet(game)
    convoy = convoy_of(game, first_clan(game))
    convoy.experts.append("SPY")
    _visit(game, next(c.hex for c in game.state.cities if c.owner == other))
    extras = _extras(game)
    intel.add_intel(extras)
    assert "PLANT" in _convoy_lines(extras)
    assert _errors(game, extras.plan) == []
    result = run_clan_turn(game, first_clan(game), extras.plan.text())
    assert any(e.kind == EventKind.PLANT for e in result.events)


def test_espionage_on_the_strongest_rival_cc_cl_espionage_01(game: Game) -> None:
    other = _meet(game)
    game.state.game_turn = game.rules.espionage_from_turn
    game.state.top_clans.append([other, first_clan(game)])
    extras = _extras(game, "hard")
    extras.rng = _Sure()
    intel._espionage(extras)
    assert _lines(extras, "pre") and _lines(extras, "pre")[0].startswith(f"ESPIONAGE {other} ")
    assert _errors(game, extras.plan) == []


def test_no_espionage_too_early_or_too_poor_cc_cl_espionage_01(game: Game) -> None:
    _meet(game)
    early = _extras(game, "hard")
    early.rng = _Sure()
    intel._espionage(early)
    game.state.game_turn = game.rules.espionage_from_turn
    poor = _extras(game, "hard", spare=1_000)
    poor.rng = _Sure()
    intel._espionage(poor)
    assert _lines(early, "pre") == [] and _lines(poor, "pre") == []


def test_sabotage_an_enemy_city_where_a_spy_is_planted_cc_cl_sabotage_01(game: Game) -> None:
    other = _meet(game)
    rival = next(c for c in game.state.cities if c.owner == other)
    rival.spies.append(first_clan(game))
    game.clan(first_clan(game)).bans.append(other)  # an enemy
    _visit(game, rival.hex)
    extras = _extras(game, "hard")
    extras.enemies = {other}
    intel._sabotage(extras)
    assert _lines(extras, "post") == [f"SABOTAGE {rival.hex}"]
    assert _errors(game, extras.plan) == []
    calm = _extras(game, "easy")
    calm.enemies = {other}
    intel._sabotage(calm)
    assert _lines(calm, "post") == []


# --- diplomacy ---------------------------------------------------------------------------------

def _attacked_by(game: Game, other: int) -> None:
    me = first_clan(game)
    game.clan(me).inbox.append(Event(clan=me, phase="between", kind=EventKind.HEX_LOST,
                                     facts={"hex": "0408"}, game_turn=1, actor=other))


def test_ban_the_attacker_and_tell_him_cc_cl_ban_01_cc_cl_broadcast_01(game: Game) -> None:
    other = _meet(game)
    _attacked_by(game, other)
    extras = _extras(game)
    diplomacy.add_diplomacy(extras)
    assert f"BAN {other}" in _lines(extras, "post")
    assert any(line.startswith(f"BROADCAST {other} ") for line in _lines(extras, "post"))
    assert _errors(game, extras.plan) == []
    assert other in extras.enemies


def test_a_ban_is_never_toggled_off_by_a_second_attack_cc_cl_ban_01(game: Game) -> None:
    other = _meet(game)
    game.clan(first_clan(game)).bans.append(other)
    _attacked_by(game, other)
    extras = _extras(game)
    diplomacy.add_diplomacy(extras)
    assert f"BAN {other}" not in _lines(extras, "post")


@pytest.fixture
def three(rules: Ruleset, small_map: GameMap) -> Game:
    """Three Clans on the test map, all met."""
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs"),
                             ClanSetup("Salt Kings")), seed="test", turn_limit=0)
    game = new_game(rules, small_map, setup)
    numbers = [c.number for c in game.state.clans]
    for clan in game.state.clans:
        clan.met_clans.extend(n for n in numbers if n != clan.number)
    return game


def test_ally_with_a_far_clan_and_say_so_cc_cl_ally_01(three: Game) -> None:
    """A Clan whose city the bot has seen far away is an ally; one it cannot place is not."""
    me = first_clan(three)
    far = max((c for c in three.state.cities if c.owner not in (0, me)),
              key=lambda c: hexgrid.distance(c.hex, HOME))
    assert hexgrid.distance(far.hex, HOME) >= diplomacy.FAR
    unplaced = _extras(three)
    diplomacy.add_diplomacy(unplaced)
    assert not [line for line in _lines(unplaced, "post") if line.startswith("ALLY")]
    three.clan(me).last_turn.visited_hexes.append(far.hex)
    extras = _extras(three)
    diplomacy.add_diplomacy(extras)
    allies = [line for line in _lines(extras, "post") if line.startswith("ALLY")]
    assert allies == [f"ALLY {far.owner}"]
    assert any(line.startswith("BROADCAST") for line in _lines(extras, "post"))
    assert _errors(three, extras.plan) == []


def test_hard_bot_ends_its_alliance_with_a_clan_near_victory_cc_cl_ally_01(three: Game) -> None:
    me = first_clan(three)
    leader = next(c for c in three.state.clans if c.number != me)
    three.clan(me).allies.append(leader.number)
    leader.popularity = three.state.victory_threshold
    three.state.top_clans.append([leader.number, me])
    hard = _extras(three, "hard")
    diplomacy.add_diplomacy(hard)
    assert f"ALLY {leader.number}" in _lines(hard, "post")  # ALLY toggles it off
    normal = _extras(three)  # so near victory, the normal bot no longer leaves its ally
    diplomacy.add_diplomacy(normal)
    assert f"ALLY {leader.number}" not in _lines(normal, "post")


def _lead(game: Game, leader: int, share: float) -> None:
    """The Clan `leader` alone heads the Top Clans, `share` of the first Clan's popularity ahead."""
    me = first_clan(game)
    game.clan(leader).popularity = round(game.clan(me).popularity * (1 + share))
    game.state.top_clans.append([leader, *(c.number for c in game.state.clans
                                           if c.number != leader)])


def test_normal_bot_ends_its_alliance_with_a_clear_leader_cc_cl_ally_01(three: Game) -> None:
    """A normal Clan behind a Clan that clearly heads the Top Clans stops being its ally (ALLY
    toggles it off), so that its convoys take the leader's land; a Clan barely ahead, or an
    easy bot's ally, stays an ally."""
    me = first_clan(three)
    leader = next(c.number for c in three.state.clans if c.number != me)
    three.clan(me).allies.append(leader)
    _lead(three, leader, 0.01)
    barely = _extras(three)
    diplomacy.add_diplomacy(barely)
    assert f"ALLY {leader}" not in _lines(barely, "post")
    _lead(three, leader, 0.2)
    normal = _extras(three)
    diplomacy.add_diplomacy(normal)
    assert f"ALLY {leader}" in _lines(normal, "post")
    assert _errors(three, normal.plan) == []
    easy = _extras(three, "easy")
    diplomacy.add_diplomacy(easy)
    assert f"ALLY {leader}" not in _lines(easy, "post")


def test_normal_bot_makes_no_alliance_with_a_clear_leader_cc_cl_ally_01(three: Game) -> None:
    """A far Clan the normal bot would ally with is no ally while it clearly leads."""
    me = first_clan(three)
    far = max((c for c in three.state.cities if c.owner not in (0, me)),
              key=lambda c: hexgrid.distance(c.hex, HOME))
    three.clan(me).last_turn.visited_hexes.append(far.hex)
    _lead(three, far.owner, 0.2)
    extras = _extras(three)
    diplomacy.add_diplomacy(extras)
    assert f"ALLY {far.owner}" not in _lines(extras, "post")
    _lead(three, far.owner, 0.0)
    level = _extras(three)
    diplomacy.add_diplomacy(level)
    assert f"ALLY {far.owner}" in _lines(level, "post")


def test_hard_bot_ends_its_alliances_while_it_leads_clearly_cc_cl_ally_01(three: Game) -> None:
    """A hard Clan alone at the head of the Top Clans, 5 % or more ahead of the second, ends
    its alliances (ALLY toggles each off) and makes none, so its convoys may take the land of
    the Clans that leave it; barely ahead, it keeps them. A normal bot keeps its allies."""
    me = first_clan(three)
    others = [c.number for c in three.state.clans if c.number != me]
    three.clan(me).allies.extend(others[:1])
    second = three.clan(others[1]).popularity
    three.clan(me).popularity = round(second * 1.01)
    three.state.top_clans.append([me, *others])
    barely = _extras(three, "hard")
    diplomacy.add_diplomacy(barely)
    assert f"ALLY {others[0]}" not in _lines(barely, "post")
    three.clan(me).popularity = round(second * 1.2)
    ahead = _extras(three, "hard")
    diplomacy.add_diplomacy(ahead)
    allies = [line for line in _lines(ahead, "post") if line.startswith("ALLY")]
    assert allies == [f"ALLY {others[0]}"]
    assert _errors(three, ahead.plan) == []
    normal = _extras(three)
    diplomacy.add_diplomacy(normal)
    assert f"ALLY {others[0]}" not in _lines(normal, "post")


def test_first_turn_slogan_is_plain_english_cc_cl_slogan_01(game: Game) -> None:
    extras = _extras(game)
    diplomacy.add_diplomacy(extras)
    slogans = [line for line in _lines(extras, "post") if line.startswith("SLOGAN")]
    assert len(slogans) == 1 and slogans[0].strip('SLOGAN "') in diplomacy.SLOGANS
    assert _errors(game, extras.plan) == []


# --- trade -------------------------------------------------------------------------------------

def _truck(game: Game) -> None:
    convoy_of(game, first_clan(game)).vehicles["truck"] = 2


def test_pickup_where_a_known_city_needs_the_goods_cc_co_pickup_01(game: Game) -> None:
    """A level that trades picks up goods a known city needs; no level trades as it stands."""
    _truck(game)
    # milk; Brackwater (own) needs milk
    game.move_convoy(convoy_of(game, first_clan(game)), ARDMOOR)
    extras = _extras(game, "hard", trade_reach=9)
    trade.add_trade(extras)
    assert _convoy_lines(extras) == ["PICKUP"]
    assert _errors(game, extras.plan) == []
    for level in ("easy", "normal", "hard"):  # no level trades (issue 28)
        other = _extras(game, level)
        trade.add_trade(other)
        assert _convoy_lines(other) == []


def test_dropoff_where_the_cargo_is_needed_else_head_there_cc_co_dropoff_01(game: Game) -> None:
    _truck(game)
    convoy = convoy_of(game, first_clan(game))
    convoy.cargo_type, convoy.cargo = "milk", 20
    extras = _extras(game, "hard", trade_reach=9)  # a level that trades
    trade.add_trade(extras)
    assert _convoy_lines(extras) == ["DROPOFF"]
    assert _errors(game, extras.plan) == []
    game.move_convoy(convoy, ARDMOOR)
    away = _extras(game, "hard", trade_reach=9)
    trade.add_trade(away)
    assert away.plan.errands == {1: HOME}


# --- the whole -----------------------------------------------------------------------------------

def test_extras_keep_a_reserve_and_a_share_of_each_section(game: Game) -> None:
    """Nothing is spent below two turns of upkeep; at most a third of a section is used."""
    spender = _extras(game)
    spender.plan.add_pre(Buy(quantity=1000, item="fuel"))
    assert budget_for(spender, 5_000).spare == 0
    assert budget_for(_extras(game), 5_000).spare > 0
    _plague_at_home(game)
    _rich(game)
    convoy_of(game, first_clan(game)).experts.append("SPY")
    extras = _extras(game, "hard")
    for add in (city_care.add_cures, hiring.add_hiring, intel.add_intel, trade.add_trade):
        add(extras)
    section = extras.plan.convoy(1)
    assert len(section.lines) <= max(1, section.room // 3)


def test_extras_tell_the_brain_what_they_spend_and_leave_its_dice_alone(game: Game) -> None:
    """The brain spends after the extras: it reads what they may spend; its dice are its own."""
    _rich(game)
    view = ClanView(game, first_clan(game))
    plan = SheetPlan.for_view(view)
    dice = random.Random(7)
    state = dice.getstate()
    add_extras(view, level_named("normal"), plan, dice)
    assert dice.getstate() == state
    assert f"ERECT {HOME} MAR" in plan.written(plan.post)
    assert plan.extras_spent == game.rules.fixed_costs["building"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_seeded_turns_with_extras_pass_the_checker(three: Game, level: str) -> None:
    """Six turns of three bot Clans writing only extras: no checker error on any sheet."""
    for clan in three.state.clans:
        clan.stock.money = 80_000
    while three.state.game_turn <= 6:
        number = three.state.active_clan
        view = ClanView(three, number)
        plan = SheetPlan.for_view(view)
        add_extras(view, level_named(level), plan, random.Random(number))
        text = plan.text()
        problems = check_sheet(three, number, text)
        assert [p for p in problems if not p.is_warning] == [], text
        run_clan_turn(three, number, text)


def test_a_bot_sabotages_the_first_spied_city_in_the_map_s_order_whatever_the_set_s_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CC-CL-SABOTAGE-01: of the enemy cities where it has spies, a bot sabotages the first by
    hex number, not the first its set of spies happens to give (that order followed the
    strings' hashes, so the same save gave different sheets from one process to the next)."""
    written: list[object] = []

    class Stub:
        level = level_named("hard")
        enemies = {7}
        rng = random.Random(1)

        def spies(self) -> list[str]:
            return ["5113", "2037", "0904"]  # the set's order, whatever it is

        def post_line(self, order: object) -> None:
            written.append(order)

    monkeypatch.setattr(intel, "rival_cities",
                        lambda _: [("0904", 3), ("2037", 7), ("5113", 7)])
    monkeypatch.setattr(intel, "leader", lambda _: 0)
    intel._sabotage(Stub())  # type: ignore[arg-type]
    assert [getattr(order, "hex", None) for order in written] == ["2037"]
