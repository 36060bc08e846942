"""Transfers between a Clan's convoys: GIVE, CONVERT (Clan), SPLIT, ABSORB (convoy)."""

from __future__ import annotations

from typing import Self

import attrs

from conquest_tui.engine.convoys import convoy_transfers, convoys
from conquest_tui.engine.core.context import TurnContext
from conquest_tui.engine.core.events import EventKind, Reason, reason
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Convoy
from conquest_tui.engine.orderbook.declare import clan_order, convoy_order
from conquest_tui.engine.orderbook.event_facts import keywords
from conquest_tui.engine.orderbook.market import pay
from conquest_tui.engine.orders.arguments import (
    SUPPLIES,
    OrderSyntaxError,
    convoy_number,
    name_arg,
    no_more,
    quantity,
    word_at,
)
from conquest_tui.engine.orders.model import ClanOrder, ConvoyOrder
from conquest_tui.engine.orders.registry import Finding, OrderSpec
from conquest_tui.engine.orders.tokens import Token
from conquest_tui.engine.orders.writing import convoy_word, quoted, spaced, vehicle_word
from conquest_tui.engine.rules.ruleset import Ruleset

CARRIED_WEAPONS = ("rifles", "grenades", "rockets", "bombs")
"""Optional weapons a convoy can hold, and so can GIVE (claymores stay in cities, CC-WPN-07)."""

def _goods_key(word: str, rules: Ruleset) -> str | None:
    lowered = word.lower()
    for key in rules.goods:
        if lowered in (key, key.rstrip("s"), f"{key}s"):
            return key
    return None


def _give_item(token: Token | None, rules: Ruleset) -> tuple[str, str]:
    """(kind, item) of the thing a GIVE order moves."""
    if token is None:
        raise OrderSyntaxError("missing_item", why="give")
    word = token.upper
    if word in ("TROOP", "TROOPS"):
        return "troops", "troops"
    if word in SUPPLIES:
        item = SUPPLIES[word]
        if item in CARRIED_WEAPONS:
            return "weapon", item
        if item == "claymores":
            raise OrderSyntaxError("not_carried", why="claymores")
        raise OrderSyntaxError("not_carried", why="stock", item=item)
    vehicle = rules.vehicle_by_word(token.text)
    if vehicle is not None:
        return "vehicle", vehicle.key
    goods = _goods_key(token.text, rules)
    if goods is not None:
        return "cargo", goods
    expert = rules.expert_by_word(token.text)
    if expert is not None:
        return "expert", expert.code
    raise OrderSyntaxError("unknown_item", why="give", text=token.text)




def _give_word(kind: str, item: str, rules: Ruleset) -> str:
    """The word GIVE reads back as the thing given: TROOPS, RIFLES, BUSES, MILK, ENG."""
    if kind == "vehicle":
        return vehicle_word(rules, item)
    return item if kind == "expert" else item.upper()


@clan_order("GIVE", abbr="GI", syntax="GIVE quantity item #from #to",
            summary="transfer between your convoys", rule="CC-CL-GIVE-01")
