"""A battle kept round by round: convoy battles and city assaults replayed in words (issue 14)."""

from __future__ import annotations

import json
from random import Random

from game_helpers import convoy_of, first_clan, second_clan
from war_helpers import ctx_of, kinds, order, two_clans

from conquest_tui.engine.combat import convoy_clash
from conquest_tui.engine.combat.city_battle import Assault
from conquest_tui.engine.combat.city_battle import fight as assault_fight
from conquest_tui.engine.combat.convoy_battle import Fighter, SeededChances, Unit, fight
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Event
from conquest_tui.engine.orderbook import city_war
from conquest_tui.engine.paper import battle_rounds
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.engine.rules.ruleset_values import Dice
from conquest_tui.storage.savefile import game_from_text, game_to_text

FIELD = "0506"
REPLAY_FACTS = ("start", "by_round", "wrecks", "grenades")


def _saved_bytes(facts: dict[str, object]) -> int:
    """What the replay's facts add to a save (compact JSON, as the save writes them)."""
    kept = {key: facts[key] for key in REPLAY_FACTS if key in facts}
    return len(json.dumps(kept, separators=(",", ":")))


def _convoy_battle(game: Game) -> tuple[Event, Event]:
    """The first Clan's convoy hunts the second Clan's in FIELD: (its event, the one told)."""
    own, other = two_clans(game, (FIELD, {"truck": 3, "car": 2}, 20),
                           (FIELD, {"truck": 3, "car": 2}, 20))
    ctx = ctx_of(game)
    order(ctx, own, "HUNT")
    [mine] = kinds(ctx.events, EventKind.CONVOY_BATTLE)
    [told] = kinds(game.clan(other.owner).inbox, EventKind.CONVOY_BATTLE)
    return mine, told


def test_a_convoy_battle_is_told_round_by_round_to_both_sides_cc_cbv_10_17(game: Game) -> None:
    """Each round's damage and losses add up to the battle's totals, and the defender reads the
    same rounds from its side: what one dealt, the other took."""
    mine, told = _convoy_battle(game)
    assert battle_rounds.has_rounds(mine) and battle_rounds.has_rounds(told)
    rows = mine.facts["by_round"]
    assert isinstance(rows, tuple) and len(rows) == mine.facts["rounds"]
    assert sum(row[0] for row in rows) == mine.facts["dealt"]  # type: ignore[index]
    assert sum(row[1] for row in rows) == mine.facts["taken"]  # type: ignore[index]
    assert sum(row[5] for row in rows) == mine.facts["killed"]  # type: ignore[index]
    assert [(r[1], r[0]) for r in told.facts["by_round"]] == [  # type: ignore[union-attr, index]
        (r[0], r[1]) for r in rows]  # type: ignore[index]

    moments = battle_rounds.moments(mine)
    assert [m.number for m in moments] == list(range(len(rows) + 1))
    start, end = moments[0].sides, moments[-1].sides
    assert (start[0].troops, start[0].vehicles) == (20, 5)
    assert start[0].troops - end[0].troops == sum(r[4] for r in rows)  # type: ignore[index]
    assert start[0].vehicles - end[0].vehicles == mine.facts["vehicles_lost"]
    assert moments[1].sentence.startswith(f"Round 1: you dealt {rows[0][0]} damage and took "  # type: ignore[index]
                                          f"{rows[0][1]}")
    told_end = battle_rounds.moments(told)[-1].sides
    assert (told_end[0].troops, told_end[1].troops) == (end[1].troops, end[0].troops)


def test_a_round_in_plain_words() -> None:
    """"Round 3: you dealt 12 damage and took 7; a bike of theirs was destroyed; 2 of your troops
    fell." — and the battle's end in its last round."""
    facts = {"why": "won_fled", "role": "attacker", "hex": FIELD, "enemy": 2, "enemy_convoy": 4,
             "lost": ((1, "car", "cars"),), "enemy_lost": ((1, "bike", "bikes"),),
             "start": (10, 2, 8, 3),
             "by_round": ((20, 9, 0, 0, 0, 1), (15, 30, 0, 22, 0, 0), (12, 7, 0, 0, 2, 0)),
             "wrecks": ((2, 0, 0), (3, 1, 0))}
    event = Event(clan=1, phase="pulses", kind=EventKind.CONVOY_BATTLE, facts=facts, convoy=3)
    moments = battle_rounds.moments(event)
    assert moments[2].sentence == ("Round 2: you dealt 15 damage and took 30; their rocket did "
                                   "22 of yours; a car of yours was destroyed.")
    assert moments[3].sentence == ("Round 3: you dealt 12 damage and took 7; a bike of theirs "
                                   "was destroyed; 2 of your troops fell; their convoy fled "
                                   "into hiding.")
    assert [(s.troops, s.vehicles) for s in moments[3].sides] == [(8, 1), (7, 2)]
    assert battle_rounds.title(event) == (f"Convoy #3 against Clan 2's convoy #4 in {FIELD} "
                                          "(3 rounds)")


