"""Check a parsed sheet against what the Clan knows now: the second of three levels of checking."""

from __future__ import annotations

from conquest_tui.engine.convoys import convoy_stats, convoys, movement
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy, Problem
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.sheet import OrderSheet, SheetLine, parse_sheet
from conquest_tui.engine.phases.handlers import CLAN_CHECKS, CONVOY_CHECKS


def check_sheet(game: Game, clan_number: int, sheet: OrderSheet | str) -> list[Problem]:
    """Parse problems plus everything that cannot work given the Clan's present position.

    Circumstances can change before an order runs, so the turn checks each order again when
    its time comes; this level catches what a player would want to hear while typing.
    """
    if isinstance(sheet, str):
        sheet = parse_sheet(sheet, game.rules)
    clan = game.clan(clan_number)
    rules = game.rules
    problems = list(sheet.problems)
    limits = rules.order_lines
    problems += _over_limit(sheet.pre, limits.pre + clan.extra_pre_lines, "pre-turn Clan")
    problems += _over_limit(sheet.post, limits.post + clan.extra_post_lines, "post-turn Clan")
    for sheet_line in (*sheet.pre, *sheet.post):
        if sheet_line.order is not None:
            problem = _check_clan_order(game, clan_number, sheet_line.order)
            if problem:
                problems.append(Problem(sheet_line.line, problem[0], problem[1], "check"))
    section_convoys = _convoys_after_pre(game, clan_number, sheet)
    for number, lines in sheet.convoys:
        convoy = section_convoys.get(number)
        if convoy is None:
            if lines:
                problems.append(Problem(lines[0].line, "no_convoy",
                                        _missing_convoy(game, clan_number, number), "check"))
            continue
        allowed = convoy_stats.pulses(convoy, rules)
        problems += _over_limit(lines, allowed, f"convoy #{number}")
        problems += _check_convoy_lines(game, convoy, lines[:allowed])
    for sheet_line in sheet.agents:
        problems.append(Problem(sheet_line.line, "not_supported",
                                "agents are not yet supported in this version", "check"))
    return sorted(problems, key=lambda p: p.line)


def _convoys_after_pre(game: Game, clan: int, sheet: OrderSheet) -> dict[int, Convoy]:
    """The Clan's convoys as its convoy sections will find them: after the pre-turn orders
    CREATE new ones (numbered as the turn will number them) and SELL CONVOY others."""
    found = {convoy.number: convoy for convoy in game.convoys_of(clan)}
    for sheet_line in sheet.pre:
        order = sheet_line.order
        if isinstance(order, model.SellConvoy):
            found.pop(order.convoy, None)
        elif isinstance(order, model.Create) and not convoys.create_problem(
                game, clan, order.hex, order.convoy_type):
            number = convoys.lowest_free_number(found)
            found[number] = convoys.new_convoy(game, clan, number, order.hex,
                                               order.convoy_type, order.name)
    return found


def _missing_convoy(game: Game, clan: int, number: int) -> str:
    if game.convoy(clan, number) is not None:
        return f"convoy #{number} is sold by this sheet's SELL CONVOY before its orders run"
    return f"you have no convoy #{number}"


def _over_limit(lines: tuple[SheetLine, ...], limit: int, label: str) -> list[Problem]:
    return [Problem(extra.line, "over_limit", f"only {limit} {label} order lines are allowed; "
                    "this line will not run", "check") for extra in lines[limit:]]


def _not_supported(order: model.Order) -> tuple[str, str]:
    return ("not_supported", f"{order.keyword} is not yet supported in this version; the line "
            "will be skipped")


def _check_clan_order(game: Game, clan: int, order: model.Order) -> tuple[str, str] | None:
    rules = game.rules
    if isinstance(order, model.Unsupported):
        return _not_supported(order)
    if isinstance(order, model.Buy | model.Sell) and order.convoy:
        convoy = game.convoy(clan, order.convoy)
        vehicle = rules.vehicles[order.item]
        if convoy is None:
            return "no_convoy", f"you have no convoy #{order.convoy}"
        if vehicle.convoy_type != convoy.convoy_type:
            return ("wrong_type", f"{vehicle.plural.lower()} are {vehicle.convoy_type} vehicles; "
                    f"convoy #{convoy.number} is a {convoy.convoy_type} convoy")
        if isinstance(order, model.Sell) and convoy.vehicles.get(vehicle.key, 0) < order.quantity:
            return ("not_enough", f"convoy #{convoy.number} has "
                    f"{convoy.vehicles.get(vehicle.key, 0)} {vehicle.plural.lower()}")
    if isinstance(order, model.SellConvoy) and game.convoy(clan, order.convoy) is None:
        return "no_convoy", f"you have no convoy #{order.convoy}"
    if isinstance(order, model.Create):
        problem = convoys.create_problem(game, clan, order.hex, order.convoy_type)
        if problem:
            return "cannot_create", problem
    check = CLAN_CHECKS.get(type(order))
    return check(game, clan, order) if check is not None else None


def _check_convoy_lines(game: Game, convoy: Convoy, lines: tuple[SheetLine, ...]) -> list[Problem]:
    """Follow the convoy's moves from its present hex and flag moves it cannot make."""
    problems: list[Problem] = []
    here = convoy.hex
    moves = 0
    allowance = movement.allowance(game, convoy)
    last_move: SheetLine | None = None
    for sheet_line in lines:
        order = sheet_line.order
        if order is None:
            continue
        if isinstance(order, model.Unsupported):
            code, message = _not_supported(order)
            problems.append(Problem(sheet_line.line, code, message, "check"))
            continue
        if not isinstance(order, model.Move):
            check = CONVOY_CHECKS.get(type(order))
            problem = check(game, convoy, order) if check is not None else None
            if problem:
                problems.append(Problem(sheet_line.line, problem[0], problem[1], "check"))
            continue
        problem = _move_problem(game, convoy, here, order, moves, allowance)
        if problem:
            problems.append(Problem(sheet_line.line, problem[0], problem[1], "check"))
            continue
        target = _move_target(here, order)
        assert target is not None
        moves += movement.move_distance(convoy, here, target)
        here = target
        last_move = sheet_line
    if last_move is not None and convoy.convoy_type == "air" and game.map.is_water(here):
        problems.append(Problem(last_move.line, "air_over_water", f"convoy #{convoy.number} "
                                f"would end the turn over the water of {here} and be lost "
                                "(CC-MOVE-12)", "check"))
    return problems


def _move_target(here: str, order: model.Move) -> str | None:
    return hexgrid.neighbor(here, order.direction) if order.direction else order.target


def _move_problem(game: Game, convoy: Convoy, here: str, order: model.Move, moves: int,
                  allowance: int) -> tuple[str, str] | None:
    """Why this move, followed from `here` after `moves` moves, cannot be made (CC-CO-MOVE)."""
    target = _move_target(here, order)
    if target is None or not game.map.contains(target):
        return "off_map", f"{order.direction or order.target} from {here} leaves the map"
    if target == here:
        return "same_hex", f"convoy #{convoy.number} would already be in {here}; use PAUSE"
    if convoy.created_turn == game.state.game_turn:
        return "new_convoy", f"convoy #{convoy.number} was created this turn and cannot move"
    problem = movement.entry_problem(game, convoy.convoy_type, here, target)
    if problem:
        return "illegal_move", problem
    if moves + movement.move_distance(convoy, here, target) > allowance:
        unit = "hexes of range" if convoy.convoy_type == "air" else "moves"
        return ("no_moves", f"convoy #{convoy.number} has only {allowance} {unit} a turn and "
                f"{allowance - moves} left here")
    return None
