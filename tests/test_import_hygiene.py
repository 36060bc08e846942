"""The engine stays pure: importing it loads no textual, rich, cattrs or I/O libraries."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("textual", "rich", "cattrs", "json", "tomllib")


def _printed(code: str) -> str:
    """What a fresh interpreter running `code` prints (the modules it found loaded)."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    return result.stdout.strip()


def test_engine_import_loads_no_ui_or_serialisation_libraries() -> None:
    code = (
        "import sys\n"
        "import conquest_tui.engine.play.turn, conquest_tui.engine.play.setup\n"
        "import conquest_tui.engine.reports.report, conquest_tui.engine.paper.report_text\n"
        "import conquest_tui.engine.reports.view\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    loaded = _printed(code)
    assert loaded == "", f"the engine loaded {loaded}"


def test_the_app_starts_without_what_only_the_headless_commands_need() -> None:
    """`conquest` (the app) loads the game screen and the save and rules readers (with attrs and
    cattrs), but not the turn engine or the order parser: they would slow its start."""
    code = (
        "import sys\n"
        "from conquest_tui import cli\n"
        "assert not [m for m in sys.modules if m.startswith('conquest_tui.engine')], 'cli'\n"
        "import conquest_tui.ui.app, conquest_tui.storage.savefile\n"
        "import conquest_tui.session  # the app's turn path: it imports the engine lazily\n"
        "heavy = ('conquest_tui.engine.play.turn', 'conquest_tui.engine.orders')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    loaded = _printed(code)
    assert loaded == "", f"the app loaded {loaded}"


def test_the_title_screen_opens_before_the_session_and_the_parser_are_loaded() -> None:
    """`conquest` with no command runs the app on its title screen without building the
    argument parser (argparse) or loading the session (attrs, parts of the engine): its first
    frame needs neither; opening a save loads the session then."""
    code = (
        "import sys\n"
        "from conquest_tui import cli\n"
        "from conquest_tui.ui.app import ConquestApp\n"
        "loaded = []\n"
        "ConquestApp.run = lambda self: loaded.extend(sys.modules) or 0\n"
        "assert cli.main([]) == 0\n"
        "heavy = ('argparse', 'conquest_tui.session', 'attrs')\n"
        "print(','.join(m for m in heavy if m in loaded))\n"
    )
    loaded = _printed(code)
    assert loaded == "", f"the title screen loaded {loaded}"


def test_the_bots_import_one_another_in_no_circle() -> None:
    """The bot modules form no import cycle, not even through imports for the type checker:
    the extras' planners share `bots/extras_state.py` and `bots/extras.py` runs them."""
    import grimp

    graph = grimp.build_graph("conquest_tui", exclude_type_checking_imports=False, cache_dir=None)
    bots = sorted(module for module in graph.modules if module.startswith("conquest_tui.bots."))
    circles = [(module, imported) for module in bots
               for imported in graph.find_modules_directly_imported_by(module)
               if imported.startswith("conquest_tui.bots.")
               and graph.chain_exists(importer=imported, imported=module)]
    assert circles == []
