"""The 1995 orders sheet read back: its headings become sections, its numbered lines orders.

The paper sheet (`paper/paper_sheet.py`, `conquest report --format paper`, the mail packet's
form) prints headings and statistics around numbered blank lines. `plain_lines` turns each of
its lines into the line of an ordinary sheet that means the same, one for one, so problems keep
the form's own line numbers: "Pre-turn Clan Orders:" is `[PRE]`, "Convoy Orders:" under
"ORDERS FOR … CONVOY #3 …" is `[CONVOY 3]`, "  4. BUY 20 FOOD" is `BUY 20 FOOD`, a blank
"  5. ______" and every heading, statistic and header line read as nothing.
"""

from __future__ import annotations

import re

BLANK = "______"
"""A line the player has not filled in."""

PRE_HEADING = "Pre-turn Clan Orders:"
POST_HEADING = "Post-turn Clan Orders:"
AGENTS_HEADING = "Agent Destinations:"
CONVOY_HEADING = "Convoy Orders:"
CLAN_TITLE = "CLAN ORDERS"
SHEET_TITLE = "ORDERS SHEET FOR CLAN"

HEADER_FIELDS = ("Game", "Game turn", "Clan", "Signature")
"""The mail form's header lines, in order: `Game: 5f2a9c01d3e4`, `Game turn: 3`,
`Clan: 181 (Iron Wolves)`, `Signature: …` (written and checked by the session's mail)."""

_SECTIONS = {PRE_HEADING: "[PRE]", POST_HEADING: "[POST]", AGENTS_HEADING: "[AGENTS]"}
_CONVOY_TITLE = re.compile(r"ORDERS FOR [A-Z]+ CONVOY #(\d{1,6})\b")
_NUMBERED = re.compile(r"(\d{1,3})\.(?:\s(.*))?$")
_AGENT = re.compile(r"Agent \d{1,3}:\s*(?:hex\b)?(.*)$", re.IGNORECASE)
_HEADER = re.compile(r"(Game turn|Game|Clan|Signature):\s*(.*)$")
_UNDERSCORES = re.compile(r"^_{3,}\s*|\s*_{3,}$")


def is_form(lines: list[str]) -> bool:
    """Whether the sheet is laid out as the paper orders sheet (any of its headings)."""
    return any(line.strip() in _SECTIONS or line.strip() == CONVOY_HEADING for line in lines)


def _filled(text: str) -> str:
    """What the player wrote on a numbered line, without the printed blank."""
    return _UNDERSCORES.sub("", text.strip()).strip()


def plain_lines(lines: list[str]) -> list[str]:
    """The form's lines as an ordinary sheet's, one for one (see the module's docstring).

    Between a section's heading and the next heading or title, an unnumbered line is read as
    written (a player may add lines); anywhere else it is part of the print and reads as
    nothing.
    """
    out: list[str] = []
    convoy = 0
    in_section = False
    for raw in lines:
        text = raw.strip()
        titled = _CONVOY_TITLE.match(text)
        if text in _SECTIONS:
            out.append(_SECTIONS[text])
            in_section = True
        elif text == CONVOY_HEADING:
            out.append(f"[CONVOY {convoy}]" if convoy else "[CONVOY]")
            in_section = bool(convoy)
        elif titled or text == CLAN_TITLE or text.startswith(SHEET_TITLE) \
                or (text and set(text) == {"="}):
            convoy = int(titled.group(1)) if titled else 0
            out.append("")
            in_section = False
        elif not in_section:
            out.append("")
        else:
            out.append(_order_text(text))
    return out


def _order_text(text: str) -> str:
    """One line inside a section: a numbered or agent line's filling, else the line itself."""
    numbered = _NUMBERED.match(text)
    if numbered:
        return _filled(numbered.group(2) or "")
    agent = _AGENT.match(text)
    if agent:
        return _filled(agent.group(1))
    return text


def form_header(lines: list[str]) -> dict[str, str]:
    """The mail form's header fields found before its first heading (`HEADER_FIELDS`)."""
    found: dict[str, str] = {}
    for raw in lines:
        text = raw.strip()
        if text in _SECTIONS or text in (CONVOY_HEADING, CLAN_TITLE):
            break
        matched = _HEADER.match(text)
        if matched and matched.group(1) not in found:
            found[matched.group(1)] = matched.group(2).strip()
    return found
