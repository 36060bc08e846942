"""Failures of the `conquest` command, each one sentence and an exit code."""

from __future__ import annotations


class CliError(Exception):
    """A failure to print as one sentence with a non-zero exit."""

    code = 1


class PinNeeded(CliError):
    """A PIN-protected Clan and no PIN given (nor a terminal to ask it on): exit code 2."""

    code = 2