@attrs.frozen
class Give(ClanOrder):
    """Hand something from one of the Clan's convoys to another in the same hex (CC-CL-GIVE).

    kind: "vehicle" (item = vehicle key), "troops", "weapon" (item = rifles …), "cargo"
    (item = goods key), "expert" (item = expert code) or "all_experts".
    """

    kind: str = ""
    item: str = ""
    quantity: int = 0
    sender: int = 0
    recipient: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """quantity item #from #to, or ALL EXPERTS #from #to."""
        first = word_at(words, 0)
        if first is not None and first.upper == "ALL":
            second = word_at(words, 1)
            if second is None or second.upper not in ("EXPERT", "EXPERTS", "EXP"):
                raise OrderSyntaxError("give_all")
            sender = convoy_number(word_at(words, 2), "GIVE ALL EXPERTS")
            recipient = convoy_number(word_at(words, 3), "GIVE ALL EXPERTS")
            no_more(words, spec, 4)
            return cls._checked(spec, line_number, text, "all_experts", "", 0, sender, recipient)
        start = 0
        amount = 1
        if first is not None and first.text.replace(",", "").isdigit():
            amount = quantity(first, "GIVE")
            start = 1
        kind, item = _give_item(word_at(words, start), rules)
        if start == 0 and kind != "expert":
            amount = quantity(first, "GIVE")
        if kind == "expert" and amount != 1:
            raise OrderSyntaxError("one_expert")
        sender = convoy_number(word_at(words, start + 1), "GIVE (the giving convoy)")
        recipient = convoy_number(word_at(words, start + 2), "GIVE (the receiving convoy)")
        no_more(words, spec, start + 3)
        return cls._checked(spec, line_number, text, kind, item, amount, sender, recipient)

    @classmethod
    def _checked(cls, spec: OrderSpec, line_number: int, text: str, kind: str, item: str,
                 amount: int, sender: int, recipient: int) -> Self:
        if sender == recipient:
            raise OrderSyntaxError("same_convoy", number=sender)
        return cls(spec.keyword, line_number, text, kind=kind, item=item, quantity=amount,
                   sender=sender, recipient=recipient)

    def words(self, rules: Ruleset) -> str:
        """GIVE 10 TROOPS #1 #2, GIVE 2 BUSES #1 #2, GIVE 1 ENG #1 #2, GIVE ALL EXPERTS #1 #2."""
        convoys = (convoy_word(self.sender), convoy_word(self.recipient))
        if self.kind == "all_experts":
            return spaced(self.keyword, "ALL EXPERTS", *convoys)
        return spaced(self.keyword, str(self.quantity), _give_word(self.kind, self.item, rules),
                      *convoys)

    def check(self, game: Game, clan: int) -> Finding | None:
        """Both convoys must be the Clan's and the recipient able to take the thing."""
        sender = game.convoy(clan, self.sender)
        recipient = game.convoy(clan, self.recipient)
        for number, convoy in ((self.sender, sender), (self.recipient, recipient)):
            if convoy is None:
                return "no_convoy", {"number": number}
        assert sender is not None and recipient is not None
        if self.kind == "vehicle":
            vehicle = game.rules.vehicles[self.item]
            if vehicle.convoy_type != recipient.convoy_type:
                return "wrong_type", reason(
                    "give_vehicle_type", vehicles=vehicle.plural.lower(),
                    vehicle_type=vehicle.convoy_type, number=recipient.number,
                    convoy_type=recipient.convoy_type).as_facts()
        if self.kind == "expert" and self.item == "PIL":
            needed = game.rules.expert_effects.pilot_requires_type
            if recipient.convoy_type != needed:
                return "wrong_type", reason("pilot_type", needed=needed).as_facts()
        return None

    def forecast(self, game: Game, clan: int) -> None:
        """The handover, for the lines after this one, if the convoys could make it now."""
        sender = game.convoy(clan, self.sender)
        recipient = game.convoy(clan, self.recipient)
        if sender is None or recipient is None or convoy_transfers.give_problem(
                game, sender, recipient, self.kind, self.item, self.quantity):
            return
        convoy_transfers.give(game, sender, recipient, self.kind, self.item, self.quantity)

    def run(self, ctx: TurnContext) -> None:
        """Both convoys must stand in the same hex when the order runs."""
        game, clan = ctx.game, ctx.clan.number
        sender = game.convoy(clan, self.sender)
        recipient = game.convoy(clan, self.recipient)
        for number, convoy in ((self.sender, sender), (self.recipient, recipient)):
            if convoy is None:
                ctx.fail(EventKind.NO_CONVOY, "CC-CL-GIVE-03", why="give", number=number)
                return
        assert sender is not None and recipient is not None
        problem = convoy_transfers.give_problem(game, sender, recipient, self.kind, self.item,
                                                self.quantity)
        if problem:
            ctx.fail(EventKind.CANNOT_GIVE, "CC-CL-GIVE-02", **problem.as_facts())
            return
        done = convoy_transfers.give(game, sender, recipient, self.kind, self.item,
                                     self.quantity)
        ctx.report(EventKind.GIVE, "CC-CL-GIVE-01", convoy=recipient.number,
                   sender=sender.number, hex=recipient.hex, **keywords(done.moved))
        if done.settings_reset:
            ctx.report(EventKind.SETTING_RESET, "CC-CNV-80", convoy=sender.number, why="given",
                       settings=done.settings_reset)
        if done.sender_disbanded:
            ctx.report(EventKind.DISBAND, "CC-CNV-72", convoy=sender.number, why="given")


