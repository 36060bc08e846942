"""Lines the map and the relations screen add to the sheet: where they go, when none fits."""

from __future__ import annotations

from conquest_tui.engine.face import CONVOY, PRE
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.ui.sheet_additions import (
    SectionFull,
    SheetEdit,
    clan_order_toggle,
    move_addition,
)
from conquest_tui.ui.sheet_outline import SheetSection

SHEET = """[PRE]           ; 5 lines
BUY 10 FOOD

[CONVOY 1]      ; 10 lines
N

[CONVOY 3]      ; 10 lines

[POST]          ; 10 lines
"""


def rulebook_allowance(section: SheetSection) -> int:
    """The rulebook's lines: 5 pre-turn, 10 post-turn, 10 a convoy (CC-SEQ-15)."""
    return {PRE: 5, CONVOY: 10}.get(section.kind, 10)


def applied(text: str, edit: SheetEdit) -> str:
    """The sheet after the edit, as the editor makes it."""
    lines = text.split("\n")

    def offset(location: tuple[int, int]) -> int:
        row, column = location
        return sum(len(line) + 1 for line in lines[:row]) + column

    return text[:offset(edit.start)] + edit.text + text[offset(edit.end):]


def test_a_move_goes_under_the_convoys_last_line_cc_co_move_01() -> None:
    edit = move_addition(SHEET.split("\n"), 1, "SE", rulebook_allowance)
    assert isinstance(edit, SheetEdit)
    after = applied(SHEET, edit)
    assert "[CONVOY 1]      ; 10 lines\nN\nSE\n\n[CONVOY 3]" in after
    assert edit.cursor == (5, 2), "the cursor ends after the move"


def test_a_move_for_a_convoy_without_a_section_makes_one_in_convoy_order() -> None:
    edit = move_addition(SHEET.split("\n"), 2, "0507", rulebook_allowance)
    assert isinstance(edit, SheetEdit)
    after = applied(SHEET, edit)
    assert "N\n\n[CONVOY 2]      ; 10 lines\n0507\n\n[CONVOY 3]" in after
    assert edit.cursor == (7, 4)
    last = move_addition(SHEET.split("\n"), 9, "N", rulebook_allowance)
    assert isinstance(last, SheetEdit)
    assert "[CONVOY 9]      ; 10 lines\nN\n\n[POST]" in applied(SHEET, last), "before [POST]"


def test_a_move_on_a_sheet_without_post_goes_at_its_end() -> None:
    sheet = "[PRE]           ; 5 lines\nBUY 1 FOOD"
    edit = move_addition(sheet.split("\n"), 1, "N", rulebook_allowance)
    assert isinstance(edit, SheetEdit)
    assert applied(sheet, edit) == sheet + "\n[CONVOY 1]      ; 10 lines\nN\n"
    assert edit.cursor == (3, 1)


def test_a_full_convoy_section_takes_no_move_cc_seq_15() -> None:
    sheet = "[CONVOY 1]\n" + "N\n" * 10
    full = move_addition(sheet.split("\n"), 1, "S", rulebook_allowance)
    assert full == SectionFull(0, 10)
    nine = "[CONVOY 1]\n" + "N\n" * 9
    assert isinstance(move_addition(nine.split("\n"), 1, "S", rulebook_allowance), SheetEdit)


def test_ally_goes_under_pre_and_a_second_press_takes_it_back_cc_cl_ally_01() -> None:
    rules = load_ruleset()
    edit = clan_order_toggle(SHEET.split("\n"), rules, "ALLY", 133, rulebook_allowance)
    assert edit is not None
    after = applied(SHEET, edit)
    assert after.startswith("[PRE]           ; 5 lines\nBUY 10 FOOD\nALLY 133\n\n[CONVOY 1]")
    back = clan_order_toggle(after.split("\n"), rules, "ALLY", 133, rulebook_allowance)
    assert back is not None
    assert applied(after, back) == SHEET


def test_a_written_abbreviation_is_taken_back_too_cc_cl_ban_01() -> None:
    rules = load_ruleset()
    sheet = "[PRE]\nBA #7 ; keep them out\n[POST]\nBAN 7"
    edit = clan_order_toggle(sheet.split("\n"), rules, "BAN", 7, rulebook_allowance)
    assert edit is not None
    assert applied(sheet, edit) == "[PRE]\nBA #7 ; keep them out\n[POST]", "the last one first"


def test_a_full_pre_sends_the_order_to_post_cc_cl_gen_01() -> None:
    rules = load_ruleset()
    sheet = "[PRE]\n" + "BUY 1 FOOD\n" * 5 + "[POST]\n"
    edit = clan_order_toggle(sheet.split("\n"), rules, "BAN", 7, rulebook_allowance)
    assert edit is not None
    assert applied(sheet, edit).endswith("[POST]\nBAN 7\n")
    both_full = "[PRE]\n" + "BUY 1 FOOD\n" * 5 + "[POST]\n" + "BUY 1 FOOD\n" * 10
    assert clan_order_toggle(both_full.split("\n"), rules, "BAN", 7, rulebook_allowance) is None


def test_lines_bought_with_order_make_room_cc_cl_order_01() -> None:
    rules = load_ruleset()
    sheet = "[PRE]\n" + "BUY 1 FOOD\n" * 5 + "[POST]\n" + "BUY 1 FOOD\n" * 10

    def with_two_bought(section: SheetSection) -> int:
        return rulebook_allowance(section) + (2 if section.kind == PRE else 0)

    edit = clan_order_toggle(sheet.split("\n"), rules, "ALLY", 4, with_two_bought)
    assert edit is not None
    assert applied(sheet, edit).startswith("[PRE]\n" + "BUY 1 FOOD\n" * 5 + "ALLY 4\n[POST]")


def test_a_sheet_without_pre_gets_one_at_its_top() -> None:
    rules = load_ruleset()
    sheet = "[CONVOY 1]\nN\n"
    edit = clan_order_toggle(sheet.split("\n"), rules, "ALLY", 12, rulebook_allowance)
    assert edit is not None
    assert applied(sheet, edit) == "[PRE]           ; 5 lines\nALLY 12\n\n" + sheet
