"""Bots write the same sheets as when the fixture was made: speed work changes no bot's orders."""

from __future__ import annotations

import json

import pytest

from conquest_tui.bots import paths
from tools.bot_sheets import FIXTURE, GAMES, SheetGame, sheet_digests

KEPT: dict[str, list[str]] = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("spec", GAMES, ids=[spec.name for spec in GAMES])
def test_cc_gen_05_seeded_bot_games_write_the_fixture_sheets(spec: SheetGame) -> None:
    """The same save and seed give every bot the same sheet, written and as judged (CC-GEN-05:
    a bot reads only its own view), game turn after game turn, as the fixture recorded them."""
    assert sheet_digests(spec) == KEPT[spec.name]


def test_remembered_paths_change_no_sheet() -> None:
    """Path answers a bot kept from earlier games and turns give the sheets a bot writes with
    none kept (as after loading a save)."""
    spec = GAMES[1]
    paths._GROUNDS.clear()
    fresh = sheet_digests(spec)
    assert sheet_digests(spec) == fresh == KEPT[spec.name]
