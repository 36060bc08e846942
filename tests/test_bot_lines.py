"""tools/bot_lines.py: the failed lines of the bots' handed-in sheets (issue 28, CC-GEN-05)."""

from __future__ import annotations

import pytest

from tools import bot_lines


def test_the_tool_tallies_every_sheet_and_prints_the_figure(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One 2-Clan game of 3 game turns on the test map: a sheet a Clan's turn, the failed lines
    per 100 sheets against the target, none of them condemned by the judgement."""
    tally = bot_lines.Tally()
    bot_lines.play("test_small", 2, 3, "normal", "lines-test-1", tally)  # main's first game
    assert tally.sheets == 6
    assert tally.predicted == 0 and tally.mended >= tally.condemned_again
    assert tally.failed == sum(tally.kinds.values())
    code = bot_lines.main(["--maps", "test_small", "--clans", "2", "--games", "1",
                           "--turns", "3", "--seed", "lines-test"])
    out = capsys.readouterr().out
    assert out.startswith(f"test_small ×2 normal: 6 sheets, {tally.failed} failed lines")
    assert "target ≤ 2" in out
    assert code == (0 if tally.per_hundred() <= bot_lines.FAIL_TARGET else 1)