@clan_order("CONVERT", abbr="CO", syntax="CONVERT convoy# type [name]",
            summary="sell all vehicles and restart as a new type", rule="CC-CL-CONVERT-01")
@attrs.frozen
class Convert(ClanOrder):
    """Sell every vehicle and restart the convoy as another type (CC-CL-CONVERT)."""

    convoy: int = 0
    convoy_type: str = ""
    name: str = ""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """convoy# type [name]."""
        number = convoy_number(word_at(words, 0), "CONVERT")
        type_word = word_at(words, 1)
        kind = rules.convoy_type_by_word(type_word.text) if type_word else None
        if kind is None:
            if type_word is None:
                raise OrderSyntaxError("bad_type", why="convert_missing")
            raise OrderSyntaxError("bad_type", why="not_type", text=type_word.text)
        name = name_arg(words[2:], rules, "CONVERT") if len(words) > 2 else ""
        return cls(spec.keyword, line_number, text, convoy=number, convoy_type=kind.key, name=name)

    def words(self, rules: Ruleset) -> str:
        """CONVERT 2 AMPHIBIOUS, with the new name in quotes if it has one."""
        return spaced(self.keyword, str(self.convoy), self.convoy_type.upper(), quoted(self.name))

    def check(self, game: Game, clan: int) -> Finding | None:
        """The convoy must be the Clan's and of another type."""
        convoy = game.convoy(clan, self.convoy)
        if convoy is None:
            return "no_convoy", {"number": self.convoy}
        if convoy.convoy_type == self.convoy_type:
            return ("cannot_convert",
                    convoy_transfers.convert_same(convoy.number, self.convoy_type).as_facts())
        return None

    def forecast(self, game: Game, clan: int) -> None:
        """The convoy of its new type, for the lines after this one, if it could convert now."""
        convoy = game.convoy(clan, self.convoy)
        if convoy is not None and not convoy_transfers.convert_problem(game, convoy,
                                                                       self.convoy_type):
            convoy_transfers.convert(game, convoy, self.convoy_type, self.name)

    def run(self, ctx: TurnContext) -> None:
        """Sell every vehicle and buy one scout of the new type (AMB-70)."""
        game = ctx.game
        convoy = game.convoy(ctx.clan.number, self.convoy)
        if convoy is None:
            ctx.fail(EventKind.NO_CONVOY, "CC-CL-CONVERT-01", why="plain", number=self.convoy)
            return
        problem = convoy_transfers.convert_problem(game, convoy, self.convoy_type)
        if problem:
            ctx.fail(EventKind.CANNOT_CONVERT, "CC-CL-CONVERT-01", **problem.as_facts())
            return
        sale, scout_cost = convoy_transfers.convert_price(game, convoy, self.convoy_type)
        if ctx.clan.stock.money + sale < scout_cost:
            ctx.fail(EventKind.NO_MONEY, "AMB-70", why="convert", cost=scout_cost, sale=sale,
                     money=ctx.clan.stock.money)
            return
        old_type, sold = convoy.convoy_type, convoy.vehicle_count
        dumped = convoy_transfers.convert(game, convoy, self.convoy_type, self.name)
        scout = game.rules.vehicles[next(iter(convoy.vehicles))].name.lower()
        ctx.report(EventKind.CONVERT, "CC-CL-CONVERT-02", convoy=convoy.number, name=convoy.name,
                   old_type=old_type, convoy_type=convoy.convoy_type, sale=sale, scout=scout,
                   cost=scout_cost, dumped=dumped, sold=sold)


@convoy_order("SPLIT", abbr="SP", syntax="SPLIT", summary="split into two convoys",
              rule="CC-CO-SPLIT-01")
