"""Popularity, victory, ties, the turn limit, resigning and the end-of-game report (CC-POP)."""

from __future__ import annotations

import pytest

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.economy import gameturn
from conquest_tui.engine.paper.report_text import render_report
from conquest_tui.engine.play.turn import NotYourTurnError, run_clan_turn
from conquest_tui.engine.reports.report import build_report
from conquest_tui.engine.reports.view import ClanView


def play_game_turn(game: Game) -> None:
    turn = game.state.game_turn
    while game.state.game_turn == turn and not game.state.finished:
        run_clan_turn(game, game.state.active_clan, "")


def no_growth(game: Game) -> None:
    """Cities of the test game stay as they are (no Plague, at their maximum does not matter)."""
    for city in game.state.cities:
        city.plague = False


def test_popularity_is_100_plus_hexes_stadium_and_people_cc_pop_02_cc_pop_03(game: Game) -> None:
    """CC-POP-02/03, AMB-17: 100 + 1 per hex (Stadium 5) + ⌊Σ population / 10,000⌋."""
    clan = game.state.clans[0].number
    hexes = [h for h in game.state.hexes if not h.owner][:3]
    for hex_state in hexes:
        hex_state.set_owner(clan)
    hexes[0].special = "STA"
    cities = [c for c in game.state.cities if c.owner == clan]
    cities[0].population = 55_000
    extra = next(c for c in game.state.cities if not c.owner)
    extra.owner, extra.population = clan, 14_999
    owned = sum(1 for h in game.state.hexes if h.owner == clan)
    assert gameturn.popularity(game, clan) == 100 + (owned - 1) + 5 + 69_999 // 10_000


def test_popularity_after_turn_one_is_about_106_107_cc_pop_04_cc_pop_01(game: Game) -> None:
    """CC-POP-01/04, AMB-07: 100 at the start; one hex and a grown 50–60,000 city: 106–108."""
    assert all(clan.popularity == 100 for clan in game.state.clans)
    play_game_turn(game)
    for clan in game.state.clans:
        owned = sum(1 for h in game.state.hexes if h.owner == clan.number)
        if owned == 1:
            assert 106 <= clan.popularity <= 108
        assert any(e.kind == "popularity" and e.facts["popularity"] == clan.popularity
                   for e in clan.inbox)


def test_popularity_changes_only_at_the_game_turn_end_cc_pop_02_cc_seq_14(game: Game) -> None:
    """CC-POP-02, CC-SEQ-14: a Clan's popularity stays put during the game turn, and the
    population counted is the one after growth."""
    first = game.state.active_clan
    run_clan_turn(game, first, "")
    assert game.clan(first).popularity == 100
    play_game_turn(game)
    people = sum(c.population for c in game.state.cities if c.owner == first)
    hexes = sum(1 for h in game.state.hexes if h.owner == first)
    assert game.clan(first).popularity == 100 + hexes + people // 10_000
    assert game.state.top_clans and len(game.state.top_clans[-1]) == 2


def test_victory_needs_the_threshold_held_one_more_game_turn_cc_pop_07_cc_gen_01(
        game: Game) -> None:
    """CC-POP-07, CC-GEN-01: at the threshold at the end of turn N, still at the end of N+1."""
    no_growth(game)
    game.state.victory_threshold = 105
    play_game_turn(game)
    assert not game.state.finished and game.state.game_turn == 2
    leader = max(game.state.clans, key=lambda c: c.popularity)
    assert leader.victory_watch_since == 1
    report = build_report(ClanView(game, leader.number))
    assert "hold it to the end of game turn 2 to win" in report.victory_watch
    play_game_turn(game)
    assert game.state.finished and game.state.game_turn == 2
    assert leader.number in game.state.winners
    with pytest.raises(NotYourTurnError):
        run_clan_turn(game, game.state.active_clan, "")


def test_falling_below_the_threshold_starts_the_watch_over_cc_pop_07(game: Game) -> None:
    """CC-POP-07: a Clan that drops below the threshold at the end of N+1 does not win."""
    game.state.victory_threshold = 105
    play_game_turn(game)
    for clan in game.state.clans:
        for hex_state in game.state.hexes:
            if hex_state.owner == clan.number:
                hex_state.set_owner(0)
        for city in game.state.cities:
            if city.owner == clan.number:
                city.population = 1_000
    play_game_turn(game)
    assert not game.state.finished
    assert all(clan.victory_watch_since == 0 for clan in game.state.clans)


def test_most_popular_qualifier_wins_a_tie_is_shared_cc_pop_08(game: Game) -> None:
    """CC-POP-08: of two qualifiers the more popular wins; with equal popularity both win."""
    no_growth(game)
    game.state.victory_threshold = 101
    a, b = game.state.clans
    city_a = next(c for c in game.state.cities if c.owner == a.number)
    city_b = next(c for c in game.state.cities if c.owner == b.number)
    for city in (city_a, city_b):
        city.population, city.buildings = 100_000, []
    city_b.population = 99_000
    play_game_turn(game)
    play_game_turn(game)
    assert game.state.finished
    hexes_a = sum(1 for h in game.state.hexes if h.owner == a.number)
    hexes_b = sum(1 for h in game.state.hexes if h.owner == b.number)
    if a.popularity == b.popularity:
        assert game.state.winners == sorted([a.number, b.number])
    else:
        assert game.state.winners == [max((a, b), key=lambda c: c.popularity).number]
    assert hexes_a and hexes_b


