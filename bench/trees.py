"""Another commit's tree beside the working one, for a bench run `--against REF`."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(ref: str, folder: Path) -> Path:
    """REF's package, data and project file, extracted into `folder` with `git archive`
    (nothing in the repository changes)."""
    archive = subprocess.run(["git", "archive", "--format=tar", ref, "conquest_tui", "data",
                              "pyproject.toml"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder
