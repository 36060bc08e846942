"""Every rule of Conquest's checklist is cited by a test here, and every open one has a reading."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "conquest_rules_coverage.py"


def test_every_rule_cited_and_every_open_rule_read() -> None:
    spec = importlib.util.spec_from_file_location("conquest_rules_coverage", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert len(tool.rules()) == 38
    assert tool.cited("W42-ATT-04..06, W42-CARD-04/07") == {
        "W42-ATT-04",
        "W42-ATT-05",
        "W42-ATT-06",
        "W42-CARD-04",
        "W42-CARD-07",
    }
    uncited, unread = tool.missing()
    assert uncited == [], f"no test cites {uncited}: python tools/conquest_rules_coverage.py"
    assert unread == [], f"no reading recorded for {unread} in docs/rules-interpretations.md"
