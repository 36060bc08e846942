"""Every sentence a player reads: an event, a reason, the odds, worded from kinds and facts."""
