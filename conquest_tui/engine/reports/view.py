"""ClanView: the only window through which a player, bot or pane sees the game (fog of war)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

import attrs

from conquest_tui.engine.convoys import convoy_stats, movement
from conquest_tui.engine.core.events import EventKind, shown
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    CityState,
    Clan,
    Convoy,
    Event,
    Problem,
    Sighting,
    Stockpile,
)
from conquest_tui.engine.economy import economy, plague_cure, population, top_lists, victory
from conquest_tui.engine.reports.view_records import (
    UNKNOWN,
    CityInfo,
    ConvoyInfo,
    HexInfo,
    MetClanInfo,
    OwnClan,
    OwnTurn,
    SpyReportInfo,
    Standing,
    TreatyInfo,
    TreatyOfferInfo,
)
from conquest_tui.engine.rules.house import HouseRuleName, HouseRulesInPlay
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.world import knowledge, revolt
from conquest_tui.engine.world.treaties import holds as treaty_holds

_PLAGUE_SEEN = frozenset({EventKind.PLAGUE_DETECTED, EventKind.INFECTED, EventKind.PLAGUE})
"""Events that showed the Clan the Plague in a city (AMB-67)."""


_Record = TypeVar("_Record", bound=attrs.AttrsInstance)


def _copier(cls: type[_Record], own: str = "") -> Callable[[_Record], _Record]:
    """A fast copy of a flat attrs record (what attrs.evolve makes): its fields read in order
    into a new one; `own` names a dict field the copy gets a dict of its own of (the facts)."""
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    if len(fields) < 2 or not all(field.init and not field.kw_only and field.alias == field.name
                                  for field in fields):
        evolve: Any = attrs.evolve
        if own:
            return lambda record: evolve(record, **{own: dict(getattr(record, own))})
        return attrs.evolve
    read = attrgetter(*names)
    if not own:
        return lambda record: cls(*read(record))
    at = names.index(own)

    def copy(record: _Record) -> _Record:
        values = list(read(record))
        values[at] = dict(values[at])
        return cls(*values)

    return copy


_copy_sighting = _copier(Sighting)
_copy_stock = _copier(Stockpile)
_copy_event = _copier(Event, "facts")
_copy_problem = _copier(Problem, "facts")


class ClanView:
    """Read-only, fog-filtered facts for one Clan. Nothing only other Clans know gets through.

    Every answer is a copy or a frozen record; the game itself is not reachable from the view's
    public attributes and methods (tests/test_fog.py walks them). The ruleset and the map are
    public: every Clan holds the same rulebook and map.
    """

    __slots__ = ("_clan", "_conquered", "_game", "_number", "_visited")

    def __init__(self, game: Game, clan_number: int) -> None:
        self._game = game
        self._clan: Clan = game.clan(clan_number)
        self._number = clan_number
        self._visited = set(self._clan.last_turn.visited_hexes)
        self._conquered = set(self._clan.last_turn.conquered_hexes)

    @property
    def number(self) -> int:
        """The number of the Clan whose view this is (fixed: a view never changes hands)."""
        return self._number

    # --- public to every Clan ------------------------------------------------------------------
    @property
    def rules(self) -> Ruleset:
        """The ruleset (the same rulebook for every Clan)."""
        return self._game.rules

    @property
    def map(self) -> GameMap:
        """The printed map: terrain, rivers, map roads and city sites (public facts)."""
        return self._game.map

    @property
    def game_turn(self) -> int:
        """The game turn being played."""
        return self._game.state.game_turn

    @property
    def house(self) -> HouseRulesInPlay:
        """The house rules in play (public: the same for every Clan)."""
        return self._game.house

    def treaties(self) -> tuple[TreatyInfo, ...]:
        """The Clan's treaties in force (house rule `treaties`), in the order they were made."""
        me, turn = self._number, self._game.state.game_turn
        return tuple(TreatyInfo(t.kind, t.partner(me), t.last_turn, t.war_from,
                                t.declared_by == me)
                     for t in self._game.state.treaties
                     if me in t.parties() and treaty_holds(t, turn))

    def safe_garrison(self, hex_id: str) -> int:
        """The troops one of the Clan's conquered cities needs to be safe from revolt (house
        rule `revolt`); 0 for any other city or when the rule is off."""
        city = self._game.city(hex_id)
        if city is None or city.owner != self._number or city.conquered_turn <= 0 \
                or not self._game.house.on(HouseRuleName.REVOLT):
            return 0
        return revolt.safe_garrison(self._game, city)

    def treaty_offers(self) -> tuple[TreatyOfferInfo, ...]:
        """Treaties offered to the Clan or by it and not yet answered (house rule `treaties`)."""
        me = self._number
        return tuple(TreatyOfferInfo(o.kind, o.offered_by, o.to, o.turns)
                     for o in self._game.state.treaty_offers if me in (o.offered_by, o.to))

    def prices(self) -> dict[str, int]:
        """This game turn's market prices (CC-RPT-08), a copy."""
        return dict(self._game.state.prices)

    def goods_prices(self) -> dict[str, int]:
        """This game turn's prices of trade goods, a copy."""
        return dict(self._game.state.goods_prices)

    def standing(self) -> Standing:
        """The game's standing: threshold, Top Clans, whose turn, the end (public to all)."""
        game, state = self._game, self._game.state
        ranking: tuple[tuple[int, str, int], ...] = ()
        if state.top_clans:
            ranking = tuple((n, game.clan(n).name, game.clan(n).popularity)
                            for n in state.top_clans[-1])
        return Standing(
            victory_threshold=state.victory_threshold, turn_limit=state.turn_limit,
            next_clan=state.active_clan, finished=state.finished,
            winners=tuple(state.winners), top_clans=ranking, top_lists=top_lists.lists(game),
            game_over=victory.end_sentence(game),
            victory_watch=victory.watch_sentence(game, self._clan),
        )

    # --- own things ----------------------------------------------------------------------------
    def last_turn(self) -> OwnTurn:
        """The Clan's last turn: its events and problems (copies)."""
        last = self._clan.last_turn
        return OwnTurn(
            game_turn=last.game_turn,
            events=tuple(map(_copy_event, last.events)),
            problems=tuple(map(_copy_problem, last.problems)),
        )

    def since_last_turn(self) -> tuple[Event, ...]:
        """What other Clans' turns did to this Clan since its last turn (its inbox, copies):
        battles it fought while idle, hexes and cities attacked, in the order they happened."""
        return tuple(_copy_event(e) for e in self._clan.inbox if shown(e.kind))

    def mail(self) -> tuple[Event, ...]:
        """The messages the Clan received and sent and its first meetings, from every turn it
        has played, oldest first (copies; what arrived since its last turn is in
        `since_last_turn`)."""
        return tuple(map(_copy_event, self._clan.mail))

    def income_estimate(self) -> dict[str, int]:
        """What next turn's income should bring (the report's status estimate)."""
        return economy.income_estimate(self._game, self._number)

    @property
    def clan(self) -> OwnClan:
        """The Clan's own record (a copy)."""
        clan = self._clan
        return OwnClan(
            number=clan.number, name=clan.name, popularity=clan.popularity,
            stock=_copy_stock(clan.stock), allies=tuple(clan.allies), bans=tuple(clan.bans),
            extra_pre_lines=clan.extra_pre_lines, extra_post_lines=clan.extra_post_lines,
            draft_sheet=clan.draft_sheet, turns_played=clan.turns_played,
            resigned=clan.resigned, agents=clan.agents,
        )

    def convoys(self) -> list[ConvoyInfo]:
        """The Clan's convoys in number order."""
        return [self._convoy_info(c) for c in self._game.convoys_of(self.number)]

    def _convoy_info(self, convoy: Convoy) -> ConvoyInfo:
        """Sheet statistics of one own convoy (CC-CNV-44…47)."""
        rules = self._game.rules
        limits = convoy_stats.weapon_limits(convoy, rules)
        vehicles = sorted(convoy.vehicles.items(),
                          key=lambda item: (-rules.vehicles[item[0]].size, item[0]))
        return ConvoyInfo(
            number=convoy.number, name=convoy.name, convoy_type=convoy.convoy_type,
            hex=convoy.hex, mode=convoy.mode, hidden=convoy.hidden,
            vehicles=tuple((rules.vehicles[key].name, count) for key, count in vehicles),
            troops=convoy.troops, troop_capacity=convoy_stats.troop_capacity(convoy, rules),
            rifles=(convoy.rifles, limits["rifles"]),
            grenades=(convoy.grenades, limits["grenades"]),
            rockets=(convoy.rockets, limits["rockets"]), bombs=(convoy.bombs, limits["bombs"]),
            cargo_type=convoy.cargo_type, cargo=convoy.cargo,
            cargo_capacity=convoy_stats.cargo_capacity(convoy, rules),
            fuel_cost=convoy_stats.fuel_cost(convoy, rules),
            combat_strength=convoy_stats.combat_strength(convoy, rules),
            size=convoy_stats.size(convoy, rules), size_name=convoy_stats.size_name(convoy, rules),
            morale=convoy.morale, training=convoy.training, health=convoy.health,
            experts=tuple(sorted(convoy.experts)),
            kill_mode=convoy.kill_mode if "GUN" in convoy.experts else "",
            moves=movement.allowance(self._game, convoy),
            order_lines=convoy_stats.pulses(convoy, rules),
        )

    def owned_hexes(self) -> list[str]:
        """Hexes the Clan owns, in map order."""
        return self._game.owned_hexes(self.number)

    def owned_cities(self) -> list[str]:
        """Hexes of the cities the Clan owns."""
        return [city.hex for city in self._game.state.cities if city.owner == self.number]

    # --- what it knows ------------------------------------------------------------------------
    def known_hexes(self) -> dict[str, int]:
        """Hex id → game turn last seen."""
        return dict(self._clan.known_hexes)

    def spy_reports(self) -> tuple[SpyReportInfo, ...]:
        """Its planted spies' reports from its last turn's end, as copies (CC-RPT-12)."""
        rules, out = self._game.rules, []
        for report in self._clan.spy_reports:
            city = report.city
            site = self._game.map.city_at(city.hex)
            out.append(SpyReportInfo(
                hex=city.hex, city=site.name if site else city.hex, game_turn=city.game_turn,
                owner=city.owner, population=city.population,
                fortification=rules.fortification(city.fortification).name,
                troops=city.troops,
                buildings=tuple(rules.buildings[code].name for code in city.buildings
                                if code in rules.buildings),
                sightings=tuple(attrs.evolve(seen) for seen in report.sightings)))
        return tuple(out)

    def spies(self) -> tuple[str, ...]:
        """Hexes of the cities where the Clan has a spy planted (a counterspy in its own)."""
        return tuple(city.hex for city in self._game.state.cities
                     if self._number in city.spies)

    def sightings(self) -> list[Sighting]:
        """Enemy convoys the Clan saw at the end of its last turn (ghost images), as copies."""
        return [_copy_sighting(sighting) for sighting in self._clan.sightings]

    def sightings_in(self, hex_id: str) -> list[Sighting]:
        """The sightings of one hex (as `sightings()` has them, in its order), as copies."""
        return [_copy_sighting(sighting) for sighting in self._clan.sightings
                if sighting.hex == hex_id]

    def known_roads(self) -> list[tuple[str, str]]:
        """Roads paved in play that the Clan knows: at least one end owned or seen."""
        known = set(self._clan.known_hexes) | set(self.owned_hexes())
        roads = []
        for link in self._game.state.paved:
            a, _, b = link.partition("-")
            if a in known or b in known:
                roads.append((a, b))
        return roads

    def can_enter(self, convoy_type: str, origin: str, target: str) -> bool:
        """Whether a convoy of this type may move from origin into the next hex target (the
        terrain rules of CC-MOVE-04…12; allowance, fuel and health are not checked)."""
        return movement.entry_problem(self._game, convoy_type, origin, target) is None

    def entry_steps(self, convoy_type: str, origin: str) -> tuple[tuple[str, str], ...]:
        """(direction, hex) of every neighbour of origin (a map hex) that `can_enter` allows,
        in the map's order of directions."""
        return movement.legal_steps(self._game, convoy_type, origin)

    def entry_ground(self) -> movement.Ground:
        """What `can_enter` reads besides its arguments, as an opaque token: while two tokens
        are equal, every `can_enter` answer is the same (answers may be kept across turns and
        Clans on it). It shows no road: only whether the ground changed."""
        return movement.Ground.of(self._game)

    def hex_info(self, hex_id: str) -> HexInfo:
        """A hex: live facts if owned or visited last turn, the public map facts otherwise."""
        game = self._game
        rules = game.rules
        terrain = rules.terrains[game.map.terrain_of(hex_id)]
        state = game.hex(hex_id)
        seen = self._clan.known_hexes.get(hex_id, 0)
        live = state.owner == self.number or hex_id in self._visited
        roads = game.road_directions(hex_id) if live else game.map.road_directions(hex_id)
        if not live:
            return HexInfo(hex_id, terrain.name, terrain.abbr, UNKNOWN, 0, 0, 0, 0, 0, 0, 0,
                           "", "", roads, game.map.has_river(hex_id), seen)
        yields = economy.hex_yield(game, hex_id, state)
        return HexInfo(
            hex=hex_id, terrain=terrain.name, terrain_abbr=terrain.abbr, owner=state.owner,
            defense=state.defense, guards=state.garrison, value=yields["money"],
            food=yields["food"], fuel=yields["fuel"], parts=yields["parts"],
            vaccine=yields["vaccine"], special=state.special, custom=state.custom, roads=roads,
            river=game.map.has_river(hex_id), seen_turn=seen,
            conquered=hex_id in self._conquered,
        )

    def city_info(self, hex_id: str) -> CityInfo | None:
        """A city: live if owned or visited last turn, else what the Clan last learned; its goods
        and guild only once the Clan has encountered it (CC-CITY-21)."""
        game = self._game
        site = game.map.city_at(hex_id)
        city = game.city(hex_id)
        if site is None or city is None:
            return None
        status = game.city_status(city, self.number)
        live = city.owner == self.number or hex_id in self._visited
        memory = self._clan.city_memory.get(hex_id)
        if live:
            owner, population, fort, troops = city.owner, city.population, city.fortification, \
                city.troops
            claymores, buildings = city.claymores, tuple(sorted(city.buildings))
            seen = game.state.game_turn
        elif memory is not None:
            owner, population, fort, troops = memory.owner, memory.population, \
                memory.fortification, memory.troops
            claymores, buildings, seen = 0, tuple(memory.buildings), memory.game_turn
        else:
            owner, population, fort, troops, claymores, buildings, seen = (
                UNKNOWN, 0, 0, 0, 0, (), 0)
        met = live or memory is not None or hex_id in self._clan.known_hexes or any(
            convoy.hex == hex_id for convoy in game.convoys_of(self._number))
        return CityInfo(
            hex=hex_id, name=site.name, major=site.major, owner=owner,
            value=city.base_value if live else 0, population=population, fortification=fort,
            troops=troops, claymores=claymores, produces=site.produces if met else "",
            needs=site.needs if met else "", expert=(site.guild or "None") if met else "",
            status=status.title(),
            spotting=knowledge.spotting_range(game, fort, list(buildings)) if fort else 0,
            radio=knowledge.radio_range(game, fort, list(buildings)) if fort else 0,
            buildings=buildings, seen_turn=seen, live=live, encountered=met,
            **self._plague_facts(city, live),
        )

    def _plague_facts(self, city: CityState, live: bool) -> dict[str, Any]:
        """Whether the Clan knows of the Plague there, and the cure's cost (AMB-67)."""
        if not (live and city.plague and self._plague_known(city)):
            return {}
        return {"plague": True,
                "cure_vaccine": plague_cure.city_vaccine(city.population, self._game.rules)}

    def _plague_known(self, city: CityState) -> bool:
        """A Hospital in an own city, a Doctor convoy there now or last turn (AMB-67)."""
        game = self._game
        if game.rules.plague.show_always:
            return True
        if city.owner == self._number and population.plague_shows(city):
            return True
        if any(c.hex == city.hex and plague_cure.DOCTOR in c.experts
               for c in game.convoys_of(self._number)):
            return True
        return any(e.kind in _PLAGUE_SEEN and e.facts.get("hex") == city.hex
                   for e in self._clan.last_turn.events)

    def listed_cities(self) -> list[CityInfo]:
        """The city list: owned cities, and cities visited or remembered (CC-RPT-01)."""
        hexes = set(self.owned_cities()) | set(self._clan.city_memory)
        hexes |= {h for h in self._visited if self._game.city(h) is not None}
        infos = [self.city_info(h) for h in sorted(hexes)]
        return [info for info in infos if info is not None]

    def listed_hexes(self) -> list[HexInfo]:
        """The hex list: owned hexes and hexes visited last turn (CC-RPT-03)."""
        hexes = set(self.owned_hexes()) | self._visited
        return [self.hex_info(h) for h in sorted(hexes)]

    def met_clans(self) -> tuple[MetClanInfo, ...]:
        """Every Clan this one has met, in number order, with what it showed of itself when met
        (CC-GEN-12) and where this Clan last saw one of its convoys: sightings, spies' reports,
        the first meeting (copies)."""
        game, clan = self._game, self._clan
        first: dict[int, tuple[int, str]] = {}
        for event in (*clan.last_turn.events, *clan.inbox):
            if event.kind == EventKind.MET_CLAN and "clan" in event.facts:
                number = event.facts["clan"]
                if isinstance(number, int) and number not in first:
                    first[number] = (event.game_turn, str(event.facts.get("hex", "")))
        seen: dict[int, Sighting] = {}
        sightings = [*clan.sightings, *(s for r in clan.spy_reports for s in r.sightings)]
        for sighting in sightings:
            known = seen.get(sighting.owner)
            if known is None or sighting.game_turn > known.game_turn:
                seen[sighting.owner] = sighting
        out = []
        for number in sorted(clan.met_clans):
            if not game.has_clan(number):
                continue
            other = game.clan(number)
            met_turn, met_hex = first.get(number, (0, ""))
            last = seen.get(number)
            seen_turn, seen_hex = (last.game_turn, last.hex) if last else (0, "")
            if met_turn > seen_turn:
                seen_turn, seen_hex = met_turn, met_hex
            out.append(MetClanInfo(
                number=number, name=other.name, slogan=other.slogan, first_met_turn=met_turn,
                first_met_hex=met_hex, last_seen_turn=seen_turn, last_seen_hex=seen_hex))
        return tuple(out)


    def contacts(self) -> tuple[MetClanInfo, ...]:
        """Every other Clan this one has had dealings with, in number order (issue 27): those
        its convoys met (`met_clans`, the first meeting kept all game long in its mail), those a
        message passed with (one it sent to that Clan, a signed one it received: an anonymous
        one names nobody), those on its ally or ban list, those it has a treaty or an offer with
        (house rule `treaties`). `met` says whose convoys met."""
        clan = self._clan
        met = {info.number: info for info in self.met_clans()}
        first: dict[int, tuple[int, str]] = {}
        dealt = set(clan.allies) | set(clan.bans)
        dealt.update(treaty.partner for treaty in self.treaties())
        dealt.update(o.to if o.offered_by == self._number else o.offered_by
                     for o in self.treaty_offers())
        for event in (*clan.mail, *clan.last_turn.events, *clan.inbox):
            facts = event.facts
            if event.kind == EventKind.MET_CLAN:
                number = facts.get("clan")
                if isinstance(number, int):
                    first.setdefault(number, (event.game_turn, str(facts.get("hex", ""))))
            elif event.kind == EventKind.MESSAGE:
                dealt.add(_number(facts.get("sender")))
            elif event.kind == EventKind.MESSAGE_SENT and facts.get("to") == "clan":
                dealt.add(_number(facts.get("other")))
        out = []
        for number in sorted(set(met) | dealt):
            if number in (0, self._number) or not self._game.has_clan(number):
                continue
            info = met.get(number)
            if info is None:
                out.append(MetClanInfo(
                    number=number, name=self._game.clan(number).name, slogan="",
                    first_met_turn=0, first_met_hex="", last_seen_turn=0, last_seen_hex="",
                    met=False))
                continue
            if not info.first_met_turn and number in first:
                turn, hex_id = first[number]
                info = attrs.evolve(info, first_met_turn=turn, first_met_hex=hex_id)
                if turn > info.last_seen_turn:
                    info = attrs.evolve(info, last_seen_turn=turn, last_seen_hex=hex_id)
            out.append(info)
        return tuple(out)


def _number(fact: object) -> int:
    """A Clan number fact, 0 for none."""
    return fact if isinstance(fact, int) else 0


__all__ = ["UNKNOWN", "CityInfo", "ClanView", "ConvoyInfo", "HexInfo", "MetClanInfo", "OwnClan",
           "OwnTurn", "SpyReportInfo", "Standing", "TreatyInfo", "TreatyOfferInfo"]
