"""The longest tests start first, one or two on each xdist worker, so none ends the run late."""

from __future__ import annotations

import pytest

LONG: dict[str, float] = {
    "tests/test_whole_game.py::test_four_clans_play_ten_game_turns_through_the_cli": 10,
    "tests/test_serve_browser.py::test_a_seat_plays_its_turn_in_chromium": 9,
    "tests/ui/test_app_flow.py::test_two_clans_play_a_game_turn_by_keys": 8,
    "tests/test_serve.py::test_two_seats_each_play_a_turn": 6,
    "tests/test_judgement.py::test_the_check_skips_exactly_the_lines_the_turn_skips": 6,
    "tests/test_simulate_cluster.py::test_games_on_a_cluster_print_what_two_jobs_print": 5,
    "tests/ui/test_conquest_turn.py::test_no_key_crashes_the_screen_in_any_phase": 5,
    "tests/ui/test_conquest_table.py::test_each_person_gives_the_pin_once": 5,
    "tests/test_damaged_saves.py::test_a_seeded_sample_of_damaged_saves_never_crashes": 4,
    "tests/ui/test_app_flow.py::test_the_command_palette_saves_and_jumps": 4,
    "tests/test_simulate.py::test_json_lines_do_not_depend_on_the_number_of_jobs": 4,
    "tests/test_conservation.py::test_every_unit_a_clan_gains_or_loses_is_in_an_event": 4,
    "tests/test_one_writer.py::test_two_conquest_turn_commands_at_once_run_one_turn": 3,
    "tests/ui/test_pin.py::test_wrong_pins_back_off": 3,
    "tests/ui/test_fast_keys.py::test_a_seeded_burst_of_keys_from_the_title_on": 3,
}
"""The start of each long test's id, with its rough seconds on a quiet machine (only the order
of the run depends on them: a test renamed or gone is simply not moved)."""


def _chunk_sizes(count: int, workers: int) -> list[int]:
    """How many tests xdist's work-stealing scheduler first gives each worker, in turn."""
    sizes = []
    for turn in range(workers):
        sizes.append(count // (workers - turn))
        count -= sizes[-1]
    return sizes


def _weight(item: pytest.Item) -> float:
    return next((seconds for start, seconds in LONG.items() if item.nodeid.startswith(start)), 0)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `--dist worksteal` each worker first gets one run of consecutive tests: the long
    tests go to the heads of those runs, the longest first, each to the least loaded run; the
    other tests keep their order (a module's tests stay together, and its fixtures set up once).
    Every worker orders its collection alike, as xdist requires (a worker is not told how the
    tests are distributed: pyproject's addopts say worksteal)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        return
    workers = int(workerinput["workercount"])
    long = sorted((item for item in items if _weight(item)), key=_weight, reverse=True)
    if workers < 2 or not long:
        return
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for item in long:
        least = loads.index(min(loads))
        heads[least].append(item)
        loads[least] += _weight(item)
    moved = set(map(id, long))
    rest = iter([item for item in items if id(item) not in moved])
    ordered: list[pytest.Item] = []
    for head, size in zip(heads, _chunk_sizes(len(items), workers), strict=True):
        ordered += head
        ordered += [next(rest) for _ in range(max(size - len(head), 0))]
    ordered += list(rest)
    items[:] = ordered
