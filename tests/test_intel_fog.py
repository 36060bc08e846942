"""Fog with intelligence at work: spies planted, agents sent, ESPIONAGE bought, messages sent.

For each Clan, nothing in its view, its report, the report's JSON and text, or its inbox comes
from outside its fog (CC-GEN-05): other Clans' drafts, convoy names, treasuries and hidden
phones never; slogans only once met or bought (CC-GEN-12, CC-RPT-13, CC-CL-ESPIONAGE-03);
messages only for their recipients (CC-CL-MESSAGE-01, AMB-72); a city's goods only once
encountered (CC-CITY-21). Also first encounters, and the message limits while typing.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from conquest_tui import cli, session
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.orderbook import diplomacy
from conquest_tui.engine.paper.paper_report import render_paper
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play import checker
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import CityInfo, ClanView
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from tests.test_fog import LIVE_TYPES, live_objects, public_surface, reachable

A_HOME, B_HOME, C_HOME = "1403", "0402", "0910"
"""The three Clans' home cities on the test map (seed "intel-fog")."""
EMPTY_HEX = "0706"
"""An uncontrolled city nobody's convoy is in: a message there reaches nobody (AMB-72)."""


def _new_game() -> Game:
    """Three Clans at game turn 5, each with canaries only it may read, two agents and a
    convoy with an Expert Spy: the first Clan's in the second's home, the second's at home,
    the third's in the first's home."""
    game = session.new_game(map_name="test_small", clans=3, bots=0, seed="intel-fog")
    a, b, c = game.state.clan_order
    game.state.game_turn = 5
    for number in (a, b, c):
        clan = game.clan(number)
        clan.slogan, clan.phone, clan.phone_on = f"slogan-{number}-zq", f"(555){number}-0000", \
            number == b
        clan.draft_sheet, clan.agents = f"; draft-{number}-zq\n", 2
        clan.stock.money = 1_000_000 + number
        for convoy in game.convoys_of(number):
            convoy.name = f"Ghost-{number}-{convoy.number}"
    for number, hex_id in ((a, B_HOME), (b, B_HOME), (c, A_HOME)):
        convoy = game.convoys_of(number)[0]
        game.move_convoy(convoy, hex_id)
        convoy.hidden = False
        convoy.experts = sorted({*convoy.experts, "SPY"})
    return game


def _sheets(a: int, b: int, c: int) -> dict[int, tuple[str, str]]:
    """Two rounds of sheets: ESPIONAGE, messages of every kind, PLANT, SABOTAGE, agents."""
    return {
        a: (f"[PRE]\nESPIONAGE {b} OWNER CITIES HEXES CONVOYS INCOME ALLIES ENEMIES\n"
            f'MESSAGE {b} "to-{b}-from-{a}-zq"\nBROADCAST ALL "all-from-{a}-zq"\n'
            f'MESSAGE {EMPTY_HEX} "hex-from-{a}-zq"\n[CONVOY 1]\nPLANT\nPAUSE\n'
            f"[AGENTS]\n{C_HOME}\n{EMPTY_HEX}\n",
            f'[PRE]\nSABOTAGE {B_HOME}\nMESSAGE {c} "to-{c}-from-{a}-zq"\n'
            f"[AGENTS]\n{B_HOME}\n{C_HOME}\n"),
        b: (f'[PRE]\nALLY {c}\nBAN {a}\nMESSAGE {c} "to-{c}-from-{b}-zq"\n[CONVOY 1]\nPLANT\n'
            f"[AGENTS]\n{A_HOME}\n",
            f'[PRE]\nBROADCAST {a} "to-{a}-from-{b}-zq"\n[AGENTS]\n{C_HOME}\n{A_HOME}\n'),
        c: (f'[PRE]\nMESSAGE {a} "to-{a}-from-{c}-zq"\n[CONVOY 1]\nPLANT\n[AGENTS]\n{B_HOME}\n',
            f"[PRE]\nSABOTAGE {A_HOME}\nESPIONAGE {a} OWNER\n[AGENTS]\n{A_HOME}\n"),
    }


