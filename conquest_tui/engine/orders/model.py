"""Orders as small frozen values, one class per order the engine resolves."""

from __future__ import annotations

from conquest_tui.engine.records import value_record


@value_record
class Order:
    """Common part of every order: its canonical keyword and where it stands on the sheet."""

    keyword: str
    line: int
    text: str


@value_record
class Move(Order):
    """Move one hex in a direction, or to a hex number (CC-CO-MOVE)."""

    direction: str = ""
    target: str = ""


@value_record
class Pause(Order):
    """Meander within the hex and re-enter it (CC-CO-PAUSE)."""


@value_record
class Loot(Order):
    """Search the current hex (CC-CO-LOOT)."""


@value_record
class SetMode(Order):
    """CAPTURE, RECON or EMPTY (CC-CO-MODE)."""

    mode: str = "capture"


@value_record
class Buy(Order):
    """Buy supplies or weapons, or vehicles for a convoy (CC-CL-BUYS, CC-CL-BUYV)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0
    """Convoy number for vehicles; 0 for supplies."""


@value_record
class Sell(Order):
    """Sell supplies or weapons, or vehicles from a convoy (CC-CL-SELL)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0


@value_record
class SellConvoy(Order):
    """Sell every vehicle of a convoy and disband it (CC-CL-SELL-02)."""

    convoy: int = 0


@value_record
class Enlist(Order):
    """Enlist troops into the unallocated pool (CC-CL-ENLIST)."""

    quantity: int = 0


@value_record
class Create(Order):
    """Create a convoy in an owned city (CC-CL-CREATE)."""

    hex: str = ""
    convoy_type: str = ""
    name: str = ""


@value_record
class Unsupported(Order):
    """An order of the rulebook that this version recognises but does not carry out yet."""

    args: tuple[str, ...] = ()
