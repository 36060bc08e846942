"""Tab in the sheet: which word it completes, to what, and how a second Tab cycles."""

from __future__ import annotations

from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.ui.sheet_completion import Completion, Cycle, completion_at

ITEMS = ["FOOD", "FUEL", "PARTS", "TRUCK"]


def trade_names(prefix: str) -> list[str]:
    """A market of four items."""
    return [name for name in ITEMS if name.startswith(prefix)]


def test_a_clan_keyword_completes_from_its_first_letters_cc_cl_gen_01() -> None:
    lines = ["[PRE]", "  BR", "[CONVOY 1]", "SP"]
    found = completion_at(lines, 1, 4, load_ruleset().orders, trade_names)
    assert found == Completion(1, 2, 4, ["BROADCAST"]), "the word as typed is not offered"


def test_a_convoy_keyword_completes_from_the_convoy_orders_only_cc_seq_15() -> None:
    lines = ["[PRE]", "", "[CONVOY 1]", "SP"]
    found = completion_at(lines, 3, 2, load_ruleset().orders, trade_names)
    assert found is not None and "SPLIT" in found.candidates and "SPY" in found.candidates
    assert "BROADCAST" not in (completion_at(["[CONVOY 1]", "B"], 1, 1, load_ruleset().orders,
                                             trade_names) or Completion(0, 0, 0, [])).candidates


def test_what_buy_trades_completes_the_space_after_it_replaced_cc_cl_buys_01() -> None:
    lines = ["[POST]", "BUY 10 F FOR THE ROAD"]
    found = completion_at(lines, 1, 8, load_ruleset().orders, trade_names)
    assert found == Completion(1, 7, 9, ["FOOD", "FUEL"])


def test_nothing_to_complete_on_a_header_or_outside_a_section() -> None:
    orders = load_ruleset().orders
    assert completion_at(["[PRE]"], 0, 3, orders, trade_names) is None
    assert completion_at(["BUY", "[PRE]"], 0, 3, orders, trade_names) is None
    assert completion_at(["[PRE]", "BUY 1 FOOD 2"], 1, 12, orders, trade_names) is None


def test_no_keyword_fits_is_an_empty_completion_not_none() -> None:
    found = completion_at(["[PRE]", "QX"], 1, 2, load_ruleset().orders, trade_names)
    assert found == Completion(1, 0, 2, [])


def test_a_second_tab_cycles_only_just_after_the_word_put() -> None:
    cycle = Cycle(1, 0, "FOOD ", ["FOOD", "FUEL"])
    assert cycle.continues_at("FOOD ", 1, 5)
    assert not cycle.continues_at("FOOD ", 1, 4), "the cursor moved"
    assert not cycle.continues_at("FOOD ", 2, 5), "another line"
    assert not cycle.continues_at("FOOT ", 1, 5), "the word was edited"
    assert cycle.next_word() == "FUEL " and cycle.next_word() == "FOOD "
    assert not Cycle(1, 0, "FOOD ", ["FOOD"]).continues_at("FOOD ", 1, 5), "nothing to cycle to"
