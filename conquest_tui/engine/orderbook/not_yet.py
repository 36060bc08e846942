"""Orders of the rulebook declared without a step: read, then reported as not yet supported."""

from __future__ import annotations

import attrs

from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orders.model import NotYetSupported


@convoy_order("PLANT", abbr="PL", syntax="PLANT",
              summary="plant an Expert Spy in this city", rule="CC-CO-PLANT-01", aliases=("SPY",))
@attrs.frozen
class Plant(NotYetSupported):
    """Plant an Expert Spy in this city (CC-CO-PLANT)."""


@clan_order("ALLY", abbr="AL", syntax="ALLY clan#",
            summary="declare or end an alliance", rule="CC-CL-ALLY-01")
@attrs.frozen
class Ally(NotYetSupported):
    """Declare or end an alliance (CC-CL-ALLY)."""


@clan_order("BAN", abbr="BA", syntax="BAN clan#|ALL",
            summary="ban a Clan from your cities", rule="CC-CL-BAN-01")
@attrs.frozen
class Ban(NotYetSupported):
    """Ban a Clan from your cities (CC-CL-BAN)."""


@clan_order("BROADCAST", abbr="BR", syntax='BROADCAST clan#|hex#|ALL "text"',
            summary="signed message", rule="CC-CL-BROADCAST-01")
@attrs.frozen
class Broadcast(NotYetSupported):
    """Signed message (CC-CL-BROADCAST)."""


@clan_order("ESPIONAGE", abbr="ES", syntax="ESPIONAGE clan# keyword…",
            summary="buy information on a Clan", rule="CC-CL-ESPIONAGE-01")
@attrs.frozen
class Espionage(NotYetSupported):
    """Buy information on a Clan (CC-CL-ESPIONAGE)."""


@clan_order("MESSAGE", abbr="ME", syntax='MESSAGE clan#|hex#|ALL "text"',
            summary="anonymous message", rule="CC-CL-MESSAGE-01")
@attrs.frozen
class Message(NotYetSupported):
    """Anonymous message (CC-CL-MESSAGE)."""


@clan_order("SABOTAGE", abbr="SA", syntax="SABOTAGE hex#",
            summary="sabotage a city (needs a planted spy)", rule="CC-CL-SABOTAGE-01")
@attrs.frozen
class Sabotage(NotYetSupported):
    """Sabotage a city (needs a planted spy) (CC-CL-SABOTAGE)."""
