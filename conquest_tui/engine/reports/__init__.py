"""What a Clan sees: its fog-filtered view and its report, as data and as text."""
