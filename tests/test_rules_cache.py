"""The user cache of the loaded ruleset: the same Ruleset, rebuilt when stale, never an error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage import paths, rules_cache
from conquest_tui.storage.rules_loader import load_ruleset


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(rules_cache.CACHE_ENV_VAR, str(folder))
    return folder


@pytest.fixture
def rules_copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(paths.rules_dir(), target)
    return target


def _build(rules_dir: Path, calls: list[int]) -> Ruleset:
    calls.append(1)
    return load_ruleset(rules_dir)


def test_cached_ruleset_equals_the_built_one(cache: Path, rules_copy: Path) -> None:
    calls: list[int] = []
    first = rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert (cache / rules_cache.CACHE_FILE).is_file()
    second = rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert calls == [1]  # the second came from the cache
    assert second == first == load_ruleset()
    assert hash(second) == hash(first)
    assert hash(second.terrains) == hash(tuple(second.terrains.items()))  # no stale str hash


def test_a_changed_rules_file_rebuilds(cache: Path, rules_copy: Path) -> None:
    calls: list[int] = []
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    casino = rules_copy / "casino.toml"
    casino.write_text(casino.read_text("utf-8") + "\n# a comment\n", encoding="utf-8")
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert calls == [1, 1]


def test_a_damaged_cache_is_rebuilt(cache: Path, rules_copy: Path) -> None:
    calls: list[int] = []
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    file = cache / rules_cache.CACHE_FILE
    file.write_bytes(file.read_bytes()[:200])
    rules = rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert calls == [1, 1]
    assert rules == load_ruleset()
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert calls == [1, 1]  # and rewritten


def test_the_cache_can_be_switched_off(tmp_path: Path, rules_copy: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(rules_cache.CACHE_ENV_VAR, "off")
    calls: list[int] = []
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls))
    assert calls == [1, 1]
    assert rules_cache.cache_dir() is None


def test_an_unwritable_cache_is_no_error(tmp_path: Path, rules_copy: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(rules_cache.CACHE_ENV_VAR, str(blocker / "cache"))
    calls: list[int] = []
    assert rules_cache.cached_ruleset(rules_copy, lambda: _build(rules_copy, calls)) \
        == load_ruleset()
