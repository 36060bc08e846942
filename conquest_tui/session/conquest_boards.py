"""What a Conquest table shows everyone: its players, the seats, the standings and each round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from conquest_tui.games.conquest.state import GameState
    from conquest_tui.storage.conquest_save import ConquestSave, RoundFigures

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
"""Each seat's colour, in the game's turn order."""


@attrs.frozen
class ConquestPlayer:
    """One player of a new game: a name, a bot's level (None: a person plays) and a PIN."""

    name: str
    bot: str | None = None
    pin: str | None = None


@attrs.frozen
class ConquestSeatInfo:
    """One seat as anyone at the table may know it (seats are numbered 1 up, in turn order)."""

    number: int
    name: str
    colour: str
    is_bot: bool
    level: str
    """The bot's level ("" for a person)."""
    has_pin: bool
    alive: bool
    resigned: bool = False

    @property
    def label(self) -> str:
        """ "Name (Colour)"."""
        return f"{self.name} ({self.colour})"


@attrs.frozen
class Standing:
    """One player at the end: what they hold, or when and by whom they were put out."""

    place: int
    name: str
    colour: str
    territories: int
    armies: int
    eliminated_by: str = ""
    eliminated_round: int = 0


@attrs.frozen
class ConquestFinal:
    """The end of a game: who won and why, and every player best first."""

    sentence: str
    winner: str
    rows: tuple[Standing, ...]


@attrs.frozen
class RoundRow:
    """One player's figures when a round began (the last row: at the end)."""

    round: int
    name: str
    territories: int
    armies: int
    cards: int
    continents: int


def seat_infos(table: ConquestSave, state: GameState) -> tuple[ConquestSeatInfo, ...]:
    return tuple(
        ConquestSeatInfo(
            number + 1,
            seat.name,
            COLOURS[number],
            bool(seat.level),
            seat.level,
            bool(seat.pin_hash),
            state.players[number].alive,
            seat.resigned,
        )
        for number, seat in enumerate(table.seats)
    )


def figures(state: GameState) -> RoundFigures:
    """Every player's figures now, for the round's row."""
    from conquest_tui.storage.conquest_save import RoundFigures

    count = range(len(state.players))
    held = [state.territories_of(i) for i in count]
    return RoundFigures(
        round=state.round,
        territories=[len(h) for h in held],
        armies=[sum(state.armies[t] for t in h) for h in held],
        cards=[len(state.players[i].cards) for i in count],
        continents=[len(state.continents_of(i)) for i in count],
    )


def final_board(state: GameState, sentence: str) -> ConquestFinal:
    """The standings: the winner first, then by territories and armies; the players put out
    after them, the last out first."""
    from conquest_tui.games.conquest.turn import standings

    names = [p.name for p in state.players]
    out = {who: (by, when) for who, by, when in state.eliminated}
    order = [i for i in standings(state) if i not in out]
    order += [who for who, _by, _when in reversed(state.eliminated)]
    if state.winner is not None and state.winner in order:
        order.remove(state.winner)
        order.insert(0, state.winner)
    rows = []
    for place, i in enumerate(order, start=1):
        held = state.territories_of(i)
        by, when = out.get(i, (None, 0))
        rows.append(
            Standing(
                place,
                names[i],
                COLOURS[i],
                len(held),
                sum(state.armies[t] for t in held),
                "" if by is None else names[by],
                when,
            )
        )
    winner = "" if state.winner is None else names[state.winner]
    return ConquestFinal(sentence, winner, tuple(rows))


def history_rows(table: ConquestSave) -> tuple[RoundRow, ...]:
    """Each recorded round, each player in seat order."""
    return tuple(
        RoundRow(
            row.round, seat.name, row.territories[i], row.armies[i], row.cards[i], row.continents[i]
        )
        for row in table.history
        for i, seat in enumerate(table.seats)
    )
