"""Everything that changes during a game: clans, hexes, cities, convoys (mutable records)."""

# No `from __future__ import annotations` here: the save loader reads these records' field
# types, and annotations evaluated at import cost nothing, while string ones are compiled one by
# one when a game loads. Every annotation names a type defined above it.

import enum
from typing import Any, ClassVar

import attrs

from conquest_tui.engine.core.events import (  # Fact: the name Facts' recursive hint resolves to
    EventKind,
    Fact,  # noqa: F401
    Facts,
)
from conquest_tui.engine.core.first_use import ReadOnFirstUse, Source, kept_value
from conquest_tui.engine.core.items import CARRIED, Item
from conquest_tui.engine.core.rng import DiceRoll
from conquest_tui.engine.core.seats import BotLevel, SeatKind
from conquest_tui.engine.core.turn_phases import TurnPhase
from conquest_tui.engine.rules.house import HouseRuleName

STOCK_ITEMS: tuple[Item, ...] = tuple(Item)
"""The Clan stockpiles in the order the 1995 orders sheet prints them (CC-CL-GEN-04)."""


MODES: tuple[str, ...] = ("capture", "recon", "empty")
"""Convoy movement modes (CC-MOVE-16)."""


@attrs.define
class Stockpile:
    """A Clan's stockpiles: money in whole dollars, everything else in whole units (CC-RES-01)."""

    money: int = 0
    food: int = 0
    fuel: int = 0
    parts: int = 0
    vaccine: int = 0
    troops: int = 0
    rifles: int = 0
    grenades: int = 0
    rockets: int = 0
    claymores: int = 0
    bombs: int = 0

    def get(self, item: Item) -> int:
        """The amount of one stockpile item."""
        amount: int = getattr(self, _STOCK_FIELDS[item])
        return amount

    def set(self, item: Item, amount: int) -> None:
        """Set the amount of one stockpile item."""
        setattr(self, _STOCK_FIELDS[item], amount)

    def add(self, item: Item, amount: int) -> None:
        """Add (or with a negative amount, remove) units of one item; never below zero."""
        self.set(item, max(0, self.get(item) + amount))


_STOCK_FIELDS: dict[Item, str] = {item: attrs.fields_dict(Stockpile)[item.value].name
                                  for item in Item}
"""Each item's field of Stockpile (the one place an item's name becomes an attribute; a
field missing for an item fails at import)."""


@attrs.define
class Event:
    """One thing a player should learn about: its kind, its facts, the line and rule behind it.

    The sentence is not stored: engine/sentences/event_text renders it from kind and facts.
    """

    clan: int
    """The Clan the event is reported to (whose report or inbox holds it)."""
    phase: TurnPhase
    """The phase of the player turn it happened in (`play/turn.PHASES`), or BETWEEN."""
    kind: EventKind
    facts: Facts = attrs.field(factory=dict)
    """What happened, as data: hex ids, clan and convoy numbers, amounts, item keys, rolls."""
    rule: str = ""
    """Checklist id of the rule behind it, e.g. "CC-MOVE-03"."""
    pulse: int = 0
    line: int = 0
    """Order-sheet line number that caused it (0 when no line did)."""
    convoy: int = 0
    game_turn: int = 0
    actor: int = 0
    """The Clan whose turn it happened in, when that is not `clan` (e.g. the Clan that captured
    this Clan's hex); 0 when it is the Clan's own doing or the game's."""


NOTICE = "notice"
"""The level of a problem that is only a warning: the line runs as written."""


@attrs.define
class Problem:
    """A problem with one order-sheet line: parse, check or resolve level, or a notice.

    Like an event, it is a code and facts; its sentence is rendered when it is shown
    (engine/sentences/event_text `problem_text`, `problem_line`).
    """

    line: int
    code: str
    """A `core/problems.ProblemCode` for a parse or check problem and a notice; for a resolve
    problem the `EventKind` of the event that reports it (the level tells which)."""
    level: str = "parse"
    """"parse" (syntax), "check" (against what the clan knows now), "resolve" (at the pulse) or
    `NOTICE` (only a warning, e.g. "this move attacks hex 0307": the line runs as written)."""
    facts: Facts = attrs.field(factory=dict)
    """What is wrong, as data; what each code needs is declared in `facts/problem_needs.py`."""

    @property
    def is_warning(self) -> bool:
        """Whether this is only a warning: the line is not skipped."""
        return self.level == NOTICE


