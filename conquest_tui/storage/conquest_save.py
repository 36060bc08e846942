"""A Conquest save: the table's record and the game state in the shared envelope, and back."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import orjson

from conquest_tui.games.conquest.actions import StandingOrder
from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.bots import LEVELS
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.state import Battle, GameState, Phase, Player
from conquest_tui.storage.converter import FieldErrors, structure, unstructure
from conquest_tui.storage.migrations import CONQUEST, GAME_KEY, SAVE_VERSION
from conquest_tui.storage.save_header import HeaderSummary, SaveHeader
from conquest_tui.storage.save_list import (
    DATA_LINE,
    NO_STAMP,
    SAVE_FORMAT,
    TAIL,
    SaveError,
    SaveStamp,
    check_game,
    checksum_matches,
    checksum_of,
    display_name,
    edited_error,
    parse_envelope,
    read_save_bytes,
    save_error,
    stamp_of,
)

__all__ = [
    "LOG_KEEP",
    "ConquestSave",
    "RoundFigures",
    "SeatRecord",
    "StateData",
    "conquest_from_bytes",
    "conquest_to_bytes",
    "load_conquest",
    "save_conquest",
]

MAP_NAME = "classic"
MAP_TITLE = "Conquest: the classic world"
LOG_KEEP = 300
"""The most recent event sentences a save keeps for the seats' log."""
TEXT_MAX = 500
"""The longest name, seed or log line a save may hold, in characters."""
_RNG_WORDS = 625
"""random.Random's state: 624 words of the Mersenne Twister and its position."""


@attrs.define
class SeatRecord:
    """Who sits at one seat (in the game's turn order) and its PIN's back-off."""

    name: str
    level: str = ""
    """The bot's level ("easy", "normal", "hard"), or "" when a person plays the seat."""
    pin_hash: str = ""
    pin_failures: int = 0
    pin_retry_at: int = 0
    resigned: bool = False


@attrs.define
class RoundFigures:
    """Each player's figures when a round began (and once more at the end), in seat order."""

    round: int
    territories: list[int]
    armies: list[int]
    cards: list[int]
    continents: list[int]


@attrs.define
class StateData:
    """The game state as saved: `GameState` without its rules and map (read from data/conquest/)
    and with its random generator as the 625 numbers of its state."""

    players: list[Player]
    owner: dict[str, int]
    armies: dict[str, int]
    deck: list[Card]
    rng: list[int]
    discard: list[Card]
    sets_cashed: int
    current: int
    round: int
    phase: Phase
    to_place: int
    deploy_left: list[int]
    battle: Battle | None
    captured_this_turn: bool
    cashed_this_phase: bool
    took_cards: bool
    winner: int | None
    eliminated: list[tuple[int, int, int]]
    continent_turns: dict[str, list[int]]


@attrs.define
class ConquestSave:
    """The table's part of a Conquest save: the seed, the seats, the moves made so far, the
    figures of each round and the last events' sentences."""

    seed: str
    seats: list[SeatRecord]
    moves: int = 0
    """Actions applied so far (a bot's choice is seeded by the seed, its seat and this)."""
    history: list[RoundFigures] = attrs.Factory(list)
    log: list[str] = attrs.Factory(list)


_STATE_FIELDS = tuple(f.name for f in attrs.fields(StateData) if f.name != "rng")


def state_data(state: GameState) -> StateData:
    """The saved form of a state (sharing its lists: unstructure at once)."""
    version, words, _gauss = state.rng.getstate()
    del version
    return StateData(rng=list(words), **{name: getattr(state, name) for name in _STATE_FIELDS})


# --- writing ---------------------------------------------------------------------------------


def _summary(table: ConquestSave, state: GameState) -> HeaderSummary:
    names = [p.name for p in state.players]
    over = state.phase is Phase.OVER
    return HeaderSummary(
        map=MAP_NAME,
        title=MAP_TITLE,
        game_turn=state.round,
        active_clan=0 if over else state.current + 1,
        active_name="" if over else names[state.current],
        clans=names,
        finished=over,
    )


def conquest_to_bytes(
    table: ConquestSave, state: GameState, stamp: SaveStamp | None = None
) -> bytes:
    """The whole save file; the same table, state and stamp always give the same bytes."""
    from conquest_tui.storage.savefile import created_with

    data = {
        "state": unstructure(state_data(state), StateData),
        "table": unstructure(table, ConquestSave),
    }
    data_bytes = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    header = SaveHeader(
        format=SAVE_FORMAT,
        version=SAVE_VERSION,
        created_with=created_with(),
        checksum="",
        summary=_summary(table, state),
        stamp=NO_STAMP if stamp is None else stamp,
    )
    fields: dict[str, Any] = unstructure(header, SaveHeader)
    fields = {"format": fields.pop("format"), GAME_KEY: CONQUEST, **fields}
    fields["checksum"] = checksum_of(data_bytes, fields)
    lines = [
        f" {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},"
        for key, value in fields.items()
    ]
    head = "".join(("{\n", "\n".join(lines), DATA_LINE)).encode("utf-8")
    return b"".join((head, data_bytes, TAIL.encode("utf-8")))


