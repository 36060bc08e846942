"""Where a run's games are played (here, spawned processes, a Dask cluster); results in order."""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, TypeVar

import attrs

if TYPE_CHECKING:
    from distributed import Client

Item = TypeVar("Item")
Result = TypeVar("Result")

Kind = Literal["processes", "dask"]

CLUSTER_MISSING = ("Playing games on a Dask cluster needs the cluster extra: install it with "
                   "pip install 'conquest-tui[cluster]' (or pip install '.[cluster]' from the "
                   "game's source folder).")
"""What `--executor dask` says when dask.distributed is not installed."""

CONNECT_SECONDS = 10
"""How long to wait for the Dask scheduler to answer."""


class ExecutorError(Exception):
    """A run that cannot start or finish where it was sent: one sentence for the player."""


@attrs.frozen
class Executor:
    """Where the games of a run are played."""

    kind: Kind = "processes"
    jobs: int = 1
    """With processes: games at once (1: one after another in this process)."""
    scheduler: str = ""
    """With dask: the address of the cluster's scheduler, e.g. tcp://10.0.0.5:8786."""

    def runs_here(self, games: int) -> bool:
        """True when the games are played one after another in this process."""
        return self.kind == "processes" and (self.jobs <= 1 or games <= 1)


def run_in_order(play: Callable[[Item], Result], items: Sequence[Item], executor: Executor,
                 done: Callable[[Result], object] | None = None) -> list[Result]:
    """`play` of every item, in the items' order whatever finishes first; `done(result)` as
    each one finishes. `play` and the items go to other processes or machines, so `play` is
    a module's function and its result depends on its item only."""
    if executor.runs_here(len(items)):
        results = []
        for item in items:
            results.append(play(item))
            if done is not None:
                done(results[-1])
        return results
    if executor.kind == "dask":
        return _on_cluster(play, items, executor.scheduler, done)
    return _in_processes(play, items, executor.jobs, done)


def _in_processes(play: Callable[[Item], Result], items: Sequence[Item], jobs: int,
                  done: Callable[[Result], object] | None) -> list[Result]:
    """Each item in one of `jobs` spawned processes (nothing inherited from this one)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")
    results: dict[int, Result] = {}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {pool.submit(play, item): index for index, item in enumerate(items)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if done is not None:
                done(results[futures[future]])
    return [results[index] for index in range(len(items))]


def _on_cluster(play: Callable[[Item], Result], items: Sequence[Item], address: str,
                done: Callable[[Result], object] | None) -> list[Result]:
    """Each item a task on the Dask cluster whose scheduler is at `address`."""
    try:
        from distributed import as_completed as finished
    except ImportError:
        raise ExecutorError(CLUSTER_MISSING) from None
    results: dict[int, Result] = {}
    with _connect(address) as client:
        _check_workers(client, play.__module__)
        futures = client.map(play, items, pure=False)  # never merged: each item is a game
        index = {future.key: number for number, future in enumerate(futures)}
        for future in finished(futures, loop=client.loop):
            result = future.result()
            results[index[future.key]] = result
            if done is not None:
                done(result)
    return [results[number] for number in range(len(items))]


def _check_workers(client: Client, module: str) -> None:
    """One sentence if a worker cannot import the module that plays the games (its tasks would
    wait for ever: a worker that cannot read a task drops it)."""
    import importlib.util

    try:  # a function of the standard library, which every worker can read
        found = client.run(importlib.util.find_spec, module)
    except ImportError as error:
        found = {"": None}
        why = f" ({error})"
    else:
        why = ""
    if any(spec is None for spec in found.values()):
        raise ExecutorError(f"The cluster's workers cannot play the games{why}: install this "
                            "version of conquest-tui where they run.")


def _connect(address: str) -> Client:
    """A client of the scheduler at `address`, or one sentence why there is none."""
    from distributed import Client
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import backends

    if parse_address(address)[0] not in backends:
        known = ", ".join(f"{scheme}://" for scheme in sorted(backends))
        raise ExecutorError(f"{address} is not a Dask scheduler's address: one begins with "
                            f"{known} or is a host and port")
    try:
        return Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, ValueError) as error:  # TimeoutError is an OSError
        why = str(error)
    gc.collect()  # the half-made client closes now, while its event loop runs (not at exit)
    raise ExecutorError(f"No Dask scheduler answered at {address} ({why}).")
