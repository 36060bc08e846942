"""The referee's desk: every Clan, each Clan's last turn's dice and battles, behind the game's PIN.

A game made with a referee PIN (`conquest new --referee-pin`, the New Game form) opens to its
referee through `Session.open_referee` only — never from a seat. The desk is a snapshot in plain
records: what every Clan holds, the chance outcomes of each Clan's last player turn as every
Clan read them, and the battles fought in them, to replay round by round.
"""

from __future__ import annotations

import contextlib
from functools import cache
from typing import TYPE_CHECKING

import attrs

from conquest_tui.session.errors import PinRefused, SessionError
from conquest_tui.session.referee_dice import DrawGroup, draw_groups

if TYPE_CHECKING:
    from conquest_tui.engine.core.game import Game
    from conquest_tui.engine.core.state import Clan, Event
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session.table import Session

NO_REFEREE = ("This game has no referee: a referee PIN is set when the game is made "
              "(conquest new … --referee-pin PIN, or the New Game form).")
"""What the referee's command and screen say of a game made without a referee PIN."""


class NoReferee(SessionError):
    """The game was made without a referee PIN: nothing of it opens to a referee."""


@attrs.frozen
class ClanLedger:
    """One Clan as the referee sees it: all it holds, nothing hidden."""

    number: int
    name: str
    seat: str
    """Who plays it, in words: "human", "human, PIN", "bot, hard", "resigned"."""
    popularity: int
    money: int
    stocks: tuple[tuple[str, int], ...]
    """(name, amount) of every stockpile but money, in the report's order."""
    hexes: int
    cities: tuple[str, ...]
    """"Eastreach (1609), 12,000 people, 40 troops"."""
    convoys: tuple[str, ...]
    """"#1 Road Train at 1609: 3 vehicles, 25 troops, morale 30"."""

    @property
    def label(self) -> str:
        """"Clan N (name)"."""
        return f"Clan {self.number} ({self.name})"

    def lines(self) -> list[str]:
        """The Clan in lines of words: seat and popularity, stocks, then its land, cities and
        convoys (each line under 80 characters but a long city or convoy line)."""
        stocks = [f"{name} {amount:,}" for name, amount in self.stocks]
        lines = [f"{self.label}, {self.seat}: popularity {self.popularity:,}",
                 "   ".join([f"  Money ${self.money:,}", *stocks[:4]]),
                 "   ".join(["  " + stocks[4], *stocks[5:]]),
                 f"  {_n(self.hexes, 'hex', 'hexes')}, {_n(len(self.cities), 'city', 'cities')}, "
                 f"{_n(len(self.convoys), 'convoy')}"]
        lines += [f"  City {city}" for city in self.cities]
        lines += [f"  Convoy {convoy}" for convoy in self.convoys]
        return lines


@attrs.frozen
class Roll:
    """A chance outcome of a Clan's last player turn, in the words its Clan read."""

    clan: int
    """The Clan that read it."""
    game_turn: int
    sentence: str


@attrs.frozen
class Battle:
    """A battle of a Clan's last player turn, as its attacker read it, or the attacked Clan when
    the attacker has played since (to replay round by round with the battle screen)."""

    clan: int
    """The Clan whose account it is ("your convoy" in its rounds)."""
    game_turn: int
    title: str
    event: Event


@attrs.frozen
class RefereeDesk:
    """Everything in the game now, and each Clan's last turn's dice and battles."""

    map_title: str
    seed: str
    game_turn: int
    playing: str
    """"Clan 856 (Iron Wolves) is playing game turn 3." or how the game ended."""
    clans: tuple[ClanLedger, ...]
    rolls: tuple[Roll, ...]
    battles: tuple[Battle, ...]
    draws: tuple[DrawGroup, ...] = ()
    """Every draw of the last game turn, one group a Clan's turn and one for its end."""


# --- the door ------------------------------------------------------------------------------


def has_referee(game: Game) -> bool:
    """Whether the game was made with a referee PIN."""
    return bool(game.state.referee_pin_hash)


def watch_dice(game: Game) -> None:
    """Have the engine write every draw of the game into its save for the referee, if the game
    has one (`GameState.referee_dice`: each game turn's draws replace the one before's)."""
    from conquest_tui.engine.core.rng import DiceLog

    game.dice_log = DiceLog(game.state.referee_dice) if has_referee(game) else None


def referee_wait(table: Session) -> int:
    """Seconds before a referee PIN is heard (0: now)."""
    from conquest_tui.pins.backoff import bounded_retry, seconds_left

    state = table._game.state
    now = table.clock()
    state.referee_pin_retry_at = bounded_retry(state.referee_pin_retry_at, now)
    return seconds_left(state.referee_pin_retry_at, now)


