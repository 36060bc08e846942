"""The fixed names of the rulebook's tables: every rules file must define exactly these."""

from __future__ import annotations

TERRAINS = ("plains", "agricultural", "forest", "desert", "mountains", "swamp", "wilderness",
            "jungle", "barren", "metropolis", "water", "islands", "sea_lane")
VEHICLE_CLASSES = ("fast_scout", "small_combat", "medium_multi_purpose", "large_troop",
                   "large_assault")
CONVOY_TYPES = ("land", "sea", "amphibious", "military", "air")
CONVOY_MODES = ("capture", "recon", "empty")
BUILDINGS = ("AIR", "ARM", "BAR", "BAT", "CHU", "HEL", "HOS", "IND", "JUN", "MAR", "RAD", "REC",
             "SHE", "SPO", "STO")
SPECIAL_STRUCTURES = ("ARS", "BAN", "CAS", "FIS", "GAS", "HOS", "MIL", "PAR", "POL", "RAC",
                      "REC", "RES", "STA", "TRA", "UNI")
CUSTOM_STRUCTURES = ("DER", "FAR", "SHO", "LAB", "CAM", "GAR", "REF")
EXPERTS = ("ARM", "CHE", "DEA", "DOC", "ENG", "GOU", "GUN", "MER", "PIL", "POL", "PRI", "SCO",
           "SER", "SPY", "TIN", "TRA")
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
POPULATION_BANDS = ("minor", "major")
SUPPLIES = ("money", "food", "fuel", "parts", "vaccine")
STRUCTURE_OUTPUT = (*SUPPLIES, "troops", "rifles", "grenades")
MARKET_ITEMS = ("fuel", "food", "parts", "vaccine", "troops", "rifles", "grenades", "rockets",
                "claymores", "bombs")
WEAPONS = ("rifles", "grenades", "rockets", "claymores", "bombs")
FIXED_COSTS = ("building", "custom_structure", "expert", "gamble", "order_line",
               "pave_per_multiplier")
ESPIONAGE_KEYWORDS = ("OWNER", "ALLIES", "ENEMIES", "INCOME", "HEXES", "CITIES", "CONVOYS")
LOOT_RESOURCES = (*SUPPLIES, "rifles", "grenades")
EVENT_RESOURCES = (*STRUCTURE_OUTPUT, "morale", "training")
SABOTAGE_RESOURCES = ("population", "troops", "money", "food", "fuel", "parts", "claymores")
LOOT_KINDS = ("nothing", "gain", "gain_one_of", "scout_vehicle")
EVENT_KINDS = ("gain", "lose", "lose_percent", "scout_vehicle", "city_income", "reveal_city",
               "nothing", "extra_maintenance", "plague")
EVENT_TARGETS = ("clan", "all_convoys", "random_convoy", "random_city", "unknown_city")
EVENT_TONES = ("good", "neutral", "bad")
SABOTAGE_KINDS = ("nothing", "kill_population", "kill_garrison_percent",
                  "kill_population_and_troops", "no_income", "burn_building", "false_spotting",
                  "steal_money", "steal_one_of", "destroy_claymores", "lower_fortification")
CURE_GIFT_KINDS = ("per_thousand", "vehicle")
BOMB_TARGETS = ("B", "P", "T", "S")
ROUNDING_MODES = ("floor", "ceil", "nearest")
D100, D20, D6 = 100, 20, 6
