"""Damage: Shock points and Wounds, falling down and dying, and every optional rule that follows a hit.

One entry point, :func:`harm`, used by attacks, falls, collisions and static mook attacks. The
order after Shock and Wounds are marked: Broken, Shaken, Stun (an attack's only), cinematic wounds,
knockback, down/dying, then the Shock roll and the Dark Times roll (each only if still standing).
"""

from __future__ import annotations

from typing import NamedTuple

from capeworks.engine import Batch, DiceService
from capeworks.engine.kit import TurnOrder
from capeworks.systems.workshop import alt
from capeworks.systems.workshop import events as ev
from capeworks.systems.workshop.common import PUSHED_OUT, Ctx, roll_traits, rolled_event
from capeworks.systems.workshop.config import CineMode, InitiativeSystem, MookModel, WoundPenalty
from capeworks.systems.workshop.rules import (
    AdvancedResult,
    GlassJawResult,
    advanced_mook,
    glass_jaw,
    knockback_metres,
    massive,
    wounds_for,
)
from capeworks.systems.workshop.sheet import Combatant, Standing
from capeworks.systems.workshop.state import WorkshopState

__all__ = ["COVER_EFFECTS", "give_wound", "harm", "wt_of"]

#: the timed effects of covering fire (WS-COVER-002/004)
COVER_EFFECTS = ("cover", "aggressive_cover")

WF = ("Willpower", "Focus")


class SoFar(NamedTuple):
    """What the Damage before a crash did (a hit's, or a fall's): the crash its knockback ends in belongs
    to it (src 107), so the Shock roll counts the Wounds of both (src 120), Dark Times the Shock points a
    hit's attack inflicted (src 150), and the cinematic Luck rolls go on from its Wounds, at most one
    Cinematic Wound for the lot (src 138)."""

    wounds: int
    shock: int
    cinematic: bool
    hit: bool


def wt_of(ctx: Ctx, c: Combatant) -> int:
    """WS-DMG-003: the combatant's own Wound Threshold, else the table's."""
    return c.wt or ctx.config.wound_threshold


def harm(
    batch: Batch[WorkshopState],
    ctx: Ctx,
    dice: DiceService,
    target: str,
    damage: int,
    *,
    hit: bool,
    attacker: str = "",
    wall_at: int | None = None,
    from_last: bool = False,
    attack: bool | None = None,
    before: SoFar | None = None,
) -> None:
    """Apply ``damage`` to ``target`` (a hit when ``hit``), with every rule the table has on. ``attack``:
    the Damage comes of an attack (by default when a hit: a knockback crash is no hit but comes of the
    attack that flung one; a fall's comes of none); ``before``: what the Damage that flung one did before
    this crash, whose Shock, Dark Times and cinematic rolls wait for the crash's."""
    of_attack = hit if attack is None else attack
    _harm(batch, ctx, dice, target, damage, hit=hit, attacker=attacker, wall_at=wall_at, attack=of_attack,
          before=before)  # fmt: skip
    if ctx.config.initiative is InitiativeSystem.CARDS and damage > 0:
        _push(batch, ctx, target, damage, from_last=from_last)
    _cease_fire(batch, target)
    _drop_guard(batch, target)


def _drop_guard(batch: Batch[WorkshopState], target: str) -> None:
    """WS-CORE-003: an Active Defense lasts until the defender's next action, but one who fell "unable to
    act" (src 54) defends nothing: it ends there, and waking does not bring it back."""
    state = batch.state
    if state.characters[target].can_act:
        return
    kept = tuple(e for e in state.effects if not (e.target == target and e.name == "active_defense"))
    if kept != state.effects:
        batch.emit(ev.ActiveDefenseEnded(who=target, effects=kept))


def _cease_fire(batch: Batch[WorkshopState], target: str) -> None:
    """WS-COVER-002: a shooter who fell "unable to act" (src 54) lays no more covering fire; the Cover
    ends there, so one who wakes before their next turn has none until they fire again."""
    state = batch.state
    if state.characters[target].can_act:
        return
    kept = tuple(e for e in state.effects if not (e.target == target and e.name in COVER_EFFECTS))
    if kept != state.effects:
        batch.emit(ev.CoverLifted(who=target, effects=kept))


