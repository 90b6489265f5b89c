"""The GM's screen for campaign events: what a public one may carry of the ledgers.

A campaign event carries the ledgers it changes whole, and a ledger can hold
what only the GM may know: a negative rep card nobody witnessed (WD-REP-010)
or, for a hidden NPC, everything in it. A public event therefore carries each
ledger without its secret cards and no hidden NPC's ledger at all; a GM-only
:class:`~.events.LedgersKept` right after it carries them whole, and the fold
of the two ends where the rules left it. An event about a hidden NPC (its
``character``) is the GM's alone, with the public note that a roll was made
if one was. Likewise a public event's records keyed by character (the downtime
phase's slots, rep to discard, strike choices, bonus-slot dice, costume rep)
leave out hidden NPCs' keys, and the projects, recruitments and missions
that are theirs, and a GM-only :class:`~.events.DowntimeKept`
after it carries them, with the hidden NPCs' dice (``secret``). A group with a
hidden NPC among its members goes public without it, counted in ``extra``
instead so the public cap stays right; the GM's copy has the group whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from capeworks.engine import Audience
from capeworks.engine.model import RollRecord
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import flow
from capeworks.systems.weaverdice.campaign import events as ce
from capeworks.systems.weaverdice.campaign.model import Group, Ledger, Phase
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.state import WdState

__all__ = ["Builder"]

_GM_ONLY = Audience.gm_only()


def _hidden(state: WdState, ident: str) -> bool:
    c = state.people.get(ident)
    return c is not None and c.hidden


def _public(ledger: Ledger) -> Ledger:
    """A ledger as the players see it: no secret card, nor a secret card's gunshot in the count of
    guns fired (WD-REP-010)."""
    return evolve(
        ledger, {"rep": tuple(c for c in ledger.rep if not c.secret), "guns_fired": ledger.guns_seen}
    )


#: records the fold sets whole: the GM's copy is whole; words only: the GM's copy is the hidden part
_WHOLE, _PARTS = ("discards", "strike_choice"), ("bonus_faces", "gained", "moved")
#: records a character owns, by the field naming it: a hidden NPC's are the GM's
_OWNED = {"projects": "crafter", "recruitments": "recruiter", "missions": "planner"}


def _unnamed(group: Group, hidden: set[str]) -> Group:
    """A group as players see it: hidden members counted in ``extra``, not named (WD-NPC-003)."""
    shown = tuple(m for m in group.members if m not in hidden)
    return evolve(group, {"members": shown, "extra": group.extra + len(group.members) - len(shown)})


def _ids(keyed: dict[str, Any]) -> set[str]:
    """The characters the GM's part of an event names: its records' keys, owners and members."""
    phase = keyed.get("phase")
    ids = set(phase.slots) if isinstance(phase, Phase) else set()
    for key in (*_WHOLE, *_PARTS):
        ids |= set(keyed.get(key) or {})
    for key, owner in _OWNED.items():
        ids |= {getattr(r, owner) for r in keyed.get(key, ())}
    return ids | {m for g in keyed.get("groups", ()) for m in g.members}


def _names(state: WdState, ids: Iterable[str]) -> dict[str, str]:
    """The names of the characters ``ids`` (the GM's words read names, not ids)."""
    return {i: state.people[i].name for i in ids if i in state.people}


def _keyed(state: WdState, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The public values of an event's records keyed by character, and the GM's (see the docstring)."""
    hidden = {i for i, c in state.people.items() if c.hidden}
    public: dict[str, Any] = {}
    kept: dict[str, Any] = {}
    phase = values.get("phase")
    if isinstance(phase, Phase) and hidden & phase.slots.keys():
        public["phase"] = evolve(phase, {"slots": {k: v for k, v in phase.slots.items() if k not in hidden}})
        kept["phase"] = phase
    for key, owner in _OWNED.items():
        records = values.get(key)
        if records and any(getattr(r, owner) in hidden for r in records):
            public[key] = tuple(r for r in records if getattr(r, owner) not in hidden)
            kept[key] = tuple(r for r in records if getattr(r, owner) in hidden)
    groups = values.get("groups")
    if groups and any(hidden & set(g.members) for g in groups):
        public["groups"] = tuple(_unnamed(g, hidden) for g in groups)
        kept["groups"] = groups
    for key in (*_WHOLE, *_PARTS):
        records = values.get(key)
        if isinstance(records, dict) and hidden & records.keys():
            public[key] = {k: v for k, v in records.items() if k not in hidden}
            kept[key] = records if key in _WHOLE else {k: v for k, v in records.items() if k in hidden}
    names = values.get("names")  # words only: a hidden NPC's name is left out, never kept apart
    if isinstance(names, dict) and hidden & names.keys():
        public["names"] = {k: v for k, v in names.items() if k not in hidden}
    return public, kept


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
        secret: Sequence[RollRecord] = (),
        seats: Sequence[str] = (),
    ) -> None:
        """As the base's; ``secret``: rolls for hidden NPCs' part, which ride on the GM's copy."""
        campaign = isinstance(payload, (ce.CampaignEvent, ce.CampaignFact))
        state = self.state
        who: Any = payload.__dict__.get("character")
        if not hidden and campaign and isinstance(who, str) and _hidden(state, who):
            hidden = True  # an event about a hidden NPC is the GM's
        if hidden or not isinstance(payload, ce.CampaignEvent):
            super().emit(payload, rolls=rolls, hidden=hidden, keep=keep, seats=seats)
            return
        public, keyed = _keyed(state, payload.__dict__)
        ledgers = payload.ledgers
        kept = {k: x for k, x in ledgers.items() if _hidden(state, k) or any(c.secret for c in x.rep)}
        if kept:
            public["ledgers"] = {k: _public(x) for k, x in ledgers.items() if not _hidden(state, k)}
        super().emit(evolve(payload, public) if public else payload, rolls=rolls, keep=(*keep, *secret))
        if kept:
            self.batch.emit(ce.LedgersKept(ledgers=kept, names=_names(state, kept)), audience=_GM_ONLY)
        if keyed or secret:
            super().emit(ce.DowntimeKept(**keyed, names=_names(state, _ids(keyed))), hidden=True)
