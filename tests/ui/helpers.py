"""Shared helpers of the app tests: reading the screen, passing the hand-over, a legal move."""

from __future__ import annotations

import html
import re
from collections import defaultdict

from textual.app import App
from textual.pilot import Pilot

from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core.game import Game
from conquest_tui.ui.screens.game import GameScreen

_TEXT = re.compile(r'<text[^>]*\bx="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')


def screen_text(app: App[object]) -> str:
    """Every line of the app's screen as plain text (from its SVG screenshot)."""
    lines: defaultdict[float, list[tuple[float, str]]] = defaultdict(list)
    for x, y, text in _TEXT.findall(app.export_screenshot()):
        lines[float(y)].append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join("".join(part for _, part in sorted(parts))
                     for _, parts in sorted(lines.items()))


def legal_step(game: Game, clan: int) -> str:
    """A direction in which the Clan's first convoy may move from where it stands."""
    convoy = game.convoys_of(clan)[0]
    for direction, there in game.map.neighbors(convoy.hex):
        if movement.entry_problem(game, convoy.convoy_type, convoy.hex, there) is None:
            return direction
    raise AssertionError(f"convoy #{convoy.number} of Clan {clan} cannot move at all")


async def take_the_terminal(pilot: Pilot[int]) -> GameScreen:
    """Press Enter on the hand-over screen and return the game screen behind it."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen
