"""Running a scenario: its position built, its sheets played through the real turn, then checked."""

from __future__ import annotations

from pathlib import Path

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
from conquest_tui.scenarios.builder import build_game, clan_number
from conquest_tui.scenarios.expectations import Played, check
from conquest_tui.scenarios.loader import ScenarioError, load_scenario
from conquest_tui.scenarios.records import Scenario

MAX_EMPTY_TURNS = 200
"""Empty sheets handed in by the others before a listed Clan's turn comes, at most."""


@attrs.frozen
class Outcome:
    """How one scenario went: passed (as written), the differences, or why it could not run."""

    path: Path
    title: str
    rules: tuple[str, ...]
    passed: bool
    differences: tuple[str, ...] = ()
    known: str = ""
    """The scenario's known difference from the rulebook (it passed by failing as it says)."""
    error: str = ""


def play(scenario: Scenario) -> Played:
    """Build the position and run every listed sheet; the Clans not listed hand in empty ones."""
    game = build_game(scenario)
    numbers = {clan.name: clan.number for clan in game.state.clans}
    events: dict[int, list[Event]] = {}
    problems: dict[int, list[Problem]] = {}
    for index, turn in enumerate(scenario.turns):
        clan = clan_number(numbers, turn.clan, f"turns[{index}].clan")
        for _ in range(MAX_EMPTY_TURNS):
            if game.state.finished or game.state.active_clan == clan:
                break
            _run(game, game.state.active_clan, "", events, problems)
        try:
            _run(game, clan, with_numbers(turn.sheet, numbers), events, problems)
        except NotYourTurnError as error:
            raise ScenarioError(f"turns[{index}]: {error}") from None
    return Played(game, numbers, events, problems)


def with_numbers(sheet: str, numbers: dict[str, int]) -> str:
    """The sheet with each `{Clan name}` written as that Clan's number (numbers are dealt by
    the seed, so a scenario names the Clans)."""
    for name, number in numbers.items():
        sheet = sheet.replace("{" + name + "}", str(number))
    return sheet


def _run(game: Game, clan: int, sheet: str, events: dict[int, list[Event]],
         problems: dict[int, list[Problem]]) -> None:
    result = run_clan_turn(game, clan, sheet)
    events.setdefault(clan, []).extend(game.clan(clan).last_turn.events)
    problems.setdefault(clan, []).extend(result.problems)


def run_scenario(path: Path) -> Outcome:
    """Load, play and check one scenario file."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return Outcome(path, path.stem, (), passed=False, error=str(error))
    rules = tuple(scenario.rules)
    try:
        played = play(scenario)
        differences = [difference for index, expectation in enumerate(scenario.expect)
                       for difference in check(expectation, played, f"expect[{index}]")]
    except ScenarioError as error:
        return Outcome(path, scenario.title, rules, passed=False, error=f"{path}: {error}")
    if not scenario.expect:
        return Outcome(path, scenario.title, rules, passed=False,
                       error=f"{path}: expect: a scenario needs at least one expectation")
    if scenario.expect_fails:
        return Outcome(path, scenario.title, rules, passed=bool(differences),
                       differences=tuple(differences) or (
                           "expected to differ from the rulebook, but every expectation held: "
                           "the known difference is gone",),
                       known=scenario.expect_fails)
    return Outcome(path, scenario.title, rules, passed=not differences,
                   differences=tuple(differences))
