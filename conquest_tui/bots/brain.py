"""The bot's brain: one order sheet from one ClanView — supply, extras, movement, war, growth."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from random import Random

import attrs

from conquest_tui.bots import campaign, expansion, growth, holding, supply, treaties
from conquest_tui.bots.expansion import Board
from conquest_tui.bots.extras import add_extras
from conquest_tui.bots.levels import Level, level_named
from conquest_tui.bots.movement import HOME_DEPTH, Outcome, plan_convoy, room_on_the_way
from conquest_tui.bots.paths import Paths
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.orderbook.market import Buy, Sell
from conquest_tui.engine.orders.model import ClanOrder
from conquest_tui.engine.reports.view import ClanView, ConvoyInfo

PRE_SUPPLY_LINES = 4
"""[PRE] lines the brain uses at most (supplies, ENLIST, vehicles), leaving one to the extras."""
MIN_SALE = 1_000
"""Money a SELL order must bring to be worth one of [PRE]'s few lines."""
LAND_LEFT = 12
"""Hexes still to take within a land convoy's reach of home under which new convoys are
amphibious (a level that reads its shores)."""
WAR_LAND_LEFT = 20
"""Neutral hexes still to take within a land convoy's reach of home under which a level that
seeks war values its rivals' hexes more (`Level.war_bonus`)."""
RICH_DEFEND_SHARE = 0.5
"""Share of its spare money a level that spends what it earns may put into DEFEND ****
while it holds more than its `spend_turns` of income."""


def bot_rng(view: ClanView, level: Level) -> Random:
    """The bot's own randomness: its Clan, the game turn and its level, never the game's seed."""
    return Random(f"bot:{view.number}:{view.game_turn}:{level.name}")


