"""One player turn as the rulebook's SEQUENCE OF PLAY: a fixed list of phases (CC-SEQ-02)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import attrs

from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import MAIL, EventKind, shown
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import RESOLVE, ProblemCode
from conquest_tui.engine.core.state import Event, LastTurn, Problem
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.economy import gameturn
from conquest_tui.engine.orders.sheet import OrderSheet, parse_sheet
from conquest_tui.engine.phases import clan_orders, income, maintenance, pulses, turn_close
from conquest_tui.engine.reports.phase_titles import PHASE_TITLES
from conquest_tui.engine.steps import pickup


@attrs.frozen
class Phase:
    """One step of the player turn."""

    key: TurnPhase
    title: str
    run: Callable[[TurnContext], None]
    rule: str


PHASES: tuple[Phase, ...] = tuple(
    Phase(TurnPhase(key), PHASE_TITLES[key], run, rule) for key, run, rule in (
        ("income", income.run, "CC-SEQ-03"),
        ("pre", clan_orders.run_pre, "CC-SEQ-04"),
        ("pickup", pickup.run, "CC-SEQ-05"),
        ("pulses", pulses.run, "CC-SEQ-06"),
        ("post", clan_orders.run_post, "CC-SEQ-10"),
        ("maintenance", maintenance.run, "CC-SEQ-11"),
        ("close", turn_close.run, "CC-SEQ-12"),
    )
)
"""The player turn, in order. Reports are built from the state afterwards (CC-SEQ-13)."""


class NotYourTurnError(ValueError):
    """A turn was run for a Clan whose turn it is not."""


@attrs.frozen
class TurnResult:
    """What one player turn produced."""

    clan: int
    events: tuple[Event, ...]
    """Typed events (kind + facts; sentences via engine/sentences/event_text): first what the
    Clan's inbox held since its last turn, then this turn's, in the order they happened; the
    books-only kinds (`core.events.BOOKS_ONLY`) are kept with the Clan's last turn, not here."""
    problems: tuple[Problem, ...]
    """Problems with sheet lines, by line: parse and check problems with their message, resolve
    problems with their kind (`code`) and facts."""
    game_turn_ended: bool


def run_clan_turn(game: Game, clan_number: int, sheet: OrderSheet | str, *,
                  after_pulse: Callable[[TurnContext, int], None] | None = None,
                  before_close: Callable[[TurnContext], None] | None = None,
                  after_line: Callable[[TurnContext, int], None] | None = None,
                  phases: tuple[Phase, ...] = PHASES) -> TurnResult:
    """Run the active Clan's turn from its order sheet and hand the turn to the next Clan.

    Bad lines are skipped and reported; the rest of the sheet runs. Raises NotYourTurnError if
    it is not this Clan's turn, or if the game is over. `after_pulse` is called at the end of
    each pulse, `after_line` after each sheet line carried out, and `before_close` after the
    Clan's last phase, before the turn passes on (the forecast, `play/forecast.py`, watches a
    private copy of the game so). `phases`: the phases run, in order (the forecast leaves out
    the close and ends the run in `before_close`).
    """
    state = game.state
    if state.finished:
        raise NotYourTurnError("the game is over")
    if state.active_clan != clan_number:
        active = game.clan(state.active_clan)
        raise NotYourTurnError(f"it is Clan {active.number} ({active.name})'s turn, not Clan "
                               f"{clan_number}'s")
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules, game.house)
    clan = game.clan(clan_number)
    ctx = TurnContext(game=game, clan=clan, sheet=sheet, after_pulse=after_pulse,
                      after_line=after_line)
    ctx.problems.extend(sheet.problems)
    inbox = list(clan.inbox)
    clan.inbox.clear()
    for phase in phases:
        ctx.phase = phase.key
        ctx.pulse = ctx.line = ctx.convoy = 0
        phase.run(ctx)
    if before_close is not None:
        before_close(ctx)
    clan.turns_played += 1
    clan.draft_sheet = ""
    problems = sorted(ctx.problems, key=lambda p: (p.line, p.level))
    most = game.rules.order_limits.saved_problems_max
    kept = kept_problems(problems, most)
    saved = [*inbox, *kept_events(ctx.events, problems, most)]
    clan.mail.extend(attrs.evolve(event, facts=dict(event.facts)) for event in saved
                     if event.kind in MAIL)
    clan.last_turn = LastTurn(
        game_turn=state.game_turn,
        sheet=saved_sheet(sheet, kept, game.rules.order_limits.refused_sheet_kept),
        problems=kept,
        events=saved,
        income=clan.last_turn.income,
        visited_hexes=sorted(ctx.visited),
        conquered_hexes=list(ctx.conquered),
    )
    ended = gameturn.advance(game)
    happened = [*inbox, *ctx.events, *clan.last_turn.events[len(saved):]]
    events = tuple(event for event in happened if shown(event.kind))
    return TurnResult(clan_number, events, tuple(problems), ended)


def kept_problems(problems: list[Problem], most: int) -> list[Problem]:
    """The problems kept with the save: the first `most`, then one that counts the rest.

    A sheet of junk has a problem on every line; kept whole they would grow the save far beyond
    the sheet's own size. The player who submits it sees them all in the `TurnResult`.
    """
    if len(problems) <= most:
        return problems
    more = len(problems) - most
    return [*problems[:most], Problem(0, ProblemCode.MORE_PROBLEMS, "parse", {"more": more})]




def kept_events(events: list[Event], problems: list[Problem], most: int) -> list[Event]:
    """The turn's events kept with the save: all of them, except that of the events of order
    lines that failed when their time came (one per resolve problem, `TurnContext.fail`) only
    the first `most` are kept, then one MORE_FAILED event that counts the rest.

    A sheet of junk fails on every line; kept whole, those events would grow the save far
    beyond the sheet's own size. The player who submits it reads them all in the `TurnResult`.
    """
    failing = Counter((p.line, p.code) for p in problems if p.level == RESOLVE)
    if failing.total() <= most:
        return events
    kept: list[Event] = []
    failed = 0
    first_dropped: Event | None = None
    at = 0
    for event in events:
        key = (event.line, event.kind.value)
        if failing[key] > 0:
            failing[key] -= 1
            failed += 1
            if failed > most:
                if first_dropped is None:
                    first_dropped, at = event, len(kept)
                continue
        kept.append(event)
    if first_dropped is None:
        return events
    kept.insert(at, Event(clan=first_dropped.clan, phase=first_dropped.phase,
                          kind=EventKind.MORE_FAILED, facts={"more": failed - most},
                          pulse=first_dropped.pulse, game_turn=first_dropped.game_turn))
    return kept


CONTROL_CHARACTERS = dict.fromkeys(set(range(32)) - {ord("\t"), ord("\n"), ord("\r")})
"""Characters no order or comment needs, which a text save spells in up to six bytes each:
left out of the sheet kept with the save (a `str.translate` table)."""


def saved_sheet(sheet: OrderSheet, kept: list[Problem], refused_kept: int) -> str:
    """The sheet kept with the save, without control characters: whole, unless it was refused
    (then only its start) or its problems were cut (then its lines up to the last problem kept,
    so each kept problem's line can still be quoted and the junk after it takes no room)."""
    text = sheet.text
    if any(problem.code == "sheet_too_big" for problem in sheet.problems):
        text = text[:refused_kept]
    elif kept and kept[-1].code == EventKind.MORE_PROBLEMS.value:
        last = max(problem.line for problem in kept)
        text = "\n".join(text.split("\n")[:last]) if last else ""
    return text.translate(CONTROL_CHARACTERS)