@attrs.define
class Sighting:
    """An enemy convoy a Clan saw (ghost image, CC-GEN-05)."""

    hex: str
    game_turn: int
    owner: int = 0
    """0 when the owner could not be made out (CC-CITY-58)."""
    size_name: str = ""
    convoy_type: str = ""
    how: str = "spotted"
    """"spotted" by a city, or "met" by a convoy in the same hex."""


@attrs.define
class Broadcast:
    """A battle or razing announced over the radio to cities in range (CC-CITY-63): its kind and
    facts, like an event's; `sentences/radio_sentences` words it."""

    hex: str
    game_turn: int
    kind: EventKind
    """CONVOY_BATTLE, CITY_CAPTURED, CITY_ATTACK_FAILED, BOMB or RAZE (LEGACY: an old save's)."""
    facts: Facts = attrs.field(factory=dict)
    clans: list[int] = attrs.field(factory=list)
    """Clans taking part: they learn of it from their own reports, not the radio (CC-CITY-64)."""
    heard_by: list[int] = attrs.field(factory=list)
    """Clans whose turn-end radio report already covered it (CC-CITY-65)."""


@attrs.define
class CityMemory:
    """What a Clan last learned about a city it does not own (CC-RPT-01)."""

    hex: str
    game_turn: int
    owner: int = 0
    population: int = 0
    fortification: int = 0
    troops: int = 0
    buildings: list[str] = attrs.field(factory=list)


@attrs.define
class SpyReport:
    """What a Clan's spy planted in a foreign city told it at the end of its turn: a city report
    and a spotting report, wrong in part where a counterspy works (CC-CO-PLANT-02, CC-RPT-12)."""

    city: CityMemory
    sightings: list[Sighting] = attrs.field(factory=list)


@attrs.define
class LastTurn:
    """What a Clan's last player turn produced: its sheet, problems and events (CC-SEQ-13)."""

    game_turn: int = 0
    sheet: str = ""
    problems: list[Problem] = attrs.field(factory=list)
    _events: list[Event] | Source[list[Event]] = attrs.field(factory=list, alias="events",
                                                             eq=kept_value)
    """The turn's events, or where to read them (`events`) when first asked for: a load does
    not build and check a Clan's last turn until it is shown, played or saved anew."""
    income: dict[str, int] = attrs.field(factory=dict)
    visited_hexes: list[str] = attrs.field(factory=list)
    conquered_hexes: list[str] = attrs.field(factory=list)

    events = ReadOnFirstUse[list[Event]]()
    """The events the turn produced, in order (read from their source on first use)."""

    def kept_events(self) -> list[Event] | Source[list[Event]]:
        """The events, or their source when they were never asked for (a save writes an unread
        source back as it read it)."""
        return self._events


@attrs.define
class PastReport:
    """One of a Clan's past reports, as it read it after that turn (history, issue 16)."""

    game_turn: int
    summary: str = ""
    """The turn log's line: the turn's main events in a few words."""
    kept: str | Source[str] = attrs.field(default="", eq=kept_value)
    """The report's text as the Clan read it, or where to read it (`text`) when first asked
    for: a load does not unpack a game's past reports until the history is opened."""

    @property
    def text(self) -> str:
        """The report's text as the Clan read it (a source keeps what it read)."""
        return self.kept if isinstance(self.kept, str) else self.kept.read()


KNOWLEDGE: tuple[str, ...] = ("known_hexes", "city_memory", "sightings", "spy_reports")
"""A Clan's knowledge of the map and the other Clans: fields a load may leave unread."""


