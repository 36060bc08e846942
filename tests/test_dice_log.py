"""The referee's dice log: every draw of the last game turn, and the game's numbers unchanged by
keeping it (issue 31, point 4)."""

from __future__ import annotations

from random import Random

from conquest_tui import session
from conquest_tui.engine.core.rng import GAME_TURN_END, DiceLog
from conquest_tui.pins.hashing import hash_pin
from conquest_tui.storage.savefile import game_to_text
from conquest_tui.storage.sheet_log import state_digest


def test_a_recorded_generator_draws_what_a_plain_one_draws() -> None:
    log = DiceLog([])
    recorded = log.generator("seed:1", 1, lambda: (856, "pulse 2", 3, 1))
    plain = Random("seed:1")
    for rng in (recorded, plain):
        rng.seed("seed:1")
    out = []
    for rng in (recorded, plain):
        deck = list(range(7))
        rng.shuffle(deck)
        out.append((rng.randint(1, 100), rng.random(), rng.choice("abcdefg"),
                    rng.choices("abc", [1, 2, 3], k=2), rng.uniform(0.8, 1.2),
                    rng.sample(range(10), 3), rng.randrange(6), deck, rng.gauss(0, 1)))
    assert out[0] == out[1]
    # A randint that asks randrange inside is one roll; the shuffle shows the new order.
    whats = [roll.what for roll in log.rolls]
    assert whats[:4] == ["a shuffle of 7", "a roll of 1 to 100", "a chance", "a pick of 1 of 7"]
    assert log.rolls[0].result == ", ".join(str(n) for n in out[0][7])
    assert all(roll.clan == 856 and roll.phase == "pulse 2" and roll.line == 3
               for roll in log.rolls)


def test_a_referee_changes_no_number_of_the_game() -> None:
    """Same seed and bots with and without a referee PIN: the same game after every game turn;
    only the refereed save keeps the dice, and only the last game turn's."""
    plain = session.new_game(map_name="test_small", clans=3, bots=3, seed="dice-log")
    refereed = session.new_game(map_name="test_small", clans=3, bots=3, seed="dice-log",
                                referee_pin_hash=hash_pin("4321"))
    assert plain.dice_log is None and refereed.dice_log is not None
    for _ in range(2):
        session.play_bots(plain)
        session.play_bots(refereed)
        assert state_digest(plain.state) == state_digest(refereed.state)
        dice = refereed.state.referee_dice
        assert {roll.game_turn for roll in dice} == {refereed.state.game_turn - 1}
        whos = {roll.clan for roll in dice}
        assert whos == {*refereed.state.clan_order, GAME_TURN_END}
        assert {"population", "market prices"} <= {roll.phase for roll in dice
                                                   if roll.clan == GAME_TURN_END}
    assert "referee_dice" not in game_to_text(plain)
    assert "referee_dice" in game_to_text(refereed)
