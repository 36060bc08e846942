"""Keys faster than the screens: seeded bursts of keys through the app at 80×24; crashes counted.

Run: `python -m tools.fast_keys --seeds 200 [--first 0] [--bursts 12]`. Each seed starts the app
on the title screen (a new game, or one of two saves: a game in its last game turn, a game of
bots), then sends bursts of keys all at once (as a fast typist or a key macro does, without
waiting for a screen to open) through the hand-over, the game screen and its panes, the palette,
help, the report, history, relations, inbox, odds, battles, the replay, the watched game, the
end of the game, the quit question. A seed fails when the app raised, or when the sheet on screen
at the end is not the one its save holds after the window is closed. Prints one line per failing
seed, the screens reached and a count.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from textual import events
from textual.app import App
from textual.pilot import Pilot

from conquest_tui import session
from conquest_tui.session import Session
from conquest_tui.ui.app import ConquestApp

SIZE = (80, 24)

STARTS = (
    ("n", "ctrl+s", "enter", "enter"),
    ("l", "enter", "enter", "enter"),
    ("l", "down", "enter", "enter"),
)
"""How a seed begins, at once: a new game (the form, its default game started, the hand-over,
what happened since), or one of the saves on the title (the last game turn; a game of bots)."""

KEYS = (
    # the title, the form, the hand-over and the report
    "n", "l", "enter", "enter", "enter", "escape", "escape", "ctrl+s", "tab", "shift+tab",
    # the game screen: its panes, the lenses, the pages over it
    "f1", "f2", "f3", "f4", "f5", "f6", "shift+f6", "m", "o", "I", "R", "p", "H", "v", "L", "z",
    "b", "r", "g", "a", "y", "x", "s",
    "up", "down", "left", "right", "space", "backspace", "home", "end", "pageup", "pagedown",
    # what is typed into the sheet
    "B", "U", "N", "E", "1", "2", "0", "period", "comma",
    # the palette and the quit question (its answer left to the keys that follow)
    "ctrl+p", "ctrl+q",
)
"""The keys of the bursts: every screen's keys, the sheet's letters, the app's own."""

SLOW = "WaitForScreenTimeout"
"""The pilot gave up waiting for the screen to settle (a busy machine): a seed that ends so is
run once more before it counts as failed."""

QUIT_ODDS = 0.02
"""Ctrl+Q is followed by Enter (quit at once) rarely: most seeds should keep going."""


def _key_event(app: App[int], key: str) -> events.Key:
    """A key as the terminal's driver sends it."""
    names = {"space": " ", "enter": "\r", "tab": "\t", "period": ".", "comma": ","}
    char = names.get(key, key if len(key) == 1 else None)
    event = events.Key(key, char)
    event.set_sender(app)
    return event


async def press_at_once(pilot: Pilot[int], keys: list[str] | tuple[str, ...]) -> None:
    """Send every key before the app handles the first (as Pilot.press does one key, without
    waiting between them), then let the app settle."""
    app = pilot.app
    driver = app._driver  # noqa: SLF001 - where Pilot.press puts its keys
    if driver is None:
        return
    for key in keys:
        driver.send_message(_key_event(app, key))
    await pilot.pause()
    await pilot.pause()


def burst(rng: random.Random) -> list[str]:
    """One burst: 4 to 24 keys from every screen's keys."""
    keys = [rng.choice(KEYS) for _ in range(rng.randint(4, 24))]
    if "ctrl+q" in keys and rng.random() > QUIT_ODDS:
        keys = [key for key in keys if key != "ctrl+q"]
    return keys


def lay_out_saves(folder: Path) -> None:
    """The saves on the title: a game in its last game turn (the end of the game is a turn away)
    and a game of two bots (watched)."""
    session.save(session.new_game(map_name="test_small", clans=2, seed="fast-keys",
                                  turn_limit=1), folder / "last-turn.json")
    session.save(session.new_game(map_name="test_small", clans=2, bots=2, seed="fast-bots",
                                  turn_limit=2, level="easy"), folder / "bots.json")


def draft_in_save(path: Path, clan: int) -> str:
    """The sheet the save holds for a Clan."""
    table = Session.open(path)
    return table.referee().game.clan(clan).draft_sheet


async def one_seed(seed: int, folder: Path, bursts: int = 12,
                   seen: set[str] | None = None) -> str | None:
    """Run one seed in `folder`; None when nothing went wrong, else what did. The names of the
    screens shown after each burst are added to `seen`."""
    from conquest_tui.ui.screens.game import GameScreen

    rng = random.Random(seed)
    lay_out_saves(folder)
    app = ConquestApp(saves_folder=folder, cursor_blink=False)
    kept: tuple[Path, int, str] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await press_at_once(pilot, STARTS[seed % len(STARTS)])
            for _ in range(bursts):
                if not app.is_running:
                    break
                await press_at_once(pilot, burst(rng))
                if seen is not None and app.is_running:
                    seen.update(type(screen).__name__ for screen in app.screen_stack)
            if app.is_running:
                await pilot.pause()
                game = app._game_screen()  # noqa: SLF001 - the sheet being written, if any
                if (isinstance(game, GameScreen) and game.panes_ready
                        and app.session is not None and app.session.path is not None):
                    kept = (app.session.path, game.clan_number, game.draft)
                app._hang_up()  # noqa: SLF001 - as when the window is closed (SIGHUP)
                await pilot.pause()
    except Exception:  # the app raised: the crash this tool looks for
        return traceback.format_exc()
    if app.return_code not in (0, None):
        return f"the app ended with code {app.return_code}"
    if kept is not None:
        path, clan, draft = kept
        saved = draft_in_save(path, clan)
        if saved != draft:
            return f"the sheet on screen was not saved: {draft!r} on screen, {saved!r} saved"
    return None


def run_seeds(first: int, count: int, bursts: int,
              seen: set[str] | None = None) -> dict[int, str]:
    """Run seeds `first`… in a fresh folder each; the failures by seed."""
    failures: dict[int, str] = {}
    for seed in range(first, first + count):
        with tempfile.TemporaryDirectory() as folder:
            here = Path.cwd()
            os.chdir(folder)
            try:
                saves = Path(folder) / "saves"
                saves.mkdir()
                problem = asyncio.run(one_seed(seed, saves, bursts, seen))
                if problem is not None and SLOW in problem:  # a busy machine, not the app:
                    shutil.rmtree(saves)                   # the seed once more, from scratch
                    saves.mkdir()
                    problem = asyncio.run(one_seed(seed, saves, bursts, seen))
            finally:
                os.chdir(here)
        if problem is not None:
            failures[seed] = problem
            last = problem.strip().splitlines()[-1]
            print(f"seed {seed}: {last}", flush=True)
    return failures


def main(argv: list[str] | None = None) -> int:
    """Run the seeds asked for; exit status 1 when any failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="how many seeds")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--bursts", type=int, default=12, help="bursts of keys per seed")
    parser.add_argument("--verbose", action="store_true", help="print each failure in full")
    args = parser.parse_args(argv)
    started = time.monotonic()
    seen: set[str] = set()
    failures = run_seeds(args.first, args.seeds, args.bursts, seen)
    if args.verbose:
        for seed, problem in failures.items():
            print(f"--- seed {seed}\n{problem}")
    print("Screens reached: " + ", ".join(sorted(seen)) + ".")
    seconds = time.monotonic() - started
    print(f"{len(failures)} of {args.seeds} seeds failed ({seconds:.0f} s).")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
