"""The bases of every order record: where it stands on the sheet, its grammar and its sheet line.

An order is a value that reads and writes itself (like a chess move's `uci()`): its class's
`parse` reads it from the words of a sheet line, and `line(rules)` gives back its canonical
text, the rulebook's keyword and arguments as a player writes them, such that reading that text
gives back an equal order. Equality is the order's meaning (its keyword and arguments): where it
stands on the sheet (`line_number`) and the text the player typed (`text`, which may differ from
`line()` in spacing, case, abbreviations or comments) take no part in it.

`ConvoyOrder` and `ClanOrder` are the two kinds, each with one signature for its check and its
step: a convoy order is checked against the convoy (`check(game, convoy)`) and runs for it
(`run(ctx, convoy)`); a Clan order is checked against the Clan's number (`check(game, clan)`),
runs for the Clan (`run(ctx)`); either may forecast how it changes the convoys the lines after
it will find (`forecast`, on the checker's planned game: `play/plan.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Self

import attrs

from conquest_tui.engine.orders.arguments import no_more

if TYPE_CHECKING:
    from conquest_tui.engine.core.context import TurnContext
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.state import Convoy
    from conquest_tui.engine.orders.registry import Finding, OrderSpec
    from conquest_tui.engine.orders.tokens import Token
    from conquest_tui.engine.rules.ruleset import Ruleset


def _declared_keyword(order: Order) -> str:
    return type(order).KEYWORD


@attrs.frozen
class Order:
    """Common part of every order: its canonical keyword and where it stands on the sheet.

    A record built in code (a bot's plan) needs only its arguments: the keyword defaults to the
    one its class is declared with, the line number to 0 and the text to "".
    """

    KEYWORD: ClassVar[str] = ""
    """The keyword the class is declared with (set by the declaration, see orderbook.declare)."""

    keyword: str = attrs.field(default=attrs.Factory(_declared_keyword, takes_self=True))
    line_number: int = attrs.field(default=0, eq=False)
    """The sheet line it was read from (0: not read from a sheet); not part of its meaning."""
    text: str = attrs.field(default="", eq=False)
    """The line as the player typed it; not part of its meaning (see `line`)."""
    standing: bool = attrs.field(default=False, eq=False, kw_only=True)
    """Marked to repeat on the Clan's next sheet (house rule `standing`, `orders/standing.py`);
    not part of its meaning. `line` prints the mark back."""

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """The grammar of an order that takes no words; orders with arguments override it."""
        no_more(words, spec, 0)
        return cls(spec.keyword, line_number, text)

    def line(self, rules: Ruleset) -> str:
        """The canonical sheet text: the order's `words`, then a standing order's repeat mark
        (`Order.standing`). Reading it gives back an equal order."""
        text = self.words(rules)
        return f"{text} {rules.house_rules.standing.mark}" if self.standing else text

    def words(self, rules: Ruleset) -> str:
        """The order as the syntax shows it: the keyword, then the arguments (names and
        messages in quotes). Each order class writes its own; `rules` gives the rulebook's
        words for what the order names (a vehicle's plural)."""
        return self.keyword

    @classmethod
    def carried_out(cls) -> bool:
        """Whether this version carries the order out (declares its step)."""
        return False


@attrs.frozen
class ConvoyOrder(Order):
    """An order of a [CONVOY n] section: checked against the convoy, run for it at its pulse."""

    def check(self, game: Game, convoy: Convoy) -> Finding | None:
        """What cannot work given what the convoy has now, as (code, message); None: nothing
        to say (where the convoy will be when the order runs is not known yet)."""
        return None

    def run(self, ctx: TurnContext, convoy: Convoy) -> None:
        """Carry the order out at its pulse. An order being built declares no step."""
        raise NotImplementedError(f"{self.keyword} is not carried out yet")

    def forecast(self, game: Game, convoy: Convoy) -> None:
        """For the checker, after the order passed its check: change the planned game (a copy
        whose convoys are its own, `play/plan.py`) as the order will change the Clan's convoys
        when it runs (SPLIT adds one, ABSORB takes one in); most orders change none."""

    @classmethod
    def carried_out(cls) -> bool:
        """Whether the class declares its step."""
        return cls.run is not ConvoyOrder.run


@attrs.frozen
class ClanOrder(Order):
    """An order of [PRE] or [POST]: checked against the Clan (its number), run for it."""

    def check(self, game: Game, clan: int) -> Finding | None:
        """What cannot work given what the Clan has now, as (code, message); None: nothing."""
        return None

    def run(self, ctx: TurnContext) -> None:
        """Carry the order out in its phase. An order being built declares no step."""
        raise NotImplementedError(f"{self.keyword} is not carried out yet")

    def forecast(self, game: Game, clan: int) -> None:
        """For the checker, after the order passed its check: change the planned game (a copy
        whose convoys and the Clan's stockpile are its own, `play/plan.py`) as the order will
        change the Clan's convoys when it runs (CREATE adds one numbered as the turn numbers it,
        SELL CONVOY takes one away, BUY and SELL of vehicles, GIVE, CONVERT); most orders change
        none. Money is not followed: the forecast of the whole turn tells what it cannot pay."""

    @classmethod
    def carried_out(cls) -> bool:
        """Whether the class declares its step."""
        return cls.run is not ClanOrder.run


@attrs.frozen
class NotYetSupported(Order):
    """The grammar of an order of the rulebook that this version reads but does not carry out
    yet: any words, kept as written. Mixed into a ConvoyOrder or ClanOrder being built."""

    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, spec: OrderSpec, words: list[Token], line_number: int, text: str,
              rules: Ruleset) -> Self:
        """Any words: they are kept as written."""
        return cls(spec.keyword, line_number, text, args=tuple(token.text for token in words))

    def words(self, rules: Ruleset) -> str:
        """The keyword and the words as written."""
        return " ".join((self.keyword, *self.args))
