"""Order sheets: the registry of every order, the parser, the checker."""

from conquest_tui.engine.orders.checker import check_sheet
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
