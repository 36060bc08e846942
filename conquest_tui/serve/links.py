"""Each seat's link and the host's: random tokens kept beside the save (`NAME.json.links`)."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable
from pathlib import Path

import attrs

from conquest_tui.storage.save_lock import save_lock

LINKS_SUFFIX = ".links"
"""The tokens' file is the save's name plus this, beside it (readable by its owner only)."""

TOKEN_BYTES = 24
"""Random bytes in a token (32 characters in a link)."""


@attrs.frozen
class Links:
    """The host's token and each Clan's (by Clan number)."""

    host: str
    seats: dict[int, str]

    def find(self, token: str) -> int | None:
        """The Clan a token opens (0: the host's table; None: no such token)."""
        if secrets.compare_digest(token.encode(), self.host.encode()):
            return 0
        for number, seat_token in self.seats.items():
            if secrets.compare_digest(token.encode(), seat_token.encode()):
                return number
        return None


def links_path(save: Path) -> Path:
    """The tokens' file beside a save."""
    return save.with_name(save.name + LINKS_SUFFIX)


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def read_links(save: Path) -> Links | None:
    """The game's links as they are beside the save now (None: none were made, or the file is
    damaged); read on every request, so that links made again end the old ones at once."""
    return _read(links_path(save))


def _read(path: Path) -> Links | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return Links(str(raw["host"]),
                     {int(number): str(token) for number, token in raw["seats"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write(path: Path, links: Links) -> None:
    text = json.dumps({"host": links.host,
                       "seats": {str(number): token for number, token in links.seats.items()}},
                      indent=2)
    temporary = path.with_name(path.name + ".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
    os.replace(temporary, path)


def game_links(save: Path, clans: Iterable[int], *, renew: bool = False) -> Links:
    """The game's links: read from beside the save, a token made for any Clan without one (all
    made again with `renew`, which ends every link given before), under the save's lock."""
    path = links_path(save)
    with save_lock(save):
        found = None if renew else _read(path)
        host = found.host if found is not None else _new_token()
        seats = dict(found.seats) if found is not None else {}
        numbers = sorted(clans)
        for number in numbers:
            seats.setdefault(number, _new_token())
        links = Links(host, {number: seats[number] for number in numbers})
        if links != found:
            _write(path, links)
    return links
