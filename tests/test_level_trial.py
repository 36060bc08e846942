"""The level trial tool applies a variant to the hard seat's games (issue 28's ladder)."""

from __future__ import annotations

import pytest

from conquest_tui.bots import levels
from tools import level_trial


def test_overrides_read_fields_and_refuse_unknown_ones() -> None:
    assert level_trial.overrides(["musters=0", "sells_to_spend=True"]) == {
        "musters": 0, "sells_to_spend": True}
    with pytest.raises(ValueError, match="not a level field"):
        level_trial.overrides(["muster=0"])
    with pytest.raises(ValueError, match="not a number"):
        level_trial.overrides(["musters=many"])


def test_a_variant_changes_the_games_and_the_stored_level_comes_back() -> None:
    stored = levels.LEVEL_BY_NAME["hard"]
    plain = level_trial.ladder_games("british_isles", 1, 3, "32")
    levels.LEVEL_BY_NAME["hard"] = level_trial.variant("hard", "hard",
                                                                {"money_reserve": 10**9})
    try:
        changed = level_trial.ladder_games("british_isles", 1, 3, "32")
    finally:
        levels.LEVEL_BY_NAME["hard"] = stored
    assert level_trial.summary_line("x", plain) != level_trial.summary_line("x", changed)