@attrs.define
class Clan:
    """One player (CC-GEN-02, CC-GEN-03)."""

    number: int
    name: str
    seat: SeatKind = SeatKind.HUMAN
    """"human" or "bot"."""
    bot_level: BotLevel = BotLevel.NORMAL
    """How well the bot plays this seat when it is a bot: "easy", "normal" or "hard"."""
    sequence: int = 0
    stock: Stockpile = attrs.field(factory=Stockpile)
    food_eaten_milli: int = 0
    """Food already eaten from the next whole unit, in thousandths (AMB-60)."""
    popularity: int = 100
    allies: list[int] = attrs.field(factory=list)
    bans: list[int] = attrs.field(factory=list)
    vigilance: int = 0
    slogan: str = ""
    phone: str = ""
    phone_on: bool = False
    agents: int = 0
    extra_pre_lines: int = 0
    extra_post_lines: int = 0
    next_pre_lines: int = 0
    """Pre-turn lines bought with ORDER this turn; they become extra_pre_lines next turn."""
    next_post_lines: int = 0
    """Post-turn lines bought with ORDER this turn (AMB-49: for the next turn only)."""
    pin_hash: str = ""
    """Salted scrypt hash of the hot-seat PIN, or "" (kept opaque by the engine)."""
    pin_failures: int = 0
    """Wrong PINs in a row at this seat (the app and the CLI; the engine never reads it)."""
    pin_retry_at: int = 0
    """Epoch second before which no PIN is heard at this seat, 0: none (never read by the
    engine, never changed by a turn)."""
    resigned: bool = False
    _known_hexes: dict[str, int] | Source[dict[str, int]] = attrs.field(
        factory=dict, alias="known_hexes", eq=kept_value)
    """Hex id → game turn the Clan last saw it (its knowledge of the map), or where to read it
    when first asked for (`known_hexes`): a load makes only the next Clan's knowledge
    (`KNOWLEDGE`), another Clan's when a turn or a seat first needs it."""
    _city_memory: dict[str, CityMemory] | Source[dict[str, CityMemory]] = attrs.field(
        factory=dict, alias="city_memory", eq=kept_value)
    _sightings: list[Sighting] | Source[list[Sighting]] = attrs.field(
        factory=list, alias="sightings", eq=kept_value)
    met_clans: list[int] = attrs.field(factory=list)
    _inbox: list[Event] | Source[list[Event]] = attrs.field(factory=list, alias="inbox",
                                                            eq=kept_value)
    """Things that happened to this Clan between its turns (CC-SEQ-16), or where to read them
    when first asked for (`inbox`): a load builds only the next Clan's."""
    _mail: list[Event] | Source[list[Event]] = attrs.field(factory=list, alias="mail",
                                                           eq=kept_value)
    """The messages it received and sent and its first meetings, of every turn it played
    (`core.events.MAIL`), oldest first: its inbox and last turn keep only the newest. Or
    where to read them when first asked for (`mail`): a load does not build and check a
    Clan's mail until it is shown or its turn played."""
    last_turn: LastTurn = attrs.field(factory=LastTurn)
    draft_sheet: str = ""
    """The order sheet being written for the next turn, kept with the save."""
    turns_played: int = 0
    victory_watch_since: int = 0
    """Game turn at whose end the Clan reached the victory threshold and has held it since (0:
    below it, CC-POP-07)."""
    structure_uses: dict[str, int] = attrs.field(factory=dict)
    """Once-per-turn hex uses ("DEF 0415", "FIS 0512", "POL 0512 #3") → game turn (CC-HEX)."""
    _spy_reports: list[SpyReport] | Source[list[SpyReport]] = attrs.field(
        factory=list, alias="spy_reports", eq=kept_value)
    """Its planted spies' reports from its last turn's end, city by city (CC-RPT-12), or where
    to read them when first asked for (`spy_reports`)."""
    _past_reports: list[PastReport] | Source[list[PastReport]] = attrs.field(
        factory=list, alias="past_reports", eq=kept_value)
    """Every report the Clan read after its turns, oldest first (history, issue 16:
    `past_reports`), or where to read them when first asked for (the history reads them)."""

    inbox = ReadOnFirstUse[list[Event]]()
    """What happened to it between its turns (read from its source on first use)."""
    mail = ReadOnFirstUse[list[Event]]()
    """Its mail, oldest first (read from its source on first use)."""
    past_reports = ReadOnFirstUse[list[PastReport]]()
    """Every report the Clan read after its turns (read from their source on first use)."""
    known_hexes = ReadOnFirstUse[dict[str, int]]()
    """Hex id → game turn the Clan last saw it (read from its source on first use)."""
    city_memory = ReadOnFirstUse[dict[str, CityMemory]]()
    """What it last learned of each city it does not own, by hex (read on first use)."""
    sightings = ReadOnFirstUse[list[Sighting]]()
    """The enemy convoys it saw (read from their source on first use)."""
    spy_reports = ReadOnFirstUse[list[SpyReport]]()
    """Its planted spies' reports (read from their source on first use)."""

    def kept_knowledge(self, name: str) -> Any:
        """One of its `KNOWLEDGE` fields, or its source when it was never asked for (a save
        writes an unread source back as it read it)."""
        return getattr(self, f"_{name}")

    def read_for_play(self) -> None:
        """Read what a load may have kept unread and a turn or a seat reads: the last turn's
        events, the inbox, the mail and the knowledge (a damaged one raises the loader's error,
        naming the file and the field); past reports wait for the history."""
        self.last_turn.events, self.inbox, self.mail  # noqa: B018 - each read on first use
        for name in KNOWLEDGE:
            getattr(self, name)

    def kept_inbox(self) -> list[Event] | Source[list[Event]]:
        """The inbox, or its source when it was never asked for (a save writes an unread
        source back as it read it)."""
        return self._inbox

    def kept_past_reports(self) -> list[PastReport] | Source[list[PastReport]]:
        """The past reports, or their source when they were never asked for."""
        return self._past_reports

    def kept_mail(self) -> list[Event] | Source[list[Event]]:
        """The mail, or its source when it was never asked for (a save writes an unread
        source back as it read it)."""
        return self._mail