def _push(batch: Batch[WorkshopState], ctx: Ctx, target: str, damage: int, *, from_last: bool) -> None:
    """WS-ALT-002: Damage moves the card forward; past first place, out of action."""
    c = batch.state.characters[target]
    turn = batch.state.turn
    order, places, out = alt.pushed(
        turn.order.order,
        target,
        damage,
        c.health,
        from_last=from_last,
        acting=turn.current,
        already=turn.pushed,
    )
    if not places:
        return
    own = target == turn.current and not out  # its own card, up from the rear when the turn ends
    after = None
    member = (
        out and c.can_act and not c.named and c.count > 1 and ctx.config.mooks is not MookModel.SPEED_BUMP
    )
    if member:
        # "she is out of action" (src 379): the one mook hit, as a nameless character goes down on "a single
        # Wound" (src 158), not its group, whose card, pushed as far as the stack goes, is in first place
        after = c.model_copy(update={"count": c.count - 1})
        if target != turn.current:
            head = order[:1] if turn.current and order[:1] == (turn.current,) else ()
            order = (*head, target, *(i for i in order[len(head) :] if i != target))
    elif out and c.can_act:
        clock = batch.state.clock
        after = c.model_copy(
            update={"standing": Standing.DOWN if c.named else Standing.OUT, "down_at": clock,
                    "wake_at": clock + ctx.config.wake_after_sequences if c.named else None}
        )  # fmt: skip
        # "and possibly receives a Wound" (src 379): the GM's to give (:mod:`.card_wound`); a mook is out
        after = after.with_status(PUSHED_OUT) if c.named else after
    new_turn = turn.model_copy(update={"order": TurnOrder(order=order), "pushed": turn.pushed + places * own})
    batch.emit(
        ev.CardPushed(who=target, places=places, out=out, turn=new_turn, character=after, member=member)
    )


