"""After structuring: every reference in a save resolves and every amount is within its range."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, repeat
from operator import attrgetter
from typing import Any, get_args, get_origin

import attrs
import orjson

from conquest_tui.engine.core.first_use import READ, held_type
from conquest_tui.engine.core.gamemap import GameMap
from conquest_tui.engine.core.state import (
    Broadcast,
    CityState,
    Clan,
    Convoy,
    GameState,
    HexState,
    TurnFigures,
)
from conquest_tui.engine.rules.ruleset import Ruleset
from conquest_tui.storage.field_rules import (
    REPORT_TURN,
    RULES,
    UNCHECKED,
    Domains,
    Each,
    Keyed,
    OneOf,
    Rule,
    Within,
    domains,
)
from conquest_tui.storage.hooks_tables import is_table
from conquest_tui.storage.past_reports import SavedReports
from conquest_tui.storage.saved_tables import KEPT, count_of, unread_columns, unread_texts


class SaveCheckError(ValueError):
    """One field of a structured save that does not fit the game: its path and the reason."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


# --- walking the records -----------------------------------------------------------------------


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def _key_path(path: str, key: str) -> str:
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _first(values: Sequence[Any], bad: Callable[[Any], bool]) -> int:
    return next(index for index, value in enumerate(values) if bad(value))


Where = Callable[[int, str], str]
"""The path of a field of the i-th record being checked (built only to name a bad one)."""


def _table(base: str) -> Where:
    return lambda i, field: f"{base}.{field}[{i}]"


def _listed(base: str) -> Where:
    return lambda i, field: f"{base}[{i}].{field}"


def _inside(where: Where, name: str, layout: str, parents: list[Any]) -> Where:
    """Where the records found in field `name` of each parent record are, once flattened."""
    if layout == "one":
        return lambda k, field: f"{where(k, name)}.{field}"

    def locate(k: int, field: str) -> str:
        for i, found in enumerate(parents):
            if k < len(found):
                if layout == "dict":
                    return f"{_key_path(where(i, name), list(found)[k])}.{field}"
                if layout == "table":
                    return f"{where(i, name)}.{field}[{k}]"
                return f"{where(i, name)}[{k}].{field}"
            k -= len(found)
        raise IndexError(k)

    return locate


def _within(rule: Within, found: Iterable[Any], limits: int | None,
            text: bytes | None = None) -> Callable[[Any], bool] | None:
    """The test a bad number fails, or None when every number found is in range (`text`: their
    JSON text, when the load has made it)."""
    numbers = found if isinstance(found, list) else list(found)
    if not numbers:
        return None
    high = limits if limits is not None else rule.high
    if (high is None or text is not None) and _surely_at_least(numbers, rule.low, text) and (
            high is None or max(numbers) <= high):  # the low bound read from the text
        return None
    if min(numbers) >= rule.low and (high is None or max(numbers) <= high):
        return None
    return lambda n: n < rule.low or (high is not None and n > high)


_DIGITS = b"0123456789,"


def _surely_at_least(numbers: list[Any], low: float, text: bytes | None = None) -> bool:
    """Whether every number is a whole number of at least `low` (0 or 1), read from orjson's
    text of the list: digits and commas only (no sign, no point, no flag), and no lone 0 when
    `low` is 1; a hexes' column of thousands in a third of `min`'s time. `text`: the text the
    load made, of whole numbers only (`hooks.whole_numbers_text`): then no sign is enough.
    False when unsure: the caller then compares them one by one."""
    if low != 0 and low != 1:
        return False
    if text is not None:
        if b"-" in text:
            return False
    else:
        try:
            text = orjson.dumps(numbers)
        except orjson.JSONEncodeError:  # a number past 64 bits
            return False
        if text.translate(None, _DIGITS) != b"[]":
            return False
    return low == 0 or not (b"[0," in text or b",0," in text or text.endswith((b",0]", b"[0]")))


