"""Check a parsed sheet against what the Clan knows now: the second of three levels of checking."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conquest_tui.engine.combat import odds as fight_odds
from conquest_tui.engine.convoys import convoy_stats, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import Facts, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.problems import ProblemCode
from conquest_tui.engine.core.state import MODES, NOTICE, Convoy, Problem
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.agent_lines import AgentDestination
from conquest_tui.engine.orders.registry import Finding
from conquest_tui.engine.orders.sheet import MOVE, OrderSheet, SheetLine, counted, parse_sheet
from conquest_tui.engine.reports.view import ClanView

if TYPE_CHECKING:
    from conquest_tui.engine.orderbook.movement import Move


CHECK = "check"
"""The level of a problem found against what the Clan has now."""


def check_sheet(game: Game, clan_number: int, sheet: OrderSheet | str) -> list[Problem]:
    """Parse problems plus everything that cannot work given the Clan's present position.

    Circumstances can change before an order runs, so the turn checks each order again when
    its time comes; this level catches what a player would want to hear while typing.
    """
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules)
    if sheet.refused:
        return list(sheet.problems)
    clan = game.clan(clan_number)
    rules = game.rules
    problems = list(sheet.problems)
    limits = rules.order_lines
    pre_limit, post_limit = limits.pre + clan.extra_pre_lines, limits.post + clan.extra_post_lines
    problems += _over_limit(counted(sheet.pre), pre_limit, "pre")
    problems += _over_limit(counted(sheet.post), post_limit, "post")
    running = {id(line) for line in (*counted(sheet.pre)[:pre_limit],
                                     *counted(sheet.post)[:post_limit])}
    sent: list[SheetLine] = []
    for sheet_line in (*sheet.pre, *sheet.post):
        if sheet_line.order is not None:
            problem = _check_clan_order(game, clan_number, sheet_line.order)
            if problem:
                problems.append(_found(sheet_line.line, problem))
            elif id(sheet_line) in running and sheet_line.order.keyword in MESSAGES:
                sent.append(sheet_line)
    problems += _message_limits(game, sent)
    section_convoys = _convoys_after_pre(game, clan_number, sheet)
    for number, lines in sheet.convoys:
        convoy = section_convoys.get(number)
        if convoy is None:
            if lines:
                problems.append(Problem(lines[0].line, ProblemCode.NO_CONVOY, CHECK,
                                        _missing_convoy(game, clan_number, number)))
            continue
        allowed = convoy_stats.pulses(convoy, rules)
        good = counted(lines)
        problems += _over_limit(good, allowed, "convoy", number)
        problems += _check_convoy_lines(game, convoy, good[:allowed])
    problems += _check_agent_lines(game, clan.agents, counted(sheet.agents))
    return sorted(problems, key=lambda p: p.line)


def _check_agent_lines(game: Game, agents: int, lines: tuple[SheetLine, ...]) -> list[Problem]:
    """One line per agent the Clan has now, each to a hex of the map (CC-CL-TRAIN-02)."""
    problems: list[Problem] = []
    for index, sheet_line in enumerate(lines):
        if index >= agents:
            problems.append(Problem(sheet_line.line, ProblemCode.OVER_LIMIT, CHECK,
                                    {"why": "agents", "agents": agents}))
            continue
        order = sheet_line.order
        target = order.hex if isinstance(order, AgentDestination) else ""
        if not game.map.contains(target):
            problems.append(Problem(sheet_line.line, ProblemCode.OFF_MAP, CHECK,
                                    {"why": "agent", "hex": target}))
    return problems


MESSAGES = frozenset({"MESSAGE", "BROADCAST"})
"""The orders that share the turn's message limits (CC-CL-MESSAGE-02)."""
TO_ALL = "all"
"""A message's destination when it goes to every Clan (the order's `to`)."""