def save_conquest(
    table: ConquestSave,
    state: GameState,
    path: Path,
    *,
    backups: int = 3,
    stamp: SaveStamp | None = None,
) -> None:
    """Write the save atomically, keeping `backups` older ones (SaveError naming the file)."""
    from conquest_tui.storage.savefile import write_save_bytes

    try:
        payload = conquest_to_bytes(table, state, stamp)
    except (ValueError, TypeError) as exc:
        raise save_error(display_name(path), f"the game could not be saved ({exc})") from None
    write_save_bytes(path, (payload,), backups=backups)


# --- reading ---------------------------------------------------------------------------------


def load_conquest(
    path: Path, rules: ConquestRules, board: Board, *, allow_edited: bool = False
) -> tuple[ConquestSave, GameState, SaveStamp]:
    """A Conquest save's table, state and stamp; SaveError (one sentence naming the file and
    the field) when it cannot be used, EditedSave when its checksum does not match."""
    source = display_name(path)
    return conquest_from_bytes(
        read_save_bytes(path, source), source, rules, board, allow_edited=allow_edited
    )


def conquest_from_bytes(
    raw: bytes | str, source: str, rules: ConquestRules, board: Board, *, allow_edited: bool = False
) -> tuple[ConquestSave, GameState, SaveStamp]:
    """See `load_conquest`: the file's bytes (or text) as read."""
    envelope = parse_envelope(raw, source)
    check_game(envelope, source, CONQUEST)
    if not checksum_matches(envelope, raw, source) and not allow_edited:
        raise edited_error(source)
    stamp = stamp_of(envelope, source)
    data = envelope["data"]
    if data.__class__ is not dict:
        raise save_error(source, "data: expected an object")
    for key in ("state", "table"):
        if key not in data:
            raise save_error(source, f"data.{key}: is missing")
    extra = sorted(set(data) - {"state", "table"})
    if extra:
        raise save_error(source, f"data.{extra[0]}: is not a known field (misspelt?)")
    try:
        saved = structure(data["state"], StateData, "state")
        table = structure(data["table"], ConquestSave, "table")
    except FieldErrors as exc:
        raise save_error(source, str(exc)) from None
    except RecursionError:
        raise save_error(source, "data: is nested too deeply to be a save") from None
    try:
        state = _state(saved, rules, board)
        _check_table(table, state)
    except _Bad as exc:
        raise save_error(source, str(exc)) from None
    return table, state, stamp


class _Bad(ValueError):
    """A field that does not fit the game: "field: reason"."""


def _state(saved: StateData, rules: ConquestRules, board: Board) -> GameState:
    import random

    _check_state(saved, rules, board)
    rng = random.Random()
    words = saved.rng
    if (
        len(words) != _RNG_WORDS
        or any(not 0 <= w < 2**32 for w in words)
        or not 0 < words[-1] <= _RNG_WORDS - 1
    ):
        raise _Bad("state.rng: is not the state of a random generator")
    try:
        rng.setstate((3, tuple(words), None))
    except (ValueError, TypeError, OverflowError):
        raise _Bad("state.rng: is not the state of a random generator") from None
    return GameState(
        rules=rules, board=board, rng=rng, **{name: getattr(saved, name) for name in _STATE_FIELDS}
    )


