"""`capeworks rulesets` and `capeworks check`: what is installed, and whether it keeps the engine's promises.

``rulesets`` reads the ``capeworks.rulesets`` entry points (name, package,
version) and each ruleset's title. ``check RULESET`` runs the conformance
checks of :mod:`capeworks.engine.conformance` on any installed ruleset, ours
or an outside package's, one line per check, and exits 2 when one fails.
JSON shapes (``--json``):

* rulesets: ``{"rulesets": [{"name", "title", "package", "version", "cli", "touch"}]}``
* check: ``{"ruleset", "passed": bool, "checks": [{"check", "promise", "passed", "reason"}]}``
"""

from __future__ import annotations

from functools import partial
from importlib.metadata import entry_points

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded, safe

__all__ = ["check", "rulesets", "rulesets_app"]

rulesets_app = typer.Typer(add_completion=False, help="Installed rulesets and their conformance checks.")


@rulesets_app.command("rulesets")
def rulesets(json_out: bool = JSON_OPTION) -> None:
    """List the installed rulesets with their package, version, CLI group and front-end touch."""
    from capeworks.engine.registry import get_ruleset, installed

    def title(name: str) -> str:
        return get_ruleset(name).title

    clis = {ep.name for ep in entry_points(group="capeworks.cli")}
    touches = {ep.name for ep in entry_points(group="capeworks.web")}
    rows = [
        {
            "name": found.name,
            "title": run_guarded(partial(title, found.name), as_json=json_out),
            "package": found.distribution,
            "version": found.version,
            "cli": found.name in clis,
            "touch": found.name in touches,
        }
        for found in installed()
    ]
    if json_out:
        emit_json({"rulesets": rows})
        return
    if not rows:
        console.print("No rulesets are installed.")
        return
    for row in rows:
        extras = ", ".join(part for part, has in (("CLI", row["cli"]), ("touch", row["touch"])) if has)
        console.print(
            f"[bold]{safe(str(row['name']))}[/]  {safe(str(row['title']))}  "
            f"{safe(str(row['package']) or '(registered in this process)')} {safe(str(row['version']))}"
            + (f"  [{safe(extras)}]" if extras else ""),
            highlight=False,
        )


@rulesets_app.command("check")
def check(
    ruleset: str = typer.Argument(..., help="The installed ruleset to check (see `capeworks rulesets`)."),
    json_out: bool = JSON_OPTION,
) -> None:
    """Run the conformance checks on an installed ruleset: one line per check, exit 2 on a failure."""
    from capeworks.engine.conformance import run_checks
    from capeworks.engine.registry import get_ruleset

    found = run_guarded(lambda: get_ruleset(ruleset), as_json=json_out)
    results = run_checks(found)
    passed = all(r.passed for r in results)
    if json_out:
        emit_json(
            {
                "ruleset": found.name,
                "passed": passed,
                "checks": [
                    {"check": r.name, "promise": r.promise, "passed": r.passed, "reason": r.reason}
                    for r in results
                ],
            }
        )
    else:
        for r in results:
            mark = "[green]ok  [/]" if r.passed else "[bold red]FAIL[/]"
            tail = f": {safe(r.reason)}" if not r.passed else ""
            console.print(f"{mark} {r.name}  {safe(r.promise)}{tail}", highlight=False, soft_wrap=True)
        failed = sum(not r.passed for r in results)
        summary = f"{found.name}: {len(results) - failed} of {len(results)} checks passed."
        console.print(safe(summary), highlight=False)
    if not passed:
        raise typer.Exit(code=2)
