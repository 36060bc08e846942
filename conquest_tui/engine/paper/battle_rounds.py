"""A battle's rounds in plain words, with each side's troops and vehicles after each round."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conquest_tui.engine.core.events import EventKind, Fact
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.sentences.turn_sentences import number as fact_number
from conquest_tui.engine.sentences.turn_sentences import rows as fact_rows

Facts = Mapping[str, Fact]

ASSAULTS = frozenset({EventKind.CITY_CAPTURED, EventKind.CITY_ATTACK_FAILED,
                      EventKind.CITY_LOST, EventKind.CITY_HELD})
"""City invasions, seen by the attacker (the first two) or by the city's owner."""
REPLAYED = ASSAULTS | {EventKind.CONVOY_BATTLE}
"""The kinds of event a battle can be replayed from (see `has_rounds`)."""
_DEFENDING = frozenset({EventKind.CITY_LOST, EventKind.CITY_HELD})


@attrs.frozen
class Side:
    """One side's strength at a moment of the battle."""

    name: str
    """"Your convoy #3", "Clan 2's convoy #5", "The defenders of Lyon"."""
    troops: int
    vehicles: int | None
    """None in a city assault (troops only)."""


@attrs.frozen
class Moment:
    """The battle before its first round (`number` 0) or after a round: what happened, in words,
    and where both sides stand."""

    number: int
    sentence: str
    sides: tuple[Side, Side]
    """The reader's side first."""


def has_rounds(event: Event) -> bool:
    """Whether the event is a battle fought and recorded round by round (older saves and battles
    the attacker declined have no rounds)."""
    return event.kind in REPLAYED and bool(event.facts.get("by_round"))


def title(event: Event) -> str:
    """The battle in a few words, for a list of battles."""
    f = _facts(event)
    rounds = _rows(f)
    count = f"{len(rounds)} {'round' if len(rounds) == 1 else 'rounds'}"
    if event.kind is EventKind.CONVOY_BATTLE:
        return (f"Convoy #{f['convoy']} against Clan {f['enemy']}'s convoy "
                f"#{f['enemy_convoy']} in {f['hex']} ({count})")
    if event.kind in _DEFENDING:
        return f"Clan {event.actor}'s attack on {f['city']} ({f['hex']}, {count})"
    return f"Convoy #{f['convoy']}'s attack on {f['city']} ({f['hex']}, {count})"


def moments(event: Event) -> tuple[Moment, ...]:
    """The battle before it began, then after each round (needs `has_rounds`)."""
    if event.kind is EventKind.CONVOY_BATTLE:
        return _convoy_moments(_facts(event))
    return _assault_moments(event)


def _facts(event: Event) -> Facts:
    return {"convoy": event.convoy, "actor": event.actor, **event.facts}


def _rows(f: Facts) -> list[tuple[int, ...]]:
    return [_ints(row) for row in fact_rows(f.get("by_round", ()))]


def _ints(fact: Fact) -> tuple[int, ...]:
    assert isinstance(fact, tuple)
    return tuple(fact_number(n) for n in fact)


def _int_pairs(fact: Fact) -> dict[int, int]:
    """((round, count), …) as {round: count}."""
    assert isinstance(fact, tuple)
    out: dict[int, int] = {}
    for pair in fact:
        first, second = _ints(pair)
        out[first] = second
    return out


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count:,} {one if count == 1 else many or one + 's'}"


def _article(name: str) -> str:
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


# --- convoy battles --------------------------------------------------------------------------

_CONVOY_ENDING = {
    "won_fled": "their convoy fled into hiding",
    "won_destroyed": "their convoy was destroyed",
    "fled": "your convoy broke off and fled into hiding",
    "destroyed": "your convoy was destroyed",
    "both_destroyed": "both convoys were destroyed",
}


def _names(fact: Fact) -> list[tuple[str, str]]:
    """The (name, plural) of each kind in a `lost` / `enemy_lost` fact, in its order."""
    return [(str(entry[1]), str(entry[2])) for entry in fact_rows(fact)]


def _wrecked(names: list[tuple[str, str]], kinds: list[int], whose: str) -> list[str]:
    """["2 bikes and a car of theirs were destroyed"] (`whose`: "yours" or "theirs"), or []."""
    if not kinds:
        return []
    parts = []
    for index in sorted(set(kinds)):
        count = kinds.count(index)
        name, plural = names[index] if 0 <= index < len(names) else ("vehicle", "vehicles")
        parts.append(_article(name) if count == 1 else f"{count} {plural}")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return [f"{listed} of {whose} {'was' if len(kinds) == 1 else 'were'} destroyed"]


