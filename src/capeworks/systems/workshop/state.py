"""The state of a Workshop table and its fold: combatants, the Sequence and its order, timed effects.

Events carry the whole new value of what they change (a combatant, the turn, the timed effects,
the pending attack, the decks), so :func:`fold` is a plain upsert of the typed payload.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from capeworks.engine import Event
from capeworks.engine.kit import Frozen
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.config import WorkshopConfig
from capeworks.systems.workshop.sheet import Combatant
from capeworks.systems.workshop.turn import Bid, Call, Effect, Pending, Turn

__all__ = ["WorkshopState", "fold"]


class Offer(Frozen):
    """Speed-bump mooks an Action ignored, waiting for the GM to say whether they strike (WS-MOOK-005)."""

    group: str
    pc: str


class Narration(Frozen):
    """One thing for the GM to narrate (see :mod:`.narration`): its facts (``due``), or, from an older
    log, the words it was told in (``text``)."""

    id: int
    rule: str
    text: str = ""
    due: ev.Due | None = None


class WorkshopState(Frozen):
    """Combatants, the Sequence, timed effects, the pending attack and bid, the deck."""

    config: WorkshopConfig = Field(default_factory=WorkshopConfig)
    characters: dict[str, Combatant] = Field(default_factory=dict)
    turn: Turn = Field(default_factory=Turn)
    effects: tuple[Effect, ...] = ()
    pending: Pending | None = None
    bid: Bid | None = None
    decks: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    #: sequences elapsed, for wake-up and dying clocks (fights and passing time)
    clock: int = 0
    calls: dict[int, Call] = Field(default_factory=dict)
    party_xp: int = 0
    next_call: int = 1
    gm_notes: tuple[str, ...] = ()
    #: for the GM: what came up whose effect the rules never give, until the GM has narrated it
    narrate: tuple[Narration, ...] = ()
    next_narration: int = 1
    offers: tuple[Offer, ...] = ()

    def char(self, cid: str) -> Combatant:
        """A combatant by id (callers check it exists)."""
        return self.characters[cid]


_OPTIONAL = ("turn", "effects", "decks", "clock")


def fold(state: WorkshopState, event: Event) -> WorkshopState:
    """Apply one event: upsert what its payload carries. Never mutates."""
    p = event.payload
    if not isinstance(p, ev.WorkshopEvent):
        return state
    update: dict[str, object] = {}
    fields = type(p).model_fields
    changed = [c for c in (getattr(p, "character", None), *getattr(p, "characters", ())) if c is not None]
    if changed:
        update["characters"] = {**state.characters, **{c.id: c for c in changed}}
    for name in _OPTIONAL:
        if name in fields and getattr(p, name) is not None:
            update[name] = getattr(p, name)
    for name in ("pending", "bid"):
        if name in fields:
            update[name] = getattr(p, name)
    if isinstance(p, ev.CallMade):
        update["calls"] = {**state.calls, p.call.id: p.call}
        update["next_call"] = max(state.next_call, p.call.id + 1)
    if isinstance(p, ev.CheckRolled):
        update["calls"] = {k: v for k, v in state.calls.items() if k != p.call}
    if isinstance(p, (ev.SessionEnded, ev.CinematicHealed)):
        update["party_xp"] = p.party_xp
    if isinstance(p, ev.GmNoted):
        update["gm_notes"] = (*state.gm_notes, p.text)
    if isinstance(p, ev.NarrationDue):
        update["narrate"] = (*state.narrate, Narration(id=p.id, rule=p.rule, text=p.text, due=p.due))
        update["next_narration"] = max(state.next_narration, p.id + 1)
    if isinstance(p, ev.MookStrikeOffered):
        update["offers"] = (*state.offers, Offer(group=p.group, pc=p.pc))
    if isinstance(p, ev.MookStrikeAnswered):
        update["offers"] = tuple(o for o in state.offers if o.group != p.group)
    if isinstance(p, ev.Narrated):
        update["narrate"] = tuple(n for n in state.narrate if n.id != p.id)
    return state.model_copy(update=update) if update else state


def dumped(state: WorkshopState) -> dict[str, Any]:
    """The state as JSON, without an effect's line of fire while it holds its default (all): the
    golden logs' states read exactly as they did."""
    data = state.model_dump(mode="json")
    for effect in data.get("effects", ()):
        if not effect.get("line"):
            effect.pop("line", None)
    if not data.get("offers"):
        data.pop("offers", None)
    for n in data.get("narrate", ()):  # an older log's narration holds its words, a newer one its facts
        if n.get("due") is None:
            n.pop("due", None)
        if not n.get("text"):
            n.pop("text", None)
    if not data.get("narrate") and data.get("next_narration") == 1:
        data.pop("narrate", None)
        data.pop("next_narration", None)
    return data
