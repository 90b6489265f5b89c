"""Weaverdice intel in the lab: a target found and its grid worked at real tables, many times over.

Each run is a fresh seeded ``Table`` with the Weaverdice ruleset (no store, no
text): the GM adds a watcher (Athletics, Wits and Knowledge as asked) and a
target (the sample grid at the size asked, hidden finding and thread DCs) and
opens a downtime phase; the watcher then works the target with the campaign
layer's own commands (WD-INTEL-005..041): ``surveil``, ``strike_choice``,
``research``, ``spend_intel`` and ``utilize_intel``. The policy is the plain
one a player would follow (:class:`IntelPlan`):

* method ``surveil``: finding rolls until found, then Wits at the available
  cell with the lowest TN (the first such, row by row) from the top-left;
  ``research``: thread rolls (Knowledge) until the thread is found, then
  Knowledge at the lowest-TN cell available from the bottom-right; ``both``:
  each new slot alternates the two (a slot's rolls stay with its action);
* after a miss, a strike for tier-1 intel as the strike policy says
  (``safe``: only when it does not alert the target; ``always``; ``never``);
  a strike declined is intel spent on a space instead, the first the table
  offers (WD-INTEL-021), and with no intel that unlocks one the strike is
  taken whatever the policy;
* ``spend``: intel held goes, with no slot, on the finding (or thread) DC while
  it stands, then on the hardest available cell it can unlock (its tag or the
  target's own, the tier the cell's TN asks), the lowest tier that does;
* ``utilize``: the first slot of a phase is Utilize Intel when there is
  something worth doing: downgrade a tier-k when two locked cells of its tag
  take tier k-1 or less, shuffle tier-2+ intel of a tag no locked cell has,
  upgrade three of a tier when a locked cell of the tag needs the next;
* ``runaway``: after a surveillance success, roll on as a runaway (the table's
  ``surveillance_runaway`` setting must be on).

When the phase's slots run out the GM closes it and opens the next, up to a
budget of phases. It stops when every cell is unlocked or the budget is spent
(a cell whose TN the watcher cannot reach keeps a grid open for good). Nothing
here restates a rule: phases, rolls, strikes, alerts, the intel gained and
spent and what it unlocks are what the table's state says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from capeworks.errors import CapeworksError, InvalidCommand, RuleViolation
from capeworks.lab.odds import within
from capeworks.lab.play import GM
from capeworks.lab.stats import count_mean, wilson
from capeworks.lab.wd_table import CampaignTable

__all__ = ["METHODS", "STRIKE_POLICIES", "IntelPlan", "intel"]

#: when the watcher takes a strike for tier-1 intel after a miss
STRIKE_POLICIES = ("safe", "always", "never")
#: how the watcher works the grid
METHODS = ("surveil", "research", "both")

_MEASURES = (
    "cells",
    "rolls",
    "research_rolls",
    "strikes_taken",
    "alerts",
    "intel_t1",
    "intel_t2",
    "intel",
    "intel_spent",
    "unlocked_by_intel",
    "utilize_slots",
    "runaways",
)


@dataclass(frozen=True)
class IntelPlan:
    """The watcher's policy (see the module docstring)."""

    method: str = "surveil"
    strikes: str = "safe"
    spend: bool = False
    utilize: bool = False
    runaway: bool = False


def _held(camp: Any) -> dict[tuple[str, int], int]:
    ledger = camp.ledgers.get("watcher")
    out: dict[tuple[str, int], int] = {}
    for key, count in (ledger.intel if ledger is not None else {}).items():
        kind, _, tier = key.rpartition(":")
        out[(kind, int(tier))] = count
    return out


def _spend_one(t: Any, held: dict[tuple[str, int], int], plan: IntelPlan) -> tuple[str, str] | None:
    """The next intel to spend and what on (``find``, ``thread`` or a cell), or None."""
    from capeworks.systems.weaverdice.campaign.intel import cell_tier

    useful = sorted(
        ((k, tier) for (k, tier), n in held.items() if n > 0 and (k in t.dispositions or k == t.id)),
        key=lambda kt: -kt[1],
    )
    if not useful:
        return None
    if plan.method != "research" and not t.found:
        kind, tier = useful[0]
        return f"{kind}:{tier}", "find"
    if plan.method != "surveil" and not t.thread_found:
        kind, tier = useful[0]
        return f"{kind}:{tier}", "thread"
    open_ = sorted(
        set(t.available("surveil")) | set(t.available("research")), key=lambda i: (-t.cells[i].tn, i)
    )
    for index in open_:
        cell = t.cells[index]
        fits = [(k, tier) for k, tier in useful if (k == cell.tag or k == t.id) and tier >= cell_tier(cell)]
        if fits:
            kind, tier = min(fits, key=lambda kt: (kt[1], kt[0] == t.id))
            return f"{kind}:{tier}", f"{index // t.size},{index % t.size}"
    return None


