"""Hot-seat PINs: salted scrypt hashes, checking them, and the hand-over PIN prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.pin import N, hash_pin, is_pin_hash, verify_pin
from conquest_tui.ui.screens.game import GameScreen
from conquest_tui.ui.screens.handover import HandoverScreen, PinPrompt
from tests.ui.helpers import wait_for_screen


def test_hash_has_the_stored_form_and_a_fresh_salt() -> None:
    first = hash_pin("wolfpin")
    second = hash_pin("wolfpin")
    scheme, n, r, p, salt, digest = first.split("$")
    assert (scheme, int(n), int(r), int(p)) == ("scrypt", N, 8, 1)
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert first != second, "every hash gets its own salt"
    assert "wolfpin" not in first
    assert is_pin_hash(first)


def test_verify_accepts_the_pin_and_nothing_else() -> None:
    stored = hash_pin("0815", salt=b"fixed-salt-16byt")
    assert verify_pin("0815", stored)
    assert not verify_pin("0816", stored)
    assert not verify_pin("", stored)
    assert not verify_pin("08150", stored)


@pytest.mark.parametrize("stored", [
    "", "1234", "scrypt$16384$8$1$zz$00", "bcrypt$16384$8$1$00$00", "scrypt$3$8$1$00$00",
    "scrypt$16384$8$1$$00", "scrypt$1073741824$8$1$00$00",
])
def test_verify_rejects_malformed_hashes(stored: str) -> None:
    assert not verify_pin("1234", stored)
    assert not is_pin_hash(stored)


def test_an_empty_pin_is_not_hashed() -> None:
    with pytest.raises(ValueError):
        hash_pin("")


PINS = {"Iron Wolves": "wolfpin", "Road Hogs": "hogpin"}
"""The PIN of each Clan of the test game (text that appears nowhere else in a save)."""


def _pin_game(tmp_path: Path) -> tuple[Path, str]:
    """A saved two-Clan game with a PIN per Clan; the path and the first Clan's PIN."""
    game = session.new_game(map_name="test_small", clans=2, seed="pin-test",
                            names=list(PINS), pin_hashes=[hash_pin(p) for p in PINS.values()])
    path = tmp_path / "pin.json"
    session.save(game, path)
    return path, PINS[game.clan(game.state.active_clan).name]


async def test_three_wrong_tries_return_to_the_hand_over(tmp_path: Path) -> None:
    path, _ = _pin_game(tmp_path)
    active = session.load(path).state.active_clan
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, PinPrompt)
        for attempt in range(3):
            await pilot.press(*"9999", "enter")
            await pilot.pause()
            if attempt < 2:
                assert isinstance(app.screen, PinPrompt)
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.clan_number == active


async def test_the_right_pin_opens_the_game_screen(tmp_path: Path) -> None:
    path, pin = _pin_game(tmp_path)
    active = session.load(path).state.active_clan
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"0000", "enter")  # one wrong try is forgiven
        await wait_for_screen(pilot, PinPrompt)
        await pilot.press(*pin, "enter")
        await wait_for_screen(pilot, GameScreen)
        assert app.screen.clan_number == active


async def test_escape_leaves_the_prompt_without_opening_the_turn(tmp_path: Path) -> None:
    path, _ = _pin_game(tmp_path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await wait_for_screen(pilot, HandoverScreen)


def test_the_save_holds_only_the_hash(tmp_path: Path) -> None:
    path, _ = _pin_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert not any(pin in text for pin in PINS.values())
    game = session.load(path)
    assert all(is_pin_hash(clan.pin_hash) for clan in game.state.clans)
    for clan in game.state.clans:
        assert verify_pin(PINS[clan.name], clan.pin_hash)
