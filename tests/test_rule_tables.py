"""The rules' tables (`FrozenDict`) are read like dicts and cannot be changed in play: a game's
rulebook numbers stay the ones loaded from data/rules/ (the project's standard)."""

from __future__ import annotations

import copy
import pickle

import pytest

from conquest_tui.engine.rules.ruleset_values import FrozenDict
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
