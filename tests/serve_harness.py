"""A served game for the serve tests: a new save, its links, `conquest serve` on a free port."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs

from conquest_tui.serve.links import Links, game_links
from conquest_tui.session import Session

ROOT = Path(__file__).resolve().parent.parent
PIN = "4321"
"""The second Clan's PIN."""


@attrs.frozen
class Served:
    """A game being served: where, its save, its links, and its Clans in seat order."""

    url: str
    save: Path
    links: Links
    clans: tuple[int, ...]

    def page(self, clan: int) -> str:
        """A Clan's link (0: the host's)."""
        return f"{self.url}/play/{self.links.host if clan == 0 else self.links.seats[clan]}"

    def socket(self, clan: int) -> str:
        """The websocket a Clan's page opens."""
        token = self.links.host if clan == 0 else self.links.seats[clan]
        return f"{self.url.replace('http', 'ws', 1)}/ws/{token}"


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def new_save(folder: Path) -> Path:
    """A two-Clan game of people on the small map, the second behind a PIN."""
    from conquest_tui.pins.hashing import hash_pin

    save = folder / "served.json"
    Session.new(save, map_name="test_small", clans=2, bots=0, seed="served",
                pin_hashes=["", hash_pin(PIN)])
    return save


def new_conquest_save(folder: Path) -> Path:
    """A two-player game of Conquest, people both, the second behind a PIN."""
    from conquest_tui.session import ConquestPlayer, ConquestTable

    save = folder / "served-conquest.json"
    ConquestTable.new(save, [ConquestPlayer("Ann"), ConquestPlayer("Bob", None, PIN)], 5)
    return save


@contextlib.contextmanager
def serving(folder: Path, *, conquest: bool = False) -> Iterator[Served]:
    """`conquest serve` on a new save (in its own process, stopped at the end): a game of
    Continental Conquest, or with `conquest` one of Conquest."""
    if conquest:
        from conquest_tui.session import ConquestTable

        save = new_conquest_save(folder)
        clans = tuple(info.number for info in ConquestTable.open(save).seats)
    else:
        save = new_save(folder)
        clans = tuple(info.number for info in Session.open(save).seats())
    links = game_links(save, clans)
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "conquest_tui", "serve", str(save), "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90  # a busy machine may take long to start it
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port),
                                                                        timeout=0.2):
                break
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start: "
                                   + (server.stderr.read().decode() if server.stderr else ""))
            time.sleep(0.05)
        yield Served(f"http://127.0.0.1:{port}", save, links, clans)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
