"""The game's core: hex grid, map, dice and draws, state records, the Game and a turn's context."""
