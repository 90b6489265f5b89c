"""The GM reworks an intel grid in play (issue 18): the [GM] intel rules that change a grid.

One GM command, ``rework_target``, covers what the seed leaves to the GM once a
grid is on the table: cells blocked until an in-session action (Pearl's
Movements x Relationships, WD-INTEL-037) or research blocked and confounded,
with a warning (WD-INTEL-027); rows or columns skipped for a target that has
none (a tower-bound thinker's Movements, WD-INTEL-018); a noted fact or a
working theory unlocking a cell or making cells cheaper (WD-INTEL-036);
false tidbits sown in cells nobody has found yet, as Scrub History and
Obfuscate do for later searchers only (WD-INTEL-032); and a revelation
rewriting the dispositions with progress lost (WD-INTEL-039). The grid itself
travels GM-only (its tidbits and DCs are the GM's); players read what changed
in the open.
"""

from __future__ import annotations

from pydantic import Field

from capeworks.engine import DiceService
from capeworks.engine.kit import Frozen, TextList
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign.model import Cell, Target
from capeworks.systems.weaverdice.campaign.settings import disposition, intel_types
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.events import WdEvent
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done
from capeworks.systems.weaverdice.state import WdState

__all__ = ["GridReworked", "ReworkTarget", "TargetReworked", "fold_rework", "rework_target"]


class ReworkTarget(Frozen):
    """Rework an intel grid in play (the GM): block or open cells, skip a row, note facts, sow lies."""

    target: str = Field(min_length=1, max_length=40)
    block: TextList = Field(
        default_factory=list, description="Cells (row,col) an in-session action must open."
    )
    unblock: TextList = Field(default_factory=list, description="Blocked cells the table's action opened.")
    skip: TextList = Field(
        default_factory=list, description="Row or column labels the target has none of (blocked for good)."
    )
    unlock: TextList = Field(default_factory=list, description="Cells a noted fact or theory unlocks.")
    cheaper: TextList = Field(default_factory=list, description="Cells a noted fact makes cheaper.")
    by: int = Field(default=1, ge=1, le=5, description="How much cheaper (TN down by this, to 2 at least).")
    relock: TextList = Field(default_factory=list, description="Unlocked cells whose progress is lost.")
    tidbits: TextList = Field(
        default_factory=list, description="row,col=text: a locked cell's tidbit rewritten (false info)."
    )
    dispositions: TextList = Field(default_factory=list, description="The target's dispositions, rewritten.")
    warning: str = Field(default="", max_length=200, description="What the players are told, in the open.")


class TargetReworked(WdEvent):
    """GM-only: the reworked grid whole (tidbits and DCs are the GM's)."""

    target: Target


class GridReworked(WdEvent):
    """The public half: which cells were blocked, opened, unlocked, made cheaper or lost; new dispositions."""

    target: str
    name: str
    blocked: tuple[str, ...] = ()
    opened: tuple[str, ...] = ()
    unlocked: tuple[str, ...] = ()
    cheaper: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    dispositions: tuple[str, ...] = ()
    warning: str = ""


def _index(t: Target, text: str) -> int:
    try:
        r, c = (int(x) for x in text.strip().split(","))
    except ValueError:
        raise RuleViolation(
            "WD-INTEL-014", f"Name a cell as row,column, e.g. 0,0 (not {text[:20]!r})."
        ) from None
    if not (0 <= r < t.size and 0 <= c < t.size):
        raise RuleViolation("WD-INTEL-014", f"The grid is {t.size}x{t.size}; rows and columns run from 0.")
    return r * t.size + c


def _label(t: Target, i: int) -> str:
    r, c = divmod(i, t.size)
    return f"{t.rows[r]} x {t.cols[c]}"


def _lines(t: Target, cells: list[Cell]) -> tuple[str, ...]:
    """Rows and columns wholly unlocked after the rework: a fact may complete one, a loss undo it
    (WD-INTEL-017)."""
    return t.finished_lines({i for i, x in enumerate(cells) if x.unlocked}, cells)


def _skipped(t: Target, labels: list[str]) -> list[int]:
    out: list[int] = []
    for text in labels:
        name = text.strip().lower()
        rows = [i for i, x in enumerate(t.rows) if x.lower() == name]
        cols = [i for i, x in enumerate(t.cols) if x.lower() == name]
        if not rows and not cols:
            raise RuleViolation(
                "WD-INTEL-018", f"{t.name}'s grid has no row or column {text[:30]!r}.", field="skip"
            )
        for r in rows:
            out.extend(r * t.size + c for c in range(t.size))
        for c in cols:
            out.extend(r * t.size + c for r in range(t.size))
    return out


