"""Rules and state records build, compare, hash, print and pickle by their fields (records.py)."""

from __future__ import annotations

import pickle

import pytest

from conquest_tui.engine.records import (
    FrozenInstanceError,
    evolve,
    field,
    field_names,
    fields,
    is_record,
    record,
    resolve_types,
    value_record,
)
from conquest_tui.engine.ruleset_values import Range
from conquest_tui.engine.state import Stockpile
from conquest_tui.storage.rules_loader import load_ruleset


@value_record
class Sample:
    low: int
    name: str = "x"
    note: str = field(default="", eq=False, repr=False)
    table: dict[str, int] = field(factory=dict, hash=False)


@record
class Pile:
    items: list[int] = field(factory=list)


def test_frozen_records_are_values() -> None:
    assert Sample(1) == Sample(1, "x", note="ignored") != Sample(2)
    assert hash(Sample(1)) == hash(Sample(1, note="other"))
    assert hash(Sample(1, table={"a": 1})) == hash(Sample(1))  # unhashable field left out
    assert Sample(1, table={"a": 1}) != Sample(1)
    assert repr(Sample(3, "y", "hidden")) == "Sample(low=3, name='y', table={})"
    assert Sample(1) != (1, "x")
    with pytest.raises(FrozenInstanceError):
        Sample(1).low = 2  # type: ignore[misc]
    assert evolve(Sample(1), low=5) == Sample(5)
    assert Sample(1).table is not Sample(1).table  # a fresh dict for each record


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
    with pytest.raises(FrozenInstanceError):
        Rule(1, 2).low = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"Rule.__init__\(\) missing 1 required .*'high'"):
        Rule(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'middle'"):
        Rule(1, 2, middle=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'low'"):
        Rule(1, 2, low=3)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes from 3 to 4 positional arguments"):
        Rule(1, 2, 3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field 'middle'"):
        evolve(Rule(1, 2), middle=3)


def _tuple(values: object) -> tuple[int, ...]:
    return tuple(values)  # type: ignore[call-overload]


@value_record
class Derived:
    """A map-like record: a converted field, and a private one set after __init__."""

    items: tuple[int, ...] = field(default=[3, 1], converter=_tuple)
    _total: int = field(init=False, repr=False, eq=False, hash=False)

    def __post_init__(self) -> None:
        self.__dict__["_total"] = sum(self.items)

    @property
    def total(self) -> int:
        return self._total


def test_converters_private_fields_and_post_init() -> None:
    """The game map's kind of record: arguments converted (defaults too), private fields set
    once after __init__ and left out of repr, equality and the arguments."""
    assert Derived().items == (3, 1) and Derived([2, 2]).total == 4
    assert Derived([1]) == Derived((1,)) and repr(Derived([1])) == "Derived(items=(1,))"
    assert [spec.alias for spec in fields(Derived) if spec.init] == ["items"]
    with pytest.raises(TypeError, match="unexpected keyword argument 'total'"):
        Derived(total=3)  # type: ignore[call-arg]


def test_state_records_have_slots_and_survive_copies() -> None:
    """The game state's records: no per-instance dict, pickled and deep-copied whole."""
    import copy

    pile = Pile([1, 2])
    assert not hasattr(pile, "__dict__")
    with pytest.raises(AttributeError):
        pile.other = 1  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(pile)) == pile
    clone = copy.deepcopy(pile)
    clone.items.append(3)
    assert pile == Pile([1, 2]) and is_record(Pile) and not is_record(int)


def test_a_required_field_after_a_default_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match="'late' without a default follows 'early'"):

        @record
        class Wrong:
            early: int = 0
            late: int  # type: ignore[misc]


def test_string_annotations_resolve_to_types() -> None:
    """Saves read field types: `from __future__ import annotations` leaves strings to resolve."""
    assert fields(Rule)[0].type == "int"
    assert [spec.type for spec in fields(resolve_types(Rule))] == [int, int, int]


@value_record
class Step(Rule):
    """An order-like record: the fields of its base first, then its own."""

    note: str = ""


def test_a_record_derived_from_a_record_has_the_base_fields_first() -> None:
    assert field_names(Step) == ("low", "high", "bonus", "note")
    assert Step(1, 2, note="n") == Step(1, 2, 0, "n") != Rule(1, 2)
    assert isinstance(Step(1, 2), Rule)
    assert repr(Step(1, 2)) == "Step(low=1, high=2, bonus=0, note='')"
