"""Damaged saves: every variant loads and plays a full game turn, or is refused naming the file.

The variants come from `tools/damage_saves.py` (seeded): truncations, flipped bytes, deleted keys,
wrong types, out-of-range amounts and references that lead nowhere. They are loaded with
`allow_edited=True`, so the checksum does not hide what the checks after structuring must catch.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tools.damage_saves import (
    DANGLING,
    FILE_NAME,
    KINDS,
    Variant,
    dangling_variant,
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
    assert all(statuses[kind] for kind in KINDS)


PLAYABLE = {"morale 500", "no goods prices"}
"""Damage the game can play with: nothing in the rules caps morale, and goods without a price
of their own sell at the rulebook's price."""


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