def _range_text(rule: Within, value: Any, limit: int | None) -> str:
    high = limit if limit is not None else rule.high
    if value < rule.low:
        return f"{_shown(value)} is below {rule.low:g}"
    return f"{_shown(value)} is above {high:g}"


def _check_field(values: list[Any], field: str, rule: Rule, where: Where,
                 names: Domains, text: bytes | None = None) -> None:
    ranged = rule.rule if isinstance(rule, Each) else rule
    limit = names.limits.get(ranged.ruled) if isinstance(ranged, Within) else None
    if isinstance(rule, Within):
        test = _within(rule, values, limit, text)
        if test is not None:
            i = _first(values, test)
            raise SaveCheckError(where(i, field),
                                 _range_text(rule, values[i], limit))
    elif isinstance(rule, OneOf):
        allowed = getattr(names, rule.domain)
        if not allowed.issuperset(values):
            i = _first(values, lambda v: v not in allowed)
            raise SaveCheckError(where(i, field),
                                 f"{_shown(values[i])} is not {rule.what}")
    elif isinstance(rule, Each):
        _check_items(values, rule.rule, field, where, names, limit)
    else:
        _check_keyed(values, rule, field, where, names)


def _check_items(values: list[list[Any]], rule: OneOf | Within, field: str, where: Where,
                 names: Domains, limit: int | None) -> None:
    items = list(chain.from_iterable(values))
    if isinstance(rule, OneOf):
        allowed = getattr(names, rule.domain)
        if allowed.issuperset(items):
            return
        bad: Callable[[Any], bool] = lambda v: v not in allowed  # noqa: E731
    else:
        test = _within(rule, items, limit)
        if test is None:
            return
        bad = test
    i = _first(values, lambda found: any(map(bad, found)))
    j = _first(values[i], bad)
    value = values[i][j]
    message = (f"{_shown(value)} is not {rule.what}" if isinstance(rule, OneOf)
               else _range_text(rule, value, limit))
    raise SaveCheckError(f"{where(i, field)}[{j}]", message)


def _check_keyed(values: list[dict[str, Any]], rule: Keyed, field: str, where: Where,
                 names: Domains) -> None:
    if rule.keys is not None:
        _check_keys(values, rule.keys, field, where, names)
    if rule.values is None:
        return
    test = _within(rule.values, chain.from_iterable(map(dict.values, values)), None)
    if test is not None:
        i = _first(values, lambda found: any(map(test, found.values())))
        key = next(k for k, v in values[i].items() if test(v))
        raise SaveCheckError(_key_path(where(i, field), key),
                             _range_text(rule.values, values[i][key], None))


def _check_keys(values: list[dict[str, Any]], rule: OneOf, field: str, where: Where,
                names: Domains) -> None:
    allowed = getattr(names, rule.domain)
    if not allowed.issuperset(chain.from_iterable(values)):
        i = _first(values, lambda found: not allowed.issuperset(found))
        key = next(k for k in values[i] if k not in allowed)
        raise SaveCheckError(_key_path(where(i, field), key),
                             f"is not {rule.what}")


_NOT_NEGATIVE = Within(0)
_AMOUNTS = Keyed(None, Within(0))
"""A dict of named amounts (income, once-a-turn uses …): none negative, any key."""


@attrs.frozen
class _Field:
    name: str
    """The field's name in a save (and in a refusal's path)."""
    attribute: str
    """The record's attribute holding it (`_city_memory` for a value a load may keep unread)."""
    rule: Rule | None
    inner: type | None = None
    """The record class inside (one record, a list or a dict of them), if any."""
    kind: str = ""
    """"one", "table", "list" or "dict" when `inner` is set."""
    kept: type | None = None
    """`list` or `dict` when the attribute may hold where to read the value instead (a load
    keeps it unread: `ReadOnFirstUse`); such a source is checked when first read."""


_plans: dict[type, tuple[_Field, ...]] = {}


