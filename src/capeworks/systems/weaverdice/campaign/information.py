"""Information in place of intel (WD-INTEL-004, WD-INTEL-040): the GM rates it as an intel tier.

"Information, when provided instead, can be compared to intel and provide a
reduction of that intel's tier" (src 1817): on a finding or thread DC it cuts
what spending that tier would (20%, 50%, all; tier four opens the entry cell
too, WD-INTEL-003), as with the Crossbones family's lead (src 1821), on any
table. The no-intel appendix (src 2022-2027) rates information by quality,
"minor details, relevant details, deeper information, and serious writeups or
records, for tiers one through four"; "When someone would be given intel of tier
3+ (or even sometimes 2+), they could instead get an unlock on the intel grid of
the target", and "The grid can remain unlockable with the die rolls only, with
the player having the option of naming unique details about the target to
reduce the target number. Once something is named, it can't be used for that
cape again." So on a table without intel, information on an available cell
unlocks it at tier 3 or 4 (the GM rates it a tier higher where "sometimes 2+"
applies), and at tier 1 or 2 lowers its TN by that tier's cut, rounded up as a
cut DC is (a 5+ to 4+ or 3+); a cut that takes nothing off is refused, the
detail kept. A named detail is kept on the target, and naming it again is
refused. The GM gives information to the players' characters: a hidden NPC's
work on its own track is the GM's to rule.
"""

from __future__ import annotations

import math
from typing import Literal

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign import commands as cc
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.intel import CUT, narrow, open_cell, unlocking
from capeworks.systems.weaverdice.campaign.screen import Builder
from capeworks.systems.weaverdice.campaign.words import QUALITY
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Ctx, Done, person
from capeworks.systems.weaverdice.state import WdState

__all__ = ["QUALITY", "give_information"]


def _said(detail: str) -> str:
    """A named detail as the table compares it: case and spacing aside."""
    return " ".join(detail.split()).casefold()


def give_information(state: WdState, ctx: Ctx, c: cc.GiveInformation, dice: DiceService) -> Done:
    """The GM's information, rated as a tier, on a target's finding or thread DC or one of its cells."""
    who = person(state, c.character)
    if who.hidden:
        raise RuleViolation("WD-NPC-003", f"{who.name}'s work on a target is the GM's own track to rule.")
    t = state.campaign.targets.get(c.target)
    if t is None:
        raise RuleViolation("WD-INTEL-005", f"There is no intel target called {c.target}.")
    detail = _said(c.detail)
    if detail and detail in t.details:
        raise RuleViolation("WD-INTEL-040", f"That detail was named for {t.name} already: it counts once.")
    b = Builder(state, ctx, dice)
    quality = QUALITY[c.tier]
    tn = 0
    on: Literal["find", "thread", "cell"] = "cell"
    done = False
    if c.on in ("find", "thread"):
        patch = narrow(b, t, c.on, c.tier, gm=False)
        on = "find" if c.on == "find" else "thread"
        done = bool(patch.found if on == "find" else patch.thread_found)
        index = patch.unlock[0] if patch.unlock else -1  # tier four's entry cell (src 1813)
    else:
        if not ctx.config.campaign.no_intel:
            raise RuleViolation(
                "WD-INTEL-015", "On a table with intel, a cell opens to a roll or to intel spent on it."
            )
        index = open_cell(t, c.on)
        cell = t.cells[index]
        r, col = divmod(index, t.size)
        if c.tier >= 3:  # src 2024: tier 3+ "could instead get an unlock on the intel grid"
            patch = unlocking(t, index, gm=False)
        else:
            tn = math.ceil(cell.tn * (100 - CUT[c.tier]) / 100)
            if tn >= cell.tn:
                where = f"{t.rows[r]} x {t.cols[col]}"
                raise RuleViolation(
                    "WD-INTEL-040", f"{quality.capitalize()} take nothing off {where}'s {cell.tn}+."
                )
            patch = ce.TargetPatch(id=t.id, lowered=(index, tn))
    if detail:
        patch = evolve(patch, {"detail": detail})
    labels = (t.rows[index // t.size], t.cols[index % t.size]) if index >= 0 else None
    informed = ce.Informed(
        tier=c.tier, detail=c.detail.strip() if detail else "", on=on, done=done, cell=labels, tn=tn
    )
    b.emit(
        ce.InformationGiven(
            character=c.character, name=who.name, informed=informed, target_name=t.name, patch=patch
        )
    )
    return b.batch
