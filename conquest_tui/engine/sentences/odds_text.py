"""Every sentence a player reads about the odds of a fight: estimate, assumptions, notices."""

from __future__ import annotations

from collections.abc import Mapping

from conquest_tui.engine.combat.odds import (
    CITY_INVASION,
    CONVOY_BATTLE,
    HEX_ATTACK,
    UNKNOWN,
    Assumption,
    Estimate,
    Losses,
    OddsError,
)
from conquest_tui.engine.core.events import Fact
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.turn_sentences import number_of


def _n(count: int, one: str, many: str) -> str:
    return f"no {many}" if count == 0 else number_of(count, one, many)


def _owner(owner: int | str, what: str) -> str:
    if owner == UNKNOWN:
        return f"a {what} whose owner you do not know"
    if not owner:
        return f"an unowned {what}"
    return f"Clan {owner}'s {what}"


def _clan(owner: int | str) -> str:
    return f"Clan {owner}'s" if owner and owner != UNKNOWN else "an unknown Clan's"


def headline(estimate: Estimate) -> str:
    """What is fought, in one sentence."""
    who = f"Convoy #{estimate.convoy} with {_n(estimate.troops, 'troop', 'troops')}"
    fact = estimate.fact
    if estimate.fight == HEX_ATTACK:
        return (f"{who} attacks hex {estimate.hex}, {_owner(fact('owner'), 'hex')} "
                f"(defense level {fact('level')}, {_n(int(fact('guards')), 'guard', 'guards')}: "
                f"it takes {fact('low')}–{fact('high')} troops)")
    if estimate.fight == CITY_INVASION:
        return (f"{who} invades {fact('city')} in {estimate.hex}, "
                f"{_owner(fact('owner'), 'city')} ({_n(int(fact('garrison')), 'troop', 'troops')}"
                f" in its garrison)")
    convoys = int(fact("convoys"))
    return f"{who} attacks {_enemies(estimate)} in {estimate.hex}" + (
        ", one after the other" if convoys > 1 else "")


def _enemies(estimate: Estimate) -> str:
    owners = tuple(int(o) for o in str(estimate.fact("owners")).split(",") if o)
    return enemies(int(estimate.fact("convoys")), owners)


def enemies(convoys: int, owners: tuple[int, ...]) -> str:
    """"Clan 3's convoy", "2 of Clan 3's convoys", "3 convoys (Clan 3, Clan 5)"."""
    if convoys == 1:
        return f"{_clan(owners[0])} convoy"
    if len(owners) == 1:
        return f"{convoys} of {_clan(owners[0])} convoys"
    return f"{convoys} convoys (" + ", ".join(_clan(o).removesuffix("'s") for o in owners) + ")"


CONVOY_CHANCES: dict[str, str] = {
    "no_fight": "your commander would not start this battle: the enemy looks too strong",
    "certain": "certain to win", "none": "no chance to win",
    "almost_none": "almost no chance to win", "almost_certain": "almost certain to win",
    "about": "about {percent}% to win",
}
"""A fight's chance in words, by `Estimate.chance` (a convoy battle's notice keeps it as its
`odds` fact)."""


def chance_words(facts: Mapping[str, Fact]) -> str:
    """The chance of a convoy battle from a notice's `odds` and `percent` facts."""
    return CONVOY_CHANCES[str(facts["odds"])].format_map(facts)


def chance(estimate: Estimate) -> str:
    """"about 70% to win", "certain to win", "no chance", or why nothing would happen."""
    if estimate.chance == "no_fight" and estimate.fight != CONVOY_BATTLE:
        if estimate.fight == HEX_ATTACK and estimate.troops < int(estimate.fact("low")):
            return "too few troops: the attack would not be made"
        return "the attack would be called off"
    return CONVOY_CHANCES[estimate.chance].format(percent=estimate.percent)


def _losses(losses: Losses, rules: Ruleset) -> str:
    parts = [f"about {losses.troops:,.1f} troops"]
    for key, mean in losses.vehicles:
        vehicle = rules.vehicles[key]
        parts.append(f"{mean:,.1f} {vehicle.plural if mean != 1 else vehicle.name.lower()}")
    if losses.population:
        parts.append(f"about {round(losses.population):,} people")
    return ", ".join(parts)


def rows(estimate: Estimate, rules: Ruleset) -> list[tuple[str, str]]:
    """(label, words) rows of the estimate, for the console table and the app."""
    low, high = estimate.spread
    fought = [("Fight", headline(estimate)), ("Chance", chance(estimate))]
    if estimate.no_fight < 1.0:
        fought += [
            ("Your losses", _losses(estimate.attacker, rules)),
            ("Their losses", _losses(estimate.defender, rules)),
            ("Spread", f"in 8 fights of 10 you lose between {low:,} and {high:,} troops"),
        ]
    if estimate.wiped_out > 0.0:
        fought.append(("All killed", _all_killed(estimate)))
    fought += [("Assumed", assumption_text(a, rules)) for a in estimate.assumptions]
    if estimate.exact:
        fought.append(("Worked out", "exactly, from every roll the attack can make"))
    else:
        fought.append(("Runs", f"{estimate.runs:,} seeded runs of the battle itself (seed "
                               f"{estimate.seed})"))
    return fought


