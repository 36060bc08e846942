"""Damaged saves: every variant loads and plays a full game turn, or is refused naming the file.

The variants come from `tools/damage_saves.py` (seeded): truncations, flipped bytes, deleted keys,
wrong types, out-of-range amounts and references that lead nowhere, loaded with
`allow_edited=True`, so the checksum does not hide what the checks after structuring must catch;
the same edits with their checksum forged, and events missing a fact their kind needs, loaded as
any save (a checksum is no secret). The hostile saves (lists nested hundreds deep, tables of 10⁶
entries, checksums forged) must be refused naming their field in about the time it takes to read
them: `python -m tools.damage_saves --hostile` runs each through the command line in a process of
its own and measures its memory too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conquest_tui.cli import main as conquest
from tools.damage_saves import (
    DANGLING,
    FILE_NAME,
    HOSTILE,
    KINDS,
    LOG_DAMAGE,
    Variant,
    dangling_variant,
    first_clan,
    hostile_variant,
    log_variant,
    make_variant,
    try_variant,
)

SEED = 13
CORPUS = 1300
SAMPLE = sorted(random.Random(SEED).sample(range(CORPUS), 180))


def check(variant: Variant, folder: Path) -> str:
    outcome = try_variant(variant, folder)
    assert outcome.status != "crashed", f"{variant.kind} {variant.how}: {outcome.detail}"
    if outcome.status == "refused":
        assert outcome.detail.startswith(f"{folder / FILE_NAME}: ")
        assert "\n" not in outcome.detail and "Traceback" not in outcome.detail
    return outcome.status


def test_a_seeded_sample_of_damaged_saves_never_crashes(tmp_path: Path) -> None:
    statuses: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for index in SAMPLE:
        variant = make_variant(index, SEED)
        statuses[variant.kind].add(check(variant, tmp_path))
    assert statuses["truncate"] == {"refused"}
    assert statuses["fact_removed"] == {"refused"}
    assert all(statuses[kind] for kind in KINDS)


PLAYABLE = {"morale 500", "no goods prices", "fuel carried as cargo"}
"""Damage the game can play with: nothing in the rules caps morale, goods without a price
of their own sell at the rulebook's price, and fuel in the hold (saves of version 0 held food
and fuel as cargo) is refused by DROPOFF in words, not sold."""


@pytest.mark.parametrize("name", sorted(DANGLING))
def test_references_that_lead_nowhere_are_refused_with_their_field(
    name: str, tmp_path: Path
) -> None:
    """Unknown vehicle kinds, hexes off the map, owners that are no Clan, prices of 0 …"""
    outcome = try_variant(dangling_variant(name), tmp_path)
    if name in PLAYABLE:
        assert outcome.status == "played"
    else:
        assert outcome.status == "refused", outcome.detail
        assert outcome.detail.startswith(f"{tmp_path / FILE_NAME}: state.")


@pytest.mark.parametrize("name", sorted(LOG_DAMAGE))
def test_a_damaged_sheet_log_is_refused_by_a_replay_naming_the_file_and_field(
    name: str, tmp_path: Path
) -> None:
    """The opening position and the logged sheets are read only by a replay (`conquest
    branch`, old past reports): damage there is one sentence naming the file and what failed."""
    outcome = try_variant(log_variant(name), tmp_path)
    assert outcome.status == "refused", outcome.detail
    assert outcome.detail.startswith(f"{tmp_path / FILE_NAME}: ")
    assert LOG_DAMAGE[name][1] in outcome.detail


@pytest.mark.parametrize("index", range(7, 7 + 8 * 12, 8))
def test_an_event_missing_a_fact_is_refused_whatever_its_checksum(
        index: int, tmp_path: Path) -> None:
    """The checksum is forged (recomputed after the edit): the event's facts are still checked
    against what its kind needs (facts/event_needs.NEEDS), and the refusal names the fact."""
    variant = make_variant(index, SEED)
    assert variant.kind == "fact_removed" and variant.forged
    outcome = try_variant(variant, tmp_path)
    assert outcome.status == "refused", outcome.detail
    where = variant.how.removesuffix(" removed")
    assert outcome.detail == f"{tmp_path / FILE_NAME}: {where}: missing"


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_saves_are_refused_naming_their_field(name: str, tmp_path: Path) -> None:
    """Nesting hundreds deep and tables of 10⁶ entries, checksums forged: one sentence naming
    the field (the time and memory a refusal takes: `python -m tools.damage_saves --hostile`,
    under 2 s and 300 MB each; not timed here, where other tests share the machine)."""
    variant = hostile_variant(name)
    outcome = try_variant(variant, tmp_path)
    assert outcome.status == "refused", outcome.detail
    assert outcome.detail.startswith(f"{tmp_path / FILE_NAME}: ")
    assert HOSTILE[name].field in outcome.detail
    assert "\n" not in outcome.detail


@pytest.mark.parametrize("name", ["a fact nested 1,000 deep", "10⁶ events",
                                  "map roads nested 300 deep"])
def test_the_command_line_refuses_hostile_saves_without_crashing(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`conquest report --allow-edited` exits 1 with the sentence, never 70 (its crash). The
    report is of the first saved Clan, whose last turn holds the damaged fact (a Clan's last
    turn is checked when first used: the other Clans' reports are still shown)."""
    path = tmp_path / FILE_NAME
    path.write_bytes(hostile_variant(name).payload)
    code = conquest(["report", "--save", str(path), "--clan", str(first_clan()),
                     "--allow-edited"])
    err = capsys.readouterr().err
    assert code == 1, err
    assert err.strip().startswith(f"conquest: {path}: ") and HOSTILE[name].field in err


def test_a_zlib_bomb_in_the_sheet_log_is_refused_not_unpacked() -> None:
    """A hostile save's opening position that would unpack to gigabytes: refused at 64 MB."""
    import base64
    import zlib

    from conquest_tui.storage.sheet_log import LogDamaged, unpack_json

    bomb = base64.b64encode(zlib.compress(b" " * (80 << 20), 9)).decode("ascii")
    with pytest.raises(LogDamaged, match="data.log.opening: unpacks to more than 64 MB"):
        unpack_json(bomb, "data.log.opening")
