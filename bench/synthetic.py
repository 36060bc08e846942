"""A deterministic synthetic late-game (big map, many clans, full histories) for benchmarks."""

from __future__ import annotations

import random
from typing import Any

from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.gamemap import GOODS, GUILD_CODES, LEGEND, GameMap
from conquest_tui.engine.core.hexgrid import neighbors
from conquest_tui.engine.core.seats import SeatKind
from conquest_tui.engine.core.state import (
    STOCK_ITEMS,
    CityMemory,
    CityState,
    Clan,
    Convoy,
    Event,
    GameState,
    HexState,
    LastTurn,
    Problem,
    Sighting,
    Stockpile,
)
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.map_loader import map_from_data
from conquest_tui.storage.rules_loader import load_ruleset

_LAND_CHARS = "ppppaaaffdmmswjbM"
_PHASES = (TurnPhase.INCOME, TurnPhase.PRE, TurnPhase.PULSES, TurnPhase.POST,
           TurnPhase.MAINTENANCE, TurnPhase.BETWEEN)
_KINDS = (EventKind.MOVE, EventKind.HEX_CAPTURED, EventKind.NO_FUEL, EventKind.BUY,
          EventKind.SELL, EventKind.SCAN, EventKind.BUILD, EventKind.PICKUP)


def _hex(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def _terrain_rows(rng: random.Random, columns: int, rows: int) -> list[str]:
    """Mostly land with a few lakes and a coastline, deterministic for the seed."""
    grid = [[rng.choice(_LAND_CHARS) for _ in range(columns)] for _ in range(rows)]
    for _ in range(max(1, columns * rows // 400)):
        cx, cy, radius = rng.randrange(columns), rng.randrange(rows), rng.randint(1, 3)
        for y in range(max(0, cy - radius), min(rows, cy + radius + 1)):
            for x in range(max(0, cx - radius), min(columns, cx + radius + 1)):
                grid[y][x] = "."
    for y in range(rows):  # a sea strip down the east side with a few islands
        for x in range(max(0, columns - 3), columns):
            grid[y][x] = "i" if rng.random() < 0.05 else ("~" if x == columns - 1 else ".")
    return ["".join(line) for line in grid]


def _walk(rng: random.Random, land: set[str], start: str, length: int) -> list[str]:
    path = [start]
    while len(path) < length:
        options = [h for _, h in neighbors(path[-1]) if h in land and h not in path]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def build_map(columns: int = 60, rows: int = 60, cities: int = 120, seed: str = "bench") -> GameMap:
    """A synthetic map built and checked through map_loader.map_from_data."""
    rng = random.Random(f"{seed}:map")
    terrain = _terrain_rows(rng, columns, rows)
    land = sorted(
        _hex(x + 1, y + 1)
        for y in range(rows)
        for x in range(columns)
        if LEGEND[terrain[y][x]] not in ("water", "sea_lane", "islands")
    )
    land_set = set(land)
    roads = [" ".join(_walk(rng, land_set, rng.choice(land), 15)) for _ in range(40)]
    rivers = [" ".join(_walk(rng, land_set, rng.choice(land), 10)) for _ in range(15)]
    sites = []
    for number, hex_id in enumerate(rng.sample(land, min(cities, len(land))), start=1):
        major = number % 10 == 0
        produces = rng.choice(GOODS)
        sites.append({
            "hex": hex_id,
            "name": f"City {number:03d}",
            "population": rng.randint(100_000, 900_000) if major else rng.randint(5_000, 80_000),
            "major": major,
            "produces": produces,
            "needs": rng.choice([g for g in GOODS if g != produces]),
            "guild": rng.choice([*GUILD_CODES, None]),
            "fortification": 5 if major else rng.randint(1, 4),
            "base_value": rng.randint(80_000, 120_000) if major else rng.randint(8_000, 15_000),
        })
    raw: dict[str, Any] = {
        "format": "conquest-map",
        "version": 1,
        "name": f"synthetic_{columns}x{rows}",
        "title": f"Synthetic {columns}x{rows}",
        "description": "Generated for benchmarks.",
        "players": {"min": 2, "max": 20},
        "columns": columns,
        "rows": rows,
        "terrain": terrain,
        "roads": [r for r in roads if " " in r],
        "rivers": [r for r in rivers if " " in r],
        "cities": sites,
    }
    return map_from_data(raw, "synthetic")


def _event(rng: random.Random, clan: int, turn: int, hexes: list[str]) -> Event:
    kind = rng.choice(_KINDS)
    hex_id, amount = rng.choice(hexes), rng.randint(1, 999)
    items = (("troops", rng.randint(1, 99)), ("fuel", rng.randint(1, 99)))
    return Event(
        clan=clan,
        phase=rng.choice(_PHASES),
        kind=kind,
        facts=_facts(kind, clan, hex_id, amount, items),
        rule=f"CC-MOVE-{rng.randint(1, 40):02d}",
        pulse=rng.randint(0, 12),
        line=rng.randint(0, 40),
        convoy=rng.randint(0, 12),
        game_turn=turn,
    )


def _facts(kind: EventKind, clan: int, hex_id: str, amount: int,
           items: tuple[tuple[str, int], ...]) -> dict[str, Any]:
    """The facts an event of this kind carries (facts/event_needs.NEEDS), from the same draws."""
    fuel = amount % 9 + 1
    if kind is EventKind.MOVE:
        return {"hex": hex_id, "terrain": "plains", "direction": "N", "fuel": fuel, "river": 0,
                "road": amount % 2, "was_hidden": 0}
    if kind is EventKind.HEX_CAPTURED:
        return {"hex": hex_id, "previous": 0, "lost": amount % 50, "guards": amount % 3,
                "troops": amount, "defense": amount % 6 + 1, "morale": 1}
    if kind is EventKind.NO_FUEL:
        return {"why": "move", "need": fuel, "have": 0, "hex": hex_id, "origin": hex_id}
    if kind is EventKind.BUY:
        return {"why": "items", "quantity": amount, "item": "fuel", "price": 30,
                "cost": amount * 30}
    if kind is EventKind.SELL:
        return {"why": "items", "quantity": amount, "item": "food", "price": 12}
    if kind is EventKind.SCAN:
        return {"hex": hex_id, "fuel": fuel, "clan": clan,
                "hexes": ((hex_id, "plains", clan, ""), (hex_id, "forest", 0, ""))}
    if kind is EventKind.BUILD:
        return {"structure": "Farm", "hex": hex_id, "cost": amount * 100, "production": items}
    return {"hex": hex_id, "taken": items}  # PICKUP


def _convoy(
    rng: random.Random, rules: Ruleset, owner: int, number: int, hex_id: str, turn: int
) -> Convoy:
    kind = rng.choice(sorted(rules.convoy_types))
    choices = rules.convoy_types[kind].vehicles
    vehicles = {v: rng.randint(1, 9) for v in rng.sample(choices, rng.randint(1, len(choices)))}
    return Convoy(
        owner=owner,
        number=number,
        name=f"Column {owner}-{number}",
        convoy_type=kind,
        hex=hex_id,
        vehicles=vehicles,
        troops=rng.randint(0, 200),
        rifles=rng.randint(0, 100),
        grenades=rng.randint(0, 50),
        rockets=rng.randint(0, 20),
        bombs=rng.randint(0, 5),
        cargo_type=rng.choice(["", "food", "fuel", *GOODS]),
        cargo=rng.randint(0, 60),
        experts=sorted(rng.sample(sorted(rules.experts), rng.randint(0, 3))),
        morale=rng.randint(0, 100),
        training=rng.randint(0, 100),
        health=rng.randint(40, 100),
        mode=rng.choice(("capture", "recon", "empty")),
        hidden=rng.random() < 0.2,
        created_turn=rng.randint(1, turn),
        moves_made=rng.randint(0, 8),
        parts_owed=round(rng.uniform(0, 30), 3),
        parts_factor=round(rng.uniform(0.8, 1.2), 3),
    )


def _roll_hexes(game_map: GameMap, rules: Ruleset, rng: random.Random) -> list[HexState]:
    """Per-game hex rolls from the ruleset's terrain table, as a new game would have them."""
    gen = rules.hexgen
    specials = sorted(
        code for code, rule in rules.special_structures.items() if not rule.water_only
    )
    hexes = []
    for hex_id in game_map.hex_ids():
        terrain = rules.terrains[game_map.terrain_of(hex_id)]
        cell = HexState(
            defense=min(gen.defense_roll.roll(rng) + terrain.defense_bonus, gen.max_defense_level),
            road_parts_bonus=gen.road_parts.roll(rng),
        )
        if not terrain.water:
            cell.money = terrain.money.roll(rng)
            cell.food = terrain.food.roll(rng)
            cell.fuel = terrain.fuel.roll(rng)
            cell.parts = terrain.parts.roll(rng)
            cell.vaccine = terrain.vaccine.roll(rng)
            if terrain.special_structures and rng.random() < gen.special_structure_chance:
                cell.special = rng.choice(specials)
        hexes.append(cell)
    return hexes


def build_state(
    game_map: GameMap, rules: Ruleset, clans: int = 20, seed: str = "bench",
    convoys: int | None = None,
) -> GameState:
    """A late-game state: owned land, cities, convoys, memories and a full last turn per clan.

    `convoys`: the total number of convoys, shared out evenly (None: 8–12 per clan)."""
    rng = random.Random(f"{seed}:state")
    turn = 40
    ids = list(game_map.hex_ids())
    land = [h for h in ids if game_map.is_land(h)]
    buildings = sorted(rules.buildings)
    customs = sorted(rules.custom_structures)
    hexes = _roll_hexes(game_map, rules, rng)
    owned = rng.sample(land, min(len(land), clans * 60))
    for i, hex_id in enumerate(owned):
        cell = hexes[game_map.index_of(hex_id)]
        cell.owner = i % clans + 1
        cell.garrison = rng.randint(0, 30)
        cell.looted = rng.random() < 0.1
        cell.conquered_turn = rng.randint(1, turn)
        if rng.random() < 0.05:
            cell.custom = rng.choice(customs)
            cell.custom_built_turn = rng.randint(1, turn)
    cities = [
        CityState(
            hex=site.hex,
            owner=i % clans + 1 if i < clans * 6 else 0,
            population=site.population,
            fortification=site.fortification,
            base_value=site.base_value,
            troops=rng.randint(0, 500),
            claymores=rng.randint(0, 50),
            buildings=sorted(rng.sample(buildings, rng.randint(0, 5))),
            plague=rng.random() < 0.05,
            hostile_to=sorted(rng.sample(range(1, clans + 1), rng.randint(0, 2))),
            conquered_turn=rng.randint(0, turn),
            spies=sorted(rng.sample(range(1, clans + 1), rng.randint(0, 2))),
        )
        for i, site in enumerate(game_map.cities)
    ]
    convoy_list = []
    for owner in range(1, clans + 1):
        count = (rng.randint(8, 12) if convoys is None
                 else convoys // clans + (1 if owner <= convoys % clans else 0))
        convoy_list += [_convoy(rng, rules, owner, number, rng.choice(land), turn)
                        for number in range(1, count + 1)]
    clan_list = []
    for number in range(1, clans + 1):
        known = sorted(rng.sample(ids, min(len(ids), 400)))
        seen_cities = rng.sample(game_map.cities, min(len(game_map.cities), 20))
        clan_list.append(Clan(
            number=number,
            name=f"Clan {number:02d}",
            seat=SeatKind.BOT if number % 4 == 0 else SeatKind.HUMAN,
            sequence=number,
            stock=Stockpile(**{item.value: rng.randint(0, 500_000) for item in STOCK_ITEMS}),
            food_eaten_milli=rng.randint(0, 999),
            popularity=rng.randint(0, 5000),
            allies=sorted(rng.sample(range(1, clans + 1), 2)),
            bans=sorted(rng.sample(range(1, clans + 1), 1)),
            vigilance=rng.randint(0, 5),
            slogan=f"Forward, clan {number}!",
            agents=rng.randint(0, 5),
            known_hexes={h: rng.randint(1, turn) for h in known},
            city_memory={
                site.hex: CityMemory(
                    hex=site.hex,
                    game_turn=rng.randint(1, turn),
                    owner=rng.randint(0, clans),
                    population=site.population,
                    fortification=site.fortification,
                    troops=rng.randint(0, 400),
                    buildings=sorted(rng.sample(buildings, rng.randint(0, 3))),
                )
                for site in seen_cities
            },
            sightings=[
                Sighting(
                    hex=rng.choice(land),
                    game_turn=rng.randint(turn - 5, turn),
                    owner=rng.randint(0, clans),
                    size_name=rng.choice(("small", "medium", "large")),
                    convoy_type=rng.choice(sorted(rules.convoy_types)),
                    how=rng.choice(("spotted", "met")),
                )
                for _ in range(30)
            ],
            met_clans=sorted(rng.sample(range(1, clans + 1), min(clans, 8))),
            inbox=[_event(rng, number, turn, land) for _ in range(10)],
            last_turn=LastTurn(
                game_turn=turn - 1,
                sheet="\n".join(f"CONVOY {i} MOVE N NE SE" for i in range(1, 41)),
                problems=[
                    Problem(line=i, code="bad_move", level="parse")
                    for i in range(1, 6)
                ],
                events=[_event(rng, number, turn - 1, land) for _ in range(200)],
                income={item: rng.randint(0, 50_000) for item in ("money", "food", "fuel")},
                visited_hexes=sorted(rng.sample(land, 30)),
                conquered_hexes=sorted(rng.sample(land, 5)),
            ),
            draft_sheet="CONVOY 1 MOVE N\nCONVOY 2 HOLD",
            turns_played=turn - 1,
        ))
    return GameState(
        map_name=game_map.name,
        seed=seed,
        game_turn=turn,
        clan_order=list(range(1, clans + 1)),
        turn_index=7 % clans,
        prices={item.value: rng.randint(1, 5000) for item in STOCK_ITEMS if item != "money"},
        goods_prices={good: rng.randint(100, 9000) for good in GOODS},
        victory_threshold=250_000,
        clans=clan_list,
        hexes=hexes,
        cities=cities,
        convoys=convoy_list,
        paved=sorted(
            {
                "-".join(sorted((a, b)))
                for a in rng.sample(land, 50)
                for _, b in game_map.neighbors(a)[:2]
                if game_map.is_land(b)
            }
        ),
        top_clans=[rng.sample(range(1, clans + 1), clans) for _ in range(turn - 1)],
    )


def build_late_game(
    columns: int = 60, rows: int = 60, clans: int = 20, seed: str = "bench",
    convoys: int | None = None,
) -> Game:
    """A deterministic late-game Game on a synthetic map, with the standard ruleset."""
    rules = load_ruleset()
    game_map = build_map(columns, rows, cities=max(clans * 6, columns * rows // 30), seed=seed)
    return Game(rules, game_map, build_state(game_map, rules, clans, seed, convoys))
