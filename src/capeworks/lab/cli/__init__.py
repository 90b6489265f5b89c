"""`capeworks lab ...`: odds tables, sampled dice, fights, sweeps, exact chains and economies,
found through the ``capeworks.cli`` entry point (``capeworks.lab.cli:PLUGIN``).

The one package of :mod:`capeworks.lab` that imports :mod:`capeworks.cli`, one
module per command group; importing it registers them all, in the order
``capeworks lab --help`` lists them. Every command takes ``--json``; bad input
is one sentence and exit code 2.
"""

from __future__ import annotations

from importlib import import_module

from capeworks.lab.cli.shared import PLUGIN, lab_app, parse_settings

# each module registers its command on import, in the order `capeworks lab --help` lists them
for _group in ("odds", "dice", "fight", "sweep", "exact", "economy"):
    import_module(f"capeworks.lab.cli.{_group}")

__all__ = ["PLUGIN", "lab_app", "parse_settings"]
