"""Play the rulebook's hex attack (CC-CBH-05) through many seeded engine turns; compare the odds.

Run: `python -m tools.hex_attack_rate --turns 20000`. On test_small, the first Clan's convoy #1
(25 troops, two trucks, Capture mode) stands in a hex of its own, out of any city, next to a
level-5 plains hex of the other Clan with 5 guards, which needs 15–31 troops; its sheet moves it
in. Each turn is the whole player turn
(`run_clan_turn`) on a copy of that game with its own seed. Prints how often the hex fell, how
often all 25 died and how often the commander called the attack off, beside what `conquest odds`
says of the same attack on the saved game; done when the two capture figures are within half a
point and all-killed is at most 2 %.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import math
import tempfile
import time
from collections import Counter
from pathlib import Path

from conquest_tui import cli
from conquest_tui.engine.core.events import EventKind
from conquest_tui.engine.core.game import Game
from conquest_tui.engine.play.setup import ClanSetup, GameSetup, new_game
from conquest_tui.engine.play.turn import run_clan_turn
from conquest_tui.storage.map_loader import load_map
from conquest_tui.storage.rules_loader import load_ruleset
from conquest_tui.storage.savefile import save_game

START = "0307"
"""Plains, north of the first Clan's home city 0308 on test_small: the convoy's own hex, out of
any city (no troops are picked up there before it attacks)."""
TARGET = "0306"
"""Plains, north of START."""
SHEET = "[CONVOY 1]\nN\n"
TROOPS = 25
OUTCOMES = {EventKind.HEX_CAPTURED: "captured", EventKind.HEX_ATTACK_FAILED: "all killed",
            EventKind.HEX_CALLED_OFF: "called off"}


def example_game() -> Game:
    """The rulebook's example set up on test_small: 25 troops next to a 15–31 hex."""
    game = new_game(load_ruleset(), load_map("test_small"),
                    GameSetup(clans=(ClanSetup("Iron Wolves"), ClanSetup("Road Hogs")),
                              seed="test", turn_limit=0))
    me, other = game.state.clan_order
    convoy = game.convoy(me, 1)
    assert convoy is not None and convoy.hex == "0308"
    convoy.vehicles, convoy.troops = {"truck": 2}, TROOPS
    convoy.mode, convoy.hidden = "capture", False
    game.move_convoy(convoy, START)
    game.hex(START).owner = me
    state = game.hex(TARGET)
    state.owner, state.defense, state.garrison = other, 5, 5
    game.clan(me).last_turn.visited_hexes.append(TARGET)  # seen: the odds read its facts
    return game


def play(game: Game, turns: int) -> Counter[str]:
    """The attack's outcomes over `turns` whole turns, one seed each."""
    me = game.state.clan_order[0]
    counts: Counter[str] = Counter()
    for number in range(turns):
        copied = Game(game.rules, game.map, copy.deepcopy(game.state))
        copied.state.seed = f"hex-attack-rate:{number}"
        result = run_clan_turn(copied, me, SHEET)
        told = [(OUTCOMES[e.kind], e.facts.get("troops")) for e in result.events
                if e.kind in OUTCOMES]
        if told and told[0][1] != TROOPS:
            counts["other troops"] += 1  # the set-up broke: the attack was not the example's
        counts[told[0][0] if told else "no attack"] += 1
    return counts


def odds_figure(game: Game) -> dict[str, float]:
    """`conquest odds --json` on the game saved: the chance to take the hex and to be wiped out."""
    me = game.state.clan_order[0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "example.json"
        save_game(game, path)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["odds", "--save", str(path), "--clan", str(me), "--convoy", "1",
                             "--target", TARGET, "--json"])
    assert code == 0, "conquest odds failed"
    [estimate] = json.loads(out.getvalue())
    return {"win": estimate["win"], "wiped_out": estimate["wiped_out"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20_000, help="seeded turns (20,000)")
    args = parser.parse_args()
    game = example_game()
    started = time.perf_counter()
    counts = play(game, args.turns)
    seconds = time.perf_counter() - started
    said = odds_figure(game)
    turns = args.turns
    captured = counts["captured"] / turns
    killed = counts["all killed"] / turns
    margin = 1.96 * math.sqrt(captured * (1 - captured) / turns)
    print(f"CC-CBH-05: 25 troops against a level-5 plains hex with 5 guards (15–31), "
          f"{turns:,} seeded turns in {seconds:.0f} s")
    for outcome in ("captured", "all killed", "called off", "no attack", "other troops"):
        print(f"  {outcome:<11} {counts[outcome]:>7,}  {counts[outcome] / turns:7.2%}")
    print(f"  engine turns: captured {captured:.2%} (± {margin:.2%}), all killed {killed:.2%}")
    print(f"  conquest odds: captured {said['win']:.2%}, all killed {said['wiped_out']:.2%}")
    close = abs(captured - said["win"]) <= 0.005
    rare = killed <= 0.02
    print(f"  within half a point: {'yes' if close else 'NO'}; all killed at most 2 %: "
          f"{'yes' if rare else 'NO'}")


if __name__ == "__main__":
    main()
