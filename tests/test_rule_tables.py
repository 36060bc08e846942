"""The rules' values as play uses them: tables (`FrozenDict`) read like dicts and cannot be
changed in play, so a game's rulebook numbers stay the ones loaded from data/rules/; ranges and
dice roll the very draws `random.Random` would (same save + same sheet = the same game)."""

from __future__ import annotations

import copy
import pickle
from random import Random

import pytest

from conquest_tui.engine.combat.convoy_battle import Fighter, SeededChances, Unit, fight
from conquest_tui.engine.rules.ruleset_values import Dice, FrozenDict, Range
from conquest_tui.storage.rules_loader import load_ruleset


def test_a_rules_table_reads_as_a_dict_and_every_change_is_refused() -> None:
    vehicles = load_ruleset().vehicles
    assert isinstance(vehicles, FrozenDict) and vehicles
    key = next(iter(vehicles))
    table = FrozenDict({"a": 1, "b": 2})
    assert table["a"] == 1 and table.get("c") is None and list(table) == ["a", "b"]
    assert table == {"a": 1, "b": 2} and table != {"a": 1}
    assert hash(table) == hash(FrozenDict({"a": 1, "b": 2}))
    for change in (lambda: vehicles.__setitem__(key, None), lambda: vehicles.pop(key),
                   lambda: vehicles.update({}), lambda: vehicles.clear(),
                   lambda: vehicles.setdefault(key, None), lambda: vehicles.popitem(),
                   lambda: vehicles.__delitem__(key)):
        with pytest.raises(TypeError):
            change()
    assert key in vehicles
    for copied in (copy.copy(table), copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
        assert type(copied) is FrozenDict and copied == table


def test_a_range_and_dice_roll_the_very_draws_of_randint() -> None:
    """A range's roll and each die take the draw `random.Random.randint` would, from the same
    generator in the same order, for narrow and wide ranges alike (same save + same sheet =
    the same game)."""
    for seed in range(20):
        for low, high in ((5, 10), (1, 1), (0, 0), (-3, 3), (1, 6), (2, 8), (0, 2**40)):
            ours, theirs = Random(f"{seed}:{low}"), Random(f"{seed}:{low}")
            assert [Range(low, high).roll(ours) for _ in range(30)] == \
                [theirs.randint(low, high) for _ in range(30)]
            assert ours.random() == theirs.random()
        for count, sides, bonus in ((1, 6, 0), (3, 6, 2), (8, 13, -4), (2, 1, 0)):
            ours, theirs = Random(seed), Random(seed)
            rolled = [Dice(count, sides, bonus).roll(ours) for _ in range(20)]
            assert rolled == [sum(theirs.randint(1, sides) for _ in range(count)) + bonus
                              for _ in range(20)]
            assert ours.random() == theirs.random()
    with pytest.raises(ValueError):
        Dice(1, 0).roll(Random(1))


class _Public:
    """The battle's draws through the public `Chances` methods only (no direct draws)."""

    def __init__(self, seed: int) -> None:
        self.seeded = SeededChances(Random(seed))

    def chance(self, probability: float) -> bool:
        return self.seeded.chance(probability)

    def between(self, low: int, high: int) -> int:
        return self.seeded.between(low, high)

    def pick(self, count: int) -> int:
        return self.seeded.pick(count)

    def roll(self, dice: Dice) -> int:
        return self.seeded.roll(dice)


def test_a_convoy_battle_draws_alike_through_the_seeded_chances_and_their_methods() -> None:
    """A battle fought on `SeededChances` (which draws straight from its generator) comes out
    as the same battle fought through the chances' methods, round for round (CC-CBV-06…09)."""
    rules = load_ruleset().combat
    units = tuple(Unit(f"v{i}", "", 2 + i % 3, 20 + 7 * i, Dice(1 + i % 3, 6, i % 2))
                  for i in range(6))
    fought = set()
    for seed in range(30):
        attacker = Fighter(1, 1, units[: 2 + seed % 5], 10 + seed, seed % 3, 1.0 + seed / 40,
                           troop_hit_chance=0.2 + (seed % 2) * 0.3,
                           kill_vehicles=seed % 4 == 0)
        defender = Fighter(2, 1, units[seed % 3:], 25 - seed % 7, 1, 1.1)
        direct = fight(attacker, defender, rules, SeededChances(Random(seed)), forced=True)
        public = fight(attacker, defender, rules, _Public(seed), forced=True)
        assert direct == public
        fought.add(direct.outcome)
    assert len(fought) > 1
