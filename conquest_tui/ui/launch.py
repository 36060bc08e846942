"""Starting the app from the command line: the key bindings file, an opened save, the run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from conquest_tui.ui.app import ConquestApp

KEYMAP_ENV_VAR = "CONQUEST_KEYS"
"""A TOML file of `binding-id = "keys"` lines that rebinds keys (ids are listed in F1 help)."""


def load_keymap(path: Path) -> dict[str, str]:
    """Binding id → keys from a TOML file (tables are flattened: [game] submit = "f9")."""
    import tomllib

    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    keymap: dict[str, str] = {}

    def walk(prefix: str, table: dict[str, object]) -> None:
        for key, value in table.items():
            name = f"{prefix}{key}"
            if isinstance(value, dict):
                walk(f"{name}.", value)
            elif isinstance(value, str):
                keymap[name] = value

    walk("", raw)
    return keymap


def run_app(save_path: Path | None, *, allow_edited: bool = False, clan: int = 0) -> int:
    """Run the app (on the title screen, or at a save's hand-over screen; with `clan`, on that
    Clan's seat only); the exit status."""
    keymap: dict[str, str] = {}
    keys_file = os.environ.get(KEYMAP_ENV_VAR)
    if keys_file:
        try:
            keymap = load_keymap(Path(keys_file))
        except (OSError, ValueError) as error:  # TOMLDecodeError is a ValueError
            print(f"conquest: {keys_file}: cannot read the key bindings ({error})",
                  file=sys.stderr)
            return 1
    if save_path is not None and clan:  # a seat's link: its first frame comes before the save
        return _run_seat(save_path, clan, keymap, allow_edited=allow_edited)
    session = None
    if save_path is not None:  # the title screen's first frame needs no session (nor engine)
        from conquest_tui.session import SaveEdited, Session, SessionError, game_of

        try:
            conquest = game_of(save_path) == "conquest"
        except SessionError:
            conquest = False  # opening it says what is wrong
        if not conquest:  # a game of Conquest: the app opens it
            try:
                session = Session.open(save_path, allow_edited=allow_edited)
            except SaveEdited:
                pass  # the app opens and asks whether to open it anyway
            except SessionError as error:
                if Session.from_backup(save_path) is None:
                    print(f"conquest: {error}", file=sys.stderr)
                    return 1
                # the app opens and offers the newest backup that loads
    app = ConquestApp(save_path, session=session, keymap=keymap)
    result = app.run()
    return int(result or 0)


def _run_seat(save_path: Path, number: int, keymap: dict[str, str], *,
              allow_edited: bool) -> int:
    """One seat's app, of the game the save holds (what a served seat's link opens)."""
    from conquest_tui.session import SessionError, game_of

    try:
        conquest = game_of(save_path) == "conquest"
    except SessionError:
        conquest = False  # opening it says what is wrong
    if conquest:
        from conquest_tui.ui.conquest.seat_app import ConquestSeatApp

        seat_app: ConquestApp = ConquestSeatApp(save_path, number, keymap=keymap,
                                                allow_edited=allow_edited)
    else:
        from conquest_tui.ui.seat_app import SeatApp

        seat_app = SeatApp(save_path, number, keymap=keymap, allow_edited=allow_edited)
    return int(seat_app.run() or 0)