def _check_state(saved: StateData, rules: ConquestRules, board: Board) -> None:
    """Every reference and count in range, so that nothing played later trips over the save."""
    count = len(saved.players)
    if not rules.minimum_players <= count <= rules.maximum_players:
        raise _Bad(
            f"state.players: {count} players; Conquest is for "
            f"{rules.minimum_players} to {rules.maximum_players}"
        )

    def player(field: str, value: int) -> None:
        if not 0 <= value < count:
            raise _Bad(f"{field}: {value} is not a player's number (0 to {count - 1})")

    def territory(field: str, name: str) -> None:
        if name not in board.borders:
            raise _Bad(f"{field}: {name!r} is not a territory of the map")

    for field in ("owner", "armies"):
        table: dict[str, int] = getattr(saved, field)
        for name in table:
            territory(f"state.{field}", name)
        missing = [t for t in board.territories if t not in table]
        if missing:
            raise _Bad(f"state.{field}: has nothing for {missing[0]}")
    for name, who in saved.owner.items():
        player(f"state.owner.{name}", who)
    for name, armies in saved.armies.items():
        if not 0 <= armies <= 1_000_000:
            raise _Bad(f"state.armies.{name}: {armies} is not a number of armies")
    player("state.current", saved.current)
    if saved.winner is not None:
        player("state.winner", saved.winner)
    for number, (out, by, _when) in enumerate(saved.eliminated):
        player(f"state.eliminated.{number}", out)
        player(f"state.eliminated.{number}", by)
    for field in ("deploy_left",):
        if len(getattr(saved, field)) != count:
            raise _Bad(f"state.{field}: has {len(saved.deploy_left)} entries for {count} players")
    if any(n < 0 for n in saved.deploy_left) or saved.to_place < 0 or saved.sets_cashed < 0:
        raise _Bad("state: a count of armies or sets is below zero")
    if not 1 <= saved.round <= rules.turn_limit + 1:
        raise _Bad(f"state.round: {saved.round} is outside the game's {rules.turn_limit} rounds")
    if set(saved.continent_turns) != {c.name for c in board.continents} or any(
        len(turns) != count for turns in saved.continent_turns.values()
    ):
        raise _Bad("state.continent_turns: does not list each continent for each player")
    if saved.battle is not None:
        territory("state.battle.source", saved.battle.source)
        territory("state.battle.target", saved.battle.target)
    if (saved.battle is None) == (saved.phase in (Phase.BATTLE, Phase.MOVE_IN)):
        raise _Bad(f"state.battle: does not fit the phase ({saved.phase.value})")
    if saved.phase is Phase.OVER and saved.winner is None:
        raise _Bad("state.winner: a game that is over has a winner")
    cards = [*saved.deck, *saved.discard, *(c for p in saved.players for c in p.cards)]
    _check_cards(cards, rules, board)
    for number, each in enumerate(saved.players):
        _check_orders(f"state.players.{number}.standing", each.standing, board)


def _check_cards(cards: list[Card], rules: ConquestRules, board: Board) -> None:
    counts = Counter(card.territory for card in cards)
    for card in cards:
        if card.territory and card.territory not in board.borders:
            raise _Bad(f"state.deck: {card.territory!r} is not a territory of the map")
        if card.number not in (0, *rules.card_numbers) or (card.number == 0) != card.wild:
            raise _Bad(f"state.deck: {card.words()} is not a card of the game")
    if (
        counts[""] != rules.wild_cards
        or any(n != 1 for t, n in counts.items() if t)
        or len(counts) - 1 != len(board.territories)
    ):
        raise _Bad(
            "state.deck: the cards in the deck, the discard pile and the hands are not "
            "the game's 44"
        )


def _check_orders(field: str, orders: dict[str, StandingOrder], board: Board) -> None:
    for name, order in orders.items():
        if name != order.territory or name not in board.borders:
            raise _Bad(f"{field}.{name}: is not an order for a territory of the map")
        if order.to and (order.to not in board.borders or not board.adjacent(name, order.to)):
            raise _Bad(f"{field}.{name}.to: {order.to!r} does not border {name}")


def _check_table(table: ConquestSave, state: GameState) -> None:
    count = len(state.players)
    if len(table.seats) != count:
        raise _Bad(f"table.seats: {len(table.seats)} seats for {count} players")
    for number, (seat, each) in enumerate(zip(table.seats, state.players, strict=True)):
        if seat.name != each.name:
            raise _Bad(
                f"table.seats.name: {seat.name!r} is not the player {each.name!r} of the game"
            )
        if seat.level and seat.level not in LEVELS:
            raise _Bad(f"table.seats.level: {seat.level!r} is not a bot's level")
        if len(seat.pin_hash) > TEXT_MAX or seat.pin_failures < 0:
            raise _Bad(f"table.seats.pin_hash: seat {number + 1} has no PIN of the game")
    if len(table.seed) > TEXT_MAX or table.moves < 0:
        raise _Bad("table: the seed or the count of moves is not the game's")
    if len(table.log) > LOG_KEEP or any(len(line) > TEXT_MAX for line in table.log):
        raise _Bad("table.log: is longer than the game keeps")
    if len(table.history) > state.rules.turn_limit + 2:
        raise _Bad("table.history: has more rounds than the game has")
    for row in table.history:
        if any(
            len(column) != count
            for column in (row.territories, row.armies, row.cards, row.continents)
        ):
            raise _Bad(f"table.history: round {row.round} does not give each player's figures")


__all__ += ["MAP_NAME", "MAP_TITLE", "SaveError", "state_data"]
