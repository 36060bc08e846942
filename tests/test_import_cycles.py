"""No two modules of the app import each other, even by a detour (imports under
`if TYPE_CHECKING:` do not count; imports inside functions do); and no engine package grows
past 14 modules but the order book (one module per family of orders)."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

ROOT = "conquest_tui"

KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Import cycles still to be broken, each as the set of its modules, each to be deleted from
here once broken (a cycle not named here fails the test; a named one that is gone fails it too,
so that this list stays true). The bots' circle (bots/extras.py and the modules it hands
itself to) runs through `if TYPE_CHECKING:` imports only, so it is none here."""

MAX_ENGINE_MODULES = 14
LARGE_ENGINE_PACKAGES = frozenset({"orderbook"})
"""Engine packages allowed more modules: the order book, one module per family of orders."""


def _cycles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself), by Tarjan's algorithm without recursion."""
    modules = sorted(graph.modules)
    edges = {module: sorted(imported for imported in graph.find_modules_directly_imported_by(
        module) if imported == ROOT or imported.startswith(ROOT + ".")) for module in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in modules:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            module, at = work.pop()
            if at == 0:
                index[module] = low[module] = len(index)
                stack.append(module)
                on_stack.add(module)
            targets = edges[module]
            if at < len(targets):
                work.append((module, at + 1))
                target = targets[at]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            if work:  # back in the module that went on to this one
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == module:
                        break
                if len(component) > 1 or module in edges[module]:
                    found.append(frozenset(component))
    return found


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(ROOT, exclude_type_checking_imports=True)


def test_the_cycle_finder_finds_a_detour() -> None:
    graph = grimp.ImportGraph()
    for module in ("conquest_tui.a", "conquest_tui.b", "conquest_tui.c", "conquest_tui.d"):
        graph.add_module(module)
    graph.add_import(importer="conquest_tui.a", imported="conquest_tui.b")
    graph.add_import(importer="conquest_tui.b", imported="conquest_tui.c")
    graph.add_import(importer="conquest_tui.c", imported="conquest_tui.a")
    graph.add_import(importer="conquest_tui.c", imported="conquest_tui.d")
    assert _cycles(graph) == [frozenset({"conquest_tui.a", "conquest_tui.b", "conquest_tui.c"})]


def test_no_module_imports_itself_by_a_detour(graph: grimp.ImportGraph) -> None:
    cycles = set(_cycles(graph))
    new = [sorted(cycle) for cycle in cycles - KNOWN_CYCLES]
    assert not new, f"import cycles: {new}"
    broken = [sorted(cycle) for cycle in KNOWN_CYCLES - cycles]
    assert not broken, f"broken already, delete from KNOWN_CYCLES: {broken}"


def test_no_engine_package_holds_more_than_14_modules() -> None:
    engine = Path(__file__).resolve().parent.parent / ROOT / "engine"
    crowded = {
        package.name: count for package in engine.iterdir()
        if package.is_dir() and package.name not in LARGE_ENGINE_PACKAGES
        and (count := len([p for p in package.glob("*.py") if p.name != "__init__.py"]))
        > MAX_ENGINE_MODULES
    }
    assert not crowded, f"split by job: {crowded}"
