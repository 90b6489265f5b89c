"""The exact chain's budget: the fast path's default limits, the branch budget `lab exact` shares, and
the one refusal of a budget below 1; kept apart so the CLI reads them without NumPy."""

from __future__ import annotations

from capeworks.errors import InvalidCommand

__all__ = ["BRANCHES_HELP", "MAX_BRANCHES", "MAX_STATES", "check_budget"]

MAX_STATES = 5_000
"""States the chain may enter before the fast path refuses the fight."""

MAX_BRANCHES = 10_000
"""Dice branches (each a table prepare) the chain may try before the fast path refuses the fight."""

BRANCHES_HELP = "The exact chain's limit on its dice branches (each a table prepare): refused once spent."
"""The ``--max-branches`` option's help, the same words in every command that builds the chain."""


def check_budget(**limits: int) -> None:
    """One sentence for a chain budget below 1 (``limits``: flag name without dashes, ``max_states=...``),
    the same words in every command: a budget of 0 would read "the exact chain passed 0 dice branches"."""
    for name, value in limits.items():
        if value < 1:
            flag = "--" + name.replace("_", "-")
            raise InvalidCommand(f"{flag} is a number, at least 1, not {value}.")
