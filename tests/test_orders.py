"""Order sheets: sections, keywords and abbreviations, comments, and one problem per bad line."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orderbook import market, movement
from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orders import parse_sheet
from conquest_tui.engine.orders.arguments import no_more, quantity
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder, NotYetSupported
from conquest_tui.engine.orders.registry import (
    CLAN,
    CONVOY,
    DuplicateOrderError,
    Finding,
    OrderRegistry,
    OrderSpec,
)
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import problem_line, problem_text

SHEET = """\
[PRE]          ; up to 5 lines (+ bought)
BUY 2 BIKES #1
ENLIST 20
[CONVOY 1]     ; up to 10 lines
NW
LOOT
[POST]         ; up to 10 lines (+ bought)
"""


def test_issue_example_sheet_parses_cleanly(rules: Ruleset) -> None:
    sheet = parse_sheet(SHEET, rules)
    assert sheet.problems == ()
    assert isinstance(sheet.pre[0].order, market.Buy) and sheet.pre[0].line == 2
    assert sheet.pre[0].order.quantity == 2 and sheet.pre[0].order.item == "bike"
    assert sheet.pre[0].order.convoy == 1
    assert isinstance(sheet.convoy_lines(1)[0].order, movement.Move)
    assert isinstance(sheet.convoy_lines(1)[1].order, movement.Loot)


def test_cc_co_gen_01_full_words_abbreviations_and_case(rules: Ruleset) -> None:
    sheet = parse_sheet("[CONVOY 1]\nnorthwest\nnw\nLo\nloot\n0516\nRE\ncapture\n", rules)
    assert sheet.problems == ()
    orders = [line.order for line in sheet.convoy_lines(1)]
    assert [o.direction for o in orders[:2]] == ["NW", "NW"]  # type: ignore[union-attr]
    assert isinstance(orders[4], movement.Move) and orders[4].target == "0516"
    assert isinstance(orders[5], movement.SetMode) and orders[5].mode == "recon"


def _named(rules: Ruleset, section: str, word: str) -> str:
    spec = rules.orders.lookup(section, word)
    return spec.keyword if spec is not None else ""


def test_cc_co_gen_02_pause_patrol_pave_traps_and_spy_amb_16(rules: Ruleset) -> None:
    assert [_named(rules, CONVOY, word) for word in ("PA", "PT", "PV", "SPY")] == [
        "PAUSE", "PATROL", "PAVE", "PLANT"]


def test_cc_cl_gen_02_buy_build_gamble_garrison_traps(rules: Ruleset) -> None:
    assert [_named(rules, CLAN, word) for word in ("BU", "BL", "GA", "GR")] == [
        "BUY", "BUILD", "GAMBLE", "GARRISON"]


def test_registry_holds_every_order_of_the_rulebook(rules: Ruleset) -> None:
    convoy = {s.keyword for s in rules.orders.specs if s.section == CONVOY}
    clan = {s.keyword for s in rules.orders.specs if s.section == CLAN}
    assert len(convoy) == 27  # T§16.1 (+ MOVE)
    assert len(clan) == 26 + len(HOUSE_CLAN_ORDERS)  # T§16.2 (+ SABOTAGE), the house rules' own


def test_cc_seq_15_clan_order_in_convoy_section_is_named(rules: Ruleset) -> None:
    sheet = parse_sheet("[CONVOY 1]\nBUY 10 FUEL\n[PRE]\nLOOT\n", rules)
    assert [(p.line, p.code) for p in sheet.problems] == [(2, "wrong_section"),
                                                         (4, "wrong_section")]


def test_bad_lines_named_with_line_number_and_reason(rules: Ruleset) -> None:
    text = "[PRE]\nBUY lots FUEL\nENLIST\nFROB 3\nBUY 3 TROOPS\n[CONVOY 1]\nHIDE\nN\n"
    sheet = parse_sheet(text, rules)
    assert [p.line for p in sheet.problems] == [2, 3, 4, 5, 7]
    assert "not a whole number" in problem_text(sheet.problems[0])
    assert "ENLIST" in problem_text(sheet.problems[2 - 1])
    assert "ENLIST" in problem_text(sheet.problems[3])
    assert problem_line(sheet.problems[2]).startswith("line 4: ")
    assert sheet.convoy_lines(1)[1].order is not None


def test_amb_92_quotes_convoy_numbers_and_names(rules: Ruleset) -> None:
    sheet = parse_sheet('[PRE]\nCREATE 0305 amphib "Sea Dogs" ; a comment; more\nBUY 1 car 2\n',
                        rules)
    assert sheet.problems == ()
    create = sheet.pre[0].order
    assert isinstance(create, market.Create) and create.name == "Sea Dogs"
    assert create.convoy_type == "amphibious"


def test_cc_cl_create_05_names_must_not_start_with_the(rules: Ruleset) -> None:
    sheet = parse_sheet('[PRE]\nCREATE 0305 LAND "The Best"\n', rules)
    assert sheet.problems[0].code == "the_name"


def test_check_level_flags_what_cannot_work_now(game: Game) -> None:
    clan = game.state.active_clan
    problems = check_sheet(game, clan, "[PRE]\nBUY 1 TANK #1\nBUY 1 BIKE #7\n[CONVOY 9]\nN\n")
    assert [(p.line, p.code) for p in problems] == [(2, "wrong_type"), (3, "no_convoy"),
                                                   (5, "no_convoy")]


WORDS = st.sampled_from([
    "BUY", "SELL", "ENLIST", "CREATE", "N", "NE", "SE", "S", "SW", "NW", "LOOT", "PAUSE",
    "RECON", "EMPTY", "CAPTURE", "0101", "0516", "9999", "#1", "#2", "3", "-5", "lots", "FUEL",
    "BIKES", "TANK", "troops", '"', '"Name"', ";", "[PRE]", "[POST]", "[CONVOY 1]", "[CONVOY",
    "HUNT", "ALLY", "KM", "KILL", "MODE", "V", "ATTACK", "x", "", "CONVOY", "#", "0",
])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.lists(WORDS, max_size=5).map(" ".join), max_size=25))
def test_garbage_sheets_never_crash_and_good_lines_still_run(game: Game, lines: list[str]) -> None:
    text = "\n".join(["[PRE]", "ENLIST 1", *lines])
    sheet = parse_sheet(text, game.rules)
    for problem in sheet.problems:
        assert 1 <= problem.line <= len(lines) + 2 and problem_text(problem)
    assert len({p.line for p in sheet.problems}) == len(sheet.problems)
    check_sheet(game, game.state.active_clan, text)
    clan = game.state.active_clan
    result = run_clan_turn(game, clan, text)
    assert any(e.kind == "enlist" and e.line == 2 for e in result.events)
    assert game.clan(clan).stock.money >= 0


RULEBOOK_CONVOY_ORDERS = {
    "ABSORB": ("AB",), "AID": ("AI",), "ATTACK": ("AT",), "BOMB": ("BO",), "CAPTURE": ("CA",),
    "CELEBRATE": ("CE", "CELEBR"), "CURE": ("CU",), "DROPOFF": ("DR",), "DUMP": ("DU",),
    "EMPTY": ("EM",), "FISH": ("FI",), "GUARD": ("GU",), "HIRE": ("HI",), "HUNT": ("HU",),
    "KILL MODE": ("KM", "KILLMODE"), "LOOT": ("LO",), "MOVE": (), "PATROL": ("PT",),
    "PAUSE": ("PA",), "PAVE": ("PV",), "PICKUP": ("PI",), "PLANT": ("PL", "SPY"),
    "PRACTICE": ("PR",), "RAZE": ("RA",), "RECON": ("RE",), "SCAN": ("SC",), "SPLIT": ("SP",),
}
"""T§16.1 with the abbreviations and the further words the text accepts (AMB-16, AMB-92)."""

HOUSE_CLAN_ORDERS = {"OFFER": ("OF",), "ACCEPT": ("AC",), "REJECT": ("RJ",), "DECLARE": ("DW",)}
"""The house rule treaties' orders (HOUSE-TREATY-01/02/05), refused where it is off."""

