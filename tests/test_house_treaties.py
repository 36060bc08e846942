"""House rule treaties: offered, accepted, holding, broken, lapsing and expiring.

Ids: docs/rules-interpretations.md "House rules" (HOUSE-TREATY-01…07).
"""

from __future__ import annotations

import attrs
import pytest
from war_helpers import ctx_of, place

from conquest_tui.bots import treaties as bot_treaties
from conquest_tui.bots.brain import write_sheet
from conquest_tui.bots.plan import SheetPlan
from conquest_tui.engine.combat import city_assault, convoy_clash, hex_attack
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import CityState, Convoy, Event
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.rules.house import HouseRuleName
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.sentences.event_text import event_text, problem_text
from conquest_tui.engine.world import treaties
from conquest_tui.ui.relations_data import treaty_words


def _game(rules: Ruleset, small_map: GameMap, *house: HouseRuleName) -> Game:
    setup = GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs"),
                             ClanSetup("Dust Eaters")), seed="pact", house_rules=house)
    return new_game(attrs.evolve(rules, event_chance_per_turn=0.0), small_map, setup)


@pytest.fixture
def trio(rules: Ruleset, small_map: GameMap) -> Game:
    return _game(rules, small_map, HouseRuleName.TREATIES)


def _home(game: Game, clan: int) -> CityState:
    return next(city for city in game.state.cities if city.owner == clan)


def _convoy(game: Game, clan: int) -> Convoy:
    found = game.convoy(clan, 1)
    assert found is not None
    return found


def _texts(events: tuple[Event, ...] | list[Event], kind: EventKind) -> list[str]:
    return [event_text(e) for e in events if e.kind == kind]


def _play(game: Game, clan: int, *lines: str) -> tuple[Event, ...]:
    return run_clan_turn(game, clan, "[PRE]\n" + "\n".join(lines) + "\n").events


def _nat(game: Game, turns: int = 3) -> tuple[int, int, int]:
    a, b, c = game.state.clan_order
    _play(game, a, f"OFFER NAT {b} {turns}")
    _play(game, b, f"ACCEPT {a}")
    return a, b, c


def test_an_offer_is_told_and_accepted_binds_at_once_house_treaty_01_02(trio: Game) -> None:
    a, b, _ = trio.state.clan_order
    mine = _play(trio, a, f"OFFER NAT {b} 3")
    assert _texts(mine, EventKind.TREATY_OFFER) == [
        f"You offered Clan {b} a non-aggression treaty for 3 game turns; it answers on its next "
        "sheet, or the offer lapses."]
    theirs = _play(trio, b, f"ACCEPT {a}")
    assert any(f"Clan {a} offers you a non-aggression treaty for 3 game turns" in text
               for text in _texts(theirs, EventKind.TREATY_OFFER))
    assert _texts(theirs, EventKind.TREATY_MADE) == [
        f"You accepted a non-aggression treaty with Clan {a}: it binds at once and holds through "
        "game turn 4; your convoys will not fight, and neither may attack the other's hexes or "
        "cities."]
    assert treaties.at_peace(trio, a, b) and not trio.state.treaty_offers


def test_a_treaty_keeps_convoys_from_fighting_and_attacks_are_refused_house_treaty_03(
        trio: Game) -> None:
    a, b, _ = _nat(trio)
    their_city = _home(trio, b)
    mine, theirs = _convoy(trio, a), _convoy(trio, b)
    place(trio, mine, their_city.hex, {"car": 1}, 50)
    place(trio, theirs, their_city.hex, {"car": 1}, 10)
    assert convoy_clash.enemies(ctx_of(trio, clan=a), mine) == []
    assert not hex_attack.attacks(trio, trio.clan(a), their_city.hex, "capture")
    problem = city_assault.attack_problem(trio, mine)
    assert problem is not None and problem.code == "attack_treaty"


def test_an_alliance_puts_each_on_the_others_ally_list_for_its_term_house_treaty_02(
        trio: Game) -> None:
    a, b, c = trio.state.clan_order
    _play(trio, a, f"OFFER ALLIANCE {b} 1")
    _play(trio, b, f"ACCEPT {a}")
    assert b in trio.clan(a).allies and a in trio.clan(b).allies
    _play(trio, c)
    _play(trio, a)   # game turn 2: the term (through game turn 2) still runs
    assert b in trio.clan(a).allies
    _play(trio, b)
    _play(trio, c)
    ended = _play(trio, a)  # game turn 3
    assert _texts(ended, EventKind.TREATY_ENDED) == [
        f"Your alliance with Clan {b} has run its term and ended."]
    assert trio.clan(a).allies == [] and trio.clan(b).allies == []
    assert not trio.state.treaties


