"""Shared argument readers (quantity, hex, convoy number), market and convoy-creation parsers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.orders import model
from conquest_tui.engine.orders.registry import ArgumentParser, OrderSpec
from conquest_tui.engine.orders.tokens import Token

if TYPE_CHECKING:
    from conquest_tui.engine.rules.ruleset import Ruleset

SUPPLIES: dict[str, str] = {
    "FOOD": "food",
    "FUEL": "fuel",
    "PARTS": "parts",
    "PART": "parts",
    "SPARE": "parts",
    "VACCINE": "vaccine",
    "VACCINES": "vaccine",
    "RIFLE": "rifles",
    "RIFLES": "rifles",
    "GRENADE": "grenades",
    "GRENADES": "grenades",
    "ROCKET": "rockets",
    "ROCKETS": "rockets",
    "CLAYMORE": "claymores",
    "CLAYMORES": "claymores",
    "BOMB": "bombs",
    "BOMBS": "bombs",
}
"""Stockpile items BUY and SELL accept (CC-CL-BUYS-01), singular or plural (AMB-92)."""

MAX_QUANTITY = 1_000_000


class OrderSyntaxError(ValueError):
    """An order line whose words do not fit the order's format."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def quantity(token: Token | None, what: str) -> int:
    if token is None:
        raise OrderSyntaxError("missing_quantity", f"{what} needs a quantity")
    text = token.text.replace(",", "")
    if not text.isdigit():
        raise OrderSyntaxError("bad_quantity", f'"{token.text}" is not a whole number')
    value = int(text)
    if value <= 0:
        raise OrderSyntaxError("bad_quantity", "the quantity must be at least 1")
    if value > MAX_QUANTITY:
        raise OrderSyntaxError("bad_quantity", f"{value} is more than anyone could ever use")
    return value


def convoy_number(token: Token | None, what: str) -> int:
    """A convoy number written as '#3' or '3' (AMB-92)."""
    if token is None:
        raise OrderSyntaxError("missing_convoy", f"{what} needs a convoy number, like #1")
    text = token.text.removeprefix("#")
    if not text.isdigit() or int(text) == 0:
        raise OrderSyntaxError("bad_convoy", f'"{token.text}" is not a convoy number, like #1')
    return int(text)


def no_more(words: list[Token], spec: OrderSpec, used: int) -> None:
    if len(words) > used:
        extra = " ".join(t.text for t in words[used:])
        raise OrderSyntaxError("extra_words", f"{spec.keyword} does not take \"{extra}\" "
                               f"(format: {spec.syntax})")


def hex_arg(token: Token | None, what: str) -> str:
    if token is None:
        raise OrderSyntaxError("missing_hex", f"{what} needs a hex number, like 0516")
    if not hexgrid.is_hex_id(token.text):
        raise OrderSyntaxError("bad_hex", f'"{token.text}" is not a hex number, like 0516')
    return token.text


def parse_move(word: Token, line: int, text: str) -> model.Move | None:
    """A move written as a direction word or a hex number, or None if the word is neither."""
    direction = hexgrid.DIRECTION_WORDS.get(word.upper)
    if direction:
        return model.Move("MOVE", line, text, direction=direction)
    if hexgrid.is_hex_id(word.text):
        return model.Move("MOVE", line, text, target=word.text)
    return None


def no_args(factory: type[model.Order]) -> ArgumentParser:
    def parse(spec: OrderSpec, words: list[Token], line: int, text: str,
              rules: Ruleset) -> model.Order:
        no_more(words, spec, 0)
        return factory(spec.keyword, line, text)

    return parse


def mode_parser(mode: str) -> ArgumentParser:
    def parse(spec: OrderSpec, words: list[Token], line: int, text: str,
              rules: Ruleset) -> model.Order:
        no_more(words, spec, 0)
        return model.SetMode(spec.keyword, line, text, mode=mode)

    return parse


