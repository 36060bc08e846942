"""The phases of a player turn, one module each, in the order of the SEQUENCE OF PLAY."""
