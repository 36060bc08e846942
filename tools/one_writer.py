"""One writer at a time, as users meet it: two `conquest turn` for one Clan started together,
and twelve wrong PINs given at once, each run as real processes on a fresh save.

    python -m tools.one_writer [--rounds 20] [--guesses 12]

Prints how many rounds ran exactly one turn (the other refused with a sentence and exit code
1) and how the failure count of a PIN seat moved under twelve simultaneous wrong PINs.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from conquest_tui.pins.hashing import hash_pin
from conquest_tui.session import Session

PIN = "2468"


def conquest(*words: str) -> list[str]:
    """The command line of `conquest WORDS…` in this Python."""
    return [sys.executable, "-m", "conquest_tui", *words]


def start_all(commands: list[list[str]]) -> list[tuple[int, str, str]]:
    """Start every command at once; their exit codes, outputs and errors."""
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for command in commands]
    return [(run.wait(timeout=300), *run.communicate()) for run in runs]


def two_turns(folder: Path, round_number: int) -> tuple[bool, str]:
    """One round: whether exactly one turn ran and the other was refused cleanly."""
    path = folder / f"turns-{round_number}.json"
    table = Session.new(path, map_name="test_small", clans=2, seed=f"writer-{round_number}")
    clan = table.active_clan
    sheet = folder / "sheet.txt"
    sheet.write_text("[PRE]\nENLIST 2\n", encoding="utf-8")
    results = start_all([conquest("turn", "--save", str(path), "--clan", str(clan),
                                  str(sheet))] * 2)
    codes = sorted(code for code, _, _ in results)
    refusal = next((err.strip() for code, _, err in results if code == 1), "")
    played = Session.open(path).referee().game.clan(clan).turns_played
    clean = refusal.startswith("conquest: ") and "Traceback" not in refusal
    return codes == [0, 1] and played == 1 and clean, refusal


def wrong_pins(folder: Path, guesses: int) -> dict[str, int]:
    """Twelve (or `guesses`) wrong PINs at once at one seat: how each was answered, and the
    seat's failure count before and after."""
    path = folder / "pins.json"
    Session.new(path, map_name="test_small", clans=2, seed="pins", pin_hashes=[hash_pin(PIN),
                                                                              ""])
    clan = next(info.number for info in Session.open(path).seats() if info.has_pin)
    before = Session.open(path).referee().game.clan(clan).pin_failures
    results = start_all([conquest("report", "--save", str(path), "--clan", str(clan),
                                  "--pin", "0000")] * guesses)
    answers = [err for _, _, err in results]
    after = Session.open(path).referee().game.clan(clan).pin_failures
    return {
        "before": before, "after": after,
        "wrong": sum("Wrong PIN" in err for err in answers),
        "waited": sum("Too many wrong PINs" in err for err in answers),
        "could not save": sum("could not save" in err for err in answers),
        "opened": sum(code == 0 for code, _, _ in results),
        "other": sum(not any(word in err for word in ("Wrong PIN", "Too many wrong PINs"))
                     for err in answers),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--guesses", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        good = 0
        refusals: set[str] = set()
        for number in range(args.rounds):
            ok, refusal = two_turns(folder, number)
            good += ok
            said = refusal.split(": ", 2)[-1]  # past "conquest: " and the file's name
            refusals.add(re.sub(r"\d+", "N", re.sub(r"\d\d:\d\d", "HH:MM", said)))
        print(f"two `conquest turn` at once: exactly one turn ran in {good} of {args.rounds} "
              "rounds")
        for refusal in sorted(refusals):
            print(f"  refused with: {refusal}")
        pins = wrong_pins(folder, args.guesses)
        print(f"{args.guesses} wrong PINs at once: failure count {pins['before']} → "
              f"{pins['after']} ({pins['wrong']} counted as wrong, {pins['waited']} refused by "
              f"the back-off, {pins['could not save']} could not save, {pins['opened']} opened, "
              f"{pins['other']} other answers)")
        counted = pins["after"] - pins["before"] == pins["wrong"]
        all_answered = pins["wrong"] + pins["waited"] == args.guesses
    return 0 if good == args.rounds and counted and all_answered and not pins["opened"] else 1


if __name__ == "__main__":
    sys.exit(main())
