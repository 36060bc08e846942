"""Each game's own rules, state and bots, below the table (title, seats, saves) the games share."""
