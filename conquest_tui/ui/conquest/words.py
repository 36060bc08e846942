"""What the turn screen says: the phase in plain words, a territory, the cards, the dice."""

from __future__ import annotations

from collections.abc import Sequence

from conquest_tui.games.conquest.actions import armies
from conquest_tui.games.conquest.board import Board
from conquest_tui.games.conquest.cards import Card
from conquest_tui.games.conquest.rules import ConquestRules
from conquest_tui.games.conquest.view import PlayerView, TerritoryView

PHASES: dict[str, str] = {
    "initial deployment": "Initial deployment",
    "cash cards": "Cash a set",
    "place armies": "Place armies",
    "attack": "Attack",
    "battle": "Attack under way",
    "move in": "Move in",
    "final move": "Final move",
    "game over": "Game over",
}
"""The game's phase (as the view names it) → its heading."""


def deploy_left(view: PlayerView, rules: ConquestRules) -> int:
    """Armies of the player's initial allotment still to place: the allotment (one more for a
    short deal) less what stands on the player's territories beyond the one dealt on each."""
    mine = [t for t in view.territories if t.owner == view.player]
    most = max(p.territories for p in view.players)
    allotment = rules.initial_armies.get(len(view.players), 0)
    short = rules.short_deal_extra_armies if len(mine) < most else 0
    return max(0, allotment + short - sum(t.armies for t in mine))


def phase_line(view: PlayerView, rules: ConquestRules) -> str:
    """"Round 3 — Place armies: 5 left" and the like."""
    heading = PHASES.get(view.phase, view.phase.capitalize())
    if view.to_act != view.player and not view.winner:  # a served seat between its turns
        return f"Round {view.round} — {view.to_act} is playing — {heading}"
    if view.phase == "initial deployment":
        left = deploy_left(view, rules)
        heading += f": one army at a time ({left} left)"
    elif view.phase == "place armies":
        heading += f": {view.armies_to_place} left"
    return f"Round {view.round} — {view.player} — {heading}"


def hint(view: PlayerView, source: str = "") -> str:
    """What to do now, in a sentence."""
    if view.to_act != view.player and not view.winner:
        return (f"It is {view.to_act}'s turn: their moves show here as they are made, and "
                "yours come when your turn does.")
    match view.phase:
        case "initial deployment":
            return "Choose a territory of yours (Enter) to place one army there."
        case "cash cards":
            return "c: cash in a set of cards; k: keep them for now."
        case "place armies":
            return "Enter on a territory of yours places armies (a number first: that many)."
        case "attack" if source:
            return f"From {source}: Enter on a lit enemy territory next to it (Esc: another)."
        case "attack":
            return "Enter on a territory of yours to attack from; s: stop attacking; e: end turn."
        case "battle":
            return "An attack is under way: r rolls the dice again, x retreats."
        case "move in":
            return "m: say how many more armies move into the territory taken."
        case "final move" if source:
            return f"Moving from {source}: Enter on a lit territory of yours next to it."
        case "final move":
            return "Enter on a territory to move armies from (one final move); e: end the turn."
        case "game over":
            return f"The game is over: {view.winner} wins." if view.winner else "The game is over."
    return ""


def territory_lines(view: PlayerView, board: Board, name: str) -> list[str]:
    """The selected territory: continent, owner, armies, and every neighbour."""
    by_name = {t.name: t for t in view.territories}
    here = by_name.get(name)
    if here is None:
        return []
    bonus = next((c.bonus for c in board.continents if c.name == here.continent), 0)
    lines = [
        name,
        f"{here.continent} (+{bonus} for the whole continent)",
        f"{_owner(here, view)}, {armies(here.armies)}",
        "Borders:",
    ]
    for other in board.neighbours(name):
        there = by_name[other]
        lines.append(f"  {other}: {_owner(there, view)}, {there.armies}")
    return lines


def _owner(territory: TerritoryView, view: PlayerView) -> str:
    return "yours" if territory.owner == view.player else territory.owner


def card_lines(view: PlayerView) -> list[str]:
    """The player's cards and what the next set is worth."""
    if not view.my_cards:
        lines = ["No cards yet (one for each turn with a capture)."]
    else:
        count = len(view.my_cards)
        lines = [f"{count} card{'s' if count != 1 else ''}:"]
        lines += [f"  {card.words()}" for card in view.my_cards]
    lines.append(f"The next set is worth {armies(view.next_set_worth)}.")
    return lines


def set_words(cards: Sequence[Card]) -> str:
    return ", ".join(card.words() for card in cards)


def dice_words(attacker: Sequence[int], defender: Sequence[int]) -> str:
    """"[6] [4] [1] against [5] [2]"."""
    return " ".join(f"[{d}]" for d in attacker) + " against " + " ".join(f"[{d}]" for d in defender)


def player_lines(view: PlayerView) -> list[str]:
    """Every player: territories, armies, cards; who is out."""
    lines = []
    for p in view.players:
        if not p.alive:
            lines.append(f"{p.name}: out of the game")
            continue
        cards = f", {p.cards} card{'s' if p.cards != 1 else ''}" if p.cards else ""
        held = f"{p.territories} territor{'y' if p.territories == 1 else 'ies'}"
        lines.append(f"{p.name}: {held}, {armies(p.armies)}{cards}")
    return lines


SINCE_SHOWN = 15
"""Lines of what the others did since the player's last turn, at most (the newest kept)."""


def since_last_turn(log: Sequence[str], player: str) -> list[str]:
    """What the others did between the player's last turn and this one (the table's public
    log, without each throw of the dice); nothing before the player's first turn."""
    mine = [i for i, line in enumerate(log)
            if line.startswith("Round ") and line.endswith(f": {player}'s turn")]
    if len(mine) < 2:
        return []
    start = next((i for i in range(mine[-2] + 1, mine[-1])
                  if log[i].startswith("Round ") and log[i].endswith("'s turn")), mine[-1])
    lines = [line for line in log[start:mine[-1]] if " against " not in line]
    return lines[-SINCE_SHOWN:]


def while_waiting(log: Sequence[str], player: str) -> list[str]:
    """What the others did since the player's last turn ended (the table's public log, without
    each throw of the dice): what a seat between its turns is shown."""
    mine = [i for i, line in enumerate(log)
            if line.startswith("Round ") and line.endswith(f": {player}'s turn")]
    start = 0
    if mine:
        start = next((i for i in range(mine[-1] + 1, len(log))
                      if log[i].startswith("Round ") and log[i].endswith("'s turn")), len(log))
    lines = [line for line in log[start:] if " against " not in line]
    return lines[-SINCE_SHOWN:]
