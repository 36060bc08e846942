"""`conquest serve` driven over its websocket, as a browser would (no browser): each seat's link
opens that seat only, a wrong link sees nothing, a closed tab keeps its sheet, two seats each
play a turn and the save holds both (issue 29; PINs CC-GEN-12, turns in order CC-SEQ-01)."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import aiohttp
import pytest

from conquest_tui.session import ConquestTable, Session
from tests.serve_harness import PIN, Served, serving

F2, F5 = "\x1bOQ", "\x1b[15~"
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[@-Z\\-_]")


class Tab:
    """One browser tab's websocket: keys in, the screen's text out."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.seen = ""
        """Everything the app wrote since the last `wait`, escape sequences removed."""

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.socket.send_json(["stdin", key])
            await asyncio.sleep(0.05)

    async def wait(self, *words: str, timeout: float = 90) -> str:
        """Read until every word was drawn (each may be cut by cursor moves: spaces ignored).

        The timeout only ends a run that would never pass: an app process may take many
        seconds to start on a busy machine, and a passing run waits no longer for it."""
        deadline = time.monotonic() + timeout
        wanted = [word.replace(" ", "") for word in words]
        while not all(word in self.seen.replace(" ", "") for word in wanted):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never drawn: {words!r}; drawn: {self.seen[-2000:]!r}")
            try:
                message = await self.socket.receive(timeout=left)
            except TimeoutError:
                message = None
            if message is None:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.seen += ANSI.sub("", message.data.decode("utf-8", "replace"))
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                raise AssertionError(f"the tab closed before {words!r} was drawn")
        seen, self.seen = self.seen, ""
        return seen


async def open_tab(http: aiohttp.ClientSession, served: Served, clan: int) -> Tab:
    socket = await http.ws_connect(served.socket(clan) + "?width=120&height=40")
    await socket.send_json(["focus"])
    return Tab(socket)


def table(served: Served) -> Session:
    return Session.open(served.save)


async def kept_draft(served: Served, clan: int, words: str, timeout: float = 90) -> str:
    """The Clan's sheet in the save once it holds `words` (a closed tab's app process writes it
    as it ends, which may come after the other tab's turn on a busy machine)."""
    deadline = time.monotonic() + timeout
    while True:
        draft = table(served).open_seat(clan, PIN).draft
        if words in draft or time.monotonic() > deadline:
            return draft
        await asyncio.sleep(0.1)


@pytest.fixture
def served(tmp_path: Path):
    with serving(tmp_path) as game:
        yield game


async def test_a_wrong_link_sees_nothing_of_any_clan(served: Served) -> None:
    """A wrong token: a plain 404 for the page and the websocket, no Clan named anywhere."""
    names = [info.name for info in table(served).seats()]
    async with aiohttp.ClientSession() as http:
        for address in (f"{served.url}/", f"{served.url}/play/not-a-token",
                        f"{served.url}/ws/not-a-token",
                        f"{served.url}/play/{served.links.host[:-1]}"):
            async with http.get(address) as answer:
                body = await answer.text()
                assert answer.status == 404, address
                assert not any(name in body for name in names)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{served.url.replace('http', 'ws')}/ws/not-a-token")
        assert refused.value.status == 404
        async with http.get(served.page(served.clans[0])) as page:
            html = await page.text()
            assert page.status == 200
            assert page.headers["Referrer-Policy"] == "no-referrer"
        # Nothing on the page comes from another machine (the font is served with it).
        assert "googleapis" not in html
        assert not re.search(r"(src|href)=\"https?://(?!127\.0\.0\.1)", html)
        async with http.get(f"{served.url}/static/fonts/RobotoMono-VariableFont_wght.ttf") as font:
            assert font.status == 200


