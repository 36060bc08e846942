"""`conquest simulate --executor dask`: games on a Dask cluster give what `--jobs 2` gives, in the
same order; a missing extra, a wrong address or options that do not go together are one sentence."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import pytest

from conquest_tui.cli import main
from conquest_tui.simulation import executors
from conquest_tui.simulation.executors import ExecutorError

Capture = pytest.CaptureFixture[str]

CONTINENTAL = ["simulate", "--map", "test_small", "--clans", "2", "--turns", "3", "--seed",
               "cluster", "--games", "4"]
CONQUEST = ["simulate", "--game", "conquest", "--clans", "2", "--seed", "cluster", "--games",
            "3", "--levels", "hard,easy"]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask cluster in this process: two workers of one thread each."""
    distributed = pytest.importorskip(
        "distributed", reason="the cluster extra (dask.distributed) is not installed")
    with distributed.LocalCluster(processes=False, n_workers=2, threads_per_worker=1,
                                  dashboard_address="127.0.0.1:0") as cluster:  # any free port
        yield cluster.scheduler_address


def _printed(capsys: Capture, words: list[str]) -> tuple[str, str]:
    capsys.readouterr()
    assert main(words) == 0
    out, err = capsys.readouterr()
    return out, err


@pytest.mark.parametrize("game", [CONTINENTAL, CONQUEST], ids=["continental", "conquest"])
def test_games_on_a_cluster_print_what_two_jobs_print(scheduler: str, game: list[str],
                                                      capsys: Capture) -> None:
    """Each game's JSON line and the summary table are the same, byte for byte, in game order.
    (Conquest's games are compared with one process: both games go through the one ordering
    of results, and spawning two more processes would double the test's time.)"""
    on_cluster = ["--executor", "dask", "--scheduler", scheduler]
    lines, _ = _printed(capsys, [*game, "--json", *on_cluster])
    jobs = "2" if game is CONTINENTAL else "1"
    assert lines == _printed(capsys, [*game, "--json", "--jobs", jobs])[0]
    games = 4 if game is CONTINENTAL else 3
    assert [json.loads(line)["seed"] for line in lines.splitlines()] == [
        f"cluster-{number}" for number in range(1, games + 1)]
    if game is CONTINENTAL:  # the table, from the same summaries
        table, _ = _printed(capsys, [*game, *on_cluster])
        assert "4 games on test_small" in table
        assert table == _printed(capsys, game)[0]


def test_without_the_cluster_extra_it_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    capsys.readouterr()
    assert main([*CONTINENTAL, "--json", "--executor", "dask", "--scheduler",
                 "tcp://127.0.0.1:8786"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"conquest: {executors.CLUSTER_MISSING}\n"
    assert "pip install 'conquest-tui[cluster]'" in err


@pytest.mark.parametrize(("words", "said"), [
    (["--executor", "dask"], "--executor dask needs --scheduler"),
    (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler goes with --executor dask"),
    (["--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"],
     "--jobs is for --executor processes"),
    (["--jobs", "0"], "--jobs takes a whole number of 1 or more"),
])
def test_options_that_do_not_go_together_are_one_sentence(words: list[str], said: str,
                                                           capsys: Capture) -> None:
    capsys.readouterr()
    assert main([*CONTINENTAL, *words]) == 1
    err = capsys.readouterr().err
    assert said in err
    assert err.count("\n") == 1


def test_a_wrong_address_or_no_scheduler_is_one_sentence(
        monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.2)
    capsys.readouterr()
    assert main([*CONTINENTAL, "--executor", "dask", "--scheduler", "nowhere://x"]) == 1
    assert "nowhere://x is not a Dask scheduler's address" in capsys.readouterr().err
    assert main([*CONTINENTAL, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("conquest: No Dask scheduler answered at tcp://127.0.0.1:9")
    assert err.count("\n") == 1


def _game_elsewhere(number: int) -> int:
    return number


def test_workers_that_cannot_import_the_game_are_one_sentence(
        scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that cannot read a game drops it, and the run would wait for ever: it is
    asked first whether it has the module that plays the games."""
    monkeypatch.setattr(_game_elsewhere, "__module__", "conquest_tui_not_installed_here")
    with pytest.raises(ExecutorError, match="install this version of conquest-tui"):
        executors.run_in_order(_game_elsewhere, [1, 2],
                               executors.Executor("dask", scheduler=scheduler))