RULEBOOK_CLAN_ORDERS = {
    "ALLY": ("AL",), "ASSIGN": ("AS",), "BAN": ("BA",), "BROADCAST": ("BR",), "BUILD": ("BL",),
    "BUY": ("BU",), "CONVERT": ("CO",), "CREATE": ("CR",), "DEFEND": ("DE",), "ENLIST": ("EN",),
    "ERECT": ("ER",), "ESPIONAGE": ("ES",), "EVENT": ("EV",), "FORTIFY": ("FO",),
    "GAMBLE": ("GA",), "GARRISON": ("GR",), "GIVE": ("GI",), "MESSAGE": ("ME",), "NAME": ("NA",),
    "ORDER": ("OR",), "PHONE": ("PH",), "SABOTAGE": ("SA",), "SELL": ("SE",), "SLOGAN": ("SL",),
    "TRAIN": ("TR",), "VIGILANCE": ("VI",),
}
"""T§16.2 with the abbreviations of the text (SABOTAGE is missing from the appendix table)."""


def test_every_word_of_the_rulebook_tables_is_declared_once_cc_co_gen_01(rules: Ruleset) -> None:
    """T§16.1, T§16.2: each keyword, abbreviation and alias names exactly one declaration of
    its section, and nothing else is declared."""
    for section, table in ((CONVOY, RULEBOOK_CONVOY_ORDERS),
                           (CLAN, RULEBOOK_CLAN_ORDERS | HOUSE_CLAN_ORDERS)):
        declared = [spec for spec in rules.orders.specs if spec.section == section]
        assert sorted(spec.keyword for spec in declared) == sorted(table)
        words = [word for spec in declared for word in spec.words]
        assert len(words) == len(set(words)), f"a {section} word is declared twice"
        for keyword, others in table.items():
            for word in (keyword, *others):
                assert _named(rules, section, word) == keyword, word