def try_referee_pin(table: Session, pin: str) -> PinAnswer:
    """Hear a referee PIN, with the seats' back-off (`Session.try_pin`): under the save's lock,
    on the save as it is on disk; a wrong PIN is counted and saved at once."""
    from conquest_tui.pins.backoff import PinAnswer, Verdict, retry_at, seconds_left
    from conquest_tui.pins.hashing import verify_pin

    if not has_referee(table._game):
        raise NoReferee(NO_REFEREE)
    with table._locked(reload=True):
        state = table._game.state
        wait = referee_wait(table)
        if wait:
            return PinAnswer(Verdict.WAIT, wait)
        if verify_pin(pin, state.referee_pin_hash):
            if state.referee_pin_failures or state.referee_pin_retry_at:
                state.referee_pin_failures = state.referee_pin_retry_at = 0
                with contextlib.suppress(SessionError):  # a read-only save still opens
                    table._write_now("the referee's PIN", backups=0)
            return PinAnswer(Verdict.ACCEPTED)
        state.referee_pin_failures += 1
        now = table.clock()  # the wait told is the one counted, however long the write
        state.referee_pin_retry_at = retry_at(state.referee_pin_failures, now)
        table._write_now("a wrong referee PIN", backups=0)
        return PinAnswer(Verdict.WRONG, seconds_left(state.referee_pin_retry_at, now))


@attrs.define(eq=False)
class RefereeDoor:
    """The game's referee desk behind its PIN, for a prompt that asks the PIN (the app's):
    `attempt` hears a PIN, and the desk is there once one was right."""

    _table: Session = attrs.field(alias="table", repr=False)
    desk: RefereeDesk | None = attrs.field(default=None, init=False)
    """The desk, once a right PIN was heard (None before)."""

    @property
    def label(self) -> str:
        """Who the PIN is asked of, in words."""
        return "The referee"

    def wait(self) -> int:
        """Seconds before a PIN is heard (0: now)."""
        return referee_wait(self._table)

    def attempt(self, pin: str) -> PinAnswer:
        """Hear a referee PIN (`try_referee_pin`); a right one opens the desk."""
        answer = try_referee_pin(self._table, pin)
        if answer.accepted:
            self._table.readable()
            self.desk = build_desk(self._table._game)
        return answer


def open_desk(table: Session, pin: str) -> RefereeDesk:
    """The referee's desk, only with the game's referee PIN (NoReferee without one in the save;
    PinRefused, with the back-off's answer, for a wrong PIN or one heard during a wait)."""
    from conquest_tui.pins.backoff import Verdict, try_again

    door = RefereeDoor(table)
    answer = door.attempt(pin)
    if door.desk is None:
        later = f" {try_again(answer.wait)}" if answer.wait else ""
        first = ("Too many wrong referee PINs." if answer.verdict is Verdict.WAIT
                 else "Wrong referee PIN.")
        raise PinRefused(first + later, answer)
    return door.desk


# --- the desk ------------------------------------------------------------------------------


def build_desk(game: Game) -> RefereeDesk:
    """The desk of a game as it stands (only `open_desk` shows it to anyone)."""
    state = game.state
    clans = tuple(_ledger(game, game.clan(number)) for number in state.clan_order)
    rolls: list[Roll] = []
    battles: dict[tuple[object, ...], Battle] = {}
    played = {(number, game.clan(number).last_turn.game_turn) for number in state.clan_order}
    for number in state.clan_order:
        clan = game.clan(number)
        for event in (*clan.last_turn.events, *clan.inbox):
            if not _echo(event, played):
                _file(event, rolls, battles)
    rolls.sort(key=_roll_turn)  # stable: each Clan's in the order it read them
    return RefereeDesk(game.map.title, state.seed, state.game_turn, _playing(game), clans,
                       tuple(rolls), tuple(sorted(battles.values(), key=_turn_of)),
                       draw_groups(game))


def _turn_of(battle: Battle) -> int:
    return battle.game_turn


def _roll_turn(roll: Roll) -> int:
    return roll.game_turn


def _echo(event: Event, played: set[tuple[int, int]]) -> bool:
    """Whether the event is what the attacked Clan was told of an attack whose attacker's own
    account is on the desk too (the Clan's turn of that game turn is its last one)."""
    if event.actor in (0, event.clan) or (event.actor, event.game_turn) not in played:
        return False
    if event.kind in _told_kinds():
        return True
    return event.kind.value == "convoy_battle" and event.facts.get("role") == "defender"


