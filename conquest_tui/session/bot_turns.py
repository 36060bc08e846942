"""Bot seats playing their turns from their own views, and each report kept in the history."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui import collector
from conquest_tui.session.outcomes import BotTurn

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.orders.sheet import OrderSheet
    from conquest_tui.engine.reports.report import Report


def play_bots(game: Game) -> tuple[BotTurn, ...]:
    """Let bot seats play until a human Clan's turn comes (or the game ends); nothing is saved.

    Each bot writes its sheet from its own ClanView, holds it to the judgement a player sees
    (dropping the lines it condemns) and plays it like a human's.
    """
    turns: list[BotTurn] = []
    guard = len(game.state.clan_order) * 2
    while not game.state.finished and guard > 0:
        clan = game.clan(game.state.active_clan)
        if clan.seat != "bot":
            break
        guard -= 1
        turns.append(play_bot_turn(game))
    return tuple(turns)


def play_bot_turn(game: Game, *, keep_report: bool = True) -> BotTurn:
    """The active Clan's turn, played by its bot from its own ClanView (nothing is saved): the
    sheet it writes goes through the judgement a player sees (`check --forecast`, the end-turn
    box), which drops the lines it condemns before the turn runs.

    keep_report: keep the bot's report with its past reports (the history); a headless run
    whose games are not kept may skip it (it costs about a fifth of a bot game's time).
    """
    from conquest_tui.engine.play.turn import run_clan_turn
    from conquest_tui.engine.reports.report import build_report
    from conquest_tui.engine.reports.view import ClanView
    from conquest_tui.storage.sheet_log import EntryKind, record

    clan = game.clan(game.state.active_clan)
    game_turn, (sheet, read) = game.state.game_turn, bot_sheet_read(game)
    result = run_clan_turn(game, clan.number, read or sheet)
    if keep_report:
        archive_report(game, build_report(ClanView(game, clan.number)))
    record(game.state, game_turn, clan.number, EntryKind.BOT, sheet)
    return BotTurn(clan.number, clan.name, result, clan.bot_level)


def bot_sheet(game: Game, level: str | None = None) -> str:
    """The sheet the active Clan's bot hands in: written from its own ClanView, then held to the
    judgement a player sees, without the lines it condemns (`level`: the bot's own unless
    given)."""
    return bot_sheet_read(game, level)[0]


def bot_sheet_read(game: Game, level: str | None = None) -> tuple[str, OrderSheet | None]:
    """`bot_sheet`, and the sheet as read for its last judgement when that judgement left it
    whole (None when it was mended): what the turn would read from the text, read once."""
    from conquest_tui.bots import write_sheet
    from conquest_tui.bots.mending import judged_read
    from conquest_tui.bots.still_view import StillView
    from conquest_tui.engine.play.judgement import judge_sheet

    clan = game.clan(game.state.active_clan)
    with collector.paused(keeps=True):  # what a bot keeps (shared path and hex answers) is
        # not walked again by the collections of the turn that follows
        written = write_sheet(StillView(game, clan.number), level or clan.bot_level)
        return judged_read(written, game.rules,
                           lambda sheet: judge_sheet(game, clan.number, sheet, notices=False),
                           house=game.house)


def archive_report(game: Game, report: Report) -> None:
    """Keep the report the Clan read after its turn with its past reports (issue 16)."""
    from conquest_tui.engine.paper.report_text import render_report
    from conquest_tui.engine.reports.past_reports import archive
    from conquest_tui.engine.reports.turn_log import summary

    archive(game.clan(report.clan), report.game_turn, summary(report.events),
            render_report(report, rules=True))
