"""CONTINENTAL CONQUEST, the 1995 play-by-mail wargame, as a hot-seat terminal game."""

__version__ = "0.1.0"
