"""Play by mail, as in 1995: packets out, signed sheet forms in, the moderator's run.

A packet is a Clan's report (as text and in the 1995 layout) and its sheet form, whose header
carries the game id, the game turn, the Clan and a signature: HMAC-SHA256 of those three under
the game's secret, kept in the save. The secret is made with the game's first packet (from
`os.urandom`, never from the seed, which the table shows) and saved at once; from then on it is
read, never made again, so the same save and the same sheets give the same next save.

A sheet form that comes back is checked (game, signature, turn) and kept in the save until its
turn; `moderate` runs the kept sheets in the Clans' order when all are in — the same turn, line
for line, as a sheet submitted at the seat — or at the deadline applies the rulebook's rule for
late turns (docs/rules-interpretations.md "Play by mail").
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from conquest_tui.session.errors import SessionError

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.state import MailSheet
    from conquest_tui.session.table import Session


@attrs.frozen
class Packet:
    """What goes to one Clan: its files, each a name and its text."""

    clan: int
    game_turn: int
    """The game turn its sheet form is for."""
    files: tuple[tuple[str, str], ...]


@attrs.frozen
class Answer:
    """What the moderator sends back for one sheet: accepted (with what was read) or refused."""

    source: str
    sentence: str
    """The acknowledgement, or why the sheet was refused (nothing was stored then)."""
    accepted: bool
    problems: tuple[str, ...] = ()
    """The check's problems, each naming its line of the form."""


@attrs.frozen
class Moderation:
    """What a run of the moderator did: the turns run, the Clans still awaited, the packets."""

    sentences: tuple[str, ...]
    waiting: tuple[str, ...]
    """The Clans whose sheets the game waits for, as "Clan N (name)"."""
    packets: tuple[Packet, ...]
    kept_back: tuple[str, ...] = ()
    """Clans with a PIN: their packets are made at their seat (`conquest packet`)."""


# --- the post box ------------------------------------------------------------------------------


def signature(secret: str, game_id: str, game_turn: int, clan: int) -> str:
    """The form's signature: HMAC-SHA256 of the game id, game turn and Clan (not the orders)."""
    message = f"conquest sheet\n{game_id}\n{game_turn}\n{clan}".encode()
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()


def digest(text: str) -> str:
    """The sheet's fingerprint in the record of which sheets ran."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def by_mail(game: Game) -> bool:
    """Whether the game is played by mail (a packet was made)."""
    return bool(game.state.mail.secret)


def open_post_box(game: Game) -> bool:
    """Give the game its id and secret if it has none yet; True when they were made now."""
    mail = game.state.mail
    if mail.secret:
        return False
    mail.game_id = os.urandom(6).hex()
    mail.secret = os.urandom(32).hex()
    return True


def has_played(game: Game, clan: int) -> bool:
    """Whether the Clan's turn of the game turn in progress has run."""
    state = game.state
    return clan in state.clan_order[:state.turn_index]


def coming_turn(game: Game, clan: int) -> int:
    """The game turn the Clan's next sheet is for."""
    return game.state.game_turn + (1 if has_played(game, clan) else 0)


def kept_sheet(game: Game, clan: int, game_turn: int) -> MailSheet | None:
    """The sheet kept for the Clan's turn of `game_turn`, if one came."""
    for sheet in game.state.mail.sheets:
        if sheet.clan == clan and sheet.game_turn == game_turn:
            return sheet
    return None


def in_sequence(game: Game) -> None:
    """Put the Clans back in their sequence order once the game turn with a late turn is over
    (a late turn moves a Clan after the others for that game turn only, CC-GEN-03)."""
    state = game.state
    if state.mail.late or any(not game.clan(clan).resigned
                              for clan in state.clan_order[:state.turn_index]):
        return
    order = sorted(state.clan_order, key=lambda number: game.clan(number).sequence)
    if order != state.clan_order:
        state.clan_order = order
        state.turn_index = next((index for index, clan in enumerate(order)
                                 if not game.clan(clan).resigned), 0)


def record_run(game: Game, clan: int, game_turn: int, text: str) -> None:
    """Record in a game played by mail that the Clan's sheet ran (its kept sheet, if any, is
    done with), and put the Clans back in order if that ended a game turn with a late turn."""
    from conquest_tui.engine.core.state import Arrival, MailRun

    mail = game.state.mail
    if not mail.secret:
        return
    late = clan in mail.late
    if late:
        mail.late.remove(clan)
    mail.sheets = [sheet for sheet in mail.sheets
                   if not (sheet.clan == clan and sheet.game_turn == game_turn)]
    mail.runs.append(MailRun(game_turn, clan, Arrival.LATE if late else Arrival.ON_TIME,
                             digest(text)))
    in_sequence(game)


# --- packets -----------------------------------------------------------------------------------