def test_a_declaration_of_war_tells_both_and_the_news_ends_it_next_turn_house_treaty_05_06(
        trio: Game) -> None:
    a, b, c = _nat(trio, 10)
    _play(trio, c)
    _play(trio, a)
    declared = _play(trio, b, f"DECLARE WAR {a}")
    assert _texts(declared, EventKind.WAR_DECLARED) == [
        f"You declared war on Clan {a}: your non-aggression treaty holds until game turn 3 "
        "begins. Every Clan hears that you broke your word."]
    assert treaties.at_peace(trio, a, b)  # holds until the next game turn
    news = _play(trio, c)
    assert _texts(news, EventKind.TREATY_BROKEN) == [
        f"News: Clan {b} broke its non-aggression treaty with Clan {a} and declared war."]
    told = _play(trio, a)
    assert any(f"Clan {b} declared war on you" in text
               for text in _texts(told, EventKind.WAR_DECLARED))
    assert _texts(told, EventKind.TREATY_ENDED) == [
        f"Your non-aggression treaty with Clan {b} has ended: you are at war."]
    assert not treaties.at_peace(trio, a, b)


def test_an_unanswered_offer_lapses_and_a_rejection_is_told_house_treaty_07(
        trio: Game) -> None:
    a, b, c = trio.state.clan_order
    _play(trio, a, f"OFFER NAT {b} 5", f"OFFER ALLIANCE {c} 5")
    lapsed = _play(trio, b)
    assert _texts(lapsed, EventKind.TREATY_LAPSED) == [
        f"You did not answer Clan {a}'s offer of a non-aggression treaty, so it lapsed."]
    rejected = _play(trio, c, f"REJECT {a}")
    assert _texts(rejected, EventKind.TREATY_REJECTED) == [
        f"You turned down the alliance Clan {a} offered."]
    told = _play(trio, a)
    assert f"Clan {c} turned down your offer of an alliance." in _texts(
        told, EventKind.TREATY_REJECTED)
    assert not trio.state.treaty_offers and not trio.state.treaties


def test_the_checker_refuses_treaty_lines_in_words_house_treaty_01(
        trio: Game, rules: Ruleset, small_map: GameMap) -> None:
    a, b, _ = trio.state.clan_order
    sheet = f"[PRE]\nOFFER NAT {b} 21\nACCEPT {b}\nDECLARE WAR {b}\nOFFER PEACE {b} 2\n"
    texts = [problem_text(p) for p in check_sheet(trio, a, sheet)]
    assert texts == ["a treaty may run at most 20 game turns, not 21",
                     f"Clan {b} has made you no offer to answer",
                     f"you have no treaty with Clan {b} to break",
                     "write this order as OFFER NAT|ALLIANCE clan# turns"]
    plain = _game(rules, small_map)
    assert [problem_text(p) for p in check_sheet(plain, a, f"[PRE]\nOFFER NAT {b} 2\n")] == [
        "treaties are not in play in this game (a house rule that is off)"]


# --- revolt (HOUSE-REVOLT-01…05) ------------------------------------------------------------------


def _conquered(game: Game, clan: int, troops: int) -> CityState:
    """A neutral city handed to the Clan as if it took it last game turn."""
    game.state.game_turn = max(game.state.game_turn, 2)
    city = next(c for c in game.state.cities if c.owner == 0)
    city.owner, city.conquered_turn, city.troops = clan, game.state.game_turn - 1, troops
    city.population = 25_000
    return city


def test_a_weakly_held_conquered_city_revolts_and_goes_neutral_house_revolt_01_05(
        rules: Ruleset, small_map: GameMap) -> None:
    """10 troops are safe for 25,000 people; 1 troop is 9 short: 90%, under a fixed seed the
    city rises, its garrison is lost, the others hear the news; the starting city never rises."""
    game = _game(rules, small_map, HouseRuleName.REVOLT)
    a, b, _ = game.state.clan_order
    start = _home(game, a)
    start.troops = 0
    city = _conquered(game, a, 1)
    events = _play(game, a)
    risen = [e for e in events if e.kind == EventKind.CITY_REVOLT]
    assert [e.facts["hex"] for e in risen] == [city.hex]
    site = game.city_site(city.hex)
    assert site is not None
    name = site.name
    assert event_text(risen[0]) == (
        f"{name} ({city.hex}) revolted (90% chance): its garrison of 1 troop was killed, and "
        "it is neutral again. A conquered city of its size is safe with 10 troops.")
    assert city.owner == 0 and city.troops == 10 and a in city.hostile_to
    assert start.owner == a
    news = _play(game, b)
    assert _texts(news, EventKind.CITY_REVOLT) == [
        f"News: {name} ({city.hex}) rose against Clan {a} and is neutral again."]


