"""Where the game's data (rules, maps) and the players' saves live on disk."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_CHECKOUT_DATA = _PACKAGE_DIR.parent / "data"
_INSTALLED_DATA = _PACKAGE_DIR / "_data"

SAVES_ENV_VAR = "CONQUEST_SAVES"


def data_dir() -> Path:
    """The repo's `data/` when running from a checkout, else the wheel's `conquest_tui/_data`."""
    if _CHECKOUT_DATA.is_dir() and (_PACKAGE_DIR.parent / "pyproject.toml").is_file():
        return _CHECKOUT_DATA
    return _INSTALLED_DATA


def maps_dir() -> Path:
    return data_dir() / "maps"


def rules_dir() -> Path:
    return data_dir() / "rules"


def saves_dir() -> Path:
    """`$CONQUEST_SAVES` when set, else `<cwd>/saves` (not created here)."""
    override = os.environ.get(SAVES_ENV_VAR)
    return Path(override) if override else Path.cwd() / "saves"


def interpretations_file() -> Path:
    """docs/rules-interpretations.md in a checkout, its copy in the wheel's data otherwise."""
    checkout = _PACKAGE_DIR.parent / "docs" / "rules-interpretations.md"
    return checkout if checkout.is_file() else _INSTALLED_DATA / "rules-interpretations.md"
