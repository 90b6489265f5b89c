"""Handlers for harm: attacks, Dodge and Block, the decision a wound effect waits for, getting up.

Implements, on the table, WD-COMBAT-015/017..025 (attacks, opportunity
attacks for Focus, DS with cover, reactions and their side effects, damage;
one reaction per target hit, several waiting at once after a power), WD-MORALE-003
(a failed Dodge or Block bought up with high morale), WD-WOUND-008..012
(rousing, Medical) and WD-WFX-005 (answering a wound effect). What a landed
hit does (the wound, staying up, its effect) is :mod:`~.wounding`. Answers to
a hidden attack split in :mod:`~capeworks.systems.weaverdice.blind`, so its
total stays the GM's.
"""

from __future__ import annotations

from typing import Any

from capeworks.engine import DiceService
from capeworks.errors import NotPermitted, RuleViolation
from capeworks.systems.weaverdice import commands as cmd
from capeworks.systems.weaverdice import events as ev
from capeworks.systems.weaverdice import holds
from capeworks.systems.weaverdice import statuses as st
from capeworks.systems.weaverdice.aiming import aligned_bonus
from capeworks.systems.weaverdice.blind import emit_attack, emit_reacted, emit_stayed, secret
from capeworks.systems.weaverdice.campaign.rewards import gunfire_rep
from capeworks.systems.weaverdice.checks import CheckRoll, Lengthy
from capeworks.systems.weaverdice.checks import spend_morale as set_by_morale
from capeworks.systems.weaverdice.combat import (
    ActionKind,
    Reaction,
    cover_bonus,
    dropped_one_place,
    dropped_together,
    may_react,
    reaction_holds,
)
from capeworks.systems.weaverdice.copies import evolve, trusted
from capeworks.systems.weaverdice.declared import check_declared
from capeworks.systems.weaverdice.effort import EffortUse
from capeworks.systems.weaverdice.flow import (
    Builder,
    Ctx,
    Done,
    off_turn,
    offers_reaction,
    on_turn,
    pain_spared,
    pained_failure,
    person,
    roll_check,
)
from capeworks.systems.weaverdice.grapple import check_grab_reaction
from capeworks.systems.weaverdice.holds import defense_in_grapple
from capeworks.systems.weaverdice.morale import spend_value
from capeworks.systems.weaverdice.movement import check_aoo_attack
from capeworks.systems.weaverdice.opportunity import check_aoo_melee, check_generic, provoked, struck
from capeworks.systems.weaverdice.sheet import Character
from capeworks.systems.weaverdice.skills import check_aim, check_focused_shot, skill_dice
from capeworks.systems.weaverdice.state import Chance, Combatant, PendingAttack, WdState
from capeworks.systems.weaverdice.vocab import BodyPart, Pool, Stat, Status, Tier
from capeworks.systems.weaverdice.waits import waits_for
from capeworks.systems.weaverdice.wfx import resolve
from capeworks.systems.weaverdice.wfx_outcome import Answers, StatLasting
from capeworks.systems.weaverdice.wounding import (
    full_action,
    hit_of,
    land_hit,
    lengthy_turn,
    resolve_effect,
    spend,
)
from capeworks.systems.weaverdice.wounds import Standing

__all__ = [
    "attack",
    "effect_choice",
    "get_up",
    "medical",
    "morale_second_chance",
    "react",
    "reaction_bought_up",
]

_LASTING = {StatLasting.LONG_TERM, StatLasting.PERMANENT}


# -- attacks ------------------------------------------------------------------------------------