@attrs.frozen
class Seen:
    """What one Clan could read at one moment, and what it was allowed to know then."""

    clan: int
    texts: str
    numbers: frozenset[int]
    cities: tuple[CityInfo, ...]
    inbox: tuple[Event, ...]
    learned: frozenset[int]
    """Clans whose slogan it may know: met, or bought with ESPIONAGE OWNER last turn."""
    encountered: frozenset[str]
    """Hexes it owns, saw or was told of: where a city's goods may show (CC-CITY-21)."""
    others: tuple[tuple[int, int, str, bool], ...]
    """(number, money, phone, phone shown) of every other Clan at that moment."""


def seen_by(game: Game, clan: int) -> Iterator[tuple[str, object]]:
    """Everything the Clan may read: its view (inbox included), its report, the report's JSON
    (`conquest report --json`), its text and its 1995 paper form."""
    view = ClanView(game, clan)
    report = build_report(view)
    yield from public_surface(view, leaves=True)
    yield from reachable("report", report)
    yield from reachable("json", cli.report_json(report))
    yield "text", render_report(report)
    yield "paper", render_paper(report)


def snapshot(game: Game, clan: int) -> Seen:
    own, view = game.clan(clan), ClanView(game, clan)
    found = [obj for _, obj in seen_by(game, clan)]
    bought = {int(e.facts["target"]) for e in own.last_turn.events
              if e.kind == EventKind.ESPIONAGE_RESULT and e.facts["why"] == "owner"}
    return Seen(
        clan=clan, texts="\n".join(obj for obj in found if isinstance(obj, str)),
        numbers=frozenset(obj for obj in found if type(obj) is int),
        cities=tuple(obj for obj in found if isinstance(obj, CityInfo)),
        inbox=view.since_last_turn(), learned=frozenset(own.met_clans) | bought,
        encountered=frozenset(own.known_hexes) | set(own.city_memory) | set(view.owned_cities())
        | {convoy.hex for convoy in view.convoys()},
        others=tuple((c.number, c.stock.money, c.phone, c.phone_on) for c in game.state.clans
                     if c.number != clan))


@attrs.frozen
class Intel:
    game: Game
    seen: tuple[Seen, ...]
    """Every Clan's reading after every turn of the two rounds."""

    def texts(self, clan: int) -> str:
        return "\n".join(seen.texts for seen in self.seen if seen.clan == clan)


@pytest.fixture(scope="module")
def intel() -> Intel:
    """The game through two rounds of those sheets, read by every Clan after every turn."""
    game = _new_game()
    sheets = _sheets(*game.state.clan_order)
    seen: list[Seen] = []
    for round_ in range(2):
        for clan in game.state.clan_order:
            result = run_clan_turn(game, clan, sheets[clan][round_])
            assert not [p for p in result.problems if not p.is_warning], result.problems
            seen += [snapshot(game, reader) for reader in game.state.clan_order]
    a, b, c = game.state.clan_order
    assert game.clan(a).spy_reports and game.clan(c).spy_reports, "the spies should report"
    assert a in game.clan(b).met_clans and not game.clan(c).met_clans
    return Intel(game, tuple(seen))


def test_cc_gen_05_no_other_clans_secrets_reach_a_clan_with_spies_and_agents_at_work(
        intel: Intel) -> None:
    """Drafts, convoy names, treasuries and hidden phones of other Clans never; slogans (and a
    shown phone) only of Clans met or spied on with ESPIONAGE OWNER (CC-GEN-12, CC-RPT-13)."""
    slogans_read = 0
    for seen in intel.seen:
        for other, money, phone, shown in seen.others:
            assert f"draft-{other}-zq" not in seen.texts
            assert f"Ghost-{other}-" not in seen.texts
            assert money not in seen.numbers and f"{money:,}" not in seen.texts
            slogan = f"slogan-{other}-zq" in seen.texts
            assert not slogan or other in seen.learned, (seen.clan, other)
            slogans_read += slogan
            if not shown or other not in seen.learned:
                assert phone not in seen.texts, (seen.clan, other)
    assert slogans_read, "someone should have read a slogan"


