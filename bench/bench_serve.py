"""First frame in a browser: a seat's link of `conquest serve` vs a bare served Textual app.

Run: `python -m bench.bench_serve [--runs N]`. Both are served with textual-serve on this
machine, each from its own server process; one headless Chromium (Debian's `chromium`, driven
by Playwright) opens a fresh page of each in turn and notes when the app's first screen text
arrives over the page's websocket, counted from the start of the page's load. The game's page is
a seat's link: its first frame (the title, while the save is read), then its whole door (the
Clan's name, the game turn); the bare app shows one Static with the same title. Runs alternate;
each game run is divided by the bare run beside it, against the targets (first frame at most
1.3×, the whole door at most 1.8×, as the start-up bench's whole title). Skipped, with a
sentence, where there is no Chromium or no Playwright. It never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.figures import Figure, record

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CONQUEST_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
PYCACHE = Path(tempfile.gettempdir()) / "conquest-bench-pycache"
"""Bytecode cache of the apps' processes (written by the warm-up runs)."""
BARE_TEXT = "CONTINENTAL CONQUEST"
SEAT_TEXT = "Press Enter to open your seat"
"""The door's last line: the whole door is drawn (the game read)."""
FIRST_TARGET = 1.3
WHOLE_TARGET = 1.8
"""The whole door against the bare app's first frame (as the start-up bench's whole title)."""

BARE_APP = f"""
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static({BARE_TEXT!r})

Bare().run()
"""
"""A bare Textual app showing one Static (served by textual-serve's own server)."""

BARE_SERVER = """
import shlex, sys
from textual_serve.server import Server

Server(shlex.join([sys.executable, sys.argv[2]]), host="127.0.0.1", port=int(sys.argv[1])).serve()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def server(command: list[str], port: int, env: dict[str, str]) -> Iterator[str]:
    """A server process listening on `port` until the block ends; its address."""
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port),
                                                                        timeout=0.2):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{command[:4]} did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def arrivals_ms(browser: object, url: str, marks: tuple[str, ...]) -> list[float]:
    """Milliseconds from opening `url` in a fresh page until each of `marks` (in order) came
    over its websocket."""
    import re

    escape = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
    arrived: list[float] = []
    seen = [""]

    def frame(payload: bytes | str) -> None:
        if not isinstance(payload, bytes):
            return
        now = time.perf_counter()
        seen[0] += escape.sub("", payload.decode("utf-8", "replace"))
        plain = seen[0].replace(" ", "")
        while len(arrived) < len(marks) and marks[len(arrived)].replace(" ", "") in plain:
            arrived.append(now)

    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page.on("websocket", lambda socket: socket.on("framereceived", frame))
        started = time.perf_counter()
        page.goto(url)
        deadline = time.monotonic() + 30
        while len(arrived) < len(marks):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{marks[len(arrived)]!r} never arrived from {url}")
            page.wait_for_timeout(5)
        return [(when - started) * 1000 for when in arrived]
    finally:
        page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("skipped: Playwright is not installed (pip install playwright)")
        return 0
    if not Path(CHROMIUM).exists():
        print(f"skipped: no Chromium at {CHROMIUM}")
        return 0
    sys.path.insert(0, str(ROOT))
    from conquest_tui.serve.links import game_links
    from conquest_tui.session import Session

    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(PYCACHE), "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "bench-serve.json"
        table = Session.new(save, map_name="test_small", clans=2, bots=0, seed="bench")
        links = game_links(save, [info.number for info in table.seats()])
        seat_token = links.seats[table.active_clan]
        game_port, bare_port = free_port(), free_port()
        game_command = [sys.executable, "-m", "conquest_tui", "serve", str(save),
                        "--port", str(game_port)]
        bare_app = Path(folder) / "bare_app.py"
        bare_app.write_text(BARE_APP, encoding="utf-8")
        bare_command = [sys.executable, "-c", BARE_SERVER, str(bare_port), str(bare_app)]
        with server(game_command, game_port, env) as game_url, \
                server(bare_command, bare_port, env) as bare_url, sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            seat_page = f"{game_url}/play/{seat_token}"
            seat_marks = (BARE_TEXT, SEAT_TEXT)
            arrivals_ms(browser, bare_url, (BARE_TEXT,))  # warm the caches of both
            arrivals_ms(browser, seat_page, seat_marks)
            bare: list[float] = []
            first: list[float] = []
            whole: list[float] = []
            for _ in range(args.runs):
                bare += arrivals_ms(browser, bare_url, (BARE_TEXT,))
                first_ms, whole_ms = arrivals_ms(browser, seat_page, seat_marks)
                first.append(first_ms)
                whole.append(whole_ms)
                time.sleep(0.3)  # the closed pages' processes end before the next run
            browser.close()
    print(f"Chromium, {args.runs} runs each, Python {sys.version.split()[0]}")
    for label, values in (("bare served Textual app, its text", bare),
                          ("a seat's link, first frame", first),
                          ("a seat's link, its whole door (game read)", whole)):
        print(f"{label:<44} median {statistics.median(values):7.1f} ms  "
              f"(min {min(values):.1f}, max {max(values):.1f})")
    for label, values, target in (("first frame", first, FIRST_TARGET),
                                  ("whole door", whole, WHOLE_TARGET)):
        ratio = statistics.median(values) / statistics.median(bare)
        pairs = [value / paired for value, paired in zip(values, bare, strict=True)]
        over = sum(pair > target for pair in pairs)
        print(f"{label}: {ratio:.2f}× the bare served app "
              f"({'within' if ratio <= target else 'OVER'} the {target}× target); run by run: "
              f"worst {max(pairs):.2f}×, {over} of {len(pairs)} over")
        record(Figure("serve", f"{label} in the browser, a seat's link ÷ the bare served "
                      "app's run beside it", "×", pairs, target))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
