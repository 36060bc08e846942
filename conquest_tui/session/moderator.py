"""The moderator's run of a game played by mail: the kept sheets in the Clans' order, late turns.

Without a deadline, the turns of a game turn run only when every sheet it still needs is in;
then the next game turn's, if its sheets are in too. At the deadline the rulebook's rule for
late turns applies (CC-GEN-03, "Play by mail" in docs/rules-interpretations.md): the sheets
that are in run in order, and a Clan without one has its turn moved after all the others of
the game turn, to run when its sheet comes — the game turn waits for it until the next
deadline, where a Clan still without a sheet is more than a turn behind and is dropped
(CC-GEN-11: its units stay and defend, and never move again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.session.errors import SessionError
from conquest_tui.session.mail import (
    Moderation,
    Packet,
    by_mail,
    in_sequence,
    kept_sheet,
    packet,
)

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.session.table import Session


def label(game: Game, clan: int) -> str:
    """"Clan N (name)"."""
    return f"Clan {clan} ({game.clan(clan).name})"


def awaited(game: Game) -> list[int]:
    """The people's Clans of the game turn in progress whose turn has not run and whose sheet
    has not come, in the Clans' order."""
    state = game.state
    return [clan for clan in state.clan_order[state.turn_index:]
            if not game.clan(clan).resigned and game.clan(clan).seat != "bot"
            and kept_sheet(game, clan, state.game_turn) is None]


def move_after_the_others(game: Game, clan: int) -> None:
    """The Clan's turn runs after every other turn of this game turn (CC-GEN-03)."""
    state = game.state
    done, rest = state.clan_order[:state.turn_index], state.clan_order[state.turn_index:]
    state.clan_order = [*done, *(other for other in rest if other != clan), clan]


def moderate(table: Session, *, deadline: bool = False) -> Moderation:
    """Run the kept sheets (see the module's docstring), save once if anything ran, and make
    the next packet of every Clan that has no PIN."""
    from conquest_tui.engine.core.state import Arrival, MailRun
    from conquest_tui.engine.economy.gameturn import resign
    from conquest_tui.session.bot_turns import play_bot_turn
    from conquest_tui.storage.sheet_log import EntryKind, record

    sentences: list[str] = []
    with table._locked():
        game = table._game
        state = game.state
        if not by_mail(game):
            raise SessionError("this game is not played by mail yet: make the Clans' packets "
                               "first (conquest packet SAVE --clan N)")
        mail = state.mail
        due = state.game_turn if deadline else 0
        moved: set[int] = set()
        changed = False
        while not state.finished:
            active = state.active_clan
            clan = game.clan(active)
            turn = state.game_turn
            if clan.seat == "bot":
                if awaited(game) and turn != due:
                    break
                play_bot_turn(game)
                sentences.append(f"Bot {label(game, active)} played its turn of game turn "
                                 f"{turn}.")
            elif (sheet := kept_sheet(game, active, turn)) is not None:
                if awaited(game) and turn != due:
                    break
                late = active in mail.late
                table._play(active, sheet.text)
                sentences.append(f"{label(game, active)}'s sheet for game turn {turn} ran"
                                 + (" (late, after all the others)." if late else "."))
            elif turn != due or active in moved:
                break
            elif active in mail.late:
                mail.late.remove(active)
                mail.runs.append(MailRun(turn, active, Arrival.DROPPED))
                resign(game, active)
                record(state, turn, active, EntryKind.DROPPED)
                sentences.append(f"{label(game, active)} sent no sheet for game turn {turn} "
                                 "by a second deadline: more than a turn behind, it is dropped "
                                 "from the game (its units stay where they are).")
            else:
                mail.late.append(active)
                mail.runs.append(MailRun(turn, active, Arrival.WAITING))
                move_after_the_others(game, active)
                record(state, turn, active, EntryKind.LATE)
                moved.add(active)
                sentences.append(f"{label(game, active)} sent no sheet for game turn {turn} by "
                                 "the deadline: its turn runs after all the others, when its "
                                 "sheet comes.")
            changed = True
            in_sequence(game)
        if changed:
            table._write_now("the moderator's run")
        waiting = tuple(label(game, clan) for clan in awaited(game)) \
            if not state.finished else ()
        packets: list[Packet] = []
        kept_back: list[str] = []
        for number in state.clan_order:
            if game.clan(number).pin_hash:
                kept_back.append(label(game, number))
            else:
                packets.append(packet(game, number))
    return Moderation(tuple(sentences), waiting, tuple(packets), tuple(kept_back))
