"""The numbers of Conquest's rules (data/conquest/rules.toml) as one frozen record."""

from __future__ import annotations

from attrs import field, frozen


def _thresholds(value: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((int(armies), int(dice)) for armies, dice in value))


@frozen
class ConquestRules:
    """Every number the seed gives, read from data/conquest/rules.toml."""

    minimum_players: int
    maximum_players: int
    initial_armies: dict[int, int]
    short_deal_extra_armies: int
    territories_per_army: int
    minimum_allotment: int
    minimum_attack_armies: int
    dice_sides: int
    attacker_dice: tuple[tuple[int, int], ...] = field(converter=_thresholds)
    defender_dice: tuple[tuple[int, int], ...] = field(converter=_thresholds)
    card_numbers: tuple[int, ...]
    cards_per_number: int
    wild_cards: int
    set_size: int
    may_cash_at: int
    must_cash_at: int
    set_values: tuple[int, ...]
    later_set_step: int
    held_territory_bonus: int
    turn_limit: int

    def dice_for_attacker(self, armies: int) -> int:
        """Dice the attacker rolls with `armies` in the attacking territory (W42-ATT-04)."""
        return _dice(self.attacker_dice, armies)

    def dice_for_defender(self, armies: int) -> int:
        """Dice the defender rolls with `armies` in the defending territory (W42-ATT-05)."""
        return _dice(self.defender_dice, armies)

    def set_value(self, sets_cashed_before: int) -> int:
        """Armies for a set after `sets_cashed_before` sets cashed so far (W42-CARD-05)."""
        if sets_cashed_before < len(self.set_values):
            return self.set_values[sets_cashed_before]
        extra = sets_cashed_before - len(self.set_values) + 1
        return self.set_values[-1] + extra * self.later_set_step


def _dice(table: tuple[tuple[int, int], ...], armies: int) -> int:
    dice = 0
    for least, count in table:
        if armies >= least:
            dice = count
    return dice
