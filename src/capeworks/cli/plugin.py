"""What a ruleset gives the command line: its own Typer group, and how ``table show`` draws its state.

A ruleset's ``cli()`` returns a :class:`CliPlugin` (usually from a ``cli``
module in its own package, imported only when its name is typed). This is the
one CLI module a ruleset's package imports: the rules themselves never do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import typer

__all__ = ["CliPlugin"]


@dataclass(frozen=True, slots=True)
class CliPlugin:
    """A ruleset's CLI: ``app`` becomes ``capeworks <ruleset> ...``.

    ``render_state`` turns the viewer's projection of the state (``Table.view``'s
    ``"state"``) into Rich renderables for ``table show``; without it the state
    is shown as JSON.
    """

    app: typer.Typer
    render_state: Callable[[Mapping[str, Any]], list[Any]] | None = None
