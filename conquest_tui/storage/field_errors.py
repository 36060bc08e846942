"""cattrs' errors as "field path: reason" sentences (`state.clans[1].stock.money: …`)."""

from __future__ import annotations

import json

from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)

from conquest_tui.engine.rules.checks import InvalidValue, InvalidValues
from conquest_tui.storage.hooks import BadValue


class FieldError(ValueError):
    """One bad field: `path` (e.g. `state.clans[1].stock.money`) and the reason."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(path, message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class FieldErrors(FieldError):
    """Every bad field found at once; it reads as the first (`errors` holds them all)."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__(errors[0].path, errors[0].message)
        self.errors = errors


def _step(path: str, part: int | str, dotted_keys: bool) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    if dotted_keys:
        return f"{path}.{part}" if path else part
    return f"{path}[{json.dumps(part, ensure_ascii=False)}]"


def _join(path: str, name: str) -> str:
    if not name:
        return path
    if name.startswith("["):
        return path + name
    return f"{path}.{name}" if path else name


def field_errors(exc: BaseException, path: str, *, dotted_keys: bool = False) -> list[FieldError]:
    """Every bad field in an error of the detailed converter, in the order cattrs found them.

    Walks cattrs' exception groups as its documentation shows (`group_exceptions` and the
    notes naming attributes and indices); mapping keys read `["0102"]`, or `.truck` with
    `dotted_keys` (TOML).
    """
    if isinstance(exc, ClassValidationError | IterableValidationError):
        found: list[FieldError] = []
        with_notes, without = exc.group_exceptions()
        # An unknown key first: it is usually a misspelling, and the cause of a missing one.
        for inner in without:
            if isinstance(inner, ForbiddenExtraKeysError):
                found.extend(field_errors(inner, path, dotted_keys=dotted_keys))
        without = [inner for inner in without if not isinstance(inner, ForbiddenExtraKeysError)]
        for inner, note in with_notes:
            if isinstance(note, AttributeValidationNote):
                # a private attribute is saved under its name without the underscore (its
                # attrs alias: `LastTurn._events` is `events`)
                found.extend(field_errors(inner, _join(path, note.name.lstrip("_")),
                                          dotted_keys=dotted_keys))
            else:
                found.extend(field_errors(inner, _step(path, note.index, dotted_keys),
                                          dotted_keys=dotted_keys))
        for inner in without:
            found.extend(field_errors(inner, path, dotted_keys=dotted_keys))
        return found
    if isinstance(exc, ForbiddenExtraKeysError):
        return [FieldError(_join(path, key), "is not a known field (misspelt?)")
                for key in sorted(exc.extra_fields)]
    if isinstance(exc, KeyError):
        return [FieldError(path, "is missing")]
    if isinstance(exc, InvalidValue):
        return [FieldError(_join(path, exc.field), exc.reason)]
    if isinstance(exc, InvalidValues):
        return [FieldError(_join(path, problem.field), problem.reason)
                for problem in exc.problems]
    if isinstance(exc, BadValue | FieldError):
        return [FieldError(path, str(exc))]
    return [FieldError(path, f"is not valid ({exc})")]

