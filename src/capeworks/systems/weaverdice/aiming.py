"""Align Sights at the table: a round not firing, the view kept on one target, and the next shot at
it +1 to hit per Aim skill known (WD-SKILL-011/012/015, src 322-327).

Wires :func:`~.skills.align_sights_bonus` into play: the alignment is the
combatant's ``aligned_on`` (cleared when a fight starts or ends); the attack
reads it in :mod:`~.harm` (:func:`aligned_bonus`) and spends it on the shot.
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice.combat import ActionKind
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.flow import Builder, Ctx, Done, on_turn, person
from capeworks.systems.weaverdice.opportunity import provoked
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import AIM_TREE, align_sights_bonus, had_skills
from capeworks.systems.weaverdice.state import Combatant, WdState
from capeworks.systems.weaverdice.vocab import Status
from capeworks.systems.weaverdice.wounding import full_action

__all__ = ["align_sights", "aligned_bonus"]

#: the Aim-tree option that takes the round (src 322)
ALIGN_SIGHTS = "align sights"


def align_sights(state: WdState, context: Ctx, c: cmd.AlignSights, dice: DiceService) -> Done:
    """Take the round not firing, the view kept on ``target``: the turn's actions (PROPOSED: a full
    action), and the next shot at it gets the bonus (WD-SKILL-011)."""
    fight = on_turn(state, c.character)
    assert fight.turn is not None
    me, target, sheet = person(state, c.character), person(state, c.target), state.sheet(c.character)
    # a learning Align Sights opened with Focus is had for the encounter (WD-SKILL-009, src 342)
    known = any(s.tree == AIM_TREE and s.name.lower() == ALIGN_SIGHTS for s in had_skills(sheet, me.opened))
    if not known:
        raise RuleViolation("WD-SKILL-011", f"{me.name} does not know Align Sights (an Aim skill).")
    if c.target == c.character:
        raise RuleViolation("WD-SKILL-011", "Align your sights on someone else.")
    if any(x.name == Status.BLINDED and x.target == c.character for x in me.conditions):
        # no view past 10 ft to keep on a target Aim can serve, none within 15 ft (src 313-318, 846)
        raise RuleViolation(
            "WD-SKILL-011", f"{me.name} is blinded: there is no view to keep on {target.name}."
        )
    # aiming from the ground is no offense against the melee attackers: it provokes them (src 850)
    turn = provoked(
        fight.turn.spend(ActionKind.FULL, config=context.config), state, c.character, context.config
    )
    b = Builder(state, context, dice)
    b.emit(
        ev.ActionTaken(
            character=c.character,
            name=me.name,
            action=f"align sights on {target.name}",
            kind=ActionKind.FULL.value,
            fight=evolve(fight, {"turn": turn}),
            people=(evolve(me, {"aligned_on": c.target}),),
        )
    )
    full_action(b, c.character)
    return b.batch


def aligned_bonus(
    me: Combatant,
    sheet: Character,
    target: str,
    *,
    ranged: bool,
    grappled: bool = False,
    focused: bool = False,
) -> int:
    """The to-hit an attack gets from sights aligned on ``target``: a shot only, "where Aim applies
    throughout" (WD-SKILL-011, src 325), so none fired from a grapple (a foe at arm's length, src 316)
    unless a Focused Shot applies the Aim skills regardless (src 334); each Focused Shot this fight
    counts one more skill (WD-SKILL-012)."""
    if not ranged or me.aligned_on != target or (grappled and not focused):
        return 0
    return align_sights_bonus(sheet, focused_shots=me.focused_shots, opened=me.opened)
