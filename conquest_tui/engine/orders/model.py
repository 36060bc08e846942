"""Orders as small frozen values, one class per order the engine resolves."""

from __future__ import annotations

import attrs


@attrs.frozen
class Order:
    """Common part of every order: its canonical keyword and where it stands on the sheet."""

    keyword: str
    line: int
    text: str


@attrs.frozen
class Move(Order):
    """Move one hex in a direction, or to a hex number (CC-CO-MOVE)."""

    direction: str = ""
    target: str = ""


@attrs.frozen
class Pause(Order):
    """Meander within the hex and re-enter it (CC-CO-PAUSE)."""


@attrs.frozen
class Loot(Order):
    """Search the current hex (CC-CO-LOOT)."""


@attrs.frozen
class SetMode(Order):
    """CAPTURE, RECON or EMPTY (CC-CO-MODE)."""

    mode: str = "capture"


@attrs.frozen
class Buy(Order):
    """Buy supplies or weapons, or vehicles for a convoy (CC-CL-BUYS, CC-CL-BUYV)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0
    """Convoy number for vehicles; 0 for supplies."""


@attrs.frozen
class Sell(Order):
    """Sell supplies or weapons, or vehicles from a convoy (CC-CL-SELL)."""

    quantity: int = 0
    item: str = ""
    convoy: int = 0


@attrs.frozen
class SellConvoy(Order):
    """Sell every vehicle of a convoy and disband it (CC-CL-SELL-02)."""

    convoy: int = 0


@attrs.frozen
class Enlist(Order):
    """Enlist troops into the unallocated pool (CC-CL-ENLIST)."""

    quantity: int = 0


@attrs.frozen
class Create(Order):
    """Create a convoy in an owned city (CC-CL-CREATE)."""

    hex: str = ""
    convoy_type: str = ""
    name: str = ""


@attrs.frozen
class Unsupported(Order):
    """An order of the rulebook that this version recognises but does not carry out yet."""

    args: tuple[str, ...] = ()
