"""The house rules: each declared once (data/rules/house_rules.toml), off unless a game says on."""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from conquest_tui.engine.rules.checks import InvalidValue, rulebook_numbers, show

__all__ = ["NO_HOUSE_RULES", "HouseRule", "HouseRuleName", "HouseRules", "HouseRulesInPlay",
           "RevoltRule", "StandingOrdersRule", "TreatiesRule"]


class HouseRuleName(enum.StrEnum):
    """The name of a house rule as a player types it (`conquest new --house standing`) and as a
    save keeps it. A rule is declared by a member here, a record field of `HouseRules` with its
    numbers and a table of `house_rules.toml`; nothing else names it."""

    STANDING = "standing"
    TREATIES = "treaties"
    REVOLT = "revolt"


def _one_mark(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not value or any(char.isspace() or char in '";[]' for char in value):
        raise InvalidValue(attribute.name, f"expected a mark without spaces, quotes, ';' or "
                                           f"brackets, got {show(value)}")


@attrs.frozen(field_transformer=rulebook_numbers)
class HouseRule:
    """What every house rule declares: its title, a paragraph in the players' words and the
    sister seed it comes from."""

    name: HouseRuleName
    title: str                          # "Standing orders"
    summary: str                        # one paragraph, as F1 shows it
    seed: str                           # "seed 002, PBM UMPIRE: persistent standing orders"


@attrs.frozen(field_transformer=rulebook_numbers)
class StandingOrdersRule(HouseRule):
    """`standing`: a sheet line marked to repeat is carried into the Clan's next sheet."""

    mark: str = attrs.field(validator=_one_mark, default="@")
    """The word at a line's end that makes it a standing order (Eressea's `@`)."""


@attrs.frozen(field_transformer=rulebook_numbers)
class TreatiesRule(HouseRule):
    """`treaties`: non-aggression treaties and alliances offered, accepted and broken by order."""

    most_turns: int = 20
    """The longest term a treaty may be offered for, in game turns (seed 001: 20 weeks)."""
    offers_per_sheet: int = 2
    """At most this many OFFER lines run on one sheet (seed 001: two appeals)."""


@attrs.frozen(field_transformer=rulebook_numbers)
class RevoltRule(HouseRule):
    """`revolt`: a conquered city held by too few troops may rise and go back to neutral."""

    people_per_troop: int = 2_500
    """The safe garrison is one troop for every this many people in the city."""
    percent_per_troop_short: int = 10
    """Each troop short of the safe garrison adds this much to the odds (seed 001: +10%)."""
    most_percent: int = 90
    """The odds never go above this, however weak the garrison."""
    breach_percent: int = 20
    """Added to every conquered city's odds on the turn its owner breaks a treaty."""
    threshold_percent: int = 95
    """The map's victory threshold is this share of its own with the rule on (HOUSE-REVOLT-07)."""


@attrs.frozen(field_transformer=rulebook_numbers)
class HouseRules:
    """Every house rule this version knows, one field each (named as the rule)."""

    standing: StandingOrdersRule
    treaties: TreatiesRule
    revolt: RevoltRule

    def declared(self) -> tuple[HouseRule, ...]:
        """Every house rule, in the order they are declared."""
        return tuple(getattr(self, field.name) for field in attrs.fields(type(self)))

    def rule(self, name: HouseRuleName) -> HouseRule:
        """The declaration of one house rule."""
        found: HouseRule = getattr(self, name.value)
        return found

    def names(self) -> tuple[str, ...]:
        """The names a player may type, in the order they are declared."""
        return tuple(rule.name.value for rule in self.declared())

    def read_names(self, words: Iterable[str]) -> tuple[HouseRuleName, ...]:
        """The house rules named by `words` (any case, each once, in the declared order);
        ValueError in one sentence naming the known ones for a word that names none."""
        wanted = {word.strip().lower() for word in words if word.strip()}
        unknown = sorted(wanted - set(self.names()))
        if unknown:
            known = ", ".join(self.names())
            what = "house rule" if len(unknown) == 1 else "house rules"
            raise ValueError(f"there is no {what} {', '.join(unknown)}; the house rules are "
                             f"{known}")
        return tuple(HouseRuleName(name) for name in self.names() if name in wanted)


@attrs.frozen
class HouseRulesInPlay:
    """The house rules on in one game (`Game.house`, `ClanView.house`); every other is off."""

    names: frozenset[HouseRuleName] = frozenset()

    def on(self, name: HouseRuleName) -> bool:
        """Whether the house rule is in play in this game."""
        return name in self.names

    def __bool__(self) -> bool:
        return bool(self.names)

    def ordered(self) -> tuple[HouseRuleName, ...]:
        """The rules on, in the order they are declared."""
        return tuple(name for name in HouseRuleName if name in self.names)


NO_HOUSE_RULES = HouseRulesInPlay()
"""A game of the rulebook alone."""
