"""What goes wrong at the table, each as one sentence a player reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conquest_tui.pins.backoff import PinAnswer


class SessionError(Exception):
    """A failure the player should read as one sentence (naming the file when there is one)."""


class NotYourTurn(SessionError):
    """A turn was submitted (or a Clan resigned) out of turn, or after the game ended."""


class SheetRefused(SessionError):
    """A sheet too large to be an order sheet: the turn is not run, so nothing is lost."""


class ActionRefused(SessionError):
    """A move of Conquest the rules do not allow now (or out of turn): nothing changed."""


class NoOdds(SessionError):
    """No fight to estimate there (not the Clan's convoy, water, too far…), as a sentence."""


class SaveEdited(SessionError):
    """The save's checksum does not match: it was changed outside the game (or damaged).

    Open it anyway with `allow_edited=True` (the CLI's --allow-edited; the app asks first).
    """


class SaveDamaged(SessionError):
    """A part of the save read only when first needed (a Clan's last turn) is damaged: nothing
    ran and nothing was written; the sentence names the file and the field."""


class SaveMovedOn(SessionError):
    """Another window (or command) wrote the save since this one read it: nothing was written
    here, and the game must be loaded again before anything is."""


class PinNeeded(SessionError):
    """The seat has a PIN and none was given: nothing of the Clan shows."""


class PinRefused(SessionError):
    """A wrong PIN, or one heard during the back-off's wait: nothing of the Clan shows."""

    def __init__(self, sentence: str, answer: PinAnswer) -> None:
        super().__init__(sentence)
        self.answer = answer
