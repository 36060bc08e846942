"""Bot seats: order sheets written from a Clan's own view of the game."""
