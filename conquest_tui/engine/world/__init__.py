"""Hexes and cities: defense, structures, buildings, goods, what a Clan knows, radio."""