def attack(state: WdState, context: Ctx, c: cmd.Attack, dice: DiceService) -> Done:
    """Roll an attack against the target's DS (+ cover); a named target with Focus may then react."""
    b = Builder(state, context, dice)
    me, target = person(state, c.character), person(state, c.target)
    if c.target == c.character:  # an attack roll is made against another's DS (src 588, 596)
        raise RuleViolation("WD-COMBAT-017", f"{me.name} cannot attack {me.name}: name another target.")
    # the weapon's stat, damage and tier (src 588, 1013)
    own = state.sheet(c.character)
    c = holds.armed(c, me, own, state.people.values())
    if c.hidden and not context.is_gm:
        raise NotPermitted("Only the GM can roll in secret.")
    if c.bonus and not context.is_gm:  # as on a check: the situation's modifiers are the GM's (WD-CORE-003)
        raise NotPermitted("Only the GM can give a bonus to an attack roll.")
    # a player's attack deals what its weapon or bare hands deal; cover is the GM's (WD-COMBAT-022/024)
    check_declared(c, own, is_gm=context.is_gm)
    if c.pins and c.melee:
        # "(From Ranged) ... pinned to the wall" (src 867-871): a weapon in hand pins nobody
        raise RuleViolation("WD-STATUS-013", "Only a ranged projectile can pin its target in place.")
    second = False  # the second swing of a full attack: the same attack action
    gun = None
    for h in own.held:  # a loop, not next() over a generator: every attack looks
        if h.name == c.weapon and "gun" in h.keywords:
            gun = h
            break
    rep_owed = gun is not None  # one negative card per attack action that fires a gun (WD-REP-010)
    if c.opportunity:
        off_turn(state, me)
        if c.full:
            raise RuleViolation("WD-MOVE-004", "An attack of opportunity is one attack, not a full attack.")
        check_aoo_attack(skill_dice=len(c.skills))
        check_generic(me, context.config)
        check_aoo_melee(state, me, c.target, melee=c.melee)
        if me.tier in (Tier.PC, Tier.NOTABLE):
            spend(b, c.character, Pool.FOCUS, EffortUse.OPPORTUNITY)
    else:
        fight = on_turn(state, c.character)
        assert fight.turn is not None
        second = fight.turn.swings > 0
        # a wrest's free attack on its target costs no action (WD-STATUS-012, src 865)
        free = not (c.full or second) and c.target in fight.turn.free_attacks
        kind = ActionKind.FULL if c.full or second else ActionKind.STANDARD
        if second and c.swings != 2:
            # the swings are the full attack's, counted by its weapon when it began (src 567): a later
            # swing's count would be dropped unread (2, the field's default, is what a form sends)
            left = fight.turn.swings
            raise RuleViolation(
                "WD-COMBAT-010",
                f"{me.name}'s full attack is under way, its swings counted when it began ({left} left):"
                " drop swings=.",
                field="swings",
            )
        if second:
            # a full attack is Attack x2: its second swing is this turn's, already paid (WD-COMBAT-010)
            turn = evolve(fight.turn, {"swings": fight.turn.swings - 1})
            rep_owed = rep_owed and not fight.turn.gun_fired
        elif free:
            owed = list(fight.turn.free_attacks)
            owed.remove(c.target)
            turn = evolve(fight.turn, {"free_attacks": tuple(owed)})
        else:
            turn = fight.turn.spend(kind, config=context.config)
            if not c.melee:  # a shot from the ground provokes the melee attackers it is not at (src 850)
                turn = provoked(turn, state, c.character, context.config, spare=(c.target,))
            if c.full:
                turn = evolve(turn, {"swings": c.swings - 1})
        if (c.full or second) and rep_owed:
            turn = evolve(turn, {"gun_fired": True})
        b.emit(
            trusted(
                ev.ActionTaken,
                character=c.character,
                name=me.name,
                action="full_attack" if c.full or second else "attack",
                kind=kind.value,
                note="the second swing" if second else "the free attack after the wrest" if free else "",
                fight=evolve(fight, {"turn": turn}),
            )
        )
        if c.full and not second:
            full_action(b, c.character)
    if target.track.standing in (Standing.DEAD, Standing.DOWN):
        raise RuleViolation("WD-COMBAT-017", f"{target.name} is already out of the fight.")
    sheet, tsheet = b.sheet(c.character), b.sheet(c.target)
    # a skill's die only on a roll in its field: Brawl on a Brawn swing, Aim on a Dexterity shot (src 311)
    extra = skill_dice(sheet, c.skills, opened=me.opened, stats=(c.stat,)) if not c.opportunity else 0
    grappled_with = holds.in_reach_of_grapple(state, c.character)
    # the attacker's conditions scanned once for Blinded: any (-1 to hit, below) and one whose target
    # is the attacker (what check_aim reads)
    blinded = blinded_self = False
    for x in me.conditions:
        if x.name == Status.BLINDED:
            blinded = True
            blinded_self = blinded_self or x.target == c.character
    check_aim(
        sheet,
        c.skills,
        ranged=not c.melee,
        opened=me.opened,
        grappled_with=grappled_with,
        focused=c.focused,
        blinded=blinded_self,
    )
    if c.focused:
        # Focus buys Aim whatever the foes' nearness; later shots count one more Aim skill (src 334)
        check_focused_shot(sheet, c.skills, ranged=not c.melee, opened=me.opened)
        spend(b, c.character, Pool.FOCUS, EffortUse.FOCUSED_SHOT)
    ds = defense_in_grapple(
        state, c.target, tsheet.defense(context.config), context.config, angle=c.angle
    ) + cover_bonus(c.cover, angle=c.angle)
    # Blinded: -1 to hit those it can still see (WD-STATUS-008)
    blind = st.BLINDED_TO_HIT if blinded else 0
    # the weapon in hand: restrained, -2 with a one-handed one, none two-handed (WD-GRAPPLE-008)
    held = holds.weapon_modifier(state, me, sheet, c.weapon)
    # sights aligned on the target: +1 per Aim skill on the next shot at it (WD-SKILL-011)
    aligned = aligned_bonus(
        me,
        sheet,
        c.target,
        ranged=not c.melee,
        grappled=grappled_with is not None,
        focused=c.focused,
    )
    roll, record = roll_check(
        b,
        c.character,
        (c.stat,),
        tn=ds,
        extra=extra,
        bonus=c.bonus + blind + held + aligned,
        purpose="attack",
    )
    hit = roll.success
    # a miss on a meat-shielding holder strikes the one held (WD-GRAPPLE-008, src 986)
    shield = None if hit else holds.shield_struck(state, c.target, roll.total, ds, angle=c.angle)
    pending = None
    attacker = b.person(c.character)
    t = b.person(c.target)
    can_react = hit and offers_reaction(t, tsheet)
    # high morale may still buy the miss up (WD-MORALE-003)
    may_buy = not hit and shield is None and attacker.morale > 0
    strike = trusted(
        PendingAttack,
        attacker=c.character,
        target=c.target,
        total=roll.total,
        damage=c.damage,
        tier=c.tier,
        melee=c.melee,
        conventional=c.conventional,
        hidden=c.hidden,
        effect_only=c.effect_only,
        pins=c.pins,
        # a melee weapon can stay in the target (WD-STATUS-012); a shot's projectile is not the bow
        weapon=c.weapon if c.melee else None,
        mental=c.mental,
    )
    # the attack's details are kept only when something waits on them: a reaction or a chance
    details = strike if can_react or may_buy else None
    if can_react:
        pending = details
    practised = attacker.practised if not c.skills else (*attacker.practised, *c.skills)
    after: dict[str, object] = {"practised": practised}
    if c.focused:
        after["focused_shots"] = attacker.focused_shots + 1
    if not c.melee and attacker.aligned_on is not None:
        after["aligned_on"] = None  # a shot fires: the round's alignment is spent, on whomever
    chance = None
    if may_buy:
        chance = Chance(who=c.character, kind="attack", roll=roll, attack=details)
    emit_attack(
        b,
        trusted(
            ev.AttackRolled,
            attacker=c.character,
            name=me.name,
            target=c.target,
            target_name=target.name,
            check=roll,
            defense=ds,
            hit=hit,
            damage=c.damage,
            tier=c.tier,
            # a foe offered an attack of opportunity on a riser takes it: the offer is spent
            fight=struck(b.fight, c.character, c.target) if c.opportunity else b.fight,
            attack=pending,
            chance=chance,
            # an attack of opportunity after breaking free is instead of reversing (WD-GRAPPLE-004)
            reversals=(
                {k: v for k, v in state.reversals.items() if k != c.character}
                if c.opportunity and c.character in state.reversals
                else None
            ),
            people=(evolve(attacker, after),),
        ),
        rolls=(record,),
        # a hidden NPC's dice and modifier are the GM's: the players see its total (issue 19, item 8)
        hidden=c.hidden,
        veiled=me.hidden,
        target_veiled=target.hidden,
        waits=pending is not None,
    )
    # a secret attack's miss is the GM's and its player's, who chooses pain's price (WD-STATUS-002)
    pained_failure(b, c.character, c.stat, failed=not hit, parts=_striking_parts(c, sheet), secret=c.hidden)
    if gun is not None and rep_owed:
        gunfire_rep(b.batch, c.character, target=target.name, gun=gun.name, hidden=c.hidden)
    if shield is not None:
        holds.strike_shield(b, strike, roll, shield)
    elif hit and pending is None:
        land_hit(b, strike)
    return b.batch