def test_a_second_declaration_of_a_word_is_refused(rules: Ruleset) -> None:
    """A new order whose keyword, abbreviation or alias is taken fails at declaration, naming
    the word and the order that has it; a Clan order may reuse a convoy order's word."""
    book = OrderRegistry(rules.orders.specs)

    @attrs.frozen
    class Paving(ConvoyOrder):
        """A second PAVE."""

    @attrs.frozen
    class PavingFromHome(ClanOrder):
        """PAVING as a Clan order."""

    with pytest.raises(DuplicateOrderError, match="PV of PAVING is already declared by PAVE"):
        convoy_order("PAVING", abbr="PV", syntax="PAVING", summary="pave again",
                     rule="CC-CO-PAVE-01", registry=book)(Paving)
    with pytest.raises(DuplicateOrderError, match="SPY of SNOOP is already declared by PLANT"):
        convoy_order("SNOOP", abbr="SN", syntax="SNOOP", summary="spy", rule="CC-CO-PAVE-01",
                     aliases=("SPY",), registry=book)(Paving)
    assert book.lookup(CONVOY, "PAVING") is None
    clan_order("PAVING", abbr="PV", syntax="PAVING", summary="pave from home",
               rule="CC-CO-PAVE-01", registry=book)(PavingFromHome)
    assert book.lookup(CLAN, "PV") is not None and _named(rules, CLAN, "PV") == ""


