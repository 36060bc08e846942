"""F1 for Conquest: a turn step by step, the keys, the rules in words and the table's readings."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from conquest_tui.storage.paths import interpretations_file
from conquest_tui.ui.screens.help import KeyGroup, keys_table
from conquest_tui.ui.stylesheets import CSSPaths, stylesheet

A_TURN: tuple[str, ...] = (
    "New armies: one for every three territories you hold (at least three), plus each whole "
    "continent's bonus, plus any set of cards you cash in.",
    "Place them: move the cursor (arrows go to the territory that way, Tab to the next, a "
    "capital letter to the next of that letter, or click), type a number and press Enter; "
    "Enter alone asks how many.",
    "Attack: Enter on a territory of yours with two or more armies, then Enter on a lit enemy "
    "neighbour. The dialog shows your exact chance of taking it. b: Blitz fights to the end at "
    "once; a: Attack throws the dice once at a time, r throws again, x retreats.",
    "The attacker throws up to three dice, the defender up to two; highest against highest, "
    "then second against second; the defender wins ties.",
    "Take a territory and one army moves in; say how many more follow (one must stay behind).",
    "s stops attacking; then one final move between two neighbouring territories of yours ends "
    "the turn (or e ends it without). A turn with a capture earns a Conquest card.",
    "Cards: three of a kind, one of each number, or a wild card with any two make a set; cash "
    "one at the turn's start (c), and you must with five or more. Each set cashed in the game "
    "is worth more than the last; a territory of yours on a cashed card gets two armies.",
    "Take a player's last territory and their cards are yours. Hold all 42 territories to win.",
    "o on a territory of yours leaves a standing order for when you are away: withdraw its "
    "armies if an Attack comes with so many armies or more, or defend it.",
    "Every move is saved at once. i shows or hides the side panel, h shows the history; Ctrl+S "
    "goes back to the title; Ctrl+X resigns (a bot plays your armies on).",
)

_ID = re.compile(r"\s*\((?:W42|AMB)-[A-Z0-9-]+\)|\b(?:W42|AMB)-[A-Z0-9-]+\s*")


def readings() -> list[str]:
    """The table's readings of Conquest's gaps (docs/rules-interpretations.md), in words only."""
    try:
        text = interpretations_file().read_text(encoding="utf-8")
    except OSError:
        return []
    _, _, section = text.partition("## Conquest (seed 004)")
    section = section.split("\n## ", 1)[0].split("\n### ", 1)[0]  # the table's own: not rules
    items: list[str] = []
    for line in section.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    return [words_only(item) for item in items]


def words_only(item: str) -> str:
    """"**W42-SET-03-AMB Short deals** (proposed): every…" → "Short deals: every…"."""
    item = _ID.sub("", item)
    item = item.replace(" (proposed)", "").replace("(proposed: ", "(")
    item = item.replace("*", "").replace("`", "")
    return re.sub(r"\s+", " ", item).replace(" :", ":").strip()


def help_renderable(groups: Sequence[KeyGroup]) -> RenderableType:
    steps = Text()
    for number, step in enumerate(A_TURN, start=1):
        steps.append(f"{number}. ", style="bold")
        steps.append(step + "\n")
    readings_text = Text()
    for item in readings():
        readings_text.append("• " + item + "\n")
    return Group(Text("A turn of Conquest", style="bold underline"), steps,
                 keys_table(groups), Text(""),
                 Text("How this table reads the rules", style="bold underline"), readings_text)


class ConquestHelpScreen(Screen[None]):
    """Conquest's help; Escape or F1 closes it."""

    CSS_PATH: ClassVar[CSSPaths] = stylesheet("help")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "Close help", id="cq_help.close"),
    ]

    def __init__(self, groups: Sequence[KeyGroup]) -> None:
        super().__init__()
        self.groups = groups

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll") as scroll:
            scroll.border_title = "Help — Conquest"
            scroll.border_subtitle = "↑↓ PgUp PgDn to scroll, Esc to close"
            yield Static(help_renderable(self.groups), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        """Close help."""
        self.dismiss(None)
