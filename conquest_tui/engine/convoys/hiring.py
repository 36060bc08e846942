"""Where experts can be hired and which ones (CC-CNV-50, CC-CO-HIRE-02…04)."""

from __future__ import annotations

import attrs

from conquest_tui.engine.core.events import Facts, Reason, reason
from conquest_tui.engine.core.game import Game

UNIVERSITY = "UNI"
"""Special-structure code of the University (CC-HEX-30)."""


@attrs.frozen
class Place:
    """Where a convoy hires, celebrates or practises: a city, or a structure's hex."""

    hex: str
    city: str = ""
    """The city's name; "" outside a city."""
    structure: str = ""
    """The structure's name ("University", "Rec Center"); "" in a city or a bare hex."""

    def as_facts(self) -> Facts:
        """The place as event facts (read as "Varnhold (0706)", "the University in 0812")."""
        return {"city": self.city, "structure": self.structure, "hex": self.hex}


@attrs.frozen
class HiringSite:
    """What a convoy's hex offers: a Guild's expert, any expert, or nothing (with the reason)."""

    place: Place
    guild: str = ""
    """Expert code of the city's Guild, "" for none."""
    any_type: bool = False
    """A major city the Clan owns, or an owned University hex: every type (CC-CO-HIRE-03)."""
    problem: Reason | None = None
    """Why nobody can be hired here at all; None when someone can."""


def hiring_site(game: Game, clan: int, hex_id: str) -> HiringSite:
    """What the hex offers the Clan's convoys for HIRE (CC-CNV-50)."""
    city = game.city(hex_id)
    site = game.city_site(hex_id)
    if city is not None and site is not None:
        place = Place(hex_id, city=site.name)
        status = game.city_status(city, clan)
        if status in ("hostile", "banned"):
            return HiringSite(place, problem=reason("hire_closed", status=status,
                                                    **place.as_facts()))
        guild = site.guild or ""
        any_type = status == "owned" and site.major
        if not guild and not any_type:
            return HiringSite(place, problem=reason("no_guild", **place.as_facts()))
        return HiringSite(place, guild=guild, any_type=any_type)
    hex_state = game.hex(hex_id)
    if hex_state.special == UNIVERSITY and hex_state.owner == clan:
        return HiringSite(Place(hex_id, structure="University"), any_type=True)
    if hex_state.special == UNIVERSITY:
        return HiringSite(Place(hex_id, structure="University"),
                          problem=reason("university_not_owned", hex=hex_id))
    return HiringSite(Place(hex_id), problem=reason("no_hiring", hex=hex_id))


def expert_to_hire(site: HiringSite, wanted: str) -> str | Reason:
    """The code of the expert hired here, or why nobody is (CC-CO-HIRE-02/03/04)."""
    if site.problem:
        return site.problem
    if not wanted:
        return site.guild or reason("name_the_expert", **site.place.as_facts())
    if site.any_type or wanted == site.guild:
        return wanted
    return reason("guild_only", guild=site.guild, **site.place.as_facts())
