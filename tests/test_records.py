"""Rules and state records compare, hash, print and pickle by their fields (engine/records.py)."""

from __future__ import annotations

import pickle

import attrs
import pytest

from conquest_tui.engine.records import frozen_record, record
from conquest_tui.engine.ruleset_values import Range
from conquest_tui.engine.state import Stockpile
from conquest_tui.storage.rules_loader import load_ruleset


@frozen_record
class Sample:
    low: int
    name: str = "x"
    note: str = attrs.field(default="", eq=False, repr=False)


@record
class Pile:
    items: list[int] = attrs.field(factory=list)


def test_frozen_records_are_values() -> None:
    assert Sample(1) == Sample(1, "x", note="ignored") != Sample(2)
    assert hash(Sample(1)) == hash(Sample(1, note="other"))
    assert repr(Sample(3, "y", "hidden")) == "Sample(low=3, name='y')"
    assert Sample(1) != (1, "x")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Sample(1).low = 2  # type: ignore[misc]
    assert attrs.evolve(Sample(1), low=5) == Sample(5)


def test_mutable_records_compare_but_do_not_hash() -> None:
    pile = Pile([1])
    assert pile == Pile([1]) != Pile()
    pile.items.append(2)
    assert pile == Pile([1, 2])
    with pytest.raises(TypeError):
        hash(pile)
    assert repr(Stockpile(money=5)).startswith("Stockpile(money=5, food=0")


def test_the_ruleset_survives_pickling_whole() -> None:
    """The rules cache pickles the ruleset: the copy must be equal and hash alike."""
    rules = load_ruleset()
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and hash(copy) == hash(rules)
    assert pickle.loads(pickle.dumps(Range(8, 20))) == Range(8, 20)
