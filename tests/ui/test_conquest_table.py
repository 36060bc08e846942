"""Conquest at the table in the app: the New Game form, the hand-over behind a PIN, the title's
list, a resignation that leaves only bots playing to the end and its standings.

Covers W42-SET-04 (deployment at the keyboard), W42-END-01/02 (the end and the standings) as a
player sees them, and W42-ATT-03-AMB's table (a person's seat behind a PIN)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Switch

from conquest_tui.games.conquest.actions import Place
from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable, game_of
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.conquest.game_over_screen import ConquestGameOverScreen
from conquest_tui.ui.conquest.handover_screen import ConquestHandoverScreen
from conquest_tui.ui.conquest.new_game_screen import ConquestNewGameScreen
from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen
from conquest_tui.ui.screens.handover import PinPrompt
from conquest_tui.ui.screens.new_game import NewGameScreen
from conquest_tui.ui.screens.title import TitleScreen
from tests.ui.helpers import screen_text

PINS = {"Ann": "2468", "Bob": "1357"}


def pin_game(folder: Path) -> Path:
    path = folder / "world.json"
    ConquestTable.new(path, [ConquestPlayer("Ann", None, PINS["Ann"]),
                             ConquestPlayer("Bob", None, PINS["Bob"]),
                             ConquestPlayer("Cyd", "easy")], 4)
    return path


async def settle(pilot, times: int = 3) -> None:  # noqa: ANN001 - a Pilot
    for _ in range(times):
        await pilot.pause()


async def test_the_handover_shows_nothing_of_the_player_until_the_pin(saves: Path) -> None:
    path = pin_game(saves)
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        handover = app.screen
        assert isinstance(handover, ConquestHandoverScreen)
        name = handover.door.label.split(" (")[0]
        shown = screen_text(app)
        assert f"{handover.door.label} — take the terminal;" in shown
        assert "Alaska" not in shown and "armies" not in shown
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PinPrompt)
        await pilot.press(*"0000", "enter")
        await settle(pilot)
        assert app.screen.note == "Wrong PIN."
        await pilot.press(*PINS[name], "enter")
        await settle(pilot)
        turn = app.screen
        assert isinstance(turn, ConquestTurnScreen)
        assert turn.view.player == name
        assert "Initial deployment" in screen_text(app)
        mine = next(t.name for t in turn.view.territories if t.owner == name)
        armies = next(t.armies for t in turn.view.territories if t.name == mine)
        turn.query_one("#cq-map").move_to(mine)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        table = ConquestTable.open(path)
        assert next(t.armies for t in table.open_seat(
            next(s.number for s in table.seats if s.name == name), PINS[name]).view().territories
            if t.name == mine) == armies + 1
        assert isinstance(app.screen, ConquestHandoverScreen)  # the next person has a PIN


async def test_each_person_gives_the_pin_once_for_the_whole_initial_deployment(
        saves: Path) -> None:
    """W42-SET-04-AMB at the table: one army at a time in turn, but a seat opened with its PIN
    stays open until the first turn begins; the first turn's hand-over asks the PIN again."""
    from conquest_tui.ui.conquest.words import deploy_left

    path = pin_game(saves)
    table = ConquestTable.open(path)
    # Every person down to two armies of the deployment (the bot places its own as it goes).
    seats = {s.number: table.open_seat(s.number, PINS.get(s.name)) for s in table.seats}
    table.play_bots()
    while True:
        seat = seats[table.to_act]
        view = seat.view()
        if deploy_left(view, table.rules) <= 2:
            break
        seat.act(Place(next(t.name for t in view.territories if t.owner == view.player), 1))
        table.play_bots()
    asked: list[str] = []
    placed: list[str] = []
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(20):
            screen = app.screen
            if isinstance(screen, ConquestHandoverScreen):
                name = screen.door.label.split(" (")[0]
                await pilot.press("enter")
                await settle(pilot)
                assert isinstance(app.screen, PinPrompt)
                asked.append(name)
                await pilot.press(*PINS[name], "enter")
            elif isinstance(screen, ConquestTurnScreen):
                if screen.view.phase != "initial deployment":
                    break
                placed.append(screen.view.player)
                mine = next(t.name for t in screen.view.territories
                            if t.owner == screen.view.player)
                screen.query_one("#cq-map").move_to(mine)  # type: ignore[attr-defined]
                await pilot.press("enter")
            await settle(pilot)
        turn = app.screen
        assert isinstance(turn, ConquestTurnScreen)
        assert turn.view.phase != "initial deployment"
        assert sorted(placed) == ["Ann", "Ann", "Bob", "Bob"]
        # Each person's PIN once for the deployment, then the first turn's PIN again.
        assert sorted(asked[:2]) == ["Ann", "Bob"]
        assert asked[2:] == [turn.view.player]


