"""The turn report in the moderator's 1995 layout, section by section (CC-RPT-01…15)."""

from __future__ import annotations

from conquest_tui.engine.orders.paper_form import SHEET_TITLE
from conquest_tui.engine.paper import paper_lists, paper_news, paper_sheet
from conquest_tui.engine.paper.top_list_words import TITLES, figure
from conquest_tui.engine.reports.report import Report

WIDTH = 78
RULE = "=" * WIDTH

_STOCK = (("money", "Money"), ("food", "Food"), ("fuel", "Fuel"), ("parts", "Parts"),
          ("vaccine", "Vaccine"))
_ARMS = (("troops", "Unallocated Troops"), ("rifles", "Rifles"), ("grenades", "Grenades"),
         ("rockets", "Rockets"), ("claymores", "Claymores"), ("bombs", "Bombs"))


def _amount(key: str, amount: int) -> str:
    return f"${amount:,}" if key == "money" else f"{amount:,}"


def _pairs(values: dict[str, int], names: tuple[tuple[str, str], ...]) -> str:
    return "   ".join(f"{name}: {_amount(key, values.get(key, 0))}" for key, name in names)


def _section(title: str, lines: list[str]) -> list[str]:
    return ["", title, "-" * len(title), *(lines or ["None."])]


def status_section(report: Report) -> list[str]:
    """Money, stockpiles, unallocated troops and next turn's estimated income (CC-RPT-08)."""
    income = report.income_estimate
    return _section("STATUS REPORT", [
        _pairs(report.stock, _STOCK),
        _pairs(report.stock, _ARMS),
        "Estimated income next turn: " + _pairs(income, _STOCK),
        "  (if you lose nothing before then; population growth at the end of the game turn",
        "  is not counted)",
    ])


def _columns(prices: dict[str, int]) -> list[str]:
    cells = [f"{key.title():<10}${price:>7,}" for key, price in prices.items()]
    return ["   ".join(cells[i:i + 4]) for i in range(0, len(cells), 4)]


def market_section(report: Report) -> list[str]:
    """Market prices and the Free Market's goods prices, every turn (CC-RPT-14)."""
    return [*_section("MARKET PRICES", _columns(report.prices)),
            *_section("GOODS PRICES (FREE MARKET)", _columns(report.goods_prices))]


def top_clans_section(report: Report) -> list[str]:
    """Top Clans by popularity, recorded at the last game turn's end (CC-RPT-09); at the end of
    the game, the final standings with the winners marked (CC-RPT-15)."""
    title = "FINAL STANDINGS" if report.game_over else "TOP CLANS"
    rows = [f"{rank:>3}. {points:>5}  Clan {number} ({name})"
            + ("   WINNER" if number in report.winners else "")
            for rank, (number, name, points) in enumerate(report.top_clans, start=1)]
    return _section(title, rows)


def top_lists_section(report: Report) -> list[str]:
    """From AMB-58's game turn: most cities, hexes, income and power (CC-RPT-09)."""
    out: list[str] = []
    for top in report.top_lists:
        out += _section(TITLES[top.measure],
                        [f"{rank:>3}. {figure(top.measure, value):>9}  Clan {number} ({name})"
                         for rank, (number, name, value) in enumerate(top.rows, start=1)])
    return out


def end_section(report: Report) -> list[str]:
    """The end-of-game report every player gets (CC-RPT-15)."""
    if not report.game_over:
        return []
    return _section("END OF THE GAME", [report.game_over])


def _stock_line(report: Report) -> str:
    return _pairs(report.stock, _STOCK) + "   " + _pairs(report.stock, _ARMS[:1])


def render_paper(report: Report) -> str:
    """The whole report as the moderator printed it: status, prices, Top Clans, the lists,
    spotting, passage, radio, spies, then next turn's orders sheet."""
    conquered = any(h.conquered for h in report.hexes) or any(c.conquered for c in report.cities)
    news = (*report.events, *report.since_last_turn)
    out = [
        RULE,
        "CONTINENTAL CONQUEST".center(WIDTH).rstrip(),
        f"TURN REPORT FOR CLAN {report.clan} ({report.clan_name})".center(WIDTH).rstrip(),
        f"Game turn {report.game_turn}   Map: {report.map_title}   "
        f"Popularity: {report.popularity} (victory at {report.victory_threshold})"
        .center(WIDTH).rstrip(),
        RULE,
    ]
    encounters = paper_news.encounter_lines(news)
    if encounters:
        out += _section("ENCOUNTERS", encounters)
    out += end_section(report)
    out += status_section(report)
    out += market_section(report)
    out += top_clans_section(report)
    out += top_lists_section(report)
    out += _section("HEXES LIST", [paper_lists.HEX_HEADER,
                                   *map(paper_lists.hex_row, report.hexes)])
    out += _section("CITIES LIST", [paper_lists.CITY_HEADER,
                                    *(paper_lists.city_row(city, report.expert_names)
                                      for city in report.cities),
                                    *paper_lists.plague_notes(report.cities)])
    if conquered:
        out.append(f"{paper_lists.CONQUERED} conquered this turn")
    out += _section("SPOTTING REPORT", paper_lists.spotting_sections(
        report.clan, report.cities, report.sightings))
    out += _section("PASSAGE NOTES", paper_news.passage_lines(news))
    out += _section("HEARD ON THE RADIO", paper_news.radio_lines(news))
    if report.spy_reports:
        out += _section("SPY REPORTS", paper_lists.spy_sections(report.spy_reports))
    if not report.game_over:
        out += ["", *orders_sheet(report)]
    return "\n".join(out) + "\n"


def orders_sheet(report: Report) -> list[str]:
    """Next turn's orders sheet: its title, the Clan's lines, then each convoy's block; the
    player fills in the blank lines and it reads back as an order sheet."""
    out = [RULE, f"{SHEET_TITLE} {report.clan} ({report.clan_name})", RULE, ""]
    standing = dict(report.standing_lines)
    out += paper_sheet.clan_block(_stock_line(report), report.pre_lines, report.post_lines,
                                  report.agents, standing)
    for convoy in report.convoys:
        out += ["", *paper_sheet.convoy_block(convoy, report.expert_names,
                                              standing.get(f"[CONVOY {convoy.number}]", ()))]
    return out


def render_form(report: Report, header: list[str]) -> str:
    """The orders sheet alone, under the header lines a mailed sheet carries."""
    return "\n".join([*header, "", *orders_sheet(report)]) + "\n"
