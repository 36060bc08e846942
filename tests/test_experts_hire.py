"""HIRE: 16 expert types, $10,000 each, one of each, where they can be hired (CC-CNV-48…50)."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Event
from conquest_tui.engine.orderbook.experts import Hire
from conquest_tui.engine.orders.sheet import parse_sheet
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import event_text

CODES = ("ARM", "CHE", "DEA", "DOC", "ENG", "GOU", "GUN", "MER", "PIL", "POL", "PRI", "SCO",
         "SER", "SPY", "TIN", "TRA")
BRACKWATER = "0308"   # the first Clan's starting city, a minor city with a Trainers' Guild
VARNHOLD = "0706"     # a major city with an Engineers' Guild
HIGHGATE = "1004"     # a minor city with an Armsmasters' Guild, nobody's
ARDMOOR = "0402"      # a minor city without a Guild
UNIVERSITY = "0808"   # a plains hex with a University


def setup(game: Game, hex_id: str = BRACKWATER) -> tuple[int, Convoy]:
    clan = game.state.active_clan
    convoy = game.convoy(clan, 1)
    assert convoy is not None
    game.move_convoy(convoy, hex_id)
    return clan, convoy


def hire(game: Game, clan: int, line: str) -> tuple[list[Event], int]:
    """Run a turn whose convoy #1 has one HIRE line; its events and the money it cost."""
    before = game.clan(clan).stock.money
    run_clan_turn(game, clan, f"[CONVOY 1]\n{line}\n")
    turn = game.clan(clan).last_turn
    spent = before + turn.income.get("money", 0) - game.clan(clan).stock.money
    return [e for e in turn.events if e.line == 2], spent


def test_sixteen_types_by_code_and_name_cc_cnv_48(rules: Ruleset) -> None:
    assert tuple(sorted(rules.experts)) == CODES
    for code, expert in rules.experts.items():
        for word in (code, code.lower(), expert.name, expert.name.upper()):
            sheet = parse_sheet(f"[CONVOY 1]\nHIRE {word}\n", rules)
            assert not sheet.problems, word
            order = sheet.convoy_lines(1)[0].order
            assert isinstance(order, Hire) and order.expert == code


def test_hire_unknown_or_extra_words_is_a_syntax_problem_cc_co_hire_01(rules: Ruleset) -> None:
    sheet = parse_sheet("[CONVOY 1]\nHIRE WIZARD\nHI ENG TRA\n", rules)
    assert [p.code for p in sheet.problems] == ["unknown_expert", "extra_words"]


def test_guild_expert_without_parameter_costs_10000_cc_co_hire_01_02(game: Game) -> None:
    clan, convoy = setup(game)
    events, spent = hire(game, clan, "HIRE")
    assert convoy.experts == ["TRA"]
    assert spent == 10_000
    assert events[0].kind == "hire" and events[0].convoy == convoy.number
    assert {key: events[0].facts[key] for key in ("code", "expert", "city", "hex", "cost")} == {
        "code": "TRA", "expert": "Trainer", "city": "Brackwater", "hex": "0308", "cost": 10_000}


def test_guild_city_refuses_other_types_cc_co_hire_04(game: Game) -> None:
    clan, convoy = setup(game)
    events, spent = hire(game, clan, "HIRE ENG")
    assert convoy.experts == []
    assert spent == 0
    assert events[0].kind == "cannot_hire"
    assert events[0].facts == {"why": "site", "reason": "guild_only",
                               "city": "Brackwater", "structure": "", "hex": "0308",
                               "guild": "TRA"}


def test_friendly_city_not_owned_offers_its_guild_cc_cnv_50(game: Game) -> None:
    clan, convoy = setup(game, HIGHGATE)
    hire(game, clan, "HIRE ARMSMASTER")
    assert convoy.experts == ["ARM"]


def test_owned_major_city_offers_any_type_cc_co_hire_03(game: Game) -> None:
    clan, convoy = setup(game, VARNHOLD)
    city = game.city(VARNHOLD)
    assert city is not None
    city.owner = clan
    hire(game, clan, "HIRE SCO")
    assert convoy.experts == ["SCO"]


def test_major_city_not_owned_offers_only_its_guild_cc_cnv_50(game: Game) -> None:
    clan, convoy = setup(game, VARNHOLD)
    events, spent = hire(game, clan, "HIRE SCO")
    assert convoy.experts == [] and spent == 0
    assert events[0].kind == "cannot_hire"