def test_cc_cl_message_01_a_message_reaches_its_sender_and_recipients_only(
        intel: Intel) -> None:
    """To a Clan: that Clan; to ALL: everyone; to a hex nobody is in: nobody (AMB-72). An
    anonymous MESSAGE carries no sender, a BROADCAST its number (CC-CL-BROADCAST-01)."""
    a, b, c = intel.game.state.clan_order
    texts = {clan: intel.texts(clan) for clan in (a, b, c)}
    expected = {
        f"to-{b}-from-{a}-zq": {a, b}, f"to-{c}-from-{a}-zq": {a, c},
        f"all-from-{a}-zq": {a, b, c}, f"hex-from-{a}-zq": {a},
        f"to-{c}-from-{b}-zq": {b, c}, f"to-{a}-from-{b}-zq": {a, b},
        f"to-{a}-from-{c}-zq": {a, c},
    }
    for body, readers in expected.items():
        assert {clan for clan in (a, b, c) if body in texts[clan]} == readers, body
    signed = {f"all-from-{a}-zq": a, f"to-{a}-from-{b}-zq": b}
    heard = 0
    for seen in intel.seen:
        for event in seen.inbox:
            if event.kind == EventKind.MESSAGE:
                heard += 1
                sender = signed.get(str(event.facts["text"]), 0)
                assert (event.actor, event.facts["sender"]) == (sender, sender)
    assert heard >= 6


def test_cc_gen_05_agents_and_espionage_are_never_told_to_their_target(intel: Intel) -> None:
    """AMB-71: nobody learns of an agent; CC-CL-ESPIONAGE: the target is not told; a sabotage
    without a counterspy names no author (CC-CL-SABOTAGE-02)."""
    a, _, c = intel.game.state.clan_order
    for seen in intel.seen:
        for event in seen.inbox:
            assert event.kind not in (EventKind.AGENT_REPORT, EventKind.ESPIONAGE,
                                      EventKind.ESPIONAGE_RESULT), event
    sabotaged = [e for seen in intel.seen if seen.clan == a for e in seen.inbox
                 if e.kind == EventKind.SABOTAGED]
    assert sabotaged, "the third Clan's saboteur should have struck the first Clan's home"
    for event in sabotaged:
        assert event.actor != c and c not in event.facts.values()


def test_cc_city_21_goods_and_guild_only_of_cities_encountered(intel: Intel) -> None:
    """Cities owned, visited, scanned or reported by an agent or spy show their goods; the rest
    only the map's name and place, in the view, the report and its JSON."""
    game = intel.game
    for seen in intel.seen:
        assert {info.hex for info in seen.cities} == {site.hex for site in game.map.cities}
        assert len(seen.encountered & {s.hex for s in game.map.cities}) < len(game.map.cities)
        for info in seen.cities:
            site = game.map.city_at(info.hex)
            assert site is not None and info.name == site.name
            assert info.encountered == (info.hex in seen.encountered), (seen.clan, info.hex)
            if info.encountered:
                assert (info.produces, info.needs) == (site.produces, site.needs)
            else:
                assert (info.produces, info.needs, info.expert) == ("", "", "")
    for clan in game.state.clan_order:
        listed = cli.report_json(build_report(ClanView(game, clan)))["cities"]
        assert listed and all(city["encountered"] and city["produces"]  # type: ignore
                              for city in listed)  # type: ignore


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_cc_gen_05_nothing_reachable_is_live_state_with_spies_and_agents(intel: Intel,
                                                                         seat: int) -> None:
    game = intel.game
    live = live_objects(game)
    for where, obj in public_surface(ClanView(game, game.state.clan_order[seat])):
        assert not isinstance(obj, LIVE_TYPES), f"{where} is a live {type(obj).__name__}"
        assert id(obj) not in live or isinstance(obj, tuple | frozenset), where


