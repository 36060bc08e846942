"""What the experts in a convoy change: rule queries other modules ask (CC-CNV-48…66)."""

from __future__ import annotations

import math

from conquest_tui.engine.convoys import convoy_stats
from conquest_tui.engine.core.events import Reason, reason
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.rules.ruleset import Ruleset

REQUIRED_FOR_SETTING: dict[str, str] = {"aid": "DOC", "kill_mode": "GUN"}
"""Persistent convoy settings and the expert each needs (CC-CNV-80)."""


def expert_name(code: str, rules: Ruleset) -> str:
    """"Trainer" for "TRA"."""
    return rules.experts[code].name


def gourmet_morale_gain(convoy: Convoy, gain: int, rules: Ruleset) -> int:
    """A morale gain ×1.15 with a Gourmet (×1.30 with a Priest too), rounded down (AMB-62)."""
    if gain <= 0:
        return gain
    return gain * (100 + convoy_stats.expert_percent(convoy, "GOU", rules)) // 100


def raise_training(convoy: Convoy, gain: int, rules: Ruleset) -> int:
    """Add training up to the maximum of 100 (AMB-39); returns the points actually gained."""
    before = convoy.training
    convoy.training = max(before, min(rules.morale.training_maximum, before + gain))
    return convoy.training - before


def order_fuel(convoy: Convoy, rules: Ruleset, multiplier: float) -> int:
    """Fuel rate × multiplier, less the Chemist's share, × training; rounded up (AMB-25, AMB-60).

    PRACTICE passes 5 (CC-CO-PRACTICE-03), SCAN the scanned hex's terrain factor (CC-CO-SCAN-03).
    """
    rate = convoy_stats.fuel_rate(convoy, rules)
    chemist = 1.0 - convoy_stats.expert_percent(convoy, "CHE", rules) / 100
    training = 1.0 - convoy_stats.training_percent(convoy.training, rules) / 100
    cost = math.ceil(round(rate * multiplier * chemist * training, 6))
    return max(rules.consumption.minimum_fuel_per_order, cost)


def hit_point_factor(convoy: Convoy, rules: Ruleset) -> float:
    """Vehicle hit points ×1.10 with an Armsmaster, for combat (CC-CNV-51)."""
    if "ARM" in convoy.experts:
        return 1.0 + rules.expert_effects.armsmaster_hit_point_bonus
    return 1.0


def police_station_factor(convoy: Convoy, rules: Ruleset) -> int:
    """Police Station training and combat bonus ×2 with a Sergeant (CC-CNV-63, CC-HEX-24)."""
    return rules.structure_effects.police_sergeant_factor if "SER" in convoy.experts else 1


def vigilance_applies(convoy: Convoy) -> bool:
    """Whether the Clan's VIGILANCE garrison applies to this convoy's conquests (CC-CNV-60)."""
    return "POL" in convoy.experts


def detects_plague(convoy: Convoy) -> bool:
    """Whether the convoy's Doctor reports the Plague in cities it enters (CC-CNV-54, AMB-67)."""
    return "DOC" in convoy.experts


def auto_loots(convoy: Convoy) -> bool:
    """Whether a Scout loots every hex the convoy enters (CC-CNV-62, CC-HEX-42)."""
    return "SCO" in convoy.experts


def hire_problem(convoy: Convoy, code: str, rules: Ruleset) -> Reason | None:
    """Why this convoy can never take this expert as it stands, or None (CC-CNV-49, HIRE-04)."""
    name = expert_name(code, rules)
    if code in convoy.experts:
        return reason("expert_twice", number=convoy.number, expert=name)
    needed = rules.expert_effects.pilot_requires_type
    if code == "PIL" and convoy.convoy_type != needed:
        return reason("pilot_type", needed=needed, number=convoy.number,
                      convoy_type=convoy.convoy_type)
    return None


def settings_without_expert(convoy: Convoy) -> list[str]:
    """Reset AID to OFF without a Doctor and Kill Mode to N without a Gunner (CC-CNV-80).

    Returns the names of the settings that were reset.
    """
    reset: list[str] = []
    if convoy.aid and REQUIRED_FOR_SETTING["aid"] not in convoy.experts:
        convoy.aid = False
        reset.append("AID")
    if convoy.kill_mode != "N" and REQUIRED_FOR_SETTING["kill_mode"] not in convoy.experts:
        convoy.kill_mode = "N"
        reset.append("Kill Mode")
    return reset
