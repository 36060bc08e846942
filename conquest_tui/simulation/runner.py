"""One whole game of bots, played turn by turn, to a summary record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from conquest_tui import session
from conquest_tui.engine.core.events import shown
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import turn_figures
from conquest_tui.engine.economy.economy import income_estimate
from conquest_tui.engine.economy.victory import THRESHOLD, end_reason
from conquest_tui.simulation.counts import add_events, new_counts
from conquest_tui.storage.sheet_log import attach

NO_VICTORY = 10**9
"""A victory threshold no Clan reaches: games that end by the turn limit only."""


@attrs.frozen
class GameSpec:
    """One game to run: everything it depends on (so its result does not depend on the run)."""

    map_name: str
    clans: int
    turns: int
    seed: str
    levels: tuple[str, ...]
    """The bot level of each seat, in seat order."""
    threshold: int | None = None
    """Victory popularity (None: the map's default, AMB-57)."""
    save_path: str = ""
    """Where to keep the final save ("": nowhere)."""
    house_rules: tuple[str, ...] = ()
    """The house rules in play (none: the rulebook's game)."""


@attrs.frozen
class ClanSummary:
    """One Clan at the game's end."""

    number: int
    name: str
    level: str
    popularity: int
    hexes: int
    cities: int
    troops: int
    """In its convoys and its cities."""
    money: int
    start: str = ""
    """The hex of its starting city."""
    income: int = 0
    """The money its next turn's income should bring (the report's estimate)."""


@attrs.frozen
class GameSummary:
    """A finished bot game: how and when it ended, the Clans, and what happened in it."""

    map: str
    seed: str
    game_turns: int
    ended_by: str
    """"victory" or "turn_limit"."""
    winner: int | None
    """The winning Clan's number (None: a shared victory, or nobody)."""
    winners: tuple[int, ...]
    """Every Clan that won (several: a shared victory, CC-POP-08)."""
    victory_threshold: int
    clans: tuple[ClanSummary, ...]
    counts: dict[str, int]
    best_popularity: tuple[int, ...]
    """The highest popularity of any Clan at the end of each game turn."""
    sheet_problems: int
    """Lines the checker refused in the bots' sheets (a bot should write none)."""
    save: str = ""
    leaders: tuple[int, ...] = ()
    """The most popular Clan at the end of each game turn (0: a tie)."""
    sheets: int = 0
    """Sheets the bots handed in (one a Clan's turn)."""

    def as_json(self) -> dict[str, object]:
        """The summary as JSON-ready data (one object per game)."""
        return attrs.asdict(self)


def game_seed(seed: str, index: int) -> str:
    """Game `index`'s seed (0-based): from the run's seed and the index only."""
    return f"{seed}-{index + 1}"


def start_game(spec: GameSpec) -> Game:
    """The new game of the spec: every seat a bot."""
    return session.new_game(map_name=spec.map_name, clans=spec.clans, bots=spec.clans,
                            seed=spec.seed, turn_limit=spec.turns, level=list(spec.levels),
                            victory_threshold=spec.threshold, house_rules=spec.house_rules)


def run_game(spec: GameSpec, on_game_turn: Callable[[int], object] | None = None) -> GameSummary:
    """Play the spec's game to its end; `on_game_turn(n)` after each game turn ends."""
    game = start_game(spec)
    if not spec.save_path:
        attach(game.state, None)  # a game not kept keeps no sheet log
    starts = {city.owner: city.hex for city in game.state.cities if city.owner}
    counts = new_counts()
    best: list[int] = []
    leaders: list[int] = []
    problems = sheets = 0
    while not game.state.finished:
        clan = game.clan(game.state.active_clan)
        inbox = sum(1 for event in clan.inbox if shown(event.kind))
        turn = session.play_bot_turn(game, keep_report=bool(spec.save_path))  # kept if saved
        add_events(counts, turn.result.events[inbox:])
        problems += sum(1 for problem in turn.result.problems if not problem.is_warning)
        sheets += 1
        if turn.result.game_turn_ended:
            best.append(max(c.popularity for c in game.state.clans))
            ahead = [c.number for c in game.state.clans if c.popularity == best[-1]]
            leaders.append(ahead[0] if len(ahead) == 1 else 0)
            if on_game_turn is not None:
                on_game_turn(len(best))
    if spec.save_path:
        path = Path(spec.save_path)
        session.save(game, path)
    return attrs.evolve(summarize(game, spec, counts, tuple(best), problems, starts,
                                  tuple(leaders)), sheets=sheets)


def summarize(game: Game, spec: GameSpec, counts: dict[str, int], best: tuple[int, ...],
              problems: int, starts: dict[int, str] | None = None,
              leaders: tuple[int, ...] = ()) -> GameSummary:
    """The summary of a finished game (`starts`: each Clan's starting city hex)."""
    state = game.state
    held = turn_figures.holdings(game)
    clans = []
    for clan in sorted(state.clans, key=lambda c: c.number):
        troops = (sum(convoy.troops for convoy in game.convoys_of(clan.number))
                  + sum(city.troops for city in state.cities if city.owner == clan.number))
        clans.append(ClanSummary(clan.number, clan.name, clan.bot_level, clan.popularity,
                                 held.hexes[clan.number], held.cities[clan.number], troops,
                                 clan.stock.money, (starts or {}).get(clan.number, ""),
                                 income_estimate(game, clan.number).get("money", 0)))
    ended = "victory" if end_reason(game) == THRESHOLD else "turn_limit"
    winner = state.winners[0] if len(state.winners) == 1 else None
    return GameSummary(state.map_name, state.seed, len(best) or state.game_turn, ended, winner,
                       tuple(state.winners), state.victory_threshold, tuple(clans), dict(counts),
                       best, problems, spec.save_path, leaders)