def _message_limits(game: Game, lines: list[SheetLine]) -> list[Problem]:
    """The messages the turn will refuse, counted in the order they run: past the limit a turn,
    MESSAGE and BROADCAST together, or past the limit to every Clan (CC-CL-MESSAGE-02); the
    reason is the one the turn gives. `lines` holds the message lines that will run and pass
    their own check, pre-turn section first."""
    limits = game.rules.order_limits
    problems: list[Problem] = []
    sent = to_all = 0
    for sheet_line in lines:
        order = sheet_line.order
        keyword = order.keyword.lower() if order is not None else ""
        everyone = getattr(order, "to", "") == TO_ALL
        if sent >= limits.messages_per_turn:
            why = reason("dip_too_many", order=keyword, most=limits.messages_per_turn)
        elif everyone and to_all >= limits.messages_to_all_per_turn:
            why = reason("dip_too_many_all", order=keyword,
                         most=limits.messages_to_all_per_turn)
        else:
            sent, to_all = sent + 1, to_all + everyone
            continue
        problems.append(Problem(sheet_line.line, ProblemCode(why.code), CHECK, why.as_facts()))
    return problems


def _convoys_after_pre(game: Game, clan: int, sheet: OrderSheet) -> dict[int, Convoy]:
    """The Clan's convoys as its convoy sections will find them: after the pre-turn orders
    whose declarations forecast a change (CREATE numbers new ones as the turn will, SELL
    CONVOY removes others)."""
    found = {convoy.number: convoy for convoy in game.convoys_of(clan)}
    orders = game.rules.orders
    for sheet_line in sheet.pre:
        order = sheet_line.order
        spec = orders.spec_of(order) if order is not None else None
        if spec is not None and isinstance(order, model.ClanOrder):
            order.forecast(game, clan, found)
    return found


def _missing_convoy(game: Game, clan: int, number: int) -> Facts:
    if game.convoy(clan, number) is not None:
        return {"number": number, "why": "sold"}
    return {"number": number}


def _over_limit(lines: tuple[SheetLine, ...], limit: int, section: str,
                convoy: int = 0) -> list[Problem]:
    """The lines past the limit; `lines` holds only lines without a parse problem (CC-SEQ-15).
    `section`: "pre", "post" or "convoy" (then `convoy` is its number)."""
    facts: Facts = {"why": section, "most": limit}
    if convoy:
        facts["number"] = convoy
    return [Problem(extra.line, ProblemCode.OVER_LIMIT, CHECK, dict(facts))
            for extra in lines[limit:]]


def _not_supported(order: model.Order) -> Finding:
    return ProblemCode.NOT_SUPPORTED, {"keyword": order.keyword}


def _found(line: int, finding: Finding) -> Problem:
    """A check's finding (its code and facts) as the problem of its line."""
    code, facts = finding
    return Problem(line, ProblemCode(code), CHECK, facts)


def _check_clan_order(game: Game, clan: int, order: model.Order) -> Finding | None:
    spec = game.rules.orders.spec_of(order)
    if spec is None or not spec.supported or not isinstance(order, model.ClanOrder):
        return _not_supported(order)
    return order.check(game, clan)


def _check_convoy_lines(game: Game, convoy: Convoy, lines: tuple[SheetLine, ...]) -> list[Problem]:
    """Follow the convoy's moves from its present hex and flag moves it cannot make."""
    problems: list[Problem] = []
    here = convoy.hex
    moves = 0
    allowance = movement.allowance(game, convoy)
    last_move: SheetLine | None = None
    mode = convoy.mode  # strike: the mode each line finds, for the hex-attack notices
    for sheet_line in lines:
        order = sheet_line.order
        if order is None:
            continue
        spec = game.rules.orders.spec_of(order)
        if spec is None or not spec.supported:
            problems.append(_found(sheet_line.line, _not_supported(order)))
            continue
        if spec.keyword != MOVE:
            problem = order.check(game, convoy) if isinstance(order, model.ConvoyOrder) else None
            if problem:
                problems.append(_found(sheet_line.line, problem))
            elif spec.keyword.lower() in MODES:
                mode = spec.keyword.lower()
            elif spec.keyword == PAUSE:
                problems += _meeting_notice(game, convoy, here, sheet_line.line, "pause")
                problems += _attack_notice(game, convoy, here, mode, sheet_line.line, "pause")
            continue
        move = cast("Move", order)
        problem = _move_problem(game, convoy, here, move, moves, allowance)
        if problem:
            problems.append(_found(sheet_line.line, problem))
            continue
        target = _move_target(here, move)
        assert target is not None
        moves += movement.move_distance(convoy, here, target)
        here = target
        last_move = sheet_line
        problems += _meeting_notice(game, convoy, here, sheet_line.line, "move")
        problems += _attack_notice(game, convoy, here, mode, sheet_line.line, "move")
    if last_move is not None and convoy.convoy_type == "air" and game.map.is_water(here):
        problems.append(Problem(last_move.line, ProblemCode.AIR_OVER_WATER, CHECK,
                                {"number": convoy.number, "hex": here}))
    return problems


