"""The words of the extra Top Clans lists: their titles and how a figure reads (CC-RPT-09)."""

from __future__ import annotations

TITLES = {
    "cities": "MOST CITIES",
    "hexes": "MOST HEXES",
    "income": "HIGHEST INCOME",
    "power": "MOST POWER",
}


def figure(measure: str, value: int) -> str:
    """'$14,103' for income, '3' for the others."""
    return f"${value:,}" if measure == "income" else f"{value:,}"
