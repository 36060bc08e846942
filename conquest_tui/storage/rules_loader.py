"""Load data/rules/*.toml into the frozen Ruleset: `load_ruleset()`, cached for the default dir."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from conquest_tui.engine.rules import ruleset as r
from conquest_tui.engine.rules.ruleset_values import FrozenDict
from conquest_tui.storage import paths
from conquest_tui.storage.rules_fields import RulesError, Table, fail

__all__ = ["RULE_FILES", "RulesError", "load_ruleset"]

RULE_FILES = (
    "terrain", "convoys", "vehicles", "hexes", "cities", "buildings", "structures", "experts",
    "market", "espionage", "casino", "start", "consumption", "morale", "loot", "events",
    "combat", "health", "orders",
)


def load_ruleset(rules_dir: Path | None = None) -> r.Ruleset:
    """The ruleset from `rules_dir` (default: the project's data/rules, loaded once and cached).

    Raises RulesError naming the file, the key and the problem when anything is wrong.
    """
    if rules_dir is None:
        return _default_ruleset()
    return _Loader(Path(rules_dir)).build()


@functools.cache
def _default_ruleset() -> r.Ruleset:
    from conquest_tui.storage.rules_cache import cached_ruleset  # current pickled copy, or build

    return cached_ruleset(paths.rules_dir(), lambda: _Loader(paths.rules_dir()).build())


def _display(path: Path) -> str:
    """data/rules/x.toml for the project's own files, else the path as given."""
    try:
        return path.resolve().relative_to(paths.data_dir().resolve().parent).as_posix()
    except ValueError:
        return str(path)


class _Loader:
    """Parses each file once; the readers consume their keys, unknown keys are errors."""

    def __init__(self, rules_dir: Path) -> None:
        self.dir = rules_dir
        if not rules_dir.is_dir():
            raise RulesError(f"{_display(rules_dir)}: rules directory not found")
        for path in sorted(rules_dir.glob("*.toml")):
            if path.stem not in RULE_FILES:
                raise RulesError(f"{_display(path)}: unknown rules file (expected: "
                                 f"{', '.join(f + '.toml' for f in RULE_FILES)})")
        self.roots: dict[str, Table] = {}

    def files(self, name: str) -> Table:
        """The top table of `<name>.toml`."""
        if name not in self.roots:
            path = self.dir / f"{name}.toml"
            source = _display(path)
            import tomllib  # only when the rules cache misses

            try:
                with path.open("rb") as handle:
                    data = tomllib.load(handle)
            except FileNotFoundError:
                raise RulesError(f"{source}: file missing") from None
            except tomllib.TOMLDecodeError as error:
                raise RulesError(f"{source}: not valid TOML: {error}") from None
            self.roots[name] = Table(source, "", data)
        return self.roots[name]

    def build(self) -> r.Ruleset:
        from conquest_tui.storage import rules_play as play  # not needed when rules_cache hits
        from conquest_tui.storage import rules_world as world

        files = self.files
        classes, types_raw, convoy = world.read_convoys(files)
        vehicles = world.read_vehicles(files, classes, types_raw)
        convoy_types = world.finish_types(types_raw, vehicles)
        customs = world.read_custom_structures(files)
        terrains = world.read_terrains(files, customs)
        fixed = play.read_market_fixed(files)
        values: dict[str, Any] = {
            "terrains": terrains, "vehicle_classes": classes, "vehicles": vehicles,
            "convoy_types": convoy_types, "convoy": convoy, "fixed_costs": fixed,
            "custom_structures": FrozenDict({code: attrs.evolve(rule, cost=fixed[
                "custom_structure"]) for code, rule in customs.items()}),
        }
        values.update(world.read_convoy_tables(files))
        values.update(world.read_hexes(files))
        values.update(world.read_cities(files))
        values.update(world.read_buildings(files, fixed))
        values.update(world.read_special_structures(files))
        values.update(world.read_experts(files, fixed, convoy_types))
        values.update(play.read_consumption(files))
        values.update(play.read_market(files))
        values.update(play.read_espionage(files))
        values.update(play.read_casino(files))
        values.update(play.read_start(files, convoy_types))
        values.update(play.read_morale(files))
        values.update(play.read_loot(files))
        values.update(play.read_events(files))
        values.update(play.read_combat(files, classes, convoy_types))
        values.update(play.read_health(files, classes))
        values.update(play.read_orders(files, convoy_types))
        for name in RULE_FILES:
            files(name).finish()
        self._check_cross(values)
        return r.Ruleset(**values)

    # --- cross-file checks ---------------------------------------------------------------
    def _check_cross(self, values: Mapping[str, Any]) -> None:
        start: r.StartRules = values["start"]
        where = self.files("start").where
        if start.city_fortification > len(values["fortifications"]):
            fail(where("start.city_fortification"),
                 f"expected a level within 1..{len(values['fortifications'])}")
        if start.hex_defense > len(values["defense_levels"]):
            fail(where("start.hex_defense"),
                 f"expected a level within 1..{len(values['defense_levels'])}")
        capacity = values["fortifications"][start.city_fortification - 1].capacity
        if start.city_troops > capacity:
            fail(where("start.city_troops"),
                 f"expected at most the city's capacity ({capacity}), got {start.city_troops}")
        convoy: r.ConvoyRules = values["convoy"]
        for field, vehicle in (("pave_vehicle", convoy.pave_vehicle),
                               ("junkyard_vehicle", convoy.junkyard_vehicle)):
            if vehicle not in values["vehicles"]:
                fail(self.files("convoys").where(f"convoy.{field}"),
                     f"unknown vehicle \"{vehicle}\"")
        bombing: r.BombingRules = values["combat"].bombing
        if len(bombing.hit_chance) != len(values["fortifications"]):
            fail(self.files("combat").where("bombing.hit_chance"),
                 f"expected one chance per fortification level ({len(values['fortifications'])}),"
                 f" got {len(bombing.hit_chance)}")
        missing = [key for key in values["weapons"] if key not in values["market"]]
        if missing:
            fail(self.files("market").where("items"), f"no price for weapon {missing[0]}")
