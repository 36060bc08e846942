"""Every action of the app has a key a browser lets through (issue 29): browsers keep Ctrl+N,
Ctrl+W and Ctrl+T for themselves, so no binding may have only those."""

from __future__ import annotations

import importlib
import pkgutil

from textual.binding import Binding
from textual.dom import DOMNode

import conquest_tui.ui.screens
import conquest_tui.ui.widgets
from conquest_tui.ui.app import ConquestApp
from conquest_tui.ui.seat_app import SeatApp

BROWSER_KEEPS = {"ctrl+n", "ctrl+w", "ctrl+t"}


def _classes() -> list[type[DOMNode]]:
    found: list[type[DOMNode]] = [ConquestApp, SeatApp]
    for package in (conquest_tui.ui.screens, conquest_tui.ui.widgets):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            found += [value for value in vars(module).values() if isinstance(value, type)
                      and issubclass(value, DOMNode) and value.__module__ == module.__name__]
    return found


def test_no_action_is_only_behind_a_key_the_browser_keeps() -> None:
    checked = 0
    for cls in _classes():
        for binding in cls.BINDINGS:
            if not isinstance(binding, Binding):
                continue
            keys = {key.strip() for key in binding.key.split(",")}
            assert keys - BROWSER_KEEPS, f"{cls.__name__}: {binding.action} only on {keys}"
            checked += 1
    assert checked > 30
