"""A Conquest seat behind its PIN, as the PIN prompt asks it: the wait, a PIN heard, the seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conquest_tui.pins.backoff import PinAnswer
    from conquest_tui.session.conquest_seat import ConquestSeat
    from conquest_tui.session.conquest_table import ConquestTable


class ConquestDoor:
    """One seat's door at a Conquest table; `seat` opens once the PIN was accepted (at once
    for a seat without one)."""

    def __init__(self, table: ConquestTable, number: int) -> None:
        self.table = table
        self.number = number
        self._pin: str | None = None

    @property
    def needs_pin(self) -> bool:
        return self.table.seat_info(self.number).has_pin

    @property
    def label(self) -> str:
        """"Name (Colour)"."""
        return self.table.seat_info(self.number).label

    def wait(self) -> int:
        """Seconds before a PIN is heard (0: now)."""
        return self.table.pin_wait(self.number)

    def attempt(self, pin: str) -> PinAnswer:
        """Hear a PIN (counted by the table when wrong); once accepted, `seat` opens."""
        from conquest_tui.pins.backoff import Verdict

        answer = self.table.try_pin(self.number, pin)
        if answer.verdict is Verdict.ACCEPTED:
            self._pin = pin
        return answer

    @property
    def seat(self) -> ConquestSeat:
        """The seat (PinNeeded until its PIN was accepted here)."""
        return self.table.open_seat(self.number, self._pin)