def _harm(
    batch: Batch[WorkshopState],
    ctx: Ctx,
    dice: DiceService,
    target: str,
    damage: int,
    *,
    hit: bool,
    attacker: str = "",
    wall_at: int | None = None,
    attack: bool,
    before: SoFar | None = None,
) -> None:
    c = batch.state.characters[target]
    if not c.named and ctx.config.mooks is not MookModel.SPEED_BUMP:
        _mook(batch, ctx, c, damage, attacker)
        # src 107: knockback comes of "more Damage than your Mass Value", whoever takes it; the crash
        # is Damage on the mook's table too. In a group it is the one mook hit (src 158: "go down on a
        # single Wound", each of them) that is flung and knocked down, not the group: one put out of the
        # fight by the hit is out, and its flight matters no more; one still in gets up on its own Move
        collision = 0
        if ctx.config.knockback and not (c.count > 1 and batch.state.characters[target].count < c.count):
            collision = _knockback(batch, ctx, target, damage, wall_at, member=c.count > 1)
        if collision and batch.state.characters[target].standing is not Standing.OUT:
            harm(batch, ctx, dice, target, collision, hit=False, attack=attack)
        return
    cfg = ctx.config
    wt = wt_of(ctx, c)
    if not c.named:  # WS-MOOK-004: a speed-bump group is "handled by Static PV" (src 175), a fall's too
        downed = min(c.count, max(0, damage) // wt)
        left = c.count - downed
        after = c.model_copy(update={"count": left, "standing": Standing.OUT if left == 0 else c.standing})
        batch.emit(ev.MooksDowned(character=after, downed=downed, pv=damage))
        return
    wounds = wounds_for(damage, wt, sand=cfg.sand_in_your_teeth.value, hit=hit)  # WS-DMG-002, WS-GRIT-001
    big = massive(damage, wt)  # WS-SHOCK-004
    broken = shaken = cinematic = False
    shots_lost: int | None = None
    after = c.model_copy(
        update={
            "shock": c.shock + damage,
            "wounds": c.wounds + wounds,
            "last_hit_pv": damage if hit else c.last_hit_pv,
        }
    )
    if cfg.wound_penalty is WoundPenalty.SERIOUSNESS and wounds:
        after = after.model_copy(update={"worst_wound": max(c.worst_wound, wounds)})  # WS-WPEN-003
    # WS-STATUS-003: it incapacitates one still able to act; the dying stay dying (src 150), the down stay
    # down, and the status waits for a hit that can incapacitate
    if hit and damage > 0 and c.has("broken") and c.can_act:
        # no length (src 189): no clock or revive of an earlier knock-out ends it, only the GM (held_down)
        after = after.without("broken").model_copy(
            update={"standing": Standing.DOWN, "down_at": batch.state.clock, "wake_at": None,
                    "revive_difficulty": None}
        )  # fmt: skip
        after = after.with_status("broken_out")
        broken = True
    if cfg.shaken and damage >= 1:  # WS-SHAKEN-001
        after = after.with_status("shaken")
        shaken = True
    # WS-SHOCK-003: "For every Wound you lose in a single attack" (src 124): a fall is no attack (src 66), as
    # it is no hit for Dark Times or a fixed Cinematic Wound; the crash an attack's knockback ends in is
    # that attack's
    if cfg.stun and wounds and attack:
        shots_lost = min(after.shots, wounds)
        after = after.model_copy(update={"shots": after.shots - shots_lost})
    if big and cfg.cinematic_wounds is CineMode.FIXED and hit:  # WS-CINE-001: "takes a hit with" it (src 133)
        after = after.model_copy(update={"cinematic": (*after.cinematic, "a cinematic wound")})
        cinematic = True
    batch.emit(
        ev.Damaged(character=after, damage=damage, shock=damage, wounds=wounds, massive=big, broken=broken,
                   shaken=shaken, shots_lost=shots_lost, cinematic=cinematic)
    )  # fmt: skip
    earlier = before or SoFar(wounds=0, shock=0, cinematic=False, hit=False)
    cinematic_before = len(c.cinematic)
    if cfg.cinematic_wounds is CineMode.VARIABLE and wounds and not earlier.cinematic:
        _variable_cinematic(batch, ctx, dice, target, wounds, first=earlier.wounds + 1)
    collision = 0
    if cfg.knockback:
        collision = _knockback(batch, ctx, target, damage, wall_at)
    _standing(batch, ctx, target, wounds_now=wounds, attack=attack)
    c = batch.state.characters[target]
    # WS-SHOCK-001/002: one roll vs "5+5 times Wounds inflicted in this Attack" (src 120): a hit's knockback
    # crash is that attack's (as for Stun and death, src 124, 146), so its Wounds join the hit's in one roll
    attack_wounds = earlier.wounds + wounds
    if cfg.shock_roll and attack_wounds and not collision and c.standing is Standing.UP:
        difficulty = 5 + 5 * attack_wounds
        r = roll_traits(cfg, dice, c, WF, difficulty, purpose="shock", action=False)
        after = c
        if not r.success:
            after = c.model_copy(
                update={
                    "standing": Standing.DOWN,
                    "down_at": batch.state.clock,
                    "wake_at": batch.state.clock + (-r.margin),
                    "revive_difficulty": -r.margin,
                }
            )
        batch.emit(rolled_event(c, "shock", WF, r, character=after), rolls=(r.record,))
    c = batch.state.characters[target]
    # WS-DARK-001: "After every hit" (src 150), one of no Shock too (its roll is then vs 0), "against the
    # inflicted Shock points in this attack": after the crash a hit's knockback ends in, its Shock too
    if (
        cfg.dark_times
        and (hit or earlier.hit)
        and not collision
        and c.standing in (Standing.UP, Standing.DOWN)
    ):
        r = roll_traits(cfg, dice, c, WF, earlier.shock + damage, purpose="dark times", action=False)
        after = (
            c
            if r.success
            else c.model_copy(update={"standing": Standing.DYING, "dying_at": batch.state.clock})
        )
        batch.emit(rolled_event(c, "dark times", WF, r, character=after), rolls=(r.record,))
    if collision:
        so_far = SoFar(
            wounds=attack_wounds,
            shock=earlier.shock + damage,
            cinematic=earlier.cinematic or len(batch.state.characters[target].cinematic) > cinematic_before,
            hit=hit or earlier.hit,
        )
        harm(batch, ctx, dice, target, collision, hit=False, attack=attack, before=so_far)


def give_wound(batch: Batch[WorkshopState], ctx: Ctx, target: str, c: Combatant) -> None:
    """One Wound with no Damage behind it (the card stack's "possibly receives a Wound", WS-ALT-002) on
    ``c`` (the target as it stands, less what the caller takes off): toward Toughness (src 54) and, as a
    wound of its own, the worst wound when none is worse (src 146); no attack, no hit."""
    after = c.model_copy(update={"wounds": c.wounds + 1})
    if ctx.config.wound_penalty is WoundPenalty.SERIOUSNESS:
        after = after.model_copy(update={"worst_wound": max(c.worst_wound, 1)})
    batch.emit(ev.Damaged(character=after, damage=0, shock=0, wounds=1, out_of_action=True))
    _standing(batch, ctx, target, wounds_now=1, attack=False)


def _standing(batch: Batch[WorkshopState], ctx: Ctx, target: str, *, wounds_now: int, attack: bool) -> None:
    """WS-DMG-004/005, WS-WPEN-003: down at Shock = Health, dying at Wounds = Toughness, dead past 4 Wounds
    "in one attack" (src 146): a fall is no attack (src 66), as Stun reads "a single attack" (src 124), so
    its 5 Wounds are the worst wound (Deadly, -8), not death; the crash an attack's knockback ends in is
    that attack's."""
    c = batch.state.characters[target]
    clock = batch.state.clock
    if c.standing is Standing.DEAD:
        return
    if ctx.config.wound_penalty is WoundPenalty.SERIOUSNESS and wounds_now > 4 and attack:
        batch.emit(
            ev.StandingChanged(
                character=c.model_copy(update={"standing": Standing.DEAD}),
                why="more than 4 Wounds in one attack",
            )
        )
        return
    if c.wounds >= c.toughness and c.standing is not Standing.DYING:
        after = c.model_copy(update={"standing": Standing.DYING, "dying_at": clock, "stabilised": False})
        batch.emit(ev.StandingChanged(character=after, why="Wounds reached Toughness"))
        return
    if c.shock >= c.health and c.standing is Standing.UP:
        after = c.model_copy(
            update={
                "standing": Standing.DOWN,
                "down_at": clock,
                "wake_at": clock + ctx.config.wake_after_sequences,
            }
        )
        batch.emit(ev.StandingChanged(character=after, why="Shock points reached Health"))


def _variable_cinematic(
    batch: Batch[WorkshopState], ctx: Ctx, dice: DiceService, target: str, wounds: int, *, first: int = 1
) -> None:
    """WS-CINE-005: Luck vs 5, 10, 15... per Wound; any failure gives one Cinematic Wound (at most one).
    ``first``: the count of the first of these Wounds "in this instance" (a crash's go on from the hit's).

    A player who chose to fail (``welcomes_cinematic``) fails the first roll unrolled: the wound is
    theirs, and the other rolls could give no second one.
    """
    c = batch.state.characters[target]
    if c.has("welcomes_cinematic"):
        after = c.model_copy(update={"cinematic": (*c.cinematic, "a cinematic wound")})
        luck = c.trait("Luck")
        batch.emit(
            ev.Rolled(who=c.id, what="cinematic luck", traits=("Luck",), base=luck, dice=(), modifier=0,
                      total=luck, difficulty=5, success=False, by_choice=True, character=after)
        )  # fmt: skip
        return
    failed = False
    for k in range(first, first + wounds):
        c = batch.state.characters[target]
        r = roll_traits(ctx.config, dice, c, ("Luck",), 5 * k, purpose="cinematic", action=False)
        after = c
        if not r.success and not failed:
            failed = True
            after = c.model_copy(update={"cinematic": (*c.cinematic, "a cinematic wound")})
        batch.emit(rolled_event(c, "cinematic luck", ("Luck",), r, character=after), rolls=(r.record,))


def _knockback(
    batch: Batch[WorkshopState],
    ctx: Ctx,
    target: str,
    damage: int,
    wall_at: int | None,
    *,
    member: bool = False,
) -> int:
    """WS-KNOCK-002/003: metres flung back, knocked down; the collision Damage left when a wall is hit.
    ``member``: one mook of the group flung, the group left standing as it is."""
    c = batch.state.characters[target]
    metres = knockback_metres(damage, c.mass)
    if metres is None:
        return 0
    collision = max(0, metres - wall_at) if wall_at is not None else 0
    after = c if member else c.with_status("knocked_down")
    batch.emit(ev.KnockedBack(character=after, metres=metres, collision=collision, member=member))
    return collision


def _mook(batch: Batch[WorkshopState], ctx: Ctx, c: Combatant, damage: int, attacker: str) -> None:
    """WS-MOOK-002/003: the Glass Jaw or Advanced Mooks table decides."""
    clock = batch.state.clock
    if ctx.config.mooks is MookModel.GLASS_JAW:
        g = glass_jaw(damage)
        after = c
        # "5-9: Shaken" (src 161) is the one hit's, as "a target" that takes Shock "becomes Shaken" (src 80)
        # and as its knockback (src 107) and its "10+ Out" are: a group keeps its feet and its calm, the mook
        # hit steadies on its own (the group is only how the table seats them); the last of a group is that
        # mook
        member = c.count > 1 and g is GlassJawResult.SHAKEN
        if g is GlassJawResult.SHAKEN and not member:
            after = c.with_status("shaken")
        elif g is GlassJawResult.OUT:
            # "Characters that have no name go down on a single Wound" (src 158): the one hit, so a hit on a
            # group of them puts one out, and the group once its last is (only Speed Bump mooks go down by
            # PV as "a group", src 175)
            if c.count > 1:
                after = c.model_copy(update={"count": c.count - 1})
            else:
                after = c.model_copy(update={"standing": Standing.OUT})
        left = after.count if c.count > 1 else None
        batch.emit(
            ev.Damaged(character=after, damage=damage, shock=0, wounds=0, mook_table="glass jaw",
                       mook_result=g.value, left=left, member=member)
        )  # fmt: skip
        return
    a = advanced_mook(damage)
    down = a in (AdvancedResult.UNCONSCIOUS, AdvancedResult.PERMANENTLY_OUT)
    # 0-4 Shaken; PROPOSED: 5-9 also Shaken. "A Mook now follows the following rules" (src 166): in a group,
    # the one hit is Shaken, not the group (as for glass jaw, src 161, and knockback, src 107)
    member = c.count > 1 and not down
    after = c if c.count > 1 else c.with_status("shaken")
    wake_at = clock + ctx.config.wake_after_sequences
    if down and c.count > 1:
        # "Mook is unconscious" / "permanently out of Action" (src 170-171): the one hit leaves its group's
        # fight; an unconscious one sleeps in the group until it wakes as anyone unconscious does (src 60)
        asleep = (*c.sleepers, wake_at) if a is AdvancedResult.UNCONSCIOUS else c.sleepers
        after = c.model_copy(update={"count": c.count - 1, "sleepers": asleep})
    elif a is AdvancedResult.UNCONSCIOUS:
        # unconscious, not "permanently out" (src 170-171): it wakes as anyone unconscious does (src 60)
        after = c.model_copy(update={"standing": Standing.DOWN, "down_at": clock, "wake_at": wake_at})
    elif a is AdvancedResult.PERMANENTLY_OUT and c.sleepers:
        # the last standing of a group out for good: the group lies down as the first of its sleepers to wake
        first = c.sleepers.index(min(c.sleepers))
        rest = c.sleepers[:first] + c.sleepers[first + 1 :]
        update = {"standing": Standing.DOWN, "down_at": clock, "wake_at": c.sleepers[first], "sleepers": rest}
        after = c.model_copy(update=update)
    elif a is AdvancedResult.PERMANENTLY_OUT:
        after = c.model_copy(update={"standing": Standing.OUT})
    left = after.count if c.count > 1 else None
    shaken = a is AdvancedResult.FREE_D10  # said: the table's result does not say it
    batch.emit(
        ev.Damaged(character=after, damage=damage, shock=0, wounds=0, mook_table="advanced mook",
                   mook_result=a.value, left=left, shaken=shaken, member=member)
    )  # fmt: skip
    if a is AdvancedResult.FREE_D10 and attacker:
        att = batch.state.characters[attacker]  # one more for each such hit before the next Action
        gained = att.model_copy(update={"statuses": (*att.statuses, "free_d10")})
        batch.emit(ev.StatusSet(character=gained, status="free_d10", on=True))
