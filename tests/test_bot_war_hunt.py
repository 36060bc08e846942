"""Normal bots at war go and find a rival they know no city of, and muster for a rival city
(issue 28; CC-GEN-05 sightings, CC-GEN-12 meetings, CC-CBC-02 odds, AMB-41)."""

from __future__ import annotations

from conquest_tui import session
from conquest_tui.bots import write_sheet
from conquest_tui.bots.campaign import foe, marches, traces, war_muster
from conquest_tui.bots.levels import level_named
from conquest_tui.bots.paths import Paths
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event, Sighting, TurnPhase
from conquest_tui.engine.reports.view import ClanView
from conquest_tui.engine.world.knowledge import see_hex


def _game(lead: int) -> tuple[Game, int, int]:
    """A three-Clan normal-bot game whose first Clan's full first convoy stands at home, and
    a rival `lead` popularity ahead of it on the Top Clans: (game, Clan, rival)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="war", level="normal")
    clan = game.state.active_clan
    rival = next(number for number in game.state.clan_order if number != clan)
    game.clan(rival).popularity = game.clan(clan).popularity + lead
    game.state.top_clans.append([rival, clan])
    convoy = game.convoys_of(clan)[0]
    convoy.troops = ClanView(game, clan).convoys()[0].troop_capacity
    return game, clan, rival


def _far_hex(game: Game, clan: int, owner: int) -> str:
    """A land hex of `owner`'s (0: nobody's) more than 8 moves from the Clan's first convoy."""
    view = ClanView(game, clan)
    reach = Paths(view).reach("land", view.convoys()[0].hex, 30)
    return max(hex_id for hex_id, distance in reach.distance.items()
               if distance > 8 and game.hex(hex_id).owner == owner)


def test_a_bot_that_knows_no_rival_city_marches_where_its_rival_was_seen() -> None:
    """A city's lookouts saw the leader's convoy far off: the war party sets out for that place
    in Recon mode, though the Clan knows none of the leader's cities."""
    game, clan, rival = _game(lead=50)
    place = _far_hex(game, clan, 0)
    game.clan(clan).sightings.append(Sighting(hex=place, game_turn=1, owner=rival))
    view = ClanView(game, clan)
    assert traces(view) == [(rival, 1, place)]
    assert marches(view, level_named("normal"), Paths(view), foe(view)) == {1: place}
    sheet = write_sheet(view, "normal")
    assert sheet.split("[CONVOY 1]")[1].split()[0] == "RECON"


def test_a_bot_whose_hex_a_rival_took_marches_back_there() -> None:
    """Since its last turn the leader took one of the Clan's hexes far from home (its report
    says who and where, CC-RPT-06): knowing none of the leader's cities, the war party heads
    there."""
    game, clan, rival = _game(lead=50)
    place = _far_hex(game, clan, 0)
    game.hex(place).owner = rival
    game.clan(clan).inbox.append(Event(clan=clan, phase=TurnPhase.BETWEEN,
                                       kind=EventKind.HEX_LOST,
                                       facts={"hex": place, "actor": rival}, game_turn=1))
    view = ClanView(game, clan)
    assert traces(view) == [(rival, 1, place)]
    assert marches(view, level_named("normal"), Paths(view), foe(view)) == {1: place}


def _bought(sheet: str) -> int:
    """Vehicles the sheet buys for convoy 1."""
    return sum(int(line.split()[1]) for line in sheet.splitlines()
               if line.startswith("BUY") and line.endswith("#1"))


def test_a_war_party_convoy_grows_to_take_the_rival_city_it_marches_on() -> None:
    """The rival's city is held by more troops than the convoy carries: in its home city the
    convoy buys more vehicles than it would to march on a place, enough for the troops that
    take the city at the bot's odds."""
    game, clan, rival = _game(lead=50)
    game.clan(clan).stock.money = 1_000_000
    view = ClanView(game, clan)
    hunting = write_sheet(view, "normal")  # no rival city known: it goes looking
    reach = Paths(view).reach("land", view.convoys()[0].hex, 30)
    city = max(site.hex for site in game.state.cities
               if site.owner == rival and reach.distance.get(site.hex, 0) > 8)
    # more than a rich Clan's usual convoy (200 troops) takes at its odds
    game.city(city).troops = 190  # type: ignore[union-attr]
    see_hex(game, game.clan(clan), city)
    view = ClanView(game, clan)
    level = level_named("normal")
    convoy = view.convoys()[0]
    assert marches(view, level, Paths(view), foe(view)) == {1: city}
    wanted = war_muster(view, level, convoy, city)
    assert level.convoy_troops < wanted <= level.war_musters
    assert _bought(write_sheet(view, "normal")) > _bought(hunting) > 0
    assert war_muster(view, level_named("easy"), convoy, city) == 0


def test_a_bot_with_no_neutral_city_in_reach_takes_a_rival_city_it_knows() -> None:
    """Every hex and city nobody held is the Clan's: the neutral land has run out, so the bot
    goes to war, grows its convoy at home and sends it against the rival's city it has seen,
    which it holds after two game turns (CC-CO-ATTACK-01, CC-CBC-02)."""
    game = session.new_game(map_name="test_small", clans=3, bots=3, seed="war", level="normal")
    clan = game.state.active_clan
    for hex_state in game.state.hexes:
        if not hex_state.owner:
            hex_state.owner = clan
    for city_state in game.state.cities:
        if not city_state.owner:
            city_state.owner = clan
    game.clan(clan).stock.money = 1_000_000
    city = "0910"
    rival = game.city(city).owner  # type: ignore[union-attr]
    assert rival not in (0, clan)
    see_hex(game, game.clan(clan), city)
    start = game.convoys_of(clan)[0].troops
    taken = []
    while game.state.game_turn <= 2 and not game.state.finished:
        playing = game.state.active_clan
        turn = session.play_bot_turn(game)
        if playing == clan:
            taken += [event.facts.get("hex") for event in turn.result.events
                      if event.kind.value == "city_captured"]
    assert game.convoys_of(clan)[0].troops > start
    assert city in taken  # (a bigger convoy may take another rival city on the way)
    assert game.city(city).owner == clan  # type: ignore[union-attr]
