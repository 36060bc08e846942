"""Diplomacy as the players meet it: ALLY, BAN and BAN ALL, MESSAGE and BROADCAST on the radio
(CC-CL-ALLY, CC-CL-BAN, CC-CL-MESSAGE, CC-CL-BROADCAST, AMB-72, CC-CITY-67)."""

from __future__ import annotations

import attrs
import pytest
from war_helpers import ctx_of, kinds, place

from conquest_tui.engine.combat import bombing, city_assault, convoy_clash, hex_attack
from conquest_tui.engine.convoys import convoys, hiring
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import CityState, Convoy
from conquest_tui.engine.orderbook import cities
from conquest_tui.engine.orders.registry import CLAN
from conquest_tui.engine.orders.sheet import parse_order_line
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from conquest_tui.engine.world import goods, structures


@pytest.fixture
def trio(rules: Ruleset, small_map: GameMap) -> Game:
    """Three Clans on the test map, random events off so nothing but the orders happens."""
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs"),
                             ClanSetup("Dust Eaters")), seed="dip")
    return new_game(attrs.evolve(rules, event_chance_per_turn=0.0), small_map, setup)


def clans(game: Game) -> tuple[int, int, int]:
    a, b, c = game.state.clan_order
    return a, b, c


def home(game: Game, clan: int) -> CityState:
    return next(city for city in game.state.cities if city.owner == clan)


def convoy(game: Game, clan: int) -> Convoy:
    found = game.convoy(clan, 1)
    assert found is not None
    return found


def pre(*lines: str) -> str:
    return "[PRE]\n" + "\n".join(lines) + "\n"


def post(*lines: str) -> str:
    return "[POST]\n" + "\n".join(lines) + "\n"


def codes(game: Game, clan: int, sheet: str) -> list[tuple[int, str]]:
    return [(p.line, p.code) for p in check_sheet(game, clan, sheet)]


# --- ALLY ------------------------------------------------------------------------------------


def test_ally_toggles_one_way_and_unannounced_cc_cl_ally_01(trio: Game) -> None:
    """ALLY 707 puts the Clan on your ally list; the other side is not told and does not count
    you as its ally; the same order again ends the alliance."""
    a, b, c = clans(trio)
    result = run_clan_turn(trio, a, pre(f"ALLY {b}", f"ALLY {c}"))
    assert trio.clan(a).allies == sorted([b, c])
    assert trio.clan(b).allies == [] and trio.clan(b).inbox == []
    assert [e.facts["on"] for e in kinds(list(result.events), EventKind.ALLY)] == [1, 1]
    assert "is now your ally" in event_text(kinds(list(result.events), EventKind.ALLY)[0])
    assert ClanView(trio, a).clan.allies == tuple(sorted([b, c]))
    run_clan_turn(trio, b, "")
    run_clan_turn(trio, c, "")
    result = run_clan_turn(trio, a, pre(f"AL {b}"))
    assert trio.clan(a).allies == [c]
    assert "no longer your ally" in event_text(kinds(list(result.events), EventKind.ALLY)[0])


def test_ally_and_ban_refuse_an_unknown_clan_or_your_own_cc_cl_ally_01_cc_cl_ban_01(
        trio: Game) -> None:
    """A Clan number nobody has, or your own, is refused on its line with the reason, while the
    sheet is written and when the turn runs; a word that is no number is refused as written."""
    a, _, _ = clans(trio)
    sheet = pre("ALLY 998", f"BAN {a}", "ALLY Wolves", "BAN", "ALLY 133 134")
    assert codes(trio, a, sheet) == [(2, "dip_unknown_clan"), (3, "dip_self"),
                                     (4, "bad_clan"), (5, "missing_clan"), (6, "extra_words")]
    result = run_clan_turn(trio, a, sheet)
    texts = {p.line: problem_text(p) for p in result.problems}
    assert texts[2] == "there is no Clan 998 in this game"
    assert texts[3] == "you cannot ban your own Clan"
    assert trio.clan(a).allies == [] and trio.clan(a).bans == []


