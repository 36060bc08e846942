"""Shared helpers of the app tests: waiting on the app, reading the screen, a legal move."""

from __future__ import annotations

import html
import os
import re
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from textual.app import App
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.engine.convoys import movement
from conquest_tui.engine.core.game import Game
from conquest_tui.session import Seat, Session
from conquest_tui.ui.screens.game import GameScreen

S = TypeVar("S")

WAIT_SECONDS = 10.0
SAVED_AT = 1_700_000_000
"""The time a snapshot's save was written (its list shows it)."""
"""How long a condition may take before the test fails (generous: the machine may be busy)."""

_TEXT = re.compile(r'<text[^>]*\bx="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')


def keep_save(game: Game, folder: Path, seed: str) -> Path:
    """Save `game` as `test_small-<seed>.json` in `folder`, written at `SAVED_AT`."""
    path = folder / f"test_small-{seed}.json"
    session.save(game, path)
    os.utime(path, (SAVED_AT, SAVED_AT))
    return path


def seat_of(game: Game, clan: int) -> Seat:
    """The seat of a Clan without a PIN at a table of its own around `game` (never saved)."""
    return Session(game).open_seat(clan)


def load_sheet(pane: object, game: Game, clan: int, text: str) -> None:
    """Load a Clan's sheet into an order sheet pane, as the game screen does."""
    seat = seat_of(game, clan)
    pane.load(seat, seat.view(), text)  # type: ignore[attr-defined]


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


async def wait_until(pilot: Pilot[object], condition: Callable[[], object], what: str,
                     timeout: float = WAIT_SECONDS) -> None:
    """Let the app run (messages, refreshes) until `condition()` holds; fail after `timeout`.

    Args:
        pilot: The running app's pilot.
        condition: What the test waits for.
        what: The condition in words, for the failure message.
        timeout: Seconds before giving up.
    """
    deadline = time.monotonic() + timeout
    await pilot.pause()
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        await pilot.pause()


async def wait_for_screen(pilot: Pilot[object], screen_type: type[S]) -> S:
    """Wait until the app shows a screen of `screen_type`, and return it."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, screen_type),
                     f"the {screen_type.__name__}")
    screen = pilot.app.screen
    assert isinstance(screen, screen_type)
    return screen


async def wait_for_command(pilot: Pilot[object], name: str) -> None:
    """Wait until the command palette has found commands and highlights the one named `name`."""
    from textual.command import CommandList, CommandPalette

    def highlighted() -> bool:
        palette = pilot.app.screen
        if not isinstance(palette, CommandPalette):
            return False
        listing = palette.query_one(CommandList)
        index = listing.highlighted
        return index is not None and name in str(listing.get_option_at_index(index).prompt)

    await wait_until(pilot, highlighted, f"the command palette to offer {name!r}")


async def take_the_terminal(pilot: Pilot[int]) -> GameScreen:
    """Press Enter on the hand-over screen (and on what happened since the last turn, if shown)
    and return the game screen, its panes mounted."""
    from conquest_tui.ui.screens.handover import HandoverScreen
    from conquest_tui.ui.screens.since_last_turn import SinceLastTurnScreen

    await wait_for_screen(pilot, HandoverScreen)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, (GameScreen, SinceLastTurnScreen)),
                     "the game screen (or what happened since the last turn)")
    if isinstance(pilot.app.screen, SinceLastTurnScreen):
        await pilot.press("enter")
    screen = await wait_for_screen(pilot, GameScreen)
    await wait_until(pilot, lambda: screen.panes_ready, "the game screen's panes")
    return screen


async def forecast_settled(pilot: Pilot[object]) -> None:
    """Wait until the game screen's forecast is of the sheet as typed (its warnings and the
    money after the turn shown), so a snapshot does not depend on how fast the thread was."""
    from conquest_tui.ui.widgets.forecast_pane import ForecastPane

    def settled() -> bool:
        return all(pane.settled for pane in pilot.app.screen.query(ForecastPane))

    await wait_until(pilot, settled, "the forecast of the sheet as typed")
    await pilot.pause()
