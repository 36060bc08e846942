"""Whole games of bots, headless: one game to a summary, counts of what happened, parallel runs."""
