"""Parsers of Clan housekeeping orders: GIVE, SPLIT, ABSORB, CONVERT, ORDER, EVENT, NAME, …"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.arguments import (
    SUPPLIES,
    OrderSyntaxError,
    convoy_number,
    no_args,
    no_more,
    quantity,
)
from conquest_tui.engine.orders.registry import ArgumentParser, OrderSpec
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset

CARRIED_WEAPONS = ("rifles", "grenades", "rockets", "bombs")
"""Optional weapons a convoy can hold, and so can GIVE (claymores stay in cities, CC-WPN-07)."""

PHONE_FORMAT = re.compile(r"^\(\d{3}\)\d{3}-\d{4}$")
"""(area)nnn-nnnn, as in PHONE ON (513)555-3902 (CC-CL-PHONE-01)."""


@attrs.frozen
class Give(model.Order):
    """Hand something from one of the Clan's convoys to another in the same hex (CC-CL-GIVE).

    kind: "vehicle" (item = vehicle key), "troops", "weapon" (item = rifles …), "cargo"
    (item = goods key), "expert" (item = expert code) or "all_experts".
    """

    kind: str = ""
    item: str = ""
    quantity: int = 0
    sender: int = 0
    recipient: int = 0


@attrs.frozen
class Split(model.Order):
    """Divide the convoy into a primary and a new secondary convoy (CC-CO-SPLIT)."""


@attrs.frozen
class Absorb(model.Order):
    """Take every vehicle, troop, cargo unit and expert of another convoy here (CC-CO-ABSORB)."""

    target: int = 0


@attrs.frozen
class Convert(model.Order):
    """Sell every vehicle and restart the convoy as another type (CC-CL-CONVERT)."""

    convoy: int = 0
    convoy_type: str = ""
    name: str = ""


@attrs.frozen
class BuyOrderLines(model.Order):
    """ORDER pre post: extra Clan order lines for the next turn (CC-CL-ORDER)."""

    pre: int = 0
    post: int = 0


@attrs.frozen
class RequestEvent(model.Order):
    """EVENT: a guaranteed random event this turn (CC-CL-EVENT)."""


@attrs.frozen
class Rename(model.Order):
    """NAME: rename the Clan (convoy 0) or one of its convoys (CC-CL-NAME)."""

    convoy: int = 0
    name: str = ""


@attrs.frozen
class SetSlogan(model.Order):
    """SLOGAN: the text shown to every Clan that meets you (CC-CL-SLOGAN)."""

    slogan: str = ""


@attrs.frozen
class SetPhone(model.Order):
    """PHONE ON [number] / PHONE OFF (CC-CL-PHONE)."""

    on: bool = False
    number: str = ""


@attrs.frozen
class TrainAgents(model.Order):
    """TRAIN n: buy n more agents at doubling prices (CC-CL-TRAIN)."""

    quantity: int = 0


@attrs.frozen
class SetVigilance(model.Order):
    """VIGILANCE p: the Clan-wide share of capacity left in captured cities (CC-CL-VIGILANCE)."""

    percent: int = 0


def _word(words: list[Token], index: int) -> Token | None:
    return words[index] if len(words) > index else None


def _name(words: list[Token], rules: Ruleset, what: str) -> str:
    """A name from the remaining words: at most 20 characters, not starting with "the"."""
    name = " ".join(t.text for t in words).strip()
    if not name:
        raise OrderSyntaxError("missing_name", f'{what} needs a name in quotes, like "Iron Fist"')
    limit = rules.order_limits.name_max_length
    if len(name) > limit:
        raise OrderSyntaxError("long_name", f'the name "{name}" is longer than {limit} '
                               "characters (CC-CL-NAME-01)")
    if name.split(" ", 1)[0].upper() == "THE":
        raise OrderSyntaxError("the_name", 'names must not begin with "the" (CC-CL-NAME-01)')
    return name


def _goods_key(word: str, rules: Ruleset) -> str | None:
    lowered = word.lower()
    for key in rules.goods:
        if lowered in (key, key.rstrip("s"), f"{key}s"):
            return key
    return None


def _give_item(token: Token | None, rules: Ruleset) -> tuple[str, str]:
    """(kind, item) of the thing a GIVE order moves."""
    if token is None:
        raise OrderSyntaxError("missing_item", "GIVE needs an item: vehicles, TROOPS, a weapon, "
                               "goods or an expert (format: GIVE quantity item #from #to)")
    word = token.upper
    if word in ("TROOP", "TROOPS"):
        return "troops", "troops"
    if word in SUPPLIES:
        item = SUPPLIES[word]
        if item in CARRIED_WEAPONS:
            return "weapon", item
        if item == "claymores":
            raise OrderSyntaxError("not_carried", "claymores are kept in cities, never in "
                                   "convoys, so convoys cannot give them (CC-WPN-07)")
        raise OrderSyntaxError("not_carried", f"{item} is kept in the Clan stockpile, not in "
                               "convoys: every convoy uses it from there")
    vehicle = rules.vehicle_by_word(token.text)
    if vehicle is not None:
        return "vehicle", vehicle.key
    goods = _goods_key(token.text, rules)
    if goods is not None:
        return "cargo", goods
    expert = rules.expert_by_word(token.text)
    if expert is not None:
        return "expert", expert.code
    raise OrderSyntaxError("unknown_item", f'"{token.text}" is nothing a convoy can give '
                           "(vehicles, troops, rifles, grenades, rockets, bombs, goods or an "
                           "expert)")


def _parse_give(spec: OrderSpec, words: list[Token], line: int, text: str,
                rules: Ruleset) -> model.Order:
    first = _word(words, 0)
    if first is not None and first.upper == "ALL":
        second = _word(words, 1)
        if second is None or second.upper not in ("EXPERT", "EXPERTS", "EXP"):
            raise OrderSyntaxError("give_all", "GIVE ALL works only for experts: GIVE ALL "
                                   "EXPERTS #from #to (CC-CL-GIVE-03)")
        sender = convoy_number(_word(words, 2), "GIVE ALL EXPERTS")
        recipient = convoy_number(_word(words, 3), "GIVE ALL EXPERTS")
        no_more(words, spec, 4)
        return _give(spec, line, text, "all_experts", "", 0, sender, recipient)
    start = 0
    amount = 1
    if first is not None and first.text.replace(",", "").isdigit():
        amount = quantity(first, "GIVE")
        start = 1
    kind, item = _give_item(_word(words, start), rules)
    if start == 0 and kind != "expert":
        amount = quantity(first, "GIVE")
    if kind == "expert" and amount != 1:
        raise OrderSyntaxError("one_expert", "experts are given one at a time, by type: GIVE 1 "
                               "ENG #2 #3, or GIVE ALL EXPERTS #2 #3 (CC-CL-GIVE-02)")
    sender = convoy_number(_word(words, start + 1), "GIVE (the giving convoy)")
    recipient = convoy_number(_word(words, start + 2), "GIVE (the receiving convoy)")
    no_more(words, spec, start + 3)
    return _give(spec, line, text, kind, item, amount, sender, recipient)


def _give(spec: OrderSpec, line: int, text: str, kind: str, item: str, amount: int,
          sender: int, recipient: int) -> Give:
    if sender == recipient:
        raise OrderSyntaxError("same_convoy", f"convoy #{sender} cannot give to itself")
    return Give(spec.keyword, line, text, kind=kind, item=item, quantity=amount, sender=sender,
                recipient=recipient)


def _parse_absorb(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    target = convoy_number(_word(words, 0), "ABSORB")
    no_more(words, spec, 1)
    return Absorb(spec.keyword, line, text, target=target)


def _parse_convert(spec: OrderSpec, words: list[Token], line: int, text: str,
                   rules: Ruleset) -> model.Order:
    number = convoy_number(_word(words, 0), "CONVERT")
    type_word = _word(words, 1)
    kind = rules.convoy_type_by_word(type_word.text) if type_word else None
    if kind is None:
        shown = f'"{type_word.text}" is not a convoy type' if type_word else \
            "CONVERT needs the new convoy type"
        raise OrderSyntaxError("bad_type", f"{shown}: LAND, SEA, AMPHIBIOUS, MILITARY or AIR")
    name = _name(words[2:], rules, "CONVERT") if len(words) > 2 else ""
    return Convert(spec.keyword, line, text, convoy=number, convoy_type=kind.key, name=name)


def _count(token: Token | None, what: str) -> int:
    """A whole number that may be 0."""
    if token is None:
        raise OrderSyntaxError("missing_quantity", f"{what} needs a number")
    if not token.text.isdigit():
        raise OrderSyntaxError("bad_quantity", f'"{token.text}" is not a whole number')
    return int(token.text)


def _parse_order(spec: OrderSpec, words: list[Token], line: int, text: str,
                 rules: Ruleset) -> model.Order:
    pre = _count(_word(words, 0), "ORDER (pre-turn lines, then post-turn lines)")
    post = _count(_word(words, 1), "ORDER (pre-turn lines, then post-turn lines)")
    no_more(words, spec, 2)
    most = rules.order_lines.max_purchase
    if pre + post == 0:
        raise OrderSyntaxError("bad_quantity", "ORDER must buy at least one line")
    if pre + post > most:
        raise OrderSyntaxError("too_many_lines", f"ORDER buys at most {most} lines at once, "
                               f"not {pre + post} (CC-CL-ORDER-01)")
    return BuyOrderLines(spec.keyword, line, text, pre=pre, post=post)


def _parse_name(spec: OrderSpec, words: list[Token], line: int, text: str,
                rules: Ruleset) -> model.Order:
    first = _word(words, 0)
    if first is not None and not first.quoted and len(words) > 1 \
            and first.text.removeprefix("#").isdigit():
        number = convoy_number(first, "NAME")
        return Rename(spec.keyword, line, text, convoy=number,
                      name=_name(words[1:], rules, "NAME"))
    if first is not None and not first.quoted and first.text.startswith("#"):
        raise OrderSyntaxError("missing_name", f'NAME {first.text} needs the new name in quotes')
    return Rename(spec.keyword, line, text, convoy=0, name=_name(words, rules, "NAME"))


def _parse_slogan(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    slogan = " ".join(t.text for t in words).strip()
    limit = rules.order_limits.slogan_max_length
    if len(slogan) > limit:
        raise OrderSyntaxError("long_slogan", f"a slogan may have at most {limit} characters, "
                               f"not {len(slogan)} (AMB-10)")
    return SetSlogan(spec.keyword, line, text, slogan=slogan)


def _parse_phone(spec: OrderSpec, words: list[Token], line: int, text: str,
                 rules: Ruleset) -> model.Order:
    switch = _word(words, 0)
    if switch is None or switch.upper not in ("ON", "OFF"):
        raise OrderSyntaxError("bad_switch", "PHONE needs ON or OFF, like PHONE ON "
                               "(513)555-3902 or PHONE OFF")
    if switch.upper == "OFF":
        no_more(words, spec, 1)
        return SetPhone(spec.keyword, line, text, on=False)
    number = "".join(t.text for t in words[1:])
    if number and not PHONE_FORMAT.match(number):
        raise OrderSyntaxError("bad_phone", f'"{number}" is not a phone number in the form '
                               "(513)555-3902; put other numbers in your slogan")
    return SetPhone(spec.keyword, line, text, on=True, number=number)


def _parse_train(spec: OrderSpec, words: list[Token], line: int, text: str,
                 rules: Ruleset) -> model.Order:
    amount = quantity(_word(words, 0), "TRAIN")
    no_more(words, spec, 1)
    return TrainAgents(spec.keyword, line, text, quantity=amount)


def _parse_vigilance(spec: OrderSpec, words: list[Token], line: int, text: str,
                     rules: Ruleset) -> model.Order:
    token = _word(words, 0)
    if token is not None:
        token = Token(token.text.removesuffix("%"), token.quoted)
    percent = _count(token, "VIGILANCE (a percentage)")
    no_more(words, spec, 1)
    most = rules.combat.assault.vigilance_max
    if percent > most:
        raise OrderSyntaxError("bad_percent", f"VIGILANCE is at most {most}%: a city cannot "
                               "receive more than half its troop capacity on the turn it is "
                               "captured (CC-CL-VIGILANCE-01)")
    return SetVigilance(spec.keyword, line, text, percent=percent)


PARSERS: dict[str, ArgumentParser] = {
    "clan:GIVE": _parse_give,
    "convoy:SPLIT": no_args(Split),
    "convoy:ABSORB": _parse_absorb,
    "clan:CONVERT": _parse_convert,
    "clan:ORDER": _parse_order,
    "clan:EVENT": no_args(RequestEvent),
    "clan:NAME": _parse_name,
    "clan:SLOGAN": _parse_slogan,
    "clan:PHONE": _parse_phone,
    "clan:TRAIN": _parse_train,
    "clan:VIGILANCE": _parse_vigilance,
}
"""Keyed by section:keyword, like "clan:GIVE" or "convoy:FISH"."""
