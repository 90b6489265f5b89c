"""Speed-bump mooks' free attacks (WS-MOOK-005), offered to the GM rather than made for them.

"Every Action taken where the Mooks are ignored, allow the Mooks to make an Attack against the
player character" (src 175): the rules *allow* the attack; whether the mooks take it is the
decision of the one who plays them. So an ignoring Action opens a GM prompt per group engaging
the character (with the static strike's numbers); play waits for the answer, and ``mook_strike``
makes the strike (Mook Skill + Damage vs Defense + Soak, PROPOSED static) or holds it. The struck
character may first answer with an Active Defense, "at any time" (src 20), as against any attack.
"""

from __future__ import annotations

from capeworks.engine import Batch, DiceService, Prompt, PromptOption, Role
from capeworks.errors import NotFound, RuleViolation
from capeworks.systems.workshop import commands as cmd
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.common import (
    Ctx,
    defense_of,
    gang_modifier,
    group_skill,
    may_defend,
    speed_bump,
    spend_bruise,
)
from capeworks.systems.workshop.config import MookModel
from capeworks.systems.workshop.harm import harm
from capeworks.systems.workshop.sheet import Combatant
from capeworks.systems.workshop.state import WorkshopState
from capeworks.systems.workshop.turn import Pending

__all__ = [
    "mook_strike",
    "offer_strikes",
    "require_no_offer",
    "speed_bump",
    "strike",
    "strike_numbers",
    "strike_prompts",
    "strike_pv",
]


def strike_pv(state: WorkshopState, g: Combatant, pc: Combatant, bonus: int = 0) -> int:
    """The PV of the group's static strike on ``pc`` with ``bonus`` more Defense (an Active Defense)."""
    av, against, _ = strike_numbers(state, g, pc)
    return max(0, av - against - bonus)


def strike_numbers(state: WorkshopState, g: Combatant, pc: Combatant) -> tuple[int, int, int]:
    """(AV, Defense + Soak, PV) of the group's static strike on ``pc``: the Defense it meets is the one
    any attack meets (Cover, a running Active Defense, a Bruise: WS-COVER-002, WS-STATUS-001); the AV
    takes the mooks' heroic-table modifier when the table uses it that way (WS-SNAP-003)."""
    damage = max((w.damage for w in g.weapons.values()), default=0)
    av = group_skill(g) + damage + gang_modifier(state, state.config, g)
    against = defense_of(state, pc) + pc.soak
    return av, against, max(0, av - against)


def offer_strikes(
    batch: Batch[WorkshopState], ctx: Ctx, pc: str, *, ignored: set[str] | frozenset[str] = frozenset()
) -> None:
    """WS-MOOK-005: each speed-bump group engaging ``pc`` that this Action ignored may strike: ask the GM."""
    if ctx.config.mooks is not MookModel.SPEED_BUMP:
        return
    target = batch.state.characters.get(pc)
    if target is None or not target.can_act:
        return
    for g in list(batch.state.characters.values()):
        engaged = speed_bump(ctx.config, g) and g.engaging == pc and g.can_act
        if engaged and g.id not in ignored and all(o.group != g.id for o in batch.state.offers):
            batch.emit(ev.MookStrikeOffered(group=g.id, pc=pc))


def require_no_offer(state: WorkshopState) -> None:
    """Play waits while the GM decides whether ignored mooks strike."""
    if state.offers:
        o = state.offers[0]
        g, pc = state.characters[o.group], state.characters[o.pc]
        raise RuleViolation("WS-MOOK-005", f"The GM decides first whether {g.name} strike at {pc.name}.")


def mook_strike(
    state: WorkshopState, ctx: Ctx, command: cmd.MookStrike, dice: DiceService
) -> Batch[WorkshopState]:
    """GM: the ignored mooks strike (static: Skill + Damage vs Defense + Soak; the PV is Damage) or hold."""
    if state.pending is not None:  # one strike at a time: the last one's Active Defense answer first
        raise RuleViolation("WS-SHOT-003", "An attack is waiting for its defenders' answers.")
    offer = next((o for o in state.offers if o.group == command.group), None)
    if offer is None:
        known = ", ".join(o.group for o in state.offers) or "none"
        raise NotFound(f"No mooks wait to strike as {command.group!r}; waiting: {known}.")
    batch = ctx.batch(state)
    batch.emit(ev.MookStrikeAnswered(group=offer.group, strike=command.strike))
    g, target = state.characters[offer.group], state.characters[offer.pc]
    # nobody left to strike (all down since the offer, src 175) or nobody to strike at (src 54)
    if not command.strike or not target.can_act or not g.can_act:
        return batch
    if may_defend(state, ctx.config, target):  # WS-SHOT-003: an Active Defense "at any time" (src 20)
        pending = Pending(
            attacker=g.id, weapon="", targets=(target.id,), modifier=0, awaiting=(target.id,), static="mooks"
        )
        batch.emit(ev.AttackDeclared(attacker=g.id, targets=(target.id,), modifier=0, pending=pending))
        return batch
    strike(batch, ctx, dice, g.id, target.id)
    return batch


def strike(batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, group: str, pc: str) -> bool:
    """The group's static strike on ``pc`` (Skill + Damage vs Defense + Soak, the PV their difference);
    it clears the pending Active Defense answer, if any. True if it harms."""
    g, target = batch.state.characters[group], batch.state.characters[pc]
    av, against, pv = strike_numbers(batch.state, g, target)
    batch.emit(
        ev.AttackRolled(
            attacker=g.id,
            target=target.id,
            weapon="static",
            base=g.trait("Skill"),
            dice=(),
            modifier=gang_modifier(batch.state, ctx.config, g),
            av=av,
            defense=against,
            outcome=pv,
            hit=pv > 0,
            pv=pv,
            pending=None,
        )
    )
    spend_bruise(batch, target.id)
    spend_bruise(batch, g.id)  # its "next Action" (src 181), whether its own or a strike it was allowed
    if pv > 0:
        harm(batch, ctx, dice, target.id, pv, hit=True, wall_at=target.wall_behind)  # the GM's wall (src 107)
    return pv > 0


def strike_prompts(state: WorkshopState) -> list[Prompt]:
    """One GM prompt per group of ignored mooks (none while a strike awaits its Active Defense answer)."""
    out: list[Prompt] = []
    if state.pending is not None:
        return out
    for o in state.offers:
        g, pc = state.characters[o.group], state.characters[o.pc]
        av, against, pv = strike_numbers(state, g, pc)
        out.append(
            Prompt(
                id=f"mooks-{o.group}-{state.turn.sequence}",
                kind="mook_strike",
                rule="WS-MOOK-005",
                question=(
                    f"{pc.name} ignored {g.name}: do they strike? (Skill + Damage {av} vs"
                    f" Defense + Soak {against}: PV {pv})"
                ),
                options=(
                    PromptOption(
                        value="strike",
                        label=f"strike (PV {pv})",
                        command="mook_strike",
                        payload={"group": o.group, "strike": True},
                    ),
                    PromptOption(
                        value="hold",
                        label="hold off",
                        command="mook_strike",
                        payload={"group": o.group, "strike": False},
                    ),
                ),
                default="strike",
                role=Role.GM,
                context={"group": o.group, "pc": o.pc, "pv": pv},
            )
        )
    return out
