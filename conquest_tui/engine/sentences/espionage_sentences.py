"""Sentences of espionage: what agents report from their hexes, ESPIONAGE bought and its answers."""

from __future__ import annotations

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.sentences.turn_sentences import (
    Facts,
    Sentence,
    Wording,
    amounts,
    vehicle_counts,
    words,
)
from conquest_tui.engine.sentences.turn_sentences import number_of as _n


def _listed(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def _tuples(fact: Fact) -> list[tuple[Fact, ...]]:
    assert isinstance(fact, tuple)
    return [item if isinstance(item, tuple) else (item,) for item in fact]


# --- agents (CC-CL-TRAIN-02, AMB-71) --------------------------------------------------------------

def _article(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _agent_report(f: Facts) -> str:
    """"Agent 1 reports from 0516 (Plains): Clan 7's hex, defense level 2, 3 guards. …"."""
    owner = f"Clan {f['owner']}'s hex" if f["owner"] else "unclaimed"
    guards = _n(f["guards"], "guard") if f["guards"] else "no guards"
    text = (f"Agent {f['agent']} reports from {f['hex']} ({f['terrain']}): {owner}, defense "
            f"level {f['defense']}, {guards}.")
    if f.get("city"):
        whose = f"Clan {f['city_owner']}'s city" if f["city_owner"] else "The uncontrolled city"
        text += (f" {whose} {f['city']} has {_n(f['population'], 'person', 'people')}, "
                 f"fortification level {f['fortification']} and "
                 f"{_n(f['troops'], 'troop')} in its garrison.")
    seen = [f"{_article(str(size).lower())} {kind} convoy of Clan {owner}"
            for owner, size, kind in _tuples(f["convoys"])]
    agent = f"Agent {f['agent']}"
    text += f" {agent} saw {_listed(seen)}." if seen else f" {agent} saw no foreign convoy there."
    return text


_CANNOT_SEND_AGENT: dict[str, str] = {
    "off_map": "hex {hex} is not on the map; agent {agent} stayed home",
}

def _agent_lines(f: Facts) -> str:
    had = f"only {_n(f['limit'], 'agent')}" if f["limit"] else "no agents"
    return f"you had {had} at the start of the turn; {f['text']} was not carried out"


_AGENT_LINES: dict[str, Wording] = {"agent_lines": _agent_lines}


# --- ESPIONAGE (CC-CL-ESPIONAGE-01…03, AMB-84) ----------------------------------------------------

def _keywords(fact: Fact) -> str:
    return _listed(words(fact))


def _espionage(f: Facts) -> str:
    return (f"Your spies found out about Clan {f['target']} ({_keywords(f['keywords'])}) for "
            f"${f['cost']:,}: {f['points']} points at its popularity of {f['popularity']}.")


def _clans(fact: Fact) -> str:
    return _listed([f"Clan {number}" for number in words(fact)])


def _owner(f: Facts) -> str:
    text = f"Clan {f['target']} is {f['name']}"
    if f["slogan"]:
        text += f', whose slogan is "{f["slogan"]}"'
    text += f", phone {f['phone']}." if f["phone"] else "; it shows no phone number."
    return text


def _allies(f: Facts) -> str:
    if not f["clans"]:
        return f"Clan {f['target']} counts no Clan as its ally."
    allies = "ally" if len(words(f["clans"])) == 1 else "allies"
    return f"Clan {f['target']} counts {_clans(f['clans'])} as its {allies}."


def _enemies(f: Facts) -> str:
    if not f["clans"]:
        return f"Clan {f['target']} bans no Clan."
    return f"Clan {f['target']} bans {_clans(f['clans'])}."


def _income(f: Facts) -> str:
    if not f["amounts"]:
        return f"Clan {f['target']} should earn nothing next turn."
    return f"Clan {f['target']} should earn about {amounts(f['amounts'])} next turn."


def _hexes(f: Facts) -> str:
    hexes = words(f["hexes"])
    if not hexes:
        return f"Clan {f['target']} owns no hexes."
    return f"Clan {f['target']} owns {_n(len(hexes), 'hex', 'hexes')}: {', '.join(hexes)}."


def _cities(f: Facts) -> str:
    cities = _tuples(f["cities"])
    if not cities:
        return f"Clan {f['target']} owns no cities."
    named = ", ".join(f"{name} ({hex_id})" for hex_id, name in cities)
    return f"Clan {f['target']} owns {_n(len(cities), 'city', 'cities')}: {named}."


def _vehicles(fact: Fact) -> str:
    return _listed(vehicle_counts(tuple(_tuples(fact))))


def _convoys(f: Facts) -> str:
    convoys = _tuples(f["convoys"])
    if not convoys:
        return f"Clan {f['target']} has no convoys."
    each = "; ".join(f"{_article(str(kind))} convoy in {hex_id} ({_vehicles(vehicles)})"
                     for hex_id, kind, vehicles in convoys)
    return f"Clan {f['target']} has {_n(len(convoys), 'convoy')}: {each}."


_RESULTS: dict[str, Wording] = {
    "owner": _owner, "allies": _allies, "enemies": _enemies, "income": _income,
    "hexes": _hexes, "cities": _cities, "convoys": _convoys,
}

_CANNOT: dict[str, str] = {
    "too_early": "ESPIONAGE is not allowed before game turn {first}; this is game turn {turn}",
    "own_clan": "Clan {target} is your own; there is nothing to spy on",
    "no_clan": "there is no Clan {target} in this game",
}


def cannot_espionage(f: Facts) -> str:
    """Why ESPIONAGE cannot be carried out (the sheet check and the turn read the same)."""
    return _CANNOT[str(f["reason"])].format_map(f)


_NO_MONEY: dict[str, str] = {
    "espionage": "espionage on Clan {target} costs ${cost:,} but the treasury holds only "
                 "${money:,}; nothing was bought and nothing found out",
}


OWN: dict[EventKind, Sentence] = {
    EventKind.AGENT_REPORT: _agent_report,
    EventKind.CANNOT_SEND_AGENT: _CANNOT_SEND_AGENT,
    EventKind.OVER_LIMIT: _AGENT_LINES,
    EventKind.ESPIONAGE: _espionage,
    EventKind.ESPIONAGE_RESULT: _RESULTS,
    EventKind.CANNOT_ESPIONAGE: cannot_espionage,
    EventKind.NO_MONEY: _NO_MONEY,
}
"""Kind → the sentence the Clan that sent the agent or bought the espionage reads."""

TOLD: dict[EventKind, Sentence] = {}
"""Nobody is told of agents or espionage: the target never learns of it (CC-CL-ESPIONAGE)."""