def _playing(game: Game) -> str:
    from conquest_tui.engine.economy.victory import end_sentence

    state = game.state
    if state.finished:
        return end_sentence(game) or "The game is over."
    clan = game.clan(state.active_clan)
    return f"Clan {clan.number} ({clan.name}) is playing game turn {state.game_turn}."


def _seat_words(clan: Clan) -> str:
    if clan.resigned:
        return "resigned"
    if clan.seat == "bot":
        return f"bot, {clan.bot_level}"
    return "human, PIN" if clan.pin_hash else "human"


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count:,} {one if count == 1 else many or one + 's'}"


def _ledger(game: Game, clan: Clan) -> ClanLedger:
    from conquest_tui.engine.core.items import Item

    stocks = tuple((item.value.title(), clan.stock.get(item)) for item in Item
                   if item is not Item.MONEY)
    cities = []
    for city in game.state.cities:
        if city.owner == clan.number:
            site = game.city_site(city.hex)
            name = site.name if site is not None else "A city"
            cities.append(f"{name} ({city.hex}), {_n(city.population, 'person', 'people')}, "
                          f"{_n(city.troops, 'troop')}")
    convoys = []
    for convoy in game.convoys_of(clan.number):
        vehicles = sum(convoy.vehicles.values())
        convoys.append(f"#{convoy.number} {convoy.name} at {convoy.hex}: "
                       f"{_n(vehicles, 'vehicle')}, {_n(convoy.troops, 'troop')}, "
                       f"morale {convoy.morale}, training {convoy.training}"
                       + (", hidden" if convoy.hidden else ""))
    return ClanLedger(clan.number, clan.name, _seat_words(clan), clan.popularity,
                      clan.stock.money, stocks, len(game.owned_hexes(clan.number)),
                      tuple(cities), tuple(convoys))


def _file(event: Event, rolls: list[Roll], battles: dict[tuple[object, ...], Battle]) -> None:
    """Put a chance outcome among the rolls, and a battle fought round by round among the
    battles (`build_desk` leaves out what the attacked side was told when the attacker's own
    account is there, so each battle comes once)."""
    from conquest_tui.engine.face import battle_title, event_text, has_rounds
    from conquest_tui.engine.face import hide_rule_ids as plain

    if event.kind in _chances():
        roll = event.facts.get("roll")
        rolled = f" The dice rolled {roll} (of 1 to 100)." if isinstance(roll, int) and roll else ""
        rolls.append(Roll(event.clan, event.game_turn, plain(event_text(event)) + rolled))
    if not has_rounds(event):
        return
    key = (event.game_turn, event.clan, event.kind, event.convoy, *sorted(event.facts.items()))
    title = battle_title(event)
    title = f"Clan {event.clan}'s c{title[1:]}" if title.startswith("Convoy") else title
    battles.setdefault(key, Battle(event.clan, event.game_turn, title, event))


@cache
def _told_kinds() -> frozenset[object]:
    """What the attacked Clan is told of another Clan's attack (the attacker reads its own)."""
    from conquest_tui.engine.face import EventKind as K

    return frozenset({K.HEX_LOST, K.HEX_DEFENDED, K.CITY_LOST, K.CITY_HELD, K.BOMBED,
                      K.SABOTAGED})


@cache
def _chances() -> frozenset[object]:
    """The kinds of event that come of the dice: battles, loot, gambling, random events,
    espionage, sabotage and spies, the Plague, desertion, offers, population."""
    from conquest_tui.engine.face import EventKind as K

    return frozenset({
        K.CONVOY_BATTLE, K.CITY_CAPTURED, K.CITY_ATTACK_FAILED, K.CITY_LOST, K.CITY_HELD,
        K.HEX_CAPTURED, K.HEX_ATTACK_FAILED, K.HEX_DEFENDED, K.HEX_LOST, K.BOMB, K.RAZE,
        K.LOOT, K.LOOT_EMPTY, K.BANK_LOOTED, K.GAMBLE, K.RANDOM_EVENT, K.OFFER,
        K.PLAGUE, K.PLAGUE_DETECTED, K.POPULATION_FELL, K.POPULATION_GREW, K.CURE,
        K.DESERTION, K.VEHICLE_DESERTED, K.CHEMIST_FUEL, K.POLICE_STATION,
        K.SABOTAGE, K.SABOTAGED, K.SPY_CAUGHT, K.SPY_LOST, K.PLANT, K.BOMBED, K.INFECTED,
        K.SICKENED, K.AGENT_REPORT, K.ESPIONAGE_RESULT,
    })