def _utilize_ops(t: Any, held: dict[tuple[str, int], int]) -> list[str]:
    """Utilize Intel operations worth a slot now (see the module docstring), at most 20."""
    from capeworks.systems.weaverdice.campaign.intel import cell_tier

    locked = [c for c in t.cells if not c.unlocked and not c.blocked]
    need: dict[str, list[int]] = {}
    for c in locked:
        need.setdefault(c.tag, []).append(cell_tier(c))
    have = dict(held)
    ops: list[str] = []
    for (kind, tier), count in sorted(held.items()):
        wants = need.get(kind)
        for _ in range(count):
            if len(ops) >= 20 or have[(kind, tier)] <= 0 or tier <= 1:
                break
            if wants is None and kind != t.id:
                ops.append(f"shuffle {kind}:{tier}")
            elif wants is not None and sum(1 for w in wants if w <= tier - 1) >= 2:
                ops.append(f"downgrade {kind}:{tier}")
                have[(kind, tier - 1)] = have.get((kind, tier - 1), 0) + 2
            else:
                break
            have[(kind, tier)] -= 1
    for (kind, tier), count in sorted(have.items()):
        while count >= 3 and tier < 4 and len(ops) < 20 and any(w > tier for w in need.get(kind, [])):
            ops.append(f"upgrade {kind}:{tier}")
            count -= 3
    return ops


def _one(
    seed: str,
    athletics: int,
    wits: int,
    size: int,
    find_dc: int,
    strikes: str,
    budget: int,
    config: dict[str, Any],
    *,
    knowledge: int = 3,
    thread_dc: int = 10,
    plan: IntelPlan | None = None,
) -> dict[str, int]:
    from capeworks.systems.weaverdice.campaign.intel import unlock_spends
    from capeworks.systems.weaverdice.config import WeaverdiceConfig
    from capeworks.systems.weaverdice.state import WdState

    plan = plan or IntelPlan(strikes=strikes)
    at = CampaignTable(seed, config)
    table, camp, do = at.table, at.campaign, at.do

    sheet = {
        "id": "watcher",
        "name": "Watcher",
        "tier": "pc",
        "stats": {"athletics": athletics, "wits": wits, "knowledge": knowledge},
    }
    do(GM, "add_character", sheet=sheet, owner="side0")
    do(GM, "add_target", target="mark", name="Mark", size=size, dispositions=["violent", "mercenary"],
       find_dc=find_dc, thread_dc=thread_dc)  # fmt: skip
    do(GM, "start_downtime")
    limit = WeaverdiceConfig.model_validate(config).campaign.intel_strike_limit
    phases, found_in, slot = 1, 0, 0
    n = dict.fromkeys(("rolls", "research_rolls", "taken", "spent", "by_intel", "utilize", "runaways"), 0)
    while True:
        t = camp().targets["mark"]
        if all(c.unlocked for c in t.cells):
            break
        if (t.found or t.thread_found) and not found_in:
            found_in = phases
        if plan.spend:
            pick = _spend_one(t, _held(camp()), plan)
            if pick is not None:
                do("side0", "spend_intel", character="watcher", target="mark", intel=pick[0], on=pick[1])
                n["spent"] += 1
                n["by_intel"] += pick[1] not in ("find", "thread")
                continue
        try:
            slots = camp().phase.slots["watcher"]
            if plan.utilize and slots.used == 0 and (ops := _utilize_ops(t, _held(camp()))):
                do("side0", "utilize_intel", character="watcher", ops=ops)
                n["utilize"] += 1
                continue
            session = slots.session
            if session is not None and session.left > 0 and session.action in ("surveil", "research"):
                action = session.action
            elif plan.method == "both":
                action = ("surveil", "research")[slot % 2]
            else:
                action = plan.method
            if session is None or session.left <= 0:
                slot += 1
            if action == "research" and not t.thread_found:
                do("side0", "research", character="watcher", target="mark")
            elif action == "surveil" and not t.found:
                do("side0", "surveil", character="watcher", target="mark")
            else:
                open_ = t.available(action)
                if not open_:
                    break
                index = min(open_, key=lambda i: (t.cells[i].tn, i))
                cell = f"{index // size},{index % size}"
                if action == "research":
                    do("side0", "research", character="watcher", target="mark", cell=cell)
                else:
                    runaway = plan.runaway and t.run > 0
                    do("side0", "surveil", character="watcher", target="mark", cell=cell, runaway=runaway)
                    n["runaways"] += runaway
            n["rolls" if action == "surveil" else "research_rolls"] += 1
            if "watcher" in camp().strike_choice:
                now = camp().targets["mark"].strikes
                take = plan.strikes == "always" or (
                    plan.strikes == "safe" and now + 1 < (t.strike_limit or limit)
                )
                # declining the strike is spending intel on a space instead (WD-INTEL-021): the first
                # the table offers; with nothing that unlocks one, the strike is taken whatever the policy
                state = table.state
                assert isinstance(state, WdState)
                offered = () if take else unlock_spends(state, "watcher")
                if offered:
                    cell, held, _ = offered[0]
                    do("side0", "strike_choice", character="watcher", strike=False, intel=held, on=cell)
                    n["spent"] += 1
                    n["by_intel"] += 1
                else:
                    do("side0", "strike_choice", character="watcher", strike=True)
                    n["taken"] += 1
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
    by_tier = {tier: sum(k for key, k in gained.items() if key.endswith(f":{tier}")) for tier in (1, 2)}
    cells = sum(1 for c in t.cells if c.unlocked)
    return {
        "found": int(t.found or (plan.method == "research" and t.thread_found)),
        "phases_to_find": found_in or phases,
        "complete": int(cells == size * size),
        "phases_to_complete": phases,
        "cells": cells,
        "rolls": n["rolls"],
        "research_rolls": n["research_rolls"],
        "strikes_taken": n["taken"],
        "alerts": t.alerts,
        "intel_t1": by_tier[1],
        "intel_t2": by_tier[2],
        "intel": sum(gained.values()),
        "intel_spent": n["spent"],
        "unlocked_by_intel": n["by_intel"],
        "utilize_slots": n["utilize"],
        "runaways": n["runaways"],
        "dice": sum(len(r.faces) for e in table.log for r in e.rolls),
    }


