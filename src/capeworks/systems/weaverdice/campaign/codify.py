"""Codify (WD-INTEL-035): Utilize Intel's ways to pass grid unlocks on to others.

Spell it Out turns one target's unlocks into a write-up the writer keeps and
hands to the characters named; Presentation is a meeting that gives every
unlock on every grid to everyone present. Either wraps up the Utilize Intel
slot (the seed: anything but upgrade, downgrade or shuffle does). What a
character holds is kept on its ledger as ``writeups`` (target -> cells).
"""

from __future__ import annotations

from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice.campaign.events import IntelStep
from capeworks.systems.weaverdice.campaign.model import Ledger, Target
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import WdState

__all__ = ["CODIFY", "codify"]

#: the Utilize Intel verbs that codify
CODIFY = frozenset({"spell", "present"})


def _unlocked(t: Target) -> tuple[int, ...]:
    return tuple(i for i, cell in enumerate(t.cells) if cell.unlocked)


def _people(state: WdState, names: str, me: str) -> list[str]:
    out: list[str] = []
    for raw in names.replace(" and ", ",").split(","):
        ident = raw.strip()
        if not ident or ident == me or ident in out:
            continue
        if ident not in state.people:
            raise RuleViolation("WD-INTEL-035", f"There is no character called {ident} to share with.")
        out.append(ident)
    return out


def _give(ledger: Ledger, found: dict[str, tuple[int, ...]]) -> Ledger:
    held = dict(ledger.writeups)
    for target, cells in found.items():
        held[target] = tuple(sorted({*held.get(target, ()), *cells}))
    return evolve(ledger, {"writeups": held})


def codify(
    state: WdState, me: str, mine: Ledger, verb: str, what: str
) -> tuple[dict[str, Ledger], IntelStep]:
    """The ledgers a Spell it Out (``spell TARGET [for A,B]``) or a Presentation (``present to A,B``)
    changes, and the step it was."""
    targets = state.campaign.targets
    if state.people[me].hidden:  # a hidden NPC passes on what its own track found (WD-NPC-003)
        targets = {k: t.worked_hidden() for k, t in targets.items()}
    if verb == "spell":
        ident, _, rest = what.partition(" for ")
        ident = ident.strip()
        t = targets.get(ident)
        if t is None:
            raise RuleViolation("WD-INTEL-035", f"There is no intel target called {ident} to write up.")
        found = {t.id: _unlocked(t)} if _unlocked(t) else {}
        readers = _people(state, rest, me)
        step = IntelStep(verb="write_up", unlocks=len(found.get(t.id, ())), target=t.id)
    else:
        _, _, rest = what.partition("to ")
        found = {t.id: _unlocked(t) for t in targets.values() if _unlocked(t)}
        readers = _people(state, rest, me)
        if not readers:
            raise RuleViolation("WD-INTEL-035", "A presentation needs someone present: name who attends.")
        step = IntelStep(verb="present", unlocks=sum(len(c) for c in found.values()))
    if not found:
        raise RuleViolation("WD-INTEL-035", "There is no unlocked cell to pass on yet.")
    ledgers = {me: _give(mine, found)}
    for r in readers:
        ledgers[r] = _give(state.campaign.ledger(r), found)
    return ledgers, evolve(step, {"readers": tuple(readers)})
