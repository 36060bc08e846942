"""The 1995 report's lists, column for column: cities, hexes, spotting (CC-RPT-01…05)."""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.state import Sighting
from conquest_tui.engine.reports.view import UNKNOWN, CityInfo, HexInfo, SpyReportInfo

CONQUERED = "*"
"""Marks a hex or city conquered this turn (bold in the original, CC-RPT-04)."""

CITY_HEADER = (" HEX  NAME             OWN   VALUE     POP F  TRP  CM PRODUCES NEEDS    "
               "EXPERT     STATUS   SR RR BUILDINGS")
HEX_HEADER = " HEX  TER OWN DF TR  VALUE  FO  FU  PA  VA SS  CS  ROADS"


def _owner(owner: int) -> str:
    if owner == UNKNOWN:
        return "?"
    return str(owner) if owner else "---"


def _mark(conquered: bool) -> str:
    return CONQUERED if conquered else " "


def city_row(city: CityInfo, expert_names: Mapping[str, str]) -> str:
    """`0825 Limerick 122 $14103 31166 2 36 0 Gas Steel Sergeant Owned 2 6 ChuStoMar`, in
    columns; a city whose facts are not known shows `?` for them (CC-RPT-01, CC-RPT-04)."""
    name = city.name.upper() if city.major else city.name
    known = city.owner != UNKNOWN
    value = f"${city.value}" if city.value else "?"
    buildings = "".join(code.title() for code in city.buildings) or "None"
    return (f"{_mark(city.conquered)}{city.hex} {name[:16]:<16} {_owner(city.owner):>3} "
            f"{value:>7} {(city.population if known else '?')!s:>7} "
            f"{(city.fortification if known else '?')!s:>1} "
            f"{(city.troops if known else '?')!s:>4} {city.claymores:>3} "
            f"{city.produces.title() or '?':<8} {city.needs.title() or '?':<8} "
            f"{expert_names.get(city.expert, city.expert) or '?':<10} "
            f"{city.status or '?':<8} {city.spotting:>2} {city.radio:>2} "
            f"{buildings if known else '?'}").rstrip()


def plague_notes(cities: tuple[CityInfo, ...]) -> list[str]:
    """The Plague where the Clan can see it (a Hospital, a Doctor: CC-RPT-02)."""
    return [f"  Plague in {city.hex} {city.name}: a cure takes {city.cure_vaccine} vaccine."
            for city in cities if city.plague]


def hex_row(info: HexInfo) -> str:
    """`0825 Pla 122 1 0 $ 414 14 67 17 0 --- Cam NE S`, in columns (CC-RPT-03, CC-RPT-04);
    rivers are not listed."""
    if info.owner == UNKNOWN:
        return f"{_mark(info.conquered)}{info.hex} {info.terrain_abbr:<3}   ?"
    return (f"{_mark(info.conquered)}{info.hex} {info.terrain_abbr:<3} {_owner(info.owner):>3} "
            f"{info.defense:>2} {info.guards:>2} ${info.value:>5} {info.food:>3} "
            f"{info.fuel:>3} {info.parts:>3} {info.vaccine:>3} {info.special.title() or '---':<3} "
            f"{info.custom.title() or '---':<3} {' '.join(info.roads)}").rstrip()


def sighting_entry(seen: Sighting) -> str:
    """`0516`, `0516 (329)` or `0516 (329) [large]`, as the range allowed (CC-RPT-05)."""
    owner = f" ({seen.owner})" if seen.owner else ""
    size = f" [{seen.size_name}]" if seen.size_name else ""
    return f"{seen.hex}{owner}{size}"


def _spotter(seen: Sighting, cities: list[CityInfo]) -> CityInfo | None:
    """The first own city whose spotting range reaches the sighting."""
    return next((city for city in cities
                 if hexgrid.distance(city.hex, seen.hex) <= city.spotting), None)


def spotting_sections(owner: int, cities: tuple[CityInfo, ...],
                      sightings: tuple[Sighting, ...]) -> list[str]:
    """One section per own city that saw enemy convoys, then what convoys met (CC-RPT-05)."""
    own = [city for city in cities if city.owner == owner]
    by_city: dict[str, list[str]] = {}
    met: list[str] = []
    for seen in sightings:
        city = _spotter(seen, own) if seen.how == "spotted" else None
        if city is None:
            met.append(sighting_entry(seen))
        else:
            by_city.setdefault(city.hex, []).append(sighting_entry(seen))
    out: list[str] = []
    for city in own:
        if city.hex in by_city:
            out += [f"Spotted from {city.name.upper() if city.major else city.name} "
                    f"({city.hex}):", *(f"  {entry}" for entry in by_city[city.hex])]
    if met:
        out += ["Met by your convoys:", *(f"  {entry}" for entry in met)]
    return out


def spy_sections(reports: tuple[SpyReportInfo, ...]) -> list[str]:
    """Each planted spy's city report and spotting report (CC-RPT-12)."""
    out: list[str] = []
    for spy in reports:
        buildings = ", ".join(spy.buildings) or "none"
        out += [f"Your spy in {spy.city} ({spy.hex}), game turn {spy.game_turn}:",
                f"  Owner {_owner(spy.owner)}   Population {spy.population}   "
                f"{spy.fortification}   Troops {spy.troops}   Buildings: {buildings}"]
        if spy.sightings:
            out += ["  Spotted:", *(f"    {sighting_entry(seen)}" for seen in spy.sightings)]
    return out