def _value_type(declared: Any) -> tuple[Any, type | None]:
    """A field's type as its value holds it, and `list` or `dict` when the declared type is
    that or where to read it (`list[Sighting] | Source[list[Sighting]]`)."""
    held = held_type(declared)
    return (declared, None) if held is None else (held, get_origin(held))


def _plan(cls: type) -> tuple[_Field, ...]:
    """What to check in a record class: its rules, not-negative numbers, records inside."""
    plan = _plans.get(cls)
    if plan is not None:
        return plan
    rules = RULES.get(cls, {})
    fields: list[_Field] = []
    for spec in attrs.fields(attrs.resolve_types(cls)):
        held, kept = _value_type(spec.type)
        kind_of, args = get_origin(held), get_args(held)
        rule = rules.get(spec.alias)
        if rule is None and held in (int, float):
            rule = _NOT_NEGATIVE
        elif rule is None and kind_of is dict and args[1] in (int, float):
            rule = _AMOUNTS
        inner, kind = None, ""
        if attrs.has(held):
            inner, kind = held, "one"
        elif kind_of is list and attrs.has(args[0]) and args[0] not in UNCHECKED:
            inner, kind = args[0], "table" if is_table(held) else "list"
        elif kind_of is dict and attrs.has(args[1]):
            inner, kind = args[1], "dict"
        if rule is not None or inner is not None:
            fields.append(_Field(spec.alias, spec.name, rule, inner, kind, kept))
    plan = _plans[cls] = tuple(fields)
    return plan


_amounts: dict[type, tuple[frozenset[str], Callable[[Any], tuple[Any, ...]] | None]] = {}


def _amounts_of(cls: type) -> tuple[frozenset[str], Callable[[Any], tuple[Any, ...]] | None]:
    """The fields of a record class whose one check is that they are not below zero (numbers
    with no rule of their own), and a getter of them all (None unless there are two or more):
    checked all at once across the records and the fields."""
    found = _amounts.get(cls)
    if found is None:
        plain = [field for field in _plan(cls) if field.rule is _NOT_NEGATIVE
                 and field.inner is None and field.kept is None]
        getter = attrgetter(*(field.attribute for field in plain)) if len(plain) > 1 else None
        found = _amounts[cls] = (frozenset(field.name for field in plain), getter)
    return found


def _check_records(records: Sequence[Any], cls: type, where: Where, names: Domains,
                   columns: dict[str, list[Any]] | None = None,
                   skip: frozenset[str] = frozenset(),
                   texts: dict[str, bytes] | None = None) -> None:
    """Check records of one class, all at once: each rule runs over one field of them all.

    `columns`: the table as the file holds it, one list per field (the same values, read
    without going through 10⁴ records one attribute at a time); `texts`: the JSON text of
    some of those columns, as the load made it (saved_tables: whole numbers).
    """
    if not records:
        return
    plain, getter = _amounts_of(cls)
    if getter is not None and not plain & skip and (
            _columns_not_negative(columns, plain, len(records), texts) if columns
            else _within(_NOT_NEGATIVE, list(chain.from_iterable(map(getter, records))),
                         None) is None):
        skip = skip | plain  # none below zero (else each field is checked, naming the first)
    for field in _plan(cls):
        if field.name in skip:
            continue
        column = columns.get(field.name) if columns else None
        text = None
        if isinstance(column, list) and len(column) == len(records):
            found = column
            text = texts.get(field.name) if texts else None
        else:
            found = list(map(attrgetter(field.attribute), records))
        if field.kept is not None:  # a value kept unread is checked when first read
            if not any(map(isinstance, found, repeat(READ))):
                continue  # every one kept unread: nothing to check now
            empty = field.kept()
            found = [value if isinstance(value, READ) else empty for value in found]
        _check_found(field, found, where, names, text)