@attrs.frozen
class Split(ConvoyOrder):
    """Divide the convoy into a primary and a new secondary convoy (CC-CO-SPLIT)."""

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """The convoy must have enough to halve."""
        price = convoy_transfers.split_price(game, convoy)
        return ("cannot_split", price.as_facts()) if isinstance(price, Reason) else None

    def forecast(self, game: Game, convoy: Convoy) -> None:
        """The new convoy, numbered as the turn numbers it, for the lines after this one."""
        convoy_transfers.split(game, convoy)

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Pay, then halve the convoy; the new one can do nothing more this turn."""
        cost = convoy_transfers.split_price(ctx.game, convoy)
        if isinstance(cost, Reason):
            ctx.fail(EventKind.CANNOT_SPLIT, "CC-CO-SPLIT-02", convoy=convoy.number,
                     **cost.as_facts())
            return
        if not pay(ctx, cost, "split", convoy=convoy.number):
            return
        cargo = convoy.cargo
        secondary = convoy_transfers.split(ctx.game, convoy)
        dumped = cargo - convoy.cargo - secondary.cargo  # what neither half had room for
        ctx.report(EventKind.SPLIT, "CC-CO-SPLIT-03", convoy=convoy.number, hex=convoy.hex,
                   cost=cost, new=secondary.number, name=secondary.name,
                   vehicles=_vehicles(ctx, secondary), troops=secondary.troops,
                   morale=convoy.morale, training=convoy.training,
                   **convoys.overflow_fact(dumped))


def _vehicles(ctx: TurnContext, convoy: Convoy) -> list[tuple[int, str, str]]:
    """(3, "car", "cars"), (1, "bike", "bikes") … of every vehicle type the convoy has."""
    return [convoy_transfers.vehicle_words(ctx.game, key, count)
            for key, count in convoy.vehicles.items()]


@convoy_order("ABSORB", abbr="AB", syntax="ABSORB convoy#",
              summary="absorb one of your convoys in the same hex", rule="CC-CO-ABSORB-01")
@attrs.frozen
class Absorb(ConvoyOrder):
    """Take every vehicle, troop, cargo unit and expert of another convoy here (CC-CO-ABSORB)."""

    target: int = 0

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """convoy#."""
        target = convoy_number(word_at(words, 0), "ABSORB")
        no_more(words, spec, 1)
        return cls(spec.keyword, line_number, text, target=target)

    def words(self, rules: Ruleset) -> str:
        """ABSORB 3."""
        return spaced(self.keyword, str(self.target))

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """The other convoy must be the Clan's and of the same type."""
        target = game.convoy(convoy.owner, self.target)
        if target is None:
            return "no_convoy", {"number": self.target}
        if target is convoy:
            return "cannot_absorb", reason("absorb_self", number=convoy.number).as_facts()
        if target.convoy_type != convoy.convoy_type:
            return "cannot_absorb", reason("merge_type", number=target.number,
                                           convoy_type=target.convoy_type).as_facts()
        return None

    def forecast(self, game: Game, convoy: Convoy) -> None:
        """The other convoy taken in, for the lines after this one, if the two will meet."""
        target = convoy_transfers.absorb_target(game, convoy, self.target)
        if not isinstance(target, Reason):
            convoy_transfers.absorb(game, convoy, target)

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Take everything of the other convoy here; what does not fit goes back."""
        target = convoy_transfers.absorb_target(ctx.game, convoy, self.target)
        if isinstance(target, Reason):
            ctx.fail(EventKind.CANNOT_ABSORB, "CC-CO-ABSORB-01", convoy=convoy.number,
                     **target.as_facts())
            return
        done = convoy_transfers.absorb(ctx.game, convoy, target)
        ctx.report(EventKind.ABSORB, "CC-CO-ABSORB-02", convoy=convoy.number,
                   target=target.number, hex=convoy.hex, morale=convoy.morale,
                   training=convoy.training, health=convoy.health,
                   experts_lost=[ctx.game.rules.experts[code].name for code in done.experts_lost],
                   cargo_dumped=done.cargo_dumped, cargo_type=target.cargo_type,
                   returned=list(done.returned.items()), **convoys.overflow_fact(done.overflow))
