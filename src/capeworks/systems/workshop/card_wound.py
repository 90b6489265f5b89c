"""The Wound card initiative leaves to the GM (WS-ALT-002): "if the character is moved one place forward
from first place, she is out of action( and possibly receives a Wound)" (src 379).

"Possibly" is the GM's (PROPOSED WS-ALT-002: "the Wound is GM's choice"). A named character the stack
puts out of action carries ``pushed_out`` until the GM decides: a GM prompt that holds nothing up
(``waits=False``) asks whether they receive the Wound, and ``card_wound`` gives it (``wound=true``) or
not. The Wound is one Wound with no Damage behind it: it counts toward Toughness (dying there, src 54)
and impairs like any untreated Wound (src 111, 146). Waking ends the question (:func:`.common.woken`).
"""

from __future__ import annotations

from capeworks.engine import Batch, DiceService, Prompt, PromptOption, Role
from capeworks.errors import RuleViolation
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.common import PUSHED_OUT, Ctx, char
from capeworks.systems.workshop.harm import give_wound
from capeworks.systems.workshop.state import WorkshopState

__all__ = ["card_wound", "card_wound_prompts"]


def card_wound(
    state: WorkshopState, ctx: Ctx, command: cmd.CardWound, dice: DiceService
) -> Batch[WorkshopState]:
    """GM: the one the card stack put out of action receives its "possible" Wound, or does not."""
    c = char(state, command.character)
    if not c.has(PUSHED_OUT):
        raise RuleViolation(
            "WS-ALT-002",
            f"{c.name} is not out of action from the card stack with a Wound still to decide.",
        )
    batch = ctx.batch(state)
    if command.wound:
        give_wound(batch, ctx, c.id, c.without(PUSHED_OUT))
    else:
        batch.emit(ev.StatusSet(character=c.without(PUSHED_OUT), status=PUSHED_OUT, on=False))
    return batch


def card_wound_prompts(state: WorkshopState) -> list[Prompt]:
    """One GM prompt per character the stack put out of action, until the GM decides; nothing waits."""
    return [
        Prompt(
            id=f"card-wound-{c.id}",
            kind="card_wound",
            rule="WS-ALT-002",
            question=f"{c.name} is out of action from the card stack: do they receive a Wound?",
            options=(
                PromptOption(
                    value="wound",
                    label="a Wound",
                    command="card_wound",
                    payload={"character": c.id, "wound": True},
                ),
                PromptOption(
                    value="none",
                    label="no Wound",
                    command="card_wound",
                    payload={"character": c.id, "wound": False},
                ),
            ),
            default="none",
            role=Role.GM,
            context={"character": c.id},
            waits=False,
        )
        for c in state.characters.values()
        if c.has(PUSHED_OUT)
    ]