def _columns_not_negative(columns: dict[str, list[Any]], plain: frozenset[str], count: int,
                          texts: dict[str, bytes] | None) -> bool:
    """Whether every one of the `plain` columns of a table as read (the numbers its records
    hold) is there, `count` long, with no number below zero: read from their JSON text, the
    load's (`texts`) or made in one go (a sign anywhere, a number past 64 bits: unsure, False;
    each field is then checked on its own, naming the first bad one)."""
    found = [columns.get(name) for name in plain]
    if not all(column.__class__ is list and len(column) == count for column in found):
        return False
    if texts and plain <= texts.keys():
        return not any(b"-" in texts[name] for name in plain)
    try:
        return b"-" not in orjson.dumps(found)
    except orjson.JSONEncodeError:
        return False


def _check_found(field: _Field, found: list[Any], where: Where, names: Domains,
                 text: bytes | None = None) -> None:
    """Check one field of records, its values `found` (one a record; `text`: their JSON text,
    when the load has made it)."""
    if field.rule is not None:
        _check_field(found, field.name, field.rule, where, names, text)
    if field.inner is None:
        return
    inside = _inside(where, field.name, field.kind, found)
    if field.kind == "one":
        _check_records(found, field.inner, inside, names)
    elif field.kind == "dict":
        _check_records(list(chain.from_iterable(map(dict.values, found))), field.inner,
                       inside, names)
    else:
        _check_records(list(chain.from_iterable(found)), field.inner, inside, names)


KeptCheck = Callable[[str, str, Any], None]
"""`check(base, name, value)`: SaveCheckError naming the first bad part of the value of field
`name` of the record at path `base` (`state.clans[2]`), read when first used."""


def clan_checks(names: Domains) -> KeptCheck:
    """The checks a load makes of a Clan's field, for a value it kept unread
    (storage/saved_knowledge): against the names the save may refer to when it was loaded."""
    plan = {field.name: field for field in _plan(Clan)}

    def check(base: str, name: str, value: Any) -> None:
        _check_found(plan[name], [value], lambda _, field: f"{base}.{field}", names)

    return check


# --- whole-game checks -------------------------------------------------------------------------


def _check_past_reports(clans: list[Clan]) -> None:
    """Every past report's game turn is at least 1 (`REPORT_TURN`), read from the
    columns as read while the reports were never made (storage/past_reports; reports made
    are checked with the Clan's other fields)."""
    rule = REPORT_TURN
    kept = [clan.kept_past_reports() for clan in clans]
    columns = [reports.game_turns() if isinstance(reports, SavedReports) else None
               for reports in kept]
    if _within(rule, list(chain.from_iterable(filter(None, columns))), None) is None:
        return  # every Clan's at once; else the first bad one is named Clan by Clan
    for c, turns in enumerate(columns):
        if turns is None:
            continue
        test = _within(rule, turns, None)
        if test is not None:
            k = _first(turns, test)
            raise SaveCheckError(f"state.clans[{c}].past_reports[{k}].game_turn",
                                 _range_text(rule, turns[k], None))


def _check_clans(state: GameState) -> None:
    seen: set[int] = set()
    for index, clan in enumerate(state.clans):
        if clan.number in seen:
            raise SaveCheckError(f"state.clans[{index}].number",
                                 f"Clan {clan.number} is listed twice")
        seen.add(clan.number)
    if not state.clans:
        raise SaveCheckError("state.clans", "the game has no Clans")
    order = state.clan_order
    for index, number in enumerate(order):
        if number not in seen:
            raise SaveCheckError(f"state.clan_order[{index}]", f"{number} is not a Clan")
        if number in order[:index]:
            raise SaveCheckError(f"state.clan_order[{index}]", f"Clan {number} is listed twice")
    missing = sorted(seen - set(order))
    if missing:
        raise SaveCheckError("state.clan_order", f"Clan {missing[0]} is missing")


def _check_prices(prices: dict[str, int], known: Iterable[str], path: str, what: str, *,
                  every: bool) -> None:
    """Every key is a known item; with `every`, every known item has a price."""
    known = set(known)
    for key in prices:
        if key not in known:
            raise SaveCheckError(_key_path(path, key), f"is not {what}")
    missing = sorted(known - set(prices)) if every else []
    if missing:
        raise SaveCheckError(_key_path(path, missing[0]), "is missing")


