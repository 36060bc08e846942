"""The relations screen as data: Clans met, what espionage told, who counts whom as ally or bans."""

from __future__ import annotations

import attrs

from conquest_tui.engine.face import (
    ClanView,
    Event,
    EventKind,
    MetClanInfo,
    event_text,
    hide_rule_ids,
)

ALLY, BAN = "ALLY", "BAN"
"""The Clan orders the relations screen writes on the sheet."""

UNKNOWN, SELF, NEITHER = "?", "—", "·"
"""Matrix cells: not known, a Clan and itself, known to be neither ally nor banned."""


@attrs.frozen
class Stance:
    """What one Clan is known to think of another: None where nobody told."""

    ally: bool | None
    ban: bool | None

    @property
    def cell(self) -> str:
        """"A" ally, "B" banned, "AB" both, "·" neither, "?" not known ("A?": an ally; whether
        it is banned too is not known)."""
        if self.ally is None and self.ban is None:
            return UNKNOWN
        text = ("A" if self.ally else "?" if self.ally is None else "") + \
            ("B" if self.ban else "?" if self.ban is None else "")
        return text or NEITHER


@attrs.frozen
class Known:
    """What espionage bought last turn told of one Clan: its allies and bans (None: not asked),
    and the sentences of every answer."""

    allies: tuple[int, ...] | None = None
    bans: tuple[int, ...] | None = None
    sentences: tuple[str, ...] = ()


def _numbers(value: object) -> tuple[int, ...]:
    return tuple(n for n in value if isinstance(n, int)) if isinstance(value, tuple) else ()


def espionage_known(events: tuple[Event, ...]) -> dict[int, Known]:
    """Clan number → what the Clan's espionage found out about it (ESPIONAGE results)."""
    found: dict[int, Known] = {}
    for event in events:
        if event.kind != EventKind.ESPIONAGE_RESULT:
            continue
        target = event.facts.get("target")
        if not isinstance(target, int):
            continue
        known = found.get(target, Known())
        why = event.facts.get("why")
        sentence = hide_rule_ids(event_text(event))
        known = attrs.evolve(known, sentences=(*known.sentences, sentence))
        if why == "allies":
            known = attrs.evolve(known, allies=_numbers(event.facts.get("clans")))
        elif why == "enemies":
            known = attrs.evolve(known, bans=_numbers(event.facts.get("clans")))
        found[target] = known
    return found


@attrs.frozen
class Relation:
    """One Clan met, as the relations screen lists it."""

    clan: MetClanInfo
    ally: bool
    """On your ally list now."""
    ban: bool
    """On your ban list now."""
    ally_next: bool
    """On your ally list once the sheet being written has run (each ALLY line toggles)."""
    ban_next: bool
    told: tuple[str, ...]
    """What espionage told of it last turn, as sentences."""
    treaty: str = ""
    """The treaty with it and its remaining turns, or an offer waiting, in words (house rule
    treaties); "" when none."""


_TREATY_NAMES = {"nat": "non-aggression treaty", "alliance": "alliance"}


def treaty_words(view: ClanView, clan: int) -> str:
    """The treaty with a Clan as the relations screen says it: "non-aggression treaty, 4 game
    turns left", "alliance, war declared: ends at game turn 7", an offer waiting, or ""."""
    turn = view.game_turn
    for treaty in view.treaties():
        if treaty.partner == clan:
            name = _TREATY_NAMES.get(treaty.kind, treaty.kind)
            if treaty.war_from:
                return f"{name}, war declared: ends at game turn {treaty.war_from}"
            left = treaty.last_turn - turn + 1
            return f"{name}, {left} game turn{'s' if left != 1 else ''} left"
    for offer in view.treaty_offers():
        name = _TREATY_NAMES.get(offer.kind, offer.kind)
        term = f"{offer.turns} game turn{'s' if offer.turns != 1 else ''}"
        if offer.offered_by == clan:
            return f"offers you {'an' if name == 'alliance' else 'a'} {name} for {term}: " \
                   "answer ACCEPT or REJECT"
        if offer.to == clan:
            return f"you offered {'an' if name == 'alliance' else 'a'} {name} for {term}; " \
                   "no answer yet"
    return ""


def relations(view: ClanView, pending: dict[tuple[str, int], int]) -> list[Relation]:
    """Every Clan dealt with (met, messaged, allied or banned: `ClanView.contacts`), with your
    ALLY/BAN state now and after the sheet's pending lines.

    Args:
        view: The Clan's view.
        pending: (ALLY or BAN, Clan number) → lines of the sheet that toggle it.
    """
    own = view.clan
    known = espionage_known(view.last_turn().events)
    out = []
    for clan in view.contacts():
        ally, ban = clan.number in own.allies, clan.number in own.bans
        out.append(Relation(
            clan=clan, ally=ally, ban=ban,
            ally_next=ally ^ (pending.get((ALLY, clan.number), 0) % 2 == 1),
            ban_next=ban ^ (pending.get((BAN, clan.number), 0) % 2 == 1),
            told=known[clan.number].sentences if clan.number in known else (),
            treaty=treaty_words(view, clan.number)))
    return out


def matrix(view: ClanView) -> tuple[tuple[int, ...], dict[tuple[int, int], Stance]]:
    """Who counts whom as ally or bans, as far as the Clan knows: its own lists, and what its
    espionage (ALLIES, ENEMIES) told last turn; everything else unknown.

    Returns:
        The Clans (own first, then those dealt with, spied on or named by espionage, by number)
        and
        (row, column) →
        what the row's Clan thinks of the column's.
    """
    own = view.clan
    known = espionage_known(view.last_turn().events)
    named = {n for facts in known.values() for n in (*(facts.allies or ()), *(facts.bans or ()))}
    others = sorted(({c.number for c in view.contacts()} | set(known) | named) - {own.number})
    clans = (own.number, *others)
    cells: dict[tuple[int, int], Stance] = {}
    for row in clans:
        for column in clans:
            if row == column:
                continue
            if row == own.number:
                cells[row, column] = Stance(column in own.allies, column in own.bans)
                continue
            facts = known.get(row, Known())
            cells[row, column] = Stance(
                None if facts.allies is None else column in facts.allies,
                None if facts.bans is None else column in facts.bans)
    return clans, cells
