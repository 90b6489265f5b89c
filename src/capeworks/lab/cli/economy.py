"""`capeworks lab economy`: non-combat economies (Capes tokens and debt, Weaverdice crafting,
intel and recruiting) played at real tables."""

from __future__ import annotations

from typing import Any

import typer

from capeworks.cli.output import JSON_OPTION, console, emit_json, run_guarded
from capeworks.errors import InvalidCommand
from capeworks.lab.cli.shared import CONFIG_OPTION, lab_app, num, parse_settings, pct, refuse_strays, titled
from capeworks.lab.odds import within
from capeworks.lab.stats import wilson

__all__ = ["economy_command"]


_CRAFT, _RECRUIT, _INTEL = ("wd-craft",), ("wd-recruit",), ("wd-intel",)

#: each economy's own options (--runs, --seed and --json serve all): typed for another, one sentence
_OWNERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("pages", "open_conflicts", "config", "policy"), ("capes",)),
    **dict.fromkeys(("dexterity", "knowledge", "tier", "price", "skill"), _CRAFT),
    **dict.fromkeys(("social", "seek", "strict", "capes", "team_capes"), _RECRUIT),
    **dict.fromkeys(
        ("athletics", "wits", "size", "find_dc", "strikes", "phases", "intel_knowledge", "thread_dc"), _INTEL
    ),
    **dict.fromkeys(("method", "spend", "utilize", "runaway"), _INTEL),
}

#: the names each economy also answers to
_ALIASES = {f"weaverdice-{kind}": f"wd-{kind}" for kind in ("craft", "intel", "recruit")}


#: what --help shows under the options
_EXAMPLES = (
    "Examples:\n\n"
    "capeworks lab economy capes --runs 20 --pages 6 -c start_story_tokens=2\n\n"
    "capeworks lab economy capes --runs 20 --pages 6 -c start_debt=2 --policy staking\n\n"
    "capeworks lab economy wd-craft -n 200 --dexterity 2..4 --knowledge 3 --skill diligence\n\n"
    "capeworks lab economy wd-intel -n 100 --wits 1..5 --method both --spend\n\n"
    "capeworks lab economy wd-recruit -n 1000 --social 1..5 --seek villainous"
)


