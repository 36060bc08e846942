"""Bots and the house rules: treaties offered, answered and broken first; conquered cities held."""

from __future__ import annotations

from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.orderbook.treaties import Accept, DeclareWar, Offer, Reject
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.house import HouseRuleName

OFFER_TURNS = 10
"""The term a bot offers, in game turns (at most the rule's longest)."""


def add_treaties(view: ClanView, plan: SheetPlan, foe: int) -> None:
    """With the house rule `treaties` on: declare war first on a treaty partner the campaign
    picked as its foe; accept an offer from a Clan more popular than itself and reject the
    others; offer a non-aggression treaty to the most popular Clan it has met that is ahead of
    it. Nothing at all when the rule is off, so a bot's sheet is as before."""
    if not view.house.on(HouseRuleName.TREATIES):
        return
    me = view.number
    popularity = {number: points for number, _name, points in view.standing().top_clans}
    mine = popularity.get(me, 0)
    partners = {t.partner for t in view.treaties() if not t.war_from}
    if foe and foe in partners:
        plan.add_pre(DeclareWar(other=foe))
        partners.discard(foe)
    offers = view.treaty_offers()
    for offer in sorted((o for o in offers if o.to == me), key=lambda o: o.offered_by):
        stronger = popularity.get(offer.offered_by, 0) > mine
        if stronger and offer.offered_by != foe:
            plan.add_pre(Accept(other=offer.offered_by))
            partners.add(offer.offered_by)
        else:
            plan.add_pre(Reject(other=offer.offered_by))
    asked = {o.to for o in offers if o.offered_by == me}
    met = {clan.number for clan in view.met_clans()}
    ahead = sorted((points, number) for number, points in popularity.items()
                   if number in met and number != me and number != foe and points > mine
                   and number not in partners and number not in asked)
    if ahead:
        turns = min(OFFER_TURNS, view.rules.house_rules.treaties.most_turns)
        plan.add_pre(Offer(kind="nat", other=ahead[-1][1], turns=turns))


def garrison_floor(view: ClanView, hex_id: str, floor: int) -> int:
    """The troops a bot keeps in one of its cities: its usual floor, or the safe garrison of a
    conquered city when the house rule `revolt` is on."""
    return max(floor, view.safe_garrison(hex_id))
