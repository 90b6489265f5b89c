"""What every `capeworks lab` command group shares: the Typer app, the plugin the ``capeworks.cli``
entry point finds, ``--config`` parsing, interval formatting and the progress bar."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table as RichTable
from rich.text import Text

from capeworks.cli.plugin import CliPlugin
from capeworks.errors import InvalidCommand

__all__ = [
    "CONFIG_OPTION",
    "PLUGIN",
    "lab_app",
    "num",
    "parse_settings",
    "pct",
    "progress_bar",
    "refuse_strays",
    "run_with_progress",
    "titled",
]

lab_app = typer.Typer(
    name="lab",
    help="The playtest lab: exact odds tables, simulated fights and rule-variant sweeps, real rules.",
    no_args_is_help=True,
)

PLUGIN = CliPlugin(app=lab_app)

CONFIG_OPTION: Any = typer.Option(
    [],
    "--config",
    "-c",
    help="A rules-config setting KEY=VALUE (repeat for more); values read as YAML.",
)


def parse_settings(items: list[str]) -> dict[str, Any]:
    """``["success_min=5", "superstats=true"]`` as a dict, values read as YAML; one sentence if malformed."""
    import yaml

    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise InvalidCommand(f"--config takes KEY=VALUE, not {item!r}.")
        try:
            out[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as e:
            raise InvalidCommand(f"The value of --config {key.strip()} is not readable: {value!r}.") from e
    return out


def refuse_strays(ctx: typer.Context, chosen: str, owners: dict[str, tuple[str, ...]]) -> None:
    """One sentence when an option typed on the command line belongs to other choices than ``chosen``
    (``owners``: parameter name -> the choices it serves): left unread, ``lab odds bpb --stat 3`` printed
    the default table as if it were the one asked for."""
    for param in ctx.command.params:
        serves = owners.get(str(param.name))
        source = ctx.get_parameter_source(str(param.name))
        if serves and chosen not in serves and source is not None and source.name == "COMMANDLINE":
            whose = " and ".join(serves)
            raise InvalidCommand(f"{param.opts[0]} is for {whose}, not {chosen}; leave it out.")


def pct(i: dict[str, Any]) -> str:
    return f"{i['value']:.1%} [{i['low']:.1%}, {i['high']:.1%}]"


def num(i: dict[str, Any]) -> str:
    return f"{i['value']:.2f} [{i['low']:.2f}, {i['high']:.2f}]"


def progress_bar(enabled: bool, *, unit: str = "fights") -> Any:
    """A Rich progress bar on stderr counting ``unit``, with an ETA; gone when done. Off a terminal
    it is off: no one sees it there, and stopping it left an empty line on stderr."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from capeworks.cli.output import err_console

    return Progress(
        TextColumn(unit),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not enabled or not err_console.is_terminal,
    )


def run_with_progress(spec: Any, *, workers: int | None, scheduler: str | None, show: bool) -> Any:
    """Run a fight spec with a Rich progress bar (on stderr) and an ETA."""
    from capeworks.lab.runner import run_fights

    with progress_bar(show) as bar:
        task = bar.add_task("fights", total=spec.n)
        return run_fights(spec, workers=workers, scheduler=scheduler, progress=lambda k: bar.advance(task, k))


class _Titled(RichTable):
    """A Rich table with its title printed as a line above it: Rich wraps a table's own title to the
    table's width, so a narrow grid broke its title (intervals and all) over several lines."""

    def __init__(self, *headers: str, heading: str) -> None:
        super().__init__(*headers)
        self.heading = heading
        for column in self.columns:
            # a cell too wide for its column breaks over lines rather than ending in an ellipsis: a
            # variant's name such as "policies=plot/sensible" is one word, and cut it read "policies=p…"
            column.overflow = "fold"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self.heading, style="table.title")
        yield from super().__rich_console__(console, options)


def titled(*headers: str, title: str) -> RichTable:
    """A lab table with its title on a line of its own, wrapped at the terminal's width only."""
    return _Titled(*headers, heading=title)