def test_an_ally_is_never_attacked_cc_cl_ally_02(trio: Game) -> None:
    """Once ALLY ran: no battle with the ally's convoys, no attack on its hexes, ATTACK on its
    city is not processed and BOMB is refused; ending the alliance restores all of it."""
    a, b, _ = clans(trio)
    run_clan_turn(trio, a, pre(f"ALLY {b}"))
    their_city = home(trio, b)
    mine, theirs = convoy(trio, a), convoy(trio, b)
    place(trio, mine, their_city.hex, {"car": 1}, 50)
    place(trio, theirs, their_city.hex, {"car": 1}, 10)
    ctx = ctx_of(trio, clan=a)
    me = trio.clan(a)
    assert convoy_clash.enemies(ctx, mine) == []
    assert not hex_attack.attacks(trio, me, their_city.hex, "capture")
    problem = city_assault.attack_problem(trio, mine)
    assert problem is not None and problem.code == "attack_ally"
    mine.convoy_type, mine.bombs = "air", 1
    assert bombing.bomb_problem(trio, me, mine) == "ally"
    me.allies.remove(b)
    assert convoy_clash.enemies(ctx, mine) == [theirs]
    assert hex_attack.attacks(trio, me, their_city.hex, "capture")


def test_an_ally_gets_no_extra_rights_and_its_ban_still_counts_cc_cl_ally_03(
        trio: Game) -> None:
    """You cannot FORTIFY an ally's city or use a structure in its hexes; its cities serve you
    as any friendly city does, until it bans you."""
    a, b, _ = clans(trio)
    run_clan_turn(trio, a, pre(f"ALLY {b}"))
    their_city = home(trio, b)
    mine = place(trio, convoy(trio, a), their_city.hex, {"car": 1}, 0)
    problem = cities.fortify_problem(trio, a, their_city)
    assert problem is not None and problem.code == "fortify_not_yours"
    assert convoys.can_pick_up_at(trio, mine)
    assert trio.city_status(their_city, a) == "friendly"
    station = next(h for h in trio.map.hex_ids() if not trio.map.is_water(h)
                   and trio.city(h) is None)
    trio.hex(station).owner, trio.hex(station).special = b, "POL"
    place(trio, mine, station, {"car": 1}, 0)
    assert not structures.may_practice_here(trio, mine)
    assert not structures.may_celebrate_here(trio, mine)
    place(trio, mine, their_city.hex, {"car": 1}, 0)
    run_clan_turn(trio, b, pre(f"BAN {a}"))
    assert trio.city_status(their_city, a) == "banned"
    assert not convoys.can_pick_up_at(trio, mine)


# --- BAN -------------------------------------------------------------------------------------


def test_a_banned_clan_cannot_use_your_cities_but_may_attack_them_cc_cl_ban_01_cc_city_07(
        trio: Game) -> None:
    """BAN 707: that Clan's convoys in your city pick up no troops, hire nobody, trade no goods
    and cannot guard it, and it reads "Banned" in its city list; it may still ATTACK. You may
    ban an ally; BAN again lifts the ban."""
    a, b, _ = clans(trio)
    result = run_clan_turn(trio, a, pre(f"ALLY {b}", f"BAN {b}"))
    assert trio.clan(a).bans == [b] and trio.clan(a).allies == [b]
    assert "stays on your ally list" in event_text(kinds(list(result.events), EventKind.BAN)[0])
    assert trio.clan(b).inbox == []
    my_city = home(trio, a)
    theirs = place(trio, convoy(trio, b), my_city.hex, {"car": 1}, 20)
    assert not convoys.can_pick_up_at(trio, theirs)
    assert hiring.hiring_site(trio, b, my_city.hex).problem is not None
    assert goods.status_problem(trio, theirs, my_city).code == "trade_banned"  # type: ignore[union-attr]
    assert city_assault.guard_problem(trio, theirs) is not None
    assert city_assault.attack_problem(trio, theirs) is None
    assert ClanView(trio, b).city_info(my_city.hex).status == "Banned"
    run_clan_turn(trio, b, "")
    run_clan_turn(trio, trio.state.clan_order[2], "")
    result = run_clan_turn(trio, a, pre(f"BA {b}"))
    assert trio.clan(a).bans == []
    assert convoys.can_pick_up_at(trio, theirs)
    assert "may use your cities again" in event_text(kinds(list(result.events),
                                                            EventKind.BAN)[0])


