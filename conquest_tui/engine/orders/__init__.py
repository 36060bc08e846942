"""Order sheets: the registry type and the sheet parser; the orders are in engine.orderbook."""

from conquest_tui.engine.orders.registry import CLAN, CONVOY, OrderRegistry, OrderSpec
from conquest_tui.engine.orders.sheet import OrderSheet, SheetLine, parse_sheet

__all__ = [
    "CLAN",
    "CONVOY",
    "OrderRegistry",
    "OrderSheet",
    "OrderSpec",
    "SheetLine",
    "parse_sheet",
]