#: the stat each reaction rolls: Dodge Athletics, Block Brawn (WD-COMBAT-020/021)
_REACTION_STAT = {Reaction.DODGE: Stat.ATHLETICS, Reaction.BLOCK: Stat.BRAWN}


def react(state: WdState, context: Ctx, c: cmd.React, dice: DiceService) -> Done:
    """Answer a hit: Dodge (Athletics), Block (Brawn) for 1 Focus, or take it (WD-COMBAT-019..021)."""
    waiting = [p for p in (state.attack, *state.queued) if p is not None]
    pending = next((p for p in waiting if p.target == c.character), None)
    me = person(state, c.character)
    if pending is None:
        may_react(state.sheet(c.character), hit=False, reacted=False)
        raise RuleViolation("WD-COMBAT-019", f"No attack waits on {me.name}.")
    if pending.grab and c.reaction is Reaction.BLOCK:
        check_grab_reaction(block=True)
    if pending.reaction_roll is not None and c.reaction is not None:
        raise RuleViolation("WD-COMBAT-019", f"{me.name} has already reacted to this attack.")
    rest = [p for p in waiting if p is not pending]  # each target answers its own hit
    after = {"attack": rest[0] if rest else None, "queued": tuple(rest[1:])}
    b = Builder(state, context, dice)
    if c.reaction is None:
        emit_reacted(
            b,
            trusted(ev.Reacted, character=c.character, name=me.name, reaction=None, fight=b.fight, **after),
            hidden=secret(waiting),
        )
        _lands(b, c.character, pending)
        if pending.reaction is not None and pending.reaction_roll is not None:
            # a failed Dodge or Block whose morale buy-up was declined: it failed all the same
            pained_failure(b, c.character, _REACTION_STAT[pending.reaction], failed=True)
        return b.batch
    spend(b, c.character, Pool.FOCUS, EffortUse.REACTION)
    stat = _REACTION_STAT[c.reaction]
    roll, _ = roll_check(b, c.character, (stat,), tn=pending.total, purpose=c.reaction.value)
    held = reaction_holds(roll.total, pending.total)
    morale = b.person(c.character).morale
    if not held and morale > 0 and spend_value(morale) >= pending.total:
        # high morale could still make it hold: the hit waits for that choice (WD-MORALE-003)
        again = evolve(pending, {"reaction": c.reaction, "reaction_roll": roll})
        line = [again if p is pending else p for p in waiting]
        emit_reacted(
            b,
            trusted(
                ev.Reacted,
                character=c.character,
                name=me.name,
                reaction=c.reaction,
                check=roll,
                held=False,
                fight=b.fight,
                attack=line[0],
                queued=tuple(line[1:]),
            ),
            hidden=secret(line),
            veiled=me.hidden,
            waits=True,
        )
        return b.batch
    _reaction_done(b, c.character, pending, c.reaction, roll, after)
    return b.batch


