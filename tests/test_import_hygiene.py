"""The engine stays pure: importing it loads no textual, rich or cattrs (DESIGN.md layers)."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("textual", "rich", "cattrs", "json", "tomllib")


def test_engine_import_loads_no_ui_or_serialisation_libraries() -> None:
    code = (
        "import sys\n"
        "import conquest_tui.engine.turn, conquest_tui.engine.setup, conquest_tui.engine.report\n"
        "import conquest_tui.engine.report_text, conquest_tui.engine.view\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "", f"the engine loaded {result.stdout.strip()}"
