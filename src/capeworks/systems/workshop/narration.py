"""What the rules name but never define, handed to the GM to narrate instead of passing silently.

The seed names effects it never gives: a Fumble and a Total Failure that turns the action
Hazardous (the wiki's degrees, the inventory's secondary evidence), the Stymie (4) and Setback (2)
cards (WS-CARD-003), and the setback and random-event padding cards (WS-ALT-005). When one comes
up, the table says so to the GM: a note only the GM sees in the log and a GM prompt that stays
open until the GM answers it (``narrated``). Nothing waits on it: play goes on meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence

from capeworks.engine import Audience, Batch, DiceService, Event, Prompt, PromptOption, Role
from capeworks.errors import NotFound
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import effect_of
from capeworks.systems.workshop.common import Ctx
from capeworks.systems.workshop.render import narration_words
from capeworks.systems.workshop.state import WorkshopState

__all__ = ["add_narrations", "narrated", "narration_prompts"]

#: the wiki's degrees below success whose effect the rules never give
_DEGREES = ("fumble", "total_failure")


def _due(event: Event) -> list[tuple[str, ev.Due]]:
    """(rule, facts) for each thing ``event`` brings up for the GM to narrate; the words say them
    (:func:`~.render.narration_words`): rules are pure."""
    p = event.payload
    out: list[tuple[str, ev.Due]] = []
    degree = getattr(p, "degree", "")
    if degree in _DEGREES:
        if isinstance(p, ev.AttackRolled):
            out.append(("WS-CORE-001", ev.Due(degree=degree, who=p.attacker, target=p.target)))
        else:
            who, roll = str(getattr(p, "who", "")), str(getattr(p, "what", ""))
            out.append(("WS-CORE-001", ev.Due(degree=degree, who=who, roll=roll)))
    if isinstance(p, ev.CardDrawn):
        effect = effect_of(p.card)
        if effect.stymie or effect.setback:
            out.append(("WS-CARD-003", ev.Due(faction=p.faction, card=p.card)))
    if isinstance(p, ev.PaddingReached) and p.kind not in ("d10", "knockdown"):
        out.append(("WS-ALT-005", ev.Due(padding=p.kind, given_to=p.given_to)))
    return out


def add_narrations(batch: Batch[WorkshopState], events: Sequence[Event]) -> None:
    """Emit a GM-only :class:`~.events.NarrationDue` for each thing ``events`` bring up."""
    for event in events:
        for rule, due in _due(event):
            batch.emit(
                ev.NarrationDue(id=batch.state.next_narration, rule=rule, due=due),
                audience=Audience.gm_only(),
            )


def narration_prompts(state: WorkshopState) -> list[Prompt]:
    """One GM prompt per narration due; the table does not wait on it (``waits=False``)."""
    return [
        Prompt(
            id=f"narrate-{n.id}",
            kind="narrate",
            rule=n.rule,
            question=f"For the GM: {n.text or narration_words(n.due, lambda cid: _name(state, cid))}",
            options=(PromptOption(value="done", label="narrated", command="narrated", payload={"id": n.id}),),
            default="done",
            role=Role.GM,
            context={"id": n.id},
            waits=False,
        )
        for n in state.narrate
    ]


def _name(state: WorkshopState, cid: str) -> str:
    """A combatant's name, as the log's words give it (its id as words begin it if it is gone)."""
    c = state.characters.get(cid)
    return c.name if c is not None else cid[:1].upper() + cid[1:]


def narrated(
    state: WorkshopState, ctx: Ctx, command: cmd.Narrated, dice: DiceService
) -> Batch[WorkshopState]:
    """GM: the narration is done; its prompt closes."""
    if all(n.id != command.id for n in state.narrate):
        known = ", ".join(str(n.id) for n in state.narrate) or "none"
        raise NotFound(f"There is no narration {command.id} due; due: {known}.")
    batch = ctx.batch(state)
    batch.emit(ev.Narrated(id=command.id), audience=Audience.gm_only())
    return batch