def reaction_bought_up(b: Builder, pending: PendingAttack) -> None:
    """A failed Dodge or Block bought up with a high morale step: 2 + k against the attack total,
    and the reaction holds if that meets it (WD-MORALE-003 PROPOSED: any of one's own rolls)."""
    assert pending.reaction_roll is not None and pending.reaction is not None
    me = b.person(pending.target)
    roll, morale = set_by_morale(pending.reaction_roll, me.morale)
    b.emit(
        ev.MoraleSpent(
            character=me.id,
            name=me.name,
            check=roll,
            morale=morale,
            what="reaction",
            people=(evolve(me, {"morale": morale}),),
            blind=pending.hidden or me.hidden,
        ),
        # its TN is the attack's total, or its roll a hidden NPC's; the players' half follows
        hidden=pending.hidden or me.hidden,
    )
    waiting = [p for p in (b.state.attack, *b.state.queued) if p is not None and p != pending]
    after = {"attack": waiting[0] if waiting else None, "queued": tuple(waiting[1:])}
    _reaction_done(b, me.id, pending, pending.reaction, roll, after)


def _reaction_done(
    b: Builder,
    ident: str,
    pending: PendingAttack,
    reaction: Reaction,
    roll: CheckRoll,
    after: dict[str, Any],
) -> None:
    """A Dodge or Block settled: a hold ignores the hit (a Block drops a melee attacker one place),
    a failure lets it land (WD-COMBAT-020/021)."""
    held = reaction_holds(roll.total, pending.total)
    fight = b.fight
    delays = ""  # the blocked melee attacker whose next turn comes a place later, as the words say it
    if held and reaction is Reaction.BLOCK and pending.melee and fight is not None:
        order = fight.order
        if pending.attacker in order.order and order.order.index(pending.attacker) > order.index:
            # its next turn is still to come this round: it comes one place later, and an attacker
            # dropped past it this round stays below it (two attacks of opportunity, say)
            moved = dropped_one_place(
                order,
                pending.attacker,
                fight.groups,
                lowered=fight.lowered,
                waiting_for=waits_for(b.person(pending.attacker)),
            )
            if moved.order != order.order:  # the last slot has nobody to drop below
                lowered = tuple(dict.fromkeys((*fight.lowered, pending.attacker)))
                fight = evolve(fight, {"order": moved, "lowered": lowered})
                delays = b.person(pending.attacker).name
        elif pending.attacker not in fight.dropped:
            # acting now or done this round: the drop waits for the next round (WD-COMBAT-021); the
            # words promise it only where it would move the order the round's end makes: an attacker
            # last in the order, with nobody to drop below, is told no delay it cannot give
            before = dropped_together(order, fight.dropped, fight.groups).order
            fight = evolve(fight, {"dropped": (*fight.dropped, pending.attacker)})
            if dropped_together(order, fight.dropped, fight.groups).order != before:
                delays = b.person(pending.attacker).name
    me = b.person(ident)
    # a Dodge's 5 ft step is a move: not for one pinned or held fast (WD-STATUS-013, WD-GRAPPLE-010)
    rooted = (
        held
        and reaction is Reaction.DODGE
        and (st.is_pinned(me.conditions, ident) or bool(holds.held_by(b.state, ident)))
    )
    emit_reacted(
        b,
        trusted(
            ev.Reacted,
            character=ident,
            name=me.name,
            reaction=reaction,
            check=roll,
            held=held,
            rooted=rooted,
            delays=delays,
            fight=fight,
            **after,
        ),
        hidden=secret((pending, after["attack"], *after["queued"])),
        veiled=me.hidden,
    )
    if not held:
        _lands(b, ident, pending)
        # a failed reaction is a failed roll: pain asks its price, the turn not being theirs to end
        # (WD-STATUS-002, src 822: "only if their turn is available to lose")
        pained_failure(b, ident, _REACTION_STAT[reaction], failed=True)