def rework_target(state: WdState, ctx: Ctx, c: ReworkTarget, dice: DiceService) -> Done:
    """Apply the GM's changes to a grid all at once, or refuse the lot with a sentence."""
    t = state.campaign.targets.get(c.target)
    if t is None:
        raise RuleViolation("WD-INTEL-005", f"There is no intel target called {c.target}.")
    cells = list(t.cells)
    block = [_index(t, x) for x in c.block] + _skipped(t, list(c.skip))
    unblock = [_index(t, x) for x in c.unblock]
    unlock = [_index(t, x) for x in c.unlock]
    cheaper = [_index(t, x) for x in c.cheaper]
    relock = [_index(t, x) for x in c.relock]
    for first, second in ((block, unblock), (block, unlock), (unlock, relock)):
        both = set(first) & set(second)
        if both:
            raise RuleViolation(
                "WD-INTEL-037", f"{_label(t, min(both))} cannot be both changed one way and undone at once."
            )
    for i in unblock:
        if not cells[i].blocked:
            raise RuleViolation("WD-INTEL-037", f"{_label(t, i)} is not blocked.", field="unblock")
    for i in unlock:
        if cells[i].unlocked:
            raise RuleViolation("WD-INTEL-036", f"{_label(t, i)} is already unlocked.", field="unlock")
        if cells[i].blocked and i not in unblock:
            raise RuleViolation(
                "WD-INTEL-037",
                f"{_label(t, i)} is blocked: an action in play must open it first.",
                field="unlock",
            )
    for i in relock:
        if not cells[i].unlocked:
            raise RuleViolation("WD-INTEL-039", f"{_label(t, i)} is not unlocked: no progress to lose.")
    rewrites: dict[int, str] = {}
    for line in c.tidbits:
        where, sep, text = line.partition("=")
        if not sep:
            raise RuleViolation("WD-INTEL-032", "Write a tidbit as row,col=text.", field="tidbits")
        i = _index(t, where)
        if cells[i].unlocked and i not in relock:
            raise RuleViolation(
                "WD-INTEL-032",
                f"{_label(t, i)} is already found: a scrubbed or false record fools only later searchers.",
                field="tidbits",
            )
        rewrites[i] = text.strip()[:200]
    dispositions = tuple(disposition(d) for d in c.dispositions if d.strip())
    types = intel_types(state.campaign.intel_types)  # the GM's added types tag grids too (WD-INTEL-002)
    for d in dispositions:
        if d not in types:
            raise RuleViolation(
                "WD-INTEL-039", f"There is no disposition {d!r}; they are {', '.join(types)}."
            )
    changes = (block, unblock, unlock, cheaper, relock, rewrites, dispositions, c.warning.strip())
    if not any(changes):
        raise RuleViolation("WD-INTEL-037", "Name something to change on the grid.")
    for i in relock:
        cells[i] = evolve(cells[i], {"unlocked": False})
    for i in block:
        cells[i] = evolve(cells[i], {"blocked": True})
    for i in unblock:
        cells[i] = evolve(cells[i], {"blocked": False})
    for i in unlock:
        cells[i] = evolve(cells[i], {"unlocked": True})
    for i in cheaper:
        cells[i] = evolve(cells[i], {"tn": max(2, cells[i].tn - c.by)})
    for i, text in rewrites.items():
        cells[i] = evolve(cells[i], {"tidbit": text})
    update: dict[str, object] = {"cells": tuple(cells), "lines": _lines(t, cells)}
    if dispositions:
        update["dispositions"] = dispositions
    after = evolve(t, update)
    b = Builder(state, ctx, dice)
    b.emit(TargetReworked(target=after), hidden=True)
    b.emit(
        GridReworked(
            target=t.id,
            name=t.name,
            blocked=tuple(_label(t, i) for i in dict.fromkeys(block)),
            opened=tuple(_label(t, i) for i in unblock),
            unlocked=tuple(_label(t, i) for i in unlock),
            cheaper=tuple(_label(t, i) for i in cheaper),
            lost=tuple(_label(t, i) for i in relock),
            dispositions=dispositions,
            warning=c.warning.strip(),
        )
    )
    return b.batch


def fold_rework(state: WdState, payload: TargetReworked) -> WdState:
    """The grid as the GM reworked it."""
    camp = state.campaign
    targets = {**camp.targets, payload.target.id: payload.target}
    return evolve(state, {"campaign": evolve(camp, {"targets": targets})})


def say(p: GridReworked | TargetReworked) -> str:
    """The words: the public half lists the changes; the GM's half names the grid."""
    if isinstance(p, TargetReworked):
        return f"(GM) {p.target.name}'s grid as reworked, tidbits and DCs included."
    bits = [
        f"{what}: {', '.join(cells)}"
        for what, cells in (
            ("blocked", p.blocked),
            ("opened", p.opened),
            ("unlocked", p.unlocked),
            ("cheaper", p.cheaper),
            ("progress lost", p.lost),
        )
        if cells
    ]
    if p.dispositions:
        bits.append("now " + ", ".join(p.dispositions))
    text = f"{p.name}'s intel grid changes" + (f" ({'; '.join(bits)})" if bits else "") + "."
    return text + (f" {p.warning}" if p.warning else "")