class OwnerChanges:
    """How many times any hex has been given to a Clan since the program started
    (`HexState.set_owner`), and the hexes given lately: `Game.owned_hexes` keeps each Clan's
    hexes and brings them up to date with the hexes given since the count it saw (or builds
    them afresh when the log no longer reaches back that far)."""

    count = 0
    base = 0
    """The count before the log's first hex."""
    log: ClassVar[list["HexState"]] = []
    KEEP = 4096
    """The log is emptied when it holds this many hexes (the games that read it rebuild)."""

    @classmethod
    def note(cls, hex_state: "HexState") -> None:
        """A hex was given to a Clan (or to nobody)."""
        if len(cls.log) >= cls.KEEP:
            cls.log.clear()
            cls.base = cls.count
        cls.log.append(hex_state)
        cls.count += 1

    @classmethod
    def since(cls, seen: int) -> "list[HexState] | None":
        """The hexes given after the count `seen`, oldest first (a hex may come more than
        once), or None when the log was emptied since."""
        if seen < cls.base:
            return None
        return cls.log[seen - cls.base:]


@attrs.define
class HexState:
    """One hex's changing facts and its per-game rolls (CC-HEX)."""

    owner: int = 0
    """Changed in play only by `set_owner` (a hook on the field would make every field of every
    hex a slow attribute set, in play and in each load)."""
    defense: int = 1
    garrison: int = 0
    looted: bool = False
    special: str = ""
    """Special structure code (CC-HEX-14), "" for none."""
    custom: str = ""
    """Custom structure code (CC-HEX-31), "" for none."""
    custom_built_turn: int = 0
    money: int = 0
    food: int = 0
    fuel: int = 0
    parts: int = 0
    vaccine: int = 0
    road_parts_bonus: int = 0
    """Rolled +4–6 parts a road gives this hex, whether or not it has one yet (AMB-23)."""
    conquered_turn: int = 0
    """Game turn the current owner took it (0: at setup)."""

    def set_owner(self, clan: int) -> None:
        """Give the hex to `clan` (0: nobody), so that `Game.owned_hexes` knows."""
        self.owner = clan
        OwnerChanges.note(self)