async def test_the_title_lists_a_conquest_save_and_opens_it(saves: Path) -> None:
    pin_game(saves)
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        text = screen_text(app)
        assert "world.json" in text and "Conquest: the classic world" in text
        await pilot.press("l", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConquestHandoverScreen)


async def test_the_new_game_form_offers_conquest(saves: Path) -> None:
    app = ConquestApp(saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#game-select", Select).value = "conquest"
        await settle(pilot)
        form = app.screen
        assert isinstance(form, ConquestNewGameScreen)
        form.query_one("#seed", Input).value = "tea"
        form.query_one("#cq-bot-2", Switch).value = True
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot, 5)
        path = saves / "conquest-tea.json"
        assert game_of(path) == "conquest"
        seats = ConquestTable.open(path).seats
        assert sorted((s.name, s.is_bot) for s in seats) == [
            ("Ann", False), ("Bob", False), ("Cyd", True)]
        assert isinstance(app.screen, ConquestHandoverScreen | ConquestTurnScreen)


async def test_a_resignation_leaves_the_bots_to_play_to_the_end(saves: Path) -> None:
    path = saves / "duel.json"
    ConquestTable.new(path, [ConquestPlayer("Ann"), ConquestPlayer("Bob", "hard")], 3)
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, ConquestHandoverScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, ConquestTurnScreen)
        await pilot.press("ctrl+x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot, 6)
        assert isinstance(app.screen, ConquestGameOverScreen)
        text = screen_text(app)
        assert "has conquered the world." in text and "winner" in text
        await pilot.press("g")
        await settle(pilot)
        assert app.screen.query("FiguresPlot")


async def test_a_move_made_in_another_window_loads_the_game_again(saves: Path) -> None:
    """One writer at a time: a move made elsewhere is never overwritten; the game is read again
    and the table goes on from there, saying why."""
    path = saves / "two.json"
    ConquestTable.new(path, [ConquestPlayer("Ann", None, "11"), ConquestPlayer("Bob", None, "22")],
                      5)
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        handover = app.screen
        assert isinstance(handover, ConquestHandoverScreen)
        name = handover.door.label.split(" (")[0]
        await pilot.press("enter", *("11" if name == "Ann" else "22"), "enter")
        await settle(pilot)
        turn = app.screen
        assert isinstance(turn, ConquestTurnScreen)
        other = ConquestTable.open(path)
        number = other.to_act
        mine = next(t.name for t in turn.view.territories if t.owner == name)
        other.open_seat(number, "11" if name == "Ann" else "22").act(Place(mine, 1))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConquestHandoverScreen)
        assert "loaded again" in screen_text(app)
        assert app.screen.door.label.split(" (")[0] != name


async def test_random_keys_across_the_table_crash_nothing(saves: Path) -> None:
    """Keys at random from the hand-over on (the PIN-less turns, their dialogs, help, the
    history): nothing raises."""
    import random

    from tests.ui.test_conquest_turn import KEYS, press_quickly

    path = saves / "fuzz.json"
    ConquestTable.new(path, [ConquestPlayer("Ann"), ConquestPlayer("Bob"),
                             ConquestPlayer("Cyd", "easy")], 8)
    rng = random.Random(8)
    # Escape on the hand-over goes to the title: left out, the keys stay at the Conquest table
    # (the title's own screens are Continental Conquest's, fuzzed by their own tests).
    keys = [key for key in (*KEYS, "f1", "h", "g", "o", "i") if key != "escape"]
    app = ConquestApp(path, saves_folder=saves, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(8):
            await press_quickly(pilot, [rng.choice(keys) for _ in range(15)])
        assert app.is_running