def test_ban_all_bans_everyone_and_has_no_reverse_cc_cl_ban_02(trio: Game) -> None:
    """BAN ALL bans every other Clan, allies too; a second BAN ALL lifts nothing; bans are
    lifted one Clan at a time."""
    a, b, c = clans(trio)
    run_clan_turn(trio, a, pre(f"ALLY {b}", "BAN ALL", "BAN ALL", f"BAN {c}"))
    assert trio.clan(a).bans == [b]
    events = kinds(trio.clan(a).last_turn.events, EventKind.BAN)
    assert [e.facts.get("count") for e in events[:2]] == [2, 0]
    assert event_text(events[0]).startswith("You ban every Clan from your cities (2 new bans")


# --- MESSAGE and BROADCAST ---------------------------------------------------------------------


def test_a_message_reaches_its_clan_anonymously_first_thing_next_turn_cc_cl_message_01_cc_city_67(
        trio: Game) -> None:
    """MESSAGE 707 "text": the Clan reads it first on its next turn (its inbox, the report's
    "since your last turn"), as radio news, with nothing that names the sender; nobody else
    hears it."""
    a, b, c = clans(trio)
    result = run_clan_turn(trio, a, pre(f'MESSAGE {b} "Meet me at the river; bring fuel"'))
    sent = kinds(list(result.events), EventKind.MESSAGE_SENT)[0]
    assert event_text(sent) == ('Your anonymous message to Clan '
                                f'{b} went out: "Meet me at the river; bring fuel"')
    assert trio.clan(c).inbox == []
    heard = ClanView(trio, b).since_last_turn()
    assert [e.kind for e in heard] == [EventKind.MESSAGE]
    assert heard[0].actor == 0 and heard[0].facts["sender"] == 0
    assert str(a) not in repr(heard[0])
    assert event_text(heard[0]) == 'Heard on the radio, to you: "Meet me at the river; bring fuel"'
    assert "Heard on the radio, to you" in render_report(build_report(ClanView(trio, b)))
    result = run_clan_turn(trio, b, "")
    assert result.events[0].kind == EventKind.MESSAGE  # read first
    assert trio.clan(b).inbox == []


def test_message_to_all_is_marked_and_broadcast_is_signed_cc_cl_message_01_cc_cl_broadcast_01(
        trio: Game) -> None:
    """A message to ALL reads ">text" for everyone but the sender; BROADCAST reads "751>text",
    which proves who sent it."""
    a, b, c = clans(trio)
    run_clan_turn(trio, a, pre('ME ALL "Get off my continent or die!"',
                               f'BROADCAST {c} "Peace?"'))
    assert trio.clan(a).inbox == []
    for clan in (b, c):
        first = trio.clan(clan).inbox[0]
        assert event_text(first) == ('Heard on the radio, to every Clan: '
                                     '">Get off my continent or die!"')
    signed = trio.clan(c).inbox[1]
    assert signed.actor == a and event_text(signed) == f'Heard on the radio, to you: "{a}>Peace?"'
    assert len(trio.clan(b).inbox) == 1


