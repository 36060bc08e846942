"""The save's header as records: what the envelope holds before the game data."""

from __future__ import annotations

import attrs

from conquest_tui.storage.save_list import SaveStamp


@attrs.frozen(kw_only=True)
class HeaderSummary:
    """What the load list shows of a save, kept in its header (covered by the checksum)."""

    map: str
    title: str
    game_turn: int
    active_clan: int
    """Number of the Clan whose turn it is (0 when none)."""
    active_name: str
    clans: list[str]
    """Clan names in playing order."""
    finished: bool


@attrs.frozen(kw_only=True)
class SaveHeader:
    """The envelope's fields before `data`, in the file's order."""

    format: str
    version: int
    created_with: str
    checksum: str
    """`crc32:<8 hex>` of the header's other fields and the data (`save_list.checksum_of`)."""
    summary: HeaderSummary
    stamp: SaveStamp
