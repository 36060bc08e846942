"""A battle's dice come out the same however they are drawn: through a plain generator's own draw
(the fast way) or its public randint and randrange (the dice log's, a script's) (CC-CBV-06/08)."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.combat.convoy_battle import Fighter, SeededChances, Unit, fight
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import (
    Dice,
    Range,
    chances_under,
    plain_below,
    plain_bits,
    rolls,
)


class PublicDraws(Random):
    """Draws what `Random` draws from the same seed, only through its public methods (as the
    referee's dice log does): `plain_below` leaves such a generator alone."""

    def randint(self, a: int, b: int) -> int:
        return super().randint(a, b)


def _side(owner: int, units: tuple[Unit, ...], troops: int) -> Fighter:
    return Fighter(owner=owner, number=1, units=units, troops=troops, rockets=2, factor=1.0)


def test_dice_and_ranges_roll_the_same_numbers_either_way() -> None:
    """CC-CBV-06: 8d6+4, a d13, 5–10 points: the same rolls from the same seed."""
    rolls = (Dice(8, 6, 4), Dice(1, 13), Dice(2, 10, -1), Range(5, 10), Range(7, 7))
    fast, public = Random("same"), PublicDraws("same")
    assert plain_below(fast) is not None and plain_below(public) is None
    assert ([r.roll(fast) for _ in range(300) for r in rolls]
            == [r.roll(public) for _ in range(300) for r in rolls])


def test_battles_fight_the_same_either_way(rules: Ruleset) -> None:
    """CC-CBV-06…10: salvos, points on troops and vehicles, rockets, flight: every round of
    forty battles is the same whether the dice are drawn fast or through the public methods."""
    truck = Unit("truck", "truck", 3, 150, Dice(8, 6, 4))
    car = Unit("car", "car", 2, 60, Dice(3, 6))
    tank = Unit("tank", "large_assault", 5, 300, Dice(12, 8, 2))
    for seed in range(40):
        attacker = _side(1, (car, truck, truck, tank)[: 1 + seed % 4], 10 + seed * 3)
        defender = _side(2, (car, car, truck, tank)[seed % 3:], 40 - seed % 7)
        fast = fight(attacker, defender, rules.combat, SeededChances(Random(seed)), forced=True)
        public = fight(attacker, defender, rules.combat, SeededChances(PublicDraws(seed)),
                       forced=True)
        assert fast == public, seed
        assert fast.rounds  # a forced battle is fought


def test_odd_dice_kill_modes_and_troop_odds_fight_the_same_either_way(rules: Ruleset) -> None:
    """CC-CBV-06/08, CC-CO-KM-02: a d13 and a d300 beside d6 rows, Kill Mode V (the same vehicle
    until destroyed) and T (troops hit 1 in 2), hundreds of troops: the same battles whether a
    salvo's dice and chances are drawn in batches or one by one."""
    odd = Unit("odd", "truck", 3, 200, Dice(9, 13, 8))
    huge = Unit("huge", "large_assault", 5, 400, Dice(2, 300))
    car = Unit("car", "car", 2, 60, Dice(3, 6))
    scout = Unit("scout", "fast_scout", 1, 20, Dice(1, 3))
    for seed in range(30):
        attacker = attrs.evolve(
            _side(1, (scout, car, car, odd, huge)[seed % 3:], 5 + seed * 11),
            kill_vehicles=seed % 2 == 0, troop_hit_chance=0.5 if seed % 3 == 0 else 0.2)
        defender = attrs.evolve(_side(2, (car, odd, odd, huge)[: 1 + seed % 4], 300 - seed),
                                factor=0.5 + seed / 20)
        fast = fight(attacker, defender, rules.combat, SeededChances(Random(seed)), forced=True)
        public = fight(attacker, defender, rules.combat, SeededChances(PublicDraws(seed)),
                       forced=True)
        assert fast == public, seed


def test_batched_rolls_and_chances_draw_what_one_by_one_draws() -> None:
    """CC-CBV-06: a salvo's dice and its troops' chances, drawn as batches of bits, come out as
    that many rolls and `random()` draws, and leave the generator where they leave it (this
    Python draws that way: `plain_bits` is in use)."""
    batched, plain = Random("salvo"), Random("salvo")
    bits = plain_bits(batched)
    assert bits is not None and plain_bits(PublicDraws("salvo")) is None
    for sides, count in ((6, 40), (13, 9), (3, 1), (255, 30), (1, 4)):
        assert rolls(bits, count, sides) == sum(plain.randint(1, sides) for _ in range(count))
    for odds, count in ((0.5, 200), (0.2, 500), (1 / 3, 90), (0.0, 5), (1.0, 5)):
        assert chances_under(bits, count, odds) == sum(plain.random() < odds
                                                       for _ in range(count))
    assert batched.getstate() == plain.getstate()
