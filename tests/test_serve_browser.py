"""A served game in headless Chromium (skipped where there is none): the page loads nothing from
another machine, a seat plays its turn, and a screenshot shows the map (issue 29)."""

from __future__ import annotations

import base64
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from conquest_tui.session import Session
from tests.serve_harness import serving

CHROMIUM = os.environ.get("CONQUEST_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOT = os.environ.get("CONQUEST_SERVE_SCREENSHOT", "")
"""Where to keep the screenshot of the map, to look at it (by default it is not kept)."""

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium installed")

ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[@-Z\\-_]")

COLOURS = """async (data) => {
  const image = new Image();
  image.src = "data:image/png;base64," + data;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width / 2, image.height).data;
  const seen = new Set();
  for (let i = 0; i < pixels.length; i += 4)
    seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
  return seen.size;
}"""
"""How many colours the left half of a screenshot holds (the map's side), counted by the page."""


class Screen:
    """What the page's websocket brought, as text (escape sequences removed)."""

    def __init__(self) -> None:
        self.text = ""

    def add(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            self.text += ANSI.sub("", payload.decode("utf-8", "replace"))

    def wait(self, page: object, *words: str, timeout: float = 90) -> None:
        """Until every word was drawn (the timeout only ends a run that would never pass)."""
        deadline = time.monotonic() + timeout
        wanted = [word.replace(" ", "") for word in words]
        while not all(word in self.text.replace(" ", "") for word in wanted):
            if time.monotonic() > deadline:
                raise AssertionError(f"never drawn: {words!r}")
            page.wait_for_timeout(50)  # type: ignore[attr-defined]
        self.text = ""


def test_a_seat_plays_its_turn_in_chromium_and_sees_the_map(tmp_path: Path) -> None:
    """The seat's page in Chromium: only this machine is asked for anything; Enter, the first
    key, opens the seat without a click first; the map is drawn (many colours); F5 and y end the
    turn; Ctrl+S goes back to the seat's door; the save moves on."""
    with serving(tmp_path) as served, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 860})
            elsewhere: list[str] = []

            def only_here(route: object, request: object) -> None:
                url = request.url  # type: ignore[attr-defined]
                if url.startswith(served.url) or url.startswith("data:"):
                    route.continue_()  # type: ignore[attr-defined]
                else:
                    elsewhere.append(url)
                    route.abort()  # type: ignore[attr-defined]

            page.route("**/*", only_here)
            screen = Screen()
            page.on("websocket", lambda socket: socket.on("framereceived", screen.add))
            first = served.clans[0]
            page.goto(served.page(first))
            screen.wait(page, "It is your turn.", "Press Enter to open your seat")
            page.keyboard.press("Enter")  # the first key reaches the app, with no click first
            screen.wait(page, "Ln 2, Col 1")
            deadline = time.monotonic() + 90
            while True:  # until the map's frame is painted (a busy machine paints it late)
                picture = page.screenshot()
                colours = page.evaluate(COLOURS, base64.b64encode(picture).decode())
                if colours >= 12 or time.monotonic() > deadline:
                    break
                page.wait_for_timeout(100)
            if SCREENSHOT:
                Path(SCREENSHOT).write_bytes(picture)
            assert colours >= 12, f"the map side shows {colours} colours"
            page.keyboard.press("F5")
            screen.wait(page, "End the turn of Clan")
            page.keyboard.press("y")
            screen.wait(page, "go back to the map")
            page.keyboard.press("Enter")
            screen.wait(page, "Ln 2, Col 1")
            page.keyboard.press("Control+s")  # the browser lets it through: save & quit
            screen.wait(page, "It is not your turn yet", "Press Enter to open your seat")
            assert elsewhere == []
        finally:
            browser.close()
        session = Session.open(served.save)
        assert session.active_clan == served.clans[1]
