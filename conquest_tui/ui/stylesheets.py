"""Where the app's Textual stylesheets (`ui/styles/*.tcss`) are."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import TypeAlias

CSSPaths: TypeAlias = str | PurePath | list[str | PurePath]
"""What an app's or a screen's CSS_PATH may hold (Textual's CSSPathType, which `textual.app`
does not export)."""

STYLES_DIR = Path(__file__).resolve().parent / "styles"


def stylesheet(name: str) -> Path:
    """The path of `styles/<name>.tcss`, for a screen's or an app's CSS_PATH."""
    return STYLES_DIR / f"{name}.tcss"


PANES_CSS = stylesheet("panes")
"""The panes' styles: any app or screen that shows a pane lists it in its CSS_PATH."""