def test_a_city_left_without_a_garrison_revolts_in_words_house_revolt_01(
        rules: Ruleset, small_map: GameMap) -> None:
    """A conquered city emptied of troops: the owner reads that nothing held it, not "a
    garrison of 0 troops"."""
    game = _game(rules, small_map, HouseRuleName.REVOLT)
    a = game.state.clan_order[0]
    city = _conquered(game, a, 0)
    texts = _texts(_play(game, a), EventKind.CITY_REVOLT)
    assert len(texts) == 1 and "(90% chance): it had no garrison to stop it, and" in texts[0]
    assert "garrison of 0" not in texts[0] and city.owner == 0


def test_a_city_taken_this_game_turn_has_until_its_owners_next_turn_house_revolt_06(
        rules: Ruleset, small_map: GameMap) -> None:
    """The winners leave only a token garrison (CC-CBC-12): the city does not roll in the game
    turn it was taken; at the end of its owner's next turn it does."""
    game = _game(rules, small_map, HouseRuleName.REVOLT)
    a = game.state.clan_order[0]
    city = _conquered(game, a, 0)
    city.conquered_turn = game.state.game_turn
    assert _texts(_play(game, a), EventKind.CITY_REVOLT) == [] and city.owner == a
    city.conquered_turn -= 1
    _play(game, game.state.clan_order[1])
    _play(game, game.state.clan_order[2])
    assert len(_texts(_play(game, a), EventKind.CITY_REVOLT)) == 1 and city.owner == 0


def test_a_safe_garrison_or_the_rule_off_keeps_the_city_house_revolt_02(
        rules: Ruleset, small_map: GameMap) -> None:
    game = _game(rules, small_map, HouseRuleName.REVOLT)
    a = game.state.clan_order[0]
    safe = _conquered(game, a, 10)
    _play(game, a)
    assert safe.owner == a
    off = _game(rules, small_map)
    weak = _conquered(off, a, 0)
    _play(off, a)
    assert weak.owner == a


# --- bots (HOUSE-TREATY-08) ---------------------------------------------------------------------


def _bot_lines(game: Game, clan: int, foe: int = 0) -> list[str]:
    plan = SheetPlan.for_view(ClanView(game, clan))
    bot_treaties.add_treaties(ClanView(game, clan), plan, foe)
    return [line for line in plan.text().splitlines()
            if line.split(" ")[:1] in (["OFFER"], ["ACCEPT"], ["REJECT"], ["DECLARE"])]


def test_a_bot_accepts_when_weaker_rejects_when_stronger_and_declares_war_first_house_treaty_08(
        trio: Game) -> None:
    a, b, c = trio.state.clan_order
    _play(trio, a, f"OFFER NAT {b} 5", f"OFFER NAT {c} 5")
    trio.clan(a).popularity, trio.clan(b).popularity, trio.clan(c).popularity = 300, 100, 500
    trio.state.top_clans = [[c, a, b]]  # the Top Clans every Clan reads
    assert _bot_lines(trio, b) == [f"ACCEPT {a}"]
    assert _bot_lines(trio, c) == [f"REJECT {a}"]
    _play(trio, b, f"ACCEPT {a}")
    assert _bot_lines(trio, b, foe=a) == [f"DECLARE WAR {a}"]
    assert _bot_lines(trio, b) == []  # a partner is never attacked nor offered again


def test_bots_write_no_treaty_lines_when_the_house_rule_is_off_house_treaty_08(
        rules: Ruleset, small_map: GameMap) -> None:
    plain = _game(rules, small_map)
    a, b, _ = plain.state.clan_order
    assert _bot_lines(plain, b, foe=a) == []
    assert "OFFER" not in write_sheet(ClanView(plain, a))


def test_the_relations_screen_names_the_treaty_and_its_turns_left_house_treaty_02(
        trio: Game) -> None:
    """A partner is listed even if never met; the row says the treaty and its turns left."""
    a, b, c = trio.state.clan_order
    _play(trio, a, f"OFFER NAT {b} 3", f"OFFER ALLIANCE {c} 1")
    assert treaty_words(ClanView(trio, b), a) == (
        "offers you a non-aggression treaty for 3 game turns: answer ACCEPT or REJECT")
    _play(trio, b, f"ACCEPT {a}")
    view = ClanView(trio, a)
    assert b in {clan.number for clan in view.contacts()}
    assert treaty_words(view, b) == "non-aggression treaty, 4 game turns left"
    assert treaty_words(view, c) == "you offered an alliance for 1 game turn; no answer yet"
