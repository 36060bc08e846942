"""Rules and state records compare, hash, print and pickle by their fields (engine/records.py)."""

from __future__ import annotations

import pickle

import attrs
import pytest

from conquest_tui.engine.records import evolve, field_names, frozen_record, record, value_record
from conquest_tui.engine.ruleset_values import Range
from conquest_tui.engine.state import Stockpile
from conquest_tui.storage.rules_loader import load_ruleset


@frozen_record
class Sample:
    low: int
    name: str = "x"
    note: str = attrs.field(default="", eq=False, repr=False)
    table: dict[str, int] = attrs.field(factory=dict, hash=False)


@record
class Pile:
    items: list[int] = attrs.field(factory=list)


def test_frozen_records_are_values() -> None:
    assert Sample(1) == Sample(1, "x", note="ignored") != Sample(2)
    assert hash(Sample(1)) == hash(Sample(1, note="other"))
    assert hash(Sample(1, table={"a": 1})) == hash(Sample(1))  # unhashable field left out
    assert Sample(1, table={"a": 1}) != Sample(1)
    assert repr(Sample(3, "y", "hidden")) == "Sample(low=3, name='y', table={})"
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


@value_record
class Rule:
    low: int
    high: int
    bonus: int = 0


def test_value_records_behave_like_frozen_attrs_records() -> None:
    """The rulebook's records: built by keyword or position, defaults, frozen, compared and
    hashed by value, pickled, evolved; wrong arguments are named."""
    assert Rule(1, 2) == Rule(low=1, high=2, bonus=0) != Rule(1, 2, 3)
    assert hash(Rule(1, 2)) == hash(Rule(high=2, low=1))
    assert repr(Rule(1, 2, 3)) == "Rule(low=1, high=2, bonus=3)"
    assert field_names(Rule) == ("low", "high", "bonus") and field_names(Sample)[0] == "low"
    assert evolve(Rule(1, 2), bonus=5) == Rule(1, 2, 5)
    assert evolve(Sample(1), low=2) == Sample(2)
    assert pickle.loads(pickle.dumps(Rule(4, 5))) == Rule(4, 5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Rule(1, 2).low = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing required arguments: high"):
        Rule(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'middle'"):
        Rule(1, 2, middle=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'low'"):
        Rule(1, 2, low=3)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 3 arguments"):
        Rule(1, 2, 3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field 'middle'"):
        evolve(Rule(1, 2), middle=3)