@attrs.define
class CityState:
    """One city's changing facts; name, goods and guild stay in the map (CC-CITY)."""

    hex: str
    owner: int = 0
    population: int = 0
    fortification: int = 1
    base_value: int = 0
    troops: int = 0
    claymores: int = 0
    buildings: list[str] = attrs.field(factory=list)
    plague: bool = False
    hostile_to: list[int] = attrs.field(factory=list)
    conquered_turn: int = 0
    spies: list[int] = attrs.field(factory=list)
    """Clans with a spy PLANTed here; the owner's own spy is a counterspy (CC-CO-PLANT)."""
    spy_attempts: dict[str, int] = attrs.field(factory=dict)
    """Clan number → sabotage attempts its spy here made (detection rises, CC-CL-SABOTAGE-02)."""
    income_sabotaged: bool = False
    """No money at the owner's next Income Phase (SABOTAGE, AMB-33)."""
    spotting_falsified: bool = False
    """The owner's next spotting report from this city is falsified (SABOTAGE, AMB-33)."""
    fortified_turn: int = 0
    """Game turn of the last FORTIFY raise (one level per turn, CC-CITY-34)."""
    built_turns: dict[str, int] = attrs.field(factory=dict)
    """Building code → game turn it was erected (CC-CITY-52/66); absent for older buildings."""
    junkyard_car: bool = False
    """A Junkyard car waits for the owner's first land convoy this turn (CC-CITY-50, AMB-54)."""
    # --- plague: immunity after a cure ---
    plague_immune_until: int = 0
    """Last game turn at whose end a cured city cannot break out again (AMB-35); 0: none."""


@attrs.define
class Convoy:
    """One convoy: vehicles, troops, weapons, cargo, experts and settings (CC-CNV)."""

    owner: int
    number: int
    name: str
    convoy_type: str
    hex: str
    """Where it stands. Once in a game, moved only by `Game.move_convoy`, which keeps the
    game's hex → convoys index true (no hook on setting it: a hook on any field makes attrs
    set every field through `object.__setattr__`, four times the cost of making a convoy)."""
    vehicles: dict[str, int] = attrs.field(factory=dict)
    """Vehicle key → count."""
    troops: int = 0
    rifles: int = 0
    grenades: int = 0
    rockets: int = 0
    bombs: int = 0
    cargo_type: str = ""
    cargo: int = 0
    experts: list[str] = attrs.field(factory=list)
    morale: int = 30
    training: int = 30
    health: int = 100
    mode: str = "capture"
    hidden: bool = False
    kill_mode: str = "N"
    aid: bool = False
    guarding: bool = False
    patrolling: bool = False
    infected: bool = False
    created_turn: int = 0
    zero_morale_turns: int = 0
    moves_made: int = 0
    """Hex moves made in the current player turn (AMB-48)."""
    parts_owed: float = 0.0
    """Parts accumulated by moves this turn, paid at maintenance (CC-CNV-38)."""
    parts_factor: float = 1.0
    """Per-turn random parts factor 0.8–1.2 rolled in the Income Phase (AMB-28)."""
    start_hex: str = ""
    """Where the convoy stood when its turn's pulses began (Airport range bonus, CC-CNV-12)."""
    last_done: dict[str, int] = attrs.field(factory=dict)
    """Game turn a once-per-turn order last ran, by keyword: CELEBRATE, PRACTICE, SCAN."""

    def carried(self, item: Item) -> int:
        """How many troops or of one weapon the convoy carries (`items.CARRIED`)."""
        amount: int = getattr(self, _CARRIED_FIELDS[item])
        return amount

    def set_carried(self, item: Item, amount: int) -> None:
        """Set how many troops or of one weapon the convoy carries."""
        setattr(self, _CARRIED_FIELDS[item], amount)

    @property
    def vehicle_count(self) -> int:
        """Total number of vehicles."""
        return sum(self.vehicles.values())


_CARRIED_FIELDS: dict[Item, str] = {item: attrs.fields_dict(Convoy)[item.value].name
                                    for item in CARRIED}
"""Each carried item's field of Convoy (a field missing fails at import)."""


@attrs.define
class TopFigures:
    """One Clan's figures for the extra Top Clans lists at a game-turn end (CC-RPT-09, AMB-58)."""

    clan: int
    cities: int = 0
    hexes: int = 0
    income: int = 0
    """Money the Clan's Income Phase brought in that game turn."""
    power: int = 0
    """Σ the maximum combat value (most damage) of every vehicle the Clan owns."""


