"""Bot levels: the judgement parameters that make easy, normal and hard bots play differently."""

from __future__ import annotations

import attrs


@attrs.frozen
class Level:
    """How a bot judges (never what it may see): odds it needs, reserves it keeps, how far it
    looks, what it grows to."""

    name: str
    attack_odds: float
    """Chance of winning a city assault the bot needs before it ATTACKs."""
    reserve_turns: int
    """Game turns of upkeep (food, fuel) the bot keeps in its stockpile."""
    money_reserve: int
    """Money the bot never spends on troops, weapons or extras."""
    search_depth: int
    """Furthest hex distance the bot looks for goals."""
    garrison: bool
    """Whether it leaves troops to GUARD the cities it owns."""
    target_cities: bool
    """Whether it heads for cities (else only for the nearest unowned land)."""
    randomness: float
    """How much noise it adds to its goal scores (0: none)."""
    max_convoys: int
    """Convoys it grows to (CREATE) while money allows."""
    convoy_troops: int
    """Troops it grows each convoy to (buying vehicles) before it creates another convoy."""
    hex_margin: float
    """How sure it wants to be of a hex attack: 0 attacks from the fewest troops that may win,
    1 only with the troops that surely win (a failed attack loses every troop)."""
    refill_share: float
    """Share of its troop capacity below which a convoy goes home to refill."""
    celebrate_below: int
    """Morale under which a convoy in a friendly city CELEBRATEs before it sets out."""
    garrison_troops: int = 25
    """Troops it keeps in each of its cities (ASSIGNed from the stockpile) when it garrisons."""
    defend_share: float = 0.0
    """Share of its spare money it may spend raising its hexes' defense (DEFEND ****); 0: never."""
    unseen_garrison: float = 1.0
    """Share of a city's troop capacity it expects to meet in a city it has not seen."""
    city_weight: float = 1.0
    """How much more than land it values cities (their people are popularity, their value
    income)."""
    frontier_creates: bool = False
    """Whether it CREATEs new convoys in the city with most land still to take around it (else
    in its first city)."""
    rival_bonus: float = 0.0
    """Extra worth of a hex another Clan owns (taking it also costs a rival its point)."""
    refill_on_the_way: bool = False
    """Whether a convoy low on troops refills in a friendly city in the middle of its turn
    (troops enlisted before the first pulse wait there, CC-RES-14) and sets out again with the
    moves it has left, instead of ending its turn there."""
    checks_errands: bool = False
    """Whether it checks that a path leads to an errand's city (trade, cure, spy) before it
    sends a convoy there."""
    surplus_sales: int = 0
    """[PRE] lines it spends to SELL the food, fuel and parts its stockpile holds beyond what
    it keeps for upkeep (0: it never sells). The proceeds buy troops and vehicles at once."""
    sells_to_spend: bool = False
    """Whether it sells only what this turn's purchases want beyond its purse and the stock
    beyond `hoard_turns` game turns of use (else all its surplus, as lines allow)."""
    hoard_turns: int = 0
    """Game turns of use of a supply its land makes beyond which a level that sells to spend
    sells the rest anyway while it holds no more than `spend_turns` of income (0: it sells
    only what it spends)."""
    reads_terrain: bool = False
    """Whether it reckons next turn's fuel and parts move by move from the terrain around each
    convoy and the vehicles it buys this turn (else from plain going with flat margins)."""
    parts_when_due: bool = False
    """Whether it buys parts only in [POST], for this turn's maintenance (paid after [POST],
    CC-CNV-38), instead of before the turn and for `reserve_turns` more: parts held ahead are
    money that takes no hex."""
    reads_shores: bool = False
    """Whether it CREATEs amphibious convoys once little land is left within a land convoy's
    reach of home (an island start), before its land convoys run out of hexes to take."""
    final_turns: int = 0
    """Game turns before the turn limit in which it throws everything at hexes (0: never): no
    refill trips, riskier attacks, no reserve, no spending that pays off only later."""
    final_margin: float = 0.3
    """Its hex margin in those final game turns."""
    final_odds: float = 0.5
    """The city-assault odds it needs in those final game turns."""
    final_troops: int = 400
    """Troops it grows a convoy in a friendly city to in those final game turns."""
    spend_turns: float = 0.0
    """Game turns of income it may hold: with more money than that it grows more convoys
    (`rich_convoys` more), bigger ones (`rich_troops` times the troops) and raises its hexes'
    defense, so that its money works (0: it lets money pile up)."""
    rich_convoys: int = 0
    """Convoys it grows to beyond `max_convoys` while it holds more than `spend_turns` of
    income."""
    rich_troops: float = 1.0
    """How many times `convoy_troops` it grows a convoy to while it holds more than
    `spend_turns` of income."""
    lead_convoys: int = 0
    """Convoys it grows to beyond its rich ones while it leads the Top Clans in the last
    `lead_turns` game turns before the turn limit: it then spends as a rich bot does, whatever
    it holds (0: it never presses on)."""
    lead_turns: int = 0
    """Game turns before the turn limit within which a lead makes it press on."""
    war_bonus: float = 0.0
    """Extra worth of a hex another Clan owns once the neutral land near home runs out or a
    rival leads the Top Clans (the bot then goes to war); 0: it never seeks war."""
    city_depth: int = 0
    """Furthest (in moves) it looks for a city to take when none is within its search depth;
    0: no further."""
    war_party: float = 0.0
    """Share of its convoys (the fullest) that march on a rival's cities beyond their search
    depth while it is at war; 0: none march."""
    grows_first: bool = False
    """Whether, when [PRE] has too few lines for every purchase, it keeps the troops and
    vehicles that grow its convoys before this turn's parts (else the parts, and the growth
    waits)."""
    musters: int = 0
    """Troops it may grow a convoy in a friendly city to (beyond `convoy_troops`) so that it
    can take the best city within its search depth at its odds; 0: it grows every convoy to
    `convoy_troops` only."""
    war_musters: int = 0
    """Troops it may grow a convoy of its war party in a friendly city to (beyond
    `convoy_troops`) so that it can take the rival city it marches on; 0: no more than usual."""
    fortify_to: int = 0
    """Fortification level it raises its cities within a rival's reach to (FORTIFY, one level
    a game turn, before it creates a convoy), filling them with troops to capacity
    (`bots/holding.py`); 0: it never fortifies."""
    # What it does besides moving and fighting (the extras planners read these).
    cure_reach: int = 6
    """Furthest (hexes) it sends a convoy to cure a plagued city."""
    cures_rivals: bool = True
    """Whether it cures other Clans' plagued cities too (else only its own)."""
    build_chance: float = 1.0
    """Chance it looks for a building to ERECT in a game turn."""
    builds_for_growth: bool = False
    """Whether it ERECTs Churches first (people grow faster), then a Hospital, a Market and a
    Stockyard, in its most populous cities as far as its money goes (else one building a turn
    in the order its cities lack them, with twice a building's cost to spare)."""
    builds_structures: bool = True
    """Whether it BUILDs custom structures near its cities."""
    wanted_experts: tuple[str, ...] = ("DOC", "SPY", "GUN", "ENG", "SCO", "MER")
    """Experts it hires when it can, most wanted first."""
    hire_chance: float = 1.0
    """Chance it hires an expert in a game turn."""
    hires_per_turn: int = 1
    """Experts it hires per game turn."""
    hire_margin: float = 2.0
    """Times an expert's cost it must have to spare before it hires him."""
    agents_wanted: int = 2
    """Agents it trains, one a turn, at the rulebook's doubling prices."""
    plants_spies: bool = True
    """Whether it PLANTs its Spies in rivals' cities (or as counterspies in its own)."""
    spy_reach: int = 7
    """Furthest (hexes) it sends a convoy with a Spy to plant him in a rival's city."""
    spies_on_nearest: bool = False
    """Whether it buys espionage on the owner of the rival city nearest its convoys (the next it
    may attack) before a Clan met or the most popular."""
    espionage_chance: float = 0.35
    """Chance it buys ESPIONAGE in a game turn."""
    espionage_wishes: tuple[tuple[str, ...], ...] = (("CITIES",), ("INCOME",), ("ALLIES",))
    """What it buys espionage on, most wanted first (the cheapest it can pay for)."""
    sabotage_chance: float = 0.5
    """Chance it SABOTAGEs an enemy's city where it has a spy, in a game turn."""
    sabotages_leader: bool = False
    """Whether it also sabotages the cities of the Clan leading the Top Clans."""
    most_allies: int = 2
    """Allies it keeps at most."""
    chance_allies: float = 0.0
    """Chance it allies with any Clan it knows, each game turn (else it allies with far Clans;
    0: never by chance)."""
    wary_allies: bool = False
    """Whether it shuns as an ally a Clan near victory or much more popular than itself, and ends
    its alliance with a Clan about to win."""
    warns_of_leader: bool = False
    """Whether it warns every Clan of a leader near victory every few game turns."""
    broadcast_chance: float = 0.25
    """Chance it speaks to every Clan in a game turn when it has news."""
    trade_reach: int = 0
    """Furthest (hexes) it carries goods to sell them; 0: it never trades (a convoy sent off to
    sell goods takes no hexes on the way: bots that traded won fewer games, issue 28)."""
    musters_cheapest: bool = False
    """Whether it musters for the city in reach that asks the fewest troops for its worth (else
    for the best city that `musters` troops can take)."""
    thrifty_hexes: bool = False
    """Whether it weighs a hex's worth against the troops taking it should cost (its defense
    and guards as it knows them; an unseen hex by its terrain and river): a convoy takes the
    most popularity per troop first, so it takes more hexes before it refills (else the
    worthiest, whatever they cost)."""
    refills_in_any_city: bool = False
    """Whether its convoys refill with troops in any city open to them that no rival is known
    to hold (a neutral city serves as well as its own, CC-CITY-05), the nearest first (else
    only in its own and its allies' cities)."""
    leaves_leader: float = 0.0
    """Lead over its own popularity (a share of it) with which a Clan alone at the head of the
    Top Clans stops being its ally: it ends its alliance with that Clan and makes none with it,
    so that its war falls on the leader, until the leader nears victory (`bots/diplomacy.py`);
    0: it keeps its alliances whoever leads."""
    alone_ahead: float = 0.0
    """Lead over the second Clan (a share of the second's popularity) with which, alone at the
    head of the Top Clans, it ends its own alliances and makes none: the Clans behind a clear
    leader leave it (`leaves_leader`), and an alliance of its own would only keep its convoys
    off the land of Clans that march on it (`bots/diplomacy.py`); 0: it keeps its allies."""
    counts_grenades: bool = False
    """Whether it weighs a city assault with the grenades its convoy carries killing only while
    they last (one thrown every tenth round, AMB-21), else as if they never ran out: eight
    grenades made a city of twice the convoy's troops look sure, so it marched there and stood
    in it turn after turn while the judgement struck out its hopeless ATTACK."""


