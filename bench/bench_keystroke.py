"""Frames a keystroke in the order-sheet editor costs, as the terminal sees them (prints only).

Run: `python bench/bench_keystroke.py [--size 200x60] [--rounds 3]`. The app runs in a fresh
process on its own pseudo-terminal, at a saved two-Clan test_small game; the bench answers the
app's question whether the terminal knows synchronized output, so that every frame the app
draws arrives between a begin and an end mark. It passes the hand-over, focuses the order
sheet and types order lines, one key at a time: after each key it waits until the terminal has
been quiet for a while, and counts the frames drawn since the key. Target: one frame per key.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_FRAMES = 1
QUIET_SECONDS = 0.25
"""A key has settled when nothing more was drawn for this long (cursor blinking is off)."""

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_SUPPORTED = b"\x1b[?2026;2$y"
FRAME_START = b"\x1b[?2026h"
FRAME_END = b"\x1b[?2026l"
F2 = b"\x1bOQ"
DOWN = b"\x1b[B"
TYPED = "BUY 10 FOOD\rENLIST 5\rHIRE 2 SCOUTS\r"
"""What is typed, key by key (Enter included), under the [PRE] header."""

CHILD_APP = """
import sys
from pathlib import Path
from conquest_tui.ui.app import ConquestApp
ConquestApp(Path(sys.argv[1]), cursor_blink=False).run()
"""

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Terminal:
    """The app's process on a pseudo-terminal: keys in, output read and timed."""

    def __init__(self, command: list[str], size: tuple[int, int]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]),
               "LINES": str(size[1])}
        self.child = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave,
                                      env=env, close_fds=True, start_new_session=True, cwd=ROOT)
        os.close(slave)
        self.seen = b""

    def read(self, timeout: float) -> tuple[bytes, float]:
        """What arrives within `timeout` seconds (b"" if nothing), and when it arrived."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b"", time.perf_counter()
        chunk = os.read(self.master, 1 << 16)
        now = time.perf_counter()
        if SYNC_QUERY in self.seen[-16:] + chunk:
            os.write(self.master, SYNC_SUPPORTED)
        self.seen += chunk
        return chunk, now

    def wait_for(self, text: str, timeout: float = 30) -> None:
        """Read until `text` is on screen (escape sequences aside)."""
        deadline = time.monotonic() + timeout
        while text not in _ESCAPE.sub(b"", self.seen).decode(errors="replace"):
            if time.monotonic() > deadline or self.child.poll() is not None:
                raise RuntimeError(f"{text!r} never showed")
            self.read(0.5)

    def settle(self) -> tuple[bytes, float]:
        """Read until quiet: everything drawn, and when the last of it arrived."""
        drawn = b""
        last = time.perf_counter()
        while True:
            chunk, now = self.read(QUIET_SECONDS)
            if not chunk:
                return drawn, last
            drawn += chunk
            last = now

    def key(self, data: bytes) -> tuple[int, float]:
        """Press a key: the frames drawn until the screen settled, and the ms it took."""
        os.write(self.master, data)
        pressed = time.perf_counter()
        drawn, last = self.settle()
        return drawn.count(FRAME_START), (last - pressed) * 1000 if drawn else 0.0

    def close(self) -> None:
        if self.child.poll() is None:
            os.killpg(self.child.pid, signal.SIGTERM)
            try:
                self.child.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.child.pid, signal.SIGKILL)
                self.child.wait()
        os.close(self.master)


def make_save(folder: Path) -> Path:
    """A saved two-Clan test_small game (fixed seed)."""
    sys.path.insert(0, str(ROOT))
    from conquest_tui import session

    path = folder / "keystroke.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="keys"), path)
    return path


def one_round(save: Path, size: tuple[int, int]) -> list[tuple[int, float]]:
    """Frames and milliseconds of each typed key, in one fresh run of the app."""
    terminal = Terminal([sys.executable, "-c", CHILD_APP, str(save)], size)
    try:
        terminal.wait_for("take the terminal")
        terminal.settle()
        terminal.key(b"\r")
        terminal.wait_for("Order sheet")
        terminal.settle()
        terminal.key(F2)
        terminal.key(DOWN)
        if FRAME_START not in terminal.seen:
            raise RuntimeError("the app drew no synchronized frames (it did not ask?)")
        return [terminal.key(char.encode()) for char in TYPED]
    finally:
        terminal.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="200x60", help="terminal size, WxH (default 200x60)")
    parser.add_argument("--rounds", type=int, default=3, help="fresh app runs (default 3)")
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.lower().split("x"))
    keys: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        save = make_save(Path(folder))
        for _ in range(args.rounds):
            keys += one_round(save, (size[0], size[1]))
    frames = [count for count, _ in keys]
    times = [ms for _, ms in keys]
    print(f"terminal {size[0]}×{size[1]}, {len(keys)} keys typed in the order sheet "
          f"({args.rounds} runs)")
    print(f"frames per key: median {statistics.median(frames):g}, max {max(frames)}, "
          f"keys with more than {TARGET_FRAMES}: {sum(count > TARGET_FRAMES for count in frames)}")
    print(f"key to last frame: median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms")
    verdict = "within" if statistics.median(frames) <= TARGET_FRAMES else "OVER"
    print(f"{verdict} the target of {TARGET_FRAMES} frame per key")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
