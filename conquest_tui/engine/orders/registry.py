"""The one table of every order in the rulebook: keyword, abbreviation, section, syntax, rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from conquest_tui.engine.orders.model import Order
    from conquest_tui.engine.orders.tokens import Token
    from conquest_tui.engine.rules.ruleset import Ruleset

ArgumentParser = Callable[["OrderSpec", list["Token"], int, str, "Ruleset"], "Order"]
"""Builds an order from the words after its keyword; raises OrderSyntaxError."""

CONVOY = "convoy"
CLAN = "clan"


@attrs.frozen
class OrderSpec:
    """One order of the rulebook."""

    keyword: str
    abbreviation: str
    section: str
    """CONVOY or CLAN (CC-SEQ-15: neither may be used in the other's section)."""
    syntax: str
    summary: str
    rule: str
    aliases: tuple[str, ...] = ()
    parse: ArgumentParser | None = None
    """None: recognised but not carried out by this version yet."""

    @property
    def supported(self) -> bool:
        """Whether this version carries the order out."""
        return self.parse is not None


def _spec(keyword: str, abbr: str, section: str, syntax: str, summary: str, rule: str,
          *aliases: str) -> OrderSpec:
    return OrderSpec(keyword, abbr, section, syntax, summary, rule, tuple(aliases))


_CONVOY_ORDERS: tuple[OrderSpec, ...] = (
    _spec("ABSORB", "AB", CONVOY, "ABSORB convoy#", "absorb one of your convoys in the same hex",
          "CC-CO-ABSORB-01"),
    _spec("AID", "AI", CONVOY, "AID ON|OFF", "automatic curing of cities (needs a Doctor)",
          "CC-CO-AID-01"),
    _spec("ATTACK", "AT", CONVOY, "ATTACK [troops]", "invade the city in this hex",
          "CC-CO-ATTACK-01"),
    _spec("BOMB", "BO", CONVOY, "BOMB [B|P|T|S]", "drop all bombs on the city (air only)",
          "CC-CO-BOMB-01"),
    _spec("CAPTURE", "CA", CONVOY, "CAPTURE", "switch to Capture mode", "CC-CO-MODE-02"),
    _spec("CELEBRATE", "CE", CONVOY, "CELEBRATE", "celebrate to raise morale",
          "CC-CO-CELEBRATE-01", "CELEBR"),
    _spec("CURE", "CU", CONVOY, "CURE", "cure the city of the Plague", "CC-CO-CURE-01"),
    _spec("DROPOFF", "DR", CONVOY, "DROPOFF", "sell the cargo in this city", "CC-CO-DROPOFF-01"),
    _spec("DUMP", "DU", CONVOY, "DUMP", "throw the cargo away", "CC-CO-DUMP-01"),
    _spec("EMPTY", "EM", CONVOY, "EMPTY", "switch to Empty mode", "CC-CO-MODE-03"),
    _spec("FISH", "FI", CONVOY, "FISH", "fish at this hex's fishery (sea only)", "CC-CO-FISH-01"),
    _spec("GUARD", "GU", CONVOY, "GUARD", "add the convoy's troops to a friendly city's defense",
          "CC-CO-GUARD-01"),
    _spec("HIRE", "HI", CONVOY, "HIRE [expert]", "hire an Expert Clansman", "CC-CO-HIRE-01"),
    _spec("HUNT", "HU", CONVOY, "HUNT", "attack enemy convoys here, hidden ones too",
          "CC-CO-HUNT-01"),
    _spec("KILL MODE", "KM", CONVOY, "KILL MODE N|V|T", "set kill mode (needs a Gunner)",
          "CC-CO-KM-01", "KILLMODE"),
    _spec("LOOT", "LO", CONVOY, "LOOT", "search this hex for anything of value", "CC-CO-LOOT-01"),
    _spec("MOVE", "", CONVOY, "N|NE|SE|S|SW|NW|NORTH…|hex#", "move one hex (any distance by air)",
          "CC-CO-MOVE-01"),
    _spec("PATROL", "PT", CONVOY, "PATROL", "patrol this hex", "CC-CO-PATROL-01"),
    _spec("PAUSE", "PA", CONVOY, "PAUSE", "move around within the hex (re-enter it)",
          "CC-CO-PAUSE-01"),
    _spec("PAVE", "PV", CONVOY, "PAVE direction", "build a road (needs a truck)", "CC-CO-PAVE-01"),
    _spec("PICKUP", "PI", CONVOY, "PICKUP", "pick up the goods this city produces",
          "CC-CO-PICKUP-01"),
    _spec("PLANT", "PL", CONVOY, "PLANT", "plant an Expert Spy in this city", "CC-CO-PLANT-01",
          "SPY"),
    _spec("PRACTICE", "PR", CONVOY, "PRACTICE", "combat drills (needs a Trainer)",
          "CC-CO-PRACTICE-01"),
    _spec("RAZE", "RA", CONVOY, "RAZE", "burn a city you own", "CC-CO-RAZE-01"),
    _spec("RECON", "RE", CONVOY, "RECON", "switch to Recon mode", "CC-CO-MODE-01"),
    _spec("SCAN", "SC", CONVOY, "SCAN", "scout the adjacent hexes (needs a Scout)",
          "CC-CO-SCAN-01"),
    _spec("SPLIT", "SP", CONVOY, "SPLIT", "split into two convoys", "CC-CO-SPLIT-01"),
)

_CLAN_ORDERS: tuple[OrderSpec, ...] = (
    _spec("ALLY", "AL", CLAN, "ALLY clan#", "declare or end an alliance", "CC-CL-ALLY-01"),
    _spec("ASSIGN", "AS", CLAN, "ASSIGN hex# troops [claymores]",
          "assign or withdraw city troops and claymores", "CC-CL-ASSIGN-01"),
    _spec("BAN", "BA", CLAN, "BAN clan#|ALL", "ban a Clan from your cities", "CC-CL-BAN-01"),
    _spec("BROADCAST", "BR", CLAN, 'BROADCAST clan#|hex#|ALL "text"', "signed message",
          "CC-CL-BROADCAST-01"),
    _spec("BUILD", "BL", CLAN, "BUILD hex# structure", "build a custom structure",
          "CC-CL-BUILD-01"),
    _spec("BUY", "BU", CLAN, "BUY quantity item [#convoy]", "buy supplies, weapons or vehicles",
          "CC-CL-BUYS-01"),
    _spec("CONVERT", "CO", CLAN, "CONVERT convoy# type [name]",
          "sell all vehicles and restart as a new type", "CC-CL-CONVERT-01"),
    _spec("CREATE", "CR", CLAN, 'CREATE hex# type ["name"]', "create a convoy in a city you own",
          "CC-CL-CREATE-01"),
    _spec("DEFEND", "DE", CLAN, "DEFEND [troops] hex#…", "raise hex defense levels",
          "CC-CL-DEFEND-01"),
    _spec("ENLIST", "EN", CLAN, "ENLIST quantity", "enlist troops", "CC-CL-ENLIST-01"),
    _spec("ERECT", "ER", CLAN, "ERECT hex# building…", "erect city buildings", "CC-CL-ERECT-01"),
    _spec("ESPIONAGE", "ES", CLAN, "ESPIONAGE clan# keyword…", "buy information on a Clan",
          "CC-CL-ESPIONAGE-01"),
    _spec("EVENT", "EV", CLAN, "EVENT", "a guaranteed random event", "CC-CL-EVENT-01"),
    _spec("FORTIFY", "FO", CLAN, "FORTIFY hex# [troops] [claymores]",
          "raise a city's fortification", "CC-CL-FORTIFY-01"),
    _spec("GAMBLE", "GA", CLAN, "GAMBLE hex#", "gamble at a casino you own", "CC-CL-GAMBLE-01"),
    _spec("GARRISON", "GR", CLAN, "GARRISON troops hex#…", "assign troops to hexes",
          "CC-CL-GARRISON-01"),
    _spec("GIVE", "GI", CLAN, "GIVE quantity item #from #to", "transfer between your convoys",
          "CC-CL-GIVE-01"),
    _spec("MESSAGE", "ME", CLAN, 'MESSAGE clan#|hex#|ALL "text"', "anonymous message",
          "CC-CL-MESSAGE-01"),
    _spec("NAME", "NA", CLAN, 'NAME [#convoy] "name"', "name a convoy or the Clan",
          "CC-CL-NAME-01"),
    _spec("ORDER", "OR", CLAN, "ORDER pre post", "buy extra Clan order lines for next turn",
          "CC-CL-ORDER-01"),
    _spec("PHONE", "PH", CLAN, "PHONE ON|OFF [number]", "show or hide your phone number",
          "CC-CL-PHONE-01"),
    _spec("SABOTAGE", "SA", CLAN, "SABOTAGE hex#", "sabotage a city (needs a planted spy)",
          "CC-CL-SABOTAGE-01"),
    _spec("SELL", "SE", CLAN, "SELL quantity item [#convoy] | SELL CONVOY #n",
          "sell supplies, weapons, vehicles or a convoy", "CC-CL-SELL-01"),
    _spec("SLOGAN", "SL", CLAN, 'SLOGAN "text"', "set the Clan slogan", "CC-CL-SLOGAN-01"),
    _spec("TRAIN", "TR", CLAN, "TRAIN quantity", "train agents", "CC-CL-TRAIN-01"),
    _spec("VIGILANCE", "VI", CLAN, "VIGILANCE percent", "garrison share left in captured cities",
          "CC-CL-VIGILANCE-01"),
)


class OrderRegistry:
    """Keyword and abbreviation lookup for both sections; parsers are attached by the parser."""

    def __init__(self, specs: tuple[OrderSpec, ...]) -> None:
        self.specs = specs
        self._convoy: dict[str, OrderSpec] = {}
        self._clan: dict[str, OrderSpec] = {}
        for spec in specs:
            table = self._convoy if spec.section == CONVOY else self._clan
            for word in (spec.keyword, spec.abbreviation, *spec.aliases):
                if word:
                    if word in table:
                        raise ValueError(f"order word {word} is defined twice")
                    table[word] = spec

    def lookup(self, section: str, word: str) -> OrderSpec | None:
        """The order a keyword or abbreviation names in a section, or None."""
        table = self._convoy if section == CONVOY else self._clan
        return table.get(word)

    def other_section(self, section: str, word: str) -> OrderSpec | None:
        """The order the word names in the other section (for 'wrong section' problems)."""
        return self.lookup(CLAN if section == CONVOY else CONVOY, word)

    def words(self, section: str) -> list[str]:
        """Every keyword and abbreviation of a section, for completion."""
        table = self._convoy if section == CONVOY else self._clan
        return sorted(table)

    def with_parsers(self, parsers: dict[str, ArgumentParser]) -> OrderRegistry:
        """A registry whose specs carry the given argument parsers, keyed by section:keyword."""
        return OrderRegistry(tuple(
            attrs.evolve(spec, parse=parsers.get(f"{spec.section}:{spec.keyword}"))
            for spec in self.specs
        ))


BASE_REGISTRY = OrderRegistry(_CONVOY_ORDERS + _CLAN_ORDERS)
"""Every order of the rulebook, without parsers (see orders.parser.REGISTRY)."""
