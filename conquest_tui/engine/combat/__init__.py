"""Battles: convoy against convoy, city invasions, bombing and razing (rulebook section 10)."""
