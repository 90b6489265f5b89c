"""The `capeworks` command line: one Typer app, one sub-module per command group.

Every command takes ``--json``; every CapeworksError becomes one clear line on
stderr and exit code 2 (see :func:`capeworks.cli.output.run_guarded`).
"""

from __future__ import annotations

import typer

__all__ = ["app", "main"]

app = typer.Typer(
    name="capeworks",
    help="Rules engine, virtual table and playtest lab for superhero tabletop RPGs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register() -> None:
    """Attach every command group. Each module adds itself to ``app``."""
    # Imported for their side effect of registering commands on `app`.
    from capeworks.cli import (  # noqa: F401
        capes_commands,
        demo,
        dice_commands,
        rwyn_commands,
        table_commands,
    )


def main() -> None:
    """Console-script entry point."""
    _register()
    app()
