"""Diplomacy for bots: BAN who attacks, ALLY with far or strong Clans, slogans and messages."""

from __future__ import annotations

from conquest_tui.bots.extras_state import Extras
from conquest_tui.engine.core import hexgrid
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.orderbook.clan_admin import SetSlogan
from conquest_tui.engine.orderbook.diplomacy import TO_ALL, TO_CLAN, Ally, Ban, Broadcast, Message

HOSTILE = frozenset({
    EventKind.HEX_LOST, EventKind.CITY_LOST, EventKind.CITY_HELD, EventKind.HEX_DEFENDED,
    EventKind.GUARDS_FOUGHT, EventKind.BOMBED, EventKind.BANK_LOOTED, EventKind.SABOTAGED,
    EventKind.CONVOY_BATTLE,
})
"""What another Clan did to this one that makes it an enemy (the actor is named)."""

FAR = 8
"""Hexes between a Clan's last-seen convoy and the nearest own hex that make it a far Clan."""
UNMET_FAR_TURN = 6
"""From this game turn on, a Clan never met is taken to be far away."""
STRONGER = 1.3
"""A wary bot allies with no Clan this much more popular than itself: it will need to stop it."""
WARN_EVERY = 3
"""A bot that warns of the leader warns everyone of one near victory every this many game turns."""
NEAR_VICTORY = 0.85
"""A wary bot drops its alliance with a Clan past this share of the victory threshold."""
LEFT_TO_RUN = 0.6
"""Share of the victory threshold from which a leader's allies no longer leave it for leading
(`Level.leaves_leader`): turned on so late, the war on it only kept games from ending by
victory (issue 28)."""

SLOGANS = (
    "Our roads, our cities, our continent.",
    "Fair trade for friends, hard steel for foes.",
    "We build, we heal, we hold.",
    "Strength in every convoy.",
    "Leave us in peace and prosper with us.",
)


def _words(text: str, limit: int) -> str:
    """Message text a sheet accepts: no quotes or ">", within the length limit."""
    clean = text.replace('"', "'").replace(">", "").strip()
    return clean[:limit].rstrip()


def aggressors(extras: Extras) -> set[int]:
    """Clans that attacked this one since its last turn (its inbox names them)."""
    me = extras.view.number
    return {event.actor for event in extras.view.since_last_turn()
            if event.kind in HOSTILE and event.actor not in (0, me)}


def add_diplomacy(extras: Extras) -> None:
    """Slogan on the first turn; BAN attackers (CC-CL-BAN-01) and drop them as allies; ALLY
    (CC-CL-ALLY-01) as the level judges; at most the turn's messages (CC-CL-MESSAGE-02). All in
    [POST]: the movement planner reads today's allies, so alliances change after the turn."""
    view = extras.view
    clan = extras.clan
    limits = view.rules.order_limits
    attackers = aggressors(extras)
    extras.enemies = set(clan.bans) | attackers
    messages: list[Message | Broadcast] = []
    if clan.turns_played == 0:
        slogan = SLOGANS[extras.rng.randrange(len(SLOGANS))]
        extras.post_line(SetSlogan(slogan=_words(slogan, limits.slogan_max_length)))
    allies = set(clan.allies)
    names = {number: name for number, name, _pop in extras.standing().top_clans}
    names.update((met.number, met.name) for met in extras.met())
    for enemy in sorted(attackers):
        if enemy in allies and extras.post_line(Ally(other=enemy)):
            allies.discard(enemy)
        if enemy not in clan.bans and extras.post_line(Ban(other=enemy)):
            messages.append(_to_clan(enemy, _words(_warning(clan.name), 100)))
    if extras.level.wary_allies:
        _drop_leaders(extras, allies)
    leader = clear_leader(extras)
    if leader in allies and extras.post_line(Ally(other=leader)):
        allies.discard(leader)
    alone = leads_alone(extras)
    for friend in sorted(allies) if alone else ():
        if extras.post_line(Ally(other=friend)):
            allies.discard(friend)
    for friend in [] if alone else _new_allies(extras, allies, leader):
        if extras.post_line(Ally(other=friend)):
            allies.add(friend)
            text = _words(f"{clan.name} offers peace to {names.get(friend, 'you')}: our convoys "
                          "will not attack yours.", limits.message_max_length)
            messages.append(_to_clan(friend, text))
    news = _news(extras) if extras.rng.random() < extras.level.broadcast_chance else ""
    if news:
        messages.append(Broadcast(to=TO_ALL, body=_words(news, limits.message_max_length)))
    if extras.level.warns_of_leader and extras.view.game_turn % WARN_EVERY == 0 \
            and not any(message.to == TO_ALL for message in messages):
        messages += _warn_of_leader(extras)
    for line in messages[:limits.messages_per_turn]:
        extras.post_line(line)


def _to_clan(clan: int, text: str) -> Broadcast:
    """A signed message to one Clan."""
    return Broadcast(to=TO_CLAN, other=clan, body=text)


def _warning(name: str) -> str:
    return f"{name} will not forget this attack. Our cities are closed to you."


