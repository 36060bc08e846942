"""Victory at a game-turn end: the threshold held one more game turn, ties, the turn limit."""

from __future__ import annotations

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.core.state import Clan

THRESHOLD = "threshold"
TURN_LIMIT = "turn_limit"
ABANDONED = "abandoned"


def update_watch(game: Game) -> None:
    """Note when each Clan reached the threshold; falling below it starts over (CC-POP-07)."""
    state = game.state
    for clan in state.clans:
        if clan.popularity >= state.victory_threshold:
            clan.victory_watch_since = clan.victory_watch_since or state.game_turn
        else:
            clan.victory_watch_since = 0


def held_long_enough(game: Game, clan: Clan) -> bool:
    """At the threshold at the end of turn N and still at the end of N+1, having played N+1."""
    state = game.state
    hold = game.rules.popularity.victory_hold_turns
    return (bool(clan.victory_watch_since) and not clan.resigned
            and state.game_turn - clan.victory_watch_since >= hold - 1
            and clan.last_turn.game_turn == state.game_turn)


def _most_popular(clans: list[Clan]) -> list[int]:
    """The Clans with the most popularity; a tie shares the victory (CC-POP-08)."""
    best = max(clan.popularity for clan in clans)
    return sorted(clan.number for clan in clans if clan.popularity == best)


def decide(game: Game) -> str:
    """Check victory at the end of the game turn; set winners and finish the game if it is over.

    Returns THRESHOLD, TURN_LIMIT or ABANDONED when the game ended, "" when it goes on.
    """
    state = game.state
    update_watch(game)
    qualified = [clan for clan in state.clans if held_long_enough(game, clan)]
    playing = [clan for clan in state.clans if not clan.resigned]
    reason = ""
    if qualified:
        reason, state.winners = THRESHOLD, _most_popular(qualified)
    elif not playing:
        reason, state.winners = ABANDONED, []
    elif state.turn_limit and state.game_turn >= state.turn_limit:
        reason, state.winners = TURN_LIMIT, _most_popular(playing)
    state.finished = bool(reason)
    return reason


def end_reason(game: Game) -> str:
    """Why a finished game ended (THRESHOLD, TURN_LIMIT or ABANDONED); "" while it goes on."""
    state = game.state
    if not state.finished:
        return ""
    if not state.winners:
        return ABANDONED
    if all(held_long_enough(game, game.clan(n)) for n in state.winners):
        return THRESHOLD
    return TURN_LIMIT


def end_sentence(game: Game) -> str:
    """One sentence for the end-of-game report (CC-POP-09)."""
    state = game.state
    reason = end_reason(game)
    if not reason:
        return ""
    names = " and ".join(f"Clan {n} ({game.clan(n).name}, {game.clan(n).popularity} popularity)"
                         for n in state.winners)
    verdict = "share the victory" if len(state.winners) > 1 else "wins"
    if reason == THRESHOLD:
        return (f"The game is over after game turn {state.game_turn}: {names} held the victory "
                f"threshold of {state.victory_threshold} through a full game turn and {verdict}.")
    if reason == TURN_LIMIT:
        return (f"The game is over: game turn {state.turn_limit} was the last of the game, "
                f"and the most popular, {names}, {verdict}.")
    return f"The game is over after game turn {state.game_turn}: every Clan has resigned."


def watch_last_turn(game: Game, clan: Clan) -> int:
    """The game turn to whose end the Clan must hold the threshold to win; 0 when it is not
    holding it or the game is over (CC-POP-07)."""
    if game.state.finished or not clan.victory_watch_since:
        return 0
    return clan.victory_watch_since + game.rules.popularity.victory_hold_turns - 1


def watch_sentence(game: Game, clan: Clan) -> str:
    """What the Clan must still do to win, while it holds the threshold (CC-POP-07)."""
    state = game.state
    last = watch_last_turn(game, clan)
    if not last:
        return ""
    return (f"You reached the victory threshold of {state.victory_threshold} at the end of game "
            f"turn {clan.victory_watch_since}; hold it to the end of game turn {last} to win.")
