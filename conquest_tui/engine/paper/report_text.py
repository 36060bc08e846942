"""The report as text, in the layout of the 1995 turn report (CC-RPT-01…11)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from conquest_tui.engine.core.state import Event, Problem
from conquest_tui.engine.paper.top_list_words import TITLES, figure
from conquest_tui.engine.reports.report import Report
from conquest_tui.engine.reports.view import UNKNOWN, CityInfo, ConvoyInfo, HexInfo
from conquest_tui.engine.sentences.event_text import event_text, problem_line

RULE = "─" * 78

_RULE_ID = r"(?:CC|AMB)-[A-Z0-9]+(?:-[A-Z0-9]+)*(?:[…/][A-Z0-9-]+)?"
_RULE_IDS = rf"{_RULE_ID}(?:\s*[,;]\s*{_RULE_ID})*"
_ID_ONLY = re.compile(rf" ?\(\s*{_RULE_IDS}\s*\)")
_ID_TAIL = re.compile(rf"\s*[,;]\s*{_RULE_IDS}(?=\))")
_ID_HEAD = re.compile(rf"\(\s*{_RULE_IDS}\s*[,;:]\s*")


def hide_rule_ids(text: str) -> str:
    """The text without the rulebook references a player need not read: "(CC-MOVE-04)" goes,
    "(it costs nothing, CC-CO-GEN-03)" keeps its words."""
    if "CC-" not in text and "AMB-" not in text:
        return text
    text = _ID_ONLY.sub("", text)
    text = _ID_TAIL.sub("", text)
    return _ID_HEAD.sub("(", text)

def _owner(owner: int) -> str:
    if owner == UNKNOWN:
        return "?"
    return str(owner) if owner else "---"


def _money(amount: int) -> str:
    return f"${amount:,}"


def status_lines(report: Report) -> list[str]:
    """Stockpiles and next turn's estimated income (CC-RPT-08)."""
    stock = report.stock
    lines = [
        f"Money {_money(stock['money'])}   Food {stock['food']:,}   Fuel {stock['fuel']:,}   "
        f"Parts {stock['parts']:,}   Vaccine {stock['vaccine']:,}",
        f"Troops {stock['troops']:,}   Rifles {stock['rifles']}   Grenades {stock['grenades']}   "
        f"Rockets {stock['rockets']}   Claymores {stock['claymores']}   Bombs {stock['bombs']}",
    ]
    income = report.income_estimate
    parts = [_money(income.get("money", 0))] + [
        f"{income[key]:,} {key}" for key in ("food", "fuel", "parts", "vaccine") if income.get(key)
    ]
    lines.append("Estimated income next turn: " + ", ".join(parts))
    return lines


def market_lines(report: Report) -> list[str]:
    """Current market and free-market goods prices (CC-RPT-14)."""
    market = "   ".join(f"{key.title()} {_money(price)}" for key, price in report.prices.items())
    goods = "   ".join(f"{key.title()} {_money(price)}"
                       for key, price in report.goods_prices.items())
    return [_wrap("Market: ", market), _wrap("Goods:  ", goods)]


def _wrap(prefix: str, text: str, width: int = 78) -> str:
    words = text.split("   ")
    lines: list[str] = []
    current = prefix
    for word in words:
        if len(current) + len(word) + 3 > width and current.strip():
            lines.append(current.rstrip())
            current = " " * len(prefix)
        current += word + "   "
    lines.append(current.rstrip())
    return "\n".join(lines)


def vehicle_count(count: int, name: str) -> str:
    """"1 Bike", "2 Bikes", "2 Buses", "3 Hovercraft"."""
    if count == 1 or name.endswith("craft"):
        return f"{count} {name}"
    return f"{count} {name}es" if name.endswith("s") else f"{count} {name}s"


