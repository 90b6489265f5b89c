"""The downtime board's odds: the exact chance of each roll a character may pick now, before it is made.

One row per action a character in the downtime phase may take that is decided
by a roll against a number the seat may know: a Wits roll (Surveil) or a
Knowledge roll (Research) at each available intel cell (WD-INTEL-014/019/025),
a surveillance runaway's extra roll at -1 per success in the run where the
table plays them (action ``runaway``, WD-INTEL-041), the deeper node at 7+
(WD-INTEL-038), and finishing each open craft project
within its rolls left (WD-CRAFT-002/003). The odds are the dice library's
exact fractions over the same pool, modifier, grid bonus and morale cap the
table rolls with (:func:`~capeworks.systems.weaverdice.flow.roll_check`).

What the rows say is only what a player's view already holds (the cell's TN,
the character's sheet and morale, the project's DC): a finding or thread roll
against the GM's hidden DC has no row, and a hidden character's rows are the
GM's alone. Players all get the same rows (the ruleset's ``view_key``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from capeworks.engine import Panel, Viewer
from capeworks.systems.weaverdice.campaign.crafting import craft_dice
from capeworks.systems.weaverdice.campaign.intel import grid_bonus, runaway_run, worked
from capeworks.systems.weaverdice.campaign.model import Target
from capeworks.systems.weaverdice.campaign.odds import craft_success
from capeworks.systems.weaverdice.checks import pool_size
from capeworks.systems.weaverdice.odds import p_reach
from capeworks.systems.weaverdice.state import WdState
from capeworks.systems.weaverdice.vocab import Stat

__all__ = ["ODDS_COLUMNS", "ODDS_TITLE", "downtime_odds"]

ODDS_TITLE: Final = "Downtime odds"
#: character and target are what a person reads (names; a project's item); cell is "row,column" or
#: "node" or "-"; the last two are their ids, the keys the forms and the web page match rows by
ODDS_COLUMNS: Final = (
    "character",
    "action",
    "target",
    "cell",
    "where",
    "roll",
    "needs",
    "chance",
    "exact",
    "character id",
    "target id",
)
#: the deeper node's TN (WD-INTEL-038)
NODE_TN: Final = 7
_METHODS: Final = (("surveil", Stat.WITS), ("research", Stat.KNOWLEDGE))


def percent(p: Fraction) -> str:
    """A chance in words as the web table writes it: whole percent, one decimal under 10%."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    return f"{float(p) * 100:.1f}%" if p < Fraction(1, 10) else f"{float(p) * 100:.0f}%"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _cells(state: WdState, ident: str, t: Target, *, rolls_left: bool) -> list[tuple[str, ...]]:
    sheet = state.sheet(ident)
    morale = state.people[ident].morale
    name = state.people[ident].name
    t = worked(state, ident, t)  # a hidden NPC's own track (WD-NPC-003)
    bonus = grid_bonus(state.config.campaign, t)
    pending = ident in state.campaign.strike_choice
    run = runaway_run(state, ident, t) if t.found and not pending else 0
    methods = [*(_METHODS if rolls_left else ()), *((("runaway", Stat.WITS),) if run else ())]
    rows: list[tuple[str, ...]] = []
    for action, stat in methods:
        if (action == "surveil" and (not t.found or pending)) or (
            action == "research" and not t.thread_found
        ):
            continue
        # a runaway rolls on at -1 per success in the run (WD-INTEL-041); the node is not a runaway's
        modifier = sheet.modifier(stat) + bonus - (run if action == "runaway" else 0)
        roll = f"{stat.value} 1d6{_signed(modifier)}" + (f", capped at {7 + morale}" if morale < 0 else "")
        method = "surveil" if action == "runaway" else action
        picks = [(f"{i // t.size},{i % t.size}", t.cells[i].tn, i) for i in t.available(method)]
        if t.node == "open" and action != "runaway":
            picks.append(("node", NODE_TN, -1))
        for cell, tn, i in picks:
            p = p_reach(pool_size(), modifier, tn, morale)
            where = "the deeper node" if i < 0 else f"{t.rows[i // t.size]} x {t.cols[i % t.size]}"
            rows.append((name, action, t.name, cell, where, roll, f"{tn}+", percent(p), str(p), ident, t.id))
    return rows


def _crafts(state: WdState, ident: str) -> list[tuple[str, ...]]:
    sheet = state.sheet(ident)
    morale = state.people[ident].morale
    rows: list[tuple[str, ...]] = []
    for p in state.campaign.projects.values():
        left = p.cap + p.extra - len(p.rolls)
        if p.crafter != ident or p.done or left <= 0:
            continue
        dice = pool_size(craft_dice(sheet), len(p.helpers))
        chance = craft_success(dc=p.dc - p.total, rolls=left, dice=dice, morale=morale)
        rows.append(
            (
                state.people[ident].name,
                "craft",
                p.item,
                "-",
                f"{p.item}: {p.total} of {p.dc} in {left} roll{'' if left == 1 else 's'}",
                f"{dice}d6 keep the best, each roll" + (f", capped at {7 + morale}" if morale < 0 else ""),
                f"{p.dc - p.total} more",
                percent(chance),
                str(chance),
                ident,
                p.id,
            )
        )
    return rows


def downtime_odds(state: WdState, viewer: Viewer) -> Panel | None:
    """The odds of every roll the phase's characters may pick now, as this viewer may know them."""
    camp = state.campaign
    if camp.phase is None:
        return None
    rows: list[tuple[str, ...]] = []
    for ident, slots in camp.phase.slots.items():
        c = state.people.get(ident)
        session = slots.session
        if c is None or ident not in state.sheets or (c.hidden and not viewer.is_gm):
            continue
        rolls_left = slots.left > 0 or (session is not None and session.left > 0)
        for t in camp.targets.values():
            rows.extend(_cells(state, ident, t, rolls_left=rolls_left))
        if rolls_left:
            rows.extend(_crafts(state, ident))
    if not rows:
        return None
    return Panel(
        title=ODDS_TITLE,
        columns=ODDS_COLUMNS,
        rows=tuple(rows),
        note="Exact odds of each roll open now, before it is made; a finding roll's DC is the GM's.",
    )