def test_message_text_limits_are_refused_on_their_line_cc_cl_message_01_03(trio: Game) -> None:
    """At most 100 characters, no ">", printable characters only, some text; the reason is on
    the line. CC-CL-MESSAGE-03 (no profanity) is a moderation rule: no word filter, the text
    arrives as written, markup-looking brackets included."""
    a, b, _ = clans(trio)
    sheet = pre(f'MESSAGE {b} "{"x" * 101}"', f'MESSAGE {b} "a > b"', f'MESSAGE {b} "bell\a"',
                f"MESSAGE {b}", 'MESSAGE "no destination"')
    assert codes(trio, a, sheet) == [(2, "long_message"), (3, "arrow_in_message"),
                                     (4, "bad_character"), (5, "missing_text"),
                                     (6, "missing_destination")]
    assert codes(trio, a, pre('BROADCAST 998 "hello"', 'MESSAGE 9999 "far"')) == [
        (2, "dip_unknown_clan"), (3, "dip_off_map")]
    run_clan_turn(trio, a, pre(f'MESSAGE {b} "{"y" * 100}"', f'MESSAGE {b} "[bold]damn you[/]"'))
    assert [e.facts["text"] for e in trio.clan(b).inbox] == ["y" * 100, "[bold]damn you[/]"]


def test_three_messages_a_turn_and_one_to_all_cc_cl_message_02(trio: Game) -> None:
    """MESSAGE and BROADCAST together: three a turn, one of them to ALL; the lines over a
    limit are not sent and say why."""
    a, b, c = clans(trio)
    result = run_clan_turn(trio, a, pre('MESSAGE ALL "one"', 'BROADCAST ALL "two"',
                                        f'BROADCAST {b} "three"', f'MESSAGE {c} "four"')
                           + post(f'MESSAGE {c} "five"'))
    refused = {p.line: problem_text(p) for p in result.problems}
    assert refused == {
        3: "you may send at most 1 message to every Clan a turn; this one was not sent",
        7: "you may send at most 3 messages a turn, MESSAGE and BROADCAST together; this one "
           "was not sent"}
    assert [e.facts["text"] for e in trio.clan(b).inbox] == ["one", "three"]
    assert [e.facts["text"] for e in trio.clan(c).inbox] == ["one", "four"]


def test_a_message_to_a_hex_reaches_whoever_is_there_amb_72(trio: Game) -> None:
    """The hex's owner, its city's owner and the owners of convoys in it (hidden ones too),
    each once; not the sender, not a Clan with nothing there; the sender learns nobody's name."""
    a, b, c = clans(trio)
    their_city = home(trio, b)
    place(trio, convoy(trio, c), their_city.hex, {"car": 1}, 5).hidden = True
    place(trio, convoy(trio, a), their_city.hex, {"car": 1}, 5)
    result = run_clan_turn(trio, a, pre(f'MESSAGE {their_city.hex} "Leave this city alone"'))
    for clan in (b, c):
        [heard] = trio.clan(clan).inbox
        assert heard.facts["hex"] == their_city.hex
        assert event_text(heard) == (f'Heard on the radio, to hex {their_city.hex}: '
                                     '"Leave this city alone"')
    assert trio.clan(a).inbox == []
    sent = kinds(list(result.events), EventKind.MESSAGE_SENT)[0]
    assert set(sent.facts) == {"to", "hex", "sender", "text", "other"}
    assert f"whoever is in hex {their_city.hex}" in event_text(sent)
    empty = next(h for h in trio.map.hex_ids() if not trio.map.is_water(h)
                 and trio.hex(h).owner == 0 and trio.city(h) is None
                 and not trio.convoys_in(h))
    run_clan_turn(trio, b, "")
    run_clan_turn(trio, c, "")
    run_clan_turn(trio, a, pre(f'MESSAGE {empty} "anyone?"'))
    assert all(not kinds(trio.clan(n).inbox, EventKind.MESSAGE) for n in (b, c))


def test_a_parsed_message_keeps_its_destination(rules: Ruleset) -> None:
    """CC-CL-MESSAGE-01: a Clan number, a hex (4 digits) or ALL; the abbreviations work."""
    order = parse_order_line('BR 0307 "hold"', 1, CLAN, rules)
    assert (order.to, order.hex, order.body) == ("hex", "0307", "hold")  # type: ignore[attr-defined]
    order = parse_order_line('ME #133 "hi there"', 1, CLAN, rules)
    assert (order.to, order.other, order.body) == ("clan", 133, "hi there")  # type: ignore[attr-defined]