def test_owned_university_hex_offers_any_type_cc_cnv_50(game: Game) -> None:
    clan, convoy = setup(game, UNIVERSITY)
    game.hex(UNIVERSITY).set_owner(clan)
    events, _ = hire(game, clan, "HIRE DOCTOR")
    assert convoy.experts == ["DOC"]
    assert (events[0].facts["structure"], events[0].facts["hex"]) == ("University", "0808")


def test_university_not_owned_fails_cc_co_hire_04(game: Game) -> None:
    clan, convoy = setup(game, UNIVERSITY)
    events, spent = hire(game, clan, "HIRE DOC")
    assert convoy.experts == [] and spent == 0
    assert events[0].facts == {"why": "site", "reason": "university_not_owned", "hex": UNIVERSITY}


def test_city_without_guild_fails_cc_co_hire_04(game: Game) -> None:
    clan, convoy = setup(game, ARDMOOR)
    events, spent = hire(game, clan, "HIRE")
    assert convoy.experts == [] and spent == 0
    assert events[0].facts["reason"] == "no_guild"


def test_hostile_or_banning_city_fails_cc_co_hire_04(game: Game) -> None:
    clan, convoy = setup(game, HIGHGATE)
    city = game.city(HIGHGATE)
    assert city is not None
    city.hostile_to.append(clan)
    events, spent = hire(game, clan, "HIRE")
    assert convoy.experts == [] and spent == 0
    assert (events[0].facts["reason"], events[0].facts["status"]) == ("hire_closed", "hostile")


def test_banning_city_fails_cc_co_hire_04(game: Game) -> None:
    clan, convoy = setup(game, HIGHGATE)
    other = game.state.clan_order[1]
    city = game.city(HIGHGATE)
    assert city is not None
    city.owner = other
    game.clan(other).bans.append(clan)
    events, _ = hire(game, clan, "HIRE")
    assert convoy.experts == []
    assert (events[0].facts["reason"], events[0].facts["status"]) == ("hire_closed", "banned")


def test_hidden_convoy_cannot_hire_cc_cnv_75(game: Game) -> None:
    clan, convoy = setup(game)
    convoy.hidden = True
    events, spent = hire(game, clan, "HIRE")
    assert convoy.experts == [] and spent == 0
    assert events[0].kind == "hidden"


def test_one_of_each_type_per_convoy_cc_cnv_49(game: Game) -> None:
    clan, convoy = setup(game)
    convoy.experts = ["TRA"]
    assert check_sheet(game, clan, "[CONVOY 1]\nHIRE TRA\n")[0].code == "cannot_hire"
    events, spent = hire(game, clan, "HIRE")
    assert convoy.experts == ["TRA"] and spent == 0
    assert events[0].facts == {"why": "convoy", "reason": "expert_twice",
                               "number": convoy.number, "expert": "Trainer"}


def test_pilot_only_for_air_convoys_cc_co_hire_04_cc_cnv_59(game: Game) -> None:
    clan, convoy = setup(game, VARNHOLD)
    city = game.city(VARNHOLD)
    assert city is not None
    city.owner = clan
    assert check_sheet(game, clan, "[CONVOY 1]\nHIRE PIL\n")[0].code == "cannot_hire"
    events, spent = hire(game, clan, "HIRE PILOT")
    assert convoy.experts == [] and spent == 0
    assert events[0].facts == {"why": "convoy", "reason": "pilot_type", "needed": "air",
                               "number": convoy.number, "convoy_type": convoy.convoy_type}


def test_not_enough_money_hires_nobody_cc_co_hire_01_amb_50(game: Game) -> None:
    clan, convoy = setup(game)
    game.clan(clan).stock.money = 0
    run_clan_turn(game, clan, "[PRE]\nENLIST 1000\n[CONVOY 1]\nHIRE\n")
    assert convoy.experts == []
    assert any(e.kind == "no_money" and e.facts["why"] == "hire" and e.facts["expert"] == "Trainer"
               for e in game.clan(clan).last_turn.events)


def test_spy_is_useless_in_a_convoy_cc_cnv_64(game: Game) -> None:
    clan, convoy = setup(game, UNIVERSITY)
    game.hex(UNIVERSITY).set_owner(clan)
    events, _ = hire(game, clan, "HIRE SPY")
    assert convoy.experts == ["SPY"]
    assert "of no use inside a convoy" in event_text(events[0])