async def test_two_seats_each_play_a_turn_and_a_closed_tab_keeps_its_sheet(
        served: Served) -> None:
    """Two tabs on two seats: the second writes its sheet out of turn, its tab closes mid-sheet
    and opens again on the sheet; a wrong PIN opens nothing; each plays its turn; the save holds
    both turns (the game turn is over). No step waits on a timer but the seats' own look at the
    save (1.5 s); each waits for what it needs drawn or saved."""
    first, second = served.clans
    async with aiohttp.ClientSession() as http:
        one = await open_tab(http, served, first)
        await one.wait("Game turn 1", "It is your turn.", "Press Enter to open your seat")
        two = await open_tab(http, served, second)
        await two.wait("It is not your turn yet", "asked for your PIN")
        await two.keys("\r")
        await two.wait("enter your PIN")
        await two.keys(*"1111", "\r")
        refused = await two.wait("Wrong PIN")
        assert "$" not in refused and "Convoys" not in refused  # nothing of the Clan shows
        await two.keys(*PIN, "\r")
        await two.wait("Ln 2, Col 1")
        await two.keys(F2)
        await two.wait("Complete order")  # the sheet has the keys (its footer says so)
        await two.keys(*"; kept when the tab closed")
        await two.wait("kept when the tab closed")
        await two.socket.close()  # mid-sheet, before the pause that keeps it

        one_text = await one.keys("\r") or await one.wait("Ln 2, Col 1")
        assert "kept when the tab closed" not in one_text  # another Clan's sheet stays its own
        await one.keys(F5)
        await one.wait("End the turn of Clan")
        await one.keys("y")
        report = await one.wait("go back to the map")
        await one.keys("\r")
        back = await one.wait("Ln 2, Col 1")
        assert "Cannotendtheturn" not in (report + back).replace(" ", "")  # it ended once

        session = table(served)
        assert session.active_clan == second and session.game_turn == 1
        assert "; kept when the tab closed" in await kept_draft(
            served, second, "; kept when the tab closed")

        two = await open_tab(http, served, second)
        await two.wait("It is your turn.")
        await two.keys("\r")
        await two.wait("enter your PIN")
        await two.keys(*PIN, "\r")
        await two.wait("kept when the tab closed")  # the sheet as the closed tab left it
        await two.keys(F5)
        await two.wait("End the turn of Clan")
        await two.keys("y")
        await two.wait("go back to the map")
        await one.wait("It is your turn now")  # the other tab saw the game move on
        await one.socket.close()
        await two.socket.close()

    session = table(served)
    assert session.game_turn == 2 and session.active_clan == first


async def test_the_host_link_opens_the_table(served: Served) -> None:
    """The host's link opens the hot-seat table at the save's hand-over, whose Escape leads to
    the title (new game, load)."""
    async with aiohttp.ClientSession() as http:
        host = await open_tab(http, served, 0)
        await host.wait("take the terminal", "everyone else look away")
        await host.keys("\x1b")
        await host.wait("New game", "Load game")
        await host.socket.close()


async def test_a_conquest_seat_opens_behind_its_pin_and_watches_the_board(
        tmp_path: Path) -> None:
    """A game of Conquest served: each seat's link opens that player's door; behind the PIN the
    seat not to move shows the board and who is playing (W42-ATT-03-AMB's table)."""
    with serving(tmp_path, conquest=True) as served:
        seats = ConquestTable.open(served.save).seats
        assert [seat.name for seat in seats] == ["Ann", "Bob"]  # Ann moves first
        async with aiohttp.ClientSession() as http:
            tab = await open_tab(http, served, seats[1].number)
            door = await tab.wait("Bob (", "It is Ann (", "asked for your PIN")
            assert "Alaska" not in door.replace(" ", "")
            await tab.keys("\r")
            await tab.wait("enter your PIN")
            await tab.keys(*PIN, "\r")
            await tab.wait("Ann is playing", "Initial deployment", "Alaska")
            await tab.socket.close()


def test_serve_lists_a_link_for_each_conquest_seat(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest serve --links` on a game of Conquest: the host's link and one per player, who
    plays it and whether a PIN guards it (it was refused as "not Continental Conquest")."""
    from conquest_tui.cli import main
    from tests.serve_harness import new_conquest_save

    save = new_conquest_save(tmp_path)
    assert main(["serve", str(save), "--links"]) == 0
    shown = capsys.readouterr().out
    assert "The host's table: http://127.0.0.1:8000/play/" in shown
    assert "Ann (Red) (no PIN): http://" in shown and "Bob (Blue) (PIN): http://" in shown