def write_sheet(view: ClanView, level: str = "normal") -> str:
    """An order sheet for the Clan, from nothing but what its ClanView shows."""
    judgement = level_named(level)
    plan = SheetPlan.for_view(view)
    if view.clan.resigned or view.standing().finished:
        return plan.text()
    income = max(0, view.income_estimate().get("money", 0))
    final = final_push(view, judgement)
    ahead = judgement.lead_convoys > 0 and presses_on(view, judgement)
    if not final and judgement.spend_turns > 0 \
            and (ahead or view.clan.stock.money > judgement.spend_turns * income):
        judgement = attrs.evolve(
            judgement, max_convoys=judgement.max_convoys + judgement.rich_convoys
            + (judgement.lead_convoys if ahead else 0),
            convoy_troops=round(judgement.convoy_troops * judgement.rich_troops),
            defend_share=max(judgement.defend_share, RICH_DEFEND_SHARE),
            hoard_turns=0)  # a rich bot sells only what its spending needs
    if final:
        judgement = attrs.evolve(judgement, refill_share=0.0, hex_margin=judgement.final_margin,
                                 attack_odds=judgement.final_odds, money_reserve=0,
                                 max_convoys=0, defend_share=0.0,
                                 convoy_troops=judgement.final_troops)
    rng = bot_rng(view, judgement)
    budget = supply.Budget(view.clan.stock.money + income * 4 // 5, judgement.money_reserve)
    paths = Paths(view)
    at_war = not final and judgement.war_bonus > 0 and seeks_war(view, judgement, paths, rng)
    if at_war:
        judgement = attrs.evolve(judgement,
                                 rival_bonus=max(judgement.rival_bonus, judgement.war_bonus))
    board = Board.of(view, judgement, rng)
    if at_war:
        board.foe = campaign.foe(view)
        board.marches = campaign.marches(view, judgement, paths, board.foe)
    treaties.add_treaties(view, plan, board.foe)  # house rule treaties (nothing when off)
    aboard, board.pool = _pre(view, judgement, plan, budget, board, paths)
    if not final:
        add_extras(view, judgement, plan, rng)
    budget.money -= plan.extras_spent
    outcomes: dict[int, Outcome] = {}
    for convoy in view.convoys():
        section = plan.convoy(convoy.number)
        outcomes[convoy.number] = plan_convoy(board, paths, aboard.get(convoy.number, convoy),
                                              section, plan.errands.get(convoy.number))
    by_sea = judgement.reads_shores and _land_running_out(board, paths)
    _post(view, judgement, plan, budget, outcomes, aboard, by_sea)
    return plan.text()


def _land_running_out(board: Board, paths: Paths) -> bool:
    """Whether the land a land convoy can reach from the Clan's first city holds fewer than
    LAND_LEFT hexes still to take (an island start taken nearly whole): new convoys must cross
    the water."""
    cities = board.view.owned_cities()
    if not cities:
        return False
    reach = paths.reach("land", cities[0], HOME_DEPTH)
    return _fewer(LAND_LEFT, (hex_id for hex_id in reach.distance if board.takes_hex(hex_id)))


def seeks_war(view: ClanView, level: Level, paths: Paths, rng: Random) -> bool:
    """Whether the Clan goes to war: a rival (not an ally) leads the Top Clans, or the neutral
    land within a land convoy's reach of its first city is running out."""
    allies = set(view.clan.allies)
    mine = view.clan.popularity
    if any(number != view.number and number not in allies and popularity > mine
           for number, _name, popularity in view.standing().top_clans):
        return True
    cities = view.owned_cities()
    if not cities:
        return False
    board = Board.of(view, level, rng)
    reach = paths.reach("land", cities[0], HOME_DEPTH)
    return _fewer(WAR_LAND_LEFT, (hex_id for hex_id in reach.distance
                                  if board.takes_hex(hex_id) and board.hex_info(hex_id).owner <= 0))


def presses_on(view: ClanView, level: Level) -> bool:
    """Whether the game ends by the turn limit within the level's `lead_turns` game turns and
    the Clan alone heads the Top Clans."""
    standing = view.standing()
    limit = standing.turn_limit
    if limit <= 0 or limit - view.game_turn >= level.lead_turns:
        return False
    ranking = standing.top_clans
    if not ranking or ranking[0][0] != view.number:
        return False
    return len(ranking) == 1 or ranking[1][2] < ranking[0][2]


def _fewer(count: int, found: Iterator[str]) -> bool:
    """Whether `found` yields fewer than `count` hexes (looked at no further than that)."""
    return sum(1 for _ in islice(found, count)) < count


def final_push(view: ClanView, level: Level) -> bool:
    """Whether the game ends by the turn limit within the level's final game turns (then only
    the hexes and cities held at the end count)."""
    limit = view.standing().turn_limit
    return level.final_turns > 0 and limit > 0 and limit - view.game_turn < level.final_turns


def _pre(view: ClanView, level: Level, plan: SheetPlan, budget: supply.Budget, board: Board,
         paths: Paths) -> tuple[dict[int, ConvoyInfo], int]:
    """Food and fuel for this turn's pulses; troops and vehicles for convoys in friendly cities
    (the pre-turn pickup puts them aboard before the first pulse), and troops for convoys that
    refill on the way. Returns the troops each convoy in a city should have once the pickup is
    done, and the stockpile troops left for those refilling on the way."""
    sales = _sales(view, level, budget, board, paths) if level.sells_to_spend else None
    for _sale, money in sales or []:
        budget.money += money
    due = _parts_due(view, level)  # kept from the growth for [POST] to pay the maintenance
    budget.money -= due
    bought = _Purchases.of(view, level, budget, board, paths, sales)
    budget.money += due
    sales = bought.sales
    for sale, _money in sales:
        plan.add_pre(sale)
    rooms, buys, supplies = bought.rooms, bought.buys, bought.supplies
    enlisting, enlisted = bought.enlisting, bought.enlisted
    pool = view.clan.stock.troops
    grown: list[ClanOrder] = [enlisting] if enlisting else []
    grown += buys
    room = PRE_SUPPLY_LINES - len(sales)
    if level.grows_first and grown and len(supplies) + len(grown) > room:
        # parts keep vehicles running, but troops and vehicles are the turn's growth
        supplies = [line for line in supplies if line.item != "parts"]
    orders: list[ClanOrder] = [*supplies, *grown]
    kept = orders[:room]
    for order in kept:
        plan.add_pre(order)
    if enlisting not in kept:
        enlisted = 0
    pool += enlisted
    ready: dict[int, ConvoyInfo] = {}
    for convoy in rooms:
        if not any(isinstance(order, Buy) and order.convoy == convoy.number for order in kept):
            convoy = next(c for c in view.convoys() if c.number == convoy.number)
        taken = min(pool, max(0, convoy.troop_capacity - convoy.troops))
        pool -= taken
        ready[convoy.number] = attrs.evolve(convoy, troops=convoy.troops + taken)
    return ready, pool


@attrs.define
class _Purchases:
    """What [PRE] buys with the money at hand: vehicles for convoys in friendly cities, the
    supplies for this turn's pulses and the troops that fill the convoys."""

    rooms: list[ConvoyInfo]
    buys: list[Buy]
    supplies: list[Buy]
    enlisting: ClanOrder | None
    enlisted: int
    sales: list[tuple[Sell, int]]

    @property
    def lines(self) -> int:
        """[PRE] lines these purchases take."""
        return len(self.buys) + len(self.supplies) + (self.enlisting is not None)

    @classmethod
    def of(cls, view: ClanView, level: Level, budget: supply.Budget, board: Board, paths: Paths,
           sales: list[tuple[Sell, int]] | None = None) -> _Purchases:
        """The purchases, spending from `budget` (`sales`: the SELL lines already decided and
        their money in the budget; None: the surplus sold on the lines the growth and this
        turn's supplies leave, its money there for the supplies and troops)."""
        friendly = set(view.owned_cities())
        rooms: list[ConvoyInfo] = []
        buys: list[Buy] = []
        held = 0  # the troops' money for the vehicles bought, kept from the next convoy's
        for convoy in view.convoys():
            if convoy.mode == "empty":
                continue
            if convoy.hex not in friendly:
                if level.refills_in_any_city and convoy.hex in board.refills:
                    rooms.append(convoy)  # it picks up troops there, but grows at home
                continue
            bought = growth.vehicles_to_buy(view, level, convoy, budget,
                                            _muster(board, paths, convoy))
            if bought is not None:
                buys.append(bought[0])
                troops = (bought[1].troop_capacity - convoy.troop_capacity) \
                    * view.prices()["troops"]
                troops = min(troops, budget.spare)
                budget.money -= troops
                held += troops
                convoy = bought[1]
            rooms.append(convoy)
        after = _as_bought(view, level, {convoy.number: convoy for convoy in rooms})
        on_the_way = sum(room_on_the_way(board, paths, c) for c in view.convoys())
        wanted = max(0, sum(c.troop_capacity - c.troops for c in rooms) + on_the_way
                     - view.clan.stock.troops)
        feast = sum(c.troop_capacity for c in rooms
                    if not c.hidden and c.morale < level.celebrate_below)
        top_ups = supply.top_ups(view, level, 1, wanted + feast, after)
        if level.parts_when_due:
            top_ups.pop("parts", None)  # bought in [POST], before the maintenance they pay
        if sales is None:
            needed = sum(1 for amount in top_ups.values() if amount > 0) + (wanted > 0) \
                + len(buys)
            sales = supply.surplus_sales(view, level.reserve_turns + 1, MIN_SALE, after)
            sales = sales[:min(level.surplus_sales, max(0, PRE_SUPPLY_LINES - needed))]
            budget.money += sum(money for _sale, money in sales)
        supplies = supply.buy_lines(view, budget, top_ups)
        budget.money += held
        enlisting, enlisted = growth.enlist(view, wanted, budget)
        return cls(rooms, buys, supplies, enlisting, enlisted, sales)


def _sales(view: ClanView, level: Level, budget: supply.Budget, board: Board,
           paths: Paths) -> list[tuple[Sell, int]]:
    """The SELL lines [PRE] opens with for a level that sells to spend (most money first) and
    the money each brings: of the surplus beyond its upkeep, what this turn's purchases (and a
    new convoy) want beyond its purse and the stock beyond its `hoard_turns` (as far as its
    purse stays under `spend_turns` of income), on the lines the purchases leave free."""
    after = _as_bought(view, level, {})
    sales = supply.surplus_sales(view, level.reserve_turns + 1, MIN_SALE, after)
    if not sales or level.surplus_sales <= 0:
        return []
    everything = sum(money for _sale, money in sales)
    trial = supply.Budget(budget.money + everything, budget.reserve)
    _Purchases.of(view, level, trial, board, paths, [])
    growth.create_order(view, level, trial)  # a new convoy, bought after the turn
    wanted = budget.reserve + everything - trial.money  # spent beyond the purse alone
    beyond = {sale.item: sale.quantity for sale, _money in
              supply.surplus_sales(view, level.hoard_turns, 0, after)} \
        if level.hoard_turns else {}
    # the stock beyond its hoard is sold only up to the purse a level spends from at once
    room = round(level.spend_turns * view.income_estimate().get("money", 0)) \
        - view.clan.stock.money
    sales = [(sale, money) for sale, money in supply.sales_for(sales, wanted, beyond, room)
             if money >= MIN_SALE][:level.surplus_sales]
    while sales:  # a sale takes a line only when the purchases leave one
        trial = supply.Budget(budget.money + sum(money for _sale, money in sales),
                              budget.reserve)
        if len(sales) + _Purchases.of(view, level, trial, board, paths, sales).lines \
                <= PRE_SUPPLY_LINES:
            break
        sales = sales[:-1]
    return sales


def _parts_due(view: ClanView, level: Level) -> int:
    """Money the parts this turn's maintenance wants beyond the stock will cost, for a level
    that buys them in [POST] (0 for another)."""
    if not level.parts_when_due:
        return 0
    short = supply.top_ups(view, level, 1, 0, _as_bought(view, level, {})).get("parts", 0)
    return short * view.prices()["parts"]


def _muster(board: Board, paths: Paths, convoy: ConvoyInfo) -> int:
    """Troops a convoy in a friendly city should grow to so that it can take the best city
    within the level's search depth, or (at war) the best rival city within it or the one it
    marches on (0: the level's usual size will do, or it does not muster)."""
    level = board.level
    at_war = campaign.war_muster(board.view, level, convoy, board.marches.get(convoy.number))
    if board.foe and level.war_musters > 0 and level.target_cities:
        reach = paths.reach(convoy.convoy_type, convoy.hex, level.search_depth)
        at_war = max(at_war, expansion.muster(board, convoy, reach, level.war_musters, True))
    if level.musters <= level.convoy_troops or not level.target_cities:
        return at_war
    reach = paths.reach(convoy.convoy_type, convoy.hex, level.search_depth)
    return max(at_war, expansion.muster(board, convoy, reach, level.musters))


def _as_bought(view: ClanView, level: Level,
               changed: dict[int, ConvoyInfo]) -> list[ConvoyInfo] | None:
    """The Clan's convoys as this turn's purchases leave them, for a level that reckons supplies
    by the terrain ahead (`supply.needs`); None for one that reckons them as they stand."""
    if not level.reads_terrain:
        return None
    return [changed.get(convoy.number, convoy) for convoy in view.convoys()]


def _post(view: ClanView, level: Level, plan: SheetPlan, budget: supply.Budget,
          outcomes: dict[int, Outcome], aboard: dict[int, ConvoyInfo], by_sea: bool) -> None:
    """Supplies for the turns ahead, troops for convoys ending in friendly cities, growth
    (`aboard`: the convoys in friendly cities as this turn's purchases leave them; `by_sea`:
    new convoys should be amphibious)."""
    refill = sum(max(0, c.troop_capacity - outcomes[c.number].troops) for c in view.convoys()
                 if outcomes[c.number].refills)
    stuck = [c for c in view.convoys() if outcomes[c.number].stuck]
    converts = [order for order in (growth.convert_order(view, c, budget) for c in stuck)
                if order]
    raised = holding.raises(view, level, budget)  # cities held before a new convoy
    created = growth.create_order(view, level, budget, by_sea=by_sea or bool(stuck))
    garrison_want = holding.troops_wanted(view, level)
    if level.garrison:
        garrison_want += sum(max(0, level.garrison_troops - (info.troops if info else 0))
                             for info in map(view.city_info, view.owned_cities()))
    stock_troops = view.clan.stock.troops
    after = _as_bought(view, level, aboard)
    enlisting, enlisted = growth.enlist(
        view, max(0, refill + garrison_want - stock_troops), budget)
    wanted = supply.top_ups(view, level, level.reserve_turns + 1, enlisted, after)
    if level.parts_when_due:  # this turn's maintenance only: the next turn buys its own
        wanted.pop("parts", None)
        wanted.update((item, amount) for item, amount
                      in supply.top_ups(view, level, 1, enlisted, after).items()
                      if item == "parts")
    orders: list[ClanOrder] = [*supply.buy_lines(view, budget, wanted)]
    if enlisting:
        orders.append(enlisting)
    assign, used = growth.garrison_orders(view, level, stock_troops + enlisted)
    orders += assign
    orders += holding.holding_orders(view, level, raised, stock_troops + enlisted - used)
    if created:
        orders.append(created)
    orders += converts
    defend = growth.defend_order(view, level, budget)
    if defend:
        orders.append(defend)
    for order in orders:
        plan.add_post(order)


__all__ = ["bot_rng", "final_push", "presses_on", "seeks_war", "write_sheet"]