def convoy_lines(convoy: ConvoyInfo) -> list[str]:
    """One convoy block as on the orders sheet (CC-RPT-10)."""
    mode = convoy.mode.upper() + (", HIDDEN" if convoy.hidden else "")
    vehicles = ", ".join(vehicle_count(count, name) for name, count in convoy.vehicles) or "none"
    weapons = (f"Rifles: {convoy.rifles[0]} of {convoy.rifles[1]}   "
               f"Grenades: {convoy.grenades[0]} of {convoy.grenades[1]}   ")
    if convoy.convoy_type == "air":
        weapons += f"Bombs: {convoy.bombs[0]} of {convoy.bombs[1]}   "
    weapons += f"Rockets: {convoy.rockets[0]} of {convoy.rockets[1]}"
    cargo = f"{convoy.cargo} {convoy.cargo_type}" if convoy.cargo else "0"
    kill = f"   Kill: {convoy.kill_mode}" if convoy.kill_mode else ""
    return [
        f"ORDERS FOR {convoy.convoy_type.upper()} CONVOY #{convoy.number} ({convoy.name}) "
        f"IN HEX {convoy.hex} [{mode}]",
        f"  Vehicles: {vehicles}",
        f"  Troops: {convoy.troops} of {convoy.troop_capacity}   {weapons}",
        f"  Combat Strength: {convoy.combat_strength}   Morale: {convoy.morale}   "
        f"Training: {convoy.training}   Health: {convoy.health}%{kill}",
        f"  Fuel Cost: {convoy.fuel_cost}   Cargo: {cargo} (max {convoy.cargo_capacity})   "
        f"Size: {convoy.size} ({convoy.size_name})   Moves: {convoy.moves}   "
        f"Order lines: {convoy.order_lines}",
        f"  Experts: {' '.join(convoy.experts) or 'none'}",
    ]


def city_row(city: CityInfo) -> str:
    """One city-list row (CC-RPT-01)."""
    name = city.name.upper() if city.major else city.name
    known = city.owner != UNKNOWN
    return (f"{city.hex} {name[:16]:<16} {_owner(city.owner):>4} "
            f"{(_money(city.value) if city.value else '-'):>9} "
            f"{(f'{city.population:,}' if known else '?'):>8} "
            f"{(city.fortification if known else '?')!s:>1} "
            f"{(city.troops if known else '?')!s:>4} {city.claymores:>3} "
            f"{city.produces:<8} {city.needs:<8} {city.expert:<4} {city.status:<8} "
            f"{city.spotting:>2} {city.radio:>2} "
            f"{''.join(b.title() for b in city.buildings) or '-'}"
            + ("  *conquered*" if city.conquered else ""))


def plague_lines(cities: tuple[CityInfo, ...]) -> list[str]:
    """Where the Clan knows the Plague is, and what curing each city takes (CC-CO-CURE-01)."""
    out = []
    for city in cities:
        if city.plague:
            name = city.name.upper() if city.major else city.name
            out.append(f"The Plague is in {name} ({city.hex}): a CURE there takes "
                       f"{city.cure_vaccine:,} vaccine (less with a Doctor).")
    return out


def hex_row(info: HexInfo) -> str:
    """One hex-list row (CC-RPT-03)."""
    if info.owner == UNKNOWN:
        return f"{info.hex} {info.terrain_abbr:<3}    ?  seen in turn {info.seen_turn}"
    return (f"{info.hex} {info.terrain_abbr:<3} {_owner(info.owner):>4} {info.defense:>2} "
            f"{info.guards:>2} {_money(info.value):>7} {info.food:>3} {info.fuel:>4} "
            f"{info.parts:>3} {info.vaccine:>3} {info.special or '---':<3} "
            f"{info.custom or '---':<3} {' '.join(info.roads)}"
            + ("  *conquered*" if info.conquered else ""))