# --- a city's goods on first encounter (CC-CITY-21) ----------------------------------------------

def test_cc_city_21_a_city_shows_its_goods_from_the_first_visit() -> None:
    """Before: only its name (the city pane and the map overlay read this); after the convoy
    entered it: produces, needs and guild, and they stay known after it leaves."""
    game = _new_game()
    a = game.state.clan_order[0]
    site = game.map.city_at(EMPTY_HEX)
    assert site is not None
    before = ClanView(game, a).city_info(EMPTY_HEX)
    assert before is not None and not before.encountered
    assert (before.name, before.produces, before.expert) == (site.name, "", "")
    convoy = game.convoys_of(a)[0]
    game.move_convoy(convoy, next(there for _, there in game.map.neighbors(EMPTY_HEX)
                                  if game.map.is_land(there) and game.city(there) is None))
    result = run_clan_turn(game, a, f"[CONVOY 1]\nMOVE {EMPTY_HEX}\n")
    assert not result.problems and convoy.hex == EMPTY_HEX
    after = ClanView(game, a).city_info(EMPTY_HEX)
    assert after is not None and after.encountered
    assert (after.produces, after.needs, after.expert) == (site.produces, site.needs,
                                                           site.guild or "None")


def test_cc_city_21_an_agent_report_reveals_a_citys_goods_cc_amb_71() -> None:
    game = _new_game()
    a = game.state.clan_order[0]
    run_clan_turn(game, a, f"[AGENTS]\n{EMPTY_HEX}\n")
    info = ClanView(game, a).city_info(EMPTY_HEX)
    assert info is not None and info.encountered and info.produces


# --- first encounters (CC-GEN-12, CC-RPT-13) ------------------------------------------------------

def test_cc_gen_12_first_meeting_in_a_hex_names_both_clans_once() -> None:
    """The mover reads the other's name and slogan (its phone only if shown); the other Clan
    is told on its next turn; a second meeting tells nobody again."""
    game = _new_game()
    a, b, _ = game.state.clan_order
    result = run_clan_turn(game, a, "[CONVOY 1]\nPAUSE\n")
    [met] = [e for e in result.events if e.kind == EventKind.MET_CLAN]
    assert (met.facts["clan"], met.facts["slogan"], met.facts["phone"]) == (
        b, f"slogan-{b}-zq", f"(555){b}-0000")
    assert game.clan(b).name in event_text(met) and f"slogan-{b}-zq" in event_text(met)
    [told] = [e for e in game.clan(b).inbox if e.kind == EventKind.MET_CLAN]
    assert (told.facts["clan"], told.facts["slogan"], told.facts["phone"]) == (
        a, f"slogan-{a}-zq", "")
    assert game.clan(a).name in event_text(told)
    for clan in game.state.clan_order[1:]:
        run_clan_turn(game, clan, "")
    again = run_clan_turn(game, a, "[CONVOY 1]\nPAUSE\n")
    assert not [e for e in again.events if e.kind == EventKind.MET_CLAN]
    assert not [e for e in game.clan(b).inbox if e.kind == EventKind.MET_CLAN]


def test_cc_gen_12_spies_agents_espionage_and_messages_are_not_meetings() -> None:
    """Only convoys meet: a planted spy, an agent, ESPIONAGE or a message introduces nobody,
    and the Clan spied on or written to is told nothing of a meeting."""
    game = _new_game()
    a, b, c = game.state.clan_order
    run_clan_turn(game, a, f'[PRE]\nESPIONAGE {c} OWNER\nMESSAGE {c} "hello"\n'
                  f"[AGENTS]\n{C_HOME}\n")
    run_clan_turn(game, b, "")
    run_clan_turn(game, c, "[CONVOY 1]\nPLANT\n")  # in the first Clan's home
    assert game.clan(c).spy_reports
    assert a not in game.clan(c).met_clans and c not in game.clan(a).met_clans
    for clan in (a, c):
        assert not [e for e in game.clan(clan).inbox if e.kind == EventKind.MET_CLAN]
        assert not [e for e in game.clan(clan).last_turn.events if e.kind == EventKind.MET_CLAN]