@attrs.define
class TurnFigures:
    """One Clan's figures at one game-turn end, for the history's plots (issue 16)."""

    game_turn: int
    clan: int
    popularity: int = 0
    income: int = 0
    """Money the Clan's Income Phase brought in that game turn."""
    hexes: int = 0
    cities: int = 0
    troops: int = 0
    """Troops in its convoys, its cities' garrisons and its stockpile."""
    money: int = 0


class Arrival(enum.StrEnum):
    """How a Clan's turn went in a game played by mail (saves keep the same words)."""

    ON_TIME = "on time"
    """Its sheet was in when the turn ran, in the Clans' order."""
    LATE = "late"
    """Its sheet came after the deadline; the turn ran after all the others (CC-GEN-03)."""
    WAITING = "waiting"
    """No sheet at the deadline: its turn moved after all the others of the game turn."""
    DROPPED = "dropped"
    """Still no sheet at the next deadline: more than a turn behind, the Clan was dropped."""


@attrs.define
class MailSheet:
    """A mailed order sheet kept until its turn runs: the Clan, its game turn, the text."""

    clan: int
    game_turn: int
    text: str = ""


@attrs.define
class MailRun:
    """One Clan's turn in a game played by mail: the sheet that ran (its digest), or why none."""

    game_turn: int
    clan: int
    arrival: Arrival = Arrival.ON_TIME
    digest: str = ""
    """The first 16 hexadecimal digits of the sheet's SHA-256 ("" when none ran)."""


@attrs.define
class MailBox:
    """The game's post box: its id and secret (which sign the sheet forms), the sheets that
    came and wait for their turn, and the record of every turn a sheet ran (or none came)."""

    game_id: str = ""
    secret: str = ""
    """Hexadecimal; "" until the first packet is made (the game is then played by mail)."""
    sheets: list[MailSheet] = attrs.field(factory=list)
    runs: list[MailRun] = attrs.field(factory=list)
    late: list[int] = attrs.field(factory=list)
    """Clans whose turn waits since a deadline (dropped at the next one if it still waits)."""


SAVED_WHEN_SET = "saved_when_set"
"""A record field's metadata key: the save names the field only when it differs from its
default, so that a game without it writes the same bytes as before the field existed."""


@attrs.define
class TreatyOffer:
    """A treaty one Clan offered another (house rule `treaties`): it waits for the other Clan's
    next turn, whose ACCEPT or REJECT answers it; unanswered then, it lapses."""

    kind: str
    """"nat" (non-aggression) or "alliance"."""
    offered_by: int
    to: int
    turns: int
    """The term asked for, in game turns."""
    game_turn: int
    """The game turn it was offered in."""


@attrs.define
class Treaty:
    """A treaty in force between two Clans (house rule `treaties`, `world/treaties.py`)."""

    kind: str
    """"nat" (non-aggression) or "alliance"."""
    offered_by: int
    accepted_by: int
    last_turn: int
    """The last game turn it holds, war aside."""
    war_from: int = 0
    """The game turn from which a declared war ends it (the one after the declaration); 0:
    none declared."""
    declared_by: int = 0
    """The Clan that declared war (0: none)."""
    allied: list[int] = attrs.field(factory=list)
    """The Clans whose ally list the alliance put the other on (taken off again at its end)."""

    def parties(self) -> tuple[int, int]:
        """The two Clans."""
        return self.offered_by, self.accepted_by

    def partner(self, clan: int) -> int:
        """The other Clan of the treaty."""
        return self.accepted_by if clan == self.offered_by else self.offered_by