def _check_convoy_numbers(convoys: list[Convoy]) -> None:
    keys = list(map(attrgetter("owner", "number"), convoys))
    if len(set(keys)) == len(keys):
        return  # no two alike (else the second of a pair is named)
    seen: set[tuple[int, int]] = set()
    for index, convoy in enumerate(convoys):
        key = (convoy.owner, convoy.number)
        if key in seen:
            raise SaveCheckError(f"state.convoys.number[{index}]",
                                 f"Clan {convoy.owner} has two convoys #{convoy.number}")
        seen.add(key)


def _check_city_hexes(cities: list[CityState], game_map: GameMap) -> None:
    if list(map(attrgetter("hex"), cities)) == list(map(attrgetter("hex"), game_map.cities)):
        return  # each where the map has it (else the first elsewhere is named)
    for index, (city, site) in enumerate(zip(cities, game_map.cities, strict=True)):
        if city.hex != site.hex:
            raise SaveCheckError(f"state.cities.hex[{index}]",
                                 f"{_shown(city.hex)} is not the hex of the map's city "
                                 f"{site.name} ({site.hex})")


def _check_paved(paved: list[str], links: frozenset[str]) -> None:
    if links.issuperset(paved):
        return
    index = _first(paved, lambda link: link not in links)
    raise SaveCheckError(f"state.paved[{index}]",
                         f"{_shown(paved[index])} is not a link between two hexes side by side")


def _check_top_clans(top: list[list[int]], clans: frozenset[int]) -> None:
    if clans.issuperset(chain.from_iterable(top)):
        return  # every one a Clan (else the first that is not is named)
    for index, ranking in enumerate(top):
        for place, number in enumerate(ranking):
            if number not in clans:
                raise SaveCheckError(f"state.top_clans[{index}][{place}]",
                                     f"{number} is not a Clan")


def _kept(state: GameState, name: str) -> Sequence[Any]:
    """The state's hexes or past figures, or while they are kept as read (storage/saved_tables)
    as many places as there are records: their checks read the columns as read (`laid_out`:
    every one there)."""
    kept = state.kept_table(name)
    return kept if isinstance(kept, list) else range(count_of(state, name))


def check_state(rules: Ruleset, game_map: GameMap, state: GameState,
                raw: dict[str, Any] | None = None, names: Domains | None = None) -> None:
    """Raise SaveCheckError naming the first field that does not fit the rules and the map.

    `raw`: the state's data as loaded (its tables are read column by column from it);
    `names`: `domains(rules, game_map, state)`, when the caller has made them.
    """
    _check_clans(state)
    if names is None:
        names = domains(rules, game_map, state)
    tables = {"hexes": HexState, "cities": CityState, "convoys": Convoy,
              "broadcasts": Broadcast, "turn_figures": TurnFigures}
    state_where: Where = lambda _, field: f"state.{field}"  # noqa: E731
    for field, cls in tables.items():
        columns = raw.get(field) if raw else None
        records: Sequence[Any] = (_kept(state, field) if field in KEPT
                                  else getattr(state, field))
        texts = None
        if isinstance(records, range):  # kept as read: their columns are checked
            columns, texts = unread_columns(state, field), unread_texts(state, field)
        _check_records(records, cls, _inside(state_where, field, "table", [records]), names,
                       columns if isinstance(columns, dict) else None, texts=texts)
    _check_records([state], GameState, state_where, names, skip=frozenset(tables))
    _check_past_reports(state.clans)
    _check_prices(state.prices, rules.market, "state.prices", "a market item", every=True)
    # A kind of goods without a price of its own sells at the rulebook's price.
    _check_prices(state.goods_prices, rules.goods, "state.goods_prices", "a kind of goods",
                  every=False)
    _check_convoy_numbers(state.convoys)
    _check_city_hexes(state.cities, game_map)
    _check_paved(state.paved, names.links)
    _check_top_clans(state.top_clans, names.clans)