def _lands(b: Builder, target: str, pending: PendingAttack) -> None:
    """The hit lands after all: its wound and effect, or for a grab, the grapple (WD-GRAPPLE-001)."""
    if pending.grab:
        holds.begin(b, pending.attacker, target)
        return
    land_hit(b, pending, target)


def effect_choice(state: WdState, context: Ctx, c: cmd.EffectChoice, dice: DiceService) -> Done:
    """Give the decision a wound effect waits for (WD-WFX-005)."""
    if not state.effects or not state.effects[0].key:
        raise RuleViolation("WD-WFX-005", "No wound effect is waiting for a decision.")
    pending = state.effects[0]
    if pending.key != c.key:
        raise RuleViolation("WD-WFX-005", "That is not the decision the wound effect waits for.")
    chooser = pending.chooser
    if c.character != chooser:
        raise RuleViolation("WD-WFX-005", "That decision belongs to someone else.")
    owner = person(state, c.character).owner
    if not context.is_gm and owner != context.actor.id:
        raise NotPermitted("You can only decide for your own characters.")
    chosen = tuple(c.picks)
    if (
        [p.strip().lower() for p in chosen] == ["none"]
        and pending.need is not None
        and 0 in pending.need.counts
    ):
        chosen = ()  # "answer PROMPT none": pick nothing where nothing is allowed
    picks = {**pending.answers.picks, c.key: chosen}
    answers = trusted(Answers, picks=picks, dice=pending.answers.dice)
    hit = hit_of(state, pending)
    trial = resolve(hit, pending.face, answers=answers)  # a bad answer raises here
    b = Builder(state, context, dice)
    resolve_effect(b, evolve(pending, {"answers": answers, "key": "", "need": None}), tried=(hit, trial))
    return b.batch


