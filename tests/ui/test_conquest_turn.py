"""Conquest's turn screen played with the keyboard: place, attack through the dialog (the
exact chance, the dice), move in, the final move, cards, the end of the turn; no key crashes.

Covers W42-ARM-05 (placing before the attacks), W42-ATT-01/02/04/05/07/08 (the attack as the
player sees it), W42-MOV-01 (one final move), W42-CARD-04/05 (cashing a set), W42-SET-04
(the initial deployment, one army at a time).
"""

from __future__ import annotations

import random

from textual import events
from textual.widgets import Input, Static

from conquest_tui.games.conquest.battle import capture
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.odds import capture_chance, percent
from conquest_tui.games.conquest.state import Battle, GameState, Phase
from conquest_tui.storage.conquest_data import load_board, load_rules
from conquest_tui.ui.conquest.attack_dialog import AttackDialog
from conquest_tui.ui.conquest.cards_dialog import CardsDialog
from conquest_tui.ui.conquest.count_dialog import CountDialog
from conquest_tui.ui.conquest.layout import load_layout
from conquest_tui.ui.conquest.map_pane import WorldMap
from conquest_tui.ui.conquest.turn_screen import ConquestTurnScreen
from tests.ui.conquest_helpers import MemorySeat, TurnHost, deployed_game, fresh_game
from tests.ui.helpers import screen_text

SIZE = (100, 30)


