"""The one reading of the order sheet the app's panes and report share (sections, lines, moves)."""

from __future__ import annotations

from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.ui.sheet_outline import (
    BAD_HEADER,
    convoy_moves,
    is_order_line,
    order_text,
    section_at,
    sections,
    sheet_line,
)

SHEET = """[PRE]           ; 5 lines
NAME #1 "Road; Hogs"   ; a name with a semicolon
BUY 10 FOOD ; then "quoted" words in the comment
[CONVOY 1]
N
SE ; second step
0507
[POST]
[bogus]
"""


def test_a_semicolon_inside_quotes_belongs_to_the_order_cc_cl_name_01() -> None:
    assert order_text('NAME #1 "Road; Hogs"   ; a comment') == 'NAME #1 "Road; Hogs"'
    assert order_text('BUY 10 FOOD ; then "quoted" words') == "BUY 10 FOOD"
    assert sheet_line(SHEET, 2) == 'NAME #1 "Road; Hogs"'
    assert sheet_line(SHEET, 3) == "BUY 10 FOOD"
    assert sheet_line(SHEET, 99) == "" and sheet_line(SHEET, 0) == ""


def test_sections_and_order_lines() -> None:
    lines = SHEET.splitlines()
    found = sections(lines)
    assert [(s.kind, s.number, s.header_row, s.end_row) for s in found] == [
        ("pre", 0, 0, 3), ("convoy", 1, 3, 7), ("post", 0, 7, 8), (BAD_HEADER, 0, 8, 9)]
    assert section_at(lines, 5) == found[1]
    assert section_at(["BUY 1 FOOD", "[PRE]"], 0) is None
    assert [is_order_line(line) for line in lines[:4]] == [False, True, True, False]
    assert not is_order_line("   ; only a comment") and not is_order_line("")
    assert is_order_line('NAME "never closed'), "an unclosed quote is still an order line"


def test_a_convoys_moves_in_sheet_order_cc_co_move_01() -> None:
    moves = convoy_moves(SHEET, load_ruleset(), 1)
    assert [(move.direction, move.target) for move in moves] == [("N", ""), ("SE", ""),
                                                                 ("", "0507")]
    assert convoy_moves(SHEET, load_ruleset(), 2) == []
