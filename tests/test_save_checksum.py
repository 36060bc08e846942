"""The save's checksum (issue 26): a CRC-32 from save version 10, read in a fifth of a SHA-256's
time; a save of an older version keeps its SHA-256, loads as it did, and is still refused
when edited outside the game. Each refusal names the file."""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from pathlib import Path
from typing import Any

import orjson
import pytest

from conquest_tui.session.conquest_table import ConquestPlayer, ConquestTable
from conquest_tui.session.errors import SaveEdited
from conquest_tui.storage.migrations import SAVE_VERSION
from conquest_tui.storage.save_list import DATA_LINE, TAIL, read_summary
from conquest_tui.storage.savefile import EditedSave, SaveError, load_game, save_game
from tests.save_helpers import played_save

CRC_VERSION = 10
"""The first save version whose checksum is a CRC-32."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_save(tmp_path_factory.mktemp("checksum"))[1]


def _parts(path: Path) -> tuple[dict[str, Any], bytes]:
    """The save's header fields but its checksum (in canonical JSON's key order) and the bytes
    of its data part, as the game wrote them."""
    raw = path.read_bytes()
    start = raw.index(DATA_LINE.encode()) + len(DATA_LINE)
    header = json.loads(raw)
    del header["data"], header["checksum"]
    return header, raw[start:-len(TAIL)]


def _canonical(header: dict[str, Any]) -> bytes:
    return orjson.dumps(header, option=orjson.OPT_SORT_KEYS)


def _written(path: Path, header: dict[str, Any], checksum: str, data: bytes) -> None:
    """Write a save laid out as the game writes it (the header a field a line, then data)."""
    fields = {**header, "checksum": checksum}
    lines = [f" {json.dumps(key)}: {json.dumps(value, sort_keys=True, ensure_ascii=False)},"
             for key, value in fields.items()]
    path.write_bytes(("{\n" + "\n".join(lines) + DATA_LINE).encode() + data + TAIL.encode())


def _as_version_9(played: Path, folder: Path, edit: bytes = b"") -> Path:
    """The played save as version 9 wrote it: its SHA-256 over the header and the data; with
    `edit`, a digit of the first Clan's money changed after the checksum was made."""
    header, data = _parts(played)
    header["version"] = 9
    checksum = "sha256:" + hashlib.sha256(_canonical(header) + data).hexdigest()
    if edit:
        at = data.index(b'"money":') + len(b'"money":')
        data = data[:at] + edit + data[at:]
    old = folder / "version9.json"
    _written(old, header, checksum, data)
    return old


def test_a_save_carries_a_crc32_of_its_header_and_data(played: Path) -> None:
    assert SAVE_VERSION >= CRC_VERSION
    header, data = _parts(played)
    checksum = json.loads(played.read_bytes())["checksum"]
    assert re.fullmatch(r"crc32:[0-9a-f]{8}", checksum)
    assert checksum == f"crc32:{zlib.crc32(_canonical(header) + data):08x}"


def test_a_version_9_save_with_its_sha256_loads_and_is_saved_with_a_crc32(
        played: Path, tmp_path: Path) -> None:
    old = _as_version_9(played, tmp_path)
    summary = read_summary(old)
    assert (summary.version, summary.edited, summary.error) == (9, False, "")
    game = load_game(old)
    assert game.state == load_game(played).state
    again = tmp_path / "again.json"
    save_game(game, again, backups=0)
    envelope = json.loads(again.read_bytes())
    assert envelope["version"] == SAVE_VERSION and envelope["checksum"].startswith("crc32:")
    assert again.read_bytes() == played.read_bytes()


def test_an_edited_version_9_save_is_still_refused_naming_the_file(
        played: Path, tmp_path: Path) -> None:
    old = _as_version_9(played, tmp_path, edit=b"1")
    assert read_summary(old).edited
    with pytest.raises(EditedSave, match=rf"^{re.escape(str(old))}: the save was changed "
                                         "outside the game"):
        load_game(old)


def test_an_edited_crc32_save_is_refused_naming_the_file(played: Path, tmp_path: Path) -> None:
    header, data = _parts(played)
    at = data.index(b'"money":') + len(b'"money":')
    edited = tmp_path / "edited.json"
    checksum = json.loads(played.read_bytes())["checksum"]
    _written(edited, header, checksum, data[:at] + b"1" + data[at:])
    with pytest.raises(EditedSave, match=rf"^{re.escape(str(edited))}: the save was changed "
                                         "outside the game .*--allow-edited"):
        load_game(edited)
    assert load_game(edited, allow_edited=True).state.clans  # checked like any save, opened


def test_a_checksum_of_a_kind_the_game_never_wrote_is_refused_as_untrusted(
        played: Path, tmp_path: Path) -> None:
    header, data = _parts(played)
    odd = tmp_path / "odd.json"
    _written(odd, header, "md5:" + hashlib.md5(_canonical(header) + data).hexdigest(), data)
    with pytest.raises(SaveError, match=rf"^{re.escape(str(odd))}: the save has no valid "
                                        "checksum, so it cannot be trusted$"):
        load_game(odd, allow_edited=True)


def test_a_conquest_save_carries_a_crc32_and_is_refused_when_edited(tmp_path: Path) -> None:
    path = tmp_path / "world.json"
    ConquestTable.new(path, [ConquestPlayer("Ann"), ConquestPlayer("Bob", "easy")], 21)
    header, data = _parts(path)
    envelope = json.loads(path.read_bytes())
    assert envelope["checksum"] == f"crc32:{zlib.crc32(_canonical(header) + data):08x}"
    _written(path, header, envelope["checksum"], data.replace(b'"Ann"', b'"Anne"', 1))
    with pytest.raises(SaveEdited, match="world.json: the save was changed outside the game"):
        ConquestTable.open(path)