def text_of(app: TurnHost, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def front_and_enemy(state, player: int) -> tuple[str, str]:  # noqa: ANN001 - a GameState
    """An own territory bordering an enemy one, and that enemy territory."""
    for source in state.territories_of(player):
        for target in state.board.neighbours(source):
            if state.owner[target] != player:
                return source, target
    raise AssertionError("no front")


def own_pair(state, player: int) -> tuple[str, str]:  # noqa: ANN001 - a GameState
    for source in state.territories_of(player):
        for target in state.board.neighbours(source):
            if state.owner[target] == player:
                return source, target
    raise AssertionError("no two own territories side by side")


async def choose(pilot, territory: str) -> None:  # noqa: ANN001 - a Pilot
    pilot.app.screen.query_one(WorldMap).move_to(territory)
    await pilot.press("enter")
    await pilot.pause()


async def test_place_a_typed_number_then_the_rest_by_the_dialog() -> None:
    state = deployed_game()
    me = state.current
    seat = MemorySeat(state, me)
    left = state.to_place
    first = state.territories_of(me)[0]
    before = state.armies[first]
    app = TurnHost(seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"Place armies: {left} left" in text_of(app, "#cq-phase")
        await pilot.press("2")
        await choose(pilot, first)
        assert state.armies[first] == before + 2
        assert f"Place armies: {left - 2} left" in text_of(app, "#cq-phase")
        await choose(pilot, first)  # no number: the dialog asks, all that is left by default
        assert isinstance(app.screen, CountDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert state.armies[first] == before + left
        assert state.phase is Phase.ATTACK
        assert "Attack" in text_of(app, "#cq-phase")


async def test_placing_on_an_enemy_territory_is_explained() -> None:
    state = deployed_game()
    seat = MemorySeat(state, state.current)
    _, enemy = front_and_enemy(state, state.current)
    app = TurnHost(seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, enemy)
        owner = state.players[state.owner[enemy]].name
        assert text_of(app, "#cq-hint") == (
            f"{enemy} is {owner}'s: place on a territory of yours.")


async def test_attack_dialog_shows_the_exact_chance_then_the_dice() -> None:
    state = deployed_game()
    me = state.current
    state.to_place, state.phase = 0, Phase.ATTACK
    source, target = front_and_enemy(state, me)
    state.armies[source], state.armies[target] = 6, 4
    seat = MemorySeat(state, me)
    app = TurnHost(seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, source)
        assert app.screen.query_one(WorldMap).marks.source == source
        await choose(pilot, target)
        assert isinstance(app.screen, AttackDialog)
        exact = percent(capture_chance(load_rules(), 6, 4))
        assert f"Chance of taking {target}: {exact} (exact" in text_of(app, "#cq-attack-chance")
        await pilot.press("a")
        await pilot.pause()
        dice = text_of(app, "#cq-attack-dice")
        assert " against " in dice and "[" in dice
        lost = 6 - state.armies[source] + 4 - state.armies[target]
        assert lost == 2  # three dice against two: two armies lost between them
        assert "r: roll again" in text_of(app, "#cq-attack-keys") or state.battle is None
        if state.phase is Phase.BATTLE:
            await pilot.press("x")  # retreat
            await pilot.pause()
            assert "called off" in text_of(app, "#cq-attack-outcome")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConquestTurnScreen)
        assert any(" against " in line for line in app.screen.log_lines)


async def test_blitz_capture_then_move_in() -> None:
    state = deployed_game()
    me = state.current
    state.to_place, state.phase = 0, Phase.ATTACK
    source, target = front_and_enemy(state, me)
    state.armies[source], state.armies[target] = 40, 1
    seat = MemorySeat(state, me)
    app = TurnHost(seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, source)
        await choose(pilot, target)
        exact = percent(capture_chance(load_rules(), 40, 1))
        assert f"Chance of taking {target}: {exact}" in text_of(app, "#cq-attack-chance")
        await pilot.press("b")
        await pilot.pause()
        assert state.owner[target] == me
        assert f"takes {target}" in text_of(app, "#cq-attack-outcome")
        field = app.screen.query_one("#cq-move-in", Input)
        assert field.display and field.value == str(state.armies[source] - 1)
        field.value = "5"
        await pilot.press("enter")
        await pilot.pause()
        assert state.armies[target] == 6
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConquestTurnScreen)
        assert state.phase is Phase.ATTACK


async def test_final_move_ends_the_turn() -> None:
    state = deployed_game()
    me = state.current
    state.to_place, state.phase = 0, Phase.ATTACK
    source, target = own_pair(state, me)
    state.armies[source] = 5
    seat = MemorySeat(state, me)
    app = TurnHost(seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert "Final move" in text_of(app, "#cq-phase")
        await choose(pilot, source)
        await choose(pilot, target)
        assert isinstance(app.screen, CountDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert state.armies[source] == 1
        assert state.current != me
        assert app.turns_over and any("moves 4 armies" in line for line in app.turns_over[-1])


async def test_end_turn_asks_first() -> None:
    state = deployed_game()
    me = state.current
    state.to_place, state.phase = 0, Phase.ATTACK
    app = TurnHost(MemorySeat(state, me))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert state.current == me
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert state.current != me and app.turns_over


async def test_cash_a_set_from_the_cards_dialog() -> None:
    state = deployed_game()
    me = state.current
    territories = state.territories_of(me)
    state.players[me].cards = [Card(1, territories[0]), Card(2, "Peru"), Card(3, "Japan")]
    state.phase = Phase.CARDS
    before = state.to_place
    app = TurnHost(MemorySeat(state, me))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Cash a set" in text_of(app, "#cq-phase")
        assert "c Cash a set" in screen_text(app).splitlines()[-1]  # offered from round 1 on
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CardsDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert state.to_place == before + 4  # the first set of the game
        assert state.players[me].cards == []
        assert "Place armies" in text_of(app, "#cq-phase")


async def test_deployment_places_one_army_and_the_turn_passes() -> None:
    state = fresh_game()
    me = state.current
    mine = state.territories_of(me)[0]
    app = TurnHost(MemorySeat(state, me))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Initial deployment: one army at a time" in text_of(app, "#cq-phase")
        footer = screen_text(app).splitlines()[-1]
        assert "Choose" in footer  # no cards, attacks or turn to end yet: not offered
        assert "Cash a set" not in footer and "End turn" not in footer
        await choose(pilot, mine)
        assert state.armies[mine] == 2
        assert state.current != me and app.turns_over


async def press_quickly(pilot, keys: list[str]) -> None:  # noqa: ANN001 - a Pilot
    """Keys sent as a fast typist would: all at once, then the screen settles (Pilot.press
    waits for the app after each key)."""
    for key in keys:
        char = {"space": " ", "enter": "\r", "tab": "\t"}.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(pilot.app)
        pilot.app._driver.send_message(event)  # noqa: SLF001 - as Pilot.press sends it
    await pilot.pause()


KEYS = [*"abcdefgikmnrsxyzACKP0123456789", "enter", "escape", "tab", "shift+tab", "up", "down",
        "left", "right", "space", "backspace", "f2", "delete"]


async def test_no_key_crashes_the_screen_in_any_phase() -> None:
    """Random keys in each phase: whatever happens, the screen stays up (no exception)."""
    rng = random.Random(30)
    app = TurnHost(MemorySeat(fresh_game(), 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for phase in (Phase.DEPLOY, Phase.CARDS, Phase.PLACE, Phase.ATTACK, Phase.BATTLE,
                      Phase.MOVE_IN, Phase.MOVE):
            state = in_phase(phase)
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await pilot.pause()
            app.push_screen(ConquestTurnScreen(MemorySeat(state, state.current), load_rules(),
                                               load_board(), load_layout()))
            await pilot.pause()
            for _ in range(2):
                await press_quickly(pilot, [rng.choice(KEYS) for _ in range(12)])
        assert app.is_running


def in_phase(phase: Phase) -> GameState:
    """A game of three at `phase`, set up by hand where play would take long to get there."""
    state = fresh_game() if phase is Phase.DEPLOY else deployed_game()
    me = state.current
    source, target = front_and_enemy(state, me)
    if phase is Phase.CARDS:
        state.players[me].cards = [Card(0), Card(0), Card(1, "Peru"), Card(2, "Japan"),
                                   Card(3, "Ural")]
        state.phase = phase
    elif phase in (Phase.ATTACK, Phase.BATTLE, Phase.MOVE_IN, Phase.MOVE):
        state.to_place, state.phase = 0, Phase.ATTACK
        state.armies[source] = 9
        if phase is not Phase.ATTACK:
            state.battle = Battle(source, target)
            state.phase = Phase.BATTLE
            if phase is Phase.MOVE_IN:
                state.armies[target] = 0
                capture(state)
            elif phase is Phase.MOVE:
                state.battle, state.phase = None, Phase.MOVE
    return state


async def test_a_standing_order_for_an_own_territory() -> None:
    """W42-ATT-03-AMB: withdraw from a territory when attacked by so many armies or more."""
    state = deployed_game()
    me = state.current
    state.to_place, state.phase = 0, Phase.ATTACK
    source, target = own_pair(state, me)
    _, enemy = front_and_enemy(state, me)
    app = TurnHost(MemorySeat(state, me))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        world = app.screen.query_one(WorldMap)
        world.move_to(enemy)
        await pilot.press("o")
        assert "is not yours" in text_of(app, "#cq-hint")
        world.move_to(source)
        await pilot.press("o")
        await pilot.pause()
        field = app.screen.query_one("#cq-threshold", Input)
        field.value = "6"
        await pilot.press("enter")
        await pilot.pause()
        order = state.players[me].standing[source]
        assert (order.threshold, order.to) == (6, "")
        assert f"Withdraw from {source} if attacked by 6 armies or more" in text_of(
            app, "#cq-cards")
