"""Facts gathered in a mapping, handed to `TurnContext.report` as its keywords."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def keywords(facts: Mapping[str, object]) -> dict[str, Any]:
    """The facts as `ctx.report(kind, rule, convoy=…, **keywords(facts))` takes them.

    `report` has keywords of its own (`line`, `convoy`: the event's fields), and the type
    checker cannot tell that a mapping of facts holds neither; no fact is ever named so. The
    facts keep their order (the event's facts keep it too).
    """
    return dict(facts)
