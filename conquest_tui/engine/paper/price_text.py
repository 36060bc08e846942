"""A Clan's price list in words: each group's title; each price's name, amount and what sets it."""

from __future__ import annotations

from conquest_tui.engine.economy.price_list import GROUPS, Price, PriceList
from conquest_tui.engine.sentences.turn_sentences import number_of

TITLES: dict[str, str] = {
    "supplies": "Supplies and troops (BUY, ENLIST)",
    "weapons": "Weapons (BUY)",
    "vehicles": "Vehicles (BUY quantity vehicles #convoy)",
    "convoys": "Convoys (CREATE, SPLIT)",
    "experts": "Experts (HIRE)",
    "buildings": "City buildings (ERECT)",
    "structures": "Custom structures (BUILD)",
    "hexes": "Hexes (DEFEND, PAVE)",
    "cities": "Your cities (FORTIFY)",
    "espionage": "Espionage (ESPIONAGE): points × the target's popularity as it runs",
    "other": "Agents, order lines, casinos (TRAIN, ORDER, GAMBLE)",
}
"""Each group's title, with the orders that pay its prices."""

PER: dict[str, str] = {
    "unit": "a unit", "troop": "a troop", "vehicle": "each", "expert": "each",
    "building": "each", "structure": "each", "convoy": "", "agent": "", "level": "",
    "line": "a line", "stake": "a stake", "multiplier": "× multipliers", "point": "a point",
}
"""What one price buys, after the amount ("$20 a unit")."""

COLUMNS: tuple[str, str, str] = ("", "Price", "What sets it")
"""The columns of a group's table: what, the price now, what sets or changes it."""


def dollars(amount: int) -> str:
    """"$39,900"."""
    return f"${amount:,}"


def price_cell(price: Price) -> str:
    """"$20 a unit", "$40,000 each", "$5,000"; an espionage keyword: "150 × popularity"."""
    if price.why == "popularity":
        return f"{price.price:,} × popularity"
    per = PER.get(price.per, "")
    return f"{dollars(price.price)} {per}".rstrip()


def name_cell(price: Price) -> str:
    """What the price buys: "Fuel", "Truck", "CITIES", "Eastreach (1609)", "Clan 417 Road Hogs"."""
    if price.group == "cities":
        return f"{price.name} ({price.key})"
    if price.why == "clan_popularity":
        return f"Clan {price.key} ({price.name})"
    if price.group == "hexes" and price.key != "pave":
        return f"Defense {price.name}"
    return price.name


def why_cell(price: Price) -> str:
    """What sets the price, or changes it, in words."""
    facts = price.facts
    why = price.why
    if why == "market":
        return (f"changes each game turn ({dollars(int(facts['low']))} to "
                f"{dollars(int(facts['high']))})")
    if why == "offer":
        return (f"the radio's offer, this game turn only (the market's price: "
                f"{dollars(int(facts['usual']))})")
    if why == "next_convoy":
        have = int(facts["count"])
        return (f"your convoy #{facts['next']} (you have {number_of(have, 'convoy')}): each "
                "one more costs more")
    if why == "doubling":
        return f"your agent #{facts['next']}: each one more costs twice as much"
    if why == "level":
        here = f"from {facts['level']} " if "level" in facts else ""
        return f"{here}to {facts['to']}: each level up costs more"
    if why == "terrain":
        return "× the parts multipliers of both hexes' terrain"
    if why == "popularity":
        return f"from game turn {facts['from_turn']} on"
    if why == "clan_popularity":
        return "its popularity now: the keywords' points × this"
    if price.group == "vehicles":
        return f"fixed; {str(facts['convoy_type']).lower()} convoys only"
    if price.group == "structures":
        return f"fixed; built on {facts['terrains']}"
    if price.group == "buildings":
        return "fixed; in a city you own"
    return "fixed"


def rows(prices: PriceList, group: str) -> list[tuple[str, str, str]]:
    """The cells of one group's table (COLUMNS)."""
    return [(name_cell(price), price_cell(price), why_cell(price))
            for price in prices.group(group)]


def groups(prices: PriceList) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """(title, rows) of each group the list has, in the order it is read."""
    return [(TITLES[group], rows(prices, group)) for group in GROUPS if prices.group(group)]


def heading(prices: PriceList) -> str:
    """"Prices for Clan 856, game turn 3: you have $25,000."."""
    return (f"Prices for Clan {prices.clan}, game turn {prices.game_turn}: you have "
            f"{dollars(prices.money)}.")


def buy_choices(prices: PriceList) -> list[tuple[str, int]]:
    """What BUY buys, as the sheet writes it, with its price now: supplies and weapons, then
    vehicles (by their plural)."""
    return [(str(price.facts["word"]), price.price) for price in prices.prices
            if price.group in ("supplies", "weapons", "vehicles") and "word" in price.facts]
