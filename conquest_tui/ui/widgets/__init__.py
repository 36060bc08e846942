"""Widgets of the game screen, one pane per module."""