# -- getting back up ----------------------------------------------------------------------------


def get_up(state: WdState, context: Ctx, c: cmd.GetUp, dice: DiceService) -> Done:
    """Spend Recovery to roll Guts at the stay-up TN and penalty (WD-WOUND-008/009)."""
    me = person(state, c.character)
    if me.track.standing not in (Standing.UNCONSCIOUS, Standing.DYING):
        raise RuleViolation("WD-WOUND-008", f"{me.name} is not down.")
    if not st.can_self_recover(me.conditions, c.character):
        raise RuleViolation("WD-STATUS-014", f"Under a death sentence, {me.name} needs someone else's help.")
    fight = state.fight
    if fight is not None and not me.track.may_get_up(fight.order.round):
        raise RuleViolation(
            "WD-WOUND-008", "Getting back up can be tried once a round, from the round after the fall."
        )
    b = Builder(state, context, dice)
    spend(b, c.character, Pool.RECOVERY, EffortUse.GET_UP)
    me = b.person(c.character)
    roll, record = roll_check(
        b, c.character, (Stat.GUTS,), tn=context.config.stay_up_tn, bonus=me.track.penalty, purpose="get_up"
    )
    round_ = fight.order.round if fight is not None else 1
    track = me.track.rouse() if roll.success else me.track.failed_get_up(round_)
    me = evolve(me, {"track": track})
    # up by themselves: an ally's Medical care on them is over; a later fall starts it afresh
    care = f"medical:{c.character}"
    ended = roll.success and care in state.lengthy
    # high morale may buy a failed try up, as a failed stay-up check (WD-MORALE-003, src 453)
    chance = Chance(who=c.character, kind="get_up", roll=roll) if not roll.success and me.morale > 0 else None
    emit_stayed(
        b,
        ev.StayedUp(
            character=c.character,
            name=me.name,
            check=roll,
            standing=track.standing,
            why="get_up",
            people=(me,),
            lengthy_key=care if ended else None,
            chance=chance,
        ),
        rolls=(record,),
    )
    # getting back up is a Guts roll the character chooses to make: pain asks its price on a failure
    # (WD-STATUS-002/003, src 794, 822, 826)
    pained_failure(b, c.character, Stat.GUTS, failed=not roll.success)
    return b.batch


