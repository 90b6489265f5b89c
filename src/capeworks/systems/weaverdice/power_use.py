"""Designed powers at the table: a power's action, effort cost, attack roll per target and statuses.

Wires the gear engineer's :mod:`~capeworks.systems.weaverdice.powers`
(the data model and :func:`~capeworks.systems.weaverdice.powers.effort_spend`)
into play: WD-COMBAT-009 (a power is an action), WD-EFFORT-003c (physically
draining powers cost effort), WD-COMBAT-017..024 (its attack and damage; WD-COMBAT-019: each named target it
hits reacts on its own) and
WD-STATUS-015 (statuses in a power's own words).
"""

from __future__ import annotations

from capeworks.engine import DiceService
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import holds
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.aiming import aligned_bonus
from capeworks.systems.weaverdice.blind import emit_attack
from capeworks.systems.weaverdice.combat import ActionKind, cover_bonus
from capeworks.systems.weaverdice.copies import evolve
from capeworks.systems.weaverdice.declared import check_pin
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.flow import (
    Builder,
    Ctx,
    Done,
    off_turn,
    offers_reaction,
    on_turn,
    pained_failure,
    person,
    roll_check,
)
from capeworks.systems.weaverdice.holds import defense_in_grapple
from capeworks.systems.weaverdice.movement import check_aoo_attack
from capeworks.systems.weaverdice.opportunity import check_generic, provoked, struck
from capeworks.systems.weaverdice.powers import Power, PowerAction, Targeting, effort_spend
from capeworks.systems.weaverdice.skills import check_aim, check_focused_shot, skill_dice
from capeworks.systems.weaverdice.state import Chance, PendingAttack, WdState
from capeworks.systems.weaverdice.vocab import Pool, Status, Tier
from capeworks.systems.weaverdice.wounding import full_action, land_hit, power_statuses, spend
from capeworks.systems.weaverdice.wounds import Standing

__all__ = ["use_power"]