@lab_app.command("economy", epilog=_EXAMPLES)
def economy_command(
    ctx: typer.Context,
    system: str = typer.Argument(
        "capes",
        help="capes (Story Tokens and Debt over Pages), wd-craft (Weaverdice Craft & Repair), "
        "wd-recruit (Weaverdice Recruit slots) or wd-intel (finding and surveilling an intel target).",
    ),
    runs: int = typer.Option(
        20,
        "--runs",
        "-n",
        help="How many to play: Capes scenes; per cell, wd-craft projects, wd-recruit Recruit slots, "
        "wd-intel targets.",
    ),
    pages: int = typer.Option(6, "--pages", help="Pages per scene."),
    open_conflicts: int = typer.Option(
        2, "--open-conflicts", help="The policy adds Conflicts up to this many."
    ),
    policy: str = typer.Option(
        "plain",
        "--policy",
        "-p",
        help="capes: plain (never stakes Debt) or staking (stakes, splits, inspires).",
    ),
    seed: int = typer.Option(1, "--seed", help="The seed: the same seed gives the same figures."),
    dexterity: str = typer.Option("1..5", help="wd-craft: the crafter's Dexterity values."),
    knowledge: str = typer.Option("1..5", help="wd-craft: the crafter's Knowledge values."),
    tier: str = typer.Option("standard", help="wd-craft: the tier attempted (low, standard, high)."),
    price: int = typer.Option(300, help="wd-craft: the item's price (materials are a share of it)."),
    skill: list[str] = typer.Option([], "--skill", help="wd-craft: a Craft-tree skill known (repeat)."),
    social: str = typer.Option("1..5", help="wd-recruit: the recruiter's Social scores."),
    seek: list[str] = typer.Option([], "--seek", help="wd-recruit: a recruitment-table key sought (repeat)."),
    strict: list[str] = typer.Option([], "--strict", help="wd-recruit: a key sought at double penalty."),
    capes: bool = typer.Option(False, "--capes", help="wd-recruit: a search for capes."),
    team_capes: int = typer.Option(0, "--team-capes", help="wd-recruit: capes on the team, you included."),
    athletics: str = typer.Option("3", help="wd-intel: the watcher's Athletics values (finding rolls)."),
    wits: str = typer.Option("1..5", help="wd-intel: the watcher's Wits values (surveillance rolls)."),
    size: int = typer.Option(4, "--size", help="wd-intel: the target's grid, 2..4 a side."),
    find_dc: int = typer.Option(10, "--find-dc", help="wd-intel: the hidden finding DC (0: already found)."),
    strikes: str = typer.Option(
        "safe", "--strikes", help="wd-intel: after a miss take a strike: safe|always|never."
    ),
    phases: int = typer.Option(6, "--phases", help="wd-intel: downtime phases before giving up."),
    intel_knowledge: int = typer.Option(3, "--intel-knowledge", help="wd-intel: the watcher's Knowledge."),
    thread_dc: int = typer.Option(10, "--thread-dc", help="wd-intel: the hidden thread DC (research)."),
    method: str = typer.Option("surveil", "--method", help="wd-intel: surveil|research|both (a slot each)."),
    spend: bool = typer.Option(False, "--spend", help="wd-intel: spend intel on the DCs, then on cells."),
    utilize: bool = typer.Option(False, "--utilize", help="wd-intel: Utilize Intel when it helps."),
    runaway: bool = typer.Option(
        False, "--runaway", help="wd-intel: roll on after a success (WD-INTEL-041)."
    ),
    config: list[str] = CONFIG_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Non-combat economies under the real rules: Capes tokens and debt, Weaverdice crafting and intel."""
    from capeworks.lab.capes import economy

    chosen = _ALIASES.get(system.lower(), system.lower())
    if config and chosen != "capes":
        run_guarded(
            lambda: _refuse("--config sets the Capes table's rules; the Weaverdice economies take none."),
            as_json=json_out,
        )
    if chosen in ("capes", *_CRAFT, *_RECRUIT, *_INTEL):
        run_guarded(lambda: refuse_strays(ctx, chosen, _OWNERS), as_json=json_out)

    if system.lower() in ("wd-craft", "weaverdice-craft"):
        _craft_report(lambda: _craft(runs, dexterity, knowledge, tier, price, skill, seed), json_out=json_out)
        return
    if system.lower() in ("wd-intel", "weaverdice-intel"):
        _intel_report(
            lambda: _intel(
                runs,
                athletics,
                wits,
                size,
                find_dc,
                strikes,
                phases,
                seed,
                knowledge=intel_knowledge,
                thread_dc=thread_dc,
                method=method,
                spend=spend,
                utilize=utilize,
                runaway=runaway,
            ),
            json_out=json_out,
        )
        return
    if system.lower() in ("wd-recruit", "weaverdice-recruit"):
        _recruit_report(
            lambda: _recruit(runs, social, seek, strict, capes, team_capes, seed), json_out=json_out
        )
        return

    def run() -> dict[str, Any]:
        if system.lower() != "capes":
            raise InvalidCommand(
                f"The lab has non-combat economies for capes, wd-craft, wd-recruit and wd-intel; "
                f"not {system!r}."
            )
        within(
            ("--runs", runs, 1, 100_000),
            ("--pages", pages, 1, 200),
            ("--open-conflicts", open_conflicts, 1, 10),
        )
        settings = parse_settings(config)
        return economy(runs, pages, seed=seed, open_conflicts=open_conflicts, config=settings, policy=policy)

    report = run_guarded(run, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["by_page"]
    keys = [k for k in rows[0] if k not in ("page", "runs")] if rows else []
    rules = ", ".join(f"{k}={v}" for k, v in report["config"].items())
    title = (
        f"Capes over {runs} scenes{f' ({rules})' if rules else ''}, policy {report['policy']}: means after "
        "each Page, 95% t intervals"
    )
    table = titled("", *(f"page {row['page']}" for row in rows), title=title)
    for key in keys:
        table.add_row(key, *(num(row[key]) for row in rows))
    console.print(table)
    for row, meaning in report["glossary"].items():
        console.print(f"[dim]{row}: {meaning}[/dim]", highlight=False)
    console.print(
        f"{report['moves']:,} moves, {report['dice']:,} dice; {report['refused_candidates']:,} candidate "
        "moves the rules refused (the policy then tried its next choice)",
        highlight=False,
    )


def _craft(
    runs: int, dexterity: str, knowledge: str, tier: str, price: int, skills: list[str], seed: int
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_craft import crafting

    within(("--runs", runs, 1, 100_000), ("--price", price, 0, 1_000_000))
    return crafting(
        runs,
        dexterity=parse_range(dexterity, name="dexterity", low=1, high=10),
        knowledge=parse_range(knowledge, name="knowledge", low=1, high=10),
        tier=tier,
        price=price,
        skills=skills,
        seed=seed,
    )


def _craft_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    tiers = sorted({k for r in rows for k in r if k.startswith("p_")})
    skills = ", ".join(report["skills"]) or "Craft alone"
    held = f" (and, for their prerequisites, {', '.join(report['with'])})" if report["with"] else ""
    title = (
        f"Weaverdice crafting: a {report['tier']} item (DC {rows[0]['dc']}), skills: {skills}{held}; "
        f"{rows[0]['runs']} projects a cell; shares with Wilson 95% intervals, means with t intervals"
    )
    table = titled("dex", "know", *(t[2:] for t in tiers), "rolls", "phases", "materials", title=title)
    for r in rows:
        table.add_row(
            str(r["dexterity"]),
            str(r["knowledge"]),
            *(pct(r[t] if t in r else wilson(0, r["runs"]).to_dict()) for t in tiers),
            *(num(r[k]) for k in ("rolls", "phases", "materials")),
        )
    console.print(table)
    console.print(f"{report['dice']:,} dice rolled at real tables", highlight=False)


def _intel(
    runs: int,
    athletics: str,
    wits: str,
    size: int,
    find_dc: int,
    strikes: str,
    phases: int,
    seed: int,
    **policy: Any,
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_intel import intel

    within(("--runs", runs, 1, 100_000))
    return intel(
        runs,
        athletics=parse_range(athletics, name="athletics", low=1, high=10),
        wits=parse_range(wits, name="wits", low=1, high=10),
        size=size,
        find_dc=find_dc,
        strikes=strikes,
        phases=phases,
        seed=seed,
        **policy,
    )


def _intel_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    title = (
        f"Weaverdice intel: a {report['size']}x{report['size']} grid, finding DC {report['find_dc']}, "
        f"{rows[0]['runs']} targets a cell, {report['method']}, strikes {report['strikes']}"
        f"{', spending intel' if report['spend'] else ''}{', Utilize Intel' if report['utilize'] else ''}"
        f"{', runaways' if report['runaway'] else ''}, up to {report['phases']} phases; "
        "measures down, Athletics/Wits across; shares with Wilson 95% intervals, means with t intervals"
    )
    measures = (
        ("found", "p_found", pct),
        ("phases to find", "phases_to_find", num),
        ("completed", "p_complete", pct),
        ("phases to complete", "phases_to_complete", num),
        ("cells unlocked", "cells", num),
        ("surveillance rolls", "rolls", num),
        ("research rolls", "research_rolls", num),
        ("strikes taken", "strikes_taken", num),
        ("alerts", "alerts", num),
        ("intel held at the end", "intel", num),
        ("intel spent", "intel_spent", num),
    )
    table = titled("measure", *(f"ath {r['athletics']} wits {r['wits']}" for r in rows), title=title)
    for label, key, show in measures:
        # a phase count over the runs that got there: none got there, none to show
        table.add_row(label, *(show(r[key]) if r[key] else "-" for r in rows))
    console.print(table)
    console.print(
        "phases to find/complete: over the targets found/completed; "
        f"{report['dice']:,} dice rolled at real tables",
        highlight=False,
    )


def _recruit(
    runs: int, social: str, seek: list[str], strict: list[str], capes: bool, team_capes: int, seed: int
) -> dict[str, Any]:
    from capeworks.lab.odds import parse_range
    from capeworks.lab.wd_recruit import recruiting

    within(("--runs", runs, 1, 100_000), ("--team-capes", team_capes, 0, 20))
    return recruiting(
        runs,
        social=parse_range(social, name="social", low=0, high=10),
        seek=seek,
        strict=strict,
        capes=capes,
        team_capes=team_capes,
        seed=seed,
    )


def _recruit_report(build: Any, *, json_out: bool) -> None:
    report = run_guarded(build, as_json=json_out)
    if json_out:
        emit_json(report)
        return
    rows = report["rows"]
    most = max(int(k) for r in rows for k in r["distribution"])
    title = (
        f"Weaverdice Recruit: {rows[0]['runs']} slots a Social score, seeking "
        f"{', '.join(report['seek'] + report['strict']) or 'nothing in particular'}"
        f"{' (capes)' if report['capes'] else ''}; mean with a t interval, none with a Wilson interval, "
        "then the share of slots bringing each number of applicants"
    )
    table = titled("social", "applicants", "95% CI", "none", *(f"{k}" for k in range(most + 1)), title=title)
    for r in rows:
        a = r["applicants"]
        table.add_row(
            str(r["social"]),
            f"{a['value']:.2f}",
            f"{a['low']:.2f}..{a['high']:.2f}",
            pct(r["p_none"]),
            *(f"{r['distribution'].get(str(k), 0.0):.1%}" for k in range(most + 1)),
        )
    console.print(table)
    console.print(f"{report['dice']:,} dice rolled at real tables", highlight=False)


def _refuse(message: str) -> None:
    raise InvalidCommand(message)
