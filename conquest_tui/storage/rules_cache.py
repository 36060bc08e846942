"""A user cache of the loaded default ruleset, so a start does not parse and check 19 TOML files.

The cache file holds a key and the pickled Ruleset. The key is a hash of everything the
Ruleset is built from: the name, size and modification time of the rules directory's TOML
files and of the modules that read them and define the records (`engine/*.py`,
`storage/rules_*.py`), and the package and Python versions (sizes and times, as Python's own
bytecode cache does: reading and hashing the ~70 files cost more than the rest of the load).
Any change to one of these gives a new key, and the ruleset is built from the files again and
the cache rewritten.
A cache that is missing, stale, unreadable or damaged is never an error: the files are loaded
as usual (and their errors are reported as usual, since a failed build writes nothing).

`CONQUEST_CACHE` names the cache folder; set it to "" or "off" to switch the cache off.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import conquest_tui
from conquest_tui.engine.rules import ruleset as ruleset_module
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import FrozenDict

CACHE_ENV_VAR = "CONQUEST_CACHE"
CACHE_FILE = "rules.pickle"
_MAGIC = b"conquest-rules-cache 1\n"
_KEY_BYTES = 64
"""The key is a sha256 hex digest (64 ASCII bytes) right after the magic line."""


def cache_dir() -> Path | None:
    """The cache folder (None when the cache is switched off)."""
    override = os.environ.get(CACHE_ENV_VAR)
    if override is not None:
        return None if override.strip().lower() in ("", "off", "0", "no") else Path(override)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "conquest-tui" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "conquest-tui"


def _code_files() -> list[Path]:
    """The modules a cached Ruleset may depend on: the engine's top-level modules (the records
    live in `ruleset*.py`, but may use types from the others) and the readers that build it."""
    engine = Path(ruleset_module.__file__).parent
    storage = Path(__file__).parent
    return _files(engine, "", ".py") + _files(storage, "rules_", ".py")


def _files(folder: Path, prefix: str, suffix: str) -> list[Path]:
    """The files of a folder named `prefix…suffix`, sorted (os.scandir: Path.glob costs more
    than the rest of the key)."""
    with os.scandir(folder) as entries:
        names = sorted(entry.name for entry in entries
                       if entry.name.startswith(prefix) and entry.name.endswith(suffix))
    return [folder / name for name in names]


def cache_key(rules_dir: Path) -> str:
    """The hash of all the ruleset is built from (OSError when a file cannot be read)."""
    digest = hashlib.sha256()
    versions = (conquest_tui.__version__, sys.version, str(pickle.HIGHEST_PROTOCOL))
    digest.update("\0".join(versions).encode())
    for group in (_files(rules_dir, "", ".toml"), _code_files()):
        for path in group:
            stat = os.stat(path)
            digest.update(f"\0{path}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def _read(file: Path, key: str) -> Ruleset | None:
    try:
        with file.open("rb") as handle:
            head = handle.read(len(_MAGIC) + _KEY_BYTES)
            if head != _MAGIC + key.encode("ascii"):
                return None
            rules = pickle.load(handle)
    except Exception:  # missing, unreadable or damaged: load the files instead
        return None
    return rules if isinstance(rules, Ruleset) else None


def _frozen_dict(value: FrozenDict) -> tuple[type, tuple[dict[object, object]]]:
    """Pickle a FrozenDict without its cached hash (str hashes differ between processes)."""
    return FrozenDict, (dict(value.items()),)


def _write(file: Path, key: str, rules: Ruleset) -> None:
    buffer = io.BytesIO()
    buffer.write(_MAGIC + key.encode("ascii"))
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {FrozenDict: _frozen_dict}
    try:
        pickler.dump(rules)
    except Exception:  # something that cannot be pickled: the cache simply stays off
        return
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".rules-", suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(buffer.getvalue())
            os.replace(temp, file)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a read-only or full disk only costs the next start the full load


def cached_ruleset(rules_dir: Path, build: Callable[[], Ruleset]) -> Ruleset:
    """The ruleset of `rules_dir` from the cache when it is current, else `build()` (cached)."""
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        key = cache_key(rules_dir)
    except OSError:
        return build()  # reports the missing or unreadable file as usual
    file = folder / CACHE_FILE
    rules = _read(file, key)
    if rules is None:
        rules = build()
        _write(file, key, rules)
    return rules