def intel(
    runs: int,
    *,
    athletics: Sequence[int] = (3,),
    wits: Sequence[int] = (1, 2, 3, 4, 5),
    knowledge: int = 3,
    size: int = 4,
    find_dc: int = 10,
    thread_dc: int = 10,
    strikes: str = "safe",
    method: str = "surveil",
    spend: bool = False,
    utilize: bool = False,
    runaway: bool = False,
    phases: int = 6,
    seed: int = 1,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``runs`` targets per Athletics x Wits cell, worked for up to ``phases`` downtime phases by the
    policy ``method``, ``strikes``, ``spend``, ``utilize`` and ``runaway`` say (:class:`IntelPlan`;
    ``runaway`` plays the table's ``surveillance_runaway`` setting): how often the target is found
    and the grid completed (Wilson intervals), the phases that took when they were, and cells, rolls,
    strikes taken, alerts, intel held at the end, intel spent and what it unlocked (t intervals)."""
    if strikes not in STRIKE_POLICIES:
        raise InvalidCommand(f"The strike policy is one of {', '.join(STRIKE_POLICIES)}, not {strikes!r}.")
    if method not in METHODS:
        raise InvalidCommand(f"The intel method is one of {', '.join(METHODS)}, not {method!r}.")
    within(
        ("--size", size, 2, 4),
        ("--find-dc", find_dc, 0, 500),
        ("--thread-dc", thread_dc, 0, 500),
        ("--phases", phases, 1, 50),
    )
    if not 1 <= knowledge <= 10:
        raise InvalidCommand("--knowledge is 1..10.")
    plan = IntelPlan(method=method, strikes=strikes, spend=spend, utilize=utilize, runaway=runaway)
    config = dict(config or {})
    if runaway:
        config["campaign"] = {**config.get("campaign", {}), "surveillance_runaway": True}
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
                            config,
                            knowledge=knowledge,
                            thread_dc=thread_dc,
                            plan=plan,
                        )
                    )
                except CapeworksError as e:
                    raise InvalidCommand(f"The intel run was refused: {e.message}") from e
            row: dict[str, Any] = {"athletics": ath, "wits": wit, "runs": runs}
            for flag, when in (("found", "phases_to_find"), ("complete", "phases_to_complete")):
                hits = [d for d in done if d[flag]]
                row[f"p_{flag}"] = wilson(len(hits), runs).to_dict()
                values = [float(d[when]) for d in hits]
                row[when] = count_mean(values).to_dict() if values else None
            for key in _MEASURES:
                values = [float(d[key]) for d in done]
                row[key] = count_mean(values).to_dict()
            rows.append(row)
            dice += sum(d["dice"] for d in done)
    return {
        "system": "weaverdice",
        "kind": "intel",
        "size": size,
        "find_dc": find_dc,
        "strikes": strikes,
        "method": method,
        "spend": spend,
        "utilize": utilize,
        "runaway": runaway,
        "knowledge": knowledge,
        "thread_dc": thread_dc,
        "phases": phases,
        "seed": seed,
        "rows": rows,
        "dice": dice,
    }
