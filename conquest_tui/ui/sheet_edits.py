"""Writing into a sheet: a new sheet, headers with their line allowances, where a line goes."""

from __future__ import annotations

from conquest_tui.engine.face import (
    AGENTS,
    CONVOY,
    POST,
    PRE,
    ClanView,
    HouseRuleName,
    header_of,
    number_of,
    split_mark,
    strip_comment,
)
from conquest_tui.ui.sheet_outline import BAD_HEADER, SheetSection, is_order_line

HEADER_WIDTH = 16
"""Headers of a new sheet are padded to this width before their line-allowance comment."""

BUY_LINES = "ORDER"
"""The Clan order that buys extra [PRE]/[POST] lines for the Clan's next turn."""

Location = tuple[int, int]
"""A (row, column) of the sheet's text, 0-based."""


def header_line(header: str, allowance: int) -> str:
    """`[PRE]           ; 5 lines`: a header and the order lines its section may hold."""
    return f"{header:<{HEADER_WIDTH}}; {number_of(allowance, 'line')}"


def new_sheet(view: ClanView) -> str:
    """An empty sheet: `[PRE]`, one `[CONVOY n]` per own convoy, `[POST]`, with line allowances.

    Args:
        view: The Clan whose sheet it is.

    Returns:
        The sheet text, one blank line under each header.
    """
    parts = [("[PRE]", allowance(view, SheetSection(PRE, 0, 0, 0)))]
    parts += [(f"[CONVOY {convoy.number}]", convoy.order_lines) for convoy in view.convoys()]
    parts.append(("[POST]", allowance(view, SheetSection(POST, 0, 0, 0))))
    return "".join(f"{header_line(header, lines)}\n\n" for header, lines in parts)


def standing_mark(view: ClanView) -> str:
    """The mark of a standing order where the house rule is in play, else ""."""
    if not view.house.on(HouseRuleName.STANDING):
        return ""
    return view.rules.house_rules.standing.mark


def sheet_to_show(view: ClanView, draft: str) -> str:
    """The sheet the Clan starts from: its draft; a new sheet when there is none; a new sheet
    with the standing lines in their sections when the draft holds only those (as its last
    turn left it, house rule `standing`). A section of the draft the new sheet has not (a
    convoy gone) comes after the others, its lines still there to fail or be deleted."""
    if not draft.strip():
        return new_sheet(view)
    mark = standing_mark(view)
    if not mark:
        return draft
    carried: dict[tuple[str, int], list[str]] = {}
    headers: dict[tuple[str, int], str] = {}
    current: tuple[str, int] | None = None
    for raw in draft.split("\n"):
        if not raw.strip():
            continue
        if not strip_comment(raw).strip():
            return draft  # a comment the Clan wrote: shown as written
        header = header_of(raw)
        if header is not None:
            current = header
            headers.setdefault(current, raw.strip())
            continue
        if current is None or not split_mark(raw, mark)[1]:
            return draft  # a draft the Clan wrote: shown as written
        carried.setdefault(current, []).append(raw.strip())
    if not carried or len(headers) != len(carried):
        return draft  # comments or an empty section the Clan wrote: shown as written
    out: list[str] = []
    for line in new_sheet(view).split("\n"):
        out.append(line)
        header = header_of(line)
        if header is not None:
            out += carried.pop(header, [])
    for key, lines in carried.items():
        out[-1:-1] = [headers[key], *lines, ""]
    return "\n".join(out)


def allowance(view: ClanView, section: SheetSection) -> int:
    """Order lines the section may hold (0 when not known)."""
    rules = view.rules
    clan = view.clan
    if section.kind == PRE:
        return rules.order_lines.pre + clan.extra_pre_lines
    if section.kind == POST:
        return rules.order_lines.post + clan.extra_post_lines
    if section.kind == AGENTS:
        return clan.agents
    if section.kind == CONVOY:
        for convoy in view.convoys():
            if convoy.number == section.number:
                return convoy.order_lines
        return rules.order_lines.convoy
    return 0


def last_filled_row(lines: list[str], section: SheetSection) -> int:
    """The section's last row that is not blank (its header when all are)."""
    last = section.header_row
    for row in range(section.header_row + 1, section.end_row):
        if lines[row].strip():
            last = row
    return last


def resume_at(lines: list[str]) -> Location:
    """Where the cursor waits when a sheet opens: at the end of its last order, where the Clan
    left off; on a sheet with none, on the line under its first header (typing at the very
    start would write into the header)."""
    for row in range(len(lines) - 1, -1, -1):
        if is_order_line(lines[row]):
            return row, len(lines[row].rstrip())
    if lines and header_of(lines[0]) is not None and len(lines) > 1:
        return 1, 0
    return 0, 0


def line_after(lines: list[str], row: int, line: str) -> tuple[str, Location]:
    """What to insert, and where, so that `line` becomes the row after `row`."""
    if row + 1 < len(lines):
        return f"{line}\n", (row + 1, 0)
    return f"\n{line}", (row, len(lines[row]))


def header_hint(view: ClanView | None, lines: list[str], section: SheetSection | None) -> str:
    """The hint on a section's header: what the section holds, lines used of its allowance."""
    if section is None or section.kind == BAD_HEADER:
        return "Sections: [PRE], [CONVOY n], [POST]"
    used = sum(1 for line in lines[section.header_row + 1:section.end_row]
               if is_order_line(line))
    allowed = 0 if view is None else allowance(view, section)
    names = {PRE: "Pre-turn Clan orders", POST: "Post-turn Clan orders",
             AGENTS: "Agent destinations"}
    what = names.get(section.kind, f"Orders for convoy #{section.number}")
    if not allowed:
        return f"{what}: {used} lines"
    hint = f"{what}: {used} of {allowed} lines used"
    bought = 0 if view is None else {PRE: view.clan.extra_pre_lines,
                                     POST: view.clan.extra_post_lines}.get(section.kind, 0)
    if bought:
        hint += f" ({bought} bought with {BUY_LINES} last turn, for this turn only)"
    return hint
