"""Clan order lines bought with ORDER: usable on the next turn only (CC-CL-ORDER-02, AMB-49)."""

from __future__ import annotations

from conquest_tui.engine.core.state import Clan


def already_ordered(clan: Clan) -> bool:
    """Whether the Clan has bought lines this turn already (ORDER once per turn, CC-CL-ORDER-01)."""
    return clan.next_pre_lines + clan.next_post_lines > 0


def carry_over(clan: Clan) -> None:
    """At the end of the post-turn orders: this turn's purchase becomes next turn's extra lines."""
    clan.extra_pre_lines = clan.next_pre_lines
    clan.extra_post_lines = clan.next_post_lines
    clan.next_pre_lines = 0
    clan.next_post_lines = 0
