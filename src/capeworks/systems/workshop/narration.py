"""What the rules name but never define, handed to the GM to narrate instead of passing silently.

The seed names effects it never gives: a Fumble and a Total Failure that turns the action
Hazardous (the wiki's degrees, the inventory's secondary evidence), the Stymie (4) and Setback (2)
cards (WS-CARD-003), and the setback and random-event padding cards (WS-ALT-005). When one comes
up, the table says so to the GM: a note only the GM sees in the log and a GM prompt that stays
open until the GM answers it (``narrated``). Nothing waits on it: play goes on meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from capeworks.engine import Audience, Batch, DiceService, Event, Prompt, PromptOption, Role
from capeworks.errors import NotFound
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.cards import effect_of
from capeworks.systems.workshop.common import Ctx
from capeworks.systems.workshop.state import WorkshopState

__all__ = ["add_narrations", "narrated", "narration_prompts"]

_DEGREE = {
    "fumble": "a Fumble",
    "total_failure": "a Total Failure: the action turns Hazardous",
}


def _due(event: Event, name: Mapping[str, str]) -> list[tuple[str, str]]:
    """(rule, text) for each thing ``event`` brings up for the GM to narrate."""
    p = event.payload
    out: list[tuple[str, str]] = []
    degree = getattr(p, "degree", "")
    if degree in _DEGREE:
        if isinstance(p, ev.AttackRolled):
            what = f"{name.get(p.attacker, p.attacker)}'s attack on {name.get(p.target, p.target)}"
        else:
            who = str(getattr(p, "who", ""))
            what = f"{name.get(who, who)}'s {getattr(p, 'what', 'roll')}"
        out.append(
            (
                "WS-CORE-001",
                f"{what} is {_DEGREE[degree]}. The rules give it no effect: narrate what goes wrong.",
            )
        )
    if isinstance(p, ev.CardDrawn):
        effect = effect_of(p.card)
        if effect.stymie or effect.setback:
            word = "Stymie" if effect.stymie else "Setback"
            out.append(
                (
                    "WS-CARD-003",
                    f"The {p.faction} drew {p.card} ({word}) for this Sequence. The rules never define a"
                    f" {word}: narrate the complication.",
                )
            )
    if isinstance(p, ev.PaddingReached) and p.kind not in ("d10", "knockdown"):
        to = name.get(p.given_to, p.given_to) or "nobody"
        out.append(
            (
                "WS-ALT-005",
                f"A padding card ({p.kind}) reached the front, for {to}. The rules give it no effect:"
                " narrate it.",
            )
        )
    return out


def add_narrations(batch: Batch[WorkshopState], events: Sequence[Event], names: Mapping[str, str]) -> None:
    """Emit a GM-only :class:`~.events.NarrationDue` for each thing ``events`` bring up."""
    for event in events:
        for rule, text in _due(event, names):
            batch.emit(
                ev.NarrationDue(id=batch.state.next_narration, rule=rule, text=text),
                audience=Audience.gm_only(),
            )


def narration_prompts(state: WorkshopState) -> list[Prompt]:
    """One GM prompt per narration due; the table does not wait on it (``waits=False``)."""
    return [
        Prompt(
            id=f"narrate-{n.id}",
            kind="narrate",
            rule=n.rule,
            question=f"For the GM: {n.text}",
            options=(PromptOption(value="done", label="Narrated", command="narrated", payload={"id": n.id}),),
            default="done",
            role=Role.GM,
            context={"id": n.id},
            waits=False,
        )
        for n in state.narrate
    ]


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
