"""What must hold after a scenario's turns, checked in words: expected against got."""

from __future__ import annotations

from typing import Any

import attrs

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.items import Item
from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.scenarios.builder import clan_number
from conquest_tui.scenarios.loader import ScenarioError
from conquest_tui.scenarios.records import Expectation


@attrs.frozen
class Played:
    """What the turns left: the game, and each Clan's events and problems, turn after turn."""

    game: Game
    numbers: dict[str, int]
    events: dict[int, list[Event]]
    problems: dict[int, list[Problem]]


def possessive(name: str) -> str:
    """`Wolves'`, `Hog's`: a name's possessive as the rulebook writes it."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _plain(value: Any) -> Any:
    """A TOML value as the engine's facts hold it: lists as tuples."""
    if isinstance(value, list):
        return tuple(_plain(item) for item in value)
    return value


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, tuple):
        return "(" + ", ".join(_said(item) for item in value) + ")"
    return repr(value) if isinstance(value, str) else str(value)


def _differ(what: str, expected: Any, got: Any) -> list[str]:
    expected, got = _plain(expected), _plain(got)
    return [] if expected == got else [f"{what}: expected {_said(expected)}, got {_said(got)}"]


def check(expectation: Expectation, played: Played, where: str) -> list[str]:
    """The differences between the expectation and what happened ([] when it holds)."""
    game = played.game
    clan = clan_number(played.numbers, expectation.clan, f"{where}.clan")
    name = expectation.clan
    if expectation.event:
        return _check_event(expectation, played.events.get(clan, []) if clan else
                            [e for events in played.events.values() for e in events], name)
    if expectation.problem:
        codes = [p.code for p in played.problems.get(clan, [])]
        if expectation.problem in codes:
            return []
        return [f"{possessive(name)} sheet: expected a problem {expectation.problem!r}, got "
                + (", ".join(repr(c) for c in codes) or "none")]
    found: list[str] = []
    if expectation.stock:
        stock = game.clan(clan).stock
        for good, amount in expectation.stock.items():
            if good not in Item.__members__.values():
                raise ScenarioError(f"{where}.stock.{good}: is not a good of the stockpile")
            found += _differ(f"{possessive(name)} {good}", amount, stock.get(Item(good)))
    if expectation.popularity is not None:
        found += _differ(f"{possessive(name)} popularity", expectation.popularity,
                         game.clan(clan).popularity)
    if expectation.hex:
        state = game.hex(expectation.hex)
        if expectation.owner is not None:
            found += _differ(f"the owner of hex {expectation.hex}", expectation.owner,
                             _owner_name(played, state.owner))
        found += _fields(f"hex {expectation.hex}", state,
                         {"defense": expectation.defense, "garrison": expectation.garrison})
    if expectation.city:
        city = game.city(expectation.city)
        if city is None:
            return [f"{where}.city: there is no city at {expectation.city}"]
        if expectation.owner is not None:
            found += _differ(f"the owner of the city at {expectation.city}", expectation.owner,
                             _owner_name(played, city.owner))
        found += _fields(f"the city at {expectation.city}", city,
                         {"troops": expectation.troops, "population": expectation.population,
                          "plague": expectation.plague})
    if expectation.convoy is not None:
        convoy = game.convoy(clan, expectation.convoy)
        which = f"{possessive(name)} convoy #{expectation.convoy}"
        if convoy is None:
            return [f"{which}: expected it, but it is gone"]
        found += _fields(which, convoy, expectation.fields)
    return found


def _fields(what: str, record: object, wanted: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for field, value in wanted.items():
        if value is not None:
            found += _differ(f"{possessive(what)} {field}", value, getattr(record, field))
    return found


def _owner_name(played: Played, number: int) -> str:
    names = {n: name for name, n in played.numbers.items()}
    return names.get(number, "")


def _within(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and low <= value <= high


def _check_event(expectation: Expectation, events: list[Event], name: str) -> list[str]:
    wanted = {key: _plain(value) for key, value in expectation.facts.items()}
    same_kind = [e for e in events if e.kind.value == expectation.event]
    ranges = {key: (low_high[0], low_high[-1]) for key, low_high in expectation.between.items()
              if low_high}
    matching = [e for e in same_kind
                if all(key in e.facts and e.facts[key] == value for key, value in wanted.items())
                and all(_within(e.facts.get(key), low, high)
                        for key, (low, high) in ranges.items())]
    whose = f"{possessive(name)} turns" if name else "the turns"
    facts = ", ".join([*(f"{key} = {_said(value)}" for key, value in wanted.items()),
                       *(f"{key} from {low:,} to {high:,}" for key, (low, high) in ranges.items())])
    asked = f"an event {expectation.event!r}" + (f" with {facts}" if facts else "")
    if expectation.count is not None:
        if len(matching) == expectation.count:
            return []
        return [f"{whose}: expected {expectation.count} × {asked}, got {len(matching)}"]
    if matching:
        return []
    if not same_kind:
        kinds = sorted({e.kind.value for e in events})
        return [f"{whose}: expected {asked}, got none of that kind (there were: "
                f"{', '.join(kinds) or 'no events'})"]
    got = "; ".join(", ".join(f"{key} = {_said(e.facts.get(key))}" for key in [*wanted, *ranges])
                    for e in same_kind)
    return [f"{whose}: expected {asked}, got {got}"]
