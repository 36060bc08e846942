"""A battle's dice come out the same however they are drawn: through a plain generator's own draw
(the fast way) or its public randint and randrange (the dice log's, a script's) (CC-CBV-06/08)."""

from __future__ import annotations

from random import Random

from conquest_tui.engine.combat.convoy_battle import Fighter, SeededChances, Unit, fight
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import Dice, Range, plain_below


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
