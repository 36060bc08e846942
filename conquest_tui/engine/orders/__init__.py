"""Order sheets: the registry of every order and the parser (the checker is engine.play.checker)."""

from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderSpec
from conquest_tui.engine.orders.sheet import REGISTRY, OrderSheet, SheetLine, parse_sheet

__all__ = [
    "CLAN",
    "CONVOY",
    "REGISTRY",
    "OrderSheet",
    "OrderSpec",
    "SheetLine",
    "parse_sheet",
]

