"""Conquest (seed 004): 42 territories, dice and cards; pure like Continental Conquest's engine."""
