"""The fast path's default limits on the exact chain, kept apart so the CLI reads them without NumPy."""

from __future__ import annotations

__all__ = ["MAX_BRANCHES", "MAX_STATES"]

MAX_STATES = 5_000
"""States the chain may enter before the fast path refuses the fight."""

MAX_BRANCHES = 10_000
"""Dice branches (each a table prepare) the chain may try before the fast path refuses the fight."""
