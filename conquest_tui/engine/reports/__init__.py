"""What a Clan sees and has seen, as data: its fog-filtered view, its report, its history."""
