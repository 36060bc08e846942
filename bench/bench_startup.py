"""Cold start to the game screen's first frame vs a bare Textual app (prints, never asserts).

Run: `python bench/bench_startup.py [--runs N] [--size 200x60]`. Each run is a fresh Python
process on its own pseudo-terminal: the game run is `conquest play SAVE` (through `cli.main`)
on a saved two-Clan test_small game, going straight to its first Clan's game screen instead of
the hand-over; the bare run shows one Static. Runs alternate; medians are
compared (target: the game screen within 1.3× the bare app).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 1.3
PYCACHE = Path(tempfile.gettempdir()) / "conquest-bench-pycache"
"""Bytecode cache of the child processes (kept out of the source tree)."""

CHILD_BARE = """
import os, time
from textual.app import App
from textual.widgets import Static
IMPORTED = time.time_ns()

class Bare(App):
    def compose(self):
        yield Static("CONTINENTAL CONQUEST")

    def _display(self, screen, renderable):
        super()._display(screen, renderable)  # the first frame written to the terminal
        if renderable is not None and not self._batch_count and not getattr(self, "done", 0):
            self.done = 1
            stamps = f"{IMPORTED} {IMPORTED} {time.time_ns()}\\n"
            os.write(int(os.environ["BENCH_FD"]), stamps.encode())
            self.exit()

Bare().run()
"""

CHILD_GAME = """
import os, sys, time
from conquest_tui import cli  # the `conquest` command's own module, as the console script runs it
import conquest_tui.ui.app as app_module

STAMPS = {}

def timed_load(path, load=app_module.load_save):
    STAMPS["imported"] = time.time_ns()
    game = load(path)
    STAMPS["loaded"] = time.time_ns()
    return game

class Bench(app_module.ConquestApp):
    def next_turn(self, note=""):
        self.begin_turn(self.game.state.active_clan)  # straight to the game screen

    def _display(self, screen, renderable):
        super()._display(screen, renderable)  # a frame of the game screen on the terminal
        if (renderable is None or self._batch_count or type(screen).__name__ != "GameScreen"
                or getattr(self, "done", 0) == 2):
            return
        now = time.time_ns()
        if not getattr(self, "done", 0):
            self.done, self.first = 1, now  # its first frame
        if getattr(screen, "panes_ready", True):  # and the first one with every pane
            self.done = 2
            stamps = f"{STAMPS['imported']} {STAMPS['loaded']} {self.first} {now}\\n"
            os.write(int(os.environ["BENCH_FD"]), stamps.encode())
            self.exit()

app_module.load_save, app_module.ConquestApp = timed_load, Bench
sys.exit(cli.main(["play", sys.argv[1]]))  # the same steps as `conquest play SAVE`
"""


def make_save(folder: Path) -> Path:
    """A saved two-Clan test_small game (fixed seed)."""
    sys.path.insert(0, str(ROOT))
    from conquest_tui import session

    path = folder / "bench.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="bench"), path)
    return path


def run_once(code: str, args: list[str], size: tuple[int, int]) -> tuple[float, ...]:
    """Milliseconds from spawning a fresh interpreter on a pty to: imports done, save loaded,
    first frame (and for the game: the first frame with every pane, which the game screen
    mounts right after its first frame)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    read_end, write_end = os.pipe()
    env = {**os.environ, "BENCH_FD": str(write_end), "TERM": "xterm-256color",
           "COLUMNS": str(size[0]), "LINES": str(size[1]), "PYTHONPATH": str(ROOT),
           "PYTHONPYCACHEPREFIX": str(PYCACHE)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both apps start from cached bytecode
    start = time.time_ns()
    child = subprocess.Popen([sys.executable, "-c", code, *args], stdin=slave, stdout=slave,
                             stderr=slave, env=env, pass_fds=(write_end,), close_fds=True,
                             start_new_session=True)
    os.close(slave)
    os.close(write_end)
    stamp = b""
    output = b""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master, read_end], [], [], 0.5)
            if master in ready:
                with contextlib.suppress(OSError):
                    output = (output + os.read(master, 65536))[-4000:]  # drain the terminal
            if read_end in ready:
                chunk = os.read(read_end, 64)
                if not chunk:
                    break
                stamp += chunk
                if stamp.endswith(b"\n"):
                    break
            if child.poll() is not None and read_end not in ready:
                break
        while child.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
        os.close(read_end)
    if not stamp.strip():
        tail = output.decode(errors="replace")[-1500:]
        raise RuntimeError(f"the child exited ({child.returncode}) without a first frame:\n{tail}")
    return tuple((int(part) - start) / 1e6 for part in stamp.split())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each app (default 7)")
    parser.add_argument("--size", default="200x60", help="terminal size, WxH (default 200x60)")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as folder:
        save = make_save(Path(folder))
        run_once(CHILD_BARE, [], (width, height))  # warm the OS file cache for both
        run_once(CHILD_GAME, [str(save)], (width, height))
        bare: list[tuple[float, ...]] = []
        game: list[tuple[float, ...]] = []
        for _ in range(args.runs):
            bare.append(run_once(CHILD_BARE, [], (width, height)))
            game.append(run_once(CHILD_GAME, [str(save)], (width, height)))
    bare_ms = statistics.median(run[2] for run in bare)
    game_ms = statistics.median(run[2] for run in game)
    ratio = game_ms / bare_ms
    print(f"terminal {width}×{height}, {args.runs} runs each, Python {sys.version.split()[0]}")
    print(f"bare Textual app, cold start to first frame:   median {bare_ms:7.1f} ms  "
          f"(min {min(r[2] for r in bare):.1f}, max {max(r[2] for r in bare):.1f})")
    print(f"game screen (test_small save), cold start:     median {game_ms:7.1f} ms  "
          f"(min {min(r[2] for r in game):.1f}, max {max(r[2] for r in game):.1f})")
    imported = statistics.median(run[0] for run in game)
    loaded = statistics.median(run[1] for run in game)
    bare_import = statistics.median(run[0] for run in bare)
    print(f"  of which: interpreter + imports {imported:.1f} ms (bare app: {bare_import:.1f}), "
          f"loading the save {loaded - imported:.1f} ms, app start to first frame "
          f"{game_ms - loaded:.1f} ms (bare app: {bare_ms - bare_import:.1f})")
    panes = statistics.median(run[3] - run[2] for run in game)
    print(f"  the side panes and footer (mounted right after the first frame) are on the terminal "
          f"{panes:.1f} ms later")
    verdict = "within" if ratio <= TARGET_RATIO else "OVER"
    print(f"ratio {ratio:.2f}× the bare app ({verdict} the {TARGET_RATIO}× target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
