"""`python -m bench`: run the benches and print one table of every figure against its target.

Run from the repository root:
    python -m bench                  # every bench but the long bot-level games, full length
    python -m bench --quick          # fewer rounds and runs: a first look in a few minutes
    python -m bench saves scale      # some benches only (see --list)
    python -m bench --log bench.log  # keep what each bench printed

Each bench runs in its own process and records its judged figures (`bench.figures`); a figure
that is a time carries the median of a fixed reference workload timed in the same process, and
the table shows the time as a multiple of it, so a busy or slow machine shows as such. A figure
is "held" when every sample meets its target, "median only" when the median does, else "not
held". Prints, never asserts; the exit code is 0 unless a bench could not run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs
from rich.console import Console
from rich.table import Table

from bench.figures import FIGURES_FILE, Figure, read_recorded

ROOT = Path(__file__).resolve().parent.parent


@attrs.frozen
class Bench:
    """A bench the table runs: its module and its arguments, full and quick."""

    name: str
    module: str
    full: tuple[str, ...] = ()
    quick: tuple[str, ...] = ()
    long: bool = False
    """Left out unless named: it plays many whole games."""


BENCHES = (
    Bench("startup", "bench.bench_startup", ("--runs", "9"), ("--runs", "3")),
    Bench("keys-80x24", "bench.bench_keystroke", ("--size", "80x24", "--rounds", "3"),
          ("--size", "80x24", "--rounds", "1")),
    Bench("keys-200x60", "bench.bench_keystroke", ("--size", "200x60", "--rounds", "3"),
          ("--size", "200x60", "--rounds", "1")),
    Bench("serve", "bench.bench_serve", ("--runs", "7"), ("--runs", "3")),
    Bench("map", "bench.bench_map", ("--runs", "25"), ("--runs", "7")),
    Bench("clan-turn", "bench.bench_turn"),
    Bench("saves", "bench.bench_saves", (), ("--rounds", "1", "--runs", "10")),
    Bench("scale", "bench.bench_scale", (), ("--rounds", "2")),
    Bench("save-growth", "bench.bench_save_growth", ("--turns", "30"), ("--turns", "20")),
    Bench("bots", "bench.bench_bots"),
    Bench("bot-levels", "bench.bench_bot_levels", ("--map", "all"),
          ("--map", "british_isles", "--games", "8"), long=True),
)


def run(bench: Bench, quick: bool, figures_file: Path, log: Console) -> str:
    """Run one bench in its own process; '' when it ran, else why not."""
    command = [sys.executable, "-m", bench.module, *(bench.quick if quick else bench.full)]
    env = {**os.environ, FIGURES_FILE: str(figures_file)}
    log.rule(f"{bench.name}: {' '.join(command[1:])}")
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    log.out(done.stdout.rstrip(), highlight=False)
    if done.returncode != 0:
        log.out(done.stderr.rstrip(), highlight=False)
        return (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
    return ""


def _number(value: float, unit: str) -> str:
    if unit == "%":
        return f"{value:.1%}"
    if unit in ("×", "s"):
        return f"{value:.2f}"
    return f"{value:.1f}" if abs(value) >= 10 else f"{value:.2f}"


def table_of(figures: list[Figure], failed: dict[str, str]) -> Table:
    table = Table(title="Benchmarks against their targets", title_justify="left")
    for column, justify in (("bench", "left"), ("figure", "left"), ("median", "right"),
                            ("worst", "right"), ("target", "right"), ("over", "right"),
                            ("÷ ref", "right"), ("verdict", "left")):
        table.add_column(column, justify=justify, no_wrap=column != "figure",  # type: ignore[arg-type]
                         ratio=1 if column == "figure" else None)
    styles = {"held": "green", "median only": "yellow", "not held": "bold red"}
    for figure in figures:
        sign = "≥" if figure.higher_is_better else "≤"
        ratio = figure.per_reference
        unit = "" if figure.unit == "%" else f" {figure.unit}"
        table.add_row(
            figure.bench, figure.name + (f" ({figure.note})" if figure.note else ""),
            _number(figure.median, figure.unit) + unit, _number(figure.worst, figure.unit),
            f"{sign} {_number(figure.target, figure.unit)}{unit}", f"{figure.share_over:.0%}",
            "" if ratio is None else f"{ratio:.1f}",
            f"[{styles[figure.verdict]}]{figure.verdict}[/]")
    for name, reason in failed.items():
        table.add_row(name, "could not run", "", "", "", "", "", f"[bold red]{reason}[/]")
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benches", nargs="*", help="the benches to run (default: all but long)")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and runs")
    parser.add_argument("--log", type=Path, help="write what each bench printed to this file")
    parser.add_argument("--list", action="store_true", help="name the benches and stop")
    args = parser.parse_args(argv)
    by_name = {bench.name: bench for bench in BENCHES}
    if args.list:
        for bench in BENCHES:
            print(f"{bench.name:<12} python -m {bench.module} {' '.join(bench.full)}"
                  + ("   (long: only when named)" if bench.long else ""))
        return 0
    unknown = sorted(set(args.benches) - set(by_name))
    if unknown:
        parser.error(f"unknown bench {', '.join(unknown)}: choose among {', '.join(by_name)}")
    chosen = [by_name[name] for name in args.benches] if args.benches else [
        bench for bench in BENCHES if not bench.long]
    screen = Console()
    if not screen.is_terminal:
        screen = Console(width=140)  # a log or a pipe: the figures' names on one line each
    log_file = args.log.open("w", encoding="utf-8") if args.log else open(os.devnull, "w")  # noqa: SIM115
    failed: dict[str, str] = {}
    with log_file, tempfile.TemporaryDirectory() as folder:
        log = Console(file=log_file, width=120)
        figures_file = Path(folder) / "figures.jsonl"
        for bench in chosen:
            started = time.perf_counter()
            with screen.status(f"running {bench.name}…"):
                reason = run(bench, args.quick, figures_file, log)
            took = time.perf_counter() - started
            screen.print(f"{bench.name}: {'failed: ' + reason if reason else 'done'} "
                         f"in {took:.0f} s", highlight=False)
            if reason:
                failed[bench.name] = reason
        figures = read_recorded(figures_file)
    screen.print(table_of(figures, failed))
    held = sum(figure.verdict == "held" for figure in figures)
    screen.print(f"{held} of {len(figures)} figures held in every sample"
                 + (f"; {len(failed)} benches could not run" if failed else ""), highlight=False)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
