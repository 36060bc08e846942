"""The options that choose where `conquest simulate` and the tools play their games."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from conquest_tui.simulation.executors import Executor

KINDS = ("processes", "dask")
"""Where games can be played: processes on this machine, or an existing Dask cluster."""


def add_options(parser: argparse.ArgumentParser) -> None:
    """--jobs, --executor and --scheduler, for `conquest simulate` and the tools."""
    parser.add_argument("--jobs", type=int,
                        help="games played at once in processes on this machine (default 1)")
    parser.add_argument("--executor", choices=KINDS, default="processes",
                        help="where games are played: processes (this machine, the default) or "
                        "dask (an existing Dask cluster, with --scheduler)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --executor dask: the cluster's scheduler, e.g. "
                        "tcp://10.0.0.5:8786")


def from_options(args: argparse.Namespace) -> Executor:
    """The executor the options ask for; ExecutorError when they do not go together."""
    from conquest_tui.simulation.executors import Executor, ExecutorError

    if args.executor == "dask":
        if not args.scheduler:
            raise ExecutorError("--executor dask needs --scheduler, the address of the "
                                "cluster's scheduler (e.g. tcp://10.0.0.5:8786)")
        if args.jobs is not None:
            raise ExecutorError("--jobs is for --executor processes: a Dask cluster plays as "
                                "many games at once as its workers have threads")
        return Executor("dask", scheduler=args.scheduler)
    if args.scheduler:
        raise ExecutorError("--scheduler goes with --executor dask")
    jobs = 1 if args.jobs is None else args.jobs
    if jobs < 1:
        raise ExecutorError("--jobs takes a whole number of 1 or more")
    return Executor("processes", jobs=jobs)


def parsed(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Executor:
    """The executor of a tool's options; the parser's usage and one sentence if they clash."""
    from conquest_tui.simulation.executors import ExecutorError

    try:
        return from_options(args)
    except ExecutorError as error:
        parser.error(str(error))