def test_equal_popularity_shares_the_victory_cc_pop_08(game: Game) -> None:
    """CC-POP-08: identical standing → the victory is shared and the report says so."""
    game.state.victory_threshold = 101
    for clan in game.state.clans:
        clan.victory_watch_since = 1
        clan.last_turn.game_turn = 2
    game.state.game_turn = 2
    for city in game.state.cities:
        if city.owner:
            city.population, city.plague = 100_000, False
    for hex_state in game.state.hexes:
        hex_state.special = "" if hex_state.special == "STA" else hex_state.special
    gameturn.end_game_turn(game)
    assert game.state.finished
    assert game.state.winners == sorted(c.number for c in game.state.clans)
    text = render_report(build_report(ClanView(game, game.state.clans[0].number)))
    assert "share the victory" in text and text.count("*winner*") == 2


def test_turn_limit_ends_the_game_with_the_most_popular_amb_57(game: Game) -> None:
    """AMB-57: after the last game turn the most popular Clan wins."""
    game.state.turn_limit = 2
    play_game_turn(game)
    assert not game.state.finished
    play_game_turn(game)
    assert game.state.finished and game.state.game_turn == 2
    best = max(c.popularity for c in game.state.clans)
    assert game.state.winners == sorted(c.number for c in game.state.clans
                                        if c.popularity == best)
    text = render_report(build_report(ClanView(game, game.state.clans[0].number)))
    assert "game turn 2 was the last of the game" in text


def test_new_games_get_the_default_turn_limit_amb_57(rules, small_map) -> None:
    """AMB-57: 25 game turns unless the host sets another limit (0: none)."""
    from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game

    clans = (ClanSetup("A"), ClanSetup("B"))
    assert new_game(rules, small_map, GameSetup(clans=clans, seed="x")).state.turn_limit == 25
    assert new_game(rules, small_map,
                    GameSetup(clans=clans, seed="x", turn_limit=0)).state.turn_limit == 0


def test_end_of_game_report_for_every_clan_cc_pop_09(game: Game) -> None:
    """CC-POP-09: when the game ends every Clan's report says who won and lists the standings."""
    game.state.turn_limit = 1
    play_game_turn(game)
    for clan in game.state.clans:
        report = build_report(ClanView(game, clan.number))
        assert report.finished and report.game_over and report.winners
        text = render_report(report)
        assert "END OF THE GAME" in text and "FINAL STANDINGS" in text
        assert "TOP CLANS" not in text


def test_clans_play_in_sequence_order_cc_gen_03_cc_seq_01(game: Game) -> None:
    """CC-GEN-03, CC-SEQ-01: each game turn every Clan plays once, lowest sequence first."""
    order = [c.number for c in sorted(game.state.clans, key=lambda c: c.sequence)]
    played = []
    for _ in range(2 * len(order)):
        played.append(game.state.active_clan)
        run_clan_turn(game, game.state.active_clan, "")
    assert played == order * 2 and game.state.game_turn == 3


def test_resigned_clan_is_skipped_keeps_its_units_and_cannot_win_cc_gen_11(game: Game) -> None:
    """CC-GEN-11: a resigned Clan's units stay; it never plays again and cannot win."""
    quitter = game.state.active_clan
    units = [c.hex for c in game.convoys_of(quitter)]
    gameturn.resign(game, quitter)
    assert game.state.active_clan != quitter
    stayer = game.state.active_clan
    game.state.victory_threshold = 101
    for _ in range(3):
        if game.state.finished:
            break
        assert game.state.active_clan == stayer
        run_clan_turn(game, stayer, "")
    assert [c.hex for c in game.convoys_of(quitter)] == units
    assert game.clan(quitter).popularity >= 101
    assert game.state.finished and game.state.winners == [stayer]


def test_every_clan_resigning_ends_the_game_without_a_winner_cc_gen_11(game: Game) -> None:
    """CC-GEN-11: when nobody plays any more the game is over, with no winner."""
    for clan in list(game.state.clan_order):
        gameturn.resign(game, clan)
    assert game.state.finished and game.state.winners == []
    report = build_report(ClanView(game, game.state.clans[0].number))
    assert "every Clan has resigned" in report.game_over


def test_all_popularity_matches_one_by_one_cc_pop_02(game: Game) -> None:
    """CC-POP-02: the one-pass computation gives each Clan the same points as popularity()."""
    clan = game.state.clans[1].number
    for hex_state in game.state.hexes[:5]:
        hex_state.set_owner(clan)
    game.state.hexes[0].special = "STA"
    assert gameturn.all_popularity(game) == {
        c.number: gameturn.popularity(game, c.number) for c in game.state.clans}
