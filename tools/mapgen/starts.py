"""Pick widely spread starting cities by greedy farthest-point selection (pure Python)."""

from __future__ import annotations

from collections.abc import Sequence

from .hexgrid import Hex, distance


def farthest_points(candidates: Sequence[Hex], count: int, first: int = 0) -> list[Hex]:
    """Start at candidates[first], then keep adding the candidate farthest from those chosen."""
    if not candidates or count <= 0:
        return []
    chosen = [candidates[first]]
    gap = [distance(h, chosen[0]) for h in candidates]
    while len(chosen) < min(count, len(candidates)):
        i = max(range(len(candidates)), key=lambda j: (gap[j], -j))
        chosen.append(candidates[i])
        gap = [min(g, distance(h, candidates[i])) for g, h in zip(gap, candidates, strict=True)]
    return chosen


def min_spacing(points: Sequence[Hex]) -> int:
    """Smallest pairwise hex distance (99 for fewer than two points)."""
    return min(
        (distance(a, b) for i, a in enumerate(points) for b in points[i + 1 :]), default=99
    )


def best_spread(candidates: Sequence[Hex], count: int) -> tuple[int, list[Hex]]:
    """The widest minimum spacing greedy selection reaches over every possible first city."""
    best: tuple[int, list[Hex]] = (-1, [])
    for first in range(len(candidates)):
        pts = farthest_points(candidates, count, first)
        if len(pts) == count:
            spacing = min_spacing(pts)
            if spacing > best[0]:
                best = (spacing, pts)
    return best
