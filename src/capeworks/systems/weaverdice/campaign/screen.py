"""The GM's screen for campaign events: what a public one may carry of the ledgers.

A campaign event carries the ledgers it changes whole, and a ledger can hold
what only the GM may know: a negative rep card nobody witnessed (WD-REP-010)
or, for a hidden NPC, everything in it. A public event therefore carries each
ledger without its secret cards and no hidden NPC's ledger at all; a GM-only
:class:`~.events.LedgersKept` right after it carries them whole, and the fold
of the two ends where the rules left it. An event about a hidden NPC (its
``character``) is the GM's alone, with the public note that a roll was made
if one was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capeworks.engine import Audience
from capeworks.engine.model import RollRecord
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import flow
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.model import Ledger
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import WdState

__all__ = ["Builder"]

_GM_ONLY = Audience.gm_only()


def _hidden(state: WdState, ident: str) -> bool:
    c = state.people.get(ident)
    return c is not None and c.hidden


def _public(ledger: Ledger) -> Ledger:
    return evolve(ledger, {"rep": tuple(c for c in ledger.rep if not c.secret)})


class Builder(flow.Builder):
    """:class:`~capeworks.systems.weaverdice.flow.Builder` with the screen above on campaign events."""

    __slots__ = ()

    def emit(
        self,
        payload: ev.WdEvent,
        *,
        rolls: Sequence[RollRecord] = (),
        hidden: bool = False,
        keep: Sequence[RollRecord] = (),
    ) -> None:
        if hidden or not isinstance(payload, ce.CampaignEvent):
            super().emit(payload, rolls=rolls, hidden=hidden, keep=keep)
            return
        state = self.state
        who: Any = payload.__dict__.get("character")
        if isinstance(who, str) and _hidden(state, who):
            super().emit(payload, rolls=rolls, hidden=True, keep=keep)
            return
        ledgers = payload.ledgers
        kept = {k: x for k, x in ledgers.items() if _hidden(state, k) or any(c.secret for c in x.rep)}
        if not kept:
            super().emit(payload, rolls=rolls, keep=keep)
            return
        public = {k: _public(x) for k, x in ledgers.items() if not _hidden(state, k)}
        super().emit(evolve(payload, {"ledgers": public}), rolls=rolls, keep=keep)
        self.batch.emit(ce.LedgersKept(ledgers=kept), audience=_GM_ONLY)
