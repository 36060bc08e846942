"""Orders of the rulebook declared without a step: read, then reported as not yet supported."""

from __future__ import annotations

import attrs

from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orders.model import NotYetSupported


@convoy_order("AID", abbr="AI", syntax="AID ON|OFF",
              summary="automatic curing of cities (needs a Doctor)", rule="CC-CO-AID-01")
@attrs.frozen
class Aid(NotYetSupported):
    """Automatic curing of cities (needs a Doctor) (CC-CO-AID)."""


@convoy_order("ATTACK", abbr="AT", syntax="ATTACK [troops]",
              summary="invade the city in this hex", rule="CC-CO-ATTACK-01")
@attrs.frozen
class Attack(NotYetSupported):
    """Invade the city in this hex (CC-CO-ATTACK)."""


@convoy_order("BOMB", abbr="BO", syntax="BOMB [B|P|T|S]",
              summary="drop all bombs on the city (air only)", rule="CC-CO-BOMB-01")
@attrs.frozen
class Bomb(NotYetSupported):
    """Drop all bombs on the city (air only) (CC-CO-BOMB)."""


@convoy_order("CURE", abbr="CU", syntax="CURE",
              summary="cure the city of the Plague", rule="CC-CO-CURE-01")
@attrs.frozen
class Cure(NotYetSupported):
    """Cure the city of the Plague (CC-CO-CURE)."""


@convoy_order("GUARD", abbr="GU", syntax="GUARD",
              summary="add the convoy's troops to a friendly city's defense", rule="CC-CO-GUARD-01")
@attrs.frozen
class Guard(NotYetSupported):
    """Add the convoy's troops to a friendly city's defense (CC-CO-GUARD)."""


@convoy_order("HUNT", abbr="HU", syntax="HUNT",
              summary="attack enemy convoys here, hidden ones too", rule="CC-CO-HUNT-01")
@attrs.frozen
class Hunt(NotYetSupported):
    """Attack enemy convoys here, hidden ones too (CC-CO-HUNT)."""


@convoy_order("KILL MODE", abbr="KM", syntax="KILL MODE N|V|T",
              summary="set kill mode (needs a Gunner)", rule="CC-CO-KM-01", aliases=("KILLMODE",))
@attrs.frozen
class KillMode(NotYetSupported):
    """Set kill mode (needs a Gunner) (CC-CO-KM)."""


@convoy_order("PATROL", abbr="PT", syntax="PATROL",
              summary="patrol this hex", rule="CC-CO-PATROL-01")
@attrs.frozen
class Patrol(NotYetSupported):
    """Patrol this hex (CC-CO-PATROL)."""


@convoy_order("PLANT", abbr="PL", syntax="PLANT",
              summary="plant an Expert Spy in this city", rule="CC-CO-PLANT-01", aliases=("SPY",))
@attrs.frozen
class Plant(NotYetSupported):
    """Plant an Expert Spy in this city (CC-CO-PLANT)."""


@convoy_order("RAZE", abbr="RA", syntax="RAZE",
              summary="burn a city you own", rule="CC-CO-RAZE-01")
@attrs.frozen
class Raze(NotYetSupported):
    """Burn a city you own (CC-CO-RAZE)."""


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
