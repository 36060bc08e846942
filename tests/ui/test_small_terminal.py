"""At 80×24 and in a browser: the footer shows whole keys only, the sheet's hint is cut between
words, New game has a key a browser lets through (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from conquest_tui import session
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.fit_text import fit_lines
from conquest_tui.ui.screens.new_game import NewGameScreen
from conquest_tui.ui.screens.title import TitleScreen
from conquest_tui.ui.widgets.key_footer import KeyFooter, fitting
from tests.ui.helpers import screen_text, take_the_terminal, wait_for_screen


@pytest.fixture
def save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    path = tmp_path / "small.json"
    session.save(session.new_game(map_name="test_small", clans=2, seed="small"), path)
    return path


def _keys_shown(footer: KeyFooter) -> list[FooterKey]:
    return list(footer.query(FooterKey))


async def test_the_game_footer_at_80_columns_shows_whole_keys_and_help(save: Path) -> None:
    """Every key in the footer is whole and inside the screen, none runs under the palette's
    key at the right; F1 Help and F5 End turn are there; the last row ends with the palette's
    key, with no stray letter after it."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.pause()
        footer = screen.query_one(KeyFooter)
        keys = _keys_shown(footer)
        palette = next(key for key in keys if key.has_class("-command-palette"))
        others = [key for key in keys if key is not palette]
        assert {key.description for key in others} >= {"Help", "End turn"}
        for key in others:
            assert key.region.right <= palette.region.x, f"{key.description} runs under ^p"
        last_row = screen_text(pilot.app).splitlines()[-1]
        assert last_row.rstrip().endswith("^p palette")
        assert "f1 Help" in last_row and "f5 End turn" in last_row
        await pilot.press("f2")  # the sheet's own keys: still whole, still help
        await pilot.pause()
        assert "f1 Help" in screen_text(pilot.app).splitlines()[-1]
        await pilot.resize_terminal(160, 40)  # a wider terminal shows more keys again
        await pilot.pause()
        await pilot.pause()
        assert len(_keys_shown(footer)) > len(keys)


def test_keys_that_do_not_fit_are_left_out_whole_help_kept() -> None:
    """From the left while they fit; a key kept always (help) keeps its room; the screen's keys
    (rank 1) before the focused pane's (rank 2)."""
    assert fitting([10, 10, 10, 8], [1, 1, 1, 0], 30) == [True, True, False, True]
    assert fitting([10, 25, 4, 8], [1, 1, 1, 0], 25) == [True, False, True, True]
    assert fitting([10, 10, 10, 8], [2, 1, 1, 0], 30) == [False, True, True, True]


async def test_the_sheet_hint_is_cut_between_words_at_80x24(save: Path) -> None:
    """A long hint takes two lines on a small terminal and ends with "…" after a whole word."""
    async with ConquestApp(save, cursor_blink=False).run_test(size=(80, 24)) as pilot:
        screen = await take_the_terminal(pilot)
        await pilot.press("f2", "B", "U")
        await pilot.pause()
        hint = str(screen.sheet_pane.query_one("#sheet-hint").render())
        lines = hint.splitlines()
        assert lines[0].startswith("BUY quantity item")
        assert len(lines) == 2 and lines[-1].endswith("…")
        words = set(screen.sheet_pane.hint.replace("—", " ").split())
        assert all(word in words for word in lines[-1].removesuffix("…").split())


def test_fit_lines_never_cuts_a_word() -> None:
    assert fit_lines("short", 20, 1) == "short"
    assert fit_lines("Pre-turn Clan orders: 0 of 5 lines used", 32, 1) == \
        "Pre-turn Clan orders: 0 of 5…"
    assert fit_lines("one two three four five six", 9, 2) == "one two\nthree…"
    assert fit_lines("anything", 0, 0) == "anything"  # room not known yet


async def test_n_opens_a_new_game_as_ctrl_n_does(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser keeps Ctrl+N for a new window: n opens the new-game form too, and the footer
    shows n."""
    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    async with ConquestApp(cursor_blink=False).run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.pause()
        assert "n New game" in screen_text(pilot.app).splitlines()[-1]
        await pilot.press("n")
        await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("escape")
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("ctrl+n")
        await wait_for_screen(pilot, NewGameScreen)


async def test_enter_then_ctrl_s_starts_the_default_game_as_the_readme_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README: `conquest` opens the title; Enter, then Ctrl+S, starts the default game (the
    British Isles, two Clans) at its first hand-over."""
    from conquest_tui.ui.screens.handover import HandoverScreen

    monkeypatch.setenv("CONQUEST_SAVES", str(tmp_path))
    app = ConquestApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, NewGameScreen)
        await pilot.press("ctrl+s")
        await wait_for_screen(pilot, HandoverScreen)
        game = app.session.referee().game
        assert game.map.name == "british_isles" and len(game.state.clans) == 2