def medical(state: WdState, context: Ctx, c: cmd.Medical, dice: DiceService) -> Done:
    """One roll of a lengthy Medical check (Dex and Know) on a downed ally: 8 rouses, 12 saves the
    dying (WD-WOUND-008..010, WD-COMBAT-013). On an ally under a Death Sentence (up, or asked with
    ``sentence``) it works toward 10 to stop it, the hemorrhaging of src 580: only outside help ends
    it (WD-STATUS-014, src 875). On an ally a consuming burn eats at (up, or asked with ``burn``) it
    is the outside treatment, toward 12, that puts it out (WD-WFX-026, src 782)."""
    me, patient = person(state, c.character), person(state, c.patient)
    sentenced = not st.can_self_recover(patient.conditions, c.patient)
    burning = any(x.consuming and x.target == c.patient for x in patient.conditions)
    if c.sentence and c.burn:
        raise RuleViolation("WD-WOUND-010", "One lengthy check at a time: the sentence or the burn.")
    up = patient.track.standing is Standing.UP
    sentence = sentenced and not c.burn and (c.sentence or up)
    if c.sentence and not sentenced:
        raise RuleViolation("WD-STATUS-014", f"{patient.name} is under no death sentence.")
    if c.burn and not burning:
        raise RuleViolation("WD-WFX-026", f"No consuming burn is on {patient.name}.")
    # a consuming burn burns until outside treatment, a lengthy check to 12 (WD-WFX-026, src 782)
    burn = burning and not sentence and (c.burn or up)
    if sentence and c.character == c.patient:
        raise RuleViolation("WD-STATUS-014", f"Under a death sentence, {me.name} needs someone else's help.")
    if burn and c.character == c.patient:
        raise RuleViolation("WD-WFX-026", f"A consuming burn needs outside treatment: not {me.name}'s own.")
    key = f"sentence:{c.patient}" if sentence else f"burn:{c.patient}" if burn else f"medical:{c.patient}"
    if sentence:
        dc = st.DEATH_SENTENCE_HELP_DC
    elif burn:
        dc = st.BURN_TREATMENT_DC
    else:
        dc = patient.track.medical_dc(context.config)
    b = Builder(state, context, dice)
    if state.fight is not None:
        lengthy_turn(b, state, c.character, "medical")
    running = state.lengthy.get(key) or Lengthy(dc=dc)
    if running.dc != dc:
        # care begun on the unconscious (8) goes on toward 12 once they are dying (src 794-796)
        running = evolve(running, {"dc": dc})
    # each roll of the lengthy check is judged at the table's TN, as a careful extraction's and every
    # lengthy check's: its total goes toward the DC (src 569), a roll is no "failure" for missing it
    tn = context.config.default_tn
    roll, record = roll_check(b, c.character, (Stat.DEXTERITY, Stat.KNOWLEDGE), tn=tn, purpose="medical")
    running = running.add(c.character, roll.total)
    patient = b.person(c.patient)
    people: tuple[Combatant, ...] = ()
    if running.done and sentence:
        kept = tuple(
            x for x in patient.conditions if not (x.name == Status.DEATH_SENTENCE and x.target == c.patient)
        )
        people = (evolve(patient, {"conditions": kept}),)
    elif running.done and burn:
        kept = tuple(x for x in patient.conditions if not (x.consuming and x.target == c.patient))
        people = (evolve(patient, {"conditions": kept}),)
    elif running.done:
        people = (evolve(patient, {"track": patient.track.rouse()}),)
    b.emit(
        ev.MedicalRolled(
            character=c.character,
            name=me.name,
            patient=c.patient,
            patient_name=patient.name,
            check=roll,
            lengthy_key=key,
            lengthy=None if running.done else running,
            total=running.total,
            dc=dc,
            done=running.done,
            people=people,
            sentence=sentence,
            burn=burn,
        ),
        rolls=(record,),
    )
    # a failed roll under a pain touching Dexterity or Knowledge owes its price (WD-STATUS-002..004)
    pained_failure(b, c.character, Stat.DEXTERITY, failed=not roll.success, also=Stat.KNOWLEDGE)
    return b.batch


# -- high morale after the roll (WD-MORALE-003) -------------------------------------------------


def _striking_parts(c: cmd.Attack, sheet: Character) -> tuple[BodyPart, ...]:
    """The body parts an attack uses, for pain in a part (src 838): the one named, else the arms; a
    two-handed weapon takes both arms whatever is named."""
    arms = (BodyPart.LEFT_ARM, BodyPart.RIGHT_ARM)
    held = next((h for h in sheet.held if c.weapon is not None and h.name == c.weapon), None)
    if held is not None and held.hands == 2:
        return arms if c.part is None else (*arms, c.part)
    return arms if c.part is None else (c.part,)


