"""What the table shows of a game without opening a seat: who sits where, a game of bots
watched, the end of the game. A Clan behind a PIN shows only its number, name and seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.gamemap import GameMap
    from conquest_tui.engine.reports.history import FinalRow, History


@attrs.frozen
class SeatInfo:
    """One seat at the table, as anyone at the table may know it."""

    number: int
    name: str
    seat: str
    """"human" or "bot"."""
    level: str
    """The bot's level (kept while a person plays the seat)."""
    has_pin: bool
    resigned: bool

    @property
    def label(self) -> str:
        """"Clan N (name)"."""
        return f"Clan {self.number} ({self.name})"

    @property
    def is_bot(self) -> bool:
        """Whether the computer plays the seat."""
        return self.seat == "bot"


def seat_info(game: Game, number: int) -> SeatInfo:
    """One Clan's seat."""
    clan = game.clan(number)
    return SeatInfo(clan.number, clan.name, clan.seat, clan.bot_level, bool(clan.pin_hash),
                    clan.resigned)


def seat_infos(game: Game) -> tuple[SeatInfo, ...]:
    """Every seat in the turn order."""
    return tuple(seat_info(game, number) for number in game.state.clan_order)


@attrs.frozen
class TableFacts:
    """The game's settings, known to everyone at the table."""

    map_title: str
    seed: str
    victory_threshold: int
    turn_limit: int
    """The last game turn (0: none)."""
    house_rules: tuple[str, ...] = ()
    """The titles of the house rules in play, in their declared order (none: the rulebook's
    game)."""


@attrs.frozen
class WatchRow:
    """One Clan in a watched game of bots; None where its seat's PIN hides it."""

    seat: SeatInfo
    popularity: int | None
    hexes: int | None
    cities: int | None
    troops: int | None
    money: int | None


@attrs.frozen
class WatchBoard:
    """A game of bots as the table watches it: every Clan without a PIN in full."""

    map: GameMap
    game_turn: int
    finished: bool
    rows: tuple[WatchRow, ...]
    """In the turn order."""
    hex_owners: Mapping[str, int]
    """Hex → the Clan holding it (Clans behind a PIN left out)."""
    city_owners: Mapping[str, int]
    """City hex → the Clan holding it, 0 for a free city (a PIN Clan's cities read as free)."""

    @property
    def hidden(self) -> int:
        """How many Clans the board leaves out (their seats have a PIN)."""
        return sum(row.seat.has_pin for row in self.rows)


def watch_board(game: Game) -> WatchBoard:
    """The board of a game of bots (only seats without a PIN are shown in full)."""
    from conquest_tui.engine.economy.turn_figures import holdings

    seats = seat_infos(game)
    hidden = {seat.number for seat in seats if seat.has_pin}
    held = holdings(game)
    rows = []
    for seat in seats:
        if seat.number in hidden:
            rows.append(WatchRow(seat, None, None, None, None, None))
            continue
        clan = game.clan(seat.number)
        rows.append(WatchRow(seat, clan.popularity, held.hexes[seat.number],
                             held.cities[seat.number], held.troops[seat.number],
                             clan.stock.money))
    hex_owners = {hex_id: hex_state.owner
                  for hex_id, hex_state in zip(game.map.hex_ids(), game.state.hexes, strict=True)
                  if hex_state.owner and hex_state.owner not in hidden}
    city_owners = {city.hex: 0 if city.owner in hidden else city.owner
                   for city in game.state.cities}
    return WatchBoard(game.map, game.state.game_turn, game.state.finished, tuple(rows),
                      hex_owners, city_owners)


@attrs.frozen
class FinalBoard:
    """The end of the game, open to everyone: who won and why, the standings, everyone's
    figures and each Clan's final report."""

    sentence: str
    rows: tuple[FinalRow, ...]
    history: History
    """The winner's history, with every Clan's figures (they are open once the game is over)."""
    reports: Mapping[int, str]
    """Clan number → its final report as text (rule ids included; the screen hides them)."""
