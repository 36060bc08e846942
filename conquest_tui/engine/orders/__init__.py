"""Order sheets: the registry of every order, the parser, the checker."""

from typing import Any

from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderSpec
from conquest_tui.engine.orders.sheet import REGISTRY, OrderSheet, SheetLine, parse_sheet

__all__ = [
    "CLAN",
    "CONVOY",
    "REGISTRY",
    "OrderSheet",
    "OrderSpec",
    "SheetLine",
    "check_sheet",
    "parse_sheet",
]


def __getattr__(name: str) -> Any:
    """check_sheet loads on first use: the checker needs the phases, which need the sheet."""
    if name == "check_sheet":
        from conquest_tui.engine.orders.checker import check_sheet

        return check_sheet
    raise AttributeError(name)