def test_an_assault_round_in_plain_words_for_attacker_and_owner_amb_21() -> None:
    """The grenade of the tenth round is told with its round; the owner reads the same rounds
    from the walls."""
    rows = tuple((0, 0, 6) for _ in range(9)) + ((1, 1, 7),)
    facts = {"city": "Lyon", "hex": "0305", "start": (5, 8), "by_round": rows,
             "grenades": ((10, 4),)}
    attack = Event(clan=1, phase="pulses", kind=EventKind.CITY_ATTACK_FAILED, facts=facts,
                   convoy=2)
    held = Event(clan=2, phase="between", kind=EventKind.CITY_HELD, facts=facts, actor=1)
    assert battle_rounds.moments(attack)[10].sentence == (
        "Round 10: you killed 1 defender; you lost 1 troop; your grenade killed 4 more; 7 people "
        "of the city died. Neither side could hit any more: the attack stalled and the city "
        "held.")
    assert battle_rounds.moments(held)[1].sentence == (
        "Round 1: their shot missed; your shot missed; 6 people of the city died.")
    assert [(s.name, s.troops) for s in battle_rounds.moments(held)[10].sides] == [
        ("Your defenders of Lyon", 3), ("Clan 1's attackers", 4)]


def test_a_city_assault_is_told_round_by_round_to_attacker_and_owner_cc_cbc_10(
        game: Game) -> None:
    ctx = ctx_of(game)
    convoy = convoy_of(game, first_clan(game))
    city = next(c for c in game.state.cities if c.owner == second_clan(game))
    game.move_convoy(convoy, city.hex)
    convoy.hidden, convoy.troops, convoy.mode = False, 30, "capture"
    city.troops = 25
    order(ctx, convoy, "ATTACK")
    [mine] = (kinds(ctx.events, EventKind.CITY_CAPTURED)
              or kinds(ctx.events, EventKind.CITY_ATTACK_FAILED))
    inbox = game.clan(second_clan(game)).inbox
    [told] = kinds(inbox, EventKind.CITY_LOST) or kinds(inbox, EventKind.CITY_HELD)
    rows = mine.facts["by_round"]
    assert isinstance(rows, tuple) and len(rows) == mine.facts["rounds"] > 1
    assert sum(r[0] for r in rows) == mine.facts["lost"]  # type: ignore[index]
    grenades = sum(killed for _, killed in mine.facts["grenades"])  # type: ignore[misc, union-attr]
    assert sum(r[1] for r in rows) + grenades == mine.facts["killed"]  # type: ignore[index]
    assert told.facts["by_round"] == rows and told.facts["start"] == (30, 25)

    last = battle_rounds.moments(mine)[-1]
    ours, theirs = last.sides
    assert ours.troops == 30 - int(mine.facts["lost"])  # type: ignore[call-overload]
    assert theirs.troops == 25 - int(mine.facts["killed"])  # type: ignore[call-overload]
    assert ours.vehicles is None
    ending = ("the city is yours" if mine.kind == EventKind.CITY_CAPTURED
              else "the attack failed")
    assert ending in last.sentence
    owner_view = battle_rounds.moments(told)
    assert owner_view[1].sentence.startswith("Round 1: ")
    assert "your defenders" in battle_rounds.moments(told)[0].sides[0].name.lower()
    assert battle_rounds.title(told).startswith(f"Clan {ctx.clan.number}'s attack on")


def test_replays_survive_a_save_round_trip(game: Game) -> None:
    """Rounds are facts like any other: saved and loaded back the same (nested tuples)."""
    _, told = _convoy_battle(game)
    loaded = game_from_text(game_to_text(game), "replay.json")
    [again] = kinds(loaded.clan(told.clan).inbox, EventKind.CONVOY_BATTLE)
    assert again.facts == told.facts
    assert battle_rounds.moments(again) == battle_rounds.moments(told)


def test_declined_battles_and_old_saves_have_nothing_to_replay() -> None:
    declined = Event(clan=1, phase="pulses", kind=EventKind.CONVOY_BATTLE,
                     facts={"why": "declined", "role": "attacker"})
    assert not battle_rounds.has_rounds(declined)


def test_replays_stay_small_in_the_save(rules: Ruleset) -> None:
    """A 20-round convoy battle and a 69-round assault add well under 2 KB per battle to the
    save (both Clans' events together)."""
    unit = Unit("truck", "truck", 3, 150, Dice(8, 6, 4))
    side = Fighter(owner=1, number=1, units=(unit,) * 12, troops=300, rockets=0, factor=0.05)
    result = fight(side, side, rules.combat, SeededChances(Random(1)), forced=True)
    assert len(result.rounds) == rules.combat.max_rounds == 20
    battle = sum(map(_saved_bytes, convoy_clash.round_facts(result, side, side)))

    assault = Assault(attackers=40, attacker_to_hit=0.5, defender_to_hit=0.5, garrison=40,
                      troops_per_rifle=25)
    done = next(r for seed in range(200)
                if len((r := assault_fight(assault, rules.combat.assault, Random(seed))).rounds)
                == 69)
    siege = 2 * _saved_bytes(city_war.round_facts(40, assault, done))
    print(f"replay bytes per battle: 20-round convoy battle {battle}, 69-round assault {siege}")
    assert battle < 1_000 and siege < 1_600, (battle, siege)
