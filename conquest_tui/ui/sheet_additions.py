"""Lines added to the sheet from outside the editor: a move from the map, a Clan order toggled."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from conquest_tui.engine.face import CONVOY, POST, PRE, Ally, Ban, Ruleset
from conquest_tui.ui.sheet_edits import Location, header_line, last_filled_row, line_after
from conquest_tui.ui.sheet_outline import SheetSection, clan_order_rows, is_order_line, sections

RELATION_ORDERS: dict[str, type[Ally] | type[Ban]] = {"ALLY": Ally, "BAN": Ban}
"""The Clan orders the relations screen adds to the sheet, by keyword."""

AllowanceOf = Callable[[SheetSection], int]
"""Order lines a section may hold (0 when not known)."""


@attrs.frozen
class SheetEdit:
    """Text to put in place of the sheet's text from `start` to `end` (the same place: an
    insertion; no text: a deletion), and where the cursor goes after it (None: it stays)."""

    text: str
    start: Location
    end: Location
    cursor: Location | None = None


@attrs.frozen
class SectionFull:
    """A convoy's section already holds all its order lines: the move is not added."""

    header_row: int
    """0-based row of the section's header."""
    allowed: int
    """The order lines it may hold."""


def _used(lines: list[str], section: SheetSection) -> int:
    """Order lines the section holds."""
    return sum(1 for line in lines[section.header_row + 1:section.end_row] if is_order_line(line))


def move_addition(lines: list[str], convoy_number: int, move: str,
                  allowance_of: AllowanceOf) -> SheetEdit | SectionFull:
    """The edit appending `move` to a convoy's section (the section created, before the later
    convoys' and [POST], when missing), the cursor at the end of the move; SectionFull when
    the section holds all its lines already.

    Args:
        lines: The sheet's lines.
        convoy_number: The convoy to move.
        move: The move as written (`N` ... `NW` or a hex id), upper case.
        allowance_of: Order lines a section may hold.
    """
    found = sections(lines)
    section = next((s for s in found if s.kind == CONVOY and s.number == convoy_number), None)
    if section is None:
        return _section_addition(found, lines, convoy_number, move, allowance_of)
    allowed = allowance_of(section)
    if allowed and _used(lines, section) >= allowed:
        return SectionFull(section.header_row, allowed)
    last = last_filled_row(lines, section)
    text, where = line_after(lines, last, move)
    return SheetEdit(text, where, where, (last + 1, len(move)))


def _section_addition(found: list[SheetSection], lines: list[str], number: int, move: str,
                      allowance_of: AllowanceOf) -> SheetEdit:
    """A new `[CONVOY number]` section holding `move`, in convoy order, before [POST]."""
    later = [s for s in found if (s.kind == CONVOY and s.number > number) or s.kind == POST]
    header = header_line(f"[CONVOY {number}]", allowance_of(SheetSection(CONVOY, number, 0, 0)))
    if later:
        row = later[0].header_row
        text, where = f"{header}\n{move}\n\n", (row, 0)
    elif lines and lines[-1].strip():
        row = len(lines)
        text, where = f"\n{header}\n{move}\n", (len(lines) - 1, len(lines[-1]))
    else:
        row = len(lines) - 1
        text, where = f"{header}\n{move}\n", (row, 0)
    return SheetEdit(text, where, where, (row + 1, len(move)))


def clan_order_toggle(lines: list[str], rules: Ruleset, keyword: str, clan: int,
                      allowance_of: AllowanceOf) -> SheetEdit | None:
    """The edit taking back the sheet's last `keyword clan` line (ALLY, BAN), or adding one:
    under [PRE] while it has room, else under [POST] (both take Clan orders), a [PRE] made at
    the top when the sheet has none; None when both sections hold all their lines.

    Args:
        lines: The sheet's lines.
        rules: The game's rules (how the order is written and abbreviated).
        keyword: `ALLY` or `BAN`.
        clan: The other Clan's number.
        allowance_of: Order lines a section may hold.
    """
    rows = clan_order_rows(lines, rules, keyword, clan)
    if rows:
        row = rows[-1]
        end = (row + 1, 0) if row + 1 < len(lines) else (row, len(lines[row]))
        start = (row, 0) if row + 1 < len(lines) or row == 0 else (row - 1, len(lines[row - 1]))
        return SheetEdit("", start, end)
    order = RELATION_ORDERS[keyword](other=clan).line(rules)  # as the order writes itself
    found = sections(lines)
    for kind in (PRE, POST):
        section = next((s for s in found if s.kind == kind), None)
        if section is None or _used(lines, section) >= allowance_of(section):
            continue
        text, where = line_after(lines, last_filled_row(lines, section), order)
        return SheetEdit(text, where, where)
    if not any(s.kind == PRE for s in found):
        pre = allowance_of(SheetSection(PRE, 0, 0, 0))
        return SheetEdit(f"{header_line('[PRE]', pre)}\n{order}\n\n", (0, 0), (0, 0))
    return None