def _item(token: Token | None, spec: OrderSpec, rules: Ruleset) -> tuple[str, bool]:
    """(item key, is_vehicle) for BUY and SELL."""
    if token is None:
        raise OrderSyntaxError("missing_item", f"{spec.keyword} needs an item "
                               f"(format: {spec.syntax})")
    word = token.upper
    if word in SUPPLIES:
        return SUPPLIES[word], False
    if word in ("TROOP", "TROOPS"):
        hint = "use ENLIST" if spec.keyword == "BUY" else "troops can never be sold"
        raise OrderSyntaxError("troops", f"troops cannot be {spec.keyword.lower()}ed this way: "
                               f"{hint}")
    vehicle = rules.vehicle_by_word(token.text)
    if vehicle is not None:
        return vehicle.key, True
    raise OrderSyntaxError("unknown_item", f'"{token.text}" is not something you can '
                           f"{spec.keyword.lower()} (supplies, weapons or a vehicle name)")


def _trade(spec: OrderSpec, words: list[Token], rules: Ruleset) -> tuple[int, str, int]:
    amount = quantity(words[0] if words else None, spec.keyword)
    item, is_vehicle = _item(words[1] if len(words) > 1 else None, spec, rules)
    if is_vehicle:
        convoy = convoy_number(words[2] if len(words) > 2 else None,
                               f"{spec.keyword} of vehicles")
        no_more(words, spec, 3)
    else:
        if len(words) > 2:
            raise OrderSyntaxError("extra_words", f"{item} go to the Clan stockpile: "
                                   "no convoy number is needed or allowed")
        convoy = 0
    return amount, item, convoy


def _parse_buy(spec: OrderSpec, words: list[Token], line: int, text: str,
               rules: Ruleset) -> model.Order:
    quantity, item, convoy = _trade(spec, words, rules)
    return model.Buy(spec.keyword, line, text, quantity=quantity, item=item, convoy=convoy)


def _parse_sell(spec: OrderSpec, words: list[Token], line: int, text: str,
                rules: Ruleset) -> model.Order:
    if words and words[0].upper == "CONVOY":
        number = convoy_number(words[1] if len(words) > 1 else None, "SELL CONVOY")
        no_more(words, spec, 2)
        return model.SellConvoy(spec.keyword, line, text, convoy=number)
    quantity, item, convoy = _trade(spec, words, rules)
    return model.Sell(spec.keyword, line, text, quantity=quantity, item=item, convoy=convoy)


def _parse_enlist(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    amount = quantity(words[0] if words else None, "ENLIST")
    no_more(words, spec, 1)
    return model.Enlist(spec.keyword, line, text, quantity=amount)


def _parse_create(spec: OrderSpec, words: list[Token], line: int, text: str,
                  rules: Ruleset) -> model.Order:
    hex_id = hex_arg(words[0] if words else None, "CREATE")
    if len(words) < 2:
        raise OrderSyntaxError("missing_type", "CREATE needs a convoy type: LAND, SEA, "
                               "AMPHIBIOUS, MILITARY or AIR")
    convoy_type = rules.convoy_type_by_word(words[1].text)
    if convoy_type is None:
        raise OrderSyntaxError("bad_type", f'"{words[1].text}" is not a convoy type: LAND, SEA, '
                               "AMPHIBIOUS, MILITARY or AIR")
    name = " ".join(t.text for t in words[2:]).strip()
    check_name(name)
    return model.Create(spec.keyword, line, text, hex=hex_id, convoy_type=convoy_type.key,
                        name=name)


def check_name(name: str) -> None:
    """Names: at most 20 characters, not starting with the word "the" (CC-CL-CREATE-05)."""
    if len(name) > 20:
        raise OrderSyntaxError("long_name", f'the name "{name}" is longer than 20 characters')
    if name.split(" ", 1)[0].upper() == "THE" and name:
        raise OrderSyntaxError("the_name", 'names must not begin with "the"')


PARSERS: dict[str, ArgumentParser] = {
    "convoy:PAUSE": no_args(model.Pause),
    "convoy:LOOT": no_args(model.Loot),
    "convoy:CAPTURE": mode_parser("capture"),
    "convoy:RECON": mode_parser("recon"),
    "convoy:EMPTY": mode_parser("empty"),
    "clan:BUY": _parse_buy,
    "clan:SELL": _parse_sell,
    "clan:ENLIST": _parse_enlist,
    "clan:CREATE": _parse_create,
}
"""Parsers of the orders this version carries out, keyed by section:keyword."""
