"""Start-up as a player sees it: `conquest` vs a bare Textual app on a pty (prints ratios).

Run: `python -m bench.bench_startup [--runs N] [--size 200x60] [--against REF]`. Each run is a
fresh process on its own pseudo-terminal; the bench reads what the process writes to the
terminal and notes when the title text is first on screen, and (for `conquest`) when the whole
title screen is drawn: the saved-games list filled and the footer's keys shown. The game run is
the real `conquest` console script, its tree's package first on its path, with a saves folder
holding one two-Clan save; the bare run is a Textual app showing one Static with the same title.
Both start from cached bytecode, as a player's second run does (kept in a temporary folder, out
of the source tree). Runs alternate; medians are compared against the targets (first frame at
most 1.5× the bare app's, the whole title screen at most 1.8×), and each run against the bare
run beside it. With `--against REF`, REF's `conquest` (its files taken with `git archive` into
a temporary folder) runs in each round too, beside the working tree's, both against the same
bare run. It never asserts.
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

from bench.figures import Figure, record
from bench.trees import export

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
FIRST_FRAME_TARGET = 1.5
WHOLE_SCREEN_TARGET = 1.8
TITLE_TEXT = "C O N T I N E N T A L"
"""The start of the title banner, as both apps show it."""
PYCACHE = Path(tempfile.gettempdir()) / "conquest-bench-pycache"
"""Bytecode cache of the child processes (written by the warm-up runs)."""
SAVE_NAME = "bench-save.json"
"""The save the title screen's list shows once it is drawn."""
FOOTER_KEY = "Refresh"
"""A key only the title screen's footer names."""
WHOLE_TITLE = (TITLE_TEXT, SAVE_NAME, FOOTER_KEY)
"""Everything on the title screen: the banner, the saves listed, the footer's keys."""

BARE_APP = f"""
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static({TITLE_TEXT!r})

Bare().run()
"""

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
"""Control sequences (CSI, OSC, two-byte escapes) between the text a terminal shows."""


def make_saves(folder: Path) -> None:
    """One saved two-Clan test_small game (fixed seed) in `folder`."""
    sys.path.insert(0, str(ROOT))
    from conquest_tui import session

    session.save(session.new_game(map_name="test_small", clans=2, seed="bench"),
                 folder / SAVE_NAME)


def run_once(command: list[str], marks: list[tuple[str, ...]], size: tuple[int, int],
             env_extra: dict[str, str]) -> list[float]:
    """Milliseconds from spawning `command` on a fresh pty until each of `marks` (all of its
    plain texts) has been written to the terminal, in order."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]),
           "LINES": str(size[1]), **env_extra}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both apps start from cached bytecode
    start = time.perf_counter()
    child = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                             close_fds=True, start_new_session=True, cwd=ROOT)
    os.close(slave)
    seen = b""
    times: list[float] = []
    deadline = time.monotonic() + 60
    try:
        while len(times) < len(marks) and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                if child.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break
            now = time.perf_counter()
            seen += chunk
            plain = _ESCAPE.sub(b"", seen).decode(errors="replace")
            while len(times) < len(marks) and all(text in plain
                                                  for text in marks[len(times)]):
                times.append((now - start) * 1000)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)
            try:
                child.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        os.close(master)
    if len(times) < len(marks):
        tail = _ESCAPE.sub(b"", seen).decode(errors="replace")[-1500:]
        raise RuntimeError(f"{command[0]}: {marks[len(times)]!r} never showed:\n{tail}")
    return times



def judge(label: str, values: list[float], bare: list[float], target: float,
          width: int, height: int, *, keep: bool) -> None:
    """Print a figure's median ratio and its runs, each against the bare run beside it."""
    ratio = statistics.median(values) / statistics.median(bare)
    pairs = sorted(value / paired for value, paired in zip(values, bare, strict=True))
    over = sum(pair > target for pair in pairs)
    verdict = "within" if ratio <= target else "OVER"
    p90 = pairs[min(len(pairs) - 1, int(len(pairs) * 0.9))]
    print(f"{label}: {ratio:.2f}× the bare app ({verdict} the {target}× target); run by "
          f"run against the bare run beside it: median {statistics.median(pairs):.2f}×, p90 "
          f"{p90:.2f}×, worst {pairs[-1]:.2f}×, {over} of {len(pairs)} over the target")
    if keep:
        record(Figure("startup", f"{label}, run ÷ the bare app's run beside it, {width}×{height}",
                      "×", pairs, target))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each app (default 9)")
    parser.add_argument("--size", default="200x60", help="terminal size, WxH (default 200x60)")
    parser.add_argument("--against", metavar="REF",
                        help="also time this commit's `conquest`, each round beside the others")
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.lower().split("x"))
    width, height = size
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        saves.mkdir()
        make_saves(saves)
        env = {"CONQUEST_SAVES": str(saves), "PYTHONPYCACHEPREFIX": str(PYCACHE)}
        trees = {"working tree": ROOT}
        if args.against:
            trees[args.against] = export(args.against, Path(folder))
        bare_command = [sys.executable, "-c", BARE_APP]
        game_command = [str(VENV_BIN / "conquest")]
        game_marks = [(TITLE_TEXT,), WHOLE_TITLE]
        # Each tree's `conquest` runs its own package (PYTHONPATH: not the installed one).
        tree_env = {name: {**env, "PYTHONPATH": str(tree)} for name, tree in trees.items()}
        bare_env = tree_env["working tree"]
        run_once(bare_command, [(TITLE_TEXT,)], (width, height), bare_env)  # warm caches
        for name in trees:
            run_once(game_command, game_marks, (width, height), tree_env[name])
        bare: list[float] = []
        first: dict[str, list[float]] = {name: [] for name in trees}
        whole: dict[str, list[float]] = {name: [] for name in trees}
        for round_number in range(args.runs):
            bare += run_once(bare_command, [(TITLE_TEXT,)], (width, height), bare_env)
            order = list(trees) if round_number % 2 == 0 else list(trees)[::-1]
            for name in order:
                first_ms, whole_ms = run_once(game_command, game_marks, (width, height),
                                              tree_env[name])
                first[name].append(first_ms)
                whole[name].append(whole_ms)
    print(f"terminal {width}×{height}, {args.runs} runs each, Python {sys.version.split()[0]}")
    rows = [("bare Textual app, title text on screen", bare)]
    for name in trees:
        rows += [(f"{name}: conquest, title text on screen", first[name]),
                 (f"{name}: conquest, whole title (saves listed, footer)", whole[name])]
    for label, values in rows:
        print(f"{label:<62} median {statistics.median(values):7.1f} ms  "
              f"(min {min(values):.1f}, max {max(values):.1f})")
    for name in trees:
        prefix = "" if name == "working tree" else f"{name}: "
        judge(f"{prefix}first frame", first[name], bare, FIRST_FRAME_TARGET, width, height,
              keep=name == "working tree")
        judge(f"{prefix}whole title screen", whole[name], bare, WHOLE_SCREEN_TARGET, width,
              height, keep=name == "working tree")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
