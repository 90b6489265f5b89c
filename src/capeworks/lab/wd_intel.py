"""Weaverdice intel in the lab: a target found and its grid surveilled at real tables, many times over.

Each run is a fresh seeded ``Table`` with the Weaverdice ruleset (no store, no
text): the GM adds a watcher (Athletics and Wits as asked) and a target (the
sample grid at the size asked, a hidden finding DC) and opens a downtime
phase; the watcher then works the target with the campaign layer's own
``surveil`` and ``strike_choice`` commands (WD-INTEL-005..023). The policy is
the plain one a player would follow: finding rolls until found, then watch the
available cell with the lowest TN (the first such, row by row); after a miss,
take the strike for tier-1 intel as the strike policy says (``safe``: only
when it does not alert the target; ``always``; ``never``); when the phase's
slots run out the GM closes it and opens the next, up to a budget of phases. It
stops when every cell is unlocked or the budget is spent (a cell whose TN the
watcher cannot reach keeps a grid open for good). Nothing here restates a
rule: phases, rolls, strikes, alerts and the intel gained are what the
table's state says.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capeworks.errors import CapeworksError, InvalidCommand, RuleViolation
from capeworks.lab.play import GM
from capeworks.lab.stats import mean_interval, wilson
from capeworks.lab.wd_table import CampaignTable

__all__ = ["STRIKE_POLICIES", "intel"]

#: when the watcher takes a strike for tier-1 intel after a miss
STRIKE_POLICIES = ("safe", "always", "never")

_MEASURES = ("cells", "rolls", "strikes_taken", "alerts", "intel_t1", "intel_t2", "intel")


def _one(
    seed: str,
    athletics: int,
    wits: int,
    size: int,
    find_dc: int,
    strikes: str,
    budget: int,
    config: dict[str, Any],
) -> dict[str, int]:
    from capeworks.systems.weaverdice.config import WeaverdiceConfig

    at = CampaignTable(seed, config)
    table, camp, do = at.table, at.campaign, at.do

    sheet = {
        "id": "watcher",
        "name": "Watcher",
        "tier": "pc",
        "stats": {"athletics": athletics, "wits": wits},
    }
    do(GM, "add_character", sheet=sheet, owner="side0")
    do(GM, "add_target", target="mark", name="Mark", size=size, dispositions=["violent", "mercenary"],
       find_dc=find_dc)  # fmt: skip
    do(GM, "start_downtime")
    limit = WeaverdiceConfig.model_validate(config).campaign.intel_strike_limit
    phases, found_in, rolls, taken = 1, 0, 0, 0
    while True:
        t = camp().targets["mark"]
        if all(c.unlocked for c in t.cells):
            break
        if t.found and not found_in:
            found_in = phases
        try:
            if not t.found:
                do("side0", "surveil", character="watcher", target="mark")
            else:
                open_ = t.available("surveil")
                if not open_:
                    break
                cells = t.cells
                index = min(open_, key=lambda i: (cells[i].tn, i))
                do(
                    "side0",
                    "surveil",
                    character="watcher",
                    target="mark",
                    cell=f"{index // size},{index % size}",
                )
            rolls += 1
            if "watcher" in camp().strike_choice:
                now = camp().targets["mark"].strikes
                take = strikes == "always" or (strikes == "safe" and now + 1 < (t.strike_limit or limit))
                do("side0", "strike_choice", character="watcher", strike=take)
                taken += take
        except RuleViolation as e:
            if not e.rule_id.startswith("WD-DT"):
                raise
            if phases >= budget:
                break
            do(GM, "end_downtime")
            do(GM, "start_downtime")
            phases += 1
    t = camp().targets["mark"]
    gained = camp().ledgers["watcher"].intel
    by_tier = {tier: sum(n for k, n in gained.items() if k.endswith(f":{tier}")) for tier in (1, 2)}
    cells = sum(1 for c in t.cells if c.unlocked)
    return {
        "found": int(t.found),
        "phases_to_find": found_in or phases,
        "complete": int(cells == size * size),
        "phases_to_complete": phases,
        "cells": cells,
        "rolls": rolls,
        "strikes_taken": taken,
        "alerts": t.alerts,
        "intel_t1": by_tier[1],
        "intel_t2": by_tier[2],
        "intel": sum(gained.values()),
        "dice": sum(len(r.faces) for e in table.log for r in e.rolls),
    }


def intel(
    runs: int,
    *,
    athletics: Sequence[int] = (3,),
    wits: Sequence[int] = (1, 2, 3, 4, 5),
    size: int = 4,
    find_dc: int = 10,
    strikes: str = "safe",
    phases: int = 6,
    seed: int = 1,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``runs`` targets per Athletics x Wits cell, found and surveilled for up to ``phases`` downtime
    phases: how often the target is found and the grid completed (Wilson intervals), the phases that
    took when they were, and cells, rolls, strikes taken, alerts and intel gained (t intervals)."""
    if strikes not in STRIKE_POLICIES:
        raise InvalidCommand(f"The strike policy is one of {', '.join(STRIKE_POLICIES)}, not {strikes!r}.")
    if not 2 <= size <= 4 or not 0 <= find_dc <= 500 or not 1 <= phases <= 50:
        raise InvalidCommand("--size is 2..4, --find-dc 0..500 and --phases 1..50.")
    rows = []
    dice = 0
    for ath in athletics:
        for wit in wits:
            done = []
            for i in range(runs):
                try:
                    done.append(
                        _one(
                            f"lab:intel:{seed}:{ath}:{wit}:{i}",
                            ath,
                            wit,
                            size,
                            find_dc,
                            strikes,
                            phases,
                            config or {},
                        )
                    )
                except CapeworksError as e:
                    raise InvalidCommand(f"The intel run was refused: {e.message}") from e
            row: dict[str, Any] = {"athletics": ath, "wits": wit, "runs": runs}
            for flag, when in (("found", "phases_to_find"), ("complete", "phases_to_complete")):
                hits = [d for d in done if d[flag]]
                row[f"p_{flag}"] = wilson(len(hits), runs).to_dict()
                values = [float(d[when]) for d in hits]
                row[when] = (
                    mean_interval(sum(values), sum(v * v for v in values), len(values)).to_dict()
                    if values
                    else None
                )
            for key in _MEASURES:
                values = [float(d[key]) for d in done]
                row[key] = mean_interval(sum(values), sum(v * v for v in values), runs).to_dict()
            rows.append(row)
            dice += sum(d["dice"] for d in done)
    return {
        "system": "weaverdice",
        "kind": "intel",
        "size": size,
        "find_dc": find_dc,
        "strikes": strikes,
        "phases": phases,
        "seed": seed,
        "rows": rows,
        "dice": dice,
    }