def render_report(report: Report, *, rules: bool = False) -> str:
    """The whole report as text; the rulebook references ("(CC-MOVE-04)") only with `rules`."""
    out: list[str] = [
        f"CONTINENTAL CONQUEST — report for Clan {report.clan} ({report.clan_name})",
        f"Game turn {report.game_turn} on {report.map_title}.   Popularity {report.popularity}"
        f" (victory at {report.victory_threshold}"
        + (f"; the game ends after game turn {report.turn_limit}" if report.turn_limit else "")
        + ").",
        *([f"House rules: {', '.join(report.house_rules)}."] if report.house_rules else []),
        *([report.victory_watch] if report.victory_watch else []),
        *since_lines(report, rules=rules),
        RULE, "STATUS", *status_lines(report), *market_lines(report), RULE,
    ]
    for convoy in report.convoys:
        out += convoy_lines(convoy)
        out.append("")
    if not report.convoys:
        out.append("You have no convoys.")
    out += [RULE, "CITY LIST",
            "HEX  NAME              OWN     VALUE      POP F  TRP  CM PRODUCES NEEDS    EXP  "
            "STATUS   SR RR BUILDINGS"]
    out += [city_row(city) for city in report.cities] or ["(none)"]
    out += plague_lines(report.cities)  # the Plague under the city list (helper "plague")
    out += [RULE, "HEX LIST", "HEX  TER  OWN DF TR   VALUE  FO   FU  PA  VA SS  CS  ROADS"]
    out += [hex_row(info) for info in report.hexes] or ["(none)"]
    if report.sightings:
        out += [RULE, "SPOTTING"]
        for seen in report.sightings:
            owner = f" ({seen.owner})" if seen.owner else ""
            size = f" [{seen.size_name}]" if seen.size_name else ""
            out.append(f"{seen.hex}{owner}{size}  {seen.how}")
    out += [RULE, f"EVENTS OF YOUR TURN {report.game_turn}"]
    out += [event_line(e, rules=rules) for e in report.events] or ["(none)"]
    if report.problems:
        out += [RULE, "PROBLEMS IN YOUR ORDER SHEET"]
        out += [with_rule(problem_line(problem), failed_rule(problem, report.events) if rules
                          else "") for problem in report.problems]
    out += standings_lines(report)
    text = "\n".join(out) + "\n"
    return text if rules else hide_rule_ids(text)


def standings_lines(report: Report) -> list[str]:
    """The end of the game, if it came, the Top Clans (final standings at the end) and, from
    AMB-58's game turn, the lists of most cities, hexes, income and power (CC-RPT-09)."""
    out: list[str] = []
    if report.game_over:
        out += [RULE, "END OF THE GAME", report.game_over]
    if report.top_clans:
        out += [RULE, "FINAL STANDINGS" if report.game_over else "TOP CLANS"]
        out += [f"{rank:>2}. Clan {n} ({name}) {points}"
                + ("  *winner*" if n in report.winners else "")
                for rank, (n, name, points) in enumerate(report.top_clans, start=1)]
    for top in report.top_lists:
        out += [RULE, TITLES[top.measure]]
        out += [f"{rank:>2}. Clan {n} ({name}) {figure(top.measure, value)}"
                for rank, (n, name, value) in enumerate(top.rows, start=1)]
    return out


def since_lines(report: Report, *, rules: bool = False) -> list[str]:
    """What other Clans did to this one since its last turn, first in the report (CC-SEQ-16);
    with `rules`, the rulebook reference behind each."""
    if not report.since_last_turn:
        return []
    return [RULE, "SINCE YOUR LAST TURN",
            *(with_rule(event_text(e), e.rule if rules else "") for e in report.since_last_turn)]


def with_rule(sentence: str, rule: str) -> str:
    """The sentence followed by its rulebook reference, "(CC-MOVE-04)", unless it names one
    already or there is none."""
    if not rule or f"({rule}" in sentence or f"{rule})" in sentence:
        return sentence
    return f"{sentence} ({rule})"


def failed_rule(problem: Problem, events: Iterable[Event]) -> str:
    """The rule behind an order line that failed when it ran: that of the event that told of
    the failure (same line, same kind); "" for a parse or check problem."""
    for event in events:
        if event.line == problem.line and event.kind.value == problem.code:
            return event.rule
    return ""


def event_line(event: Event, *, rules: bool = False) -> str:
    """One event with where it came from: phase, pulse and sheet line; with `rules`, the
    rulebook reference behind it."""
    where = str(event.phase)
    if event.phase == "between":
        where = "since your last turn"
    elif event.pulse:
        where = f"pulse {event.pulse}"
    line = f", line {event.line}" if event.line else ""
    return f"[{where}{line}] {with_rule(event_text(event), event.rule if rules else '')}"
