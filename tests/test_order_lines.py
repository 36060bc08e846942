"""Every order writes its own sheet line, and reading that line gives back an equal order.

Hypothesis builds each order of the registry from strategies per argument kind (hexes and hex
patterns, directions, convoy and Clan numbers, quantities, stockpile items, vehicles, goods,
experts, buildings, structures, names, messages …), writes it with `line()` and reads it back
in its section with the sheet's own parser (CC-CO-GEN-01, CC-CL-GEN-02: a keyword and its
parameters, names and messages in quotes; a bare direction or hex number is a move,
CC-CO-MOVE-01; an [AGENTS] line is a hex number, CC-CL-TRAIN-02).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orderbook import (
    cities,
    city_war,
    clan_admin,
    convoy_war,
    diplomacy,
    espionage,
    experts,
    guards,
    hexes,
    market,
    movement,
    plague,
    spies,
    strikes,
    transfers,
    treaties,
)
from conquest_tui.engine.orders.agent_lines import AgentDestination, parse_agent_line
from conquest_tui.engine.orders.arguments import MAX_CONVOY_NUMBER, MAX_QUANTITY, SUPPLIES
from conquest_tui.engine.orders.model import Order
from conquest_tui.engine.orders.registry import CLAN, CONVOY
from conquest_tui.engine.orders.sheet import parse_order_line
from conquest_tui.storage.rules_loader import load_ruleset

RULES = load_ruleset()
LIMITS = RULES.order_limits
EXAMPLES = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

# --- strategies per argument kind -------------------------------------------------------------

HEXES = st.builds("{:02d}{:02d}".format, st.integers(1, 99), st.integers(1, 99))
PATTERNS = st.text(alphabet="0123456789*", min_size=4, max_size=4)
DIRECTIONS = st.sampled_from(hexgrid.DIRECTIONS)
CONVOYS = st.integers(1, MAX_CONVOY_NUMBER)
CLANS = st.integers(1, diplomacy.MAX_CLAN_NUMBER)
AMOUNTS = st.integers(1, MAX_QUANTITY)
SIGNED = st.integers(-MAX_QUANTITY, MAX_QUANTITY)
GUARDS = st.integers(-99, 99).filter(bool)
STOCK_ITEMS = st.sampled_from(sorted(set(SUPPLIES.values())))
VEHICLES = st.sampled_from(sorted(RULES.vehicles))
CONVOY_TYPES = st.sampled_from(sorted(RULES.convoy_types))
EXPERTS = st.sampled_from(sorted(RULES.experts))
BUILDINGS = st.sampled_from(sorted(RULES.buildings))
STRUCTURES = st.sampled_from(sorted(RULES.custom_structures))
GOODS = st.sampled_from(sorted(RULES.goods))
TEXT = st.characters(codec="utf-8", exclude_characters='"',
                     exclude_categories=("Cc", "Cs", "Zl", "Zp"))
"""Characters a quoted text may hold: anything printable but a quote."""


def _said(limit: int, *, empty: bool = False) -> st.SearchStrategy[str]:
    """Text as a quoted argument reads back: stripped, at most `limit` characters."""
    return st.text(TEXT, min_size=0 if empty else 1, max_size=limit).filter(
        lambda text: text == text.strip() and (empty or text != "")
        and all(ch == " " or not ch.isspace() for ch in text))


def _named(limit: int) -> st.SearchStrategy[str]:
    """A name: not empty, at most `limit` characters, not beginning with the word "the"."""
    return _said(limit).filter(lambda name: name.split(" ", 1)[0].upper() != "THE")


NAMES = _named(LIMITS.name_max_length)
MESSAGES = _said(LIMITS.message_max_length).filter(
    lambda text: ">" not in text and text.isprintable())
PHONES = st.builds("({}){}-{}".format, st.from_regex(r"\A[0-9]{3}\Z"),
                   st.from_regex(r"\A[0-9]{3}\Z"), st.from_regex(r"\A[0-9]{4}\Z"))


def _bare(order_type: type[Order]) -> st.SearchStrategy[Order]:
    return st.just(order_type())


def _trade(order_type: type[market.Buy] | type[market.Sell]) -> st.SearchStrategy[Order]:
    supplies = st.builds(order_type, quantity=AMOUNTS, item=STOCK_ITEMS)
    vehicles = st.builds(order_type, quantity=AMOUNTS, item=VEHICLES, convoy=CONVOYS)
    return st.one_of(supplies, vehicles)


def _give() -> st.SearchStrategy[Order]:
    pair = st.tuples(CONVOYS, CONVOYS).filter(lambda convoys: convoys[0] != convoys[1])

    def given(kind: str, items: st.SearchStrategy[str],
              amounts: st.SearchStrategy[int] = AMOUNTS) -> st.SearchStrategy[Order]:
        return st.builds(lambda item, amount, convoys: transfers.Give(
            kind=kind, item=item, quantity=amount, sender=convoys[0], recipient=convoys[1]),
            items, amounts, pair)

    return st.one_of(
        given("troops", st.just("troops")),
        given("weapon", st.sampled_from(transfers.CARRIED_WEAPONS)),
        given("vehicle", VEHICLES),
        given("cargo", GOODS),
        given("expert", EXPERTS, st.just(1)),
        given("all_experts", st.just(""), st.just(0)),
    )


def _message(order_type: type[diplomacy.Message] | type[diplomacy.Broadcast]
             ) -> st.SearchStrategy[Order]:
    return st.one_of(
        st.builds(order_type, to=st.just(diplomacy.TO_ALL), body=MESSAGES),
        st.builds(order_type, to=st.just(diplomacy.TO_HEX), hex=HEXES, body=MESSAGES),
        st.builds(order_type, to=st.just(diplomacy.TO_CLAN), other=CLANS, body=MESSAGES),
    )


def _lines_bought() -> st.SearchStrategy[Order]:
    most = RULES.order_lines.max_purchase
    return st.tuples(st.integers(0, most), st.integers(0, most)).filter(
        lambda lines: 0 < sum(lines) <= most).map(
        lambda lines: clan_admin.BuyOrderLines(pre=lines[0], post=lines[1]))


def _espionage() -> st.SearchStrategy[Order]:
    asked = st.sets(st.sampled_from(list(RULES.espionage)), min_size=1)
    return st.builds(lambda target, keywords: espionage.Espionage(
        target=target, keywords=tuple(k for k in RULES.espionage if k in keywords)),
        AMOUNTS, asked)


def _hex_guards(order_type: type[guards.Defend] | type[guards.Garrison],
                troops: st.SearchStrategy[int]) -> st.SearchStrategy[Order]:
    patterns = st.lists(PATTERNS, min_size=1, max_size=LIMITS.defend_max_hexes).map(tuple)
    return st.builds(order_type, troops=troops, hexes=patterns)


STRATEGIES: dict[str, Callable[[], st.SearchStrategy[Order]]] = {
    # convoy orders
    "ABSORB": lambda: st.builds(transfers.Absorb, target=CONVOYS),
    "AID": lambda: st.builds(plague.Aid, on=st.booleans()),
    "ATTACK": lambda: st.builds(city_war.Attack, troops=st.just(0) | AMOUNTS),
    "BOMB": lambda: st.builds(strikes.Bomb, target=st.sampled_from(["", "B", "P", "T", "S"])),
    "CAPTURE": lambda: _bare(movement.Capture),
    "CELEBRATE": lambda: _bare(experts.Celebrate),
    "CURE": lambda: _bare(plague.Cure),
    "DROPOFF": lambda: _bare(cities.Dropoff),
    "DUMP": lambda: _bare(cities.Dump),
    "EMPTY": lambda: _bare(movement.Empty),
    "FISH": lambda: _bare(hexes.Fish),
    "GUARD": lambda: _bare(city_war.Guard),
    "HIRE": lambda: st.builds(experts.Hire, expert=st.just("") | EXPERTS),
    "HUNT": lambda: _bare(convoy_war.Hunt),
    "KILL MODE": lambda: st.builds(convoy_war.KillMode,
                                   mode=st.sampled_from(convoy_war.KILL_MODES)),
    "LOOT": lambda: _bare(movement.Loot),
    "MOVE": lambda: st.builds(movement.Move, direction=DIRECTIONS)
    | st.builds(movement.Move, target=HEXES),
    "PATROL": lambda: _bare(convoy_war.Patrol),
    "PAUSE": lambda: _bare(movement.Pause),
    "PAVE": lambda: st.builds(hexes.Pave, direction=DIRECTIONS),
    "PICKUP": lambda: _bare(cities.PickupGoods),
    "PLANT": lambda: _bare(spies.Plant),
    "PRACTICE": lambda: _bare(experts.Practice),
    "RAZE": lambda: _bare(strikes.Raze),
    "RECON": lambda: _bare(movement.Recon),
    "SCAN": lambda: _bare(experts.Scan),
    "SPLIT": lambda: _bare(transfers.Split),
    # Clan orders
    "ALLY": lambda: st.builds(diplomacy.Ally, other=CLANS),
    "ASSIGN": lambda: st.builds(cities.Assign, hex=HEXES, troops=SIGNED, claymores=SIGNED)
    .filter(lambda order: order.troops or order.claymores),
    "BAN": lambda: st.builds(diplomacy.Ban, other=st.just(0) | CLANS),
    "OFFER": lambda: st.builds(treaties.Offer, kind=st.sampled_from(["nat", "alliance"]),
                               other=CLANS, turns=st.integers(1, 999)),
    "ACCEPT": lambda: st.builds(treaties.Accept, other=CLANS),
    "REJECT": lambda: st.builds(treaties.Reject, other=CLANS),
    "DECLARE": lambda: st.builds(treaties.DeclareWar, other=CLANS),
    "BROADCAST": lambda: _message(diplomacy.Broadcast),
    "BUILD": lambda: st.builds(hexes.Build, hex=HEXES, structure=STRUCTURES),
    "BUY": lambda: _trade(market.Buy),
    "CONVERT": lambda: st.builds(transfers.Convert, convoy=CONVOYS, convoy_type=CONVOY_TYPES,
                                 name=st.just("") | NAMES),
    "CREATE": lambda: st.builds(market.Create, hex=HEXES, convoy_type=CONVOY_TYPES,
                                name=st.just("") | _named(20)),
    "DEFEND": lambda: _hex_guards(guards.Defend, st.just(0) | GUARDS),
    "ENLIST": lambda: st.builds(market.Enlist, quantity=AMOUNTS),
    "ERECT": lambda: st.builds(cities.Erect, hex=HEXES, buildings=st.lists(
        BUILDINGS, min_size=1, max_size=LIMITS.erect_max_buildings, unique=True).map(tuple)),
    "ESPIONAGE": _espionage,
    "EVENT": lambda: _bare(clan_admin.RequestEvent),
    "FORTIFY": lambda: st.builds(cities.Fortify, hex=HEXES, troops=SIGNED, claymores=SIGNED),
    "GAMBLE": lambda: st.builds(hexes.Gamble, hex=HEXES),
    "GARRISON": lambda: _hex_guards(guards.Garrison, GUARDS),
    "GIVE": _give,
    "MESSAGE": lambda: _message(diplomacy.Message),
    "NAME": lambda: st.builds(clan_admin.Rename, convoy=st.just(0) | CONVOYS, name=NAMES),
    "ORDER": _lines_bought,
    "PHONE": lambda: st.builds(clan_admin.SetPhone, on=st.just(False))
    | st.builds(clan_admin.SetPhone, on=st.just(True), number=st.just("") | PHONES),
    "SABOTAGE": lambda: st.builds(spies.Sabotage, hex=HEXES),
    "SELL": lambda: _trade(market.Sell)
    | st.builds(market.Sell, convoy=CONVOYS, whole_convoy=st.just(True)),
    "SLOGAN": lambda: st.builds(clan_admin.SetSlogan,
                                slogan=_said(LIMITS.slogan_max_length, empty=True)),
    "TRAIN": lambda: st.builds(clan_admin.TrainAgents, quantity=AMOUNTS),
    "VIGILANCE": lambda: st.builds(clan_admin.SetVigilance,
                                   percent=st.integers(0, RULES.combat.assault.vigilance_max)),
}
"""A strategy for every declared order, by keyword."""

DECLARED = {spec.keyword: spec for spec in RULES.orders.specs}


def test_the_round_trip_covers_every_declared_order() -> None:
    """No order is declared without a strategy here, and none is here that is not declared."""
    assert set(STRATEGIES) == set(DECLARED)


@pytest.mark.parametrize("keyword", sorted(DECLARED))
@EXAMPLES
@given(data=st.data())
def test_every_order_reads_back_equal_from_its_line_cc_co_gen_01_cc_cl_gen_02(
        keyword: str, data: st.DataObject) -> None:
    """line() writes the order; its section's parser reads back an equal order (on any line
    number, with that line as its text), which writes the same line again."""
    spec = DECLARED[keyword]
    order = data.draw(STRATEGIES[keyword](), label=keyword)
    assert order.keyword == keyword and type(order) is spec.order_type
    line = order.line(RULES)
    number = data.draw(st.integers(1, 2000), label="line number")
    read = parse_order_line(line, number, spec.section, RULES)
    assert read == order, line
    assert (read.line_number, read.text, read.line(RULES)) == (number, line, line)


@EXAMPLES
@given(hex_id=HEXES)
def test_an_agent_line_reads_back_equal_cc_cl_train_02(hex_id: str) -> None:
    """An [AGENTS] line is the hex number alone."""
    order = AgentDestination(hex=hex_id)
    assert parse_agent_line(order.line(RULES), 3) == order
    assert order.line(RULES) == hex_id


@pytest.mark.parametrize(("section", "typed", "canonical"), [
    (CONVOY, "  northeast ; on the road", "NE"),
    (CONVOY, "move 0516", "0516"),
    (CONVOY, "km  vehicles", "KILL MODE V"),
    (CONVOY, "hire engineer", "HIRE ENG"),
    (CONVOY, "bo population", "BOMB POPULATION"),
    (CONVOY, "absorb #3", "ABSORB 3"),
    (CLAN, "bu 1,000 spare", "BUY 1000 PARTS"),
    (CLAN, "buy 1 bus #2", "BUY 1 BUSES #2"),
    (CLAN, "buy 2 cub #4", "BUY 2 PIPERCUBS #4"),
    (CLAN, "se convoy 3", "SELL CONVOY #3"),
    (CLAN, 'cr 0516 amphib "Sea  Dogs"', 'CREATE 0516 AMPHIBIOUS "Sea  Dogs"'),
    (CLAN, "CREATE 0516 land Sea Dogs", 'CREATE 0516 LAND "Sea Dogs"'),
    (CLAN, "assign 0516 +5", "ASSIGN 0516 5"),
    (CLAN, "fortify 0516 0 3", "FORTIFY 0516 0 3"),
    (CLAN, "erect 0516 marketplace church", "ERECT 0516 MAR CHU"),
    (CLAN, "ES #455 cities hexes", "ESPIONAGE 455 HEXES CITIES"),
    (CLAN, "give eng #1 #2", "GIVE 1 ENG #1 #2"),
    (CLAN, "give all exp 1 2", "GIVE ALL EXPERTS #1 #2"),
    (CLAN, "give 3 milk 1 2", "GIVE 3 MILK #1 #2"),
    (CLAN, "phone on (513) 555-3902", "PHONE ON (513)555-3902"),
    (CLAN, "vigilance 20%", "VIGILANCE 20"),
    (CLAN, 'me #133 "hi ; there"', 'MESSAGE 133 "hi ; there"'),
    (CLAN, "ba all", "BAN ALL"),
    (CLAN, "name 2 Iron Fist", 'NAME #2 "Iron Fist"'),
    (CLAN, 'slogan ""', "SLOGAN"),
])
def test_an_order_as_typed_equals_its_canonical_line_cc_co_gen_01_cc_cl_gen_02(
        section: str, typed: str, canonical: str) -> None:
    """Equality is the order's meaning: abbreviations, case, spacing, commas, '#', comments and
    the line it stands on take no part in it, and the canonical line reads back equal."""
    typed_order = parse_order_line(typed, 4, section, RULES)
    assert typed_order.line(RULES) == canonical
    again = parse_order_line(canonical, 9, section, RULES)
    assert again == typed_order and hash(again) == hash(typed_order)
    assert (typed_order.text, again.text) == (typed, canonical)
