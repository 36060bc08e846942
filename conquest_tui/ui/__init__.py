"""Textual user interface: the app, its screens and panes (reads engine data, never writes it)."""
