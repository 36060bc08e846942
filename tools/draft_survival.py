"""Drafts survive any exit, checked as a player meets it: `conquest play` in tmux, a line typed
into the order sheet, then the process killed (SIGKILL a moment after the last keystroke) or its
window closed (tmux kill-session: SIGHUP at once). The save must hold the line either way.

    python -m tools.draft_survival [--pause 3]

Needs tmux. Prints one line per way of leaving and exits non-zero if a sheet was lost.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from conquest_tui.session import Session


def tmux(*words: str) -> str:
    """Run a tmux command; what it printed."""
    return subprocess.run(["tmux", *words], capture_output=True, text=True, check=False).stdout


def wait_for(session: str, text: str, timeout: float = 30.0) -> bool:
    """Whether `text` shows in the pane before the timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if text in tmux("capture-pane", "-p", "-t", session):
            return True
        time.sleep(0.2)
    return False


def draft_of(path: Path) -> str:
    """The sheet being written that the save holds for the Clan whose turn it is."""
    table = Session.open(path)
    return table.referee().game.clan(table.active_clan).draft_sheet


def one_exit(folder: Path, how: str, pause: float) -> tuple[bool, str]:
    """Type a line, leave the app `how` ("kill" or "hangup"); whether the save kept it."""
    path = folder / f"{how}.json"
    Session.new(path, map_name="test_small", clans=2, seed=f"draft-{how}")
    name = f"draft-{how}-{os.getpid()}"
    command = f"{shlex.quote(sys.executable)} -m conquest_tui play {shlex.quote(str(path))}"
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", command)
    try:
        if not wait_for(name, "take the terminal"):
            return False, "the hand-over never showed"
        tmux("send-keys", "-t", name, "Enter")
        if not wait_for(name, "Order sheet"):
            return False, "the game screen never showed"
        time.sleep(1.0)  # the panes are mounted after the first frame
        tmux("send-keys", "-t", name, "F2")
        time.sleep(0.3)
        tmux("send-keys", "-t", name, "-l", "ENLIST 7")
        pid = int(tmux("list-panes", "-t", name, "-F", "#{pane_pid}").split()[0])
        if how == "kill":
            time.sleep(pause)
            os.kill(pid, signal.SIGKILL)
        else:
            time.sleep(0.2)
            tmux("kill-session", "-t", name)  # the window closes: SIGHUP
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
    finally:
        tmux("kill-session", "-t", name)
    kept = "ENLIST 7" in draft_of(path)
    return kept, "the sheet was kept" if kept else "the sheet was lost"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pause", type=float, default=3.0,
                        help="seconds between the last keystroke and SIGKILL (3)")
    args = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as name:
        for how, words in (("kill", f"SIGKILL {args.pause:g} s after the last keystroke"),
                           ("hangup", "the window closed at once (SIGHUP)")):
            kept, said = one_exit(Path(name), how, args.pause)
            failures += not kept
            print(f"{words}: {said}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