# --- message limits while typing (CC-CL-MESSAGE-02, AMB-72) --------------------------------------

def _codes(problems: list) -> list[tuple[int, str]]:  # type: ignore[type-arg]
    return [(p.line, p.code) for p in problems]


def test_cc_cl_message_02_the_fourth_message_is_flagged_on_its_line_as_the_turn_refuses_it(
) -> None:
    """MESSAGE and BROADCAST together, pre-turn lines before post-turn ones; the checker's
    reason is the sentence of the turn's refusal."""
    game = _new_game()
    a, b, c = game.state.clan_order
    sheet = (f'[PRE]\nMESSAGE {b} "one"\nBROADCAST {c} "two"\n[POST]\nMESSAGE {EMPTY_HEX} '
             f'"three"\nBROADCAST {b} "four"\n')
    [problem] = check_sheet(game, a, sheet)
    assert (problem.line, problem.code) == (6, "dip_too_many")
    result = run_clan_turn(game, a, sheet)
    [refused] = [e for e in result.events if e.kind == EventKind.CANNOT_MESSAGE]
    assert refused.line == 6 and problem_text(problem) in event_text(refused)


def test_cc_cl_message_02_a_second_message_to_all_is_flagged() -> None:
    game = _new_game()
    a, b, _ = game.state.clan_order
    sheet = f'[PRE]\nMESSAGE ALL "one"\nMESSAGE {b} "two"\nBROADCAST ALL "three"\n'
    [problem] = check_sheet(game, a, sheet)
    assert (problem.line, problem.code) == (4, "dip_too_many_all")
    assert "at most 1 message to every Clan a turn" in problem_text(problem)
    result = run_clan_turn(game, a, sheet)
    [refused] = [e for e in result.events if e.kind == EventKind.CANNOT_MESSAGE]
    assert refused.line == 4 and problem_text(problem) in event_text(refused)


def test_cc_cl_message_02_refused_and_skipped_lines_take_no_message_place() -> None:
    """A message to no such Clan, or past the section's line limit, is not sent and does not
    count; the checker then flags nothing more than the turn refuses."""
    game = _new_game()
    a, b, _ = game.state.clan_order
    filler = "".join(f"BUY {n} FOOD\n" for n in range(1, 5))
    sheet = (f'[PRE]\nMESSAGE 998 "nobody"\n{filler}MESSAGE {b} "past the limit"\n'
             f'[POST]\nMESSAGE {b} "one"\nMESSAGE {b} "two"\nMESSAGE {b} "three"\n')
    assert _codes(check_sheet(game, a, sheet)) == [(2, "dip_unknown_clan"),
                                                   (7, "over_limit")]
    result = run_clan_turn(game, a, sheet)
    assert len([e for e in result.events if e.kind == EventKind.MESSAGE_SENT]) == 3


def test_the_checker_names_the_message_orders_and_destination_as_the_orderbook_does() -> None:
    """The checker may not import the order families; its copies of their words must agree."""
    words = {diplomacy.Message.__name__.upper(), diplomacy.Broadcast.__name__.upper()}
    assert words == checker.MESSAGES
    assert checker.TO_ALL == diplomacy.TO_ALL


def test_cc_gen_12_a_hunt_battle_with_a_hidden_convoy_is_a_first_meeting() -> None:
    """A battle is a meeting: HUNT finds a hidden convoy of a Clan never met and fights it."""
    game = _new_game()
    a, b, _ = game.state.clan_order
    game.convoys_of(b)[0].hidden = True
    result = run_clan_turn(game, a, "[CONVOY 1]\nHUNT\n")
    assert [e for e in result.events if e.kind == EventKind.CONVOY_BATTLE]
    assert b in game.clan(a).met_clans and a in game.clan(b).met_clans
