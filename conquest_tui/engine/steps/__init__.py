"""Steps inside the phases: entering a hex (capture, loot, experts), pickup and cargo sale, city
buildings, food, expert upkeep, scanning."""
