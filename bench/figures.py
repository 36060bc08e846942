"""A bench's judged figures: measured samples against a target, recorded for `python -m bench`."""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from collections.abc import Iterable
from pathlib import Path

import attrs

FIGURES_FILE = "CONQUEST_BENCH_FIGURES"
"""Environment variable: where a bench appends its figures as JSON lines (set by the table)."""
TIMES = ("ms", "s")
"""Units that are times: their figures carry the machine's reference beside them."""


def _floats(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(values)


@attrs.frozen
class Figure:
    """One judged figure: its samples, its target and which way is better."""

    bench: str
    name: str
    unit: str
    samples: tuple[float, ...] = attrs.field(converter=_floats)
    target: float
    higher_is_better: bool = False
    reference_ms: float | None = None
    """For a time: the machine reference's median, timed in the same process as the samples."""
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def worst(self) -> float:
        return min(self.samples) if self.higher_is_better else max(self.samples)

    def misses(self, value: float) -> bool:
        return value < self.target if self.higher_is_better else value > self.target

    @property
    def share_over(self) -> float:
        """The share of samples on the wrong side of the target."""
        return sum(self.misses(sample) for sample in self.samples) / len(self.samples)

    @property
    def verdict(self) -> str:
        """held (every sample), held at the median (not every sample) or not held."""
        if not self.misses(self.worst):
            return "held"
        return "median only" if not self.misses(self.median) else "not held"

    @property
    def per_reference(self) -> float | None:
        """The median as a multiple of the machine reference (times only)."""
        if self.unit not in TIMES or not self.reference_ms:
            return None
        median_ms = self.median * (1000 if self.unit == "s" else 1)
        return median_ms / self.reference_ms


def machine_reference_ms(repeats: int = 5) -> float:
    """Milliseconds of a fixed pure-Python workload (sort, dict and string work, JSON): the
    yardstick a time is divided by, so that a slow machine or a busy one shows as such."""
    times = []
    for _ in range(repeats):
        rng = random.Random(1995)
        started = time.perf_counter()
        numbers = [rng.random() for _ in range(20_000)]
        numbers.sort()
        table = {f"{index:04d}": value for index, value in enumerate(numbers)}
        text = json.dumps(table)
        json.loads(text)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def record(figure: Figure) -> Figure:
    """Append `figure` to the table's file when the table runs this bench; returns it."""
    target = os.environ.get(FIGURES_FILE)
    if target:
        with Path(target).open("a", encoding="utf-8") as out:
            out.write(json.dumps(attrs.asdict(figure)) + "\n")
    return figure


def read_recorded(path: Path) -> list[Figure]:
    """The figures recorded in `path`, in order."""
    if not path.exists():
        return []
    return [Figure(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
