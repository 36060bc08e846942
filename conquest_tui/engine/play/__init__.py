"""Playing the game: a new game, a Clan's turn and checking its sheet."""