PAUSE = "PAUSE"
"""PAUSE enters the convoy's hex again, and may attack it (CC-MOVE-15)."""


def _attack_notice(game: Game, convoy: Convoy, hex_id: str, mode: str, line: int,
                   what: str) -> list[Problem]:
    """A notice, not an error, when entering a hex the Clan knows to be another's attacks it,
    with the troops it needs and the chance to take it from seeded runs of the attack itself
    (CC-CBH-01…05, AMB-42). Only what the Clan knows counts (its view): a hex last seen
    unclaimed gets no notice, and the defense is the one it saw. A move reveals the convoy, so
    it is counted as not hidden."""
    clan = game.clan(convoy.owner)
    view = ClanView(game, convoy.owner)
    owner = view.hex_info(hex_id).owner
    if mode != "capture" or game.map.is_water(hex_id) or owner <= 0 or owner == clan.number \
            or owner in clan.allies:
        return []
    estimate = fight_odds.hex_attack_odds(game, view, convoy, hex_id,
                                          runs=fight_odds.CHECKER_RUNS)
    low, high = estimate.fact("low"), estimate.fact("high")
    if estimate.no_fight >= 1:
        return []
    return [Problem(line, ProblemCode.ATTACKS_HEX, NOTICE, {
        "what": what, "hex": hex_id, "owner": owner, "low": int(low), "high": int(high),
        "troops": convoy.troops, "certain": int(estimate.win >= 1),
        "percent": round(estimate.win * 100)})]


def _meeting_notice(game: Game, convoy: Convoy, hex_id: str, line: int,
                    what: str) -> list[Problem]:
    """odds: a notice when the move or PAUSE meets enemy convoys the Clan saw in the hex, with
    the chance to beat them from a few seeded runs of the battle (CC-CBV-01/02, AMB-41).
    Only the Clan's own sightings count (its view), never where enemy convoys really are."""
    if not any(seen.hex == hex_id for seen in game.clan(convoy.owner).sightings):
        return []
    try:
        estimate = fight_odds.convoy_battle_odds(game, ClanView(game, convoy.owner), convoy,
                                                 hex_id, runs=fight_odds.CHECKER_RUNS)
    except fight_odds.OddsError:
        return []
    owners = tuple(int(o) for o in str(estimate.fact("owners")).split(",") if o)
    return [Problem(line, ProblemCode.MEETS_CONVOY, NOTICE, {
        "what": what, "hex": estimate.hex, "convoys": int(estimate.fact("convoys")),
        "owners": owners, "odds": estimate.chance, "percent": estimate.percent})]


def _move_target(here: str, order: Move) -> str | None:
    return hexgrid.neighbor(here, order.direction) if order.direction else order.target


def _move_problem(game: Game, convoy: Convoy, here: str, order: Move, moves: int,
                  allowance: int) -> Finding | None:
    """Why this move, followed from `here` after `moves` moves, cannot be made (CC-CO-MOVE)."""
    target = _move_target(here, order)
    number = convoy.number
    if target is None or not game.map.contains(target):
        return ProblemCode.OFF_MAP, {"why": "move", "target": order.direction or order.target,
                                     "origin": here}
    if target == here:
        return ProblemCode.SAME_HEX, {"number": number, "hex": here}
    if convoy.created_turn == game.state.game_turn:
        return ProblemCode.NEW_CONVOY, {"number": number}
    problem = movement.entry_problem(game, convoy.convoy_type, here, target)
    if problem:
        return ProblemCode.ILLEGAL_MOVE, problem.as_facts()
    if moves + movement.move_distance(convoy, here, target) > allowance:
        return ProblemCode.NO_MOVES, {"number": number, "convoy_type": convoy.convoy_type,
                                      "allowance": allowance, "left": allowance - moves}
    return None
