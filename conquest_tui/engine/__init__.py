"""Game engine: pure rules, state and turn resolution (the standard library only)."""
