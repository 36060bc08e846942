"""The back-off after wrong PINs: how long a seat waits before its next guess is heard."""

from __future__ import annotations

import math
from enum import StrEnum

import attrs

FREE_FAILURES = 3
"""Wrong PINs forgiven without any wait (typing slips)."""
FIRST_DELAY = 1
"""Seconds of the first wait (after the fourth wrong PIN in a row); each next one doubles."""
MAX_DELAY = 15 * 60
"""The longest wait, in seconds (reached after the fourteenth wrong PIN in a row)."""


class Verdict(StrEnum):
    """What became of a PIN given at a seat."""

    ACCEPTED = "accepted"
    WRONG = "wrong"
    WAIT = "wait"
    """Given during a wait: not checked, not counted."""


@attrs.frozen
class PinAnswer:
    """A PIN given at a seat: the verdict and the seconds before the next guess is heard."""

    verdict: Verdict
    wait: int = 0

    @property
    def accepted(self) -> bool:
        """Whether the seat is open."""
        return self.verdict is Verdict.ACCEPTED


def delay_after(failures: int) -> int:
    """Seconds to wait after `failures` wrong PINs in a row: 0, 0, 0, then 1, 2, 4 … MAX_DELAY."""
    doublings = failures - FREE_FAILURES - 1
    if doublings < 0:
        return 0
    if FIRST_DELAY << min(doublings, 32) >= MAX_DELAY:
        return MAX_DELAY
    return FIRST_DELAY << doublings


def retry_at(failures: int, now: float) -> int:
    """The epoch second before which no guess is heard (0: none), after `failures`.

    Counted from the start of the current second, so a wait reads as its nominal length
    ("1 second", not "2 seconds") and lasts at most that long.
    """
    delay = delay_after(failures)
    return math.floor(now) + delay if delay else 0


def bounded_retry(retry: int, now: float) -> int:
    """`retry`, or MAX_DELAY from now if it lies further (a clock set back, an edited save)."""
    return min(retry, math.ceil(now) + MAX_DELAY)


def seconds_left(retry: int, now: float) -> int:
    """Whole seconds until `retry` (0 when past), never more than MAX_DELAY."""
    return max(0, min(math.ceil(retry - now), MAX_DELAY))


def wait_words(seconds: int) -> str:
    """The wait in words: "1 second", "45 seconds", "15 minutes" (rounded up from 2 minutes)."""
    if seconds >= 120:
        return f"{math.ceil(seconds / 60)} minutes"
    return f"{seconds} {'second' if seconds == 1 else 'seconds'}"


def try_again(seconds: int) -> str:
    """The sentence a waiting seat reads: "Try again in N seconds."."""
    return f"Try again in {wait_words(seconds)}."