def _distance(extras: Extras, clan: int, hexes: list[str]) -> int:
    """Hexes from the nearest place a Clan is known to be to the nearest own city or convoy.
    A Clan nowhere known and never met by game turn UNMET_FAR_TURN is taken to be far away;
    earlier it counts as near (0): the bot does not know it yet."""
    home = extras.home()
    if not hexes or not home:
        unmet = clan not in {met.number for met in extras.met()}
        return FAR if unmet and extras.view.game_turn >= UNMET_FAR_TURN else 0
    return min(hexgrid.distance(where, own) for where in hexes for own in home)


def _near_victory(extras: Extras, clan: int) -> bool:
    threshold = extras.standing().victory_threshold
    return bool(threshold) and extras.popularity(clan) >= NEAR_VICTORY * threshold


def _ranking(extras: Extras) -> list[tuple[int, str, int]]:
    """The Top Clans (number, name, popularity), the most popular first."""
    return sorted(extras.standing().top_clans, key=lambda row: -row[2])


def clear_leader(extras: Extras) -> int:
    """The Clan alone at the head of the Top Clans when it leads this one by the level's
    `leaves_leader` share of its popularity or more, still short of LEFT_TO_RUN of the victory
    threshold (0: none, or the level keeps its allies)."""
    share = extras.level.leaves_leader
    ranking = _ranking(extras)
    if share <= 0 or not ranking or ranking[0][0] == extras.view.number:
        return 0
    if len(ranking) > 1 and ranking[1][2] >= ranking[0][2]:
        return 0
    threshold = extras.standing().victory_threshold
    if threshold and ranking[0][2] >= LEFT_TO_RUN * threshold:
        return 0
    return ranking[0][0] if ranking[0][2] >= (1 + share) * extras.clan.popularity else 0


def leads_alone(extras: Extras) -> bool:
    """Whether this Clan heads the Top Clans alone, the level's `alone_ahead` share of the
    second Clan's popularity ahead of it (False: the level keeps its allies)."""
    share = extras.level.alone_ahead
    ranking = _ranking(extras)
    if share <= 0 or not ranking or ranking[0][0] != extras.view.number:
        return False
    second = ranking[1][2] if len(ranking) > 1 else 0
    return ranking[0][2] >= (1 + share) * second


def _drop_leaders(extras: Extras, allies: set[int]) -> None:
    """A wary bot ends its alliance with a Clan about to win (ALLY toggles it off)."""
    for friend in sorted(allies):
        if _near_victory(extras, friend) and extras.post_line(Ally(other=friend)):
            allies.discard(friend)


def _new_allies(extras: Extras, allies: set[int], leader: int) -> list[int]:
    """Known Clans worth an alliance now: not enemies; by chance (a level that allies by
    chance); else far, and for a wary level not running away with the game. Within the level's
    number of allies, never all; never the `leader` the Clan is leaving (`clear_leader`)."""
    known = extras.rivals()
    room = min(extras.level.most_allies - len(allies), len(known) - len(allies) - 1)
    candidates = sorted(n for n in known
                        if n not in allies and n not in extras.enemies and n != leader)
    if room <= 0:
        return []
    mine = extras.clan.popularity
    chosen = []
    extras.rng.shuffle(candidates)  # among equals, not always the same Clan
    for other in sorted(candidates, key=lambda n: -_distance(extras, n, known[n])):
        far = _distance(extras, other, known[other]) >= FAR
        if extras.level.chance_allies:
            wanted = extras.rng.random() < extras.level.chance_allies
        elif extras.level.wary_allies:
            wanted = far and not _near_victory(extras, other) \
                and extras.popularity(other) <= mine * STRONGER
        else:
            wanted = far
        if wanted:
            chosen.append(other)
    return chosen[:room]


def _news(extras: Extras) -> str:
    """Something the Clan would tell everyone: a city taken, a city cured, or a boast."""
    name = extras.clan.name
    for event in extras.last_events():
        if event.kind == EventKind.CURE and event.facts.get("rival"):
            return f"{name} cured {event.facts.get('city', 'a city')} of the Plague. Healers, " \
                "not raiders."
        if event.kind == EventKind.CITY_CAPTURED:
            return f"{name} now holds {event.facts.get('city', 'a new city')}. Friends may " \
                "trade there in peace."
    if extras.view.game_turn % 5 == 0:
        return f"{name} stands ready. Trade with us or keep your distance."
    return ""


def _warn_of_leader(extras: Extras) -> list[Message | Broadcast]:
    """A hard bot tells the others, anonymously, when the leader is near victory."""
    standing = extras.standing()
    if not standing.top_clans:
        return []
    leader, leader_name, _pop = standing.top_clans[0]
    if leader == extras.view.number or not _near_victory(extras, leader):
        return []
    text = _words(f"{leader_name} is close to victory. Strike now or lose the continent.", 100)
    return [Message(to=TO_ALL, body=text)]


__all__ = ["HOSTILE", "add_diplomacy", "aggressors"]