@attrs.define
class GameState:
    """The whole changing state of one game; the map and ruleset are loaded beside it."""

    map_name: str
    seed: str
    game_turn: int = 1
    clan_order: list[int] = attrs.field(factory=list)
    """Clan numbers in playing order (sequence numbers ascending, CC-GEN-03)."""
    turn_index: int = 0
    """Index into clan_order of the Clan whose turn it is."""
    prices: dict[str, int] = attrs.field(factory=dict)
    goods_prices: dict[str, int] = attrs.field(factory=dict)
    victory_threshold: int = 0
    clans: list[Clan] = attrs.field(factory=list)
    _hexes: list[HexState] | Source[list[HexState]] = attrs.field(factory=list, alias="hexes",
                                                               eq=kept_value)
    """One per map hex, in GameMap.hex_ids() order (`hexes`), or where to read them when first
    asked for: a load does not build a game's thousands of hexes until they are used."""
    cities: list[CityState] = attrs.field(factory=list)
    """One per map city, in GameMap.cities order."""
    convoys: list[Convoy] = attrs.field(factory=list)
    broadcasts: list[Broadcast] = attrs.field(factory=list)
    """Radio broadcasts some Clan has not yet had a turn-end radio report about (CC-CITY-65)."""
    paved: list[str] = attrs.field(factory=list)
    """Road links built during play, as "AAAA-BBBB" with AAAA < BBBB (CC-MOVE-22)."""
    turn_limit: int = 0
    """Last game turn; the highest popularity wins after it (AMB-57, hot-seat). 0: no limit."""
    finished: bool = False
    winners: list[int] = attrs.field(factory=list)
    top_clans: list[list[int]] = attrs.field(factory=list)
    """Per finished game turn: clan numbers by popularity (CC-RPT-09)."""
    top_figures: list[TopFigures] = attrs.field(factory=list)
    """Every Clan's figures at the last game-turn end, in popularity order; empty before the
    game turn the extra Top Clans lists start (CC-RPT-09, AMB-58)."""
    _turn_figures: list[TurnFigures] | Source[list[TurnFigures]] = attrs.field(
        factory=list, alias="turn_figures", eq=kept_value)
    """Every Clan's figures at every game-turn end, game turn by game turn (issue 16:
    `turn_figures`), or where to read them when first asked for (the history reads them)."""
    mail: MailBox = attrs.field(factory=MailBox)
    """The game played by mail: its secret, the sheets waiting, which sheets ran."""
    referee_pin_hash: str = attrs.field(default="", metadata={SAVED_WHEN_SET: True})
    """Salted scrypt hash of the game's referee PIN, or "" (no referee; the engine never reads
    it, like a seat's `Clan.pin_hash`)."""
    referee_pin_failures: int = attrs.field(default=0, metadata={SAVED_WHEN_SET: True})
    """Wrong referee PINs in a row (never read by the engine)."""
    referee_pin_retry_at: int = attrs.field(default=0, metadata={SAVED_WHEN_SET: True})
    """Epoch second before which no referee PIN is heard, 0: none (never read by the engine)."""
    referee_dice: list[DiceRoll] = attrs.field(factory=list, metadata={SAVED_WHEN_SET: True})
    """Every draw of the last game turn, kept for the referee (`Game.dice_log`; none without a
    referee; never read by the engine's rules)."""
    house_rules: list[HouseRuleName] = attrs.field(factory=list,
                                                   metadata={SAVED_WHEN_SET: True})
    """The house rules in play, in their declared order (`Game.house`); none: the rulebook's
    game, whose save does not name the field at all."""
    treaty_offers: list[TreatyOffer] = attrs.field(factory=list,
                                                   metadata={SAVED_WHEN_SET: True})
    """Treaties offered and not yet answered (house rule `treaties`)."""
    treaties: list[Treaty] = attrs.field(factory=list, metadata={SAVED_WHEN_SET: True})
    """Treaties in force (house rule `treaties`), in the order they were made."""

    hexes = ReadOnFirstUse[list[HexState]]()
    """One per map hex, in GameMap.hex_ids() order (read from their source on first use)."""
    turn_figures = ReadOnFirstUse[list[TurnFigures]]()
    """Every Clan's figures at every game-turn end (read from their source on first use)."""

    def kept_table(self, name: str) -> list[Any] | Source[list[Any]]:
        """The hexes (`"hexes"`) or the figures of past game turns (`"turn_figures"`), or their
        source when they were never asked for (a save writes an unread source back as read)."""
        return self._hexes if name == "hexes" else self._turn_figures

    @property
    def active_clan(self) -> int:
        """Number of the Clan whose turn it is."""
        return self.clan_order[self.turn_index]