def _all_killed(estimate: Estimate) -> str:
    """How often every troop sent in dies, e.g. "1 fight in 106 (0.9%)"."""
    share = estimate.wiped_out
    one_in = max(1, round(1 / share))
    return (f"every one of your {_n(estimate.troops, 'troop', 'troops')} dies in 1 fight in "
            f"{one_in:,} ({share * 100:.1f}%)")


def assumption_text(assumption: Assumption, rules: Ruleset) -> str:
    """What the Clan did not know and what the estimate took instead."""
    fact = assumption.fact
    code = assumption.code
    if code == "hex_defense":
        return (f"hex {fact('hex')} has not been seen: assumed the strongest defense it can "
                f"start with, level {fact('level')}; its guards are not known: none counted")
    if code == "city_unseen":
        return (f"{fact('city')} has never been visited: assumed a {fact('fortification')} "
                f"(level {fact('level')}) with {int(fact('population')):,} people")
    if code == "city_buildings":
        return f"{fact('city')}'s buildings are not known: assumed none"
    if code == "city_troops":
        return (f"{fact('city')}'s troops are not known: assumed a full garrison of "
                f"{int(fact('troops')):,}")
    if code == "city_old":
        return f"what you know of {fact('city')} dates from game turn {fact('turn')}"
    if code == "city_claymores":
        return f"{fact('city')}'s claymores are not known: assumed none"
    if code == "city_guards":
        return (f"{_n(int(fact('convoys')), 'convoy', 'convoys')} seen in {fact('city')} may "
                "guard it: not counted")
    if code == "after_hex_attack":
        return (f"taking hex {fact('hex')} first costs troops: about {fact('troops')} are left "
                "to invade the city")
    if code == "planned":
        return _planned_text(assumption)
    if code == "no_repairs":
        return "no repairs between one battle and the next"
    if code == "enemy_convoy":
        return _enemy_text(assumption, rules)
    return code


def _enemy_text(assumption: Assumption, rules: Ruleset) -> str:
    fact = assumption.fact
    vehicles = []
    for item in str(fact("vehicles")).split(","):
        count, _, key = item.partition(":")
        if key:
            vehicle = rules.vehicles[key]
            vehicles.append(f"{count} {vehicle.plural if count != '1' else vehicle.name}")
    size = fact("size") if fact("size_known") else f"{fact('size')} (as large as yours)"
    kind = rules.convoy_types[str(fact("type"))].name
    if not fact("type_known"):
        kind += " (the same type as yours)"
    return (f"{_clan(fact('owner'))} convoy seen in {fact('hex')} in game turn {fact('turn')} "
            f"is {size}, {kind}: assumed {', '.join(vehicles) or 'no vehicles'} with "
            f"{fact('troops')} troops, morale {fact('morale')} and training {fact('training')}")


def _planned_text(assumption: Assumption) -> str:
    fact = assumption.fact
    pulse = int(fact("pulse"))
    if pulse:
        when = f"as your sheet has it after pulse {pulse}, before it enters hex {fact('hex')}"
    else:
        when = ("as this turn's purchases and enlisting leave it, before it moves to "
                f"hex {fact('hex')}")
    if fact("on_route") == 0:
        when = "as your sheet leaves it at the end of its moves (hex " \
               f"{fact('hex')} is not on its route)"
    return f"the convoy {when}: {_n(int(fact('troops')), 'troop', 'troops')}"


def error_text(error: OddsError) -> str:
    """Why no estimate can be made."""
    facts = error.facts
    texts = {
        "not_own_convoy": "that convoy is not yours",
        "water_hex": "hex {hex} is water: nobody can hold it",
        "own_hex": "hex {hex} is already yours",
        "no_city": "there is no city in hex {hex}",
        "own_city": "{city} is your own city",
        "ally_city": "{city} belongs to Clan {owner}, your ally",
        "no_troops": "convoy #{number} has no troops to attack with",
        "no_enemy_convoys": "you have seen no enemy convoy in hex {hex}",
        "no_convoy": "you have no convoy #{number}",
        "off_map": "{hex} is not a hex of this map",
        "nothing_to_fight": "nothing to fight in hex {hex}: no enemy convoy seen there{more}",
    }
    more = {"city": "; ask for the city's invasion to see the odds of an attack on it",
            "capture": "; the convoy is not in Capture mode, so it would not attack the hex"}
    told_more = more.get(str(facts.get("more", "")), "")
    return texts.get(error.code, error.code).format(**{**facts, "more": told_more})
