"""Standing orders (house rule `standing`): the repeat mark, and the next sheet's standing lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.orders.tokens import strip_comment

if TYPE_CHECKING:
    from conquest_tui.engine.orders.sheet import OrderSheet, SheetLine

__all__ = ["StandingSection", "split_mark", "standing_draft", "standing_sections"]

StandingSection = tuple[str, tuple[str, ...]]
"""A section's header as a sheet writes it (`[CONVOY 2]`) and its standing lines as typed."""


def split_mark(raw: str, mark: str) -> tuple[str, bool]:
    """The line without its trailing repeat mark, and whether it had one.

    The mark is the last word of the line before its comment, outside quotes, on its own
    (`N @`, `BUY 20 FOOD @ ; every turn`): `MESSAGE 12 "at @"` and `N@` carry none.
    """
    if mark not in raw:
        return raw, False
    text = strip_comment(raw).rstrip()
    if not text.endswith(mark) or text.count('"') % 2:
        return raw, False
    before = text[: len(text) - len(mark)]
    if before and not before[-1].isspace():
        return raw, False
    return before, True


def standing_sections(sheet: OrderSheet) -> tuple[StandingSection, ...]:
    """The sheet's standing lines by section, in the order a new sheet lists its sections
    ([PRE], each [CONVOY n], [POST], [AGENTS]); a section without one is left out."""
    parts: list[tuple[str, tuple[SheetLine, ...]]] = [("[PRE]", sheet.pre)]
    parts += [(f"[CONVOY {number}]", lines) for number, lines in sheet.convoys]
    parts += [("[POST]", sheet.post), ("[AGENTS]", sheet.agents)]
    found = ((header, tuple(line.text for line in lines if line.standing))
             for header, lines in parts)
    return tuple((header, lines) for header, lines in found if lines)


def standing_draft(sheet: OrderSheet) -> str:
    """The Clan's next sheet as its standing lines make it: each section that has one, its
    header, then its standing lines as they were typed (mark and comment kept); "" if none."""
    return "".join(f"{header}\n" + "".join(f"{line}\n" for line in lines)
                   for header, lines in standing_sections(sheet))
