"""A convoy's morale and training: bounded changes, end-of-turn drift, zero-morale disbanding."""

from __future__ import annotations

from random import Random

import attrs

from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import Ruleset


def change_morale(convoy: Convoy, delta: int, rules: Ruleset) -> int:
    """Add (or remove) morale; never below 0, and above 100 only until the turn ends (CC-CNV-14).

    Returns the change actually made.
    """
    before = convoy.morale
    convoy.morale = max(rules.morale.minimum, before + delta)
    return convoy.morale - before


def change_training(convoy: Convoy, delta: int, rules: Ruleset) -> int:
    """Add (or remove) training within 0–100 (CC-CNV-21, AMB-39). Returns the change made."""
    before = convoy.training
    morale = rules.morale
    convoy.training = min(morale.training_maximum, max(morale.training_minimum, before + delta))
    return convoy.training - before


@attrs.frozen
class MoraleClose:
    """What the end of the turn did to one convoy's morale."""

    disbands: bool
    """Morale was 0 at the end of the previous turn and still is (CC-CNV-17, AMB-81)."""
    decay: int = 0
    """Points lost to the end-of-turn decay (CC-CNV-16, AMB-37)."""
    capped: int = 0
    """Points above 100 that the turn's end took away (CC-CNV-14)."""


def close_morale(convoy: Convoy, rules: Ruleset, rng: Random) -> MoraleClose:
    """End of the turn: disband check, then the decay of 3–6, then the cap at 100.

    The convoy counts a whole turn at zero when its morale was 0 when its last turn ended and is
    still 0 now, before this turn's decay (AMB-81).
    """
    morale = rules.morale
    if convoy.morale <= morale.minimum and \
            convoy.zero_morale_turns >= morale.disband_after_zero_turns:
        return MoraleClose(disbands=True)
    decay = -change_morale(convoy, -morale.decay.roll(rng), rules)
    capped = max(0, convoy.morale - morale.maximum)
    convoy.morale -= capped
    convoy.zero_morale_turns = convoy.zero_morale_turns + 1 if convoy.morale == 0 else 0
    return MoraleClose(disbands=False, decay=decay, capped=capped)
