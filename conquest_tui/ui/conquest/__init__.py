"""Conquest (seed 004) at the table: its world map pane, turn screen, dialogs and screens."""
