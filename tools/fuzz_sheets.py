"""Feed seeded random order sheets to the parser and the checker; count crashes and unnamed lines.

Run: `python -m tools.fuzz_sheets --sheets 20000 --seed 1`. Each sheet mixes real order words,
numbers (huge ones too), digits from other scripts, line separators and long lines; every sheet
is parsed and checked against a small two-Clan game. A crash is any exception; a sheet fails
when a problem names a line outside it or a line that was not read is named by no problem.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from conquest_tui.engine.core.game import Game
from conquest_tui.engine.orders.sheet import OrderSheet, header_of, parse_sheet, sheet_lines
from conquest_tui.engine.play.checker import check_sheet
from conquest_tui.session import new_game

WORDS = (
    "BUY", "SELL", "ENLIST", "TRAIN", "GIVE", "ORDER", "VIGILANCE", "DEFEND", "ASSIGN",
    "FORTIFY", "NAME", "CREATE", "PAUSE", "N", "SE", "northwest", "0516", "12**", "FOOD",
    "FUEL", "RIFLES", "ALL", "EXPERTS", "ENG", "CONVOY", "#1", "#2", "-5", "+3", "1,000",
    '"Iron Fist"', '"unclosed', ";", "[PRE]", "[POST]", "[CONVOY 1]", "[CONVOY #2]", "[AGENTS]",
    "[BOGUS]", "[CONVOY ²]", "HIDE", "MESSAGE", "SLOGAN",
)
DIGITS = "0123456789²³¹٣٤۵߀०১௫൬๗༣၄႖៦᠕１９𝟘𝟡"
SEPARATORS = ("\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\r", "\x1c", "\t", "\u00a0", "\u3000")


def random_number(rng: random.Random) -> str:
    """A number: small, large, huge, or written with digits from other scripts."""
    kind = rng.randrange(5)
    if kind == 0:
        return str(rng.randrange(0, 100))
    if kind == 1:
        return str(rng.randrange(0, 10**12))
    if kind == 2:
        return rng.choice("123456789") * rng.choice((30, 4301, 5000))
    if kind == 3:
        return "".join(rng.choice(DIGITS) for _ in range(rng.randrange(1, 6)))
    return rng.choice(("#", "-", "+", "")) + "".join(rng.choice(DIGITS[:10]) for _ in range(3))


def random_word(rng: random.Random) -> str:
    """One word of a line."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(WORDS)
    if roll < 0.8:
        return random_number(rng)
    if roll < 0.9:
        return rng.choice(SEPARATORS)
    return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 8)))


def random_line(rng: random.Random) -> str:
    """A line: a header, a few words, or now and then a very long one."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(("[PRE]", "[POST]", f"[CONVOY {rng.randrange(0, 4)}]", "[AGENTS]"))
    if roll < 0.02 + 0.15:
        return rng.choice(WORDS) + " " * rng.randrange(0, 3000) + random_word(rng)
    return " ".join(random_word(rng) for _ in range(rng.randrange(0, 6)))


def random_sheet(rng: random.Random) -> str:
    """A sheet of up to 40 lines joined by newlines, CRLFs or stray separators."""
    joins = ("\n", "\n", "\n", "\r\n", rng.choice(SEPARATORS))
    return "".join(random_line(rng) + rng.choice(joins) for _ in range(rng.randrange(0, 40)))


def unnamed_lines(text: str, sheet: OrderSheet, problem_lines: set[int]) -> list[int]:
    """Lines with content that were neither read into a section nor named by a problem."""
    read = {line.line for lines in (sheet.pre, sheet.post, sheet.agents) for line in lines}
    read |= {line.line for _, lines in sheet.convoys for line in lines}
    bad = {line.line for lines in (sheet.pre, sheet.post, sheet.agents) for line in lines
           if line.order is None}
    bad |= {line.line for _, lines in sheet.convoys for line in lines if line.order is None}
    skipped_section = False
    missing: list[int] = []
    for number, raw in enumerate(sheet_lines(text), start=1):
        if header_of(raw) is not None:
            skipped_section = any(p.line == number and p.code == "duplicate_section"
                                  for p in sheet.problems)
            continue
        if (number in bad or number not in read) and number not in problem_lines \
                and not skipped_section and _has_content(raw):
            missing.append(number)
    return missing


def _has_content(raw: str) -> bool:
    stripped = raw.strip()
    return bool(stripped) and not stripped.startswith(";") and bool(stripped.split(";")[0].strip())


def fuzz_one(game: Game, clan: int, text: str) -> str | None:
    """What went wrong with one sheet, or None."""
    sheet = parse_sheet(text, game.rules)
    problems = check_sheet(game, clan, sheet)
    count = len(sheet_lines(text))
    outside = [p.line for p in problems if not 1 <= p.line <= max(count, 1)]
    if outside:
        return f"problems name lines {outside[:5]} of a {count}-line sheet"
    if len(sheet.problems) == 1 and sheet.problems[0].code == "sheet_too_big":
        return None
    missing = unnamed_lines(text, sheet, {p.line for p in sheet.problems})
    return f"lines {missing[:5]} were not read and no problem names them" if missing else None


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the sheets, print the counts; 1 if anything failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    game = new_game(map_name="test_small", clans=2, seed=str(args.seed))
    clan = game.state.active_clan
    crashes = unnamed = 0
    started = time.perf_counter()
    for index in range(args.sheets):
        text = random_sheet(rng)
        try:
            failure = fuzz_one(game, clan, text)
        except Exception:  # noqa: BLE001 - counting crashes is the point
            crashes += 1
            if crashes <= 3:
                print(f"sheet {index} crashed:\n{traceback.format_exc(limit=3)}", file=sys.stderr)
            continue
        if failure:
            unnamed += 1
            if unnamed <= 3:
                print(f"sheet {index}: {failure}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"{args.sheets} sheets (seed {args.seed}) in {elapsed:.1f} s: {crashes} crashes, "
          f"{unnamed} sheets with a bad line no problem names")
    return 1 if crashes or unnamed else 0


if __name__ == "__main__":
    sys.exit(main())
