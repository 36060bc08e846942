"""tools/calibrate_victory.py: each cell's verdict on the aim of issue 28 (AMB-57)."""

from __future__ import annotations

import pytest

from tools import calibrate_victory


def test_a_cell_that_misses_the_aim_says_so_with_its_intervals(
        capsys: pytest.CaptureFixture[str]) -> None:
    """AMB-57: two 2-game-turn games on the test map end by the turn limit, not by victory: the
    cell says the aim (a median of 20–25 game turns, 85% by victory) is not held, and gives
    the median and the share by victory with their 95% intervals."""
    calibrate_victory.main(["--maps", "test_small", "--clans", "2", "--games", "2",
                            "--turns", "2", "--seed", "tiny"])
    out = capsys.readouterr().out
    assert ("aim (median 20–25 game turns, 85% by victory): NOT held — median 2 (2–2), "
            "by victory 0% (0–66)") in out
