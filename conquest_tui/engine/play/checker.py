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
from conquest_tui.engine.play.plan import planned_game
from conquest_tui.engine.reports.view import ClanView

if TYPE_CHECKING:
    from conquest_tui.engine.orderbook.movement import Move


CHECK = "check"
"""The level of a problem found against what the Clan has now."""


def check_sheet(game: Game, clan_number: int, sheet: OrderSheet | str, *,
                notices: bool = True) -> list[Problem]:
    """Parse problems plus everything that cannot work given the Clan's present position.

    Circumstances can change before an order runs, so the turn checks each order again when
    its time comes; this level catches what a player would want to hear while typing. Each line
    is checked against the convoys as the lines before it will leave them, in the order the turn
    runs them (a planned copy of the game: `play/plan.py`): a convoy the sheet CREATEs can be
    given vehicles and orders, one it sells has none. A problem here means the line will be
    skipped; what depends on money, dice and the turn's events is the forecast's to tell.
    `notices=False` leaves out the notices of fights with their odds (a bot's judgement, which
    reads only what is skipped or fails: the odds' seeded runs are most of a check's cost).
    """
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules, game.house)
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
    plan = planned_game(game, clan_number)
    sent: list[SheetLine] = []
    problems += _check_clan_lines(game, plan, clan_number, sheet.pre, running, sent)
    problems += _check_sections(game, plan, clan_number, sheet, notices)
    problems += _check_clan_lines(game, plan, clan_number, sheet.post, running, sent)
    problems += _message_limits(game, sent)
    problems += _check_agent_lines(game, clan.agents, counted(sheet.agents))
    return sorted(problems, key=lambda p: p.line)


def _check_clan_lines(game: Game, plan: Game, clan: int, lines: tuple[SheetLine, ...],
                      running: set[int], sent: list[SheetLine]) -> list[Problem]:
    """A Clan section's lines, each against the planned game as the lines before it leave it;
    a line that will run and passes changes the plan as it will change the game. The message
    lines that will run and pass are added to `sent`."""
    problems: list[Problem] = []
    for sheet_line in lines:
        order = sheet_line.order
        if order is None:
            continue
        finding = _check_clan_order(plan, clan, order)
        if finding:
            problems.append(_found(sheet_line.line, _gone(game, clan, finding)))
        elif id(sheet_line) in running and isinstance(order, model.ClanOrder):
            if order.keyword in MESSAGES:
                sent.append(sheet_line)
            order.forecast(plan, clan)
    return problems


def _check_sections(game: Game, plan: Game, clan: int, sheet: OrderSheet,
                    notices: bool = True) -> list[Problem]:
    """The convoy sections, pulse by pulse as the turn runs them (each pulse every convoy one
    line, in number order), against the convoys the pre-turn lines leave: a SPLIT adds a convoy
    for the lines after it, an ABSORB takes one whose later lines will not run."""
    rules = game.rules
    problems: list[Problem] = []
    walks: list[_Walk] = []
    for number, lines in sheet.convoys:
        convoy = plan.convoy(clan, number)
        if convoy is None:
            if lines:
                problems.append(Problem(lines[0].line, ProblemCode.NO_CONVOY, CHECK,
                                        _missing_convoy(game, clan, number)))
            continue
        allowed = convoy_stats.pulses(convoy, rules)
        good = counted(lines)
        problems += _over_limit(good, allowed, "convoy", number)
        walks.append(_Walk(game, plan, convoy, good[:allowed], walks, notices))
    walks.sort(key=lambda walk: walk.convoy.number)
    for pulse in range(max((len(walk.lines) for walk in walks), default=0)):
        for walk in walks:
            if pulse < len(walk.lines) and plan.has_convoy(walk.convoy):
                problems += walk.step(walk.lines[pulse])
    for walk in walks:
        if plan.has_convoy(walk.convoy):
            problems += walk.finish()
    return problems


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


def _missing_convoy(game: Game, clan: int, number: int) -> Facts:
    """A convoy the Clan has now but the plan has not: a line before sells, gives or merges it."""
    if game.convoy(clan, number) is not None:
        return {"number": number, "why": "gone"}
    return {"number": number}


def _gone(game: Game, clan: int, finding: Finding) -> Finding:
    """A clan order's "no convoy" about a convoy that lines before it take away, said so."""
    code, facts = finding
    if code == ProblemCode.NO_CONVOY and "number" in facts:
        return code, _missing_convoy(game, clan, int(str(facts["number"])))
    return finding


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


class _Walk:
    """One convoy's section followed line by line from its present hex, flagging the moves it
    cannot make and the lines whose check fails; a line that passes changes the plan as it will
    change the game (`ConvoyOrder.forecast`: SPLIT, ABSORB, which find every planned convoy
    where its moves so far took it). The notices of fights read the real game's view."""

    def __init__(self, game: Game, plan: Game, convoy: Convoy, lines: tuple[SheetLine, ...],
                 walks: list[_Walk], notices: bool = True) -> None:
        self.game = game
        self.notices = notices
        """Whether to tell the fights a line meets, with their odds."""
        self.plan = plan
        self.walks = walks
        """Every convoy's walk (this one's too)."""
        self.convoy = convoy
        self.lines = lines
        self.here = convoy.hex
        self.moves = 0
        self.allowance = movement.allowance(plan, convoy)
        self.last_move: SheetLine | None = None
        self.mode = convoy.mode  # strike: the mode each line finds, for the hex-attack notices

    def step(self, sheet_line: SheetLine) -> list[Problem]:
        """The problems and notices of one line, run at its pulse."""
        game, plan, convoy, order = self.game, self.plan, self.convoy, sheet_line.order
        if order is None:
            return []
        spec = game.rules.orders.spec_of(order)
        if spec is None or not spec.supported or not isinstance(order, model.ConvoyOrder):
            return [_found(sheet_line.line, _not_supported(order))]
        if spec.keyword != MOVE:
            problem = order.check(plan, convoy)
            if problem:
                return [_found(sheet_line.line, problem)]
            if type(order).forecast is not model.ConvoyOrder.forecast:
                for walk in self.walks:  # the plan's convoys where their moves took them,
                    if walk.convoy.hex != walk.here:  # only before an order that reads them
                        plan.move_convoy(walk.convoy, walk.here)
                order.forecast(plan, convoy)
            if spec.keyword.lower() in MODES:
                self.mode = spec.keyword.lower()
            elif spec.keyword == PAUSE and self.notices:
                return [*_meeting_notice(game, convoy, self.here, sheet_line.line, "pause"),
                        *_attack_notice(game, convoy, self.here, self.mode, sheet_line.line,
                                        "pause")]
            return []
        move = cast("Move", order)
        problem = _move_problem(plan, convoy, self.here, move, self.moves, self.allowance)
        if problem:
            return [_found(sheet_line.line, problem)]
        target = _move_target(self.here, move)
        assert target is not None
        self.moves += movement.move_distance(convoy, self.here, target)
        self.here = target
        self.last_move = sheet_line
        if not self.notices:
            return []
        return [*_meeting_notice(game, convoy, target, sheet_line.line, "move"),
                *_attack_notice(game, convoy, target, self.mode, sheet_line.line, "move")]

    def finish(self) -> list[Problem]:
        """An air convoy whose last move ends over water."""
        convoy, last = self.convoy, self.last_move
        if last is not None and convoy.convoy_type == "air" and self.plan.map.is_water(self.here):
            return [Problem(last.line, ProblemCode.AIR_OVER_WATER, CHECK,
                            {"number": convoy.number, "hex": self.here})]
        return []


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
