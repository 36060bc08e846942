"""Text fitted into a few lines of a narrow pane: wrapped between words, an ellipsis if cut."""

from __future__ import annotations

import textwrap

ELLIPSIS = "…"


def fit_lines(text: str, width: int, lines: int) -> str:
    """`text` wrapped to `width` columns; when it takes more than `lines` lines, its first
    `lines` lines, the last ending in "…" after a whole word (never in the middle of one).
    Unchanged when the room is not known yet (a width or height of 0)."""
    if width <= 1 or lines <= 0:
        return text
    wrapped = textwrap.wrap(text, width, break_on_hyphens=False)
    if len(wrapped) <= lines:
        return text
    kept = wrapped[:lines]
    last = kept[-1]
    while len(last) + len(ELLIPSIS) > width and " " in last:
        last = last.rsplit(" ", 1)[0]
    kept[-1] = last[:width - len(ELLIPSIS)].rstrip(" ,;:—-") + ELLIPSIS
    return "\n".join(kept)
