"""Scenarios: a position, the sheets each Clan hands in, and what must hold afterwards."""
