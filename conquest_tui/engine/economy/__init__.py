"""Money and the game turn: income, markets, population, victory, random events."""