def use_power(state: WdState, context: Ctx, c: cmd.UsePower, dice: DiceService) -> Done:
    """Use a designed power: pay its action and effort, roll its attack against each target's DS,
    apply its statuses to those it hits (or to its targets, if it makes no attack) (WD-COMBAT-009,
    WD-EFFORT-003c, the gear engineer's :mod:`~capeworks.systems.weaverdice.powers`)."""
    me = person(state, c.character)
    sheet = state.sheet(c.character)
    power = next((p for p in sheet.powers if p.name.lower() == c.power.strip().lower()), None)
    if power is None:
        raise RuleViolation("WD-COMBAT-009", f"{me.name} has no power called {c.power}.")
    if c.hidden and not context.is_gm:
        raise NotPermitted("Only the GM can roll in secret.")
    if c.bonus and not context.is_gm:  # as on a check: the situation's modifiers are the GM's (WD-CORE-003)
        raise NotPermitted("Only the GM can give a bonus to a power's roll.")
    kinds = {
        PowerAction.STANDARD: ActionKind.STANDARD,
        PowerAction.FULL: ActionKind.FULL,
        PowerAction.LENGTHY: ActionKind.LENGTHY,
        PowerAction.QUICK: ActionKind.QUICK,
    }
    reaction = power.action is PowerAction.REACTION
    if power.action not in kinds and not reaction:
        raise RuleViolation("WD-COMBAT-009", f"{power.name} is not used as an action on a turn.")
    if reaction:
        # out of turn, for its Focus (src 586), as an attack of opportunity is (WD-COMBAT-015)
        fight = state.fight
        if fight is None or fight.turn is None or fight.turn.actor == c.character:
            raise RuleViolation("WD-COMBAT-015", f"{power.name} is used out of turn, on someone else's.")
        if me.track.standing is not Standing.UP:
            raise RuleViolation("WD-COMBAT-002", f"{me.name} is in no state to act.")
        if state.attack is not None or state.effects:
            raise RuleViolation(
                "WD-COMBAT-019", "An attack or a wound effect is still waiting for a decision."
            )
    if c.opportunity:
        _check_opportunity(state, context, c, power, reaction=reaction)
    targets = [person(state, t) for t in c.targets]
    if len({t.id for t in targets}) < len(targets):
        raise RuleViolation("WD-COMBAT-009", "Name each target once.")
    if power.targeting is Targeting.SELF and targets:
        raise RuleViolation("WD-COMBAT-009", f"{power.name} touches only its user.")
    limit = None if power.targeting is Targeting.AREA else power.targets
    if limit is not None and len(targets) > limit:
        raise RuleViolation("WD-COMBAT-009", f"{power.name} reaches at most {limit} target(s).")
    if power.is_attack and not targets:
        raise RuleViolation("WD-COMBAT-017", f"Name whom {power.name} is aimed at.")
    if power.is_attack and power.targeting is not Targeting.AREA and c.character in c.targets:
        # an attack roll is made against another's DS (src 588, 596); an area may catch its user
        me = person(state, c.character)
        raise RuleViolation(
            "WD-COMBAT-017", f"{me.name} cannot aim {power.name} at {me.name}: name another target."
        )
    if c.pins and (not power.is_attack or power.targeting is Targeting.MELEE):
        # "(From Ranged) The projectile ... the target is pinned to the wall" (src 867-871)
        raise RuleViolation(
            "WD-STATUS-013", f"Only a projectile from range can pin: {power.name} is not one."
        )
    check_pin(c.pins, person(state, c.character).name, is_gm=context.is_gm)
    area_shot = power.area is not None and power.area.range_ft > 0
    # a blast from range is a shot (src 551): Aim may help it, and sights aligned on its target
    shot = power.is_attack and (power.targeting is Targeting.RANGED or area_shot)
    extra = 0
    if c.skills:
        # an offensive power is an attack (src 551): a skill's die helps its roll in its field, Aim only
        # from range (src 311, 316)
        if not power.is_attack:
            raise RuleViolation(
                "WD-SKILL-001", f"{power.name} makes no roll for a skill to help.", field="skills"
            )
        assert power.attack_stat is not None
        check_aim(
            sheet,
            c.skills,
            ranged=shot,
            opened=me.opened,
            grappled_with=holds.in_reach_of_grapple(state, c.character),
            focused=c.focused,
            blinded=any(x.name == Status.BLINDED and x.target == c.character for x in me.conditions),
        )
        extra = skill_dice(sheet, c.skills, opened=me.opened, stats=(power.attack_stat,))
    if c.focused:
        # a Focused Shot is a shot's, a power's as a weapon's (src 334, 551): Focus buys the Aim skills
        check_focused_shot(sheet, c.skills, ranged=shot, opened=me.opened)
    out = next((t for t in targets if t.track.standing in (Standing.DEAD, Standing.DOWN)), None)
    if power.is_attack and out is not None:
        # as a plain attack: the dropped are ignored thereafter (src 306, 800)
        raise RuleViolation("WD-COMBAT-017", f"{out.name} is already out of the fight.")
    out_of_turn = reaction or c.opportunity
    fight = on_turn(state, c.character) if state.fight is not None and not out_of_turn else None
    b = Builder(state, context, dice)
    if c.opportunity and me.tier in (Tier.PC, Tier.NOTABLE):
        spend(b, c.character, Pool.FOCUS, EffortUse.OPPORTUNITY)  # "these actions require Focus" (src 586)
    kind = kinds.get(power.action, ActionKind.QUICK)
    # sights aligned on a target help this shot at it (WD-SKILL-011), and a shot fired spends them
    aligned = me if fight is not None and shot and me.aligned_on is not None else None
    if fight is not None and fight.turn is not None:
        after: dict[str, object] = {}
        if c.skills:
            after["practised"] = (*me.practised, *c.skills)  # may be trained after the fight (src 342)
        if aligned is not None:
            after["aligned_on"] = None
        if c.focused:
            after["focused_shots"] = me.focused_shots + 1  # one more Aim skill counted (src 334)
        turn = fight.turn.spend(kind, config=context.config)
        if not (power.is_attack and power.targeting is Targeting.MELEE):
            # from the ground, only a strike in reach is offense against the melee attackers: anything
            # else provokes them, its targets spared (src 850)
            turn = provoked(turn, state, c.character, context.config, spare=c.targets)
        b.emit(
            ev.ActionTaken(
                character=c.character,
                name=me.name,
                action=f"power: {power.name}",
                kind=kind.value,
                fight=evolve(fight, {"turn": turn}),
                people=(evolve(me, after),) if after else (),
            )
        )
    if c.focused:
        spend(b, c.character, Pool.FOCUS, EffortUse.FOCUSED_SHOT)
    available = {p: b.person(c.character).effort.available(sheet, p) for p in Pool}
    for pool, dots in effort_spend(power, available, who=me.name, any_pool=c.pool).items():
        spend(b, c.character, pool, EffortUse.POWER, dots, on=power.name)
    if fight is not None and kind in (ActionKind.FULL, ActionKind.LENGTHY):
        full_action(b, c.character)
    missed = False
    for target in targets:
        hit = True
        if power.is_attack:
            assert power.attack_stat is not None and power.damage is not None and power.tier is not None
            t = b.person(target.id)
            # a grappled target's DS, a meat-shielding holder's with half cover (WD-GRAPPLE-006/008)
            ds = defense_in_grapple(
                b.state, target.id, b.sheet(target.id).defense(context.config), context.config, angle=c.angle
            ) + cover_bonus(c.cover, angle=c.angle)  # cover guards against all attacks (src 600)
            # Blinded: -1 to hit those it can still see, a power's attack too (WD-STATUS-008, src 846)
            blind = (
                st.BLINDED_TO_HIT
                if any(x.name == Status.BLINDED for x in b.person(c.character).conditions)
                else 0
            )
            roll, _ = roll_check(
                b,
                c.character,
                (power.attack_stat,),
                tn=ds,
                extra=extra,
                bonus=c.bonus
                + blind
                + (
                    aligned_bonus(
                        aligned,
                        sheet,
                        target.id,
                        ranged=True,
                        grappled=holds.in_reach_of_grapple(state, c.character) is not None,
                        focused=c.focused,
                    )
                    if aligned
                    else 0
                ),
                purpose="power",
            )
            hit = roll.success
            missed = missed or not hit
            strike = PendingAttack(
                attacker=c.character,
                target=target.id,
                total=roll.total,
                damage=power.damage,
                tier=power.tier,
                melee=power.targeting is Targeting.MELEE,
                conventional=False,
                hidden=c.hidden,
                effect_only=power.effects_only,
                pins=c.pins,
                power=power.name if power.statuses else None,
                mental=power.mental,
            )
            pending = strike if hit and offers_reaction(t, b.sheet(target.id)) else None
            # a miss on a meat-shielding holder strikes the one held, as a plain attack's (src 986)
            shield = None if hit else holds.shield_struck(b.state, target.id, roll.total, ds, angle=c.angle)
            # high morale may buy a one-target power's miss up, as any attack's (WD-MORALE-003, src 453)
            may_buy = not hit and shield is None and len(targets) == 1 and b.person(c.character).morale > 0
            chance = Chance(who=c.character, kind="attack", roll=roll, attack=strike) if may_buy else None
            emit_attack(
                b,
                ev.AttackRolled(
                    attacker=c.character,
                    name=me.name,
                    target=target.id,
                    target_name=target.name,
                    check=roll,
                    defense=ds,
                    hit=hit,
                    damage=power.damage,
                    tier=power.tier,
                    fight=struck(b.fight, c.character, target.id) if c.opportunity else b.fight,
                    # the first waiting hit is asked first; the rest queue, each to its own target
                    attack=b.state.attack or pending,
                    queued=(
                        (*b.state.queued, pending)
                        if pending is not None and b.state.attack is not None
                        else b.state.queued
                    ),
                    chance=chance,
                    # an attack of opportunity after breaking free is instead of reversing (WD-GRAPPLE-004)
                    reversals=(
                        {k: v for k, v in b.state.reversals.items() if k != c.character}
                        if c.opportunity and c.character in b.state.reversals
                        else None
                    ),
                ),
                hidden=c.hidden,
                veiled=me.hidden,  # a hidden NPC's power: its total and outcome only (issue 19, item 8)
                target_veiled=target.hidden,
                waits=pending is not None,
            )
            if shield is not None:
                holds.strike_shield(b, strike, roll, shield)  # the one held takes the hit, statuses too
                continue
            if hit and pending is None:
                land_hit(b, strike)  # its statuses with it; a waiting hit's land when it does (src 590)
            continue
        power_statuses(b, power, target.id)  # a power that makes no attack roll reaches its targets
    if missed and power.attack_stat is not None:
        # a pained use whose attack roll failed owes pain's price, once for the action (src 822)
        pained_failure(b, c.character, power.attack_stat, failed=True, secret=c.hidden)
    return b.batch


def _check_opportunity(
    state: WdState, context: Ctx, c: cmd.UsePower, power: Power, *, reaction: bool
) -> None:
    """A power used as an attack of opportunity: "single-target only and don't tend to apply skills,
    though powers may come into effect" (src 888), on someone else's turn, for Focus (src 586): a
    generic only where the table gives generics theirs free (WD-MOVE-003/004, WD-COMBAT-015)."""
    me = person(state, c.character)
    if reaction:
        raise RuleViolation("WD-COMBAT-015", f"{power.name} is used out of turn already, as a reaction.")
    off_turn(state, me)
    if not power.is_attack or not power.single_target:
        raise RuleViolation(
            "WD-MOVE-004", f"{power.name} is no one-target attack: an attack of opportunity strikes one."
        )
    check_aoo_attack(targets=len(c.targets), skill_dice=len(c.skills), special_option=c.focused)
    check_generic(me, context.config)