def _sprint_further(b: Builder, chance: Chance, roll: CheckRoll, morale: int) -> None:
    """A sprint's roll bought up (WD-MORALE-003, WD-MOVE-005): the feet it fell short by, which the
    chance worked out under the turn's ceiling, are moved now, on the sprint's turn."""
    me = evolve(b.person(chance.who), {"morale": morale})
    fight = b.fight
    assert fight is not None and fight.turn is not None and fight.turn.actor == chance.who
    turn = evolve(fight.turn, {"moved": fight.turn.moved + chance.feet})
    b.emit(
        ev.MoraleSpent(
            character=chance.who,
            name=me.name,
            check=roll,
            morale=morale,
            what=chance.kind,
            chance_spent=chance.who,
            people=(me,),
            feet=chance.feet,
            fight=evolve(fight, {"turn": turn}),
        )
    )
    holds.let_go(b, chance.who)  # carried off, the hold goes (src 950)


def morale_second_chance(b: Builder, chance: Chance) -> None:
    """Spend a high morale step on a missed attack or a failed stay-up check: the result becomes
    2 + k; a miss that now meets the DS lands, a stay-up that now holds puts them back up."""
    me = b.person(chance.who)
    # a hidden attack's roll stays the GM's, and so does a hidden NPC's bought-up stay-up (issue 19)
    rises = chance.kind in ("stay_up", "get_up")
    veiled = rises and me.hidden
    hidden = (chance.attack is not None and chance.attack.hidden) or veiled
    # a hidden NPC's morale step on its missed attack is the GM's too (WD-NPC-003): the players hear
    # only the attack's new total and that it hits
    secret_step = hidden or me.hidden
    roll, morale = set_by_morale(chance.roll, me.morale)
    if chance.kind == "sprint":  # one line: the step and the feet it carries (never a hidden NPC's)
        _sprint_further(b, chance, roll, morale)
        if roll.success:
            pain_spared(b, chance.who)
        return
    me = evolve(me, {"morale": morale})
    if rises and roll.success:
        me = evolve(me, {"track": me.track.rouse()})
    b.emit(
        ev.MoraleSpent(
            character=chance.who,
            name=me.name,
            check=roll,
            morale=morale,
            what=chance.kind,
            chance_spent=chance.who,
            people=(me,),
            blind=hidden,
        ),
        hidden=secret_step,
    )
    if veiled:
        why = "get_up" if chance.kind == "get_up" else "stay_up"
        b.emit(ev.StandingSeen(character=chance.who, name=me.name, why=why, standing=me.track.standing))
    if roll.success:
        pain_spared(b, chance.who)
    care = f"medical:{chance.who}"
    if chance.kind == "get_up" and roll.success and care in b.state.lengthy:
        # up by themselves: an ally's Medical care on them is over (WD-WOUND-008)
        b.emit(ev.CareEnded(character=chance.who, name=me.name, lengthy_key=care))
    a = chance.attack
    if chance.kind != "attack" or a is None or not roll.success:
        return
    t = b.person(a.target)
    if t.track.standing in (Standing.DEAD, Standing.DOWN):
        return
    if offers_reaction(t, b.sheet(a.target)):
        pending = evolve(a, {"total": roll.total})
        emit_attack(
            b,
            ev.AttackRolled(
                attacker=a.attacker,
                name=me.name,
                target=a.target,
                target_name=t.name,
                check=roll,
                defense=roll.tn,
                hit=True,
                damage=a.damage,
                tier=a.tier,
                fight=b.fight,
                attack=pending,
            ),
            hidden=a.hidden,
            veiled=me.hidden,
            target_veiled=t.hidden,
            waits=True,
        )
        return
    if me.hidden and not a.hidden:
        b.emit(
            ev.AttackSeen(
                attacker=a.attacker,
                name=me.name,
                target=a.target,
                target_name=t.name,
                total=roll.total,
                defense=None if t.hidden else roll.tn,
                hit=True,
                damage=a.damage,
                tier=a.tier,
                waits=False,
            )
        )
    _lands(b, a.target, a)
