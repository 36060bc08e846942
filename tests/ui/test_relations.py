"""The relations screen (R on the game screen): Clans met, what espionage told, ALLY/BAN lines
written on the sheet (never the state itself), and who allies with whom as far as one knows."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.app import App

from conquest_tui import session
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.relations_data import UNKNOWN, matrix, relations
from conquest_tui.ui.screens.relations import RelationsScreen, detail
from conquest_tui.ui.widgets.order_sheet_pane import OrderSheetPane
from tests.ui.helpers import legal_step, screen_text, take_the_terminal, wait_for_screen, wait_until


def staged(*, spied: bool) -> tuple[Game, int, int, int]:
    """Three Clans from game turn 5: the first allies with the third and meets the second's
    convoy; the second (if `spied`) buys ESPIONAGE on the first's ALLIES and OWNER."""
    game = session.new_game(map_name="test_small", clans=3, seed="relations")
    a, b, c = game.state.clan_order
    game.state.game_turn = 5
    for clan in (a, b, c):
        game.clan(clan).stock.money = 1_000_000
    step = legal_step(game, a)
    prey = game.convoys_of(b)[0]
    game.move_convoy(prey, hexgrid.neighbor(game.convoys_of(a)[0].hex, step))
    prey.hidden = False
    game.clan(a).name, game.clan(a).slogan = "Robin [i]Hood[/i]", "All [red]yours[/red]"
    run_clan_turn(game, a, f"[PRE]\nALLY {c}\n[CONVOY 1]\n{step}\n")
    if spied:
        run_clan_turn(game, b, f"[PRE]\nESPIONAGE {a} ALLIES OWNER\n")
    return game, a, b, c


def test_the_matrix_shows_only_what_espionage_told_cc_cl_espionage_03_cc_cl_ally_01() -> None:
    game, a, b, c = staged(spied=True)
    clans, cells = matrix(ClanView(game, b))
    assert clans == (b, *sorted((a, c)))
    assert cells[a, c].cell == "A?", "an ally; whether it bans was not asked"
    assert cells[a, b].cell == UNKNOWN, "not its ally; its bans not known"
    assert cells[c, a].cell == UNKNOWN, "nobody spied on the third Clan"
    assert cells[b, a].cell == "·", "your own lists are known"


def test_clans_dealt_with_are_listed_though_their_convoys_never_met_cc_gen_12_cc_cl_ally_01(
) -> None:
    """Issue 27: after messages and an ALLY, the relations screen lists the other Clan (not
    "not met yet"), without its slogan (shown only when convoys meet, CC-GEN-12); a signed
    message names its sender, an anonymous one nobody; it stays listed turns later."""
    game = session.new_game(map_name="test_small", clans=3, seed="contacts")
    a, b, c = game.state.clan_order
    run_clan_turn(game, a, f'[PRE]\nBROADCAST {b} "Friends?"\nALLY {b}\nMESSAGE {c} "Boo"\n')
    run_clan_turn(game, b, f"[PRE]\nALLY {a}\n")
    run_clan_turn(game, c, "")
    mine = {r.clan.number: r for r in relations(ClanView(game, a), {})}
    assert set(mine) == {b, c} and mine[b].ally and not mine[b].clan.met
    assert mine[b].clan.slogan == "" and mine[b].clan.name == game.clan(b).name
    assert [r.clan.number for r in relations(ClanView(game, b), {})] == [a], "signed, allied"
    assert relations(ClanView(game, c), {}) == [], "an anonymous message names nobody"
    for clan in (a, b, c, a, b):
        run_clan_turn(game, clan, "")
    assert [r.clan.number for r in relations(ClanView(game, b), {})] == [a]
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(
        detail(relations(ClanView(game, b), {})[0]))
    text = out.getvalue()
    assert "not known until your convoys meet" in text and "not yet" in text


async def test_a_and_b_write_ally_and_ban_lines_on_the_sheet_cc_cl_ally_01_cc_cl_ban_01(
        tmp_path: Path) -> None:
    """R lists the Clan met with its name and slogan as written; a adds ALLY n under [PRE],
    a again takes it back, b adds BAN n; the Clan's lists are not changed."""
    game, a, b, _ = staged(spied=False)
    path = tmp_path / "relations.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        assert screen.clan_number == b
        await pilot.press("escape", "R")
        await wait_for_screen(pilot, RelationsScreen)
        text = screen_text(app)
        assert "Robin [i]Hood[/i]" in text and "All [red]yours[/red]" in text
        sheet = screen.query_one(OrderSheetPane)
        await pilot.press("a")
        await wait_until(pilot, lambda: f"ALLY {a}" in sheet.text, "the ALLY line")
        assert sheet.text.index(f"ALLY {a}") < sheet.text.index("[CONVOY")
        assert "no → yes" in screen_text(app)
        await pilot.press("a", "b")
        await wait_until(pilot, lambda: f"BAN {a}" in sheet.text, "the BAN line")
        assert f"ALLY {a}" not in sheet.text
        assert not game.clan(b).allies and not game.clan(b).bans
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the game screen again")
        assert sheet.problem_count == 0


class RelationsHost(App[None]):
    """The relations screen alone, over a staged game (snapshots without the hand-over)."""

    def __init__(self, view: ClanView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        self.push_screen(RelationsScreen(self.view, lambda order, clan: 0,
                                         lambda order, clan: False))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_relations_snapshot(size: tuple[int, int], snap_compare: Any) -> None:
    game, _, b, _ = staged(spied=True)
    assert snap_compare(RelationsHost(ClanView(game, b)), terminal_size=size)


async def test_a_treaty_partner_never_met_is_said_to_be_known_by_its_treaty_house_treaty_01(
        tmp_path: Path) -> None:
    """A treaty is offered and accepted by Clan number (HOUSE-TREATY-01/02), so a partner can be
    one whose convoys never met yours: "First met" says so, and does not claim it is known from
    messages or the ally and ban lists (its slogan stays unknown, CC-GEN-12)."""
    game = session.new_game(map_name="test_small", clans=3, seed="relations",
                            house_rules=("treaties",))
    a, b, c = game.state.clan_order
    run_clan_turn(game, a, f"[PRE]\nOFFER NAT {c} 5\n")
    run_clan_turn(game, b, "")
    run_clan_turn(game, c, f"[PRE]\nACCEPT {a}\n")
    partner = {info.number: info for info in ClanView(game, a).contacts()}
    assert set(partner) == {c} and not partner[c].met, "a treaty partner never met"
    path = tmp_path / "treaty.json"
    session.save(game, path)
    app = ConquestApp(path, saves_folder=tmp_path, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await take_the_terminal(pilot)
        assert screen.clan_number == a
        await pilot.press("escape", "R")
        await wait_for_screen(pilot, RelationsScreen)
        await wait_until(pilot, lambda: "First met" in screen_text(app), "the partner's detail")
        text = " ".join(screen_text(app).split())
        assert "non-aggression treaty" in text
        assert "not yet: your convoys have not met its convoys" in text
        assert "by Clan number" in text
        assert "known from messages" not in text
