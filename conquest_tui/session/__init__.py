"""The table between the players and the engine: seats behind PINs, turns, one writer per save.

Everything a person, a bot or a script does for a Clan goes through its `Seat`; the `Session`
(the table) holds the game and its save and shows only what everyone at the table may know.
"""

from conquest_tui.session.boards import FinalBoard, SeatInfo, WatchBoard, WatchRow
from conquest_tui.session.bot_turns import archive_report, play_bot_turn, play_bots
from conquest_tui.session.conquest_boards import ConquestPlayer, ConquestSeatInfo
from conquest_tui.session.conquest_seat import ConquestSeat
from conquest_tui.session.conquest_table import ConquestTable, game_of
from conquest_tui.session.errors import (
    ActionRefused,
    NoOdds,
    NotYourTurn,
    PinNeeded,
    PinRefused,
    SaveEdited,
    SaveMovedOn,
    SessionError,
    SheetRefused,
)
from conquest_tui.session.files import load, save
from conquest_tui.session.outcomes import BotTurn, HandOver, TurnOutcome
from conquest_tui.session.referee import (
    NO_REFEREE,
    Battle,
    ClanLedger,
    NoReferee,
    RefereeDesk,
    RefereeDoor,
    Roll,
)
from conquest_tui.session.seat import Seat, SeatDoor
from conquest_tui.session.setup import (
    CLAN_NAMES,
    SEATS,
    bot_levels,
    clan_counts,
    default_map,
    fair_starts_notice,
    house_rules,
    maps,
    new_game,
    random_seed,
    seat_label,
    victory_threshold,
)
from conquest_tui.session.table import Referee, Session

__all__ = [
    "CLAN_NAMES", "NO_REFEREE", "SEATS", "ActionRefused", "Battle", "BotTurn", "ClanLedger",
    "ConquestPlayer", "ConquestSeat", "ConquestSeatInfo", "ConquestTable", "FinalBoard",
    "HandOver", "NoOdds", "NoReferee", "NotYourTurn", "PinNeeded", "PinRefused", "Referee",
    "RefereeDesk", "RefereeDoor", "Roll", "SaveEdited", "SaveMovedOn", "Seat", "SeatDoor",
    "SeatInfo", "Session", "SessionError", "SheetRefused", "TurnOutcome", "WatchBoard",
    "WatchRow", "archive_report", "bot_levels", "clan_counts", "default_map",
    "fair_starts_notice", "game_of", "house_rules", "load", "maps", "new_game",
    "play_bot_turn", "play_bots", "random_seed", "save", "seat_label", "victory_threshold",
]
