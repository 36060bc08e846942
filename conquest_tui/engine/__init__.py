"""Game engine: pure rules, state and turn resolution (stdlib and attrs only)."""
