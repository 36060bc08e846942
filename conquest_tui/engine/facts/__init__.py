"""What each event kind and problem code carries: the facts their sentences read, declared once."""
