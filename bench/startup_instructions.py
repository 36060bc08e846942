"""The first frame in processor instructions (callgrind): a machine's load cannot move it.

Run from the repository root, with valgrind installed (prints, never asserts):
    python -m bench.startup_instructions                  # the working tree
    python -m bench.startup_instructions --against REF    # and a commit beside it

Each process is counted from its start to its first frame, headless at 200×60: `conquest` with
no command to the title screen's first frame (a saves folder holding one two-Clan save, as
`bench_startup`), and a bare Textual app showing one Static. Both start from cached bytecode
(written by an uncounted run first) and hash strings alike. `bench_startup` times the same on a
terminal; this counts the processor's work alone: the 1.5× target holds for it too.
`--against REF` takes REF's files with `git archive` into a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZE = (200, 60)
TARGET = 1.5
PYCACHE = Path(tempfile.gettempdir()) / "conquest-bench-pycache"
"""The bytecode cache the counted processes share with `bench_startup`'s."""


def child(kind: str) -> None:
    """Run the app (`game`: `conquest` with no command; `bare`: one Static) headless and end
    the process once its first frame is composed (the title's, for the game)."""
    from textual.app import App

    run = App.run
    display = App._display

    def headless(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        kwargs.update(headless=True, size=SIZE)
        return run(self, *args, **kwargs)

    def first_frame(self: App[Any], screen: Any, renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is not None and (kind == "bare" or screen.id == "title"):
            os._exit(0)

    App.run = headless  # type: ignore[method-assign]
    App._display = first_frame  # type: ignore[method-assign]
    if kind == "bare":
        from textual.widgets import Static

        class Bare(App[None]):
            def compose(self) -> Any:
                yield Static("C O N T I N E N T A L")

        Bare().run()
    else:
        from conquest_tui.cli import main

        main([])
    os._exit(1)  # no first frame


def count(kind: str, tree: Path, saves: Path) -> int:
    """Instructions of one process to its first frame (after an uncounted run that writes its
    bytecode)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": str(PYCACHE),
           "PYTHONHASHSEED": "0", "CONQUEST_SAVES": str(saves)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind]
    subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], env=env, cwd=tree, check=True, capture_output=True,
                          text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind counted nothing: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REF", help="also count this commit's `conquest`")
    parser.add_argument("--child", choices=("game", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    from bench.bench_startup import make_saves
    from bench.trees import export

    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        saves.mkdir()
        make_saves(saves)
        trees = {"working tree": ROOT}
        if args.against:
            trees[args.against] = export(args.against, Path(folder))
        bare = count("bare", ROOT, saves)
        print(f"to the first frame, headless {SIZE[0]}×{SIZE[1]}, Python "
              f"{sys.version.split()[0]}:")
        print(f"  {'bare Textual app':<28} {bare / 1e6:8.1f} M instructions")
        for name, tree in trees.items():
            game = count("game", tree, saves)
            print(f"  {name + ': conquest':<28} {game / 1e6:8.1f} M instructions, "
                  f"{game / bare:.2f}× the bare app's (target {TARGET}×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