def _convoy_round(number: int, row: tuple[int, ...], own_wrecks: list[int],
                  their_wrecks: list[int], f: Facts) -> str:
    dealt, taken, rocket_dealt, rocket_taken, troops_lost, troops_killed = row[:6]
    parts = [f"you dealt {dealt} damage and took {taken}"]
    if rocket_dealt:
        parts.append(f"your rocket did {rocket_dealt} of it")
    if rocket_taken:
        parts.append(f"their rocket did {rocket_taken} of yours")
    parts += _wrecked(_names(f["enemy_lost"]), their_wrecks, "theirs")
    parts += _wrecked(_names(f["lost"]), own_wrecks, "yours")
    if troops_killed:
        parts.append(f"{troops_killed} of their troops fell")
    if troops_lost:
        parts.append(f"{troops_lost} of your troops fell")
    if number == len(_rows(f)):
        parts.append(_CONVOY_ENDING.get(str(f["why"]), "the battle ended"))
    return f"Round {number}: " + "; ".join(parts) + "."


def _convoy_moments(f: Facts) -> tuple[Moment, ...]:
    own_troops, own_vehicles, their_troops, their_vehicles = _ints(f["start"])
    wrecks = [_ints(w) for w in fact_rows(f.get("wrecks", ()))]
    mine, theirs = f"Your convoy #{f['convoy']}", f"Clan {f['enemy']}'s convoy #{f['enemy_convoy']}"

    def sides() -> tuple[Side, Side]:
        return (Side(mine, own_troops, own_vehicles), Side(theirs, their_troops, their_vehicles))

    out = [Moment(0, f"Before the battle in {f['hex']}.", sides())]
    for number, row in enumerate(_rows(f), start=1):
        own = [kind for at, whose, kind in wrecks if at == number and whose == 0]
        their = [kind for at, whose, kind in wrecks if at == number and whose == 1]
        own_troops -= row[4]
        their_troops -= row[5]
        own_vehicles -= len(own)
        their_vehicles -= len(their)
        out.append(Moment(number, _convoy_round(number, row, own, their, f), sides()))
    return tuple(out)


# --- city assaults ---------------------------------------------------------------------------

def _assault_round(number: int, row: tuple[int, ...], grenade: int, defending: bool) -> str:
    lost, killed, people = row[:3]
    if defending:
        parts = [f"{killed} of your defenders fell" if killed else "their shot missed",
                 f"you killed {_n(lost, 'attacker')}" if lost else "your shot missed"]
        if grenade:
            parts.append(f"their grenade killed {grenade} more of yours")
    else:
        parts = [f"you killed {_n(killed, 'defender')}" if killed else "your shot missed",
                 f"you lost {_n(lost, 'troop')}" if lost else "their shot missed"]
        if grenade:
            parts.append(f"your grenade killed {grenade} more")
    if people:
        parts.append(f"{_n(people, 'person', 'people')} of the city died")
    return f"Round {number}: " + "; ".join(parts) + "."


def _assault_ending(attackers: int, defenders: int, defending: bool) -> str:
    if attackers and defenders:
        return "Neither side could hit any more: the attack stalled and the city held."
    if defending:
        return ("Your last defender fell: the city is lost." if attackers
                else "The last attacker fell: the city held.")
    return ("The last defender fell: the city is yours." if attackers
            else "Your last troop fell: the attack failed.")


def _assault_moments(event: Event) -> tuple[Moment, ...]:
    f = _facts(event)
    defending = event.kind in _DEFENDING
    attackers, defenders = _ints(f["start"])
    city = f"{f['city']}'s defenders"
    if defending:
        names = (f"Your defenders of {f['city']}", f"Clan {event.actor}'s attackers")
    else:
        names = (f"Your convoy #{f['convoy']}", city[0].upper() + city[1:])

    def sides() -> tuple[Side, Side]:
        if defending:
            return (Side(names[0], defenders, None), Side(names[1], attackers, None))
        return (Side(names[0], attackers, None), Side(names[1], defenders, None))

    out = [Moment(0, f"Before the assault on {f['city']} ({f['hex']}).", sides())]
    rows = _rows(f)
    grenades = _int_pairs(f.get("grenades", ()))
    for number, row in enumerate(rows, start=1):
        grenade = grenades.get(number, 0)
        attackers -= row[0]
        defenders -= row[1] + grenade
        sentence = _assault_round(number, row, grenade, defending)
        if number == len(rows):
            sentence += " " + _assault_ending(attackers, defenders, defending)
        out.append(Moment(number, sentence, sides()))
    return tuple(out)