LEVEL_BY_NAME: dict[str, Level] = {
    "easy": Level(name="easy", attack_odds=0.9, reserve_turns=1,
                  money_reserve=8_000, search_depth=4, garrison=False,
                  target_cities=True, randomness=0.6, max_convoys=3, convoy_troops=50,
                  hex_margin=0.3, refill_share=0.15, celebrate_below=15,
                  spend_turns=3.0, rich_convoys=2, rich_troops=1.5, lead_convoys=4,
                  lead_turns=10, cure_reach=3, cures_rivals=False, builds_for_growth=True,
                  builds_structures=False,
                  wanted_experts=("DOC",), hire_chance=0.3, agents_wanted=0,
                  plants_spies=False, spy_reach=0, espionage_chance=0.1,
                  espionage_wishes=(("ALLIES",),), sabotage_chance=0.0, most_allies=1,
                  chance_allies=0.1, broadcast_chance=0.1),
    "normal": Level(name="normal", attack_odds=0.7, reserve_turns=2,
                    money_reserve=5_000, search_depth=8, garrison=True,
                    target_cities=True, randomness=0.2, max_convoys=6, convoy_troops=100,
                    hex_margin=0.8, refill_share=0.25, celebrate_below=40,
                    spend_turns=1.5, rich_convoys=4, rich_troops=2.0, war_bonus=1.5,
                    war_party=0.5, city_depth=16, war_musters=300, surplus_sales=2,
                    sells_to_spend=True, hoard_turns=4, leaves_leader=0.05),
    "hard": Level(name="hard", attack_odds=0.7, reserve_turns=2,
                  money_reserve=3_000, search_depth=10, garrison=True,
                  target_cities=True, randomness=0.0, max_convoys=12, convoy_troops=70,
                  hex_margin=0.8, refill_share=0.25, celebrate_below=40,
                  unseen_garrison=0.85, frontier_creates=True, rival_bonus=0.5,
                  final_turns=2, refill_on_the_way=True,
                  checks_errands=True, surplus_sales=2, reads_terrain=True, parts_when_due=True,
                  reads_shores=True, spend_turns=1.5, rich_convoys=4, rich_troops=1.5,
                  war_bonus=2.0, war_party=0.5, city_depth=16, grows_first=True,
                  musters=100, musters_cheapest=True, war_musters=300, fortify_to=3,
                  cure_reach=9, builds_for_growth=True,
                  wanted_experts=("SPY", "GUN", "DOC", "SER", "ENG", "SCO", "TRA", "MER"),
                  hire_margin=1.0, spy_reach=10, spies_on_nearest=True, espionage_chance=0.6,
                  espionage_wishes=(("CITIES", "CONVOYS"), ("CONVOYS",), ("CITIES",),
                                    ("INCOME",)),
                  sabotage_chance=1.0, sabotages_leader=True, wary_allies=True,
                  warns_of_leader=True, broadcast_chance=0.3, refills_in_any_city=True,
                  thrifty_hexes=True, alone_ahead=0.05, counts_grenades=True),
}

LEVELS: tuple[str, ...] = tuple(LEVEL_BY_NAME)


def level_named(name: str) -> Level:
    """The Level of that name; ValueError for a name that is not a level."""
    try:
        return LEVEL_BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r}: choose one of {', '.join(LEVELS)}") from None


__all__ = ["LEVELS", "LEVEL_BY_NAME", "Level", "level_named"]