def test_orders_without_a_step_are_read_and_reported_not_yet_supported(game: Game) -> None:
    """Every order of the rulebook is carried out now; an order declared without a step (as a
    new one is while it is being built) still parses cleanly, the checker and the turn both say
    it is not supported yet, and the other lines still run."""
    book = OrderRegistry(game.rules.orders.specs)

    @clan_order("TITHE", abbr="TI", syntax="TITHE ...", summary="a test order",
                rule="CC-CL-GEN-01", registry=book)
    @attrs.frozen
    class Tithe(NotYetSupported, ClanOrder):
        """A Clan order being built (a test order)."""

    @convoy_order("SURVEY", abbr="SV", syntax="SURVEY", summary="a test order",
                  rule="CC-CO-GEN-01", registry=book)
    @attrs.frozen
    class Survey(NotYetSupported, ConvoyOrder):
        """A convoy order being built (a test order)."""
    game.rules = attrs.evolve(game.rules, order_source=lambda: book)
    clan = game.state.active_clan
    text = "[PRE]\nTITHE 2\nENLIST 1\n[CONVOY 1]\nSURVEY\nPAUSE\n"
    assert parse_sheet(text, game.rules).problems == ()
    assert [(p.line, p.code) for p in check_sheet(game, clan, text)] == [
        (2, "not_supported"), (5, "not_supported")]
    result = run_clan_turn(game, clan, text)
    assert [p.line for p in result.problems if p.code == "not_supported"] == [2, 5]
    assert {e.kind for e in result.events} >= {"enlist", "pause"}


def test_every_order_of_the_rulebook_is_carried_out(game: Game) -> None:
    """No order of the rulebook is declared without a step any more (issues 14 and 15)."""
    assert [spec.keyword for spec in game.rules.orders.specs if not spec.supported] == []


def test_one_declaration_is_all_a_new_order_needs(game: Game) -> None:
    """An order declared once (words, grammar, check, step) is read by the sheet, checked while
    the sheet is written and carried out by the turn, with no other table to fill in."""
    book = OrderRegistry(game.rules.orders.specs)

    @clan_order("RATION", abbr="RN", syntax="RATION quantity", summary="put food aside",
                rule="CC-CL-GEN-01", registry=book)
    @attrs.frozen
    class Ration(ClanOrder):
        """Put food aside: the slogan says how much (a test order)."""

        quantity: int = 0

        @classmethod
        def parse(cls, spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> Ration:
            amount = quantity(words[0] if words else None, spec.keyword)
            no_more(words, spec, 1)
            return cls(spec.keyword, line, text, quantity=amount)

        def check(self, game: Game, clan: int) -> Finding | None:
            food = game.clan(clan).stock.food
            return ("not_enough", f"only {food} food") if food < self.quantity else None

        def run(self, ctx: TurnContext) -> None:
            ctx.clan.slogan = f"{self.quantity} food put aside"

    game.rules = attrs.evolve(game.rules, order_source=lambda: book)
    clan = game.clan(game.state.active_clan)
    clan.stock.food = 50
    text = "[PRE]\nRN 20\nRATION 80\nRATION x\n"
    assert [(p.line, p.code) for p in parse_sheet(text, game.rules).problems] == [
        (4, "bad_quantity")]
    assert [(p.line, p.code) for p in check_sheet(game, clan.number, text)] == [
        (3, "not_enough"), (4, "bad_quantity")]
    run_clan_turn(game, clan.number, "[PRE]\nRN 20\n")
    assert clan.slogan == "20 food put aside"
    assert [p for p in clan.last_turn.problems if p.line == 2] == []


def test_an_order_is_declared_with_the_base_of_its_section(rules: Ruleset) -> None:
    """A convoy order's record is a ConvoyOrder (`check(game, convoy)`, `run(ctx, convoy)`), a
    Clan order's a ClanOrder (`check(game, clan)`, `run(ctx)`): the other kind is refused."""
    book = OrderRegistry(rules.orders.specs)

    @attrs.frozen
    class Muster(ClanOrder):
        """A Clan order (a test order)."""

    with pytest.raises(TypeError, match="MUSTER: a convoy order's record class must derive "
                                        "from ConvoyOrder"):
        convoy_order("MUSTER", abbr="MU", syntax="MUSTER", summary="a test order",
                     rule="CC-CO-GEN-01", registry=book)(Muster)
    assert book.lookup(CONVOY, "MUSTER") is None
    clan_order("MUSTER", abbr="MU", syntax="MUSTER", summary="a test order",
               rule="CC-CL-GEN-01", registry=book)(Muster)
    assert Muster().keyword == "MUSTER" and not Muster.carried_out()