def packet(game: Game, clan: int) -> Packet:
    """The Clan's packet: its report as text and in the 1995 layout, and its sheet form (none
    once the game is over). The post box must be open."""
    from conquest_tui.engine.paper.paper_report import render_form, render_paper
    from conquest_tui.engine.paper.report_text import hide_rule_ids, render_report
    from conquest_tui.engine.reports.report import build_report
    from conquest_tui.engine.reports.view import ClanView

    mail = game.state.mail
    report = build_report(ClanView(game, clan))
    turn = coming_turn(game, clan)
    stem = f"clan-{clan}-turn-{turn}"
    files = [(f"{stem}-report.txt", render_report(report)),
             (f"{stem}-paper.txt", hide_rule_ids(render_paper(report)))]
    if not game.state.finished and not game.clan(clan).resigned:
        header = [
            "CONTINENTAL CONQUEST — ORDERS SHEET BY MAIL",
            f"Game: {mail.game_id}",
            f"Game turn: {turn}",
            f"Clan: {clan} ({game.clan(clan).name})",
            f"Signature: {signature(mail.secret, mail.game_id, turn, clan)}",
            "Leave the four lines above as they are; write one order on each numbered line.",
        ]
        files.append((f"{stem}-sheet.txt", render_form(report, header)))
    return Packet(clan, turn, tuple(files))


# --- sheets that come back ---------------------------------------------------------------------


def read_form(game: Game, text: str) -> tuple[int, int]:
    """The Clan and game turn of a mailed sheet form, once its header holds: the game's id, a
    signature of this game's, the Clan's coming turn. SessionError says why not."""
    from conquest_tui.engine.orders.paper_form import form_header
    from conquest_tui.engine.orders.sheet import sheet_lines

    mail = game.state.mail
    if not mail.secret:
        raise SessionError("no packet was made for this game yet, so no sheet form can come "
                           "back")
    header = form_header(sheet_lines(text))
    if any(field not in header for field in ("Game", "Game turn", "Clan", "Signature")):
        raise SessionError("it is not a sheet form from a packet: the Game, Game turn, Clan "
                           "and Signature lines at its top are missing")
    if header["Game"] != mail.game_id:
        raise SessionError(f"it is a sheet of game {header['Game'] or '(none)'}, not of this "
                           f"game ({mail.game_id})")
    turn_text, clan_text = header["Game turn"], header["Clan"].split(" ", 1)[0]
    if not (turn_text.isascii() and turn_text.isdigit() and len(turn_text) < 7
            and clan_text.isascii() and clan_text.isdigit() and len(clan_text) < 7):
        raise SessionError("its Game turn or Clan line was changed: the signature does not "
                           "match")
    turn, clan = int(turn_text), int(clan_text)
    expected = signature(mail.secret, mail.game_id, turn, clan)
    if not hmac.compare_digest(expected, header["Signature"].lower()):
        raise SessionError("the signature does not match: its Game turn or Clan line was "
                           "changed, or the form was not made by this game")
    if not game.has_clan(clan):
        raise SessionError(f"there is no Clan {clan} in this game")
    if game.state.finished:
        raise SessionError("the game is over")
    if game.clan(clan).resigned:
        raise SessionError(f"Clan {clan} has dropped out of the game")
    coming = coming_turn(game, clan)
    if turn != coming:
        when = "already ran" if turn < coming else "is not yet due"
        raise SessionError(f"it is Clan {clan}'s sheet for game turn {turn}, which {when}: "
                           f"its coming turn is game turn {coming}")
    return clan, turn


def accept(table: Session, sheets: Sequence[tuple[str, str]]) -> list[Answer]:
    """Check each sheet form and keep the good ones for their turn (a later sheet of a Clan
    replaces its earlier one); one save for all, none when nothing was kept."""
    from conquest_tui.engine.core.state import MailSheet
    from conquest_tui.engine.orders.sheet import parse_sheet, refusal
    from conquest_tui.engine.paper.report_text import hide_rule_ids
    from conquest_tui.engine.play.checker import check_sheet
    from conquest_tui.engine.sentences.event_text import problem_line, problem_text
    from conquest_tui.engine.sentences.turn_sentences import number_of

    answers: list[Answer] = []
    with table._locked():
        game = table._game
        for source, text in sheets:
            too_big = refusal(text, game.rules)
            try:
                if too_big is not None:
                    raise SessionError(problem_text(too_big))
                clan, turn = read_form(game, text)
            except SessionError as error:
                answers.append(Answer(source, f"{source}: refused, nothing was kept: {error}.",
                                      accepted=False))
                continue
            mail = game.state.mail
            replaced = any(sheet.clan == clan for sheet in mail.sheets)
            mail.sheets = [sheet for sheet in mail.sheets if sheet.clan != clan]
            mail.sheets.append(MailSheet(clan, turn, text))
            mail.sheets.sort(key=lambda sheet: (sheet.game_turn, sheet.clan))
            parsed = parse_sheet(text, game.rules, game.house)
            lines = len(parsed.pre) + len(parsed.post) + len(parsed.agents) + sum(
                len(block) for _, block in parsed.convoys)
            problems = tuple(hide_rule_ids(problem_line(problem))
                             for problem in check_sheet(game, clan, parsed)
                             if not problem.is_warning)
            name = game.clan(clan).name
            said = (f"{source}: accepted the sheet of Clan {clan} ({name}) for game turn "
                    f"{turn}: {number_of(lines, 'order line')} read, "
                    f"{number_of(len(problems), 'problem')} found"
                    + (" (it replaces the sheet that came before)" if replaced else "") + ".")
            answers.append(Answer(source, said, accepted=True, problems=problems))
        if any(answer.accepted for answer in answers):
            table._write_now(f"{number_of(sum(a.accepted for a in answers), 'sheet')} by mail")
    return answers
