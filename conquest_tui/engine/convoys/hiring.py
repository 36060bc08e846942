"""Where experts can be hired and which ones (CC-CNV-50, CC-CO-HIRE-02…04)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.game import Game

UNIVERSITY = "UNI"
"""Special-structure code of the University (CC-HEX-30)."""


@attrs.frozen
class HiringSite:
    """What a convoy's hex offers: a Guild's expert, any expert, or nothing (with the reason)."""

    place: str = ""
    """How the place is named in reports: "Varnhold (0706)" or "the University in 0812"."""
    guild: str = ""
    """Expert code of the city's Guild, "" for none."""
    any_type: bool = False
    """A major city the Clan owns, or an owned University hex: every type (CC-CO-HIRE-03)."""
    problem: str = ""
    """Why nobody can be hired here at all; "" when someone can."""


def hiring_site(game: Game, clan: int, hex_id: str) -> HiringSite:
    """What the hex offers the Clan's convoys for HIRE (CC-CNV-50)."""
    city = game.city(hex_id)
    site = game.city_site(hex_id)
    if city is not None and site is not None:
        place = f"{site.name} ({hex_id})"
        status = game.city_status(city, clan)
        if status in ("hostile", "banned"):
            word = "hostile to you" if status == "hostile" else "closed to you by its owner's ban"
            return HiringSite(place=place, problem=f"{place} is {word}; nobody there will sign on")
        guild = site.guild or ""
        any_type = status == "owned" and site.major
        if not guild and not any_type:
            return HiringSite(place=place, problem=(
                f"{place} has no Guild; any expert can be hired only in a major city you own "
                "or in a University hex you own"))
        return HiringSite(place=place, guild=guild, any_type=any_type)
    hex_state = game.hex(hex_id)
    if hex_state.special == UNIVERSITY and hex_state.owner == clan:
        return HiringSite(place=f"the University in {hex_id}", any_type=True)
    if hex_state.special == UNIVERSITY:
        return HiringSite(place=f"the University in {hex_id}", problem=(
            f"the University in {hex_id} is not in a hex you own"))
    return HiringSite(place=hex_id, problem=(
        f"there is no city with a Guild and no University you own in {hex_id}"))


def expert_to_hire(site: HiringSite, wanted: str) -> tuple[str, str]:
    """(expert code, "") for the one hired here, or ("", reason) (CC-CO-HIRE-02/03/04)."""
    if site.problem:
        return "", site.problem
    if not wanted:
        if site.guild:
            return site.guild, ""
        return "", (f"{site.place} has no Guild, so HIRE must name the expert, "
                    "like HIRE ENG")
    if site.any_type or wanted == site.guild:
        return wanted, ""
    return "", (f"the Guild of {site.place} trains only its own expert type ({site.guild}); "
                "other types are hired in a major city you own or a University hex you own")
