"""Offline generator of CONTINENTAL CONQUEST hex maps from package-carried geodata."""
